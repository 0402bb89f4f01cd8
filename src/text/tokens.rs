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
    /// Characters as readers see them — a letter with its combining marks (accents, Thai and
    /// Indic vowel signs and tone marks, Arabic and Hebrew points), an emoji with its modifiers
    /// and joined sequences, a flag, CR LF — for Thai, Chinese, Japanese, or any text where a
    /// span may start inside a word. These are Unicode's extended grapheme clusters for the
    /// characters [`joins_previous`] lists (a property test holds them to Unicode's own
    /// segmentation); Unicode's full tables would add 11 KB to a build.
    Characters,
}

/// Whether `c` belongs to the character before it (see [`Units::Characters`]): a combining or
/// spacing mark of the scripts annotation studies use, a variation selector, an emoji skin
/// tone, a tag character, a zero-width joiner.
pub fn joins_previous(c: char) -> bool {
    matches!(c as u32,
        0x0300..=0x036F | 0x0483..=0x0489 // combining diacritics; Cyrillic
        | 0x0591..=0x05BD | 0x05BF | 0x05C1..=0x05C2 | 0x05C4..=0x05C5 | 0x05C7 // Hebrew points
        | 0x0610..=0x061A | 0x064B..=0x065F | 0x0670 | 0x06D6..=0x06DC | 0x06DF..=0x06E4
        | 0x06E7..=0x06E8 | 0x06EA..=0x06ED // Arabic harakat
        | 0x0900..=0x0903 | 0x093A..=0x093C | 0x093E..=0x094F | 0x0951..=0x0957 | 0x0962..=0x0963 // Devanagari
        | 0x0981..=0x0983 | 0x09BC | 0x09BE..=0x09CD | 0x09D7 | 0x09E2..=0x09E3 // Bengali
        | 0x0E31 | 0x0E33..=0x0E3A | 0x0E47..=0x0E4E // Thai
        | 0x0EB1 | 0x0EB3..=0x0EBC | 0x0EC8..=0x0ECE // Lao
        | 0x1AB0..=0x1AFF | 0x1DC0..=0x1DFF | 0x200C..=0x200D | 0x20D0..=0x20FF
        | 0x302A..=0x302F | 0x3099..=0x309A // CJK tone marks, kana voicing
        | 0xFE00..=0xFE0F | 0xFE20..=0xFE2F // variation selectors, half marks
        | 0x1F3FB..=0x1F3FF // skin tones
        | 0xE0020..=0xE007F | 0xE0100..=0xE01EF // tags, variation selectors
    )
}

/// Whether `c` is a spacing mark (a vowel sign written beside its letter): it joins its letter
/// but ends an emoji sequence.
fn spacing_mark(c: char) -> bool {
    matches!(c as u32,
        0x0903 | 0x093B | 0x093E..=0x0940 | 0x0949..=0x094C | 0x094E..=0x094F
        | 0x0982..=0x0983 | 0x09BF..=0x09C0 | 0x09C7..=0x09C8 | 0x09CB..=0x09CC
        | 0x0E33 | 0x0EB3
    )
}

