//! The yew UI: renders the core's state and dispatches typed actions. One component per file.

mod assign_bar;
mod attribute_entry;
mod blocks_view;
mod choice_option;
mod dropdown_choice;
mod error_panel;
mod example_view;
mod grid_row_view;
mod grid_view;
mod highlight;
mod instructions;
mod link;
mod markdown_view;
mod model;
mod mr_block;
mod number_box;
mod number_view;
mod question_bar;
mod question_card;
mod questions_view;
mod root;
mod sentences_view;
mod single_choice;
mod span_attributes_view;
mod span_text;
mod standard_view;
mod submit_bar;
mod tally_view;
mod text_block;
mod text_view;
mod widget;

pub use error_panel::{ErrorPanel, ErrorPanelProps};
pub use link::WidgetLink;
pub use model::Model;
pub use root::{Root, RootProps, RootView};
pub use widget::{Widget, WidgetProps};
