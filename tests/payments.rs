//! `glossa payments`: MTurk's batch results file comes back with each assignment approved (an
//! `x` in `Approve`) or rejected (the reason in `Reject`), the columns MTurk's Requester site
//! reads when the reviewed file is uploaded; a worker who failed an attention item is
//! rejected with the items named, everyone else approved, every other cell kept as it was.
#![cfg(not(target_arch = "wasm32"))]

use serde_json::json;
mod common;

use common::glossa;

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
    let out = glossa(&[
        "payments",
        &format!("{ROOT}/www/examples/it-implicit/spec.json"),
        &format!("{ROOT}/www/examples/it-implicit/items.json"),
        batch_path.to_str().unwrap(),
        "--gold",
        gold.to_str().unwrap(),
    ]);
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
    let out = glossa(&[
        "payments",
        &format!("{ROOT}/www/examples/it-implicit/spec.json"),
        &format!("{ROOT}/www/examples/it-implicit/items.json"),
        batch_path.to_str().unwrap(),
        "--gold",
        gold.to_str().unwrap(),
    ]);
    let reviewed = String::from_utf8(out.stdout).unwrap();
    assert!(
        reviewed.starts_with(
            "HITId,AssignmentId,WorkerId,AssignmentStatus,Answer.glossaResult,Approve,Reject\r\n"
        ),
        "{reviewed}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// A Prolific result: participant `pid` answered `answer` on `item` in submission `S-pid`.
fn prolific(pid: &str, item: &str, answer: &str) -> String {
    json!({"format": "glossa.result/1", "spec": {"id": "implicit-content-it", "version": "1.0.0"},
           "item_id": item, "ids": {"PROLIFIC_PID": pid, "STUDY_ID": "ST1", "SESSION_ID": format!("S-{pid}")},
           "answers": {"valutazione": answer}, "timings": {"active_ms": 30000}})
    .to_string()
}

/// A study of four items, three annotators each planned: P1 answered all, P2 failed the
/// attention item it-001, P3 returned after two items.
fn prolific_study(dir: &std::path::Path) -> (String, String, String, String) {
    std::fs::create_dir_all(dir).unwrap();
    let mut lines = String::new();
    for item in ["it-001", "it-002", "it-003", "it-004"] {
        lines += &(prolific("P1", item, "totalmente_corretto") + "\n");
        let p2 = if item == "it-001" {
            "totalmente_sbagliato"
        } else {
            "totalmente_corretto"
        };
        lines += &(prolific("P2", item, p2) + "\n");
    }
    for item in ["it-001", "it-002"] {
        lines += &(prolific("P3", item, "totalmente_corretto") + "\n");
    }
    let results = dir.join("results.jsonl");
    std::fs::write(&results, lines).unwrap();
    let gold = dir.join("gold.json");
    std::fs::write(&gold, json!({"items": [
        {"item_id": "it-001", "kind": "attention", "answers": {"valutazione": "totalmente_corretto"}}
    ]}).to_string()).unwrap();
    (
        format!("{ROOT}/www/examples/it-implicit/spec.json"),
        format!("{ROOT}/www/examples/it-implicit/items.json"),
        results.to_str().unwrap().to_owned(),
        gold.to_str().unwrap().to_owned(),
    )
}

#[test]
fn prolific_gets_a_row_per_submission_with_the_api_fields_and_a_long_enough_message() {
    let dir = std::env::temp_dir().join(format!("glossa-prolific-{}", std::process::id()));
    let (spec, items, results, gold) = prolific_study(&dir);
    let out = glossa(&[
        "payments", &spec, &items, &results, "--host", "prolific", "--gold", &gold,
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let header: Vec<String> = reader
        .headers()
        .unwrap()
        .iter()
        .map(str::to_owned)
        .collect();
    assert_eq!(
        header,
        ["participant_id", "submission_id", "action", "message"]
    );
    let rows: Vec<Vec<String>> = reader
        .records()
        .map(|r| r.unwrap().iter().map(str::to_owned).collect())
        .collect();
    let row = |pid: &str| rows.iter().find(|r| r[0] == pid).unwrap().clone();
    assert_eq!(row("P1")[1..3], ["S-P1", "APPROVE"]);
    assert_eq!(row("P3")[2], "APPROVE");
    let p2 = row("P2");
    assert_eq!(p2[1..3], ["S-P2", "REJECT"]);
    assert!(p2[3].contains("it-001"), "{}", p2[3]);
    assert!(
        p2[3].chars().count() >= 100,
        "Prolific needs 100 characters: {}",
        p2[3]
    );
    // An attention check need not tell the answer to give (an item with one answer for
    // anyone who reads it): the message claims no instruction.
    for claim in ["told you", "instructions asked", "instructed"] {
        assert!(!p2[3].contains(claim), "{}", p2[3]);
    }
    assert_eq!(rows.len(), 3);
}

#[test]
fn a_refill_plan_gives_the_missing_judgements_of_returned_and_rejected_slots_to_new_slots() {
    let dir = std::env::temp_dir().join(format!("glossa-refill-{}", std::process::id()));
    let (spec, items, results, gold) = prolific_study(&dir);
    // Three per item; it-001 is the attention item (not planned again). P2 is rejected, so
    // only P1 (and P3 on it-002) count: it-002 lacks 1, it-003 and it-004 lack 2 each.
    let out = glossa(&[
        "plan",
        &spec,
        &items,
        "--per-item",
        "3",
        "--annotators",
        "3",
        "--gold",
        &gold,
        "--refill",
        &results,
        "--seed",
        "4",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("5 judgement(s) missing on 3 item(s) (1 annotator(s) rejected: P2)"),
        "{stderr}"
    );
    let plan: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let slots = plan["annotators"].as_array().unwrap();
    let names: Vec<&str> = slots.iter().map(|s| s["slot"].as_str().unwrap()).collect();
    assert_eq!(names, ["r01", "r02", "r03"]);
    let mut count = std::collections::BTreeMap::new();
    for s in slots {
        let list: Vec<&str> = s["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i.as_str().unwrap())
            .collect();
        let distinct: std::collections::BTreeSet<&&str> = list.iter().collect();
        assert_eq!(
            distinct.len(),
            list.len(),
            "a slot sees an item once: {list:?}"
        );
        for i in list {
            *count.entry(i.to_owned()).or_insert(0) += 1;
        }
    }
    assert_eq!(
        count,
        [
            ("it-002".to_owned(), 1),
            ("it-003".to_owned(), 2),
            ("it-004".to_owned(), 2)
        ]
        .into_iter()
        .collect()
    );
    let loads: Vec<usize> = slots
        .iter()
        .map(|s| s["items"].as_array().unwrap().len())
        .collect();
    assert!(
        loads.iter().max().unwrap() - loads.iter().min().unwrap() <= 1,
        "{loads:?}"
    );
    // Nothing missing: said, and no plan.
    let full = dir.join("full.jsonl");
    let mut lines = String::new();
    for p in ["A", "B", "C"] {
        for item in ["it-001", "it-002", "it-003", "it-004"] {
            lines += &(prolific(p, item, "totalmente_corretto") + "\n");
        }
    }
    std::fs::write(&full, lines).unwrap();
    let out = glossa(&[
        "plan",
        &spec,
        &items,
        "--per-item",
        "3",
        "--annotators",
        "2",
        "--refill",
        full.to_str().unwrap(),
    ]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("no judgement is missing"));
}

/// Issue 53: ESA's attention item — "choose translation 1 as the better one" — is a judgement
/// of the pair. One rule holds for the gold file in `check`, `plan`, `report` and `payments`:
/// the pairwise answer is instructed (the plan gives the page `{"winner": …}` to match), and a
/// participant who chose the other translation is rejected; an attention answer the page cannot
/// check (spans) is refused by every command alike, with one message.
#[test]
fn an_esa_attention_item_is_a_judgement_of_the_pair_and_one_rule_holds_for_every_command() {
    let dir = std::env::temp_dir().join(format!("glossa-esa-attention-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (spec, items) = (
        format!("{ROOT}/www/examples/de-esa/spec.json"),
        format!("{ROOT}/www/examples/de-esa/items.json"),
    );
    let gold = dir.join("gold.json");
    std::fs::write(
        &gold,
        json!({"items": [
            {"item_id": "esa-001", "kind": "attention", "answers": {"better": "ONLINE-A"}}
        ]})
        .to_string(),
    )
    .unwrap();
    let gold = gold.to_str().unwrap().to_owned();
    let check = glossa(&["check", &spec, &items, "--gold", &gold]);
    assert!(
        check.status.success(),
        "{}",
        String::from_utf8_lossy(&check.stderr)
    );
    let plan = glossa(&[
        "plan",
        &spec,
        &items,
        "--annotators",
        "2",
        "--per-item",
        "1",
        "--gold",
        &gold,
    ]);
    assert!(
        plan.status.success(),
        "{}",
        String::from_utf8_lossy(&plan.stderr)
    );
    let plan: serde_json::Value = serde_json::from_slice(&plan.stdout).unwrap();
    assert_eq!(
        plan["attention"],
        json!({"esa-001": {"better": {"winner": "ONLINE-A"}}})
    );

    // P1 chose ONLINE-A on the attention item, P2 ONLINE-B.
    let simulated = glossa(&[
        "simulate",
        &spec,
        &items,
        "--annotators",
        "2",
        "--seed",
        "4",
    ]);
    let mut lines = String::new();
    for line in String::from_utf8(simulated.stdout).unwrap().lines() {
        let mut r: serde_json::Value = serde_json::from_str(line).unwrap();
        let who = if r["ids"]["participant"] == "sim-01" {
            "P1"
        } else {
            "P2"
        };
        r["ids"] = json!({"PROLIFIC_PID": who, "SESSION_ID": format!("S-{who}"), "STUDY_ID": "ST"});
        if r["item_id"] == "esa-001" {
            let (w, l) = if who == "P1" {
                ("ONLINE-A", "ONLINE-B")
            } else {
                ("ONLINE-B", "ONLINE-A")
            };
            r["answers"]["better"] = json!({"winner": w, "loser": l, "tie": false});
        }
        lines += &format!("{r}\n");
    }
    let results = dir.join("results.jsonl");
    std::fs::write(&results, lines).unwrap();
    let out = glossa(&[
        "payments",
        &spec,
        &items,
        results.to_str().unwrap(),
        "--host",
        "prolific",
        "--gold",
        &gold,
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let row = |pid: &str| {
        text.lines()
            .find(|l| l.starts_with(pid))
            .unwrap()
            .to_owned()
    };
    assert!(row("P1").contains("APPROVE"), "{text}");
    assert!(
        row("P2").contains("REJECT") && row("P2").contains("esa-001"),
        "{text}"
    );

    // Spans cannot be instructed: every command refuses the file, with the same words.
    let bad = dir.join("bad-gold.json");
    std::fs::write(&bad, json!({"items": [
        {"item_id": "esa-001", "kind": "attention", "answers": {"errors": {"ONLINE-A": {"spans": []}, "ONLINE-B": {"spans": []}}}}
    ]}).to_string()).unwrap();
    let bad = bad.to_str().unwrap();
    let report = dir.join("report.html");
    for args in [
        vec!["check", &spec, &items, "--gold", bad],
        vec![
            "plan",
            &spec,
            &items,
            "--annotators",
            "2",
            "--per-item",
            "1",
            "--gold",
            bad,
        ],
        vec![
            "report",
            &spec,
            &items,
            results.to_str().unwrap(),
            "--gold",
            bad,
            "--out",
            report.to_str().unwrap(),
        ],
        vec![
            "payments",
            &spec,
            &items,
            results.to_str().unwrap(),
            "--host",
            "prolific",
            "--gold",
            bad,
        ],
        vec![
            "plan",
            &spec,
            &items,
            "--annotators",
            "2",
            "--per-item",
            "1",
            "--gold",
            bad,
            "--refill",
            results.to_str().unwrap(),
        ],
    ] {
        let out = glossa(&args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert!(
            err.contains("items[0].answers.errors: item \"esa-001\": the participant's page checks an attention answer as instructed, and \"errors\" cannot be instructed"),
            "{args:?}: {err}"
        );
    }
}
