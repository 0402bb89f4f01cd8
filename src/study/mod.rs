//! Before and around collection: the plan that gives each annotator slot its items and order,
//! and the gold file of expected answers that scores annotators (read against the spec and
//! items; used by the plan, the pilot's training mode and the report).

/// brat's standoff annotations (`.ann`), read and written back byte for byte (the command
/// line's imports and exports).
#[cfg(not(target_arch = "wasm32"))]
pub mod brat;
/// The study folder as a zip (the studio's export; the researcher's wasm and natively).
#[cfg(any(not(target_arch = "wasm32"), feature = "report-web"))]
pub mod export;
pub mod gold;
/// Suggestions imported from Label Studio and spaCy / Prodigy (`glossa items --from`); no
/// participant build needs it.
#[cfg(any(not(target_arch = "wasm32"), feature = "report-web"))]
pub mod import;
pub mod plan;
/// The Qualtrics survey file of a study (`glossa host qualtrics`).
#[cfg(any(not(target_arch = "wasm32"), feature = "report-web"))]
pub mod qsf;
/// The command line and the researcher's wasm (the studio) read spreadsheets; no participant
/// build needs it.
#[cfg(any(not(target_arch = "wasm32"), feature = "report-web"))]
pub mod sheet;
/// A study made into a site to upload (`glossa host`, the studio's export).
#[cfg(any(not(target_arch = "wasm32"), feature = "report-web"))]
pub mod site;
