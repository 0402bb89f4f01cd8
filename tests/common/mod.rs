//! Helpers shared by the native integration tests: loading the shipped examples as tasks, the
//! actions that answer the propaganda task's plain attributes, and running the command line.
#![allow(dead_code)]

use glossa::form::{Action, KindEdit};
use glossa::item;
use glossa::kinds::span_attributes::SpanEdit;
use glossa::support::ids::{ControlId, OptionValue};
use glossa::task::Task;

/// Chooses an option of a single choice.
pub fn choose(control: &str, value: &str) -> Action {
    Action::kind(
        ControlId::from(control),
        KindEdit::SingleChoice(OptionValue::from(value)),
    )
}

/// Sets a scale's point.
pub fn rate(control: &str, point: i64) -> Action {
    Action::kind(
        ControlId::from(control),
        KindEdit::Scale(glossa::form::PointEdit {
            key: None,
            point: Some(glossa::answer::Point::Value(point)),
        }),
    )
}

/// Item `n` of a shipped example (`www/examples/DIR/SPEC`, `ITEMS`) as a task (no seed).
pub fn example_task(dir: &str, spec_file: &str, items_file: &str, n: usize) -> Task {
    let root = env!("CARGO_MANIFEST_DIR");
    let read = |f: &str| std::fs::read_to_string(format!("{root}/www/examples/{dir}/{f}")).unwrap();
    let s = glossa::mount::load_spec(&read(spec_file)).expect("the example spec loads");
    let items = item::parse_items(&read(items_file)).expect("the example items parse");
    assert_eq!(glossa::mount::check_items(&s, &items), vec![]);
    Task::new(s, items[n].clone(), None)
}

/// Actions giving every span attribute of the propaganda task, except those in `skip`, a
/// value that needs no span, and every document attribute a value.
pub fn propaganda_plain_answers(skip: &[&str]) -> Vec<Action> {
    let control = ControlId::from("techniky");
    let mut out = Vec::new();
    for (attr, v) in [
        ("misto", "nelze"),
        ("vina", "ne"),
        ("nalepkovani", "ne"),
        ("argumentace", "ne"),
        ("emoce", "zadna"),
        ("demonizace", "ne"),
        ("relativizace", "ne"),
        ("strach", "ne"),
        ("fabulace", "ne"),
        ("nazor", "ne"),
        ("zdroj", "ne"),
        ("odbornik", "ne"),
    ] {
        if !skip.contains(&attr) {
            out.push(Action::kind(
                control.clone(),
                KindEdit::SpanAttributes(SpanEdit::Value {
                    attr: attr.into(),
                    entry: 0,
                    value: Some(v.into()),
                }),
            ));
        }
    }
    for (c, v) in [
        ("tema", "migrace"),
        ("zanr", "komentar"),
        ("zamereni", "domaci"),
        ("vyzneni", "negativni"),
        ("obrazek", "ne"),
        ("video", "ne"),
    ] {
        out.push(Action::kind(
            ControlId::from(c),
            KindEdit::SingleChoice(OptionValue::from(v)),
        ));
    }
    out
}

/// A shipped example spec (path under `www/examples/`), loaded with its worked examples.
pub fn example_spec(path: &str) -> glossa::spec::TaskSpec {
    let file = format!("{}/www/examples/{path}", env!("CARGO_MANIFEST_DIR"));
    glossa::mount::load_spec(&std::fs::read_to_string(file).unwrap())
        .expect("the example spec loads")
}

/// Results (JSON, as a host hands them over) read into the types that wrote them.
#[allow(dead_code)]
pub fn typed(
    spec: &glossa::spec::TaskSpec,
    results: &[serde_json::Value],
) -> Vec<glossa::result::ResultDoc> {
    results
        .iter()
        .map(|r| glossa::result::ResultDoc::read(spec, r).expect("the result reads"))
        .collect()
}

/// The Python that runs the independent references (`tests/*_reference.py`):
/// `GLOSSA_PYTHON`, else the test set-up's `tests/.venv` (`scripts/setup.sh test` installs
/// scipy, krippendorff, statsmodels and choix there).
pub fn python() -> String {
    std::env::var("GLOSSA_PYTHON").unwrap_or_else(|_| {
        concat!(env!("CARGO_MANIFEST_DIR"), "/tests/.venv/bin/python").to_owned()
    })
}

