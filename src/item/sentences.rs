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
