//! Small building blocks the rest stands on: newtype ids and DOM ids, sorted maps and sets,
//! calendar arithmetic, directional isolates, a fast hasher for the analysis' own keys; for the researcher's side, delimited text, digests and HTML attribute values.

pub mod bidi;
#[cfg(any(not(target_arch = "wasm32"), feature = "report-web"))]
pub mod delimited;
#[cfg(any(not(target_arch = "wasm32"), feature = "report-web"))]
pub mod digest;
pub mod family;
pub mod fx_hash;
#[cfg(any(not(target_arch = "wasm32"), feature = "report-web"))]
pub mod html;
pub mod ids;
pub mod rng;
pub mod sorted_map;
pub mod time;
