//! The word units of labelled spans' agreement: per label, each word marked with it or not; and
//! each word's tag (its labels joined by `+`, `O` for none) — tallied straight from the spans,
//! one item at a time, so a study's millions of words cost no table of their own.

use crate::analysis::alpha::{Level, Tally};
use crate::answer::SpanLabelsValue;
use crate::support::sorted_map::SortedMap;
use crate::support::fx_hash::FxHashMap as HashMap;

/// The tallies of one control's word units.
pub struct WordUnits {
    /// Per label of the spec, in its order.
    pub per_label: Vec<Tally>,
    /// Each word's tag.
    pub tags: Tally,
    /// Items with at least two annotators.
    pub items: usize,
    /// Label texts by number: the spec's, then any other found in the answers.
    names: Vec<String>,
    numbers: HashMap<String, u16>,
    /// Tag codes by their sorted label numbers.
    tag_codes: HashMap<Vec<u16>, u32>,
}

impl WordUnits {
    /// Empty tallies for these labels.
    pub fn new<'a>(labels: impl Iterator<Item = &'a str>) -> Self {
        let names: Vec<String> = labels.map(str::to_owned).collect();
        WordUnits {
            per_label: names.iter().map(|_| Tally::new(Level::Nominal)).collect(),
            tags: Tally::new(Level::Nominal),
            items: 0,
            numbers: names
                .iter()
                .enumerate()
                .map(|(n, l)| (l.clone(), n as u16))
                .collect(),
            names,
            tag_codes: HashMap::default(),
        }
    }

    fn number(&mut self, label: &str) -> u16 {
        if let Some(n) = self.numbers.get(label) {
            return *n;
        }
        let n = self.names.len() as u16;
        self.names.push(label.to_owned());
        self.numbers.insert(label.to_owned(), n);
        n
    }

    /// The units of one item's `words` words, as its annotators marked them (an item of one
    /// annotator has no pairable unit and is skipped).
    pub fn item(&mut self, words: usize, by: &SortedMap<String, &SpanLabelsValue>) {
        if by.len() < 2 {
            return;
        }
        self.items += 1;
        // Each annotator's label numbers per word.
        let mut marks: Vec<Vec<Vec<u16>>> = Vec::with_capacity(by.len());
        for v in by.values() {
            let mut per_word = vec![Vec::new(); words];
            for s in &v.spans {
                let n = self.number(&s.label);
                for w in s.first_word..=s.last_word.min(words.saturating_sub(1)) {
                    if !per_word[w].contains(&n) {
                        per_word[w].push(n);
                    }
                }
            }
            for w in &mut per_word {
                w.sort_unstable();
            }
            marks.push(per_word);
        }
        let (yes, no): (Vec<u32>, Vec<u32>) = self
            .per_label
            .iter_mut()
            .map(|t| (t.category("1"), t.category("0")))
            .unzip();
        // A label nobody gave a word is the same unit (all "0") on every such word: counted,
        // then added at once.
        let mut given = vec![0u64; self.per_label.len()];
        let mut unit = Vec::with_capacity(marks.len());
        let mut labels: Vec<u16> = Vec::new();
        for w in 0..words {
            labels.clear();
            labels.extend(marks.iter().flat_map(|m| m[w].iter().copied()));
            labels.sort_unstable();
            labels.dedup();
            let known = given.len();
            for &l in labels.iter().filter(|l| (**l as usize) < known) {
                let l = l as usize;
                given[l] += 1;
                unit.clear();
                unit.extend(marks.iter().map(|m| {
                    if m[w].contains(&(l as u16)) {
                        yes[l]
                    } else {
                        no[l]
                    }
                }));
                self.per_label[l].unit(unit.iter().copied());
            }
            unit.clear();
            for m in &marks {
                let code = self.tag(&m[w]);
                unit.push(code);
            }
            self.tags.unit(unit.iter().copied());
        }
        for (l, tally) in self.per_label.iter_mut().enumerate() {
            tally.units(std::iter::repeat_n(no[l], marks.len()), words as u64 - given[l]);
        }
    }

    /// A word's tag code from its sorted label numbers.
    fn tag(&mut self, labels: &[u16]) -> u32 {
        if let Some(c) = self.tag_codes.get(labels) {
            return *c;
        }
        let mut texts: Vec<&str> = labels.iter().map(|n| self.names[*n as usize].as_str()).collect();
        texts.sort_unstable();
        let text = if texts.is_empty() {
            "O".to_owned()
        } else {
            texts.join("+")
        };
        let code = self.tags.category(&text);
        self.tag_codes.insert(labels.to_vec(), code);
        code
    }
}
