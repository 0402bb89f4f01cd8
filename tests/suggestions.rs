//! Model suggestions, natively: a tagger's spans and an LLM judge's preference pre-filled,
//! accepted, changed, rejected and added to; the result's provenance and `glossa validate`
//! re-checking it (a forged decision, model or suggestion is named); drafts keeping the
//! decisions; the anchoring split recorded; `glossa check` naming a bad suggestion; and the
//! importers from Label Studio and spaCy / Prodigy.
#![cfg(not(target_arch = "wasm32"))]

use glossa::analysis::revalidate::check_result;
use glossa::form::draft::Draft;
use glossa::form::suggestions::{fresh, Decision};
use glossa::form::{apply, Action, FormState, KindEdit};
use glossa::item;
use glossa::kinds::span_labels::LabelEdit;
use glossa::result::{build, Environment};
use glossa::support::ids::ControlId;
use glossa::support::sorted_map::SortedMap;
use glossa::task::Task;
use glossa::validate::ProblemCode;
use serde_json::{json, Value};
use std::process::Command;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn read(path: &str) -> String {
    std::fs::read_to_string(format!("{ROOT}/{path}")).unwrap()
}

/// Item `n` of a shipped example with the spec changed by `change`, for participant `seed`.
fn task_with(dir: &str, n: usize, seed: &str, change: impl FnOnce(&mut Value)) -> Task {
    let mut spec: Value =
        serde_json::from_str(&read(&format!("www/examples/{dir}/spec.json"))).unwrap();
    change(&mut spec);
    let spec = glossa::mount::load_spec(&spec.to_string()).expect("spec");
    let items = item::parse_items(&read(&format!("www/examples/{dir}/items.json"))).expect("items");
    assert_eq!(glossa::mount::check_items(&spec, &items), vec![]);
    Task::new(spec, items[n].clone(), Some(seed))
}

fn task(dir: &str, n: usize) -> Task {
    task_with(dir, n, "P-1", |_| {})
}

fn entities() -> ControlId {
    ControlId::from("entities")
}

fn label(f: &FormState, t: &Task, edit: LabelEdit) -> FormState {
    apply(t, f, Action::kind(entities(), KindEdit::SpanLabels(edit)))
}

fn decide(f: &FormState, t: &Task, part: Option<usize>, accept: bool) -> FormState {
    apply(
        t,
        f,
        Action::Decide {
            control: entities(),
            part,
            accept,
        },
    )
}

fn mark(f: &FormState, t: &Task, first: usize, last: usize, l: &str) -> FormState {
    let f = apply(
        t,
        f,
        Action::Select {
            control: entities(),
            anchor: first,
            focus: last,
            complete: true,
        },
    );
    label(&f, t, LabelEdit::Pick(l.into()))
}

fn result(t: &Task, f: &FormState) -> Value {
    let mut ids = SortedMap::new();
    ids.insert("participant".to_owned(), "P-1".to_owned());
    let doc = build(t, f, &Environment::default(), &ids, 1_700_000_000_000).expect("valid");
    serde_json::to_value(doc).unwrap()
}

fn decisions(v: &Value, control: &str) -> Vec<String> {
    v["provenance"][control]["units"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u["decision"].as_str().unwrap().to_owned())
        .collect()
}

fn findings(t: &Task, v: &Value) -> Vec<String> {
    check_result(t, v)
        .into_iter()
        .map(|f| format!("{}: {}", f.path, f.message))
        .collect()
}

#[test]
fn a_taggers_spans_are_accepted_changed_rejected_and_added_to_and_the_result_says_which() {
    // conll-002: "The European Commission said on Thursday it disagreed with German advice to
    // consumers to shun British lamb ." — suggested: ORG 1–2, MISC 9 (German), MISC 15
    // (British), MISC 5 (Thursday).
    let t = task("en-ner", 1);
    let f = fresh(&t, 0);
    assert_eq!(
        glossa::form::suggestions::pending(&t, &f),
        vec![(entities(), 4)]
    );
    // Nothing undecided goes out: the submit is refused, naming the control.
    let refused = build(&t, &f, &Environment::default(), &SortedMap::new(), 1).unwrap_err();
    assert_eq!(
        refused.problems.iter().map(|p| p.code).collect::<Vec<_>>(),
        vec![ProblemCode::SuggestionPending]
    );
    let f = decide(&f, &t, Some(0), true); // European Commission: right
    let f = label(
        &f,
        &t,
        LabelEdit::Relabel {
            span: 1,
            label: "MISC".into(),
        },
    ); // German: no change
    let f = label(
        &f,
        &t,
        LabelEdit::Relabel {
            span: 2,
            label: "LOC".into(),
        },
    ); // British → LOC: changed
    let f = decide(&f, &t, Some(3), false); // Thursday: no name
    let f = decide(&f, &t, Some(1), true); // German: right
    let f = mark(&f, &t, 16, 16, "MISC"); // lamb: the annotator's own
    assert_eq!(glossa::form::suggestions::pending(&t, &f), vec![]);
    let v = result(&t, &f);
    assert_eq!(
        decisions(&v, "entities"),
        ["accepted", "accepted", "changed", "rejected", "added"]
    );
    let p = &v["provenance"]["entities"];
    assert_eq!(p["model"], "dslim/bert-base-NER");
    assert_eq!(p["shown"], true);
    assert_eq!(p["units"][2]["suggested"]["label"], "MISC");
    assert_eq!(p["units"][2]["answer"]["label"], "LOC");
    assert_eq!(p["units"][2]["answer"]["text"], "British");
    assert_eq!(p["units"][3]["suggested"]["text"], "Thursday");
    assert!(p["units"][3].get("answer").is_none());
    assert_eq!(p["units"][4]["answer"]["text"], "lamb");
    assert_eq!(p["suggested"]["spans"].as_array().unwrap().len(), 4);
    // `glossa validate`'s re-check finds it is the widget's.
    assert_eq!(findings(&t, &v), Vec::<String>::new());
    // The tidy table says where each span came from.
    let doc = glossa::result::ResultDoc::read(&t.spec, &v).unwrap();
    let rows: Vec<(String, String)> = glossa::analysis::tidy::rows(&t.spec, &[doc])
        .into_iter()
        .map(|r| (r.cells[7].clone(), r.cells[9].clone()))
        .collect();
    assert_eq!(
        rows,
        [
            ("European Commission", "accepted"),
            ("German", "accepted"),
            ("British", "changed"),
            ("lamb", "added")
        ]
        .map(|(a, b)| (a.to_owned(), b.to_owned()))
    );
}

