//! Spans written the way other tools write them — by their text (`{"text", "occurrence"}`) or
//! by character offsets (`start`/`end` in code points, as Python counts; `start_utf16`/
//! `end_utf16` in UTF-16 code units, as JavaScript and Label Studio count) — turned into the
//! words of a text (`{"words": [first, last]}`), as the widget's spans are. A span whose ends
//! fall inside a word grows to the whole words, with a note; one that covers no word, or whose
//! text is not there, is left out with a note.

use crate::text::Tokens;
use serde_json::Value;

/// Which offsets a tool counts in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Units {
    /// UTF-16 code units (JavaScript, Label Studio).
    Utf16,
    /// Unicode code points (Python, spaCy, Prodigy).
    CodePoints,
}

/// The words a character range of `text` covers (`None` when it covers none), and whether its
/// ends are the words' ends, white space aside (else it is grown to whole words). Offsets in code points are read
/// as UTF-16 offsets first: the words are found as the widget finds a selection's.
pub fn words(
    tokens: &Tokens,
    text: &str,
    start: usize,
    end: usize,
    units: Units,
) -> Option<(usize, usize, bool)> {
    let (start, end) = match units {
        Units::Utf16 => (start, end),
        Units::CodePoints => {
            let at = |n: usize| text.chars().take(n).map(char::len_utf16).sum::<usize>();
            (at(start), at(end))
        }
    };
    if end <= start {
        return None;
    }
    let first = tokens.word_at_utf16(start)?;
    let mut last = tokens.word_at_utf16(end - 1)?;
    // On white space the nearest word after is taken: step back into the range.
    while last > first && tokens.word(last)?.utf16.0 >= end {
        last -= 1;
    }
    let (a, b) = (tokens.word(first)?.utf16, tokens.word(last)?.utf16);
    if a.0 >= end || b.1 <= start {
        return None;
    }
    // White space between the range's ends and its words' is no part of a word.
    let blank = |from: usize, to: usize| {
        let mut at = 0;
        text.chars().all(|c| {
            let inside = at >= from && at < to;
            at += c.len_utf16();
            !inside || c.is_whitespace()
        })
    };
    let exact = a.0 >= start && b.1 <= end && blank(start, a.0) && blank(b.1, end);
    Some((first, last, exact))
}

/// How a note names a span: its text as written, else its offsets.
fn written(span: &Value, units: Units, start: usize, end: usize) -> String {
    match (span.get("text").and_then(Value::as_str), units) {
        (Some(t), _) => format!("\"{}\"", t.trim()),
        (None, Units::Utf16) => format!("{start}–{end} (UTF-16)"),
        (None, Units::CodePoints) => format!("{start}–{end}"),
    }
}

/// Where a span written by position is: its character range and the units it counts in.
/// `None`: it is written by words (or not by position at all).
fn offsets(span: &Value, text: &str) -> Option<(usize, usize, Units)> {
    let n = |k: &str| span.get(k).and_then(Value::as_u64).map(|v| v as usize);
    if let (Some(s), Some(e)) = (n("start_utf16"), n("end_utf16")) {
        return Some((s, e, Units::Utf16));
    }
    if let (Some(s), Some(e)) = (n("start"), n("end")) {
        return Some((s, e, Units::CodePoints));
    }
    let needle = span.get("text")?.as_str()?.trim();
    if needle.is_empty() {
        return None;
    }
    let k = span.get("occurrence").and_then(Value::as_u64).unwrap_or(1) as usize;
    let (at, _) = text.match_indices(needle).nth(k.checked_sub(1)?)?;
    let start = text[..at].chars().count();
    Some((start, start + needle.chars().count(), Units::CodePoints))
}

/// A labelled-span answer (`{"spans": [...]}`) with every span written by text or offsets
/// turned into words of `text`; spans already in words are kept as they are. What was grown
/// or left out is noted (`at`: where the answer is).
pub fn to_words(
    answer: &Value,
    text: &str,
    tokens: &Tokens,
    at: &str,
    notes: &mut Vec<String>,
) -> Value {
    converted::<true>(answer, text, tokens, at, notes)
}

/// [`to_words`] without the notes (the participant's widget has no one to tell: the build
/// carries none of their words).
pub fn to_words_quietly(answer: &Value, text: &str, tokens: &Tokens) -> Value {
    converted::<false>(answer, text, tokens, "", &mut Vec::new())
}

