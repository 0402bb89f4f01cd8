//! Media in the core: items' and outputs' files checked, P.808's play-to-end rule on a media
//! block, on outputs a control rates one by one, and in a section asked per output; the
//! result's and the draft's record of plays; the build a media study loads; and the MOS and
//! MUSHRA figures of `glossa agreement` against an independent computation.

mod common;

use common::{example_task, glossa_ok};
use glossa::form::headphones::{HeadphoneAction, Trial};
use glossa::form::media::{MediaAction, MediaEvent};
use glossa::form::{apply, Action, FormState, PointEdit};
use glossa::result::{build, Environment};
use glossa::support::sorted_map::SortedMap;
use glossa::task::Task;
use serde_json::{json, Value};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn media(key: &str, event: MediaEvent) -> Action {
    Action::Media(MediaAction {
        key: key.to_owned(),
        event,
    })
}

/// A point on a scale (`key`: an output's) or, for `mushra`, a slider's value.
fn rate(control: &str, key: Option<&str>, point: i64) -> Action {
    let edit = PointEdit {
        key: key.map(str::to_owned),
        point: Some(glossa::answer::Point::Value(point)),
    };
    if control == "mushra" {
        glossa::spec::SliderControl::action_on(&control.into(), edit)
    } else {
        glossa::spec::ScaleControl::action_on(&control.into(), edit)
    }
}

/// The headphone check's actions for a participant who chooses right on the rounds `right`
/// says (`attempt` from 0; the seed drawn at the first round is `seed`).
fn headphone_rounds(
    task: &Task,
    seed: u32,
    attempt: u32,
    right: impl Fn(u32) -> bool,
) -> Vec<Action> {
    let check = task.spec.headphones().expect("a headphone check");
    let mut out = Vec::new();
    for n in 0..check.trials {
        let trial = Trial::of(seed, attempt, n);
        out.push(Action::Headphones(HeadphoneAction::Heard { seed }));
        out.push(Action::Headphones(HeadphoneAction::Choose(if right(n) {
            trial.quiet
        } else {
            trial.antiphase
        })));
    }
    out
}

/// The headphone check passed at once.
fn headphones_passed(task: &Task) -> Vec<Action> {
    headphone_rounds(task, 4242, 0, |_| true)
}

/// The result the widget builds from a form (a fixed clock, no host ids), or its refusal.
fn result_of(
    task: &Task,
    form: &FormState,
) -> Result<glossa::result::ResultDoc, glossa::validate::Report> {
    build(task, form, &Environment::default(), &SortedMap::new(), 5)
}

fn run(task: &Task, actions: impl IntoIterator<Item = Action>) -> FormState {
    actions
        .into_iter()
        .fold(FormState::new(0), |f, a| apply(task, &f, a))
}

fn codes_at(task: &Task, form: &FormState) -> Vec<(String, String)> {
    form.report(task)
        .problems
        .iter()
        .map(|p| (p.path.clone(), format!("{:?}", p.code)))
        .collect()
}

#[test]
fn a_rating_before_the_recording_ended_is_refused_and_the_result_records_the_listening() {
    let task = example_task("en-p808-acr", "spec.json", "items.json", 0);
    let early = run(
        &task,
        headphones_passed(&task)
            .into_iter()
            .chain([media("clip", MediaEvent::Started), rate("quality", None, 4)]),
    );
    assert_eq!(
        codes_at(&task, &early),
        vec![("quality".to_owned(), "NotPlayedToEnd".to_owned())]
    );
    let refused = result_of(&task, &early);
    assert!(refused.is_err(), "no result before the end");
    let heard = run(
        &task,
        headphones_passed(&task).into_iter().chain([
            media(
                "clip",
                MediaEvent::Loaded {
                    duration_ms: Some(1500),
                },
            ),
            media("clip", MediaEvent::Started),
            media("clip", MediaEvent::Heard { ms: 1500 }),
            media("clip", MediaEvent::Ended),
            rate("quality", None, 4),
        ]),
    );
    assert_eq!(codes_at(&task, &heard), vec![]);
    let doc = result_of(&task, &heard).expect("valid");
    let v = serde_json::to_value(&doc).unwrap();
    assert_eq!(
        v["media"]["clip"],
        json!({"plays": 1, "heard_ms": 1500, "ended": true, "loaded": true, "duration_ms": 1500})
    );
    // The record reads back as written.
    let back: glossa::result::ResultDoc = serde_json::from_value(v.clone()).unwrap();
    assert_eq!(serde_json::to_value(&back).unwrap()["media"], v["media"]);
}

#[test]
fn each_rated_output_waits_for_its_own_recording() {
    let task = example_task("en-mushra", "spec.json", "items.json", 0);
    let ref_key = "stimuli/ref";
    let form = run(
        &task,
        [
            media(ref_key, MediaEvent::Started),
            media(ref_key, MediaEvent::Ended),
            rate("mushra", Some("ref"), 100),
            rate("mushra", Some("anchor-7k"), 50),
        ],
    );
    let problems = codes_at(&task, &form);
    assert!(
        problems.contains(&("mushra.anchor-7k".to_owned(), "NotPlayedToEnd".to_owned())),
        "{problems:?}"
    );
    assert!(
        !problems.iter().any(|(at, _)| at == "mushra.ref"),
        "the reference was heard: {problems:?}"
    );
    // The open reference (a block without the rule) asks nothing of the whole control.
    assert!(
        !problems.iter().any(|(at, _)| at == "mushra"),
        "{problems:?}"
    );
}

