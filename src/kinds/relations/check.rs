//! The spec checks of a `relations` control: its types (values, labels, keys, as a choice's
//! options), its limits, and what it needs of the span control it links: that `spans` names a
//! labelled-span control of the spec, asked the same way (in the same section asked per
//! output, or neither), and that every label a type names is one of its labels.

use super::spec::RelationsControl;
use crate::kinds::prelude::*;
use crate::spec::{ChoiceOption, TaskSpec};

/// The control's own checks: its types as options (at least one, values unique, labels,
/// keys), and `max`.
pub fn check_own(
    c: &RelationsControl,
    path: &str,
    keys: &mut SortedMap<String, String>,
    out: &mut Vec<SpecIssue>,
) {
    let options: Vec<ChoiceOption> = (c.types.iter())
        .map(|t| ChoiceOption {
            value: t.value.clone(),
            label: t.label.clone(),
            description: None,
            key: t.key.clone(),
        })
        .collect();
    let listed: Vec<(String, &ChoiceOption)> = (options.iter().enumerate())
        .map(|(n, o)| (format!("{path}.types[{n}]"), o))
        .collect();
    crate::kinds::options::check_options(&format!("{path}.types"), &listed, keys, out);
    check_attributes(c, path, out);
    if let Some(max) = c.max.filter(|&max| max == 0 || max < c.min) {
        out.push(SpecIssue::new(
            format!("{path}.max"),
            SpecIssueCode::InvalidField,
            format!(
                "max ({max}) must be at least 1 and at least min ({})",
                c.min
            ),
        ));
    }
}

/// The links' attributes: each with a name of its own, at least one value (each once), and
/// the types it names the control's.
fn check_attributes(c: &RelationsControl, path: &str, out: &mut Vec<SpecIssue>) {
    let mut names = Vec::new();
    for (n, a) in c.attributes.iter().enumerate() {
        let at = format!("{path}.attributes[{n}]");
        if a.id.trim().is_empty() || names.contains(&a.id.as_str()) {
            out.push(SpecIssue::new(
                format!("{at}.id"),
                SpecIssueCode::InvalidField,
                format!("the attribute name \"{}\" is empty or used twice; give each attribute a name of its own", a.id),
            ));
        }
        names.push(a.id.as_str());
        if a.values.is_empty() {
            out.push(SpecIssue::new(
                format!("{at}.values"),
                SpecIssueCode::Empty,
                "an attribute needs values to choose from, e.g. [{\"value\": \"yes\", \"label\": \"Yes\"}]",
            ));
        }
        for (i, v) in a.values.iter().enumerate() {
            if a.values[..i].iter().any(|w| w.value == v.value) {
                out.push(SpecIssue::new(
                    format!("{at}.values[{i}].value"),
                    SpecIssueCode::InvalidField,
                    format!("the value \"{}\" is given twice; give each value once", v.value),
                ));
            }
        }
        for (i, t) in a.types.iter().enumerate() {
            if c.relation_type(t.as_str()).is_none() {
                let known: Vec<&str> = c.types.iter().map(|t| t.value.as_str()).collect();
                out.push(SpecIssue::new(
                    format!("{at}.types[{i}]"),
                    SpecIssueCode::UnknownOption,
                    format!("\"{t}\" is not a type of link of this control ({}): name one, or leave types empty for every type", known.join(", ")),
                ));
            }
        }
    }
}

