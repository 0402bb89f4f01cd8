//! Results collected by the hosts, read back from their exports into result documents: a
//! Qualtrics CSV (results in chunked embedded-data fields, joined and checked against their
//! count and SHA-256), jsPsych data (JSON or CSV, the `result` of each Glossa trial), an MTurk
//! batch results CSV (`Answer.glossaResult`). Every bad row is reported with its line, and
//! reading goes on.

use serde_json::Value;

/// What reading an export gave: the results in order, and the rows that could not be read.
#[derive(Debug, Default, PartialEq)]
pub struct Collected {
    /// Result documents, one per answered item, as the JSON text the host stored (byte for
    /// byte where the export keeps it, e.g. the hashed Qualtrics chunks).
    pub results: Vec<String>,
    /// `(line, message)` for every row that held a result Glossa could not read back.
    pub problems: Vec<(usize, String)>,
}

pub use crate::support::delimited::{
    parse_csv, parse_delimited, read_delimited, unclosed_message, Record,
};
pub use crate::support::digest::sha256_hex;

/// Reads one result's JSON text.
fn result_of(text: &str) -> Result<String, String> {
    let v: Value = serde_json::from_str(text).map_err(|e| format!("not JSON: {e}"))?;
    match v.get("format").and_then(Value::as_str) {
        Some(f) if f.starts_with("glossa.result/") => Ok(text.to_owned()),
        _ => Err("not a Glossa result (no \"format\": \"glossa.result/1\")".to_owned()),
    }
}

/// Qualtrics: a CSV export whose columns include `FIELD_count`, `FIELD_sha256` and
/// `FIELD_1` … `FIELD_n` (or the same with `__js_` in front, from `setJSEmbeddedData`). Every
/// such field group of every response is joined in order, checked against its count and
/// SHA-256, and read. Qualtrics' question-text and ImportId rows are skipped.
pub fn qualtrics(csv: &str) -> Collected {
    let (records, unclosed) = read_delimited(csv, b',');
    let mut out = Collected::default();
    if let Some(line) = unclosed {
        out.problems.push((line, unclosed_message(line)));
    }
    let Some((header, rows)) = records.split_first() else {
        return out;
    };
    let col = |name: &str| header.fields.iter().position(|h| h == name);
    let prefixes: Vec<String> = header
        .fields
        .iter()
        .filter_map(|h| h.strip_suffix("_count"))
        .filter(|p| col(&format!("{p}_sha256")).is_some())
        .map(str::to_owned)
        .collect();
    for row in rows {
        let get = |name: &str| {
            col(name)
                .and_then(|i| row.fields.get(i))
                .map(String::as_str)
        };
        // Problems name the response (Qualtrics' ResponseId) besides its line.
        let who = get("ResponseId")
            .filter(|id| !id.trim().is_empty())
            .map(|id| format!("response {id}, "))
            .unwrap_or_default();
        for p in &prefixes {
            let count = get(&format!("{p}_count")).unwrap_or("");
            let Ok(n) = count.trim().parse::<usize>() else {
                continue; // a header row, or no result in this response
            };
            let mut json = String::new();
            let mut missing = None;
            for i in 1..=n {
                match get(&format!("{p}_{i}")) {
                    Some(part) => json.push_str(part),
                    None => missing = Some(i),
                }
            }
            if let Some(i) = missing {
                out.problems.push((row.line, format!("{who}{p}: the result has {n} chunks but column {p}_{i} is missing from the export: the survey declared fewer fields than this result needed; declare {p}_1 … {p}_{n} in the survey flow (the text entry copy, if the survey has one, holds the whole result)")));
                continue;
            }
            let expected = get(&format!("{p}_sha256")).unwrap_or("").trim();
            if sha256_hex(json.as_bytes()) != expected {
                out.problems.push((row.line, format!("{who}{p}: the joined chunks do not match {p}_sha256: the result is incomplete or altered")));
                continue;
            }
            match result_of(&json) {
                Ok(v) => out.results.push(v),
                Err(e) => out.problems.push((row.line, format!("{who}{p}: {e}"))),
            }
        }
    }
    out
}