#[test]
fn a_section_asked_per_output_over_recordings_waits_for_each() {
    let spec = glossa::mount::load_spec(
        &json!({
            "glossa": 1, "id": "tts-esa", "version": "1", "language": "en",
            "blocks": [{"kind": "section", "controls": ["natural"],
                        "outputs": {"field": "voices", "label": "Voice {n}",
                                    "media": {"type": "audio", "play_to_end": true}}}],
            "controls": [{"kind": "scale", "id": "natural", "label": "Naturalness", "points": 5}]
        })
        .to_string(),
    )
    .expect("spec");
    let item: glossa::item::Item = serde_json::from_value(json!({
        "id": "s1",
        "voices": [{"id": "a", "src": "a.wav", "text": "Hello."}, {"id": "b", "src": "b.wav", "text": "Hello."}]
    }))
    .unwrap();
    assert_eq!(
        glossa::mount::check_items(&spec, std::slice::from_ref(&item)),
        vec![]
    );
    let task = Task::new(spec, item, None);
    let form = run(
        &task,
        [
            media("voices/a", MediaEvent::Ended),
            rate("natural/a", None, 4),
            rate("natural/b", None, 2),
        ],
    );
    assert_eq!(
        codes_at(&task, &form),
        vec![("natural/b".to_owned(), "NotPlayedToEnd".to_owned())]
    );
}

#[test]
fn media_items_are_checked_for_their_files_and_text_alternatives() {
    let spec = common::example_spec("en-mushra/spec.json");
    let bad: glossa::item::Item = serde_json::from_value(json!({
        "id": "x", "reference": "javascript:alert(1)", "reference_text": " ",
        "stimuli": [{"id": "a", "text": "ok"}, {"id": "b", "src": "b.wav", "text": ""}]
    }))
    .unwrap();
    let issues: Vec<String> = glossa::item::check_item(&spec, &bad, "items[0]")
        .iter()
        .map(|i| format!("{}: {}", i.path, i.message))
        .collect();
    let has = |p: &str| issues.iter().any(|i| i.starts_with(p));
    assert!(has("items[0].reference:"), "{issues:?}");
    assert!(has("items[0].reference_text:"), "{issues:?}");
    assert!(has("items[0].stimuli[0].src:"), "{issues:?}");
    assert!(has("items[0].stimuli[1].text:"), "{issues:?}");
    assert!(
        issues.iter().any(|i| i.contains("hidden reference")),
        "{issues:?}"
    );
}

/// A video's captions: a file of the item like its video (copied by `glossa host`, refused
/// when it is neither a path nor an http(s) URL, and never out of the items' folder).
#[test]
fn a_videos_captions_are_the_items_file_checked_and_copied_like_the_video() {
    let spec = glossa::mount::load_spec(
        &std::fs::read_to_string(format!("{ROOT}/tests/fixtures/media/video-spec.json")).unwrap(),
    )
    .unwrap();
    let item = |captions: &str| -> glossa::item::Item {
        serde_json::from_value(
            json!({"id": "v", "video": "v/a.webm", "transcript": "t", "captions": captions}),
        )
        .unwrap()
    };
    assert_eq!(
        glossa::item::media::relative_files(&spec, &[item("v/a.vtt")]).unwrap(),
        vec!["v/a.webm", "v/a.vtt"]
    );
    assert!(
        glossa::item::media::relative_files(&spec, &[item("../a.vtt")])
            .unwrap_err()
            .contains("../a.vtt")
    );
    let issues = glossa::item::check_item(&spec, &item("javascript:alert(1)"), "items[0]");
    assert!(
        issues
            .iter()
            .any(|i| i.path == "items[0].captions" && i.message.contains("https://")),
        "{issues:?}"
    );
    assert!(
        glossa::item::check_item(&spec, &item("https://example.org/a.vtt"), "items[0]").is_empty()
    );
}

