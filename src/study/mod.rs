//! Before and around collection: the plan that gives each annotator slot its items and order,
//! and the gold file of expected answers that scores annotators (read against the spec and
//! items; used by the plan, the pilot's training mode and the report).

pub mod gold;
pub mod plan;
/// Native only: the command line reads spreadsheets; no browser build needs it.
#[cfg(not(target_arch = "wasm32"))]
pub mod sheet;