fn converted<const NOTE: bool>(
    answer: &Value,
    text: &str,
    tokens: &Tokens,
    at: &str,
    notes: &mut Vec<String>,
) -> Value {
    let by_position = |s: &Value| {
        s.get("words").is_none()
            && s.get("first_word").is_none()
            && ["text", "start", "start_utf16"]
                .iter()
                .any(|k| s.get(k).is_some())
    };
    let mut answer = answer.clone();
    let Some(spans) = answer.get_mut("spans").and_then(Value::as_array_mut) else {
        return answer;
    };
    // Each span by position gets its words beside what it says (the kinds read `words`), or
    // is left out. (In place: the participant's build carries little code for it.)
    let mut n = 0;
    spans.retain_mut(|span| {
        n += 1;
        if !by_position(span) {
            return true;
        }
        let found = offsets(span, text)
            .map(|(start, end, units)| (start, end, units, words(tokens, text, start, end, units)));
        if NOTE {
            let shown = span.get("label").and_then(Value::as_str).unwrap_or("?");
            let n = n - 1;
            match found {
                None => notes.push(format!(
                    "{at}.spans[{n}]: the span {} ({shown}) is not in the text; left out",
                    span.get("text").map_or_else(|| span.to_string(), Value::to_string)
                )),
                Some((start, end, units, None)) => notes.push(format!(
                    "{at}.spans[{n}]: the span {} ({shown}) covers no word of the text; left out",
                    written(span, units, start, end)
                )),
                Some((start, end, units, Some((first, last, false)))) => notes.push(format!(
                    "{at}.spans[{n}]: the span {} ({shown}) ends inside a word; it is given as the whole words \"{}\"",
                    written(span, units, start, end),
                    tokens.covered(text, first, last)
                )),
                Some(_) => {}
            }
        }
        let Some((_, _, _, Some((first, last, _)))) = found else {
            return false;
        };
        if let Some(o) = span.as_object_mut() {
            o.insert("words".to_owned(), Value::Array(vec![first.into(), last.into()]));
        }
        true
    });
    answer
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn tokens(text: &str) -> Tokens {
        Tokens::with_units(text, crate::text::tokens::Units::Words)
    }

    #[test]
    fn text_code_points_and_utf16_give_the_same_words() {
        // "𝔊" is one code point and two UTF-16 units: the offsets after it differ.
        let text = "𝔊 Die Katze schläft auf dem Sofa.";
        let t = tokens(text);
        let mut notes = Vec::new();
        let by = |span: Value, notes: &mut Vec<String>| {
            to_words(&json!({"spans": [span]}), text, &t, "a", notes)["spans"][0]["words"].clone()
        };
        let want = json!([2, 3]);
        assert_eq!(
            by(json!({"label": "x", "text": "Katze schläft"}), &mut notes),
            want
        );
        assert_eq!(
            by(json!({"label": "x", "start": 6, "end": 19}), &mut notes),
            want
        );
        assert_eq!(
            by(
                json!({"label": "x", "start_utf16": 7, "end_utf16": 20}),
                &mut notes
            ),
            want
        );
        assert!(notes.is_empty(), "{notes:?}");
        // Inside a word: grown, with a note; not there: left out, with a note.
        assert_eq!(
            by(json!({"label": "x", "start": 8, "end": 12}), &mut notes),
            json!([2, 2])
        );
        assert!(
            notes[0].contains("ends inside a word") && notes[0].contains("\"Katze\""),
            "{notes:?}"
        );
        let out = to_words(
            &json!({"spans": [{"label": "x", "text": "Hund"}]}),
            text,
            &t,
            "a",
            &mut notes,
        );
        assert_eq!(out["spans"], json!([]));
        assert!(notes[1].contains("not in the text"), "{notes:?}");
    }

    #[test]
    fn the_occurrence_picks_a_repeated_text() {
        let text = "a b a b";
        let t = tokens(text);
        let mut notes = Vec::new();
        let out = to_words(
            &json!({"spans": [{"label": "x", "text": "a", "occurrence": 2}]}),
            text,
            &t,
            "a",
            &mut notes,
        );
        assert_eq!(out["spans"][0]["words"], json!([2, 2]));
    }
}
