//! Tokenisation for span selection: Unicode word boundaries (UAX #29, via the
//! `unicode-segmentation` crate). Every token knows its range in bytes, in Unicode code points
//! (what Python's `str` indexes) and in UTF-16 code units (what the DOM indexes), so a span can
//! be reported in each without re-scanning the text.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use unicode_segmentation::UnicodeSegmentation;

/// What a span is made of: the units an annotator taps, drags over and moves between.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Units {
    /// Words, by Unicode's word boundaries (UAX #29): in text written with spaces, its words;
    /// in Chinese and Japanese each ideograph and kana is a unit and a katakana run one; a Thai
    /// run without spaces is one unit (use `characters`).
    #[default]
    Words,
    /// Characters as readers see them (extended grapheme clusters: a letter with its accents,
    /// an emoji with its modifiers): for Thai, Chinese, Japanese, or any text where a span may
    /// start inside a word.
    Characters,
}

/// What a token is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokenKind {
    /// A word (contains a letter or a digit).
    Word,
    /// Punctuation or a symbol (emoji included).
    Punct,
    /// White space, line breaks included (never selectable).
    Space,
}

/// One token of a text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    /// What it is.
    pub kind: TokenKind,
    /// Byte range in the text.
    pub bytes: (usize, usize),
    /// Code-point range in the text.
    pub chars: (usize, usize),
    /// UTF-16 range in the text.
    pub utf16: (usize, usize),
    /// Its index among the selectable (non-space) tokens; `usize::MAX` for spaces.
    pub word: usize,
}

/// A tokenised text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tokens {
    /// Every token, spaces included, in order; together they cover the text exactly.
    pub all: Vec<Token>,
    /// Indices into `all` of the selectable tokens, in order (the "word indices" of results).
    pub words: Vec<usize>,
}

impl Tokens {
    /// Tokenises a text into words.
    pub fn new(text: &str) -> Self {
        Tokens::with_units(text, Units::Words)
    }

    /// Tokenises a text into `units`.
    pub fn with_units(text: &str, units: Units) -> Self {
        let pieces: Vec<(usize, &str)> = match units {
            Units::Words => text.split_word_bound_indices().collect(),
            Units::Characters => text.grapheme_indices(true).collect(),
        };
        let mut all = Vec::new();
        let mut words = Vec::new();
        let (mut chars, mut utf16) = (0, 0);
        for (start, piece) in pieces {
            let (n_chars, n_utf16) = piece
                .chars()
                .fold((0, 0), |(c, u), ch| (c + 1, u + ch.len_utf16()));
            let kind = if piece.chars().all(char::is_whitespace) {
                TokenKind::Space
            } else if piece.chars().any(char::is_alphanumeric) {
                TokenKind::Word
            } else {
                TokenKind::Punct
            };
            let word = if kind == TokenKind::Space {
                usize::MAX
            } else {
                words.push(all.len());
                words.len() - 1
            };
            all.push(Token {
                kind,
                bytes: (start, start + piece.len()),
                chars: (chars, chars + n_chars),
                utf16: (utf16, utf16 + n_utf16),
                word,
            });
            chars += n_chars;
            utf16 += n_utf16;
        }
        Tokens { all, words }
    }

    /// The number of selectable tokens.
    pub fn word_count(&self) -> usize {
        self.words.len()
    }

    /// The selectable token with this word index.
    pub fn word(&self, index: usize) -> Option<&Token> {
        self.words.get(index).map(|&i| &self.all[i])
    }

    /// The byte range of words `first` to `last` (inclusive) in the text; `None` when either
    /// is not a word of it.
    pub fn byte_range(&self, first: usize, last: usize) -> Option<(usize, usize)> {
        Some((self.word(first)?.bytes.0, self.word(last)?.bytes.1))
    }

