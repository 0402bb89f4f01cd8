//! Items: the data one annotation screen shows, bound to the spec's blocks by field name.

pub mod media;
pub mod mr;
pub mod sentences;

use crate::spec::{join_path, parse_json, Block, SpecIssue, SpecIssueCode, TaskSpec};
use crate::support::sorted_map::SortedSet;

pub use crate::spec::item::{is_http_url, is_image_url, Item, Output, SourceImage};

/// The longest text an item field may hold, in bytes (1 MiB: about 150,000 words, seven times
/// the 20,000-word article the span engine is benchmarked on).
pub const MAX_TEXT_BYTES: usize = 1 << 20;

/// The largest item JSON the widget reads, in bytes (a few texts at their longest).
pub const MAX_ITEM_BYTES: usize = 4 * MAX_TEXT_BYTES;

/// "12.3 MB": a byte count for a message.
fn megabytes(n: usize) -> String {
    let tenths = (n * 10 + (1 << 19)) >> 20;
    format!("{}.{} MB", tenths / 10, tenths % 10)
}

/// Parses one item from JSON and checks it against the spec. An item over
/// [`MAX_ITEM_BYTES`] is refused before it is parsed.
pub fn load(spec: &TaskSpec, json: &str) -> Result<Item, Vec<SpecIssue>> {
    if json.len() > MAX_ITEM_BYTES {
        return Err(vec![SpecIssue::new(
            "item",
            SpecIssueCode::ItemTooLarge,
            format!(
                "the item is too large: {} of JSON, the widget shows items up to {}; split long texts into several items",
                megabytes(json.len()),
                megabytes(MAX_ITEM_BYTES)
            ),
        )]);
    }
    let item: Item = parse_json(json, "item")?;
    let issues = check_item(spec, &item, "item");
    if issues.is_empty() {
        Ok(item)
    } else {
        Err(issues)
    }
}

/// Items as JSON Lines (one item per line), as `glossa items` writes them and
/// [`parse_items`] reads them.
pub fn json_lines<'a>(items: impl IntoIterator<Item = &'a Item>) -> String {
    items
        .into_iter()
        .map(|i| serde_json::to_string(i).expect("items serialise") + "\n")
        .collect()
}

/// Parses an items file: a JSON array of items, or JSON Lines (one item per line).
/// Paths are `items[N]` (N counts from 0, in file order).
pub fn parse_items(text: &str) -> Result<Vec<Item>, Vec<SpecIssue>> {
    let trimmed = text.trim_start();
    if trimmed.starts_with('[') {
        return parse_json(text, "items");
    }
    let mut items = Vec::new();
    let mut issues = Vec::new();
    let lines = text.lines().filter(|l| !l.trim().is_empty());
    for (n, line) in lines.enumerate() {
        match parse_json::<Item>(line, &format!("items[{n}]")) {
            Ok(item) => items.push(item),
            Err(mut e) => issues.append(&mut e),
        }
    }
    if issues.is_empty() {
        Ok(items)
    } else {
        Err(issues)
    }
}

/// Checks every item of a file against the spec, including that ids are unique.
pub fn check_items(spec: &TaskSpec, items: &[Item]) -> Vec<SpecIssue> {
    let mut issues = Vec::new();
    let mut seen = SortedSet::new();
    for (n, item) in items.iter().enumerate() {
        let path = format!("items[{n}]");
        issues.extend(check_item(spec, item, &path));
        if !seen.insert(item.id.as_str()) {
            issues.push(SpecIssue::new(
                join_path(&path, "id"),
                SpecIssueCode::DuplicateItemId,
                format!(
                    "item id \"{}\" is used twice; give every item its own id",
                    item.id
                ),
            ));
        }
    }
    issues
}

