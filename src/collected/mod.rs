//! Results after collection: read back and re-checked against the spec and items, and turned
//! into the datasets analysis tools read.

pub mod agreement;
pub mod alpha;
pub mod export;
pub mod gold;
pub mod hosts;
pub mod plan;
pub mod rankme;
pub mod report;
pub mod revalidate;
pub mod tidy;