/// Runs a Python reference (`tests/<script>`, in the tests' virtual environment) with `args`,
/// which must succeed (else its errors are the failure): what it prints, as JSON.
pub fn reference(script: &str, args: &[&str]) -> serde_json::Value {
    let out = std::process::Command::new(python())
        .arg(format!("{}/tests/{script}", env!("CARGO_MANIFEST_DIR")))
        .args(args)
        .output()
        .expect("python runs");
    assert!(
        out.status.success(),
        "{script}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("the reference prints JSON")
}

/// Runs the `glossa` command line (the test's build of it) from the repository's root.
pub fn glossa(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_glossa"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("glossa runs")
}

/// [`glossa`], which must succeed (else its errors are the failure): its standard output.
pub fn glossa_ok(args: &[&str]) -> String {
    let out = glossa(args);
    assert!(
        out.status.success(),
        "glossa {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("glossa writes UTF-8")
}

/// The same answers unfolded by hand, as files in `dir`: one item per (item, output) whose text
/// is the output's, control `id` asked once (where it names the outputs `field`, it names
/// `text`). Returns the paths of the spec, the items and the results.
pub fn unfolded_by_hand(
    dir: &std::path::Path,
    spec_text: &str,
    items_path: &str,
    results: &str,
    id: &str,
    field: &str,
) -> [std::path::PathBuf; 3] {
    use serde_json::{json, Value};
    let spec: Value = serde_json::from_str(spec_text).unwrap();
    let mut control = spec["controls"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == id)
        .unwrap()
        .clone();
    for v in control.as_object_mut().unwrap().values_mut() {
        if v == field {
            *v = json!("text");
        }
    }
    let u_spec = json!({"glossa": 1, "id": "unfolded", "version": "1", "language": spec["language"],
        "title": "unfolded", "blocks": [], "controls": [control]});
    let items: Value = serde_json::from_str(&std::fs::read_to_string(items_path).unwrap()).unwrap();
    let mut u_items = Vec::new();
    for it in items.as_array().unwrap() {
        for o in it[field].as_array().into_iter().flatten() {
            // The item's other fields stay (a control over the source marks the source).
            let mut u = it.clone();
            u.as_object_mut().unwrap().remove(field);
            u["id"] = json!(format!(
                "{}/{}",
                it["id"].as_str().unwrap(),
                o["id"].as_str().unwrap()
            ));
            u["text"] = o["text"].clone();
            u_items.push(u);
        }
    }
    let mut u_results = String::new();
    for line in results.lines() {
        let r: Value = serde_json::from_str(line).unwrap();
        for (output, value) in r["answers"][id].as_object().into_iter().flatten() {
            let doc = json!({"format": "glossa.result/1", "spec": {"id": "unfolded", "version": "1"},
                "item_id": format!("{}/{output}", r["item_id"].as_str().unwrap()),
                "ids": r["ids"], "answers": {id: value}});
            u_results += &format!("{doc}\n");
        }
    }
    let paths = [
        dir.join(format!("u-{id}-spec.json")),
        dir.join(format!("u-{id}-items.json")),
        dir.join(format!("u-{id}.jsonl")),
    ];
    std::fs::write(&paths[0], u_spec.to_string()).unwrap();
    std::fs::write(&paths[1], Value::from(u_items).to_string()).unwrap();
    std::fs::write(&paths[2], u_results).unwrap();
    paths
}

/// A stand-in for a built site under `dir` (the native tests do not wait for the wasm build;
/// CI runs them first): an empty `www/pkg/`, the stylesheet of `build` (made by
/// scripts/build.sh: a page's first screen has it), and the source `files` the command reads.
pub fn stand_in_site(dir: &std::path::Path, build: &str, files: &[&str]) -> std::path::PathBuf {
    let site = dir.join("site");
    std::fs::create_dir_all(site.join("www/pkg")).unwrap();
    std::fs::create_dir_all(site.join("www/hosts")).unwrap();
    std::fs::write(site.join("www/pkg/glossa_bg.wasm"), b"\0asm").unwrap();
    std::fs::create_dir_all(site.join(format!("www/pkg/{build}"))).unwrap();
    std::fs::write(
        site.join(format!("www/pkg/{build}/glossa.css")),
        "/* stand-in */\n",
    )
    .unwrap();
    for f in files {
        let to = site.join(f);
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::copy(format!("{}/{f}", env!("CARGO_MANIFEST_DIR")), to).unwrap();
    }
    site
}

/// The names down an interval chart of the report (`analysis::intervals`), top to bottom: the
/// row labels of the SVG inside the `<figure>` whose `aria-label` starts with `figure`.
pub fn chart_rows(report: &str, figure: &str) -> Vec<String> {
    let start = report
        .find(&format!("<figure aria-label=\"{figure}"))
        .unwrap_or_else(|| panic!("no chart \"{figure}\" in the report"));
    let svg = &report[start..start + report[start..].find("</figure>").expect("its end")];
    // A row label: `<text x=".." y=".." … text-anchor="end" …>\nname\n</text>`, left of the plot.
    let mut rows: Vec<(f64, String)> = svg
        .split("<text ")
        .skip(1)
        .filter(|t| t.contains("text-anchor=\"end\""))
        .filter_map(|t| {
            let y = t.split(" y=\"").nth(1)?.split('"').next()?.parse().ok()?;
            let name = t.split('>').nth(1)?.split('<').next()?.trim().to_owned();
            (!name.is_empty() && name.parse::<f64>().is_err()).then_some((y, name))
        })
        .collect();
    rows.sort_by(|a, b| a.0.total_cmp(&b.0));
    rows.into_iter().map(|(_, n)| n).collect()
}

/// The result the widget submits for a task's form, from participant `who` (panics, naming the
/// problems, when the form is not ready to submit).
pub fn submitted(task: &Task, form: &glossa::form::FormState, who: &str) -> serde_json::Value {
    let mut ids = glossa::support::sorted_map::SortedMap::new();
    ids.insert("participant".to_owned(), who.to_owned());
    let env = glossa::result::Environment::default();
    let doc = glossa::result::build(task, form, &env, &ids, 1_700_000_000_000)
        .unwrap_or_else(|e| panic!("{}: {:?}", task.item.id, e.problems));
    serde_json::to_value(doc).unwrap()
}
