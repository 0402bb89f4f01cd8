//! Lexical overlap between a question and the sentence(s) holding its answer: the share of the
//! question's content words that also occur there (PoQuAD manual, "Pokrycie leksykalne").
//!
//! The method, and its limits:
//! - **Words** are Unicode words (UAX #29) that contain a letter or a digit.
//! - **Function words** (a per-language list; Polish ships in `function_words/pl.txt`) are not
//!   counted — unless written with a capital letter anywhere but at the start of the question,
//!   where they are part of a name or title (the manual's "I Will Always Love You" counts "I").
//! - **Inflection** is ignored by prefix matching after folding case and the Polish vowel
//!   alternations ó→o and ą→ę (mąż / męża, Kraków / Krakowa): two words match when the shorter
//!   (n letters) is a prefix of the longer for 3 ≤ n ≤ 4, or when they share their first
//!   max(4, n − 2) letters; words of one or two letters match only themselves. Numbers match only exactly. Alternations inside the stem
//!   (miasto / mieście, szkło / szkieł) are missed; short unrelated words that share a
//!   beginning (kot / kotwica) are matched. No dictionary is needed, so it runs in the browser
//!   as the annotator types.
//! - **Sentences** end at `.`, `!`, `?` or `…` followed by a space and a capital letter or a
//!   digit (or at a line break); a period after a single letter or a common abbreviation
//!   (`np.`, `gen.`, `ps.`, `r.`) does not end one.

use unicode_segmentation::UnicodeSegmentation;

/// The Polish function-word list shipped with the widget.
const POLISH: &str = include_str!("function_words/pl.txt");

/// Abbreviations whose period does not end a sentence (lower case, without the period).
const ABBREVIATIONS: &[&str] = &[
    "np", "gen", "ps", "tzw", "św", "prof", "dr", "ok", "ul", "nr", "zm", "ur", "tj", "wg", "por",
    "płk", "ks", "kpt", "mjr", "inż", "im", "m.in", "p.n.e", "n.e", "e.g", "i.e", "mr", "mrs",
    "st", "vs", "etc", "cf",
];

/// A set of function words.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FunctionWords {
    words: crate::support::sorted_map::SortedSet<String>,
}

impl FunctionWords {
    /// The built-in list with this name (`pl`), or `None` for an unknown name. `none` is the
    /// empty list.
    pub fn builtin(name: &str) -> Option<Self> {
        let source = match name {
            "pl" => POLISH,
            "none" => "",
            _ => return None,
        };
        Some(Self::from_lines(source))
    }

    /// Names of the built-in lists.
    pub const BUILTIN: &'static [&'static str] = &["pl", "none"];

    /// A list from text: one word per line, `#` starts a comment line.
    pub fn from_lines(source: &str) -> Self {
        let words = source
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(str::to_lowercase)
            .collect();
        FunctionWords { words }
    }

    /// Adds words (any case).
    pub fn extend<'a>(&mut self, more: impl IntoIterator<Item = &'a String>) {
        self.words
            .extend(more.into_iter().map(|w| w.to_lowercase()));
    }

    /// Whether a (lower-case) word is on the list.
    pub fn contains(&self, lower: &str) -> bool {
        self.words.contains(lower)
    }
}

/// The overlap of one question.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Overlap {
    /// Content words of the question found in the sentence(s).
    pub shared: usize,
    /// Content words of the question.
    pub content: usize,
    /// The shared words, as written in the question.
    pub words: Vec<String>,
}

impl Overlap {
    /// Whether the share is strictly above `threshold` percent.
    pub fn above(&self, threshold: u8) -> bool {
        self.content > 0 && self.shared * 100 > usize::from(threshold) * self.content
    }
}

/// The words of a text (tokens with a letter or a digit), in order.
pub fn words(text: &str) -> impl Iterator<Item = &str> {
    text.split_word_bounds()
        .filter(|w| w.chars().any(char::is_alphanumeric))
}

/// The content words of a question: its words minus function words (see the module notes).
pub fn content_words<'a>(question: &'a str, function: &FunctionWords) -> Vec<&'a str> {
    words(question)
        .enumerate()
        .filter(|(i, w)| {
            let capitalised = w.chars().next().is_some_and(char::is_uppercase);
            !function.contains(&w.to_lowercase()) || (capitalised && *i > 0)
        })
        .map(|(_, w)| w)
        .collect()
}