/// jsPsych data: JSON (`jsPsych.data.get().json()`, an array of trials) or CSV
/// (`.csv()`, a `result` column holding JSON). Trials without a Glossa result are skipped.
pub fn jspsych(text: &str) -> Collected {
    let mut out = Collected::default();
    if text.trim_start().starts_with('[') {
        match serde_json::from_str::<Vec<Value>>(text) {
            Ok(trials) => {
                for (n, trial) in trials.iter().enumerate() {
                    match trial.get("result") {
                        Some(r) if r.is_object() => match r.get("format").and_then(Value::as_str) {
                            Some(f) if f.starts_with("glossa.result/") => {
                                out.results.push(r.to_string())
                            }
                            _ => out
                                .problems
                                .push((n + 1, "trial's result is not a Glossa result".to_owned())),
                        },
                        _ => {}
                    }
                }
            }
            Err(e) => out.problems.push((e.line(), format!("not JSON: {e}"))),
        }
        return out;
    }
    from_column(text, "result", &mut out);
    out
}

pub use super::duplicates::result_key;

/// JATOS: the result data of a study's components as JATOS exports it ("Export results → data
/// only": each component result's data, one after another), where the Glossa component
/// (`www/hosts/jatos.html`) appended each result as one JSON line. A result sent again after a
/// reload (same spec, item and participant ids) is kept once, the first; other lines that are
/// not results are named.
pub fn jatos(text: &str) -> Collected {
    let mut out = Collected::default();
    let mut seen = std::collections::BTreeSet::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        match result_of(line) {
            Ok(r) => {
                let key = serde_json::from_str(&r).ok().as_ref().and_then(result_key);
                if seen.insert(key) {
                    out.results.push(r);
                }
            }
            Err(e) => out.problems.push((n + 1, e)),
        }
    }
    out
}

/// MTurk: a batch results CSV; each assignment's result is in `Answer.glossaResult`.
pub fn mturk(csv: &str) -> Collected {
    let mut out = Collected::default();
    from_column(csv, "Answer.glossaResult", &mut out);
    out
}

