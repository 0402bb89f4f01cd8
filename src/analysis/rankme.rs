//! Magnitude-estimation results in the layout of the RankME human-evaluation data (the
//! CrowdFlower jobs of Novikova, Dušek and Rieser 2018, `crowdflower/setup_2/rankME_*.cml`):
//! one row per annotator and item with the meaning representation `mr`, the utterances `ref1` …
//! `refN` in the order they were shown, and the scores `inf1` … `infN` (`nat`, `qual` for
//! naturalness and quality controls). Beside them, what that layout lacks: the worker
//! (`_worker_id`), the item (`_unit_id`), and each shown utterance's output id (`sys1` …
//! `sysN`), so scores stay tied to systems whatever order was shown.

use super::agreement::annotator;
use crate::answer::{AnswerValue, NumberValue};
use crate::item::Item;
use crate::result::ResultDoc;
use crate::spec::{Block, TaskSpec};
use crate::support::delimited::csv_lines;

/// The score columns' prefix RankME used for a control: `inf`, `nat`, `qual`, else the id.
fn prefix(control: &str) -> String {
    let c = control.to_lowercase();
    if c.starts_with("inf") {
        "inf".to_owned()
    } else if c.starts_with("nat") {
        "nat".to_owned()
    } else if c.starts_with("qual") {
        "qual".to_owned()
    } else {
        control.to_owned()
    }
}

/// The CSV (header first, CRLF line ends) of every result's per-output number control.
pub fn csv(spec: &TaskSpec, items: &[Item], results: &[ResultDoc]) -> Result<String, String> {
    use crate::item::ItemFields;
    // Magnitude estimation: a control whose answers are numbers on a ratio scale, asked per
    // output.
    let Some((c, src)) = spec.controls.iter().find_map(|c| {
        let src = crate::spec::each_control!(c, k => k.outputs_source())?;
        c.ratio_scale().then_some((c, src))
    }) else {
        return Err(
            "the spec has no number control asked per output (magnitude estimation)".to_owned(),
        );
    };
    let mr_field = spec.blocks.iter().find_map(|b| match b {
        Block::MeaningRepresentation(m) => Some(m.field.as_str().to_owned()),
        _ => None,
    });
    let id = c.id();
    let p = prefix(id.as_str());
    let scores_of = |r: &'_ ResultDoc| match r.answers.get(id).and_then(AnswerValue::number) {
        Some(NumberValue::PerOutput(m)) => Some(m.clone()),
        _ => None,
    };
    let width = results
        .iter()
        .filter_map(|r| scores_of(r).map(|m| m.len()))
        .max()
        .unwrap_or(0);
    let mut header = vec![
        "_worker_id".to_owned(),
        "_unit_id".to_owned(),
        "mr".to_owned(),
    ];
    header.extend((1..=width).map(|k| format!("ref{k}")));
    header.extend((1..=width).map(|k| format!("{p}{k}")));
    header.extend((1..=width).map(|k| format!("sys{k}")));
    let mut out = header.join(",") + "\r\n";
    for (n, r) in results.iter().enumerate() {
        let Some(scores) = scores_of(r) else {
            continue;
        };
        let item_id = r.item_id.as_str();
        let item = items.iter().find(|i| i.id == item_id);
        let outputs = item
            .map(|i| i.outputs(src.field.as_str()))
            .unwrap_or_default();
        // The order shown (recorded in the result), else the item's order.
        let shown: Vec<String> = r
            .shown
            .presentation
            .order
            .get(id)
            .cloned()
            .unwrap_or_else(|| outputs.iter().map(|o| o.id.clone()).collect());
        let mut row = vec![
            annotator(r, n),
            item_id.to_owned(),
            item.zip(mr_field.as_deref())
                .and_then(|(i, f)| i.text(f))
                .unwrap_or("")
                .to_owned(),
        ];
        let cell =
            |k: usize, f: &dyn Fn(&str) -> String| shown.get(k).map(|id| f(id)).unwrap_or_default();
        row.extend((0..width).map(|k| {
            cell(k, &|id| {
                outputs
                    .iter()
                    .find(|o| o.id == id)
                    .map(|o| o.text.clone())
                    .unwrap_or_default()
            })
        }));
        row.extend((0..width).map(|k| {
            cell(k, &|id| {
                scores.get(id).map(|v| v.to_string()).unwrap_or_default()
            })
        }));
        row.extend((0..width).map(|k| cell(k, &|id| id.to_owned())));
        out += &csv_lines([row.iter().map(String::as_str)]);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::hosts::parse_csv;

    #[test]
    fn rows_follow_the_order_shown_with_scores_tied_to_systems() {
        let spec = crate::mount::load_spec(include_str!(
            "../../www/examples/en-informativeness/spec.json"
        ))
        .unwrap();
        let items = crate::item::parse_items(include_str!(
            "../../www/examples/en-informativeness/items.json"
        ))
        .unwrap();
        let r = serde_json::json!({"item_id": "e2e-001", "ids": {"workerId": "W1"},
            "answers": {"informativeness": {"sys-a": 70, "sys-b": 100, "sys-c": 90}},
            "shown": {"order": {"informativeness": ["sys-c", "sys-a", "sys-b"]}}});
        let r = ResultDoc::read(&spec, &r).unwrap();
        let text = csv(&spec, &items, &[r]).unwrap();
        let rows = parse_csv(&text);
        assert_eq!(
            rows[0].fields,
            [
                "_worker_id",
                "_unit_id",
                "mr",
                "ref1",
                "ref2",
                "ref3",
                "inf1",
                "inf2",
                "inf3",
                "sys1",
                "sys2",
                "sys3"
            ]
        );
        let row = &rows[1].fields;
        assert_eq!(&row[..2], ["W1", "e2e-001"]);
        assert!(row[2].starts_with("name["), "{}", row[2]);
        assert_eq!(&row[6..], ["90", "70", "100", "sys-c", "sys-a", "sys-b"]);
        let c_text = items[0]
            .outputs("outputs")
            .into_iter()
            .find(|o| o.id == "sys-c")
            .unwrap()
            .text;
        assert_eq!(row[3], c_text, "ref1 is the utterance shown first");
    }
}