#[test]
fn an_output_videos_captions_are_its_own_checked_and_copied_with_it() {
    let spec = glossa::mount::load_spec(
        &std::fs::read_to_string(format!(
            "{ROOT}/tests/fixtures/media/video-outputs-spec.json"
        ))
        .unwrap(),
    )
    .unwrap();
    let items: Vec<glossa::item::Item> = serde_json::from_str(
        &std::fs::read_to_string(format!(
            "{ROOT}/tests/fixtures/media/video-outputs-items.json"
        ))
        .unwrap(),
    )
    .unwrap();
    assert_eq!(
        glossa::item::media::relative_files(&spec, &items).unwrap(),
        vec!["clip.webm", "clip.vtt", "clip-late.vtt"]
    );
    let captions: Vec<Option<String>> = glossa::item::media::stimuli(&spec, &items[0])
        .into_iter()
        .map(|s| s.captions)
        .collect();
    assert_eq!(
        captions,
        vec![
            Some("clip.vtt".to_owned()),
            Some("clip-late.vtt".to_owned())
        ]
    );
    assert!(glossa::item::check_item(&spec, &items[0], "items[0]").is_empty());
    let mut bad = items[0].clone();
    bad.fields.get_mut("versions").unwrap()[1]["captions"] = json!("javascript:alert(1)");
    let issues = glossa::item::check_item(&spec, &bad, "items[0]");
    assert!(
        issues
            .iter()
            .any(|i| i.path == "items[0].versions[1].captions" && i.message.contains("https://")),
        "{issues:?}"
    );
}

#[test]
fn a_draft_keeps_what_was_heard_and_drops_records_of_files_the_item_has_not() {
    let task = example_task("en-p808-acr", "spec.json", "items.json", 0);
    let form = run(
        &task,
        [
            media("clip", MediaEvent::Started),
            media("clip", MediaEvent::Ended),
        ],
    );
    let draft =
        glossa::form::draft::Draft::of(&task, &form, glossa::form::draft::EARLIEST_START_MS + 10);
    let mut v = serde_json::to_value(&draft).unwrap();
    v["media"]["other.wav"] = json!({"plays": 9, "ended": true});
    let tampered: glossa::form::draft::Draft = serde_json::from_value(v).unwrap();
    let back = tampered
        .restore(&task, glossa::form::draft::EARLIEST_START_MS + 20)
        .expect("restores");
    let kept = back.media.expect("records");
    assert_eq!(kept.keys().collect::<Vec<_>>(), vec!["clip"]);
    assert!(kept.get("clip").unwrap().ended);
}

#[test]
fn a_media_study_loads_a_build_with_the_players_and_no_more() {
    let spec = |p: &str| -> Value {
        serde_json::from_str(&std::fs::read_to_string(format!("{ROOT}/{p}")).unwrap()).unwrap()
    };
    let build_for = glossa::kinds::catalog::build_for;
    assert_eq!(
        build_for(&spec("www/examples/en-p808-acr/spec.json")),
        "listen"
    );
    assert_eq!(
        build_for(&spec("www/examples/en-mushra/spec.json")),
        "listen"
    );
    assert_eq!(
        build_for(&spec("www/examples/en-likert/spec.json")),
        "rating"
    );
    assert_eq!(build_for(&spec("www/examples/de-esa/spec.json")), "full");
    // Outputs that are media with a section: every family.
    let mut esa = spec("www/examples/de-esa/spec.json");
    esa["blocks"][1]["outputs"]["media"] = json!({"type": "audio"});
    assert_eq!(build_for(&esa), "media");
}

