//! Sections, natively: controls a section asks once per output (the SummEval and ESA
//! examples), one order recorded for every control over the outputs, display logic (a hidden
//! control neither required nor recorded, and `glossa validate` refusing a result that answers
//! one), the spec's checks of sections, and the ESA items made from a sheet with a column per
//! system.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::{choose, rate};

use glossa::analysis::revalidate::check_result;
use glossa::form::{apply, Action, FormState, KindEdit};
use glossa::item;
use glossa::kinds::span_labels::LabelEdit;
use glossa::result::{build, Environment};
use glossa::support::ids::{ControlId, OptionValue};
use glossa::support::sorted_map::SortedMap;
use glossa::task::Task;
use glossa::validate::{self, ProblemCode};
use serde_json::{json, Value};
use std::process::Command;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn read(path: &str) -> String {
    std::fs::read_to_string(format!("{ROOT}/{path}")).unwrap()
}

fn task(dir: &str, n: usize, seed: &str) -> Task {
    let spec =
        glossa::mount::load_spec(&read(&format!("www/examples/{dir}/spec.json"))).expect("spec");
    let items = item::parse_items(&read(&format!("www/examples/{dir}/items.json"))).expect("items");
    Task::new(spec, items[n].clone(), Some(seed))
}

/// Runs a command, which must succeed (else its errors are the failure); its output.
fn succeed(command: &mut Command) -> String {
    let out = command.output().expect("the command runs");
    assert!(
        out.status.success(),
        "{command:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

/// Runs `glossa` with these arguments, which must succeed; its output.
fn glossa(args: &[&str]) -> String {
    succeed(Command::new(env!("CARGO_BIN_EXE_glossa")).args(args))
}

fn c(s: &str) -> ControlId {
    ControlId::from(s)
}

fn run(t: &Task, actions: Vec<Action>) -> FormState {
    actions
        .into_iter()
        .fold(FormState::new(0), |f, a| apply(t, &f, a))
}

/// SummEval: every summary rated 3 on the four scales, with `unsupported` as given.
fn summeval_actions(unsupported: &[(&str, &str)]) -> Vec<Action> {
    let mut out = Vec::new();
    for (id, yes_no) in unsupported {
        out.push(choose(&format!("unsupported/{id}"), yes_no));
        for scale in ["coherence", "consistency", "fluency", "relevance"] {
            out.push(rate(&format!("{scale}/{id}"), 3));
        }
    }
    out
}

/// Marks words `first..=last` of a span control's text with a label.
fn mark(control: &str, first: usize, last: usize, label: &str) -> Vec<Action> {
    vec![
        Action::Select {
            control: c(control),
            anchor: first,
            focus: last,
            complete: true,
        },
        Action::kind(
            c(control),
            KindEdit::SpanLabels(LabelEdit::Pick(OptionValue::from(label))),
        ),
    ]
}

fn result(t: &Task, form: &FormState) -> Value {
    serde_json::to_value(
        build(t, form, &Environment::default(), &SortedMap::new(), 1).expect("valid"),
    )
    .unwrap()
}

#[test]
fn a_section_asks_each_control_once_per_output_in_the_order_shown_recorded_once() {
    let t = task("en-summeval", 0, "P-1");
    let order = t
        .presentation
        .order
        .get(&c("summaries"))
        .expect("the section's order")
        .clone();
    assert_eq!(
        t.presentation.order.len(),
        1,
        "recorded once: {:?}",
        t.presentation.order
    );
    let ids: Vec<&str> = t.spec.controls.iter().map(|c| c.id().as_str()).collect();
    let expected: Vec<String> = order
        .iter()
        .flat_map(|o| {
            [
                "unsupported",
                "hallucinations",
                "coherence",
                "consistency",
                "fluency",
                "relevance",
            ]
            .map(|k| format!("{k}/{o}"))
        })
        .collect();
    assert_eq!(ids, expected, "output by output, as shown");
    // Another participant, another order (of the six a 3-output item has, some seed differs).
    let orders: std::collections::BTreeSet<Vec<String>> = (0..12)
        .map(|k| {
            task("en-summeval", 0, &format!("P-{k}")).presentation.order[&c("summaries")].clone()
        })
        .collect();
    assert!(orders.len() > 1);

    // The pairwise preference of the ESA example follows the section's order, which is all
    // that is recorded.
    let esa = task("de-esa", 0, "P-7");
    assert_eq!(
        esa.presentation
            .order
            .keys()
            .map(|k| k.as_str())
            .collect::<Vec<_>>(),
        ["translations"]
    );
    let shown: Vec<String> = esa
        .outputs_shown(&c("better"), "translations")
        .into_iter()
        .map(|o| o.id)
        .collect();
    assert_eq!(shown, esa.presentation.order[&c("translations")]);
}

#[test]
fn results_key_each_control_by_output_and_spans_index_the_outputs_own_text() {
    let t = task("en-summeval", 0, "P-1");
    let mut actions = summeval_actions(&[("M11", "no"), ("M17", "yes"), ("M23", "no")]);
    // "Monday's flood injured forty people …": words 2–4 are "injured forty people".
    actions.extend(mark("hallucinations/M17", 2, 4, "contradiction"));
    let r = result(&t, &run(&t, actions));
    assert_eq!(
        r["answers"]["unsupported"],
        json!({"M11": "no", "M17": "yes", "M23": "no"})
    );
    assert_eq!(
        r["answers"]["coherence"],
        json!({"M11": 3, "M17": 3, "M23": 3})
    );
    let hallucinations = r["answers"]["hallucinations"].as_object().unwrap();
    assert_eq!(
        hallucinations.keys().collect::<Vec<_>>(),
        ["M17"],
        "hidden for the others: not recorded"
    );
    let span = &hallucinations["M17"]["spans"][0];
    assert_eq!(span["text"], "injured forty people");
    let text = "Monday's flood injured forty people in the old town, where the fire brigade pumped out basements.";
    let (s, e) = (
        span["start"].as_u64().unwrap() as usize,
        span["end"].as_u64().unwrap() as usize,
    );
    assert_eq!(
        text.chars().skip(s).take(e - s).collect::<String>(),
        "injured forty people"
    );
    assert_eq!(
        r["shown"]["order"]
            .as_object()
            .unwrap()
            .keys()
            .collect::<Vec<_>>(),
        ["summaries"]
    );
    assert_eq!(
        check_result(&t, &r),
        vec![],
        "the widget's own result re-validates"
    );
}

#[test]
fn a_hidden_control_is_not_required_and_its_answer_stays_in_the_draft_only() {
    let t = task("en-summeval", 0, "P-1");
    let f = run(
        &t,
        summeval_actions(&[("M11", "yes"), ("M17", "no"), ("M23", "no")]),
    );
    let problems: Vec<(String, ProblemCode)> = validate::validate(&t, &f.answers)
        .problems
        .into_iter()
        .map(|p| (p.path.to_string(), p.code))
        .collect();
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(
        problems[0].0.starts_with("hallucinations/M11"),
        "shown after a yes, then required: {problems:?}"
    );
    // Marked, then answered "no": the spans stay in the draft (a yes brings them back), never in
    // the result.
    let f = run(
        &t,
        [
            summeval_actions(&[("M11", "yes"), ("M17", "no"), ("M23", "no")]),
            mark("hallucinations/M11", 0, 0, "not_in_article"),
            vec![choose("unsupported/M11", "no")],
        ]
        .concat(),
    );
    assert!(f.answers.contains_key(&c("hallucinations/M11")));
    let r = result(&t, &f);
    assert!(
        r["answers"].get("hallucinations").is_none(),
        "{}",
        r["answers"]
    );
    let back = apply(&t, &f, choose("unsupported/M11", "yes"));
    assert!(result(&t, &back)["answers"]["hallucinations"]["M11"]["spans"][0]["text"].is_string());
}

#[test]
fn validate_refuses_an_answer_to_a_hidden_control_and_an_output_the_item_lacks() {
    let t = task("en-summeval", 0, "P-1");
    let f = run(
        &t,
        [
            summeval_actions(&[("M11", "yes"), ("M17", "no"), ("M23", "no")]),
            mark("hallucinations/M11", 0, 0, "not_in_article"),
        ]
        .concat(),
    );
    let good = result(&t, &f);
    assert_eq!(check_result(&t, &good), vec![]);
    // The same spans, but the annotator said there were none: the widget hid the question.
    let mut forged = good.clone();
    forged["answers"]["unsupported"]["M11"] = json!("no");
    forged["ids"] = json!({"participant": "P-2"});
    let findings = check_result(&t, &forged);
    assert_eq!(findings.len(), 1, "{findings:?}");
    assert_eq!(findings[0].path, "answers.hallucinations.M11");
    assert!(
        findings[0].message.contains("hidden"),
        "{}",
        findings[0].message
    );
    let mut unknown = good.clone();
    unknown["answers"]["coherence"]["M99"] = json!(4);
    let findings = check_result(&t, &unknown);
    assert!(
        findings
            .iter()
            .any(|f| f.path == "answers.coherence.M99" && f.message.contains("no such output")),
        "{findings:?}"
    );

    // The command line says so, naming the result's line and the path.
    let dir = std::env::temp_dir().join(format!("glossa-sections-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let results = dir.join("results.jsonl");
    std::fs::write(&results, format!("{good}\n{forged}\n")).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_glossa"))
        .args([
            "validate",
            &format!("{ROOT}/www/examples/en-summeval/spec.json"),
            &format!("{ROOT}/www/examples/en-summeval/items.json"),
        ])
        .arg(&results)
        .output()
        .unwrap();
    let text =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{text}");
    assert!(
        text.contains(":2:") && text.contains("answers.hallucinations.M11"),
        "{text}"
    );
    assert!(
        !text.contains(":1:"),
        "the widget's own result passes: {text}"
    );
}

/// Loads a spec and returns each problem's path and code (empty when it loads).
fn problems(spec: Value) -> Vec<(String, String)> {
    match glossa::mount::load_spec(&spec.to_string()) {
        Ok(_) => vec![],
        Err(issues) => issues
            .into_iter()
            .map(|i| (i.path, format!("{:?}", i.code)))
            .collect(),
    }
}

fn section_spec(section: Value, controls: Value) -> Value {
    json!({
        "glossa": 1, "id": "s", "version": "1", "language": "en",
        "blocks": [section],
        "controls": controls
    })
}

#[test]
fn the_spec_checks_sections_and_display_logic_naming_the_field() {
    let yes_no = json!({"kind": "single_choice", "id": "ok", "label": "OK?", "options": [{"value": "yes", "label": "Yes"}, {"value": "no", "label": "No"}]});
    let note = json!({"kind": "text", "id": "note", "label": "Why?"});
    let outputs = json!({"field": "outputs", "label": "Output {n}"});
    let good = section_spec(
        json!({"kind": "section", "outputs": outputs, "controls": ["ok", "note"], "visible_when": {"note": {"control": "ok", "is": ["no"]}}}),
        json!([yes_no, note]),
    );
    assert_eq!(problems(good), vec![]);
    let cases: Vec<(Value, Value, &str, &str)> = vec![
        (
            json!({"kind": "section", "controls": ["ok", "nope"]}),
            json!([yes_no]),
            "blocks[0].controls[1]",
            "UnknownControl",
        ),
        (
            json!({"kind": "section", "outputs": outputs, "controls": ["pref"]}),
            json!([{"kind": "pairwise", "id": "pref", "label": "Better?", "outputs": outputs}]),
            "blocks[0].controls[0]",
            "InvalidField",
        ),
        (
            json!({"kind": "section", "outputs": outputs, "controls": ["ok"]}),
            json!([{"kind": "single_choice", "id": "ok", "label": "OK?", "options": [{"value": "y", "label": "Y", "key": "y"}]}]),
            "blocks[0].controls[0]",
            "InvalidShortcutKey",
        ),
        (
            json!({"kind": "section", "controls": ["ok", "note"], "visible_when": {"note": {"control": "ok", "is": ["maybe"]}}}),
            json!([yes_no, note]),
            "blocks[0].visible_when.note.is[0]",
            "UnknownOption",
        ),
        (
            json!({"kind": "section", "controls": ["ok", "note"], "visible_when": {"ok": {"control": "note"}}}),
            json!([yes_no, note]),
            "blocks[0].visible_when.ok.control",
            "InvalidField",
        ),
        (
            json!({"kind": "section", "controls": ["note", "ok"], "visible_when": {"note": {"control": "ok"}}}),
            json!([yes_no, note]),
            "blocks[0].visible_when.note.control",
            "InvalidField",
        ),
        (
            json!({"kind": "section", "controls": ["ok"], "visible_when": {"note": {"control": "ok"}}}),
            json!([yes_no, note]),
            "blocks[0].visible_when.note",
            "UnknownControl",
        ),
    ];
    for (section, controls, path, code) in cases {
        let got = problems(section_spec(section.clone(), controls));
        assert!(
            got.iter().any(|(p, c)| p == path && c == code),
            "{section}: expected {path} {code}, got {got:?}"
        );
    }
    // A decider outside every section comes after the sections: refused, naming where to put it.
    let mut later = section_spec(
        json!({"kind": "section", "controls": ["note"], "visible_when": {"note": {"control": "ok"}}}),
        json!([yes_no, note]),
    );
    assert!(problems(later.clone())
        .iter()
        .any(|(p, c)| p == "blocks[0].visible_when.note.control" && c == "InvalidField"));
    // In an earlier section asked once, it decides for a section asked per output.
    later["blocks"] = json!([
        {"kind": "section", "controls": ["ok"]},
        {"kind": "section", "outputs": outputs, "controls": ["note"], "visible_when": {"note": {"control": "ok", "is": ["yes"]}}}
    ]);
    assert_eq!(problems(later), vec![]);
    // A worked example answers per output, each answer checked as the kind's.
    let mut example = section_spec(
        json!({"kind": "section", "outputs": outputs, "controls": ["ok"]}),
        json!([yes_no]),
    );
    example["examples"] = json!([{
        "item": {"id": "ex", "outputs": [{"id": "a", "text": "A."}, {"id": "b", "text": "B."}]},
        "answers": {"ok": {"a": "yes", "b": "maybe"}}
    }]);
    let got = problems(example);
    assert!(
        got.iter()
            .any(|(p, c)| p == "examples[0].answers.ok.b" && c == "UnknownOption"),
        "{got:?}"
    );
    // Two sections showing one control.
    let mut two = section_spec(
        json!({"kind": "section", "controls": ["ok"]}),
        json!([yes_no]),
    );
    two["blocks"]
        .as_array_mut()
        .unwrap()
        .push(json!({"kind": "section", "controls": ["ok"]}));
    assert!(problems(two)
        .iter()
        .any(|(p, _)| p == "blocks[1].controls[0]"));
}

#[test]
fn the_esa_items_come_from_a_sheet_with_a_column_per_system_none_copied() {
    let dir = format!("{ROOT}/www/examples/de-esa");
    let header = read("www/examples/de-esa/items.csv")
        .lines()
        .next()
        .unwrap()
        .to_owned();
    assert_eq!(
        header, "id,source,ONLINE-A,ONLINE-B",
        "the sheet a researcher has"
    );
    let out = glossa(&[
        "items",
        &format!("{dir}/spec.json"),
        &format!("{dir}/items.csv"),
        "--map",
        "translations=ONLINE-A,ONLINE-B",
    ]);
    let made = item::parse_items(&out).unwrap();
    let shipped = item::parse_items(&read("www/examples/de-esa/items.json")).unwrap();
    assert_eq!(
        made, shipped,
        "www/examples/de-esa/items.json is the sheet's items"
    );
    assert_eq!(
        made[2]
            .outputs("translations")
            .iter()
            .map(|o| o.id.as_str())
            .collect::<Vec<_>>(),
        ["ONLINE-A", "ONLINE-B"]
    );
    // The studio's column mapping (the report page's `readItems`) offers several columns for
    // the section's outputs, as for any list of outputs.
    let spec = glossa::mount::load_spec(&read("www/examples/de-esa/spec.json")).unwrap();
    assert_eq!(glossa::study::sheet::output_fields(&spec), ["translations"]);
}

fn close(a: &Value, b: &Value, what: &str) {
    match (a.as_f64(), b.as_f64()) {
        (Some(x), Some(y)) => assert!((x - y).abs() < 1e-9, "{what}: glossa {x}, reference {y}"),
        _ => assert_eq!(a, b, "{what}"),
    }
}

/// Simulated annotators do the ESA example: each translation's error spans and score, the
/// preference; returns the results file.
fn esa_results(annotators: u64) -> std::path::PathBuf {
    let items = item::parse_items(&read("www/examples/de-esa/items.json")).unwrap();
    let spec = glossa::mount::load_spec(&read("www/examples/de-esa/spec.json")).unwrap();
    let mut lines = String::new();
    for (n, it) in items.iter().enumerate() {
        for a in 1..=annotators {
            let who = format!("p{a}");
            let t = Task::new(spec.clone(), it.clone(), Some(&who));
            let (_, form) = glossa::simulate::annotate(&t, n as u64 * 31 + a, 0).expect("valid");
            let mut ids = SortedMap::new();
            ids.insert("participant".to_owned(), who);
            let doc = build(&t, &form, &Environment::default(), &ids, 1).expect("valid");
            lines += &serde_json::to_string(&doc).unwrap();
            lines.push('\n');
        }
    }
    let dir = std::env::temp_dir().join(format!("glossa-esa-{annotators}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("results.jsonl");
    std::fs::write(&path, lines).unwrap();
    path
}

#[test]
fn error_scores_per_system_and_their_agreement_with_the_direct_scores_equal_an_independent_computation(
) {
    let results = esa_results(4);
    let spec = format!("{ROOT}/www/examples/de-esa/spec.json");
    let out = glossa(&[
        "agreement",
        &spec,
        results.to_str().unwrap(),
        "--items",
        &format!("{ROOT}/www/examples/de-esa/items.json"),
        "--json",
    ]);
    let got: Value = serde_json::from_str(&out).unwrap();
    let mine = &got["error_scores"]["errors"];
    // Python with scipy (`scripts/setup.sh test` installs it in tests/.venv).
    let reference = succeed(
        Command::new(common::python())
            .arg(format!("{ROOT}/tests/error_scores_reference.py"))
            .args([&spec, results.to_str().unwrap(), "errors", "score"]),
    );
    let want: Value = serde_json::from_str(&reference).unwrap();
    for system in ["ONLINE-A", "ONLINE-B"] {
        let (m, w) = (&mine["systems"][system], &want["systems"][system]);
        close(&m["units"], &w["units"], &format!("{system} units"));
        close(
            &m["error_score"],
            &w["error_score"],
            &format!("{system} MQM"),
        );
        close(
            &m["direct"]["score"],
            &w["direct"],
            &format!("{system} ESA score"),
        );
        close(
            &m["mean_over_ratings"]["error_score"],
            &w["mean_over_ratings"]["error_score"],
            &format!("{system} MQM over ratings"),
        );
        close(
            &m["mean_over_ratings"]["direct"]["score"],
            &w["mean_over_ratings"]["direct"],
            &format!("{system} ESA score over ratings"),
        );
    }
    let corr = &mine["correlation_with_direct"]["score"];
    for k in ["pearson", "spearman", "n"] {
        close(&corr[k], &want["overall"][k], &format!("overall {k}"));
        for who in ["p1", "p2", "p3", "p4"] {
            close(
                &corr["per_annotator"][who][k],
                &want["per_annotator"][who][k],
                &format!("{who} {k}"),
            );
        }
    }
    assert!(
        corr["pearson"].is_f64(),
        "simulated errors and scores vary: {corr}"
    );
    // The ratings per output keep their own figures: α over (item, translation) and each
    // system's mean and z-score, as for any slider per output.
    assert!(
        got["controls"]["score"]["units"].as_u64().unwrap() >= 12,
        "{}",
        got["controls"]["score"]
    );
    assert!(
        got["systems"]["score"]["ONLINE-A"]["z"].is_f64(),
        "{}",
        got["systems"]
    );
    // The spans' agreement is over each translation as a unit of its own.
    assert!(
        got["span_labels"]["errors"].is_object()
            || got["controls"]
                .as_object()
                .unwrap()
                .keys()
                .any(|k| k.starts_with("errors")),
        "{got}"
    );
    // The table says it too.
    let text = glossa(&["agreement", &spec, results.to_str().unwrap()]);
    assert!(
        text.contains("error scores (MQM), errors")
            && text.contains("ONLINE-A")
            && text.contains("against score: Pearson"),
        "{text}"
    );
}

#[test]
fn error_scores_list_systems_best_first_with_no_negative_zero_and_each_weight_once() {
    // ONLINE-B is marked with no errors by anyone (an error score of 0), ONLINE-A keeps its.
    let results = esa_results(3);
    let text = std::fs::read_to_string(&results).unwrap();
    let mut lines = String::new();
    for line in text.lines() {
        let mut r: Value = serde_json::from_str(line).unwrap();
        if let Some(b) = r.pointer_mut("/answers/errors/ONLINE-B/spans") {
            *b = serde_json::json!([]);
        }
        lines += &r.to_string();
        lines.push('\n');
    }
    std::fs::write(&results, lines).unwrap();
    let spec = format!("{ROOT}/www/examples/de-esa/spec.json");
    let out = glossa(&["agreement", &spec, results.to_str().unwrap(), "--json"]);
    let got: Value = serde_json::from_str(&out).unwrap();
    let systems = &got["error_scores"]["errors"]["systems"];
    assert_eq!(systems["ONLINE-B"]["error_score"], 0.0, "{systems}");
    let negative_zero = |t: &str| {
        t.match_indices("-0.0").any(|(at, m)| {
            !t[at + m.len()..].starts_with(|c: char| c.is_ascii_digit() && c != '0')
                && t[at + m.len()..]
                    .trim_start_matches('0')
                    .starts_with(|c: char| !c.is_ascii_digit())
        })
    };
    assert!(!negative_zero(&out), "no negative zero in the JSON: {out}");
    let a = systems["ONLINE-A"]["error_score"].as_f64().unwrap();
    assert!(a > 0.0, "ONLINE-A keeps its simulated errors: {systems}");
    // The table: lowest error score first (ONLINE-B before ONLINE-A), no "-0.000", and each
    // standard weight named once.
    let table = glossa(&["agreement", &spec, results.to_str().unwrap()]);
    let part = table.split("error scores (MQM)").nth(1).unwrap_or_default();
    let (b_at, a_at) = (
        part.find("ONLINE-B").unwrap(),
        part.find("ONLINE-A").unwrap(),
    );
    assert!(b_at < a_at, "best first: {part}");
    assert!(!negative_zero(&table), "{table}");
    let html = results.with_file_name("report.html");
    glossa(&[
        "report",
        &spec,
        &format!("{ROOT}/www/examples/de-esa/items.json"),
        results.to_str().unwrap(),
        "--out",
        html.to_str().unwrap(),
    ]);
    let report = std::fs::read_to_string(&html).unwrap();
    let weights = report
        .split("weights: ")
        .nth(1)
        .and_then(|w| w.split(')').next())
        .unwrap_or_else(|| panic!("the report names its weights"));
    assert_eq!(weights.matches("translation").count(), 1, "{weights}");
    assert!(!negative_zero(&report));
    let section = report.split("Error scores (MQM)").nth(1).unwrap();
    assert!(section.find("ONLINE-B").unwrap() < section.find("ONLINE-A").unwrap());
    // The chart of a section asked per output names each translation's system, best first.
    assert_eq!(
        common::chart_rows(&report, "errors: error score per system"),
        ["ONLINE-B", "ONLINE-A"]
    );
}

#[test]
fn exports_and_the_report_name_the_output_of_each_span_and_rating() {
    let results = esa_results(2);
    let (spec, items) = (
        format!("{ROOT}/www/examples/de-esa/spec.json"),
        format!("{ROOT}/www/examples/de-esa/items.json"),
    );
    let r = results.to_str().unwrap();
    let conll = glossa(&["export", "conll", &spec, &items, r]);
    assert!(
        conll.contains("# item_id = esa-001/ONLINE-A")
            && conll.contains("# item_id = esa-001/ONLINE-B"),
        "{conll}"
    );
    // Each document's tokens are its translation's.
    let doc: Vec<&str> = conll
        .split("\n\n")
        .find(|d| d.contains("# item_id = esa-003/ONLINE-B"))
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split('\t').next().unwrap())
        .collect();
    assert_eq!(
        doc.join(" "),
        "Die Bank am Fluss erhöhte die Zinsen um einen halben Prozent ."
    );
    let spacy = glossa(&["export", "spacy", &spec, &items, r]);
    let first: Value = serde_json::from_str(spacy.lines().next().unwrap()).unwrap();
    for s in first["spans"].as_array().unwrap() {
        let text = first["text"].as_str().unwrap();
        let (a, b) = (
            s["start"].as_u64().unwrap() as usize,
            s["end"].as_u64().unwrap() as usize,
        );
        assert_eq!(
            text.chars().skip(a).take(b - a).collect::<String>(),
            s["text"].as_str().unwrap()
        );
    }
    let csv = glossa(&["export", "csv", &spec, r]);
    assert!(
        csv.lines()
            .any(|l| l.starts_with("p1,esa-001,score,ONLINE-A,")),
        "{csv}"
    );
    assert!(
        csv.lines()
            .any(|l| l.starts_with("p1,esa-001,errors,ONLINE-B,")),
        "{csv}"
    );
    let page = results.with_file_name("report.html");
    glossa(&["report", &spec, &items, r, "--out", page.to_str().unwrap()]);
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(
        html.contains("Error scores (MQM): errors") && html.contains("ONLINE-B"),
        "the report shows the error scores"
    );
}

#[test]
fn a_weight_that_names_no_label_or_attribute_value_is_refused_with_the_near_match() {
    let mut spec: Value = serde_json::from_str(&read("www/examples/de-esa/spec.json")).unwrap();
    let section = spec["blocks"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|b| b["kind"] == "section")
        .unwrap();
    section["weights"] = json!({"Major": 5, "minor": 1, "mnior": 2});
    let err = match glossa::mount::load_spec(&spec.to_string()) {
        Ok(_) => panic!("weights that name nothing are refused"),
        Err(issues) => issues,
    };
    let messages: Vec<(String, String)> = err.into_iter().map(|i| (i.path, i.message)).collect();
    assert_eq!(messages.len(), 2, "{messages:?}");
    assert!(messages[0].0.ends_with(".weights.Major"), "{messages:?}");
    assert!(
        messages[0].1.contains("did you mean \"major\"?"),
        "{messages:?}"
    );
    assert!(messages[1].0.ends_with(".weights.mnior"), "{messages:?}");
    assert!(
        messages[1].1.contains("did you mean \"minor\"?"),
        "{messages:?}"
    );
    // Weights that name the labels load.
    section_weights_ok(&mut spec);
}

fn section_weights_ok(spec: &mut Value) {
    for b in spec["blocks"].as_array_mut().unwrap() {
        if b["kind"] == "section" {
            b["weights"] = json!({"major": 5, "minor": 1});
        }
    }
    assert_eq!(problems(spec.clone()), vec![]);
}