/// The overlap of a question with a sentence text.
pub fn overlap(question: &str, sentence: &str, function: &FunctionWords) -> Overlap {
    let there: Vec<String> = words(sentence).map(fold).collect();
    let content = content_words(question, function);
    let found: Vec<String> = content
        .iter()
        .filter(|w| {
            let w = fold(w);
            there.iter().any(|s| same_word(&w, s))
        })
        .map(|w| (*w).to_owned())
        .collect();
    Overlap {
        shared: found.len(),
        content: content.len(),
        words: found,
    }
}

/// Lower case, with ó→o and ą→ę folded.
fn fold(word: &str) -> String {
    word.chars()
        .flat_map(char::to_lowercase)
        .map(|c| match c {
            'ó' => 'o',
            'ą' => 'ę',
            c => c,
        })
        .collect()
}

/// Whether two folded words count as the same word (see the module notes).
pub fn same_word(a: &str, b: &str) -> bool {
    if a.chars().any(|c| c.is_ascii_digit()) || b.chars().any(|c| c.is_ascii_digit()) {
        return a == b;
    }
    let shorter = a.chars().count().min(b.chars().count());
    let common = a.chars().zip(b.chars()).take_while(|(x, y)| x == y).count();
    if shorter <= 2 {
        return a == b;
    }
    let needed = if shorter <= 4 {
        shorter
    } else {
        (shorter - 2).max(4)
    };
    common >= needed
}

/// Byte ranges of the sentences of a text (see the module notes).
pub fn sentences(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = 0;
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let mut i = 0;
    while i < chars.len() {
        let (at, c) = chars[i];
        if c == '\n' {
            push_sentence(text, start, at, &mut out);
            start = at + 1;
        } else if matches!(c, '.' | '!' | '?' | '…') && !(c == '.' && abbreviation(text, at)) {
            // Take closing quotes and brackets with the sentence.
            let mut j = i + 1;
            while j < chars.len() && matches!(chars[j].1, '"' | '”' | '»' | '\'' | ')' | '’') {
                j += 1;
            }
            let end = chars.get(j).map_or(text.len(), |(b, _)| *b);
            let mut k = j;
            while k < chars.len() && chars[k].1 == ' ' {
                k += 1;
            }
            while k < chars.len() && matches!(chars[k].1, '„' | '"' | '«' | '(' | '“') {
                k += 1;
            }
            let next_starts = chars
                .get(k)
                .is_some_and(|(_, n)| n.is_uppercase() || n.is_ascii_digit());
            if k > j && next_starts && chars[j].1 != '\n' || j == chars.len() {
                push_sentence(text, start, end, &mut out);
                start = end;
                i = j;
                continue;
            }
        }
        i += 1;
    }
    push_sentence(text, start, text.len(), &mut out);
    out
}

fn push_sentence(text: &str, start: usize, end: usize, out: &mut Vec<(usize, usize)>) {
    let piece = &text[start..end];
    let lead = piece.len() - piece.trim_start().len();
    let trail = piece.len() - piece.trim_end().len();
    if lead + trail < piece.len() {
        out.push((start + lead, end - trail));
    }
}

/// Whether the period at byte `at` ends an abbreviation or an initial.
fn abbreviation(text: &str, at: usize) -> bool {
    let before = &text[..at];
    let word_start = before
        .rfind(|c: char| !(c.is_alphanumeric() || c == '.'))
        .map_or(0, |i| {
            i + before[i..].chars().next().map_or(1, char::len_utf8)
        });
    let word = before[word_start..].to_lowercase();
    if word.chars().any(|c| c.is_ascii_digit()) {
        return false;
    }
    word.chars().count() == 1 || ABBREVIATIONS.contains(&word.as_str())
}

