//! A study as a dataset to publish (`glossa export dataset`): the items, every annotator's
//! answers under a pseudonym, the aggregated labels, as typed tables; and the dataset card.

#[cfg(not(target_arch = "wasm32"))]
pub mod card;
pub mod cells;
#[cfg(not(target_arch = "wasm32"))]
pub mod pseudonym;
#[cfg(not(target_arch = "wasm32"))]
pub mod readme;
// The command line's alone: no browser build writes a dataset.
#[cfg(not(target_arch = "wasm32"))]
pub mod table;
#[cfg(not(target_arch = "wasm32"))]
pub mod tables;
