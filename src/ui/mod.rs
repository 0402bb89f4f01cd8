//! The yew UI: renders the core's state and dispatches typed actions. One component per file.

mod actions;
mod blocks_view;
pub(crate) mod choice_option;
mod error_panel;
mod example_view;
pub(crate) mod focus;
#[cfg(any(feature = "media", not(target_arch = "wasm32")))]
mod headphone_check;
pub(crate) mod highlight;
mod instructions;
pub(crate) mod kind_view;
pub(crate) mod label_groups;
mod later;
mod link;
pub(crate) mod markdown_view;
pub(crate) mod media_context;
mod media_image;
mod media_player;
pub(crate) mod media_view;
mod model;
mod mr_block;
pub(crate) mod output_cards;
#[cfg(any(not(target_arch = "wasm32"), feature = "prerender-web"))]
pub mod prerender;
mod root;
mod section_view;
mod sentences_view;
mod shared_text_control;
mod source_view;
pub(crate) mod span_text;
mod standard_view;
mod submit_bar;
pub(crate) mod suggestion_bar;
pub(crate) mod suggestion_row;
mod text_block;
mod widget;

pub use error_panel::{ErrorPanel, ErrorPanelProps};
pub use link::WidgetLink;
pub use model::Model;
pub use root::{Root, RootProps, RootView};
pub use widget::{Widget, WidgetProps};
