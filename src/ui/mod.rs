//! The yew UI: renders the core's state and dispatches typed actions. One component per file.

mod choice_option;
mod error_panel;
mod example_view;
mod instructions;
mod link;
mod markdown_view;
mod model;
mod root;
mod single_choice;
mod submit_bar;
mod text_block;
mod widget;

pub use error_panel::{ErrorPanel, ErrorPanelProps};
pub use link::WidgetLink;
pub use model::Model;
pub use root::{Root, RootProps, RootView};
pub use widget::{Widget, WidgetProps};
