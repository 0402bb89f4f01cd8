//! Rule `whole_number`: digits only, no sign, no leading zero, at least `min`, at most
//! `max_digits` digits. RankME's own form used `^[1-9]\d*$`; this gives each way of breaking it
//! its own message.

use crate::validate::ProblemCode;

/// Checks typed text (already known to be non-empty). Returns the problem and its parameter
/// (the limit the message names), or `None` when the text is a valid number.
pub fn apply(text: &str, min: u64, max_digits: u8) -> Option<(ProblemCode, Option<u64>)> {
    let text = &ascii_digits(text);
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if let Some(rest) = text.strip_prefix('-') {
        if digits(rest) {
            return Some((ProblemCode::NumberNegative, None));
        }
    }
    if !digits(text) {
        return Some((ProblemCode::NumberNotWhole, None));
    }
    if text.len() > usize::from(max_digits) {
        return Some((ProblemCode::NumberTooLong, Some(u64::from(max_digits))));
    }
    if text.len() > 1 && text.starts_with('0') {
        return Some((ProblemCode::NumberLeadingZero, None));
    }
    // At most 18 digits (checked in the spec), so this always parses.
    let value: u64 = text.parse().ok()?;
    (value < min).then_some((ProblemCode::NumberTooSmall, Some(min)))
}

/// The value of text that passed [`apply`].
pub fn value(text: &str) -> Option<u64> {
    ascii_digits(text).parse().ok()
}

/// `text` with the digits of the scripts annotators type numbers in — Arabic-Indic `٣`,
/// Persian `۳`, Devanagari `३`, full-width `３` — as ASCII digits (results record ASCII
/// numbers whatever keyboard the annotator has).
pub fn ascii_digits(text: &str) -> String {
    text.chars()
        .map(|c| {
            let zero = match c {
                '\u{660}'..='\u{669}' => 0x660,
                '\u{6F0}'..='\u{6F9}' => 0x6F0,
                '\u{966}'..='\u{96F}' => 0x966,
                '\u{FF10}'..='\u{FF19}' => 0xFF10,
                _ => return c,
            };
            char::from(b'0' + (c as u32 - zero) as u8)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use ProblemCode::*;

    fn code(t: &str) -> Option<ProblemCode> {
        apply(t, 1, 6).map(|(c, _)| c)
    }

    #[test]
    fn takes_the_digits_of_other_scripts_as_ascii() {
        for (typed, n) in [("٣٠٥", 305), ("۱۲", 12), ("४२", 42), ("１０", 10), ("7", 7)]
        {
            assert_eq!(code(typed), None, "{typed}");
            assert_eq!(value(typed), Some(n), "{typed}");
        }
        assert_eq!(code("٠٣"), Some(NumberLeadingZero));
        assert_eq!(code("٣.٥"), Some(NumberNotWhole));
    }

    #[test]
    fn accepts_whole_positive_numbers_up_to_six_digits() {
        for ok in ["1", "7", "100", "999999"] {
            assert_eq!(code(ok), None, "{ok}");
        }
    }

    #[test]
    fn rejects_what_the_manual_forbids_each_with_its_reason() {
        let cases = [
            ("0", NumberTooSmall),
            ("-5", NumberNegative),
            ("1.5", NumberNotWhole),
            ("1,5", NumberNotWhole),
            ("1/2", NumberNotWhole),
            ("1e3", NumberNotWhole),
            (" 12", NumberNotWhole),
            ("12 ", NumberNotWhole),
            ("1,000", NumberNotWhole),
            ("1 000", NumberNotWhole),
            ("+5", NumberNotWhole),
            ("0012", NumberLeadingZero),
            ("1000000", NumberTooLong),
            ("-", NumberNotWhole),
        ];
        for (text, expected) in cases {
            assert_eq!(code(text), Some(expected), "{text:?}");
        }
    }

    #[test]
    fn limits_come_from_the_spec() {
        assert_eq!(apply("5", 10, 6), Some((NumberTooSmall, Some(10))));
        assert_eq!(apply("0", 0, 6), None);
        assert_eq!(apply("123", 1, 2), Some((NumberTooLong, Some(2))));
    }
}