/// The characters of a text (see [`Units::Characters`]), with their byte offsets.
fn characters(text: &str) -> Vec<(usize, &str)> {
    let emoji = |c: char| {
        matches!(c as u32, 0x2300..=0x23FF | 0x2600..=0x27BF | 0x2B00..=0x2BFF | 0x1F000..=0x1FAFF)
            && !matches!(c as u32, 0x1F1E6..=0x1F1FF | 0x1F3FB..=0x1F3FF)
    };
    // Indic consonants (Devanagari, Bengali): after a virama they make one conjunct.
    let consonant = |c: char| matches!(c as u32, 0x0915..=0x0939 | 0x0958..=0x095F | 0x0978..=0x097F | 0x0995..=0x09B9 | 0x09DC..=0x09DF);
    let mut out: Vec<(usize, &str)> = Vec::new();
    let mut after_zwj = false; // the unit ends with an emoji and a zero-width joiner
    let mut emoji_chain = false; // the unit ends with an emoji and marks that extend it
    let mut after_virama = false; // the unit ends with a consonant, a virama and extending marks
    let mut indic_chain = false; // the unit ends with a consonant and extending marks
    let mut flags = 0; // regional indicators in the current unit (a flag is two)
    let mut last_flag = false; // the last character was one
    for (i, c) in text.char_indices() {
        let flag = ('\u{1F1E6}'..='\u{1F1FF}').contains(&c);
        let cr_lf = c == '\n' && out.last().is_some_and(|(_, p)| *p == "\r");
        // Nothing joins a line break (but LF its CR).
        let after_break = out.last().is_some_and(|(_, p)| p.ends_with(['\n', '\r']));
        let join = !out.is_empty()
            && (!after_break || cr_lf)
            && (joins_previous(c)
                || (after_zwj && emoji(c))
                || (after_virama && consonant(c))
                || cr_lf
                || (flag && flags == 1 && last_flag));
        if join {
            let (start, _) = out.pop().unwrap_or((i, ""));
            out.push((start, &text[start..i + c.len_utf8()]));
        } else {
            out.push((i, &text[i..i + c.len_utf8()]));
            flags = 0;
        }
        // An emoji and its extending marks (not spacing marks) before a joiner.
        after_zwj = c == '\u{200D}' && emoji_chain;
        emoji_chain = emoji(c)
            || (emoji_chain && join && joins_previous(c) && !spacing_mark(c) && c != '\u{200D}');
        // A consonant and extending marks with a virama among them: the next consonant joins.
        indic_chain =
            consonant(c) || (indic_chain && join && joins_previous(c) && !spacing_mark(c));
        after_virama =
            indic_chain && (matches!(c, '\u{94D}' | '\u{9CD}') || (after_virama && !consonant(c)));
        flags += usize::from(flag);
        last_flag = flag;
    }
    out
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
            Units::Characters => characters(text),
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

    /// How many selectable tokens `Tokens::with_units(text, units)` has, without making them
    /// (what analysis counts per unit of a large study).
    pub fn count(text: &str, units: Units) -> usize {
        let selectable = |piece: &str| !piece.chars().all(char::is_whitespace);
        match units {
            Units::Words => text.split_word_bounds().filter(|p| selectable(p)).count(),
            Units::Characters => characters(text)
                .into_iter()
                .filter(|(_, p)| selectable(p))
                .count(),
        }
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

#[cfg(all(test, not(target_arch = "wasm32")))]
mod characters_tests {
    use super::{characters, Tokens, Units};
    use proptest::prelude::*;
    use unicode_segmentation::UnicodeSegmentation;

    /// Unicode's own extended grapheme clusters (the crate's tables; natively only).
    fn clusters(text: &str) -> Vec<(usize, &str)> {
        text.grapheme_indices(true).collect()
    }

    #[test]
    fn characters_are_unicodes_clusters_in_the_scripts_studies_use() {
        for text in [
            "ภาษาไทยไม่มีช่องว่างระหว่างคำ ครับ",
            "東京スカイツリーは２０１２年に開業した。",
            "مُحَمَّدٌ رَسُولُ اللَّهِ",
            "שָׁלוֹם עֲלֵיכֶם",
            "नमस्ते दुनिया",
            "Café déjà vu, naïve",
            "e\u{301}\u{302} a\u{308}",
            "👨‍👩‍👧‍👦 👍🏽 🇨🇿🇮🇹 ☺️",
            "line\r\nbreak",
        ] {
            assert_eq!(characters(text), clusters(text), "{text}");
        }
    }

    proptest! {
        /// Any mix of letters, marks, emoji pieces and flags of those scripts cuts as Unicode does.
        #[test]
        fn any_mix_cuts_as_unicode_does(chars in proptest::collection::vec(proptest::sample::select(vec![
            'a', 'é', '\u{301}', '\u{308}', 'ก', 'า', '\u{E31}', '\u{E48}', '\u{E33}', '東', 'ス', '\u{3099}',
            'م', '\u{64E}', '\u{651}', 'ש', '\u{5BC}', 'न', '\u{94D}', '\u{93E}', ' ', '\n', '\r',
            '👍', '\u{1F3FD}', '\u{200D}', '\u{FE0F}', '\u{1F1E8}', '\u{1F1FF}', '1', '.',
        ]), 0..24)) {
            let text: String = chars.into_iter().collect();
            prop_assert_eq!(characters(&text), clusters(&text));
            // Counted without making the tokens, as many as made, in either unit.
            for units in [Units::Words, Units::Characters] {
                prop_assert_eq!(Tokens::count(&text, units), Tokens::with_units(&text, units).word_count());
            }
            // Every unit is selectable or white space, and the units cover the text.
            let t = Tokens::with_units(&text, Units::Characters);
            prop_assert_eq!(t.all.iter().map(|k| k.bytes.1 - k.bytes.0).sum::<usize>(), text.len());
        }
    }
}
