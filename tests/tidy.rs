//! `glossa export csv`: the tidy long table for every family, read back as CSV (by Glossa's
//! reader and by Python's `csv` module, as pandas would).
#![cfg(not(target_arch = "wasm32"))]

mod common;

use glossa::analysis::hosts::parse_csv;
use glossa::analysis::tidy::{csv, rows, COLUMNS};
use serde_json::json;

fn spec(path: &str) -> glossa::spec::TaskSpec {
    common::example_spec(path)
}

fn result(item: &str, answers: serde_json::Value) -> serde_json::Value {
    json!({"format": "glossa.result/1", "item_id": item, "ids": {"PROLIFIC_PID": "p1"}, "answers": answers, "timings": {"active_ms": 1234}})
}

#[test]
fn every_family_gives_one_row_per_answer_field() {
    let cases = vec![
        (
            "it-implicit/spec.json",
            result("it-001", json!({"valutazione": "totalmente_corretto"})),
            vec![("", "totalmente_corretto")],
        ),
        (
            "en-informativeness/spec.json",
            result(
                "e2e-001",
                json!({"informativeness": {"sys-a": 70, "sys-b": 100}}),
            ),
            vec![("sys-a", "70"), ("sys-b", "100")],
        ),
        (
            "cs-summary-errors/headline-spec.json",
            result(
                "h-001",
                json!({"errors": [{"row": 1, "sentence": "x", "cells": {"mapping": "omission", "meaning": {"category": "misleading", "value": "pragmatic"}}}]}),
            ),
            vec![
                ("row1.mapping", "omission"),
                ("row1.meaning", "misleading/pragmatic"),
            ],
        ),
        (
            "cs-propaganda/spec.json",
            result(
                "prop-001",
                json!({"techniky": {"vina": {"value": "ano", "spans": [{"text": "Nenasytní, \"eurokraté\"", "start": 0, "end": 19}]}, "politik": [{"value": "negativni", "spans": []}]}, "poznamka": "dva\nřádky"}),
            ),
            vec![
                ("politik[0]", "negativni"),
                ("vina", "ano"),
                ("", "dva\nřádky"),
            ],
        ),
        (
            "pl-poquad/spec.json",
            result(
                "kant-krytyki",
                json!({"qa": {"questions": [{"question": "Kiedy?", "base_form": "1781", "category": "czas", "unanswerable": false, "yes_no": false, "needs_manual_acceptance": false, "answers": [{"text": "1781", "start": 10, "end": 14}]}]}}),
            ),
            vec![
                ("q1.question", "Kiedy?"),
                ("q1.base_form", "1781"),
                ("q1.category", "czas"),
                ("q1.unanswerable", "false"),
                ("q1.yes_no", "false"),
                ("q1.needs_manual_acceptance", "false"),
                ("q1.answer", ""),
            ],
        ),
    ];
    for (path, r, expected) in cases {
        let s = spec(path);
        let table = rows(&s, &common::typed(&s, &[r]));
        let got: Vec<(&str, &str)> = table
            .iter()
            .map(|r| (r.cells[3].as_str(), r.cells[4].as_str()))
            .collect();
        assert_eq!(got, expected, "{path}");
        assert!(
            table
                .iter()
                .all(|r| r.cells[0] == "p1" && r.cells[8] == "1234"),
            "{path}"
        );
        // The CSV reads back cell for cell.
        let text = csv(&table);
        let back = parse_csv(&text);
        assert_eq!(back[0].fields, COLUMNS.map(str::to_owned).to_vec());
        for (row, rec) in table.iter().zip(&back[1..]) {
            assert_eq!(rec.fields, row.cells.to_vec(), "{path}");
        }
        // So does Python's csv module (what pandas builds on), rows and columns.
        let out = std::process::Command::new("python3")
            .args(["-c", "import csv,sys,io; rows=list(csv.reader(io.StringIO(sys.stdin.read(), newline=''))); print(len(rows), set(map(len, rows)))"])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .and_then(|mut c| {
                std::io::Write::write_all(&mut c.stdin.take().unwrap(), text.as_bytes())?;
                c.wait_with_output()
            })
            .unwrap();
        assert_eq!(
            String::from_utf8_lossy(&out.stdout).trim(),
            format!("{} {{{}}}", table.len() + 1, COLUMNS.len()),
            "{path}"
        );
    }
    // A span's offsets and text are in their own columns.
    let s = spec("cs-propaganda/spec.json");
    let table = rows(
        &s,
        &common::typed(
            &s,
            &[result(
                "prop-001",
                json!({"techniky": {"vina": {"value": "ano", "spans": [{"text": "Nenasytní eurokraté", "start": 0, "end": 19}]}}}),
            )],
        ),
    );
    assert_eq!(&table[0].cells[5..8], ["0", "19", "Nenasytní eurokraté"]);
}
