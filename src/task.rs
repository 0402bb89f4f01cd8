//! A task: one spec and one item, bound together with what is derived from them once (the
//! presentation, the tokens of span texts). Everything that acts on an item takes a `Task`.

use crate::item::Item;
use crate::presentation::Presentation;
use crate::spec::TaskSpec;
use crate::text::Tokens;
use std::collections::BTreeMap;

/// A spec and an item, ready to annotate.
#[derive(Clone, Debug, PartialEq)]
pub struct Task {
    /// The spec.
    pub spec: TaskSpec,
    /// The item.
    pub item: Item,
    /// How the item is presented (output orders, seed).
    pub presentation: Presentation,
    /// Tokens of every item field a span control annotates, by field name.
    tokens: BTreeMap<String, Tokens>,
}

impl Task {
    /// Binds a (checked) spec and item; `seed` is the host's shuffle seed.
    pub fn new(spec: TaskSpec, item: Item, seed: Option<&str>) -> Self {
        let presentation = Presentation::new(&spec, &item, seed);
        let tokens = spec
            .span_fields()
            .into_iter()
            .map(|f| (f.to_owned(), Tokens::new(item.text(f).unwrap_or_default())))
            .collect();
        Task {
            spec,
            item,
            presentation,
            tokens,
        }
    }

    /// The tokens of a span text field (empty for any other field).
    pub fn tokens(&self, field: &str) -> Option<&Tokens> {
        self.tokens.get(field)
    }
}
