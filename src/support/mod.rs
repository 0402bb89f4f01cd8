//! Small building blocks the rest stands on: newtype ids and DOM ids, sorted maps and sets,
//! calendar arithmetic.

pub mod family;
pub mod ids;
pub mod rng;
pub mod sorted_map;
pub mod time;