    /// The text words `first` to `last` (inclusive) cover, white space inside included; empty
    /// when either is not a word of it.
    pub fn covered<'t>(&self, text: &'t str, first: usize, last: usize) -> &'t str {
        self.byte_range(first, last)
            .and_then(|(a, b)| text.get(a..b))
            .unwrap_or_default()
    }

    /// The word whose UTF-16 range holds `offset`, or the nearest word after it (then before
    /// it) when `offset` falls on white space.
    pub fn word_at_utf16(&self, offset: usize) -> Option<usize> {
        let i = self.all.partition_point(|t| t.utf16.1 <= offset);
        let after = self.all[i.min(self.all.len())..]
            .iter()
            .find(|t| t.kind != TokenKind::Space);
        let before = || {
            self.all[..i.min(self.all.len())]
                .iter()
                .rev()
                .find(|t| t.kind != TokenKind::Space)
        };
        match self.all.get(i) {
            Some(t) if t.kind != TokenKind::Space => Some(t.word),
            _ => after.or_else(before).map(|t| t.word),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_punctuation_and_spaces() {
        let t = Tokens::new("Vina: ano, Rusko!\n");
        let kinds: Vec<(TokenKind, &str)> = t
            .all
            .iter()
            .map(|k| (k.kind, &"Vina: ano, Rusko!\n"[k.bytes.0..k.bytes.1]))
            .collect();
        assert_eq!(
            kinds,
            [
                (TokenKind::Word, "Vina"),
                (TokenKind::Punct, ":"),
                (TokenKind::Space, " "),
                (TokenKind::Word, "ano"),
                (TokenKind::Punct, ","),
                (TokenKind::Space, " "),
                (TokenKind::Word, "Rusko"),
                (TokenKind::Punct, "!"),
                (TokenKind::Space, "\n"),
            ]
        );
        assert_eq!(t.word_count(), 6);
    }

    #[test]
    fn offsets_in_three_units() {
        let text = "Žluťoučký 🐴 kůň 👩‍👩‍👧";
        let t = Tokens::new(text);
        let horse = t.word(1).unwrap();
        assert_eq!(&text[horse.bytes.0..horse.bytes.1], "🐴");
        assert_eq!(horse.chars, (10, 11));
        assert_eq!(horse.utf16, (10, 12));
        let family = t.word(3).unwrap();
        assert_eq!(
            family.chars.1 - family.chars.0,
            5,
            "ZWJ sequence is one token of 5 code points"
        );
    }

    #[test]
    fn utf16_hit_testing_snaps_to_words() {
        let t = Tokens::new("ab  cd");
        assert_eq!(t.word_at_utf16(0), Some(0));
        assert_eq!(t.word_at_utf16(1), Some(0));
        assert_eq!(t.word_at_utf16(3), Some(1), "space: the next word");
        assert_eq!(t.word_at_utf16(6), Some(1), "end: the last word");
        assert_eq!(Tokens::new("   ").word_at_utf16(1), None);
    }
}

/// Splits a text into paragraphs for display: each piece ends after a run of line breaks, so
/// the pieces concatenate to the text exactly. Returns `(byte start, UTF-16 start)` of each.
pub fn paragraph_starts(text: &str) -> Vec<(usize, usize)> {
    let mut starts = vec![(0, 0)];
    let mut utf16 = 0;
    let mut in_break = false;
    for (i, c) in text.char_indices() {
        let is_break = c == '\n' || c == '\r';
        if in_break && !is_break {
            starts.push((i, utf16));
        }
        in_break = is_break;
        utf16 += c.len_utf16();
    }
    starts
}

#[cfg(test)]
mod paragraph_tests {
    use super::paragraph_starts;

    #[test]
    fn pieces_concatenate_to_the_text() {
        let text = "První 🐴 odstavec.\r\n\r\nDruhý.\nTřetí";
        let starts = paragraph_starts(text);
        let bytes: Vec<usize> = starts.iter().map(|s| s.0).collect();
        let pieces: Vec<&str> = bytes
            .iter()
            .zip(bytes.iter().skip(1).chain([&text.len()]))
            .map(|(a, b)| &text[*a..*b])
            .collect();
        assert_eq!(pieces, ["První 🐴 odstavec.\r\n\r\n", "Druhý.\n", "Třetí"]);
        assert_eq!(starts[1].1, text[..bytes[1]].encode_utf16().count());
        assert_eq!(paragraph_starts(""), vec![(0, 0)]);
    }
}
