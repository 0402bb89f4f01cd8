//! Splitting a generated summary into its sentences: "•" bullets in a text, or a list.

use serde_json::Value;

/// The sentences of an item field: a text is split at "•" bullets (text before the first
/// bullet counts as a sentence too if it is not blank); a list of strings is taken as it is.
/// `None` when the field is neither.
pub fn split(value: &Value) -> Option<Vec<String>> {
    match value {
        Value::String(text) => Some(
            text.split('•')
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(str::to_owned)
                .collect(),
        ),
        Value::Array(list) => list.iter().map(|v| v.as_str().map(str::to_owned)).collect(),
        _ => None,
    }
}

/// The item's sentences beyond a grid's fixed `rows.count` (the Czech manual's "chybný počet
/// vět": a summary with more sentences than rows); none when the grid has no fixed count.
pub fn beyond_rows(c: &crate::spec::GridControl, item: &crate::spec::Item) -> Vec<String> {
    let Some(count) = c.rows.count else {
        return Vec::new();
    };
    item.fields
        .get(c.rows.field.as_str())
        .and_then(split)
        .unwrap_or_default()
        .into_iter()
        .skip(count)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::split;
    use serde_json::json;

    #[test]
    fn bullets_and_lists() {
        assert_eq!(
            split(&json!("• První věta. • Druhá věta.\n• Třetí")).unwrap(),
            ["První věta.", "Druhá věta.", "Třetí"]
        );
        assert_eq!(split(&json!(["A", "B"])).unwrap(), ["A", "B"]);
        assert_eq!(
            split(&json!("Jediná věta bez odrážky")).unwrap(),
            ["Jediná věta bez odrážky"]
        );
        assert_eq!(split(&json!("  ")).unwrap(), Vec::<String>::new());
        assert_eq!(split(&json!(7)), None);
        assert_eq!(split(&json!(["A", 1])), None);
    }
}
