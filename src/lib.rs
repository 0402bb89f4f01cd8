//! Glossa: an annotation widget. A task spec and an item go in; a validated JSON result comes out.
//!
//! The crate has three layers:
//! - the pure core (`spec`, `item`, `answer`, `draft`, `form`, `grid`, `validate`, `result`, `markdown`, `mr`, `order`, `sentences`, `i18n`,
//!   `time`): no web-sys, no clock, no randomness; built and tested with `--no-default-features`;
//! - the yew UI (`ui`) that renders the core's state and dispatches typed actions;
//! - the host surface (`host`): the `#[wasm_bindgen]` API, DOM events and the panic hook.
//!
//! The UI and host layers sit behind the default `web` feature.

pub mod answer;
pub mod draft;
pub mod export;
pub mod form;
pub mod grid;
pub mod i18n;
pub mod ids;
pub mod item;
pub mod markdown;
pub mod mount;
pub mod mr;
pub mod order;
pub mod presentation;
pub mod questions;
pub mod result;
pub mod revalidate;
pub mod sentences;
pub mod sorted_map;
pub mod spec;
pub mod task;
pub mod text;
pub mod time;
pub mod validate;
pub mod worked_examples;

#[cfg(feature = "web")]
pub mod host;
#[cfg(feature = "web")]
pub mod ui;

/// The widget's version, recorded in every result document.
pub const WIDGET_VERSION: &str = env!("CARGO_PKG_VERSION");