/// Checks that an item has every field the spec's blocks show, as text.
pub fn check_item(spec: &TaskSpec, item: &Item, path: &str) -> Vec<SpecIssue> {
    let mut issues = Vec::new();
    if item.id.trim().is_empty() {
        issues.push(SpecIssue::new(
            join_path(path, "id"),
            SpecIssueCode::Empty,
            "the item id is empty; give the item a stable id",
        ));
    }
    for (name, value) in &item.fields {
        if let serde_json::Value::String(text) = value {
            if text.len() > MAX_TEXT_BYTES {
                issues.push(SpecIssue::new(
                    join_path(path, name),
                    SpecIssueCode::ItemTooLarge,
                    format!(
                        "this text is too large: {}, the widget shows texts up to {} (about 150,000 words); split it into several items",
                        megabytes(text.len()),
                        megabytes(MAX_TEXT_BYTES)
                    ),
                ));
            }
        }
    }
    for block in &spec.blocks {
        for field in block.fields() {
            if let Some(issue) = check_text_field(item, field.as_str(), path) {
                issues.push(issue);
            }
        }
        if let Block::MeaningRepresentation(b) = block {
            if let Some(Err(at)) = item.text(b.field.as_str()).map(mr::parse) {
                issues.push(SpecIssue::new(
                    join_path(path, b.field.as_str()),
                    SpecIssueCode::MalformedMeaningRepresentation,
                    format!("the meaning representation is not `attr[value], attr[value]` (problem at byte {at})"),
                ));
            }
            if let Some(h) = &b.highlight_field {
                let ok = item
                    .fields
                    .get(h.as_str())
                    .is_none_or(|v| crate::spec::from_value::<Vec<String>>(v).is_ok());
                if !ok {
                    issues.push(SpecIssue::new(
                        join_path(path, h.as_str()),
                        SpecIssueCode::InvalidField,
                        "highlighted attributes must be a list of attribute names, e.g. [\"area\"]",
                    ));
                }
            }
        }
    }
    for block in &spec.blocks {
        match block {
            Block::Sentences(b) => {
                issues.extend(check_sentences_field(item, b.field.as_str(), path))
            }
            Block::Source(b) => issues.extend(check_source(item, b, path)),
            Block::Section(s) => {
                if let Some(src) = &s.outputs {
                    issues.extend(check_outputs(item, src.field.as_str(), src.count, path));
                    issues.extend(crate::spec::dialogue::check_turns(item, src, path));
                }
            }
            _ => {}
        }
    }
    media::check(spec, item, path, &mut issues);
    for control in &spec.controls {
        // Spans inside each output: the section checks the outputs.
        let inside = |src: &crate::spec::OutputsSource| {
            crate::spec::each_control!(control, c => c.span_field()) == Some(src.field.as_str())
        };
        if spec.per_output(control.id()).is_some_and(inside) {
            continue;
        }
        crate::spec::each_control!(control, c => c.check_item(item, path, &mut issues));
    }
    issues.dedup();
    issues
}

/// What a control kind needs of an item's fields (each kind implements it in `crate::kinds`).
pub trait ItemFields {
    /// Pushes the problems of the item's fields this control reads (`path` names the item).
    fn check_item(&self, item: &Item, path: &str, out: &mut Vec<SpecIssue>);
    /// The item field whose words this control's spans are picked from, if it picks spans
    /// (the task tokenises it once).
    fn span_field(&self) -> Option<&str>;
    /// That field, to point it elsewhere (a section asked per output points it at each
    /// output's text in turn).
    fn span_field_mut(&mut self) -> Option<&mut crate::support::ids::FieldName> {
        None
    }
    /// What that field's spans are made of (words unless the control says otherwise).
    fn span_units(&self) -> crate::text::tokens::Units {
        crate::text::tokens::Units::Words
    }
    /// Where the control finds the outputs it asks about, if it is asked per output (the
    /// presentation orders them, shuffled when the spec says so).
    fn outputs_source(&self) -> Option<&crate::spec::OutputsSource> {
        None
    }
    /// Pushes what a researcher should know about the item though the widget shows it (a
    /// warning, not a problem: `glossa check` prints it).
    fn notes(&self, _item: &Item, _path: &str, _out: &mut Vec<SpecIssue>) {}
    /// The id of another control its answer refers to (relations: the span control), for a
    /// section asked per output to point each copy at the same output's copy. `None`: none.
    fn linked_control_mut(&mut self) -> Option<&mut crate::support::ids::ControlId> {
        None
    }
    /// The id of another control its answer refers to, to read (see [`Self::linked_control_mut`]).
    fn linked_control(&self) -> Option<&crate::support::ids::ControlId> {
        None
    }
    /// Whether the outputs are shown in an order shuffled per item (the source's `shuffle`
    /// unless the kind decides).
    fn shuffles_outputs(&self) -> bool {
        self.outputs_source().is_some_and(|s| s.shuffle)
    }
}

