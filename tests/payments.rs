//! `glossa payments`: MTurk's batch results file comes back with each assignment approved (an
//! `x` in `Approve`) or rejected (the reason in `Reject`), the columns MTurk's Requester site
//! reads when the reviewed file is uploaded; a worker who failed an attention item is
//! rejected with the items named, everyone else approved, every other cell kept as it was.
#![cfg(not(target_arch = "wasm32"))]

use serde_json::json;
use std::process::Command;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn result(worker: &str, item: &str, answer: &str) -> String {
    json!({"format": "glossa.result/1", "spec": {"id": "implicit-content-it", "version": "1.0.0"},
           "item_id": item, "ids": {"workerId": worker, "assignmentId": format!("A-{worker}-{item}")},
           "answers": {"valutazione": answer}, "timings": {"active_ms": 30000}})
    .to_string()
}

/// A CSV cell, quoted.
fn cell(s: &str) -> String {
    format!("\"{}\"", s.replace('"', "\"\""))
}

#[test]
fn a_worker_who_failed_an_attention_item_is_rejected_with_the_reason_the_rest_approved() {
    let dir = std::env::temp_dir().join(format!("glossa-payments-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let rows = [
        ("W1", "it-001", "totalmente_corretto"),
        ("W1", "it-002", "totalmente_sbagliato"),
        ("W2", "it-001", "parzialmente_corretto"),
        ("W2", "it-002", "totalmente_sbagliato"),
    ];
    let mut batch =
        "HITId,AssignmentId,WorkerId,AssignmentStatus,Answer.glossaResult,Approve,Reject\r\n"
            .to_owned();
    for (w, item, a) in rows {
        batch += &format!(
            "H-{item},A-{w}-{item},{w},Submitted,{},,\r\n",
            cell(&result(w, item, a))
        );
    }
    batch += "H-it-003,A-W3-it-003,W3,Submitted,,,\r\n";
    let batch_path = dir.join("Batch_1_batch_results.csv");
    std::fs::write(&batch_path, &batch).unwrap();
    let gold = dir.join("gold.json");
    std::fs::write(&gold, json!({"items": [
        {"item_id": "it-001", "kind": "attention", "answers": {"valutazione": "totalmente_corretto"}}
    ]}).to_string()).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_glossa"))
        .args([
            "payments",
            &format!("{ROOT}/www/examples/it-implicit/spec.json"),
            &format!("{ROOT}/www/examples/it-implicit/items.json"),
            batch_path.to_str().unwrap(),
            "--gold",
            gold.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(err.contains("1 approved, 1 rejected"), "{err}");
    assert!(
        err.contains("W3 has no result in the batch: decide by hand"),
        "{err}"
    );
    let reviewed = String::from_utf8(out.stdout).unwrap();
    // Read back as MTurk reads it: a CSV with the same header.
    let mut reader = csv::Reader::from_reader(reviewed.as_bytes());
    let header: Vec<String> = reader
        .headers()
        .unwrap()
        .iter()
        .map(str::to_owned)
        .collect();
    assert_eq!(
        header,
        [
            "HITId",
            "AssignmentId",
            "WorkerId",
            "AssignmentStatus",
            "Answer.glossaResult",
            "Approve",
            "Reject"
        ]
    );
    let records: Vec<Vec<String>> = reader
        .records()
        .map(|r| r.unwrap().iter().map(str::to_owned).collect())
        .collect();
    assert_eq!(records.len(), 5);
    for (r, (w, item, a)) in records.iter().zip(rows) {
        assert_eq!(
            r[4],
            result(w, item, a),
            "the result cell is kept as it was"
        );
        if w == "W1" {
            assert_eq!((r[5].as_str(), r[6].as_str()), ("x", ""));
        } else {
            assert_eq!(r[5], "");
            assert!(
                r[6].starts_with("Failed 1 of 1 attention check(s) (item(s) it-001)"),
                "{}",
                r[6]
            );
        }
    }
    assert_eq!(
        (records[4][5].as_str(), records[4][6].as_str()),
        ("", ""),
        "W3 is left to the requester"
    );
    // A batch file without MTurk's review columns gets them.
    let bare: String = batch
        .lines()
        .map(|l| l.rsplitn(3, ',').nth(2).unwrap().to_owned() + "\r\n")
        .collect();
    std::fs::write(&batch_path, bare).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_glossa"))
        .args([
            "payments",
            &format!("{ROOT}/www/examples/it-implicit/spec.json"),
            &format!("{ROOT}/www/examples/it-implicit/items.json"),
            batch_path.to_str().unwrap(),
            "--gold",
            gold.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    let reviewed = String::from_utf8(out.stdout).unwrap();
    assert!(
        reviewed.starts_with(
            "HITId,AssignmentId,WorkerId,AssignmentStatus,Answer.glossaResult,Approve,Reject\r\n"
        ),
        "{reviewed}"
    );
    std::fs::remove_dir_all(&dir).ok();
}
