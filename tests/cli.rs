//! The `glossa` command line: exit codes and reports, run as a researcher would.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use std::path::Path;
use std::process::{Command, Output};

fn glossa(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_glossa"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn check_passes_on_the_shipped_example() {
    let o = glossa(&[
        "check",
        "www/examples/it-implicit/spec.json",
        "www/examples/it-implicit/items.json",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(stdout(&o).contains("ok (4 items)"));
}

#[test]
fn check_reports_every_spec_problem_with_its_path_and_fails() {
    let o = glossa(&["check", "tests/fixtures/bad-spec.json"]);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(out.contains("controls[0].options[1].value"), "{out}");
    assert!(out.contains("examples[0].item.annotazione_umana"), "{out}");
    assert!(out.contains("2 problem(s)"), "{out}");
}

#[test]
fn check_reports_items_missing_fields_and_duplicate_ids() {
    let dir = std::env::temp_dir().join(format!("glossa-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let items = dir.join("items.jsonl");
    std::fs::write(
        &items,
        "{\"id\":\"a\",\"testo\":\"t\",\"annotazione\":\"a\",\"output\":\"o\"}\n{\"id\":\"a\",\"testo\":\"t\",\"output\":7}\n",
    )
    .unwrap();
    let o = glossa(&[
        "check",
        "www/examples/it-implicit/spec.json",
        items.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(out.contains("items[1].annotazione"), "{out}");
    assert!(out.contains("items[1].output"), "{out}");
    assert!(out.contains("items[1].id"), "{out}");
}

#[test]
fn unreadable_file_and_bad_usage_exit_2() {
    assert_eq!(
        glossa(&["check", "no/such/spec.json"]).status.code(),
        Some(2)
    );
    assert_eq!(glossa(&["frobnicate"]).status.code(), Some(2));
}

#[test]
fn schema_is_json_and_documents_spec_fields() {
    let o = glossa(&["schema"]);
    assert_eq!(o.status.code(), Some(0));
    let schema: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    let text = schema.to_string();
    assert!(
        text.contains("single_choice"),
        "control kinds are in the schema"
    );
    assert!(
        text.contains("The long definition, in Markdown"),
        "field docs become descriptions"
    );
    assert_eq!(
        schema["additionalProperties"],
        serde_json::Value::Bool(false)
    );
}

#[test]
fn check_warns_about_a_summary_with_more_sentences_than_rows_and_passes() {
    let o = glossa(&[
        "check",
        "www/examples/cs-summary-errors/abstract-spec.json",
        "tests/fixtures/cs-four-sentences.json",
    ]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(0), "{out}");
    assert!(
        out.contains("tests/fixtures/cs-four-sentences.json: warning: items[0].generated: item \"abs-104\" has 4 sentences"),
        "{out}"
    );
    assert!(out.contains("[ExtraSentences]"), "{out}");
}

/// The committed JSON Schemas (`www/schema/`, what `$schema` in a spec points to) are exactly
/// what `glossa schema` prints: regenerate them with `glossa schema spec > www/schema/spec-1.json`
/// (and `item`, `result`, `card`) after changing a type.
#[test]
fn the_committed_schemas_match_the_types() {
    for which in ["spec", "item", "result", "card"] {
        let o = glossa(&["schema", which]);
        assert_eq!(o.status.code(), Some(0));
        let committed = std::fs::read_to_string(format!(
            "{}/www/schema/{which}-1.json",
            env!("CARGO_MANIFEST_DIR")
        ))
        .unwrap();
        assert!(
            stdout(&o) == committed,
            "www/schema/{which}-1.json is stale: glossa schema {which} > www/schema/{which}-1.json"
        );
        let v: serde_json::Value = serde_json::from_str(&committed).unwrap();
        assert_eq!(v["$id"], format!("urn:glossa:schema:{which}:1"));
    }
    // Every shipped example spec names the schema, and loads with it.
    for entry in std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/www/examples")).unwrap() {
        let dir = entry.unwrap().path();
        if !dir.is_dir() {
            continue;
        }
        for f in std::fs::read_dir(&dir).unwrap() {
            let f = f.unwrap().path();
            if f.file_name()
                .unwrap()
                .to_string_lossy()
                .ends_with("spec.json")
            {
                let text = std::fs::read_to_string(&f).unwrap();
                assert!(
                    text.contains("\"$schema\": \"../../schema/spec-1.json\""),
                    "{f:?}"
                );
                assert!(glossa::mount::load_spec(&text).is_ok(), "{f:?}");
            }
        }
    }
}

#[test]
fn version_and_standard_input() {
    // `-V` the version; `--version` the version, then the site the commands use.
    let o = glossa(&["-V"]);
    assert_eq!(
        stdout(&o).trim(),
        format!("glossa {}", env!("CARGO_PKG_VERSION"))
    );
    let o = glossa(&["--version"]);
    let long = stdout(&o);
    assert!(
        long.starts_with(&format!("glossa {}\nsite: ", env!("CARGO_PKG_VERSION"))),
        "{long}"
    );
    let spec = std::fs::read("www/examples/it-implicit/spec.json").unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_glossa"))
        .args(["check", "-", "www/examples/it-implicit/items.json"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::io::Write::write_all(&mut child.stdin.take().unwrap(), &spec).unwrap();
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(stdout(&o).contains("ok (4 items)"));
}

#[test]
fn collect_reads_a_qualtrics_export_and_names_bad_rows() {
    let result = r#"{"format":"glossa.result/1","spec":{"id":"implicit-content-it","version":"1.0.0"},"item_id":"it-001","answers":{"valutazione":"totalmente_corretto"}}"#;
    let sha = glossa::analysis::hosts::sha256_hex(result.as_bytes());
    let q = |s: &str| format!("\"{}\"", s.replace('"', "\"\""));
    let csv = format!(
        "ResponseId,glossa_1_count,glossa_1_sha256,glossa_1_1\nR_1,1,{sha},{}\nR_2,1,{sha},{}\n",
        q(result),
        q("{}")
    );
    let dir = std::env::temp_dir().join(format!("glossa-collect-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("export.csv");
    std::fs::write(&path, csv).unwrap();
    let o = glossa(&["collect", "qualtrics", path.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "a bad row makes the exit code 1");
    let lines: Vec<&str> = std::str::from_utf8(&o.stdout).unwrap().lines().collect();
    assert_eq!(lines, vec![result]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("export.csv:3: response R_2, glossa_1: the joined chunks do not match"),
        "{err}"
    );
}

#[test]
fn agreement_reports_alpha_per_control_as_json_and_names_bad_lines() {
    let result = |who: &str, item: &str, v: &str| {
        format!(
            r#"{{"format":"glossa.result/1","item_id":"{item}","ids":{{"participant":"{who}"}},"answers":{{"valutazione":"{v}"}}}}"#
        )
    };
    let lines = [
        result("A", "it-001", "totalmente_corretto"),
        result("B", "it-001", "totalmente_corretto"),
        result("A", "it-002", "totalmente_sbagliato"),
        result("B", "it-002", "parzialmente_corretto"),
        result("A", "it-003", "risposta_non_fornita"),
        result("B", "it-003", "risposta_non_fornita"),
        "{not json".to_owned(),
    ];
    let dir = std::env::temp_dir().join(format!("glossa-agreement-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("results.jsonl");
    std::fs::write(&path, lines.join("\n")).unwrap();
    let o = glossa(&[
        "agreement",
        "www/examples/it-implicit/spec.json",
        path.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(o.status.code(), Some(1), "a bad line makes the exit code 1");
    assert!(String::from_utf8_lossy(&o.stderr).contains("results.jsonl:7: not JSON"));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let c = &v["controls"]["valutazione"];
    assert_eq!(c["level"], "nominal");
    assert_eq!(c["items"], 3);
    // By hand: n = 6 values; D_o = (0 + 2/1 + 0) / 6; D_e = (36 − (2² + 1 + 1 + 2²)) / (6·5)
    // = 26/30; alpha = 1 − (1/3) / (26/30) = 16/26.
    let alpha = c["alpha"].as_f64().unwrap();
    assert!((alpha - 16.0 / 26.0).abs() < 1e-12, "{alpha}");
    assert!(c["ci95"][0].as_f64().unwrap() <= alpha && alpha <= c["ci95"][1].as_f64().unwrap());
}

#[test]
fn plan_prints_a_balanced_reproducible_plan_and_refuses_impossible_ones() {
    let args = [
        "plan",
        "www/examples/it-implicit/spec.json",
        "www/examples/it-implicit/items.json",
        "--per-item",
        "2",
        "--annotators",
        "3",
        "--seed",
        "9",
    ];
    let a = glossa(&args);
    assert_eq!(
        a.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&a.stderr)
    );
    assert_eq!(a.stdout, glossa(&args).stdout, "same seed, same plan");
    let plan: serde_json::Value = serde_json::from_slice(&a.stdout).unwrap();
    assert_eq!(plan["format"], "glossa.plan/1");
    let slots = plan["annotators"].as_array().unwrap();
    let total: usize = slots
        .iter()
        .map(|s| s["items"].as_array().unwrap().len())
        .sum();
    assert_eq!((slots.len(), total), (3, 8), "4 items × 2");
    assert!(String::from_utf8_lossy(&a.stderr).contains("each item seen by 2"));
    let bad = glossa(&[
        "plan",
        "www/examples/it-implicit/spec.json",
        "www/examples/it-implicit/items.json",
        "--per-item",
        "4",
        "--annotators",
        "3",
    ]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("needs 4 different annotators"));
}

#[test]
fn report_and_rankme_export_from_the_command_line() {
    let dir = std::env::temp_dir().join(format!("glossa-report-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let results = dir.join("results.jsonl");
    let line = |who: &str, item: &str, a: u64| {
        format!(
            r#"{{"format":"glossa.result/1","item_id":"{item}","ids":{{"workerId":"{who}"}},"answers":{{"informativeness":{{"sys-a":{a},"sys-b":100,"sys-c":90}}}},"timings":{{"active_ms":20000}}}}"#
        )
    };
    std::fs::write(
        &results,
        [
            line("W1", "e2e-001", 70),
            line("W2", "e2e-001", 80),
            line("W1", "e2e-002", 120),
        ]
        .join("\n"),
    )
    .unwrap();
    let spec = "www/examples/en-informativeness/spec.json";
    let items = "www/examples/en-informativeness/items.json";
    let out = dir.join("report.html");
    let o = glossa(&[
        "report",
        spec,
        items,
        results.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let html = std::fs::read_to_string(&out).unwrap();
    for part in [
        "<h2 id=annotators>",
        "<td>W1</td>",
        "informativeness",
        "<svg",
        "interval",
    ] {
        assert!(html.contains(part), "{part}");
    }
    assert!(!html.contains("<script"), "self-contained, nothing runs");
    let o = glossa(&["export", "rankme", spec, items, results.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0));
    let text = stdout(&o);
    assert!(
        text.starts_with("_worker_id,_unit_id,mr,ref1,ref2,ref3,inf1,inf2,inf3,sys1,sys2,sys3\r\n"),
        "{text}"
    );
    assert_eq!(text.lines().count(), 4);
    let o = glossa(&[
        "export",
        "rankme",
        "www/examples/it-implicit/spec.json",
        "www/examples/it-implicit/items.json",
        results.to_str().unwrap(),
    ]);
    assert_eq!(
        o.status.code(),
        Some(2),
        "no magnitude control: refused with a message"
    );
}

/// A gold file that does not fit its study is refused by every command that reads one, each
/// problem named by its field, and nothing is scored (issue 25: a misspelt control used to
/// score every annotator 0 in silence).
#[test]
fn a_gold_file_that_does_not_fit_the_study_is_refused_by_check_plan_and_report() {
    let (spec, items, bad) = (
        "www/examples/it-implicit/spec.json",
        "www/examples/it-implicit/items.json",
        "tests/fixtures/it-gold-bad.json",
    );
    let named = |err: &str| {
        assert!(err.contains("tests/fixtures/it-gold-bad.json: items[0].answers.valutazion: the spec has no control \"valutazion\""), "{err}");
        assert!(
            err.contains("items[1].item_id: no item \"it-404\" in the items file"),
            "{err}"
        );
        assert!(
            err.contains("items[2].answers.valutazione: \"corretto\" is not an option"),
            "{err}"
        );
        assert!(err.contains("3 problem(s); nothing was scored"), "{err}");
    };
    let o = glossa(&["check", spec, items, "--gold", bad]);
    assert_eq!(o.status.code(), Some(1));
    named(&String::from_utf8_lossy(&o.stderr));
    let o = glossa(&[
        "check",
        spec,
        items,
        "--gold",
        "tests/fixtures/it-gold.json",
    ]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(stdout(&o).contains("it-gold.json: ok (1 gold item(s))"));

    let o = glossa(&[
        "plan",
        spec,
        items,
        "--per-item",
        "2",
        "--annotators",
        "2",
        "--gold",
        bad,
        "--gold-every",
        "2",
    ]);
    assert_eq!(o.status.code(), Some(1));
    named(&String::from_utf8_lossy(&o.stderr));
    assert!(o.stdout.is_empty(), "no plan is written");

    let dir = std::env::temp_dir().join(format!("glossa-gold-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let results = dir.join("results.jsonl");
    std::fs::write(&results, "").unwrap();
    let out = dir.join("report.html");
    let o = glossa(&[
        "report",
        spec,
        items,
        results.to_str().unwrap(),
        "--gold",
        bad,
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1));
    named(&String::from_utf8_lossy(&o.stderr));
    assert!(!out.exists(), "no report is written");
}

/// One parser for every command (clap): `help <command>` shows examples, and a usage error is
/// exit 2 with what was wrong.
#[test]
fn every_command_has_help_with_an_example_and_usage_errors_exit_2() {
    for cmd in [
        "check",
        "validate",
        "collect",
        "agreement",
        "report",
        "plan",
        "items",
        "serve",
        "host",
        "strings",
        "schema",
    ] {
        let o = glossa(&["help", cmd]);
        assert_eq!(o.status.code(), Some(0), "{cmd}");
        let text = stdout(&o);
        assert!(text.contains("Usage: glossa"), "{cmd}: {text}");
        assert!(
            text.contains(&format!("  glossa {cmd} ")),
            "{cmd} has an example: {text}"
        );
    }
    for export in ["poquad", "csv", "rankme", "mqm-tsv"] {
        let o = glossa(&["export", export, "--help"]);
        assert!(
            stdout(&o).contains(&format!("  glossa export {export} ")),
            "{export}"
        );
    }
    let o = glossa(&[
        "plan",
        "www/examples/it-implicit/spec.json",
        "www/examples/it-implicit/items.json",
        "--per-item",
        "two",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr)
        .contains("invalid value 'two' for '--per-item <PER_ITEM>'"));
    let o = glossa(&["collect", "surveymonkey", "x.csv"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr)
        .contains("[possible values: qualtrics, jspsych, mturk, jatos, mqm-tsv]"));
}

/// Every command that reads JSON Lines names each bad line and goes on (exit 1 at the end);
/// `export poquad` used to stop at the first.
#[test]
fn export_poquad_names_every_bad_line_and_goes_on() {
    let dir = std::env::temp_dir().join(format!("glossa-jsonl-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let results = dir.join("results.jsonl");
    std::fs::write(&results, "not json\n\n[1, 2]\n").unwrap();
    let o = glossa(&[
        "export",
        "poquad",
        "www/examples/pl-poquad/items.json",
        results.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("results.jsonl:1: not JSON"), "{err}");
    assert!(
        err.contains("results.jsonl:3: not a result object"),
        "{err}"
    );
    assert!(
        stdout(&o).contains("\"data\""),
        "the dataset of the good lines is still written"
    );
    // With the spec, each answer is read as its control's kind writes it: a questions answer
    // that is not one is named by its line and field.
    std::fs::write(
        &results,
        "{\"format\": \"glossa.result/1\", \"item_id\": \"hess-lot\", \"answers\": {\"qa\": 3}}\n",
    )
    .unwrap();
    let o = glossa(&[
        "export",
        "poquad",
        "www/examples/pl-poquad/items.json",
        results.to_str().unwrap(),
        "--spec",
        "www/examples/pl-poquad/spec.json",
    ]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("results.jsonl:1: answers.qa: not an answer of this control's kind"),
        "{err}"
    );
}

/// A plan carries the attention items' instructed answers (for the pilot's attention-failure
/// completion link) and never a gold item's expected answer.
#[test]
fn a_plan_names_attention_answers_and_keeps_gold_answers_out() {
    let o = glossa(&[
        "plan",
        "www/examples/it-implicit/spec.json",
        "www/examples/it-implicit/items.json",
        "--per-item",
        "1",
        "--annotators",
        "1",
        "--gold",
        "tests/fixtures/it-gold-attention.json",
        "--gold-every",
        "2",
        "--seed",
        "5",
    ]);
    assert_eq!(o.status.code(), Some(0));
    let plan: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(
        plan["attention"],
        serde_json::json!({"it-002": {"valutazione": "risposta_non_fornita"}})
    );
    assert!(
        !stdout(&o).contains("corretto_tra_opzioni"),
        "the gold answer stays out"
    );
    let committed: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/it-plan-attention.json"
        ))
        .unwrap(),
    )
    .unwrap();
    assert_eq!(
        plan, committed,
        "tests/fixtures/it-plan-attention.json is what glossa plan writes"
    );
}

/// `glossa host` writes only into a new or empty folder, never copies a gold file, names a
/// missing jsPsych, and refuses a study that does not load.
#[test]
fn host_folders_leave_gold_out_and_refuse_what_cannot_work() {
    let (dir, study) = italian_study("host", &[("tests/fixtures/it-gold.json", "gold.json")]);
    let site = common::stand_in_site(
        &dir,
        "choice",
        &[
            "index.html",
            "www/glossa.js",
            "www/glossa.css",
            "www/first-screen.js",
            "www/hosts/pilot.css",
            "www/hosts/pilot-main.js",
        ],
    );
    // Without a built site, the command says how to get one.
    let o = host("pilot", &study, &dir.join("n"), &study, &[]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("scripts/build.sh"));
    let out = dir.join("upload");
    let o = host("pilot", &study, &out, &site, &[]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(out.join("study/spec.json").is_file() && out.join("study/items.json").is_file());
    assert!(
        !out.join("study/gold.json").exists(),
        "gold answers stay home"
    );
    assert!(stdout(&o).contains("index.html?PROLIFIC_PID={{%PROLIFIC_PID%}}"));
    let page = std::fs::read_to_string(out.join("index.html")).unwrap();
    assert!(page.contains("http-equiv=\"Content-Security-Policy\""));
    // Inline, only the first screen's script and styles, each allowed by its hash in the policy.
    // The bodies of the page's `<tag …>…</tag>` elements that have one.
    let inline = |tag: &str| -> Vec<String> {
        page.split(&format!("<{tag}"))
            .skip(1)
            .map(|rest| {
                let body = &rest[rest.find('>').unwrap() + 1..];
                body[..body.find(&format!("</{tag}>")).unwrap()].to_owned()
            })
            .filter(|body| !body.is_empty())
            .collect()
    };
    let hash = |text: &str| {
        use base64::Engine;
        use sha2::Digest;
        format!(
            "'sha256-{}'",
            base64::engine::general_purpose::STANDARD.encode(sha2::Sha256::digest(text.as_bytes()))
        )
    };
    let (scripts, styles) = (inline("script"), inline("style"));
    assert_eq!((scripts.len(), styles.len()), (1, 1), "{page}");
    assert!(page.contains(&format!("script-src 'self' {} ", hash(&scripts[0]))));
    assert!(page.contains(&format!("style-src 'self' {};", hash(&styles[0]))));
    assert!(page.contains("data-glossa-item=\"it-001\""));
    // Not into a folder with something in it.
    let o = host("pilot", &study, &out, &site, &[]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("not empty"));
    // jsPsych must be named when it is not where the tests keep it.
    let o = host(
        "jspsych",
        &study,
        &dir.join("j"),
        &site,
        &["--jspsych", dir.to_str().unwrap()],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("npm install jspsych"));
    // A study that does not load is refused, with its problems.
    std::fs::write(study.join("items.json"), "[{\"id\": \"x\"}]").unwrap();
    let o = host("pilot", &study, &dir.join("k"), &site, &[]);
    assert_eq!(o.status.code(), Some(1));
    assert!(!dir.join("k").exists());
}

/// Standard base64 decoding (the survey's loop fields).
fn unbase64(s: &str) -> Vec<u8> {
    let abc = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let bits: Vec<u8> = s
        .bytes()
        .filter(|b| *b != b'=')
        .map(|b| abc.iter().position(|a| *a == b).expect("base64") as u8)
        .collect();
    bits.chunks(4)
        .flat_map(|c| {
            let n = c
                .iter()
                .enumerate()
                .fold(0u32, |n, (i, v)| n | u32::from(*v) << (18 - 6 * i));
            (0..c.len() - 1).map(move |i| (n >> (16 - 8 * i)) as u8)
        })
        .collect()
}

/// Every key of `value` (an object) must be among `allowed`.
fn keys_within(what: &str, value: &serde_json::Value, shape: &serde_json::Value) {
    let mut allowed: Vec<&str> = shape[what]
        .as_array()
        .unwrap_or_else(|| panic!("{what} in the shape"))
        .iter()
        .filter_map(|k| k.as_str())
        .collect();
    if let Some(also) = shape["_also"][what].as_array() {
        allowed.extend(also.iter().filter_map(|k| k.as_str()));
    }
    for key in value.as_object().expect("an object").keys() {
        assert!(
            allowed.contains(&key.as_str()),
            "{what}: {key} is not a key Qualtrics' exports use"
        );
    }
}

/// `glossa host qualtrics` writes a survey in the shape Qualtrics exports: only keys its exports
/// use, every block in the flow and every question in a block, the loop rows the plan's slots in
/// order, each item whole, the gold and attention fields as the plan says, the result fields
/// declared for every loop iteration in both namings, and the three ends.
#[test]
fn the_qualtrics_survey_has_the_shape_of_an_export_and_the_plan_in_its_loops() {
    let (dir, study) = italian_study(
        "qsf",
        &[("tests/fixtures/it-plan-attention.json", "plan.json")],
    );
    let site = common::stand_in_site(
        &dir,
        "choice",
        &["www/glossa.js", "www/glossa.css", "www/hosts/qualtrics.js"],
    );
    let out = dir.join("upload");
    let complete = [
        "--complete",
        "https://app.prolific.com/submissions/complete?cc=OK",
    ];
    // The survey loads Glossa from the folder's address: it must be given.
    let o = host("qualtrics", &study, &out, &site, &complete);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("--url"));
    let url = ["--url", "https://example.org/glossa"];
    let o = host(
        "qualtrics",
        &study,
        &out,
        &site,
        &[&complete[..], &url[..]].concat(),
    );
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(stdout(&o).contains("survey.qsf"));
    assert!(out.join("www/hosts/qualtrics.js").is_file() && out.join("study/spec.json").is_file());

    let qsf: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("survey.qsf")).unwrap()).unwrap();
    let shape: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string("tests/fixtures/qsf/export-shape.json").unwrap(),
    )
    .unwrap();
    keys_within("top", &qsf, &shape);
    keys_within("SurveyEntry", &qsf["SurveyEntry"], &shape);
    for key in shape["SurveyEntry"].as_array().unwrap() {
        assert!(
            qsf["SurveyEntry"].get(key.as_str().unwrap()).is_some(),
            "SurveyEntry lacks {key}"
        );
    }
    let elements = qsf["SurveyElements"].as_array().unwrap();
    let payload = |kind: &str| {
        elements
            .iter()
            .find(|e| e["Element"] == kind)
            .map(|e| &e["Payload"])
            .unwrap_or_else(|| panic!("no {kind} element"))
    };
    for e in elements {
        keys_within("element", e, &shape);
        assert_eq!(e["SurveyID"], qsf["SurveyEntry"]["SurveyID"]);
        let kind = e["Element"].as_str().unwrap();
        assert!(shape["elements"]
            .as_array()
            .unwrap()
            .iter()
            .any(|k| k == kind));
        if let Some(p) = e["Payload"]
            .as_object()
            .filter(|_| ["SO", "SCO", "PROJ", "STAT"].contains(&kind))
        {
            keys_within(kind, &serde_json::Value::Object(p.clone()), &shape);
        }
        if kind == "SQ" {
            keys_within("question", &e["Payload"], &shape);
            assert_eq!(e["PrimaryAttribute"], e["Payload"]["QuestionID"]);
            let js = e["Payload"]["QuestionJS"].as_str().unwrap();
            assert!(
                js.contains("https://example.org/glossa/www/hosts/qualtrics.js")
                    || js.contains("\"https://example.org/glossa/\"")
            );
            assert!(
                js.contains("${lm://Field/1}") && js.contains("glossa_${lm://CurrentLoopNumber}")
            );
        }
    }
    let questions: Vec<&str> = elements
        .iter()
        .filter(|e| e["Element"] == "SQ")
        .map(|e| e["PrimaryAttribute"].as_str().unwrap())
        .collect();
    let count = elements.iter().find(|e| e["Element"] == "QC").unwrap();
    assert_eq!(count["SecondaryAttribute"], questions.len().to_string());
    let rs = elements.iter().find(|e| e["Element"] == "RS").unwrap();
    assert_eq!(
        rs["PrimaryAttribute"],
        qsf["SurveyEntry"]["SurveyActiveResponseSet"]
    );

    // Blocks: every question in one; the looped block holds the plan's slot, in order.
    let items: Vec<serde_json::Value> = serde_json::from_str(
        &std::fs::read_to_string("www/examples/it-implicit/items.json").unwrap(),
    )
    .unwrap();
    let plan: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string("tests/fixtures/it-plan-attention.json").unwrap(),
    )
    .unwrap();
    let blocks = payload("BL").as_array().unwrap();
    let mut in_blocks = Vec::new();
    let mut looped = Vec::new();
    for b in blocks {
        keys_within("block", b, &shape);
        for el in b["BlockElements"].as_array().unwrap() {
            keys_within("blockelement", el, &shape);
            in_blocks.push(el["QuestionID"].as_str().unwrap());
        }
        if let Some(options) = b.get("Options") {
            keys_within("block.options", options, &shape);
            if options["Looping"] == "Static" {
                looped.push(b);
            }
        }
    }
    in_blocks.sort_unstable();
    let mut sorted_questions = questions.clone();
    sorted_questions.sort_unstable();
    assert_eq!(
        in_blocks, sorted_questions,
        "every question in a block, once"
    );
    let slots = plan["annotators"].as_array().unwrap();
    assert_eq!(looped.len(), slots.len());
    for (block, slot) in looped.iter().zip(slots) {
        let rows = block["Options"]["LoopingOptions"]["Static"]
            .as_object()
            .unwrap();
        let want: Vec<&str> = slot["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i.as_str().unwrap())
            .collect();
        assert_eq!(rows.len(), want.len());
        for (n, id) in want.iter().enumerate() {
            let row = &rows[&(n + 1).to_string()];
            let item: serde_json::Value =
                serde_json::from_slice(&unbase64(row["1"].as_str().unwrap())).unwrap();
            let expected = items.iter().find(|i| i["id"] == *id).unwrap();
            assert_eq!(&item, expected, "loop row {} is item {id}, whole", n + 1);
            assert_eq!(row["2"], *id);
            let gold = plan["gold"].as_array().unwrap().iter().any(|g| g == id);
            assert_eq!(row["3"], if gold { "gold" } else { "" });
            match plan["attention"].get(*id) {
                Some(a) => assert_eq!(
                    &serde_json::from_slice::<serde_json::Value>(&unbase64(
                        row["4"].as_str().unwrap()
                    ))
                    .unwrap(),
                    a
                ),
                None => assert_eq!(row["4"], ""),
            }
        }
    }

    // The flow: known element kinds only, unique FlowIDs, blocks that exist, fields declared.
    let flow = payload("FL");
    keys_within("flow:Root", flow, &shape);
    let block_ids: Vec<&serde_json::Value> = blocks.iter().map(|b| &b["ID"]).collect();
    let mut flow_ids = vec![flow["FlowID"].as_str().unwrap().to_owned()];
    let mut ends = Vec::new();
    let mut declared = Vec::new();
    fn walk<'a>(
        node: &'a serde_json::Value,
        shape: &serde_json::Value,
        block_ids: &[&serde_json::Value],
        flow_ids: &mut Vec<String>,
        ends: &mut Vec<Option<&'a str>>,
        declared: &mut Vec<&'a str>,
    ) {
        for child in node["Flow"].as_array().into_iter().flatten() {
            let kind = child["Type"].as_str().unwrap();
            keys_within(&format!("flow:{kind}"), child, shape);
            flow_ids.push(child["FlowID"].as_str().unwrap().to_owned());
            match kind {
                "Block" | "Standard" => assert!(block_ids.contains(&&child["ID"])),
                "EmbeddedData" => {
                    for f in child["EmbeddedData"].as_array().unwrap() {
                        keys_within("embedded", f, shape);
                        declared.push(f["Field"].as_str().unwrap());
                    }
                }
                "EndSurvey" => {
                    if let Some(o) = child.get("Options") {
                        keys_within("endsurvey.options", o, shape);
                    }
                    ends.push(child["Options"]["EOSRedirectURL"].as_str());
                }
                "Branch" => {
                    for (k, e) in child["BranchLogic"]["0"].as_object().unwrap() {
                        if k != "Type" {
                            keys_within("branch.expression", e, shape);
                        }
                    }
                }
                _ => {}
            }
            walk(child, shape, block_ids, flow_ids, ends, declared);
        }
    }
    walk(
        flow,
        &shape,
        &block_ids,
        &mut flow_ids,
        &mut ends,
        &mut declared,
    );
    let n_ids = flow_ids.len();
    flow_ids.sort();
    flow_ids.dedup();
    assert_eq!(flow_ids.len(), n_ids, "FlowIDs are unique");
    assert_eq!(flow["Properties"]["Count"], n_ids);
    assert_eq!(
        ends,
        vec![Some("https://app.prolific.com/submissions/complete?cc=OK"); 3]
    );
    let longest = slots
        .iter()
        .map(|s| s["items"].as_array().unwrap().len())
        .max()
        .unwrap();
    for prefix in ["__js_", ""] {
        for n in 1..=longest {
            for suffix in ["count", "sha256", "1"] {
                let f = format!("{prefix}glossa_{n}_{suffix}");
                assert!(declared.contains(&f.as_str()), "{f} is declared");
            }
        }
        for f in ["glossa_error", "glossa_attention"] {
            assert!(declared.contains(&format!("{prefix}{f}").as_str()));
        }
    }
    assert!(declared.contains(&"PROLIFIC_PID") && declared.contains(&"glossa_slot"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// `glossa strings` gives a study's starting strings, ready for `ui_strings`; `glossa check`
/// names a key no string has and a parameter a string invents, and warns, for a language Glossa
/// does not ship, how many strings will be English.
#[test]
fn a_studys_own_strings_are_listed_and_checked() {
    let o = glossa(&["strings", "de"]);
    assert_eq!(o.status.code(), Some(0));
    let de: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(de["submit"], "Absenden");
    assert_eq!(
        de["host.thanks"],
        "Vielen Dank — alle Ergebnisse sind gespeichert."
    );
    assert!(de["_notes"]["submit"]
        .as_str()
        .unwrap()
        .contains("submit button"));
    let o = glossa(&["strings", "de-AT"]);
    assert_eq!(
        serde_json::from_str::<serde_json::Value>(&stdout(&o)).unwrap()["submit"],
        "Absenden"
    );
    let o = glossa(&["strings", "eu"]);
    assert_eq!(
        serde_json::from_str::<serde_json::Value>(&stdout(&o)).unwrap()["submit"],
        "Submit"
    );
    assert!(String::from_utf8_lossy(&o.stderr).contains("does not ship"));
    assert_eq!(glossa(&["strings", "not a tag"]).status.code(), Some(2));

    // The Basque fixture: every word a single-choice pilot shows, and a note on the rest.
    let o = glossa(&[
        "check",
        "tests/fixtures/eu-own-strings.json",
        "tests/fixtures/eu-items.json",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(
        stdout(&o).contains("Glossa does not ship \"eu\""),
        "{}",
        stdout(&o)
    );
    // A key no string has, and an invented parameter.
    let dir = std::env::temp_dir().join(format!("glossa-strings-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut spec: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string("tests/fixtures/eu-own-strings.json").unwrap(),
    )
    .unwrap();
    spec["ui_strings"]["submitt"] = "Bidali".into();
    spec["ui_strings"]["host.item_of"] = "{n}/{all}".into();
    let path = dir.join("spec.json");
    std::fs::write(&path, spec.to_string()).unwrap();
    let o = glossa(&["check", path.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let out = format!("{}{}", stdout(&o), String::from_utf8_lossy(&o.stderr));
    assert!(
        out.contains(
            "ui_strings.submitt: no UI string has the key \"submitt\" (did you mean submit"
        ),
        "{out}"
    );
    assert!(
        out.contains("ui_strings.host.item_of: {all} is not a parameter"),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A study folder in a fresh temporary folder `name`: the Italian example's spec and items,
/// and each `(fixture, file name)` of `extra`. Returns (the temporary folder, the study).
fn italian_study(name: &str, extra: &[(&str, &str)]) -> (std::path::PathBuf, std::path::PathBuf) {
    let dir = std::env::temp_dir().join(format!("glossa-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let study = dir.join("study");
    std::fs::create_dir_all(&study).unwrap();
    for (from, to) in [
        ("www/examples/it-implicit/spec.json", "spec.json"),
        ("www/examples/it-implicit/items.json", "items.json"),
    ]
    .iter()
    .chain(extra)
    {
        std::fs::copy(from, study.join(to)).unwrap();
    }
    (dir, study)
}

/// `glossa host PAGE STUDY --out OUT --site SITE` and any `extra` arguments.
fn host(page: &str, study: &Path, out: &Path, site: &Path, extra: &[&str]) -> Output {
    let (study, out, site) = (
        study.to_str().unwrap(),
        out.to_str().unwrap(),
        site.to_str().unwrap(),
    );
    let mut args = vec!["host", page, study, "--out", out, "--site", site];
    args.extend(extra);
    glossa(&args)
}

#[test]
fn a_result_there_twice_counts_once_the_first_in_validate_agreement_and_report() {
    let result = |who: &str, item: &str, v: &str| {
        format!(
            r#"{{"format":"glossa.result/1","spec":{{"id":"implicit-content-it","version":"1.0.0"}},"item_id":"{item}","ids":{{"participant":"{who}"}},"answers":{{"valutazione":"{v}"}}}}"#
        )
    };
    let mut lines = vec![];
    for item in ["it-001", "it-002", "it-003"] {
        for who in ["A", "B"] {
            lines.push(result(who, item, "totalmente_corretto"));
        }
    }
    // An exact resend (line 7) and a conflicting one (line 8): the first of each counts.
    lines.push(result("A", "it-002", "totalmente_corretto"));
    lines.push(result("B", "it-001", "totalmente_sbagliato"));
    let dir = std::env::temp_dir().join(format!("glossa-twice-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("results.jsonl");
    std::fs::write(&path, lines.join("\n")).unwrap();
    let results = path.to_str().unwrap();
    let spec = "www/examples/it-implicit/spec.json";
    let items = "www/examples/it-implicit/items.json";

    let o = glossa(&["validate", spec, items, results]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(
        out.contains("results.jsonl:7: a second result for item \"it-002\"")
            && out.contains("with the same answers: left out; the first, at line 3, counts"),
        "{out}"
    );
    assert!(
        out.contains("results.jsonl:8: a second result for item \"it-001\"")
            && out.contains("with other answers: left out; the first, at line 2, counts"),
        "{out}"
    );
    assert!(out.contains("8 result(s)"), "{out}");

    let o = glossa(&["agreement", spec, results, "--json"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("results.jsonl:8: a second result"), "{err}");
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let alpha = v["controls"]["valutazione"]["alpha"].as_f64();
    // Every first answer agrees (one value only: alpha is undefined, never the late 0.45).
    assert!(alpha.is_none_or(|a| (a - 1.0).abs() < 1e-12), "{v}");
    assert_eq!(v["controls"]["valutazione"]["items"], 3);

    let html = dir.join("report.html");
    let o = glossa(&[
        "report",
        spec,
        items,
        results,
        "--out",
        html.to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("report of 6 result(s)"), "{err}");
    assert!(err.contains("results.jsonl:7: a second result"), "{err}");
}

/// An attention answer the participant's page cannot check exactly (a slider's point) is
/// refused by `glossa plan`, naming the item and control, instead of a plan whose attention
/// link can never fire; the report names the item and control an annotator missed.
#[test]
fn attention_answers_the_page_cannot_check_are_refused_and_misses_are_named() {
    let dir = std::env::temp_dir().join(format!("glossa-attention-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let gold = dir.join("gold.json");
    std::fs::write(
        &gold,
        r#"{"items": [{"item_id": "conll-001", "kind": "attention", "answers": {"entities": {"spans": [{"label": "PER", "words": [0, 0]}]}}}]}"#,
    )
    .unwrap();
    let o = glossa(&[
        "plan",
        "www/examples/en-ner/spec.json",
        "www/examples/en-ner/items.json",
        "--annotators",
        "2",
        "--per-item",
        "1",
        "--gold",
        gold.to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(
        err.contains("gold.json: items[0].answers.entities: item \"conll-001\": the participant's page checks an attention answer as instructed"),
        "{err}"
    );
    assert!(o.stdout.is_empty(), "no plan is written");

    // The report: annotator B missed the instructed answer of it-002's "valutazione".
    let result = |who: &str, item: &str, v: &str| {
        format!(
            r#"{{"format":"glossa.result/1","spec":{{"id":"implicit-content-it","version":"1.0.0"}},"item_id":"{item}","ids":{{"participant":"{who}"}},"answers":{{"valutazione":"{v}"}}}}"#
        )
    };
    let results = dir.join("results.jsonl");
    std::fs::write(
        &results,
        [
            result("A", "it-002", "risposta_non_fornita"),
            result("B", "it-002", "totalmente_corretto"),
        ]
        .join("\n"),
    )
    .unwrap();
    let html = dir.join("report.html");
    let o = glossa(&[
        "report",
        "www/examples/it-implicit/spec.json",
        "www/examples/it-implicit/items.json",
        results.to_str().unwrap(),
        "--gold",
        "tests/fixtures/it-gold-attention.json",
        "--out",
        html.to_str().unwrap(),
    ]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(
        page.contains("failed attention: it-002 (valutazione)"),
        "the miss is named: {}",
        &page[page.find("Annotators").unwrap_or(0)..][..800.min(page.len())]
    );
}

/// Output piped into a command that stops reading (`glossa items … | head -1`) ends the
/// command quietly, as `cat` ends: no panic, no backtrace on the researcher's screen.
#[test]
fn output_into_a_closed_pipe_ends_quietly_without_a_panic() {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    let root = env!("CARGO_MANIFEST_DIR");
    let mut child = Command::new(env!("CARGO_BIN_EXE_glossa"))
        .args([
            "simulate",
            &format!("{root}/www/examples/en-de-mqm-systems/spec.json"),
            &format!("{root}/www/examples/en-de-mqm-systems/items.json"),
            "--annotators",
            "400",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    lines.read_line(&mut first).unwrap();
    assert!(first.starts_with('{'), "{first}");
    // The reader stops: the pipe closes under the writer.
    drop(lines);
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_ne!(out.status.code(), Some(101), "not a panic's exit: {stderr}");
}

/// `glossa examples` lists the shipped examples and copies one, media and gold included, as a
/// study folder that checks; it never writes into a folder with files, and an unknown name is
/// answered with the names there are.
#[test]
fn examples_are_listed_and_one_is_copied_as_a_study_folder() {
    let listed = stdout(&glossa(&["examples"]));
    let index: Vec<serde_json::Value> = serde_json::from_str(
        &std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("www/examples/index.json"),
        )
        .unwrap(),
    )
    .unwrap();
    for e in &index {
        let id = e["id"].as_str().unwrap();
        assert!(
            listed.lines().any(|l| l.starts_with(&format!("{id} "))),
            "{id} not listed:\n{listed}"
        );
    }
    let dir = std::env::temp_dir().join(format!("glossa-examples-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("study");
    let o = glossa(&["examples", "en-p808-acr", "--out", out.to_str().unwrap()]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(stdout(&o).contains("glossa serve"), "{}", stdout(&o));
    for f in ["spec.json", "items.json", "gold.json"] {
        assert!(out.join(f).is_file(), "{f} copied");
    }
    let clips = std::fs::read_dir(out.join("clips")).unwrap().count();
    let shipped = std::fs::read_dir(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("www/examples/en-p808-acr/clips"),
    )
    .unwrap()
    .count();
    assert_eq!(clips, shipped, "every clip copied");
    let check = glossa(&[
        "check",
        out.join("spec.json").to_str().unwrap(),
        out.join("items.json").to_str().unwrap(),
    ]);
    assert_eq!(check.status.code(), Some(0), "{}", stdout(&check));
    // Not into a folder that has files; an unknown name gets the names there are.
    let again = glossa(&["examples", "en-p808-acr", "--out", out.to_str().unwrap()]);
    assert_eq!(again.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&again.stderr).contains("not empty"));
    let unknown = glossa(&["examples", "p808", "--out", dir.join("x").to_str().unwrap()]);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&unknown.stderr)
            .contains("no such example; there are: en-p808-acr"),
        "{}",
        String::from_utf8_lossy(&unknown.stderr)
    );
    assert!(!dir.join("x").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

/// `glossa doctor` names the site in use and each part it misses (exit 1); `--version` says
/// which site the commands use.
#[test]
fn doctor_names_the_site_and_what_it_misses() {
    let dir = std::env::temp_dir().join(format!("glossa-doctor-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let site = common::stand_in_site(&dir, "choice", &["index.html", "www/glossa.js"]);
    let o = glossa(&["doctor", "--site", site.to_str().unwrap()]);
    let said = stdout(&o);
    assert_eq!(o.status.code(), Some(1), "{said}");
    assert!(said.contains("(named by --site)"), "{said}");
    assert!(
        said.contains("MISSING  the report page: www/report.html"),
        "{said}"
    );
    assert!(
        said.contains("MISSING  the book: book/index.html"),
        "{said}"
    );
    assert!(said.contains("incomplete"), "{said}");
    let none = glossa(&["doctor", "--site", dir.join("nowhere").to_str().unwrap()]);
    assert_eq!(none.status.code(), Some(1));
    assert!(
        stdout(&none).contains("no such folder (--site)"),
        "{}",
        stdout(&none)
    );
    let version = stdout(&glossa(&["--version"]));
    assert!(
        version.starts_with("glossa ") && version.contains("\nsite: "),
        "{version}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
