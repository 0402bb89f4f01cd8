//! Text for span annotation: tokens with offsets in every unit hosts need.

pub mod markdown;
pub mod overlap;
pub mod tokens;

pub use tokens::{paragraph_starts, Token, TokenKind, Tokens};