/// What the control needs of the rest of the spec: `spans` names a labelled-span control asked
/// as this one is (both in one section asked per output, or neither), and each type's `from`
/// and `to` name that control's labels.
pub fn check_spans(c: &RelationsControl, path: &str, spec: &TaskSpec, out: &mut Vec<SpecIssue>) {
    let target = spec.control(&c.spans);
    let Some(spans) = target.and_then(|t| t.labelled_spans()) else {
        let what = if target.is_some() {
            "is not a labelled-span control"
        } else {
            "is no control of this spec"
        };
        out.push(SpecIssue::new(
            format!("{path}.spans"),
            SpecIssueCode::UnknownControl,
            format!(
                "\"{}\" {what}: give the id of the span_labels control whose spans are linked",
                c.spans
            ),
        ));
        return;
    };
    // Asked per output, the two are asked together: each output's links over its own spans.
    let per_output = |id: &ControlId| spec.per_output(id).map(|_| spec.section_of(id).map(|s| &s.controls));
    if per_output(&c.id) != per_output(&c.spans) {
        out.push(SpecIssue::new(
            format!("{path}.spans"),
            SpecIssueCode::InvalidField,
            format!(
                "\"{}\" and \"{}\" are not asked the same way: put both in the same section asked per output, or neither",
                c.spans, c.id
            ),
        ));
    }
    let known: Vec<&str> = spans.labels.iter().map(|(v, _)| *v).collect();
    for (n, t) in c.types.iter().enumerate() {
        for (side, labels) in [("from", &t.from), ("to", &t.to)] {
            for (i, label) in labels.iter().enumerate() {
                if !known.contains(&label.as_str()) {
                    out.push(SpecIssue::new(
                        format!("{path}.types[{n}].{side}[{i}]"),
                        SpecIssueCode::UnknownOption,
                        format!(
                            "\"{label}\" is not a label of \"{}\" ({}): name one of its labels, or leave {side} empty for any",
                            c.spans,
                            known.join(", ")
                        ),
                    ));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn spec() -> TaskSpec {
        serde_json::from_value(json!({
            "glossa": 1, "id": "re", "version": "1", "language": "en",
            "blocks": [{"kind": "text", "field": "text", "label": "Text"}],
            "controls": [
                {"kind": "span_labels", "id": "ner", "label": "Entities", "text_field": "text", "text_label": "Text",
                 "labels": [{"value": "PER", "label": "Person"}, {"value": "ORG", "label": "Organisation"}]},
                {"kind": "single_choice", "id": "ok", "label": "OK?", "options": [{"value": "y", "label": "Yes"}]}
            ]
        }))
        .unwrap()
    }

    fn issues(relations: serde_json::Value) -> Vec<(String, SpecIssueCode, String)> {
        let (spec, c): (_, RelationsControl) = (spec(), serde_json::from_value(relations).unwrap());
        let mut out = Vec::new();
        check_own(&c, "controls[2]", &mut SortedMap::new(), &mut out);
        check_spans(&c, "controls[2]", &spec, &mut out);
        out.into_iter()
            .map(|i| (i.path, i.code, i.message))
            .collect()
    }

    #[test]
    fn a_type_whose_labels_the_span_control_has_passes() {
        let ok = issues(json!({"id": "rel", "label": "Relations", "spans": "ner",
            "types": [{"value": "works_for", "label": "works for", "from": ["PER"], "to": ["ORG"]},
                      {"value": "coref", "label": "same as", "shape": "chain"}]}));
        assert_eq!(ok, vec![]);
    }

    #[test]
    fn a_type_naming_a_label_the_span_control_lacks_is_refused_by_name() {
        let found = issues(json!({"id": "rel", "label": "Relations", "spans": "ner",
            "types": [{"value": "located_in", "label": "located in", "from": ["ORG"], "to": ["LOC"]}]}));
        assert_eq!(found.len(), 1);
        let (path, code, message) = &found[0];
        assert_eq!(path, "controls[2].types[0].to[0]");
        assert_eq!(*code, SpecIssueCode::UnknownOption);
        assert!(
            message.contains("\"LOC\" is not a label of \"ner\" (PER, ORG)"),
            "{message}"
        );
    }

    #[test]
    fn link_attributes_need_a_name_of_their_own_values_and_the_control_s_types() {
        let yes = json!([{"value": "yes", "label": "Yes"}]);
        let found = issues(json!({"id": "rel", "label": "Relations", "spans": "ner",
            "types": [{"value": "works_for", "label": "works for"}],
            "attributes": [
                {"id": "negated", "label": "Negated?", "values": yes},
                {"id": "negated", "label": "Again", "values": [{"value": "a", "label": "A"}, {"value": "a", "label": "A"}]},
                {"id": "certainty", "label": "Certainty", "values": [], "types": ["owns"]}
            ]}));
        let paths: Vec<&str> = found.iter().map(|(p, _, _)| p.as_str()).collect();
        assert_eq!(
            paths,
            [
                "controls[2].attributes[1].id",
                "controls[2].attributes[1].values[1].value",
                "controls[2].attributes[2].values",
                "controls[2].attributes[2].types[0]"
            ]
        );
        assert!(found[3].2.contains("\"owns\" is not a type of link of this control (works_for)"), "{}", found[3].2);
    }

    #[test]
    fn spans_must_name_a_labelled_span_control() {
        let t = json!([{"value": "r", "label": "r"}]);
        let missing = issues(json!({"id": "rel", "label": "R", "spans": "entities", "types": t}));
        assert_eq!(missing[0].0, "controls[2].spans");
        assert!(
            missing[0]
                .2
                .starts_with("\"entities\" is no control of this spec"),
            "{}",
            missing[0].2
        );
        let choice = issues(json!({"id": "rel", "label": "R", "spans": "ok", "types": t}));
        assert!(
            choice[0]
                .2
                .starts_with("\"ok\" is not a labelled-span control"),
            "{}",
            choice[0].2
        );
    }

    #[test]
    fn spans_asked_per_output_need_their_links_asked_in_the_same_section() {
        let spec_with = |section: serde_json::Value| -> TaskSpec {
            serde_json::from_value(json!({
                "glossa": 1, "id": "re", "version": "1", "language": "en",
                "blocks": [{"kind": "section", "outputs": {"field": "translations", "label": "Translation {n}"}, "controls": section}],
                "controls": [
                    {"kind": "span_labels", "id": "ner", "label": "Entities", "text_field": "translations", "text_label": "Text",
                     "labels": [{"value": "PER", "label": "Person"}]},
                    {"kind": "relations", "id": "rel", "label": "R", "spans": "ner", "types": [{"value": "r", "label": "r"}]}
                ]
            }))
            .unwrap()
        };
        let found = |spec: &TaskSpec| {
            let mut out = Vec::new();
            let Some(crate::spec::Control::Relations(c)) = spec.control(&"rel".into()) else { panic!() };
            check_spans(c, "controls[1]", spec, &mut out);
            out.into_iter().map(|i| (i.path, i.message)).collect::<Vec<_>>()
        };
        assert_eq!(found(&spec_with(json!(["ner", "rel"]))), vec![]);
        let apart = found(&spec_with(json!(["ner"])));
        assert_eq!(apart.len(), 1, "{apart:?}");
        assert_eq!(apart[0].0, "controls[1].spans");
        assert!(apart[0].1.contains("put both in the same section asked per output"), "{}", apart[0].1);
        assert_eq!(found(&spec_with(json!(["rel"]))).len(), 1, "the links per output, the spans once");
    }

    #[test]
    fn types_are_checked_as_options_and_max_as_a_limit() {
        let found = issues(json!({"id": "rel", "label": "R", "spans": "ner", "max": 0,
            "types": [{"value": "r", "label": "r", "key": "1"}, {"value": "r", "label": "", "key": "1"}]}));
        let paths: Vec<&str> = found.iter().map(|f| f.0.as_str()).collect();
        assert!(paths.contains(&"controls[2].types[1].value"), "{paths:?}");
        assert!(paths.contains(&"controls[2].types[1].label"), "{paths:?}");
        assert!(paths.contains(&"controls[2].types[1].key"), "{paths:?}");
        assert!(paths.contains(&"controls[2].max"), "{paths:?}");
        let none = issues(json!({"id": "rel", "label": "R", "spans": "ner", "types": []}));
        assert_eq!(none[0].1, SpecIssueCode::NoOptions);
    }
}