/// Simulated listeners' results on an example, one per (item, listener), with the answers of
/// `answer(listener, item, result)` written over the simulated ones where it gives any.
fn results(
    dir: &str,
    listeners: u64,
    answer: impl Fn(u64, &glossa::item::Item, &mut Value),
) -> std::path::PathBuf {
    let read = |f: &str| std::fs::read_to_string(format!("{ROOT}/www/examples/{dir}/{f}")).unwrap();
    let spec = glossa::mount::load_spec(&read("spec.json")).unwrap();
    let items = glossa::item::parse_items(&read("items.json")).unwrap();
    let mut lines = String::new();
    for (n, it) in items.iter().enumerate() {
        for a in 1..=listeners {
            let who = format!("p{a}");
            let t = Task::new(spec.clone(), it.clone(), Some(&who));
            let (_, form) = glossa::simulate::annotate(&t, n as u64 * 17 + a, 0).expect("valid");
            let mut ids = SortedMap::new();
            ids.insert("participant".to_owned(), who);
            let doc = build(&t, &form, &Environment::default(), &ids, 1).expect("valid");
            let mut v = serde_json::to_value(&doc).unwrap();
            answer(a, it, &mut v);
            lines += &serde_json::to_string(&v).unwrap();
            lines.push('\n');
        }
    }
    // (A folder per call: tests run side by side.)
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir =
        std::env::temp_dir().join(format!("glossa-media-{dir}-{}-{call}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("results.jsonl");
    std::fs::write(&path, lines).unwrap();
    path
}

/// `glossa agreement --json`'s listening figures and the reference's, compared figure by figure.
/// (`gold`: a gold file screening the listeners, given to both.)
fn compare_with_reference(
    dir: &str,
    results: &std::path::Path,
    control: &str,
    gold: Option<&std::path::Path>,
) -> (Value, Value) {
    let spec = format!("{ROOT}/www/examples/{dir}/spec.json");
    let items = format!("{ROOT}/www/examples/{dir}/items.json");
    let mut args = vec![
        "agreement",
        &spec,
        results.to_str().unwrap(),
        "--items",
        &items,
        "--json",
    ];
    let mut reference = vec![spec.as_str(), &items, results.to_str().unwrap(), control];
    if let Some(g) = gold {
        args.extend(["--gold", g.to_str().unwrap()]);
        reference.push(g.to_str().unwrap());
    }
    let got: Value = serde_json::from_str(&glossa_ok(&args)).unwrap();
    let mine = got["listening"][control].clone();
    let want = common::reference("listening_reference.py", &reference);
    for table in ["conditions", "files"] {
        let (m, w) = (
            mine[table].as_object().unwrap(),
            want[table].as_object().unwrap(),
        );
        assert_eq!(
            m.keys().collect::<Vec<_>>(),
            w.keys().collect::<Vec<_>>(),
            "{table}"
        );
        for (name, row) in m {
            for k in ["n", "mos", "std", "ci95"] {
                let (a, b) = (&row[k], &w[name][k]);
                match (a.as_f64(), b.as_f64()) {
                    (Some(x), Some(y)) => assert!(
                        (x - y).abs() < 1e-9,
                        "{table} {name} {k}: glossa {x}, reference {y}"
                    ),
                    _ => assert_eq!(a, b, "{table} {name} {k}"),
                }
            }
        }
    }
    (mine, want)
}

/// `glossa agreement`'s text on results of the P.808 example.
fn p808_agreement(results: &std::path::Path) -> String {
    glossa_ok(&[
        "agreement",
        &format!("{ROOT}/www/examples/en-p808-acr/spec.json"),
        results.to_str().unwrap(),
        "--items",
        &format!("{ROOT}/www/examples/en-p808-acr/items.json"),
    ])
}

#[test]
fn mos_per_condition_and_per_file_equal_an_independent_computation() {
    let results = results("en-p808-acr", 5, |_, _, _| {});
    let (mine, _) = compare_with_reference("en-p808-acr", &results, "quality", None);
    let conditions: Vec<&String> = mine["conditions"].as_object().unwrap().keys().collect();
    assert_eq!(
        conditions,
        vec!["clean", "clipped", "mnru-q15", "narrowband"]
    );
    assert_eq!(
        mine["conditions"]["clean"]["n"], 15,
        "3 talkers × 5 listeners"
    );
    assert_eq!(
        mine["files"].as_object().unwrap().len(),
        13,
        "twelve clips and the trapping question, in no condition"
    );
    let text = p808_agreement(&results);
    assert!(
        text.contains("MOS (ITU-T P.808), quality, no listener screened out:")
            && text.contains("narrowband"),
        "{text}"
    );
}

/// The example's own trapping question (`trap-poor`, spoken: "please select the answer: Poor"),
/// an attention item of its `gold.json`: a listener who answers it otherwise is left out, and
/// the question is not a file of the MOS.
#[test]
fn the_examples_trapping_question_screens_a_listener_who_did_not_listen() {
    let results = results("en-p808-acr", 5, |who, item, v| {
        if item.id == "trap-poor" {
            v["answers"]["quality"] = json!(if who == 3 { 4 } else { 2 });
        }
    });
    let gold = std::path::PathBuf::from(format!("{ROOT}/www/examples/en-p808-acr/gold.json"));
    let (mine, want) = compare_with_reference("en-p808-acr", &results, "quality", Some(&gold));
    assert_eq!(want["excluded"], json!(["p3"]));
    assert_eq!(
        mine["screening"]["excluded"],
        json!([{"listener": "p3", "failed": ["trapping trap-poor"]}])
    );
    let files = mine["files"].as_object().unwrap();
    assert_eq!(files.len(), 12, "{:?}", files.keys());
    assert!(!files.contains_key("clips/trap-poor.wav"));
    assert_eq!(
        mine["conditions"]["clean"]["n"], 12,
        "3 talkers × 4 listeners"
    );
}

/// P.808's trapping and gold questions, from a gold file: `t1-clipped` is a trapping clip
/// ("select Poor": an attention item) and `t2-clean` a gold clip (Excellent, within 1 point).
#[test]
fn p808_screening_leaves_out_listeners_who_failed_a_trapping_or_gold_question() {
    // p1 answers the trapping clip Fair; p2 rates the gold clip Fair (2 away from Excellent);
    // p3 rates it Good (1 away: kept); p4 and p5 answer both as asked.
    let results = results("en-p808-acr", 5, |who, item, v| {
        let answer = match (item.id.as_str(), who) {
            ("t1-clipped", 1) => 3,
            ("t1-clipped", _) => 2,
            ("t2-clean", 2) => 3,
            ("t2-clean", 3) => 4,
            ("t2-clean", _) => 5,
            _ => return,
        };
        v["answers"]["quality"] = json!(answer);
    });
    let gold = results.with_file_name("gold.json");
    std::fs::write(
        &gold,
        json!({"point_band": 1, "items": [
            {"item_id": "t1-clipped", "kind": "attention", "answers": {"quality": 2}},
            {"item_id": "t2-clean", "kind": "gold", "answers": {"quality": 5}},
        ]})
        .to_string(),
    )
    .unwrap();
    let (mine, want) = compare_with_reference("en-p808-acr", &results, "quality", Some(&gold));
    assert_eq!(want["excluded"], json!(["p1", "p2"]));
    assert_eq!(
        mine["screening"]["excluded"],
        json!([{"listener": "p1", "failed": ["trapping t1-clipped"]}, {"listener": "p2", "failed": ["gold t2-clean"]}])
    );
    // Three listeners' votes, and neither question among the files.
    assert_eq!(mine["conditions"]["narrowband"]["n"], 9);
    let files = mine["files"].as_object().unwrap();
    // (The example's own trapping question is not in this gold file: it counts as a file.)
    assert_eq!(files.len(), 11, "{:?}", files.keys());
    assert!(
        !files.contains_key("clips/t1-clipped.wav") && !files.contains_key("clips/t2-clean.wav")
    );
    // Without the gold file every listener and clip counts.
    let (all, _) = compare_with_reference("en-p808-acr", &results, "quality", None);
    assert_eq!(all["conditions"]["narrowband"]["n"], 15);
    assert!(all.get("screening").is_none());
}

#[test]
fn mushra_scores_leave_out_listeners_who_missed_the_hidden_reference() {
    // Listener p3 rates the hidden reference 60 on the second item (1 of 3 items: over 15 %);
    // p2 rates it 90 everywhere (not below 90): kept.
    let results = results("en-mushra", 4, |who, item, v| {
        let score = |sid: &str| match sid {
            "ref" if who == 3 && item.id == "t2" => 60,
            "ref" if who == 2 => 90,
            "ref" => 100,
            "anchor-3k5" => 10 + who as i64,
            "anchor-7k" => 35 + who as i64,
            "mnru-q30" => 70 - who as i64,
            _ => 50 + 2 * who as i64,
        };
        let ids = ["ref", "anchor-3k5", "anchor-7k", "mnru-q30", "clipped"];
        v["answers"]["mushra"] = Value::Object(
            ids.iter()
                .map(|i| (i.to_string(), json!(score(i))))
                .collect(),
        );
    });
    let (mine, want) = compare_with_reference("en-mushra", &results, "mushra", None);
    assert_eq!(
        mine["post_screening"]["excluded"],
        json!([{"listener": "p3", "below_90": 1, "items": 3}])
    );
    assert_eq!(want["excluded"], json!(["p3"]));
    assert_eq!(
        mine["conditions"]["ref"]["n"], 9,
        "3 items × the 3 listeners kept"
    );
    // α and the scores per system are figured after the screening too; with everyone, labelled.
    let spec = format!("{ROOT}/www/examples/en-mushra/spec.json");
    let items = format!("{ROOT}/www/examples/en-mushra/items.json");
    let rp = results.to_str().unwrap();
    let got: Value = serde_json::from_str(&glossa_ok(&[
        "agreement",
        &spec,
        rp,
        "--items",
        &items,
        "--json",
    ]))
    .unwrap();
    assert_eq!(got["screening"]["left_out"], json!(["p3"]));
    let system = |systems: &Value, name: &str| -> f64 {
        systems["mushra"][name]["mean"]
            .as_f64()
            .unwrap_or_else(|| panic!("{systems}"))
    };
    let screened_ref = system(&got["systems"], "ref");
    assert!((screened_ref - mine["conditions"]["ref"]["mos"].as_f64().unwrap()).abs() < 1e-9);
    assert!(
        (screened_ref - (100.0 * 6.0 + 90.0 * 3.0) / 9.0).abs() < 1e-9,
        "{screened_ref}"
    );
    let everyone = system(&got["screening"]["unscreened"]["systems"], "ref");
    assert!(
        (everyone - (100.0 * 8.0 + 90.0 * 3.0 + 60.0) / 12.0).abs() < 1e-9,
        "{everyone}"
    );
    assert_ne!(
        got["controls"]["mushra"]["alpha"],
        got["screening"]["unscreened"]["controls"]["mushra"]["alpha"]
    );
    let text = glossa_ok(&["agreement", &spec, rp, "--items", &items]);
    for said in [
        "after the listening tests' screening: 1 listener(s) left out (p3)",
        "scores per system, mushra, after screening",
        "with every listener (unscreened: the 1 left out included)",
        "scores per system, mushra, unscreened",
        "MUSHRA mean scores (ITU-R BS.1534-3), mushra, after screening:",
    ] {
        assert!(text.contains(said), "{said}: {text}");
    }
    assert!(!text.contains("MOS (P.808)"), "{text}");
    // Each block on lines of its own.
    assert!(text.contains("\nbootstrap: "), "{text}");
    assert!(
        (mine["conditions"]["anchor-3k5"]["mos"].as_f64().unwrap() - (11.0 + 12.0 + 14.0) / 3.0)
            .abs()
            < 1e-9
    );
    // The report charts the slider asked per output: a row per condition, highest MOS first.
    let html = results.with_file_name("mushra-report.html");
    glossa_ok(&[
        "report",
        &format!("{ROOT}/www/examples/en-mushra/spec.json"),
        &format!("{ROOT}/www/examples/en-mushra/items.json"),
        results.to_str().unwrap(),
        "--out",
        html.to_str().unwrap(),
    ]);
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(
        page.contains("After the listening tests' screening: 1 listener(s) left out (p3)."),
        "the report's α says it is screened"
    );
    let mut by_mos: Vec<(f64, String)> = mine["conditions"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(name, r)| (r["mos"].as_f64().unwrap(), name.clone()))
        .collect();
    by_mos.sort_by(|a, b| b.0.total_cmp(&a.0));
    let want: Vec<String> = by_mos.into_iter().map(|(_, n)| n).collect();
    assert_eq!(want.len(), 5);
    assert_eq!(
        common::chart_rows(
            &std::fs::read_to_string(&html).unwrap(),
            "mushra: MOS per condition"
        ),
        want
    );
}

/// `glossa host` copies the items' media files beside the items, at the paths the items give,
/// lets the page play them (`media-src` in its policy), and refuses a path out of the folder.
#[test]
fn host_copies_the_items_media_and_refuses_paths_out_of_the_folder() {
    let dir = std::env::temp_dir().join(format!("glossa-host-media-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let study = dir.join("study");
    std::fs::create_dir_all(study.join("clips")).unwrap();
    let example = format!("{ROOT}/www/examples/en-p808-acr");
    for f in ["spec.json", "items.json"] {
        std::fs::copy(format!("{example}/{f}"), study.join(f)).unwrap();
    }
    for e in std::fs::read_dir(format!("{example}/clips")).unwrap() {
        let p = e.unwrap().path();
        std::fs::copy(&p, study.join("clips").join(p.file_name().unwrap())).unwrap();
    }
    let site = common::stand_in_site(
        &dir,
        "listen",
        &[
            "index.html",
            "www/glossa.js",
            "www/glossa.css",
            "www/first-screen.js",
            "www/hosts/pilot.css",
            "www/hosts/pilot-main.js",
        ],
    );
    let host = |out: &std::path::Path| {
        common::glossa(&[
            "host",
            "pilot",
            study.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
            "--site",
            site.to_str().unwrap(),
        ])
    };
    let out = dir.join("upload");
    let o = host(&out);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let copied = std::fs::read(out.join("study/clips/t2-mnru-q15.wav")).unwrap();
    assert_eq!(
        copied,
        std::fs::read(study.join("clips/t2-mnru-q15.wav")).unwrap()
    );
    assert_eq!(
        std::fs::read_dir(out.join("study/clips")).unwrap().count(),
        13,
        "twelve clips and the trapping question"
    );
    let page = std::fs::read_to_string(out.join("index.html")).unwrap();
    assert!(
        page.contains("media-src 'self' https: blob:"),
        "the page may play its files, and the headphone check's tones made in it"
    );
    // A file the items name but the folder lacks, and a path out of the folder: refused.
    std::fs::remove_file(study.join("clips/t3-clipped.wav")).unwrap();
    let o = host(&dir.join("missing"));
    assert_eq!(o.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("t3-clipped.wav: no such file"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let items = std::fs::read_to_string(study.join("items.json")).unwrap();
    std::fs::write(
        study.join("items.json"),
        items.replace("clips/t1-clean.wav", "../secret.wav"),
    )
    .unwrap();
    let o = host(&dir.join("outside"));
    assert_eq!(o.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("must lie beside the items file"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `glossa validate` refuses, as the browser did, a rating of a clip the result says was not
/// played to its end, and accepts the same result once it was.
#[test]
fn validate_refuses_a_rating_of_a_clip_not_heard_to_its_end() {
    let task = example_task("en-p808-acr", "spec.json", "items.json", 0);
    let heard = run(
        &task,
        headphones_passed(&task).into_iter().chain([
            media("clip", MediaEvent::Started),
            media("clip", MediaEvent::Ended),
            rate("quality", None, 2),
        ]),
    );
    let doc = result_of(&task, &heard).expect("valid");
    let mut v = serde_json::to_value(&doc).unwrap();
    let dir = std::env::temp_dir().join(format!("glossa-validate-media-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.jsonl");
    std::fs::write(&good, serde_json::to_string(&v).unwrap() + "\n").unwrap();
    v["media"]["clip"]["ended"] = json!(false);
    let bad = dir.join("bad.jsonl");
    std::fs::write(&bad, serde_json::to_string(&v).unwrap() + "\n").unwrap();
    let spec = format!("{ROOT}/www/examples/en-p808-acr/spec.json");
    let items = format!("{ROOT}/www/examples/en-p808-acr/items.json");
    let ok = common::glossa(&["validate", &spec, &items, good.to_str().unwrap()]);
    assert_eq!(
        ok.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&ok.stdout)
    );
    let refused = common::glossa(&["validate", &spec, &items, bad.to_str().unwrap()]);
    let said = String::from_utf8_lossy(&refused.stdout).to_string()
        + &String::from_utf8_lossy(&refused.stderr);
    assert_eq!(refused.status.code(), Some(1), "{said}");
    assert!(said.contains("NotPlayedToEnd"), "{said}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// P.808's environment check (the spec's `headphone_check`, Woods et al. 2017): no result until
/// it is done; a missed attempt asks for another; passed or with its attempts used, every
/// result records it; `glossa validate` flags a result without it or with an outcome its own
/// figures contradict.
#[test]
fn the_headphone_check_comes_first_and_every_result_records_it() {
    let task = example_task("en-p808-acr", "spec.json", "items.json", 0);
    let heard_and_rated = [
        media("clip", MediaEvent::Started),
        media("clip", MediaEvent::Ended),
        rate("quality", None, 4),
    ];
    // Not done: refused, with the check's problem first.
    let unchecked = run(&task, heard_and_rated.clone());
    assert_eq!(
        codes_at(&task, &unchecked),
        vec![("headphones".to_owned(), "HeadphoneCheck".to_owned())]
    );
    let message = unchecked.report(&task).problems[0].message(task.spec.language);
    assert_eq!(message, "Do the headphone check first.");
    assert!(result_of(&task, &unchecked).is_err());
    // 4 of 6, then (after asking for another attempt) 5 of 6: passed in the second.
    let second = run(
        &task,
        headphone_rounds(&task, 99, 0, |n| n < 4)
            .into_iter()
            .chain([Action::Headphones(HeadphoneAction::Again)])
            .chain(headphone_rounds(&task, 99, 1, |n| n != 2))
            .chain(heard_and_rated.clone()),
    );
    assert_eq!(codes_at(&task, &second), vec![]);
    let doc = result_of(&task, &second).expect("valid");
    assert_eq!(
        serde_json::to_value(&doc).unwrap()["headphones"],
        json!({"correct": 5, "trials": 6, "attempts": 2, "passed": true})
    );
    // Without asking for another attempt, the second's rounds count for nothing.
    let stuck = run(
        &task,
        headphone_rounds(&task, 99, 0, |n| n < 4)
            .into_iter()
            .chain(headphone_rounds(&task, 99, 1, |_| true)),
    );
    assert_eq!(codes_at(&task, &stuck)[0].1, "HeadphoneCheck");
    // Both attempts missed: the participant may go on, and the result says so.
    let failed = run(
        &task,
        headphone_rounds(&task, 7, 0, |n| n < 2)
            .into_iter()
            .chain([Action::Headphones(HeadphoneAction::Again)])
            .chain(headphone_rounds(&task, 7, 1, |n| n < 3))
            .chain(heard_and_rated),
    );
    let doc = result_of(&task, &failed).expect("valid");
    let mut v = serde_json::to_value(&doc).unwrap();
    assert_eq!(
        v["headphones"],
        json!({"correct": 3, "trials": 6, "attempts": 2, "passed": false})
    );

    // `glossa validate`: the recorded outcome is accepted; none, or a forged one, is flagged.
    let dir = std::env::temp_dir().join(format!("glossa-validate-hp-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let spec = format!("{ROOT}/www/examples/en-p808-acr/spec.json");
    let items = format!("{ROOT}/www/examples/en-p808-acr/items.json");
    let validate = |v: &Value, name: &str| {
        let path = dir.join(name);
        std::fs::write(&path, serde_json::to_string(v).unwrap() + "\n").unwrap();
        let o = common::glossa(&["validate", &spec, &items, path.to_str().unwrap()]);
        let said =
            String::from_utf8_lossy(&o.stdout).to_string() + &String::from_utf8_lossy(&o.stderr);
        (o.status.code(), said)
    };
    assert_eq!(validate(&v, "failed.jsonl").0, Some(0));
    v["headphones"]["passed"] = json!(true);
    let (code, said) = validate(&v, "forged.jsonl");
    assert_eq!(code, Some(1), "{said}");
    assert!(
        said.contains("headphones") && said.contains("3 of 6 right"),
        "{said}"
    );
    v.as_object_mut().unwrap().remove("headphones");
    let (code, said) = validate(&v, "none.jsonl");
    assert_eq!(code, Some(1), "{said}");
    assert!(said.contains("Do the headphone check first."), "{said}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The MOS leaves out the listeners who did not pass the headphone check, as an independent
/// computation does; the report names them.
#[test]
fn mos_leaves_out_listeners_who_did_not_pass_the_headphone_check() {
    let results = results("en-p808-acr", 5, |who, _, v| {
        if who == 4 {
            v["headphones"] = json!({"correct": 2, "trials": 6, "attempts": 2, "passed": false});
        }
    });
    let (mine, want) = compare_with_reference("en-p808-acr", &results, "quality", None);
    assert_eq!(want["excluded"], json!(["p4"]));
    assert_eq!(
        mine["headphone_check"]["excluded"],
        json!(["p4"]),
        "{}",
        mine["headphone_check"]
    );
    assert_eq!(
        mine["conditions"]["clean"]["n"], 12,
        "3 talkers × 4 listeners"
    );
    let text = p808_agreement(&results);
    assert!(
        text.contains("screened out (did not pass the headphone check): p4"),
        "{text}"
    );
}

/// `glossa check` verifies the media files the items name, wherever the items' folder is at
/// hand: a missing file and one that cannot be decoded are each named, and told apart; `glossa
/// host` refuses the study until they are mended.
#[test]
fn check_names_a_missing_clip_and_one_that_cannot_be_decoded_and_host_refuses_both() {
    let dir = std::env::temp_dir().join(format!("glossa-media-check-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("clips")).unwrap();
    let example = std::path::Path::new(ROOT).join("www/examples/en-p808-acr");
    for f in ["spec.json", "items.json"] {
        std::fs::copy(example.join(f), dir.join(f)).unwrap();
    }
    for e in std::fs::read_dir(example.join("clips")).unwrap().flatten() {
        std::fs::copy(e.path(), dir.join("clips").join(e.file_name())).unwrap();
    }
    let (spec, items) = (dir.join("spec.json"), dir.join("items.json"));
    let check = || common::glossa(&["check", spec.to_str().unwrap(), items.to_str().unwrap()]);
    assert!(
        check().status.success(),
        "the example's clips are all there and playable"
    );
    // A server's error page saved under the clip's name, and a clip never copied.
    std::fs::write(dir.join("clips/t1-clean.wav"), "<html>404 Not Found</html>").unwrap();
    std::fs::remove_file(dir.join("clips/t2-clean.wav")).unwrap();
    let out = check();
    let said = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert!(
        said.contains(
            "items[0] (\"t1-clean\"): clips/t1-clean.wav: cannot be played: it is not WAV audio"
        ),
        "{said}"
    );
    assert!(
        said.contains("(\"t2-clean\"): clips/t2-clean.wav: no such file"),
        "{said}"
    );
    let host = common::glossa(&[
        "host",
        "pilot",
        dir.to_str().unwrap(),
        "--out",
        dir.join("site").to_str().unwrap(),
    ]);
    let said = String::from_utf8_lossy(&host.stderr);
    assert!(!host.status.success(), "{said}");
    assert!(
        said.contains("cannot be played") || said.contains("no such file"),
        "{said}"
    );
}

/// The P.808 example with its media block's `unplayable` set to `how`.
fn p808_unplayable(how: &str) -> Task {
    let root = env!("CARGO_MANIFEST_DIR");
    let mut spec: Value = serde_json::from_str(
        &std::fs::read_to_string(format!("{root}/www/examples/en-p808-acr/spec.json")).unwrap(),
    )
    .unwrap();
    for b in spec["blocks"].as_array_mut().unwrap() {
        if b["kind"] == "media" {
            b["unplayable"] = how.into();
        }
    }
    let spec = glossa::mount::load_spec(&spec.to_string()).expect("the spec loads");
    let items = glossa::item::parse_items(
        &std::fs::read_to_string(format!("{root}/www/examples/en-p808-acr/items.json")).unwrap(),
    )
    .unwrap();
    Task::new(spec, items[0].clone(), None)
}

/// A file that fails every try (three): under `skip` the participant goes on — no answer is
/// required, the clip's rule no longer holds, the result records the failures and passes
/// `glossa validate`'s checks; under `retry` (the default) and `end` the item still waits; two
/// failures are not yet every try.
#[test]
fn a_file_that_cannot_be_played_lets_the_participant_go_on_only_where_the_study_says_so() {
    let failing = |n: usize| {
        std::iter::repeat_with(|| media("clip", MediaEvent::Failed))
            .take(n)
            .collect::<Vec<_>>()
    };
    for how in ["retry", "skip", "end"] {
        let task = p808_unplayable(how);
        let form = run(
            &task,
            headphones_passed(&task).into_iter().chain(failing(3)),
        );
        let record = glossa::form::media::record(&form, "clip").unwrap().clone();
        assert_eq!(record.failures, 3);
        assert!(glossa::form::media::given_up(&record));
        let skip = how == "skip";
        assert_eq!(glossa::form::media::skipped(&task, &form), skip, "{how}");
        assert_eq!(
            glossa::form::media::unplayable(&task, &form, glossa::spec::media::Unplayable::End)
                .is_some(),
            how == "end",
            "{how}"
        );
        let result = result_of(&task, &form);
        assert_eq!(result.is_ok(), skip, "{how}: {:?}", result.err());
        if let Ok(doc) = result {
            let v = serde_json::to_value(&doc).unwrap();
            assert_eq!(v["answers"], json!({}), "nothing answered");
            assert_eq!(v["media"]["clip"]["failures"], 3);
            // Read back and checked as `glossa validate` does: a result of the widget's.
            assert_eq!(
                glossa::analysis::revalidate::check_result(&task, &v),
                vec![],
                "{v}"
            );
            // A result claiming fewer failures required its answer.
            let mut forged = v.clone();
            forged["media"]["clip"]["failures"] = 2.into();
            assert!(!glossa::analysis::revalidate::check_result(&task, &forged).is_empty());
        }
        // Two failures: not every try yet.
        let two = run(
            &task,
            headphones_passed(&task).into_iter().chain(failing(2)),
        );
        assert!(result_of(&task, &two).is_err(), "{how}: two failures");
    }
}