#[test]
fn a_forged_decision_model_or_suggestion_is_named() {
    let t = task("en-ner", 1);
    let f = decide(&fresh(&t, 0), &t, None, true);
    let v = result(&t, &f);
    assert_eq!(decisions(&v, "entities"), ["accepted"; 4]);
    assert_eq!(findings(&t, &v), Vec::<String>::new());
    let forged = |change: &dyn Fn(&mut Value)| {
        let mut w = v.clone();
        change(&mut w);
        findings(&t, &w)
    };
    let got = forged(&|w| w["provenance"]["entities"]["units"][0]["decision"] = json!("changed"));
    assert!(
        got.iter()
            .any(|f| f.starts_with("provenance.entities.units:")),
        "{got:?}"
    );
    let got = forged(&|w| w["provenance"]["entities"]["model"] = json!("a-person"));
    assert!(
        got.iter()
            .any(|f| f.starts_with("provenance.entities.model:")),
        "{got:?}"
    );
    let got = forged(&|w| w["provenance"]["entities"]["suggested"]["spans"] = json!([]));
    assert!(
        got.iter()
            .any(|f| f.starts_with("provenance.entities.suggested:")),
        "{got:?}"
    );
    let got = forged(&|w| {
        w["provenance"].as_object_mut().unwrap().remove("entities");
    });
    assert!(
        got.iter().any(|f| f.starts_with("provenance.entities:")),
        "{got:?}"
    );
    // A span removed from the answer but still claimed as accepted.
    let got = forged(&|w| {
        w["answers"]["entities"]["spans"]
            .as_array_mut()
            .unwrap()
            .pop();
    });
    assert!(
        got.iter()
            .any(|f| f.starts_with("provenance.entities.units:")),
        "{got:?}"
    );
    let got = forged(&|w| w["provenance"]["entities"]["units"][1]["decision"] = json!("pending"));
    assert!(got.iter().any(|f| f.contains("pending")), "{got:?}");
}

#[test]
fn a_removed_suggestion_marked_again_is_accepted_not_pending() {
    let t = task("en-ner", 4); // conll-005: PER "Rare Hendrix" 0–1, LOC "London" 10
    let f = fresh(&t, 0);
    let f = label(&f, &t, LabelEdit::Remove(1)); // London removed by its ×…
    let f = mark(&f, &t, 10, 10, "LOC"); // …and marked again
    let f = label(&f, &t, LabelEdit::Remove(0)); // Rare Hendrix: wrong extent
    let f = mark(&f, &t, 1, 1, "PER"); // Hendrix
    let v = result(&t, &f);
    assert_eq!(decisions(&v, "entities"), ["changed", "accepted"]);
    assert_eq!(
        v["provenance"]["entities"]["units"][0]["answer"]["text"],
        "Hendrix"
    );
}

#[test]
fn a_draft_keeps_each_decision_through_a_reload() {
    let t = task("en-ner", 2);
    let f = fresh(&t, 0);
    let f = decide(&f, &t, Some(0), true);
    let f = decide(&f, &t, Some(2), false);
    let f = label(
        &f,
        &t,
        LabelEdit::Relabel {
            span: 1,
            label: "LOC".into(),
        },
    );
    let draft: Draft =
        serde_json::from_str(&serde_json::to_string(&Draft::of(&t, &f, 5)).unwrap()).unwrap();
    let back = draft.restore(&t, 10).expect("restores");
    assert_eq!(back.answers, f.answers);
    assert_eq!(back.decided, f.decided);
    let (a, b) = (
        glossa::form::suggestions::decisions(&t, &f, &entities()),
        glossa::form::suggestions::decisions(&t, &back, &entities()),
    );
    assert_eq!(a, b);
    assert_eq!(
        glossa::form::suggestions::pending(&t, &back),
        vec![(entities(), 1)]
    );
    // A tampered draft cannot accept a part the item never suggested.
    let mut bad = draft.clone();
    bad.decided
        .as_mut()
        .unwrap()
        .insert(entities(), vec![0, 1, 2, 3, 99]);
    let back = bad.restore(&t, 10).unwrap();
    assert_eq!(back.decided[&entities()], vec![0, 1, 2, 3]);
}

#[test]
fn a_judges_preference_is_confirmed_or_overruled() {
    // arena-002: the judge prefers model-b clearly on both criteria.
    let t = task("en-chatbot-pairwise", 1);
    let pref = ControlId::from("preference");
    let f = fresh(&t, 0);
    assert_eq!(
        glossa::form::suggestions::pending(&t, &f),
        vec![(pref.clone(), 1)]
    );
    let ok = apply(
        &t,
        &f,
        Action::Decide {
            control: pref.clone(),
            part: None,
            accept: true,
        },
    );
    assert_eq!(decisions(&result(&t, &ok), "preference"), ["accepted"]);
    // Overruled on one criterion: the judgement is changed.
    let edit = glossa::kinds::pairwise::Prefer {
        criterion: Some("correct".into()),
        edit: glossa::kinds::pairwise::PreferEdit::Tie,
    };
    let changed = apply(&t, &f, Action::kind(pref.clone(), KindEdit::Pairwise(edit)));
    let v = result(&t, &changed);
    assert_eq!(decisions(&v, "preference"), ["changed"]);
    assert_eq!(
        v["provenance"]["preference"]["units"][0]["answer"]["correct"]["tie"],
        true
    );
    assert_eq!(v["provenance"]["preference"]["confidence"], 0.97);
    assert_eq!(findings(&t, &v), Vec::<String>::new());
}