/// A source block's fields: the address an `http(s)` URL, the images a list of
/// `{"url", "caption"}` with safe addresses and captions (their alt text).
fn check_source(item: &Item, b: &crate::spec::SourceBlock, path: &str) -> Vec<SpecIssue> {
    let mut issues = Vec::new();
    if let Some(v) = item.fields.get(b.url_field.as_str()) {
        if !v.as_str().is_some_and(is_http_url) {
            issues.push(SpecIssue::new(
                join_path(path, b.url_field.as_str()),
                SpecIssueCode::InvalidUrl,
                format!(
                    "field \"{}\" must be the source's address, starting with https:// or http://",
                    b.url_field
                ),
            ));
        }
    }
    let Some(field) = &b.images_field else {
        return issues;
    };
    let Some(v) = item.fields.get(field.as_str()) else {
        return issues;
    };
    let images: Vec<SourceImage> = match crate::spec::from_value(v) {
        Ok(list) => list,
        Err(e) => {
            issues.push(SpecIssue::new(
                join_path(path, field.as_str()),
                SpecIssueCode::InvalidField,
                format!("images must be a list of {{\"url\": \"...\", \"caption\": \"...\"}} objects: {e}"),
            ));
            return issues;
        }
    };
    for (n, image) in images.iter().enumerate() {
        let at = format!("{}[{n}]", join_path(path, field.as_str()));
        if !is_image_url(&image.url) {
            issues.push(SpecIssue::new(
                format!("{at}.url"),
                SpecIssueCode::InvalidUrl,
                "an image's url must start with https:// or http://, or be a path relative to the page",
            ));
        }
        if image.caption.trim().is_empty() {
            issues.push(SpecIssue::new(
                format!("{at}.caption"),
                SpecIssueCode::Empty,
                "give every image a caption: it is what a screen reader (and a browser that cannot load the image) shows",
            ));
        }
    }
    issues
}

/// What a researcher should know about an item before a study, though the widget shows it
/// (each kind's [`ItemFields::notes`]: a summary with more sentences than its grid's fixed
/// rows). `glossa check` prints these as warnings.
pub fn notes(spec: &TaskSpec, item: &Item, path: &str) -> Vec<SpecIssue> {
    let mut notes = Vec::new();
    for control in &spec.controls {
        crate::spec::each_control!(control, c => c.notes(item, path, &mut notes));
    }
    notes
}

/// A field split into sentences must be a text ("•" bullets) or a list of strings.
pub(crate) fn check_sentences_field(item: &Item, field: &str, path: &str) -> Option<SpecIssue> {
    let field_path = join_path(path, field);
    match item.fields.get(field) {
        None => Some(SpecIssue::new(
            field_path,
            SpecIssueCode::MissingField,
            format!("the item has no field \"{field}\"; give it the sentences (a text with \"•\" bullets, or a list)"),
        )),
        Some(v) if sentences::split(v).is_none() => Some(SpecIssue::new(
            field_path,
            SpecIssueCode::InvalidField,
            format!("field \"{field}\" must be a text with \"•\" bullets or a list of strings"),
        )),
        Some(_) => None,
    }
}

pub(crate) fn check_text_field(item: &Item, field: &str, path: &str) -> Option<SpecIssue> {
    let field_path = join_path(path, field);
    match item.fields.get(field) {
        None => Some(SpecIssue::new(
            field_path,
            SpecIssueCode::MissingField,
            format!("the item has no field \"{field}\", which the spec shows; add it to the item or fix the block's field name"),
        )),
        Some(v) if !v.is_string() => Some(SpecIssue::new(
            field_path,
            SpecIssueCode::FieldNotText,
            format!("field \"{field}\" must be a string of text"),
        )),
        Some(_) => None,
    }
}

pub(crate) fn check_outputs(
    item: &Item,
    field: &str,
    count: Option<usize>,
    path: &str,
) -> Vec<SpecIssue> {
    let field_path = join_path(path, field);
    let Some(value) = item.fields.get(field) else {
        return vec![SpecIssue::new(
            field_path,
            SpecIssueCode::MissingField,
            format!("the item has no field \"{field}\"; give it the outputs to rate, [{{\"id\": \"...\", \"text\": \"...\"}}]"),
        )];
    };
    let outputs: Vec<Output> = match crate::spec::from_value(value) {
        Ok(o) => o,
        Err(e) => {
            return vec![SpecIssue::new(
                field_path,
                SpecIssueCode::InvalidField,
                format!(
                    "outputs must be a list of {{\"id\": \"...\", \"text\": \"...\"}} objects: {e}"
                ),
            )]
        }
    };
    let mut issues = Vec::new();
    if outputs.is_empty() {
        issues.push(SpecIssue::new(
            field_path.clone(),
            SpecIssueCode::Empty,
            "the item lists no outputs; give it at least one",
        ));
    }
    if let Some(count) = count.filter(|&c| c != outputs.len() && !outputs.is_empty()) {
        issues.push(SpecIssue::new(
            field_path.clone(),
            SpecIssueCode::WrongOutputCount,
            format!(
                "item \"{}\" lists {} output(s) but this task shows exactly {count} per item; give the item {count} outputs (or change the spec's outputs.count)",
                item.id,
                outputs.len()
            ),
        ));
    }
    let mut seen = SortedSet::new();
    for (n, o) in outputs.iter().enumerate() {
        if o.id.trim().is_empty() || !seen.insert(o.id.as_str()) {
            issues.push(SpecIssue::new(
                format!("{field_path}[{n}].id"),
                SpecIssueCode::DuplicateOutputId,
                format!(
                    "output id \"{}\" is empty or used twice; results are keyed by it",
                    o.id
                ),
            ));
        }
    }
    issues
}
