//! Hardening: no panic on any input. Property tests feed arbitrary JSON, arbitrary Unicode and
//! mutated copies of the shipped examples to every loader and checker (spec, items, drafts,
//! validation, result re-validation, export); `tests/corpus/` replays inputs kept for good —
//! each failure found becomes a file there. proptest also keeps the seeds of any failure in
//! `tests/fuzz.proptest-regressions` and replays them first.
#![cfg(not(target_arch = "wasm32"))]

use glossa::analysis::{export, revalidate};
use glossa::form::draft::Draft;
use glossa::item::{self, Item};
use glossa::spec::{SpecIssueCode, TaskSpec};
use glossa::task::Task;
use glossa::validate;
use proptest::prelude::*;
use serde_json::{json, Value};

/// The shipped examples: (name, spec file, items file).
const EXAMPLES: &[(&str, &str, &str)] = &[
    (
        "it-implicit",
        "it-implicit/spec.json",
        "it-implicit/items.json",
    ),
    (
        "en-informativeness",
        "en-informativeness/spec.json",
        "en-informativeness/items.json",
    ),
    (
        "cs-abstract",
        "cs-summary-errors/abstract-spec.json",
        "cs-summary-errors/abstract-items.json",
    ),
    (
        "cs-headline",
        "cs-summary-errors/headline-spec.json",
        "cs-summary-errors/headline-items.json",
    ),
    (
        "cs-propaganda",
        "cs-propaganda/spec.json",
        "cs-propaganda/items.json",
    ),
    ("pl-poquad", "pl-poquad/spec.json", "pl-poquad/items.json"),
];

