//! Glossa: an annotation widget. A task spec and an item go in; a validated JSON result comes out.
//!
//! The crate has three layers:
//! - the pure core, built and tested with `--no-default-features` (no web-sys, no clock, no
//!   randomness), from the bottom up: `support` (ids, sorted maps, time), `i18n`, `text`
//!   (tokens, offsets, overlap, Markdown), `spec` (the task spec and its checks), `item` (items,
//!   meaning representations, sentences), `task` (a spec and an item bound together: grid rows,
//!   output orders, question cards' fragments and overlap), `answer` (typed answers), `form`
//!   (the form model, its actions, drafts), `validate` (one rule per file, the report),
//!   `result` (the result document), `mount` (loading a spec, item and options; worked
//!   examples), `simulate` (simulated annotators), `study` (plans, gold files), `analysis` (results read back: re-validation, agreement,
//!   reports, exports) and `kinds` (each control kind's part in every layer above, one file per
//!   kind);
//! - the yew UI (`ui`) that renders the core's state and dispatches typed actions;
//! - the host surface (`host`): the `#[wasm_bindgen]` API, DOM events and the panic hook.
//!
//! The UI and host layers sit behind the default `web` feature.

pub mod analysis;
pub mod answer;
pub mod form;
pub mod i18n;
pub mod item;
pub mod kinds;
pub mod mount;
pub mod result;
pub mod simulate;
pub mod spec;
pub mod study;
pub mod support;
pub mod task;
pub mod text;
pub mod validate;

#[cfg(feature = "web")]
pub mod host;
#[cfg(feature = "report-web")]
pub mod report_web;
#[cfg(ui)]
pub mod ui;

/// The widget's version, recorded in every result document.
pub const WIDGET_VERSION: &str = env!("CARGO_PKG_VERSION");