#[test]
fn the_anchoring_split_hides_suggestions_on_a_seeded_share_and_records_it() {
    let half = |spec: &mut Value| spec["suggestions"]["show_percent"] = json!(50);
    let shown: Vec<bool> = (0..40)
        .map(|p| {
            task_with("en-ner", 1, &format!("P-{p}"), half)
                .suggestion(&entities())
                .is_some()
        })
        .collect();
    let again: Vec<bool> = (0..40)
        .map(|p| {
            task_with("en-ner", 1, &format!("P-{p}"), half)
                .suggestion(&entities())
                .is_some()
        })
        .collect();
    assert_eq!(shown, again, "the split is the same for the same seed");
    assert!(
        shown.iter().any(|s| *s) && shown.iter().any(|s| !*s),
        "{shown:?}"
    );
    let hidden = (0..40).find(|p| !shown[*p]).unwrap();
    let t = task_with("en-ner", 1, &format!("P-{hidden}"), half);
    let f = fresh(&t, 0);
    assert!(
        f.answers.is_empty(),
        "nothing is pre-filled where suggestions are hidden"
    );
    let f = mark(&f, &t, 1, 2, "ORG");
    let v = result(&t, &f);
    let p = &v["provenance"]["entities"];
    assert_eq!(p["shown"], false);
    assert_eq!(p["units"], json!([]));
    assert_eq!(
        p["suggested"]["spans"].as_array().unwrap().len(),
        4,
        "what would have been shown is kept for the findings"
    );
    assert_eq!(findings(&t, &v), Vec::<String>::new());
}