fn from_column(csv: &str, column: &str, out: &mut Collected) {
    let (records, unclosed) = read_delimited(csv, b',');
    if let Some(line) = unclosed {
        out.problems.push((line, unclosed_message(line)));
    }
    let Some((header, rows)) = records.split_first() else {
        return;
    };
    let Some(i) = header.fields.iter().position(|h| h == column) else {
        out.problems
            .push((header.line, format!("no column \"{column}\" in the header")));
        return;
    };
    for row in rows {
        let cell = row.fields.get(i).map(String::as_str).unwrap_or("").trim();
        if cell.is_empty() {
            continue;
        }
        match result_of(cell) {
            Ok(v) => out.results.push(v),
            Err(e) => out.problems.push((row.line, e)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const RESULT: &str =
        r#"{"format":"glossa.result/1","item_id":"it-1","answers":{"n":"👩‍👩‍👧‍👦 \"quoted\", comma"}}"#;

    #[test]
    fn sha256_matches_known_digests() {
        assert_eq!(
            sha256_hex(b""),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
        assert_eq!(
            sha256_hex(b"abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert_eq!(
            sha256_hex("a".repeat(1000).as_bytes()),
            "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3"
        );
    }

    #[test]
    fn csv_keeps_quotes_commas_and_line_breaks_and_counts_lines() {
        let records = parse_csv("a,b\r\n\"x, \"\"y\"\"\",\"two\nlines\"\r\nlast,1");
        assert_eq!(records.len(), 3);
        assert_eq!(records[1].fields, vec!["x, \"y\"", "two\nlines"]);
        assert_eq!((records[1].line, records[2].line), (2, 4));
    }

    fn quote(s: &str) -> String {
        format!("\"{}\"", s.replace('"', "\"\""))
    }

    #[test]
    fn a_result_with_more_chunks_than_the_survey_declared_is_named_by_response() {
        let (a, b) = RESULT.split_at(40);
        let sha = sha256_hex(RESULT.as_bytes());
        // The survey declared two chunk fields; R_9's result needed three.
        let csv = [
            "ResponseId,glossa_count,glossa_sha256,glossa_1,glossa_2".to_owned(),
            format!("R_8,2,{sha},{},{}", quote(a), quote(b)),
            format!("R_9,3,{sha},{},{}", quote(a), quote(b)),
        ]
        .join("\n");
        let got = qualtrics(&csv);
        assert_eq!(got.results, vec![RESULT.to_owned()]);
        assert_eq!(got.problems.len(), 1);
        let (line, message) = &got.problems[0];
        assert_eq!(*line, 3);
        assert!(
            message.starts_with("response R_9, glossa: the result has 3 chunks but column glossa_3 is missing from the export: the survey declared fewer fields"),
            "{message}"
        );
    }

    #[test]
    fn qualtrics_chunks_are_joined_checked_and_bad_rows_named() {
        let (a, b) = RESULT.split_at(40);
        let sha = sha256_hex(RESULT.as_bytes());
        let header =
            "ResponseId,__js_glossa_1_count,__js_glossa_1_sha256,__js_glossa_1_1,__js_glossa_1_2";
        let csv = [
            header.to_owned(),
            header.to_owned(), // the question-text row
            "{\"ImportId\":\"x\"},,,,".to_owned(),
            format!("R_1,2,{sha},{},{}", quote(a), quote(b)),
            format!("R_2,2,{sha},{},{}", quote(a), quote("tampered")),
            "R_3,,,,".to_owned(),
        ]
        .join("\r\n");
        let got = qualtrics(&csv);
        assert_eq!(got.results.len(), 1);
        assert_eq!(
            got.results,
            vec![RESULT.to_owned()],
            "the exact JSON the snippet hashed"
        );
        assert_eq!(got.problems.len(), 1);
        assert_eq!(got.problems[0].0, 5);
        assert!(
            got.problems[0]
                .1
                .contains("do not match __js_glossa_1_sha256"),
            "{:?}",
            got.problems
        );
    }

    #[test]
    fn jspsych_json_and_csv_and_mturk_give_their_results() {
        let json = format!(
            r#"[{{"trial_type":"html"}},{{"trial_type":"glossa","rt":5,"result":{RESULT}}},{{"result":{{"x":1}}}}]"#
        );
        let got = jspsych(&json);
        assert_eq!(got.results.len(), 1);
        assert_eq!(
            got.problems,
            vec![(3, "trial's result is not a Glossa result".to_owned())]
        );
        let csv = format!(
            "trial_type,rt,result\nhtml,1,\nglossa,5,{}\nglossa,6,{{oops\n",
            quote(RESULT)
        );
        let got = jspsych(&csv);
        assert_eq!(got.results.len(), 1);
        assert_eq!(got.problems.len(), 1);
        assert_eq!(got.problems[0].0, 4);
        let batch = format!("HITId,Answer.glossaResult\nH1,{}\nH2,nope\n", quote(RESULT));
        let got = mturk(&batch);
        assert_eq!((got.results.len(), got.problems[0].0), (1, 3));
        assert!(mturk("HITId\nH1\n").problems[0]
            .1
            .contains("Answer.glossaResult"));
    }

    #[test]
    fn jatos_lines_give_each_result_once_and_name_the_rest() {
        let r = |item: &str, v: &str| {
            format!(
                r#"{{"format":"glossa.result/1","spec":{{"id":"s","version":"1"}},"item_id":"{item}","answers":{{"c":"{v}"}},"ids":{{"participant":"p1"}}}}"#
            )
        };
        let text = format!(
            "{}\n{}\n\n{}\nnot json\n",
            r("i1", "a"),
            r("i2", "b"),
            r("i1", "again")
        );
        let got = jatos(&text);
        assert_eq!(got.results.len(), 2, "{got:?}");
        assert!(
            got.results[0].contains("\"a\""),
            "the first of a resent pair stays"
        );
        assert_eq!(got.problems.len(), 1);
        assert_eq!(got.problems[0].0, 5);
    }
}
