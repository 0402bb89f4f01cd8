//! brat documents through a study, by the command line: brat's news tutorial
//! (`tests/fixtures/brat/tutorials/news`) read in as items with a model's suggestions
//! (`glossa items DIR --from brat`), each item's suggestions accepted by an annotator, and the
//! results written out as brat documents (`glossa export brat`) that mark what the tutorial's
//! marked: the same spans (label, offsets, text), links (type, ends) and chains, for every label
//! and type the spec has. What the spec cannot hold is named, line by line.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use glossa::form::suggestions::fresh;
use glossa::form::{apply, Action};
use glossa::study::brat::{read, Line, Standoff};
use glossa::support::sorted_map::SortedMap;
use glossa::task::Task;
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");
const NEWS: &str = "tests/fixtures/brat/tutorials/news";

fn glossa(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_glossa"))
        .args(args)
        .current_dir(ROOT)
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `glossa items SPEC DOCS --from brat --out ITEMS`: whether it succeeded, and what it said.
fn import(spec: &Path, docs: &str, items: &Path) -> (bool, String) {
    let (ok, _, said) = glossa(&[
        "items",
        spec.to_str().unwrap(),
        docs,
        "--from",
        "brat",
        "--out",
        items.to_str().unwrap(),
    ]);
    (ok, said)
}

/// `glossa export brat SPEC ITEMS RESULTS --out OUT`, which must succeed.
fn export(spec: &Path, items: &Path, results: &Path, out: &Path) {
    let (ok, _, said) = glossa(&[
        "export",
        "brat",
        spec.to_str().unwrap(),
        items.to_str().unwrap(),
        results.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(ok, "{said}");
}

/// What a document marks, ids resolved to offsets: spans `(label, fragments, text)`, links
/// `(type, head, tail)` and chains `(type, members)`, of the labels and types given.
#[derive(Debug, PartialEq, Eq)]
struct Marked {
    spans: BTreeSet<(String, Vec<(usize, usize)>, String)>,
    links: BTreeSet<(String, (usize, usize), (usize, usize))>,
    chains: BTreeSet<(String, BTreeSet<(usize, usize)>)>,
}

fn marked(ann: &Standoff, labels: &[&str], types: &[&str]) -> Marked {
    let mut at = SortedMap::new();
    let mut m = Marked {
        spans: BTreeSet::new(),
        links: BTreeSet::new(),
        chains: BTreeSet::new(),
    };
    for line in &ann.lines {
        if let Line::Text {
            id,
            label,
            fragments,
            text,
        } = line
        {
            if labels.contains(&label.as_str()) {
                at.insert(
                    id.clone(),
                    (fragments[0].0, fragments[fragments.len() - 1].1),
                );
                m.spans
                    .insert((label.clone(), fragments.clone(), text.clone()));
            }
        }
    }
    for line in &ann.lines {
        match line {
            Line::Relation { label, args, .. } if types.contains(&label.as_str()) => {
                m.links
                    .insert((label.clone(), at[&args[0].1], at[&args[1].1]));
            }
            Line::Equiv { label, members, .. } if types.contains(&label.as_str()) => {
                m.chains
                    .insert((label.clone(), members.iter().map(|t| at[t]).collect()));
            }
            _ => {}
        }
    }
    m
}

#[test]
fn brats_news_tutorial_reads_in_as_suggestions_and_writes_out_as_it_was() {
    let dir = std::env::temp_dir().join(format!("glossa-brat-study-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    // The shipped relations example (the tutorial's labels and types), with suggestions shown.
    let mut spec: Value = serde_json::from_str(
        &std::fs::read_to_string(format!("{ROOT}/www/examples/en-relations/spec.json")).unwrap(),
    )
    .unwrap();
    spec["suggestions"] = serde_json::json!({});
    let spec_path = dir.join("spec.json");
    std::fs::write(&spec_path, spec.to_string()).unwrap();
    let items_path = dir.join("items.jsonl");
    let (ok, said) = import(&spec_path, NEWS, &items_path);
    assert!(ok, "{said}");
    // What the spec cannot hold is named: events, their triggers' labels, a binary attribute,
    // a note on a relation.
    for named in [
        "\"T17\tReport 506 513\ttwitted\" left out: \"Report\" is not a label of \"entities\"",
        "\"A4\tIndividual T1\" left out: a binary attribute",
        "\"E1\tReport:T17 Reporter-Arg:T1 Event-Arg:E2\" left out: an event",
        "\"#3\tAnnotatorNotes R1\tShould this be marked? It's not explicitly stated.\" left out",
    ] {
        assert!(said.contains(named), "{named}\n{said}");
    }
    assert!(said.contains("13 item(s) written"), "{said}");
    assert!(!said.contains("problem"), "{said}");

    // An annotator accepts every suggestion of each item.
    let spec = glossa::mount::load_spec(&spec.to_string()).unwrap();
    let items = glossa::item::parse_items(&std::fs::read_to_string(&items_path).unwrap()).unwrap();
    let mut results = String::new();
    for item in &items {
        let task = Task::new(spec.clone(), item.clone(), Some("P-1"));
        let mut form = fresh(&task, 0);
        for control in ["entities", "relations"] {
            let accept = Action::Decide {
                control: control.into(),
                part: None,
                accept: true,
            };
            form = apply(&task, &form, accept);
        }
        let doc = common::submitted(&task, &form, "P-1");
        results += &serde_json::to_string(&doc).unwrap();
        results.push('\n');
    }
    let results_path = dir.join("results.jsonl");
    std::fs::write(&results_path, results).unwrap();

    let out = dir.join("brat");
    export(&spec_path, &items_path, &results_path, &out);
    let conf = std::fs::read_to_string(out.join("annotation.conf")).unwrap();
    assert!(conf.contains("Located\tArg1:Person, Arg2:GPE\n"), "{conf}");
    assert!(
        conf.contains("Alias\tArg1:Person, Arg2:Person, <REL-TYPE>:symmetric-transitive\n"),
        "{conf}"
    );

    let labels = ["Person", "Organization", "GPE", "Money"];
    let types = [
        "Located",
        "Geographical_part",
        "Family",
        "Employment",
        "Ownership",
        "Origin",
        "Alias",
    ];
    let (mut links, mut chains) = (0, 0);
    for item in &items {
        let name = Path::new(&item.id);
        let original =
            std::fs::read_to_string(Path::new(ROOT).join(NEWS).join(name).with_extension("ann"))
                .unwrap();
        let text =
            std::fs::read_to_string(Path::new(ROOT).join(NEWS).join(name).with_extension("txt"))
                .unwrap();
        let written = out.join(format!("{}.P-1", item.id));
        assert_eq!(
            std::fs::read_to_string(written.with_extension("P-1.txt")).unwrap(),
            text
        );
        let back = std::fs::read_to_string(written.with_extension("P-1.ann")).unwrap();
        let want = marked(&read(&original), &labels, &types);
        let got = marked(&read(&back), &labels, &types);
        assert_eq!(got, want, "{}: {back}", item.id);
        // Every line written is one brat reads.
        assert!(
            read(&back)
                .lines
                .iter()
                .all(|l| !matches!(l, Line::Other(_))),
            "{back}"
        );
        links += got.links.len();
        chains += got.chains.len();
    }
    assert!(links >= 8 && chains >= 2, "{links} links, {chains} chains");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn attributes_of_relations_read_in_from_a_lines_and_write_out_as_they_were() {
    let dir = std::env::temp_dir().join(format!("glossa-brat-attrs-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("docs")).unwrap();
    // The relations example with a `Negated` attribute on every type of link.
    let mut spec: Value = serde_json::from_str(
        &std::fs::read_to_string(format!("{ROOT}/www/examples/en-relations/spec.json")).unwrap(),
    )
    .unwrap();
    spec["suggestions"] = serde_json::json!({});
    spec["controls"][1]["attributes"] = serde_json::json!([
        {"id": "Negated", "label": "Negated?", "values": [{"value": "yes", "label": "Yes"}, {"value": "no", "label": "No"}]}
    ]);
    let spec_path = dir.join("spec.json");
    std::fs::write(&spec_path, spec.to_string()).unwrap();
    let text = "Anna Berg does not own Fiat.";
    std::fs::write(dir.join("docs/anna.txt"), text).unwrap();
    let ann = "T1\tPerson 0 9\tAnna Berg\nT2\tOrganization 23 27\tFiat\nR1\tOwnership Arg1:T1 Arg2:T2\t\nA1\tNegated R1 yes\nA2\tCertain R1 no\n";
    std::fs::write(dir.join("docs/anna.ann"), ann).unwrap();
    let items_path = dir.join("items.jsonl");
    let (ok, said) = import(&spec_path, dir.join("docs").to_str().unwrap(), &items_path);
    assert!(ok, "{said}");
    // An attribute the control lacks is named; the one it has goes with the suggested link.
    assert!(
        said.contains("\"A2\tCertain R1 no\" left out: \"Certain\" is not an attribute of the links of \"relations\""),
        "{said}"
    );
    let items = glossa::item::parse_items(&std::fs::read_to_string(&items_path).unwrap()).unwrap();
    let link = &items[0].fields["suggestions"]["relations"]["answer"]["links"][0];
    assert_eq!(
        link["attributes"],
        serde_json::json!({"Negated": "yes"}),
        "{link}"
    );

    // Accepted, the link keeps it in the result, and the brat document says it again.
    let spec = glossa::mount::load_spec(&spec.to_string()).unwrap();
    let task = Task::new(spec.clone(), items[0].clone(), Some("P-1"));
    let mut form = fresh(&task, 0);
    for control in ["entities", "relations"] {
        let accept = Action::Decide {
            control: control.into(),
            part: None,
            accept: true,
        };
        form = apply(&task, &form, accept);
    }
    let doc = common::submitted(&task, &form, "P-1");
    assert_eq!(
        doc["answers"]["relations"]["links"][0]["attributes"],
        serde_json::json!({"Negated": "yes"})
    );
    let results_path = dir.join("results.jsonl");
    std::fs::write(&results_path, format!("{doc}\n")).unwrap();
    let (ok, _, said) = glossa(&[
        "validate",
        spec_path.to_str().unwrap(),
        items_path.to_str().unwrap(),
        results_path.to_str().unwrap(),
    ]);
    assert!(ok, "{said}");
    let out = dir.join("brat");
    export(&spec_path, &items_path, &results_path, &out);
    // The tidy export: the link's row, then its attribute's.
    let (ok, csv, said) = glossa(&[
        "export",
        "csv",
        spec_path.to_str().unwrap(),
        results_path.to_str().unwrap(),
    ]);
    assert!(ok, "{said}");
    assert!(
        csv.contains(",relations,Anna Berg→Fiat,Ownership,"),
        "{csv}"
    );
    assert!(
        csv.contains(",relations,Anna Berg→Fiat Negated,yes,"),
        "{csv}"
    );
    let written = std::fs::read_to_string(out.join("anna.P-1.ann")).unwrap();
    assert!(
        written.contains("R1\tOwnership Arg1:T1 Arg2:T2"),
        "{written}"
    );
    assert!(written.contains("A1\tNegated R1 yes"), "{written}");
    let conf = std::fs::read_to_string(out.join("annotation.conf")).unwrap();
    assert!(
        conf.contains("Negated\tArg:<RELATION>, Value:yes|no"),
        "{conf}"
    );

    // A result made by hand with a value the attribute lacks is refused, by path.
    let mut forged = doc.clone();
    forged["answers"]["relations"]["links"][0]["attributes"]["Negated"] =
        serde_json::json!("perhaps");
    std::fs::write(&results_path, format!("{forged}\n")).unwrap();
    let (ok, out, said) = glossa(&[
        "validate",
        spec_path.to_str().unwrap(),
        items_path.to_str().unwrap(),
        results_path.to_str().unwrap(),
    ]);
    assert!(!ok);
    assert!(
        (out.clone() + &said).contains("answers.relations.links[0].attributes.Negated"),
        "{out}{said}"
    );
}
