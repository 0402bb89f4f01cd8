//! The report is HTML made from text nobody vetted: the spec's texts, the items, and the ids
//! participants arrive with (a study link's `PROLIFIC_PID=` is theirs to write). Every one of
//! them must come out as text — in tables, charts and the dashboard alike.

use glossa::result::ResultDoc;
use serde_json::{json, Value};

const MARKUP: [&str; 5] = ["<img", "<script", "<svg onload", "<b>", "<iframe"];

#[test]
fn hostile_spec_texts_item_texts_and_participant_ids_come_out_as_text() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/www/examples/it-implicit");
    let mut spec: Value =
        serde_json::from_str(&std::fs::read_to_string(format!("{dir}/spec.json")).unwrap())
            .unwrap();
    spec["title"] = json!("<script>window.__pwned=1</script> study");
    spec["controls"][0]["label"] = json!("<iframe src=javascript:alert(1)></iframe> rating");
    spec["controls"][0]["options"][0]["label"] = json!("<svg onload=alert(2)> right");
    spec["controls"][0]["options"][1]["label"] = json!("<img src=x onerror=alert(3)> partly");
    let mut items: Vec<Value> =
        serde_json::from_str(&std::fs::read_to_string(format!("{dir}/items.json")).unwrap())
            .unwrap();
    for item in &mut items {
        item["testo"] = json!("<img src=x onerror=alert(4)> text");
    }
    let (spec, items) =
        glossa::mount::study(&spec.to_string(), &Value::from(items).to_string()).expect("loads");
    let values = [
        "totalmente_corretto",
        "corretto_tra_opzioni",
        "parzialmente_corretto",
    ];
    let mut results = Vec::new();
    for (k, who) in [
        "<b>P1</b>",
        "<img src=x onerror=alert(5)>",
        "\"><script>alert(6)</script>",
    ]
    .iter()
    .enumerate()
    {
        for (n, item) in items.iter().enumerate() {
            let doc = json!({"format": "glossa.result/1", "spec": {"id": spec.id, "version": spec.version},
                "item_id": item.id, "ids": {"participant": who},
                "answers": {"valutazione": values[(k + n) % values.len()]}});
            results.push(ResultDoc::read(&spec, &doc).expect("a result"));
        }
    }
    let html = glossa::analysis::report::html(&spec, &items, &results, None);
    for m in MARKUP {
        assert!(!html.contains(m), "{m} came out as markup:\n{html}");
    }
    // …as text, where the reader sees it.
    assert!(html.contains("&lt;script&gt;window.__pwned=1&lt;/script&gt; study"));
    assert!(
        html.contains("&lt;b&gt;P1&lt;/b&gt;"),
        "the participant's id as text"
    );
    // The file runs no script wherever it is opened (its own policy), not only in the page's
    // sandboxed frame.
    assert!(html.contains("http-equiv=Content-Security-Policy content=\"default-src 'none';"));
}