fn read(path: &str) -> String {
    std::fs::read_to_string(format!("{}/{path}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

fn example(name: &str) -> (String, TaskSpec, Vec<Item>) {
    let (_, s, i) = EXAMPLES.iter().find(|(n, _, _)| *n == name).unwrap();
    let text = read(&format!("www/examples/{s}"));
    let spec = glossa::mount::load_spec(&text).unwrap();
    let items = item::parse_items(&read(&format!("www/examples/{i}"))).unwrap();
    (text, spec, items)
}

/// Field names and values the spec and results use, so random objects often look real.
const WORDS: &[&str] = &[
    "glossa",
    "id",
    "version",
    "language",
    "blocks",
    "controls",
    "kind",
    "field",
    "label",
    "options",
    "value",
    "text_field",
    "text_label",
    "attributes",
    "values",
    "rows",
    "columns",
    "alternatives",
    "outputs",
    "questions",
    "target",
    "max",
    "categories",
    "spans",
    "first_word",
    "last_word",
    "answers",
    "item_id",
    "spec",
    "format",
    "no_more_questions",
    "text",
    "start",
    "end",
    "base_form",
    "yes_no",
    "unanswerable",
    "examples",
    "item",
    "explanation",
    "single_choice",
    "number",
    "grid",
    "span_attributes",
    "questions",
    "meaning_representation",
    "sentences",
    "standard",
    "pl",
    "cs",
    "it",
    "en",
    "glossa.result/1",
    "repeatable",
    "missing_row",
    "count",
    "share",
    "overlap",
];

fn unicode() -> impl Strategy<Value = String> {
    prop_oneof![
        proptest::sample::select(WORDS).prop_map(str::to_owned),
        "\\PC{0,24}",
        ".{0,12}",
        proptest::collection::vec(
            proptest::sample::select(vec![
                "a",
                "ż",
                "👨‍👩‍👧",
                "\u{202E}",
                "\u{0301}",
                "\r\n",
                " ",
                ".",
                "?",
                "\u{FEFF}",
                "🇨🇿",
                "<b>"
            ]),
            0..12
        )
        .prop_map(|v| v.concat()),
    ]
}

/// Arbitrary JSON, biased towards the shapes specs, items and results have.
fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        (-1e12f64..1e12).prop_map(Value::from),
        (0u64..40).prop_map(Value::from),
        unicode().prop_map(Value::from),
    ];
    leaf.prop_recursive(5, 64, 8, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            proptest::collection::btree_map(unicode(), inner, 0..8)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

/// Replaces (or removes) the node reached by following `walk` in `v`.
fn mutate(v: &mut Value, walk: &[usize], with: Value, remove: bool) {
    let Some((&step, rest)) = walk.split_first() else {
        *v = with;
        return;
    };
    match v {
        Value::Object(map) if !map.is_empty() => {
            let key = map.keys().nth(step % map.len()).unwrap().clone();
            if rest.is_empty() && remove {
                map.remove(&key);
            } else {
                mutate(map.get_mut(&key).unwrap(), rest, with, remove);
            }
        }
        Value::Array(list) if !list.is_empty() => {
            let i = step % list.len();
            if rest.is_empty() && remove {
                list.remove(i);
            } else {
                mutate(&mut list[i], rest, with, remove);
            }
        }
        _ => *v = with,
    }
}

/// Everything the widget and the CLI do with a spec and an item, none of which may panic.
fn exercise(spec: &TaskSpec, item: &Item, result: &Value) {
    let task = Task::new(spec.clone(), item.clone(), Some("seed"));
    let report = validate::validate(&task, &Default::default());
    let _ = report.to_public(spec.language);
    let _ = revalidate::check_result(&task, result);
    if let Ok(doc) = glossa::result::ResultDoc::read(spec, result) {
        let _ = export::poquad(std::slice::from_ref(item), std::slice::from_ref(&doc));
        let _ = glossa::analysis::tidy::rows(spec, std::slice::from_ref(&doc));
        let _ = glossa::analysis::agreement::compute(
            spec,
            std::slice::from_ref(item),
            &[doc.clone(), doc],
        );
    }
    if let Ok(d) = serde_json::from_value::<Draft>(result.clone()) {
        let _ = d.restore(&task, 1);
    }
}

/// A valid result of an example, made by the core (the widget's own output).
fn a_result(name: &str) -> Value {
    let (_, spec, items) = example(name);
    json!({
        "format": "glossa.result/1",
        "spec": {"id": spec.id, "version": spec.version},
        "item_id": items[0].id,
        "answers": {},
    })
}

fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(96)
}

proptest! {
    // A short run in the test command; `PROPTEST_CASES=20000 cargo test --release --test fuzz`
    // for a long one.
    #![proptest_config(ProptestConfig { cases: cases(), ..ProptestConfig::default() })]

    /// Arbitrary JSON and arbitrary text as a spec, an items file or options.
    #[test]
    fn spec_and_items_loaders_never_panic(v in json_value(), text in "\\PC{0,64}") {
        let _ = glossa::mount::load_spec(&v.to_string());
        let _ = glossa::mount::load_spec(&text);
        let _ = item::parse_items(&v.to_string());
        let _ = item::parse_items(&text);
    }

    /// Shipped specs with one node replaced or removed: load, and if they load, bind every
    /// example item, validate, re-validate and export.
    #[test]
    fn mutated_specs_never_panic(which in 0..EXAMPLES.len(), walk in proptest::collection::vec(any::<usize>(), 1..7),
                                 with in json_value(), remove in any::<bool>(), result in json_value()) {
        let (text, _, items) = example(EXAMPLES[which].0);
        let mut v: Value = serde_json::from_str(&text).unwrap();
        mutate(&mut v, &walk, with, remove);
        if let Ok(spec) = glossa::mount::load_spec(&v.to_string()) {
            let _ = item::check_items(&spec, &items);
            for it in &items {
                if item::check_item(&spec, it, "item").is_empty() {
                    exercise(&spec, it, &result);
                }
            }
        }
    }

    /// Items with any fields and any Unicode texts, for every example spec.
    #[test]
    fn any_item_never_panics(which in 0..EXAMPLES.len(), walk in proptest::collection::vec(any::<usize>(), 1..5),
                             with in json_value(), texts in proptest::collection::vec(unicode(), 1..6)) {
        let (_, spec, items) = example(EXAMPLES[which].0);
        let mut v = serde_json::to_value(&items[0]).unwrap();
        if let Value::Object(map) = &mut v {
            for (slot, t) in map.values_mut().filter(|x| x.is_string()).zip(texts.iter().cycle()) {
                *slot = Value::from(t.clone());
            }
        }
        mutate(&mut v, &walk, with, false);
        if let Ok(it) = item::load(&spec, &v.to_string()) {
            exercise(&spec, &it, &a_result(EXAMPLES[which].0));
        }
    }

    /// Results with any node replaced or removed, re-validated and exported.
    #[test]
    fn mutated_results_never_panic(which in 0..EXAMPLES.len(), walk in proptest::collection::vec(any::<usize>(), 1..7),
                                   with in json_value(), remove in any::<bool>(), answers in json_value()) {
        let name = EXAMPLES[which].0;
        let (_, spec, items) = example(name);
        let mut r = a_result(name);
        r["answers"] = json!({ spec.controls[0].id().as_str(): answers });
        mutate(&mut r, &walk, with, remove);
        exercise(&spec, &items[0], &r);
    }
}

/// Every file of `tests/corpus/`: `{"target": "spec" | "item" | "result", "example": NAME,
/// "input": ...}` — a spec (text or JSON), an item for the example's spec, or a result for its
/// first item. Each must be handled without a panic, and gives the outcome it names.
#[test]
fn the_corpus_replays_without_panics() {
    let dir = format!("{}/tests/corpus", env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert!(files.len() >= 10, "the corpus is there");
    for path in files {
        let case: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap())
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let input = match &case["input"] {
            Value::String(s) => s.clone(),
            other => other.to_string(),
        };
        let name = case["example"].as_str().unwrap_or("it-implicit");
        let (_, spec, items) = example(name);
        let ok = match case["target"].as_str().unwrap() {
            "spec" => glossa::mount::load_spec(&input).is_ok(),
            "item" => match item::load(&spec, &input) {
                Ok(it) => {
                    exercise(&spec, &it, &a_result(name));
                    true
                }
                Err(_) => false,
            },
            "result" => {
                let r: Value = serde_json::from_str(&input).unwrap();
                exercise(&spec, &items[0], &r);
                let task = Task::new(spec.clone(), items[0].clone(), None);
                revalidate::check_result(&task, &r).is_empty()
            }
            t => panic!("{}: unknown target {t}", path.display()),
        };
        assert_eq!(Some(ok), case["ok"].as_bool(), "{}", path.display());
    }
}

#[test]
fn a_ten_megabyte_item_is_refused_before_it_is_read() {
    let (_, spec, _) = example("cs-propaganda");
    let huge = "slovo ".repeat(10 << 20 >> 3);
    let json = json!({"id": "x", "title": "t", "article": huge}).to_string();
    let issues = item::load(&spec, &json).unwrap_err();
    assert_eq!(issues.len(), 1);
    assert_eq!(
        (issues[0].path.as_str(), issues[0].code),
        ("item", SpecIssueCode::ItemTooLarge)
    );
    assert!(
        issues[0].message.contains("7.5 MB") && issues[0].message.contains("4.0 MB"),
        "{}",
        issues[0].message
    );
    // A 1.5 MB text inside a small enough item: refused at its field.
    let big = "slovo ".repeat(1_500_000 / 6);
    let json = json!({"id": "x", "title": "t", "article": big}).to_string();
    let issues = item::load(&spec, &json).unwrap_err();
    assert_eq!(
        (issues[0].path.as_str(), issues[0].code),
        ("item.article", SpecIssueCode::ItemTooLarge)
    );
    // The CLI's items files get the same check.
    let issues = item::check_items(&spec, &item::parse_items(&format!("[{json}]")).unwrap());
    assert_eq!(issues[0].path, "items[0].article");
}