/// Runs `glossa`; its exit code, standard output and standard error.
fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_glossa"))
        .args(args)
        .output()
        .expect("glossa runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn glossa_check_names_the_item_and_control_of_a_bad_suggestion() {
    let dir = std::env::temp_dir().join(format!("glossa-suggest-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut items: Vec<Value> =
        serde_json::from_str(&read("www/examples/en-ner/items.json")).unwrap();
    items[2]["suggestions"]["entities"]["answer"]["spans"][0]["label"] = json!("DATE");
    items[3]["suggestions"]["entities"]["model"] = json!("");
    let path = dir.join("items.json");
    std::fs::write(&path, serde_json::to_string(&items).unwrap()).unwrap();
    let (code, out, err) = run(&[
        "check",
        &format!("{ROOT}/www/examples/en-ner/spec.json"),
        path.to_str().unwrap(),
    ]);
    assert_eq!(code, 1, "{out}{err}");
    let all = out + &err;
    assert!(
        all.contains("items[2].suggestions.entities.answer"),
        "{all}"
    );
    assert!(all.contains("items[3].suggestions.entities.model"), "{all}");
}

#[test]
fn label_studio_predictions_become_suggestions_with_utf16_offsets_read_as_words() {
    let (code, out, err) = run(&[
        "items",
        &format!("{ROOT}/www/examples/de-toxic/spec.json"),
        &format!("{ROOT}/tests/fixtures/toxic.labelstudio.json"),
        "--from",
        "labelstudio",
    ]);
    assert_eq!(code, 0, "{err}");
    let items: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let by = |id: &str| items.iter().find(|i| i["id"] == id).unwrap().clone();
    assert_eq!(
        by("tox-005")["suggestions"]["toxisch"],
        json!({
        "model": "llama-3.1-70b-instruct", "confidence": 0.88,
        "answer": {"spans": [{"label": "beleidigung", "words": [3, 5]}]}})
    );
    // "Du 🤡 bist echt ein Clown 🤡, hau ab.": each clown is two UTF-16 units, one word.
    assert_eq!(
        by("tox-emoji")["suggestions"]["toxisch"]["answer"]["spans"][0]["words"],
        json!([3, 5])
    );
    // An empty prediction is the model's "nothing to mark": a suggestion of no spans.
    assert_eq!(
        by("tox-004")["suggestions"]["toxisch"],
        json!({"model": "llama-3.1-70b-instruct", "confidence": 0.91, "answer": {"spans": []}})
    );
    // The shipped example's suggestions are these.
    let shipped: Vec<Value> =
        serde_json::from_str(&read("www/examples/de-toxic/items.json")).unwrap();
    for id in ["tox-004", "tox-005", "tox-006"] {
        let s = shipped.iter().find(|i| i["id"] == id).unwrap();
        assert_eq!(s["suggestions"], by(id)["suggestions"], "{id}");
    }
}

#[test]
fn label_studio_relations_become_suggested_links_each_way_round() {
    // Label Studio's export shape: regions with ids, and `relation` results between them
    // (`direction`: `right` from `from_id`, `left` towards it).
    let dir = std::env::temp_dir().join(format!("glossa-ls-relations-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let region = |id: &str, start: usize, end: usize, text: &str, label: &str| {
        json!({"id": id, "from_name": "entities", "to_name": "text", "type": "labels",
               "value": {"start": start, "end": end, "text": text, "labels": [label]}})
    };
    let tasks = json!([{
        "id": 7,
        "data": {"id": "pratchett", "sentence": "Terry Pratchett lives in England, near J. K. Rowling."},
        "predictions": [{"model_version": "re-tagger-2", "result": [
            region("a", 0, 15, "Terry Pratchett", "Person"),
            region("b", 25, 32, "England", "GPE"),
            region("c", 39, 52, "J. K. Rowling", "Person"),
            {"from_id": "b", "to_id": "a", "type": "relation", "direction": "left", "labels": ["Located"]},
            {"from_id": "c", "to_id": "b", "type": "relation", "direction": "right", "labels": ["Located"]}
        ]}]
    }]);
    let path = dir.join("tasks.json");
    std::fs::write(&path, tasks.to_string()).unwrap();
    let spec = format!("{ROOT}/www/examples/en-relations/spec.json");
    let import = || {
        run(&[
            "items",
            &spec,
            path.to_str().unwrap(),
            "--from",
            "labelstudio",
        ])
    };
    let (code, out, err) = import();
    assert_eq!(code, 0, "{out}{err}");
    let item: Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    let (terry, england, rowling) = (
        json!({"label": "Person", "words": [0, 1]}),
        json!({"label": "GPE", "words": [4, 4]}),
        json!({"label": "Person", "words": [7, 11]}),
    );
    assert_eq!(
        item["suggestions"]["relations"],
        json!({"model": "re-tagger-2", "answer": {"links": [
            {"label": "Located", "head": terry, "tail": england},
            {"label": "Located", "head": rowling, "tail": england}
        ]}})
    );
    // A relation from a region no result gives is named.
    let mut broken = tasks.clone();
    broken[0]["predictions"][0]["result"][3]["from_id"] = json!("zz");
    std::fs::write(&path, broken.to_string()).unwrap();
    let (code, _, err) = import();
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("task 1: a relation's from_id or to_id (\"zz\", \"a\")"),
        "{err}"
    );
}

#[test]
fn spacy_spans_become_suggestions_and_a_span_inside_a_word_grows_with_a_note() {
    let (code, out, err) = run(&[
        "items",
        &format!("{ROOT}/www/examples/en-ner/spec.json"),
        &format!("{ROOT}/tests/fixtures/ner-tagger.spacy.jsonl"),
        "--from",
        "spacy",
        "--model",
        "dslim/bert-base-NER",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("line 2: the span 0–7 (LOC) ends inside a word; it is given as the whole words \"Germany's\""), "{err}");
    let items: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let shipped: Vec<Value> =
        serde_json::from_str(&read("www/examples/en-ner/items.json")).unwrap();
    for got in &items {
        let s = shipped.iter().find(|i| i["id"] == got["id"]).unwrap();
        assert_eq!(s["suggestions"], got["suggestions"], "{}", got["id"]);
    }
    // Without a model name, the lines cannot say whose the spans are.
    let (code, _, err) = run(&[
        "items",
        &format!("{ROOT}/www/examples/en-ner/spec.json"),
        &format!("{ROOT}/tests/fixtures/ner-tagger.spacy.jsonl"),
        "--from",
        "spacy",
    ]);
    assert_ne!(code, 0);
    assert!(err.contains("--model"), "{err}");
}

#[test]
fn the_decisions_of_units_never_lose_or_invent_a_part() {
    // Every suggested part is in exactly one unit, every answer part too (for every subset of
    // a suggestion kept, every relabelling, every extra span).
    let t = task("en-ner", 2);
    let suggestion = t.suggestion(&entities()).unwrap().answer.clone();
    for mask in 0u32..16 {
        for relabel in 0..4 {
            let mut f = fresh(&t, 0);
            for i in (0..4).rev() {
                if mask & (1 << i) == 0 {
                    f = decide(&f, &t, Some(i), false);
                }
            }
            if matches!(f.answers.get(&entities()), Some(glossa::answer::Answer::Labels(s)) if s.spans.len() > relabel)
            {
                f = label(
                    &f,
                    &t,
                    LabelEdit::Relabel {
                        span: relabel,
                        label: "MISC".into(),
                    },
                );
            }
            f = mark(&f, &t, 12, 13, "ORG");
            let units =
                glossa::form::suggestions::units(&suggestion, f.answers.get(&entities()), &[]);
            let suggested: Vec<usize> = units.iter().filter_map(|u| u.suggested).collect();
            assert_eq!(suggested, vec![0, 1, 2, 3], "mask {mask}");
            let mut answered: Vec<usize> = units.iter().filter_map(|u| u.answer).collect();
            answered.sort();
            let n = glossa::form::suggestions::parts(f.answers.get(&entities())).len();
            assert_eq!(answered, (0..n).collect::<Vec<_>>(), "mask {mask}");
            assert!(units.iter().all(|u| u.decision != Decision::Kept));
        }
    }
}

fn close(got: &Value, want: &Value, what: &str) {
    let (g, w) = (got.as_f64(), want.as_f64());
    assert!(
        matches!((g, w), (Some(g), Some(w)) if (g - w).abs() < 1e-9),
        "{what}: Glossa {got}, reference {want}"
    );
}

#[test]
fn model_versus_annotator_figures_equal_an_independent_computation() {
    // Eight headlines, a tagger's spans, an LLM's sentiment and quality score, shown on half the
    // items per participant (the anchoring split); five simulated annotators and six who
    // follow the model.
    let spec = glossa::mount::load_spec(&read("tests/fixtures/suggest-spec.json")).unwrap();
    let items = item::parse_items(&read("tests/fixtures/suggest-items.json")).unwrap();
    assert_eq!(glossa::mount::check_items(&spec, &items), vec![]);
    // Six more follow the model where they see it (all items: a spec showing it everywhere),
    // each rejecting one suggested span of its own and accepting the rest: the model then has
    // a majority to be measured against.
    let mut everywhere: Value =
        serde_json::from_str(&read("tests/fixtures/suggest-spec.json")).unwrap();
    everywhere["suggestions"]["show_percent"] = json!(100);
    let everywhere = glossa::mount::load_spec(&everywhere.to_string()).unwrap();
    let mut lines = String::new();
    for p in 1..=11 {
        for (n, it) in items.iter().enumerate() {
            let follows = p > 5;
            let t = Task::new(
                if follows {
                    everywhere.clone()
                } else {
                    spec.clone()
                },
                it.clone(),
                Some(&format!("p{p}")),
            );
            let form = if follows {
                let suggested =
                    glossa::form::suggestions::parts(t.suggestion(&entities()).map(|s| &s.answer))
                        .len();
                let mut f = fresh(&t, 0);
                if suggested >= 2 {
                    f = decide(&f, &t, Some(p % suggested), false);
                }
                for c in ["entities", "sentiment", "quality"] {
                    f = apply(
                        &t,
                        &f,
                        Action::Decide {
                            control: c.into(),
                            part: None,
                            accept: true,
                        },
                    );
                }
                f
            } else {
                glossa::simulate::annotate(&t, (p * 100 + n) as u64, 0)
                    .expect("valid")
                    .1
            };
            let mut ids = SortedMap::new();
            ids.insert("participant".to_owned(), format!("p{p}"));
            let doc =
                build(&t, &form, &Environment::default(), &ids, 1_700_000_000_000).expect("valid");
            let v = serde_json::to_value(&doc).unwrap();
            assert_eq!(
                findings(&t, &v),
                Vec::<String>::new(),
                "the simulated results are the widget's"
            );
            lines += &(v.to_string() + "\n");
        }
    }
    let dir = std::env::temp_dir().join(format!("glossa-models-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let results = dir.join("results.jsonl");
    std::fs::write(&results, &lines).unwrap();
    let spec_path = format!("{ROOT}/tests/fixtures/suggest-spec.json");
    let items_path = format!("{ROOT}/tests/fixtures/suggest-items.json");
    let (code, out, err) = run(&[
        "agreement",
        &spec_path,
        results.to_str().unwrap(),
        "--items",
        &items_path,
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let got: Value = serde_json::from_str(&out).unwrap();
    let m = &got["models"];
    let reference = Command::new(glossa_python())
        .arg(format!("{ROOT}/tests/models_reference.py"))
        .arg(&results)
        .output()
        .expect("python runs");
    assert!(
        reference.status.success(),
        "{}",
        String::from_utf8_lossy(&reference.stderr)
    );
    let want: Value = serde_json::from_slice(&reference.stdout).unwrap();

    for c in ["sentiment", "quality"] {
        close(
            &m[c]["alpha"][c]["without"],
            &want["alpha"][c][0],
            &format!("{c} α without"),
        );
        close(
            &m[c]["alpha"][c]["with"],
            &want["alpha"][c][1],
            &format!("{c} α with"),
        );
    }
    for way in ["exact", "overlap"] {
        let (g, w) = (&m["entities"]["vs_majority"][way], &want["spans"][way]);
        for k in ["precision", "recall", "f1"] {
            close(
                &g["micro"][k],
                &w["micro"][k],
                &format!("spans {way} micro {k}"),
            );
            for (label, row) in w["labels"].as_object().unwrap() {
                close(
                    &g["labels"][label][k],
                    &row[k],
                    &format!("spans {way} {label} {k}"),
                );
            }
        }
    }
    let (g, w) = (&m["sentiment"]["vs_majority"]["exact"], &want["choice"]);
    assert_eq!(m["sentiment"]["vs_majority"]["items"], w["items"]);
    for k in ["precision", "recall", "f1"] {
        close(&g["micro"][k], &w["micro"][k], &format!("choice micro {k}"));
        for (label, row) in w["labels"].as_object().unwrap() {
            close(
                &g["labels"][label][k],
                &row[k],
                &format!("choice {label} {k}"),
            );
        }
    }
    for k in ["n", "pearson", "spearman", "kendall_tau_b"] {
        close(
            &m["quality"]["correlation"][k],
            &want["correlation"][k],
            &format!("quality {k}"),
        );
    }
    for (label, counts) in want["decisions"].as_object().unwrap() {
        for (what, n) in counts.as_object().unwrap() {
            assert_eq!(
                &m["entities"]["decisions"]["by_label"][label][what], n,
                "{label} {what}"
            );
        }
    }
    let (g, w) = (&m["entities"]["anchoring"], &want["anchoring"]);
    close(&g["shown"]["mean"], &w["shown"], "anchoring, shown");
    close(&g["hidden"]["mean"], &w["hidden"], "anchoring, hidden");
    close(&g["effect"], &w["effect"], "anchoring effect");
    close(&g["ci95"][0], &w["ci95"][0], "anchoring CI low");
    close(&g["ci95"][1], &w["ci95"][1], "anchoring CI high");
    assert!(
        g["shown"]["results"].as_u64().unwrap() > 5 && g["hidden"]["results"].as_u64().unwrap() > 5,
        "{g}"
    );
    // The simulated annotators accept what is left of a suggestion: they agree with the
    // model more where they saw it.
    assert!(g["effect"].as_f64().unwrap() > 0.0, "{g}");
    // The report shows the same, with the share accepted charted per label.
    let report = dir.join("report.html");
    let (code, _, err) = run(&[
        "report",
        &spec_path,
        &items_path,
        results.to_str().unwrap(),
        "--out",
        report.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let html = std::fs::read_to_string(&report).unwrap();
    for part in [
        "The model beside the annotators: entities (tagger-1)",
        "The model beside the annotators: quality (llm-judge)",
        "anchoring: agreement with the model",
        "Kendall",
    ] {
        assert!(html.contains(part), "the report lacks {part:?}");
    }
    assert!(
        html.contains("class=\"bar\""),
        "the share accepted is charted"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// The Python of the independent references (`scripts/setup.sh test` makes it).
fn glossa_python() -> String {
    std::env::var("GLOSSA_PYTHON").unwrap_or_else(|_| format!("{ROOT}/tests/.venv/bin/python"))
}

/// Issue 53: an LLM's error spans, given per translation as text (with the occurrence) or as
/// character offsets (code points, or UTF-16 units), are read as the words they cover — by the
/// widget's task and by `glossa check`, which notes a span grown to whole words and one whose
/// text is not there.
#[test]
fn esa_suggestions_written_as_text_or_offsets_are_read_as_words_per_translation() {
    let dir = std::env::temp_dir().join(format!("glossa-suggest-text-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut spec: Value = serde_json::from_str(&read("www/examples/de-esa/spec.json")).unwrap();
    spec["suggestions"] = json!({});
    let mut items: Vec<Value> =
        serde_json::from_str(&read("www/examples/de-esa/items.json")).unwrap();
    // ONLINE-A: "Das Treffen wurde auf nächsten Dienstag verschoben."
    // ONLINE-B: "Die Sitzung wurde bis nächsten Dienstag verlegt."
    items[0]["suggestions"] = json!({"errors": {"model": "gemba-esa-gpt-4o", "answer": {
        "ONLINE-A": {"spans": [
            {"label": "minor", "text": "auf"},
            {"label": "major", "start": 40, "end": 50}]},
        "ONLINE-B": {"spans": [
            {"label": "minor", "start_utf16": 4, "end_utf16": 11},
            {"label": "major", "text": "verle"},
            {"label": "minor", "text": "Montag"}]}}}});
    let (spec_path, items_path) = (dir.join("spec.json"), dir.join("items.json"));
    std::fs::write(&spec_path, spec.to_string()).unwrap();
    std::fs::write(&items_path, Value::from(items.clone()).to_string()).unwrap();

    let spec = glossa::mount::load_spec(&spec.to_string()).expect("spec");
    let parsed = item::parse_items(&Value::from(items).to_string()).expect("items");
    assert_eq!(glossa::mount::check_items(&spec, &parsed), vec![]);
    let t = Task::new(spec, parsed[0].clone(), Some("P-1"));
    let words = |output: &str| {
        let id = ControlId::from(format!("errors/{output}").as_str());
        let s = t
            .suggestion(&id)
            .unwrap_or_else(|| panic!("a suggestion for {id}"));
        match &s.answer {
            glossa::answer::Answer::Labels(set) => set
                .spans
                .iter()
                .map(|s| (s.label.to_string(), s.span.first, s.span.last))
                .collect::<Vec<_>>(),
            other => panic!("{other:?}"),
        }
    };
    assert_eq!(
        words("ONLINE-A"),
        [("minor".to_owned(), 3, 3), ("major".to_owned(), 6, 6)]
    );
    // "verle" ends inside "verlegt": the whole word; "Montag" is not there: left out.
    assert_eq!(
        words("ONLINE-B"),
        [("minor".to_owned(), 1, 1), ("major".to_owned(), 6, 6)]
    );

    let (code, out, err) = run(&[
        "check",
        spec_path.to_str().unwrap(),
        items_path.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("items[0].suggestions.errors.answer.ONLINE-B.spans[1]: the span \"verle\" (major) ends inside a word; it is given as the whole words \"verlegt\""),
        "{out}"
    );
    assert!(
        out.contains("items[0].suggestions.errors.answer.ONLINE-B.spans[2]")
            && out.contains("not in the text"),
        "{out}"
    );
}

/// Issue 53: ESA (error spans asked per translation by a section) with a model's spans on half
/// of the items, shown to half of the participants, 5 simulated annotators: the model section
/// (with the anchoring split) covers the per-output control, the tidy CSV's provenance column is
/// filled on every error row of a suggested item, and aggregation covers the spans.
#[test]
fn esa_with_suggestions_on_half_the_items_is_complete_in_every_figure() {
    let dir = std::env::temp_dir().join(format!("glossa-suggest-esa-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut spec: Value = serde_json::from_str(&read("www/examples/de-esa/spec.json")).unwrap();
    spec["suggestions"] = json!({"show_percent": 50});
    let mut items: Vec<Value> =
        serde_json::from_str(&read("www/examples/de-esa/items.json")).unwrap();
    let mut suggested = Vec::new();
    for (n, it) in items.iter_mut().enumerate().filter(|(n, _)| n % 2 == 0) {
        let mut answer = serde_json::Map::new();
        for o in it["translations"].as_array().unwrap() {
            let second = o["text"]
                .as_str()
                .unwrap()
                .split(' ')
                .nth(1)
                .unwrap()
                .to_owned();
            answer.insert(
                o["id"].as_str().unwrap().to_owned(),
                json!({"spans": [{"label": "minor", "text": second}]}),
            );
        }
        it["suggestions"] = json!({"errors": {"model": "gemba-esa", "answer": answer}});
        suggested.push((n, it["id"].as_str().unwrap().to_owned()));
    }
    let (sp, ip, rp) = (
        dir.join("spec.json"),
        dir.join("items.json"),
        dir.join("results.jsonl"),
    );
    std::fs::write(&sp, spec.to_string()).unwrap();
    std::fs::write(&ip, Value::from(items).to_string()).unwrap();
    let (sp, ip) = (sp.to_str().unwrap(), ip.to_str().unwrap());
    let (code, results, err) = run(&["simulate", sp, ip, "--annotators", "5", "--seed", "3"]);
    assert_eq!(code, 0, "{err}");
    std::fs::write(&rp, &results).unwrap();
    let rp = rp.to_str().unwrap();

    // The model section: the per-output control, its outputs as units, the anchoring split.
    let (code, out, err) = run(&["agreement", sp, rp, "--items", ip, "--json"]);
    assert_eq!(code, 0, "{err}");
    let agreement: Value = serde_json::from_str(&out).unwrap();
    let model = &agreement["models"]["errors"];
    assert_eq!(model["model"], "gemba-esa", "{agreement}");
    assert_eq!(
        model["items"], 6,
        "three items, two translations each: {model}"
    );
    assert!(model["anchoring"].is_object(), "{model}");
    assert!(
        model["vs_majority"]["items"].as_u64().unwrap() > 0,
        "{model}"
    );

    // The tidy CSV: every error row of a suggested item says what became of the suggestion.
    let (code, csv, err) = run(&["export", "csv", sp, rp]);
    assert_eq!(code, 0, "{err}");
    let mut lines = csv.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let (item, control, provenance) = (col("item_id"), col("control"), col("provenance"));
    let mut filled = 0;
    // (Rows with a quoted cell — a span's text with a comma — are passed over.)
    for line in lines.filter(|l| !l.contains('"')) {
        let cells: Vec<&str> = line.split(',').collect();
        if cells[control] != "errors" || !suggested.iter().any(|(_, id)| id == cells[item]) {
            continue;
        }
        assert!(!cells[provenance].is_empty(), "no provenance on {line}");
        filled += 1;
    }
    assert!(filled > 0);

    // Aggregation covers the spans asked per translation.
    let (code, out, err) = run(&["aggregate", sp, rp, "--items", ip, "--json"]);
    assert_eq!(code, 0, "{err}");
    let aggregated: Value = serde_json::from_str(&out).unwrap();
    assert!(
        aggregated["errors"]["tasks"].as_u64().unwrap() > 0,
        "{aggregated}"
    );
}

/// Issue 53: error spans a model marked inside each translation, imported from spaCy / Prodigy
/// lines keyed by item and output (`meta.item_id` "item/output", or `meta.output`) and from
/// Label Studio tasks with one text per output, become ESA items: the translations as the
/// section's outputs, the spans as suggestions keyed by translation, which `glossa check`
/// accepts.
#[test]
fn per_output_spans_are_imported_from_spacy_lines_and_label_studio_tasks_one_per_output() {
    let dir = std::env::temp_dir().join(format!("glossa-import-esa-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut spec: Value = serde_json::from_str(&read("www/examples/de-esa/spec.json")).unwrap();
    spec["suggestions"] = json!({});
    let sp = dir.join("spec.json");
    std::fs::write(&sp, spec.to_string()).unwrap();
    let sp = sp.to_str().unwrap();
    let (a, b) = (
        "Das Treffen wurde auf nächsten Dienstag verschoben.",
        "Die Sitzung wurde bis nächsten Dienstag verlegt.",
    );
    let spacy = [
        json!({"text": a, "meta": {"item_id": "esa-001/ONLINE-A", "source": "The meeting has been postponed until next Tuesday."},
               "spans": [{"start": 18, "end": 21, "label": "minor"}]}),
        json!({"text": b, "meta": {"id": "esa-001", "output": "ONLINE-B"},
               "spans": [{"start": 41, "end": 45, "label": "major"}]}),
    ];
    let ls = json!([
        {"id": 1, "data": {"item_id": "esa-001/ONLINE-A", "source": "The meeting has been postponed until next Tuesday.", "translations": a},
         "predictions": [{"model_version": "gemba-esa", "result": [
            {"from_name": "errors", "to_name": "translations", "type": "labels", "value": {"start": 18, "end": 21, "labels": ["minor"]}}]}]},
        {"id": 2, "data": {"id": "esa-001", "output": "ONLINE-B", "translations": b},
         "predictions": [{"model_version": "gemba-esa", "result": [
            {"from_name": "errors", "to_name": "translations", "type": "labels", "value": {"start": 41, "end": 45, "labels": ["major"]}}]}]}
    ]);
    let spacy_path = dir.join("esa.spacy.jsonl");
    std::fs::write(
        &spacy_path,
        spacy.iter().map(|l| format!("{l}\n")).collect::<String>(),
    )
    .unwrap();
    let ls_path = dir.join("esa.labelstudio.json");
    std::fs::write(&ls_path, ls.to_string()).unwrap();
    for (from, path) in [("spacy", &spacy_path), ("labelstudio", &ls_path)] {
        let (code, out, err) = run(&[
            "items",
            sp,
            path.to_str().unwrap(),
            "--from",
            from,
            "--model",
            "gemba-esa",
        ]);
        assert_eq!(code, 0, "{from}: {err}");
        let items: Vec<Value> = out
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(
            items.len(),
            1,
            "{from}: one item from its two outputs: {out}"
        );
        let it = &items[0];
        assert_eq!(it["id"], "esa-001", "{from}");
        assert_eq!(
            it["translations"],
            json!([{"id": "ONLINE-A", "text": a}, {"id": "ONLINE-B", "text": b}]),
            "{from}"
        );
        assert_eq!(
            it["suggestions"]["errors"]["answer"],
            json!({"ONLINE-A": {"spans": [{"label": "minor", "words": [3, 3]}]},
                   "ONLINE-B": {"spans": [{"label": "major", "words": [6, 6]}]}}),
            "{from}: {it}"
        );
        // "verl" ends inside "verlegt": grown, with the importers' note.
        assert!(
            err.contains("ends inside a word") && err.contains("verlegt"),
            "{from}: {err}"
        );
        let ip = dir.join(format!("{from}-items.json"));
        std::fs::write(&ip, Value::from(items).to_string()).unwrap();
        let (code, out, err) = run(&["check", sp, ip.to_str().unwrap()]);
        assert_eq!(code, 0, "{from}: {out}{err}");
    }
}

/// Label Studio regions come back whole: their offsets read in the unit in which they slice
/// the region's text out of the item's (code points, as `glossa export label-studio` and later
/// Label Studio versions count; UTF-16 units, as earlier ones did), their per-region choices
/// and notes as the span's attributes; the suggestions a task's data carried from another model
/// are not this model's.
#[test]
fn label_studio_regions_keep_their_attributes_and_offsets_in_either_unit() {
    let dir = std::env::temp_dir().join(format!("glossa-ls-regions-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut spec: Value = serde_json::from_str(&read("www/examples/en-de-mqm/spec.json")).unwrap();
    spec["suggestions"] = json!({});
    let sp = dir.join("spec.json");
    std::fs::write(&sp, spec.to_string()).unwrap();
    // "Treffen" is code points 6–13 and UTF-16 units 7–14 (the clown is two units).
    let target = "Das 🤡 Treffen wurde verschoben.";
    let task = |id: &str, start: u64, end: u64| {
        json!({
            "data": {"item_id": id, "source": "The meeting was postponed.", "system": "sys-A", "target": target,
                     "suggestions": {"errors": {"model": "an-older-model", "answer": {"spans": []}}}},
            "predictions": [{"model_version": "gemba-mqm", "result": [
                {"id": "r1", "from_name": "errors", "to_name": "text", "type": "labels",
                 "value": {"start": start, "end": end, "text": "Treffen", "labels": ["accuracy"]}},
                {"id": "r1", "from_name": "severity", "to_name": "text", "type": "choices",
                 "value": {"start": start, "end": end, "choices": ["major"]}},
                {"id": "r1", "from_name": "note", "to_name": "text", "type": "textarea",
                 "value": {"start": start, "end": end, "text": ["meeting, not hit"]}}
            ]}]
        })
    };
    let lp = dir.join("tasks.json");
    std::fs::write(
        &lp,
        json!([task("points", 6, 13), task("units", 7, 14)]).to_string(),
    )
    .unwrap();
    let (code, out, err) = run(&[
        "items",
        sp.to_str().unwrap(),
        lp.to_str().unwrap(),
        "--from",
        "labelstudio",
    ]);
    assert_eq!(code, 0, "{err}");
    let items: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(items.len(), 2, "{out}");
    for it in &items {
        assert_eq!(
            it["suggestions"],
            json!({"errors": {"model": "gemba-mqm", "answer": {"spans": [{
                "label": "accuracy", "words": [2, 2],
                "attributes": {"severity": "major", "note": "meeting, not hit"}}]}}}),
            "{it}"
        );
    }
    assert!(!err.contains("inside a word"), "{err}");
}

/// A spaCy line as `glossa export spacy` writes it: the span's attributes come back with it,
/// the item's other fields from `meta`, and what `meta` says of the annotation (its annotator,
/// nothing to mark) is not made a field of the item.
#[test]
fn spacy_lines_give_back_the_spans_attributes_and_the_items_other_fields() {
    let dir = std::env::temp_dir().join(format!("glossa-spacy-meta-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut spec: Value = serde_json::from_str(&read("www/examples/en-de-mqm/spec.json")).unwrap();
    spec["suggestions"] = json!({});
    let sp = dir.join("spec.json");
    std::fs::write(&sp, spec.to_string()).unwrap();
    let line = json!({"text": "Das Treffen wurde verschoben.",
        "spans": [{"start": 4, "end": 11, "label": "accuracy", "text": "Treffen", "attributes": {"severity": "minor"}}],
        "meta": {"item_id": "wmt-9", "annotator": "p1", "nothing_to_mark": false,
                 "source": "The meeting was postponed.", "system": "sys-A"}});
    let lp = dir.join("lines.jsonl");
    std::fs::write(&lp, format!("{line}\n")).unwrap();
    let (code, out, err) = run(&[
        "items",
        sp.to_str().unwrap(),
        lp.to_str().unwrap(),
        "--from",
        "spacy",
        "--model",
        "gemba-mqm",
    ]);
    assert_eq!(code, 0, "{err}");
    let item: Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    assert_eq!(
        item,
        json!({"id": "wmt-9", "source": "The meeting was postponed.", "system": "sys-A",
               "target": "Das Treffen wurde verschoben.",
               "suggestions": {"errors": {"model": "gemba-mqm", "answer": {"spans": [
                   {"label": "accuracy", "words": [1, 1], "attributes": {"severity": "minor"}}]}}}})
    );
}

/// Label Studio tasks of a section asked per output: one task holding an item's whole list of
/// outputs is refused with the shape that works named; tasks per output (`item/output`) are
/// folded into the item, an empty prediction a suggestion of nothing for its output.
#[test]
fn label_studio_tasks_per_output_are_folded_and_a_task_per_item_is_told_the_shape_that_works() {
    let dir = std::env::temp_dir().join(format!("glossa-suggest-ls-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut spec: Value = serde_json::from_str(&read("www/examples/de-esa/spec.json")).unwrap();
    spec["suggestions"] = json!({});
    let spec_path = dir.join("spec.json");
    std::fs::write(&spec_path, spec.to_string()).unwrap();
    let items: Vec<Value> = serde_json::from_str(&read("www/examples/de-esa/items.json")).unwrap();
    let item = &items[0];
    let prediction = |result: Value| json!([{"model_version": "gpt-4o", "result": result}]);
    let whole = json!([{"id": 1, "data": item, "predictions": prediction(json!([{
        "id": "r1", "from_name": "errors", "to_name": "text", "type": "labels",
        "value": {"start": 0, "end": 3, "labels": ["minor"]}}]))}]);
    let path = dir.join("whole.json");
    std::fs::write(&path, whole.to_string()).unwrap();
    let spec_arg = spec_path.to_str().unwrap();
    let (code, _, err) = run(&[
        "items",
        spec_arg,
        path.to_str().unwrap(),
        "--from",
        "labelstudio",
    ]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("give one record (Label Studio task, spaCy line) per output")
            && err.contains("its id \"item/output\""),
        "{err}"
    );
    let per_output: Vec<Value> = item["translations"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
        .map(|(n, o)| {
            json!({"id": n + 1, "data": {"item_id": format!("{}/{}", item["id"].as_str().unwrap(), o["id"].as_str().unwrap()),
                "source": item["source"], "translations": o["text"]}, "predictions": prediction(json!([]))})
        })
        .collect();
    std::fs::write(&path, serde_json::to_string(&per_output).unwrap()).unwrap();
    let (code, out, err) = run(&[
        "items",
        spec_arg,
        path.to_str().unwrap(),
        "--from",
        "labelstudio",
    ]);
    assert_eq!(code, 0, "{err}");
    let got: Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    assert_eq!(got["translations"], item["translations"]);
    let nothing: serde_json::Map<String, Value> = item["translations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| (o["id"].as_str().unwrap().to_owned(), json!({"spans": []})))
        .collect();
    assert_eq!(
        got["suggestions"]["errors"],
        json!({"model": "gpt-4o", "answer": nothing})
    );
}
