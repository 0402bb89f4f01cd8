//! Items: the data one annotation screen shows, bound to the spec's blocks by field name.

use crate::spec::{join_path, parse_json, SpecIssue, SpecIssueCode, TaskSpec};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// One item: an id plus the fields the spec's blocks show (`{"id": "it-1", "testo": "..."}`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Item {
    /// Stable id of the item, recorded in its result.
    pub id: String,
    /// The item's fields by name. Texts are data: they are never rendered as markup.
    #[serde(flatten)]
    pub fields: BTreeMap<String, serde_json::Value>,
}

impl Item {
    /// The text of a field, if the item has it as a string.
    pub fn text(&self, field: &str) -> Option<&str> {
        self.fields.get(field).and_then(|v| v.as_str())
    }
}

/// Parses one item from JSON and checks it against the spec.
pub fn load(spec: &TaskSpec, json: &str) -> Result<Item, Vec<SpecIssue>> {
    let item: Item = parse_json(json, "item")?;
    let issues = check_item(spec, &item, "item");
    if issues.is_empty() {
        Ok(item)
    } else {
        Err(issues)
    }
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
    let mut seen = BTreeSet::new();
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
    for block in &spec.blocks {
        let field = block.field().as_str();
        let field_path = join_path(path, field);
        match item.fields.get(field) {
            None => issues.push(SpecIssue::new(
                field_path,
                SpecIssueCode::MissingField,
                format!("the item has no field \"{field}\", which the spec shows; add it to the item or fix the block's field name"),
            )),
            Some(v) if !v.is_string() => issues.push(SpecIssue::new(
                field_path,
                SpecIssueCode::FieldNotText,
                format!("field \"{field}\" must be a string of text"),
            )),
            Some(_) => {}
        }
    }
    issues
}