/// The text of the sentences that overlap the byte range `start..end`, joined by spaces.
pub fn sentences_around(text: &str, ranges: &[(usize, usize)]) -> String {
    sentences(text)
        .into_iter()
        .filter(|(s, e)| ranges.iter().any(|(a, b)| a < e && s < b))
        .map(|(s, e)| &text[s..e])
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pl() -> FunctionWords {
        FunctionWords::builtin("pl").unwrap()
    }

    fn ratio(q: &str, s: &str) -> (usize, usize) {
        let o = overlap(q, s, &pl());
        (o.shared, o.content)
    }

    #[test]
    fn dolly_parton_pair_from_the_manual() {
        let s = "30 maja 1966 wyszła za mąż za Carla Thomasa Deana, którego poznała dwa lata wcześniej w pralni w Nashville.";
        assert_eq!(ratio("Gdzie Dolly Parton poznała swojego męża?", s), (2, 4));
        assert_eq!(
            ratio(
                "Gdzie Dolly Parton pierwszy raz spotkała swojego późniejszego małżonka?",
                s
            ),
            (0, 7)
        );
    }

    #[test]
    fn leeuwenhoek_trio_from_the_manual() {
        let s = "Początkowo Leeuwenhoek zajmował się kupiectwem (prowadził sklep z galanterią męską), a nocami szlifowaniem szkieł oraz konstrukcją mikroskopów.";
        assert_eq!(ratio("Jaki sklep prowadził Leeuwenhoek?", s), (3, 3));
        assert_eq!(ratio("W jakiej branży handlował?", s), (0, 2));
        assert_eq!(
            ratio(
                "W jakiej branży operowało jego przedsięwzięcie handlowe?",
                s
            ),
            (0, 4)
        );
    }

    #[test]
    fn titles_keep_their_capitalised_function_words() {
        let s = "Z kolei ballada „I Will Always Love You” (1973) nagrana przez Whitney Houston na potrzeby filmu Bodyguard (1992) okazała się megahitem na całym świecie.";
        assert_eq!(
            ratio(
                "Aranżacja której artystyki rozślawiła utwór “I Will Always Love You”?",
                s
            ),
            (5, 9)
        );
    }

    #[test]
    fn threshold_is_strictly_above() {
        let half = Overlap {
            shared: 2,
            content: 4,
            words: vec![],
        };
        assert!(!half.above(50));
        let more = Overlap {
            shared: 5,
            content: 9,
            words: vec![],
        };
        assert!(more.above(50));
        assert!(!Overlap::default().above(0));
    }

    #[test]
    fn prefix_matching_handles_inflection_not_unrelated_words() {
        assert!(same_word(&fold("branży"), &fold("branża")));
        assert!(same_word(&fold("Krakowa"), &fold("Kraków")));
        assert!(same_word(&fold("męża"), &fold("mąż")));
        assert!(!same_word(&fold("sklep"), &fold("skład")));
        assert!(!same_word(&fold("prowadził"), &fold("prosił")));
        assert!(!same_word(
            &fold("przedsięwzięcie"),
            &fold("przedsiębiorstwo")
        ));
        assert!(!same_word("1973", "19"));
        assert!(
            !same_word("wydano", "w"),
            "a one-letter word is not a prefix match"
        );
        assert!(!same_word("za", "zamek"));
        assert!(same_word("za", "za"));
    }

    #[test]
    fn sentences_skip_abbreviations_and_initials() {
        let t = "W 587 p.n.e. zburzył Jerozolimę. Gen. Śmigły-Rydz dowodził. J. Piłsudski uważał tak! Potem (np. w 1920 r.) wygrał.";
        let got: Vec<&str> = sentences(t).into_iter().map(|(s, e)| &t[s..e]).collect();
        assert_eq!(
            got,
            vec![
                "W 587 p.n.e. zburzył Jerozolimę.",
                "Gen. Śmigły-Rydz dowodził.",
                "J. Piłsudski uważał tak!",
                "Potem (np. w 1920 r.) wygrał."
            ]
        );
    }

    #[test]
    fn sentences_around_a_fragment() {
        let t = "Pierwsze zdanie. Drugie zdanie o Etiopii. Trzecie.";
        let at = t.find("Etiopii").unwrap();
        assert_eq!(
            sentences_around(t, &[(at, at + 7)]),
            "Drugie zdanie o Etiopii."
        );
        let both = t.find("zdanie.").unwrap();
        assert_eq!(
            sentences_around(t, &[(both, at)]),
            "Pierwsze zdanie. Drugie zdanie o Etiopii."
        );
    }
}
