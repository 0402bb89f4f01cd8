//! Text of unknown direction set inside other text: Unicode's directional isolates.

/// `text` isolated (U+2068 FIRST STRONG ISOLATE … U+2069 POP DIRECTIONAL ISOLATE): a model's or
/// an annotator's name, or an item's words, inside a sentence of the UI or a report keep their
/// own direction — a Latin name in an Arabic sentence, or an Arabic one in an English sentence,
/// reorders nothing around it.
pub fn isolate(text: &str) -> String {
    format!("\u{2068}{text}\u{2069}")
}

/// `text` (digits and signs, such as offsets `12–18`) kept left to right (U+2066 LEFT-TO-RIGHT
/// ISOLATE … U+2069): in an Arabic line a range reads 12–18, never 18–12.
pub fn left_to_right(text: &str) -> String {
    format!("\u{2066}{text}\u{2069}")
}
