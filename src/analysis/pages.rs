//! Results as the host pages write them (`glossa simulate --page`): the simulated crowd's
//! answers with the ids each page puts beside them — Prolific's `PROLIFIC_PID`, `STUDY_ID` and
//! `SESSION_ID` on the pilot, jsPsych and JATOS pages (and JATOS's worker number), MTurk's
//! `workerId`, `assignmentId` and `hitId`, Qualtrics' response id — a plan's slot and its items
//! in the slot's order (narrowed to the slot's outputs), the `gold` flag on a gold or attention
//! item's result, a phone's or a desktop's environment, and the instructed answer of an
//! attention item (missed now and then, as people do). Stages that read results are tested on
//! these as well as on the plain crowd's.

use crate::item::Item;
use crate::result::{Environment, Viewport};
use crate::simulate::{item_seed, Simulated, START_MS};
use crate::spec::TaskSpec;
use crate::support::rng::SplitMix;
use crate::support::sorted_map::SortedMap;
use crate::task::Task;
use serde_json::Value;

/// A page that collects Glossa's results.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Page {
    /// The pilot runner (`glossa host pilot`, `glossa serve`), opened from a Prolific link.
    Pilot,
    /// The jsPsych experiment (`glossa host jspsych`), opened from a Prolific link.
    Jspsych,
    /// The JATOS study (`glossa host jatos`), opened from a Prolific link.
    Jatos,
    /// MTurk's ExternalQuestion page (`glossa host mturk`): one item a HIT.
    Mturk,
    /// The Qualtrics survey (`glossa host qualtrics`), opened from a Prolific link.
    Qualtrics,
}

impl Page {
    /// Every page, in the order the book lists the hosts.
    pub const ALL: [Page; 5] = [
        Page::Pilot,
        Page::Jspsych,
        Page::Jatos,
        Page::Mturk,
        Page::Qualtrics,
    ];

    /// The page's name on the command line (`glossa host`'s).
    pub fn name(self) -> &'static str {
        match self {
            Page::Pilot => "pilot",
            Page::Jspsych => "jspsych",
            Page::Jatos => "jatos",
            Page::Mturk => "mturk",
            Page::Qualtrics => "qualtrics",
        }
    }

    /// The page of a name.
    pub fn named(name: &str) -> Option<Page> {
        Page::ALL.into_iter().find(|p| p.name() == name)
    }

    /// Whether the page runs a plan (each participant their slot's items): every page but
    /// MTurk's, where a HIT is one item.
    fn runs_plans(self) -> bool {
        self != Page::Mturk
    }

    /// Whether the participant's slot comes from their id (the pilot's, jsPsych's and
    /// JATOS's hash rule); Qualtrics' survey flow hands slots out in turn.
    fn slot_by_id(self) -> bool {
        matches!(self, Page::Pilot | Page::Jspsych | Page::Jatos)
    }

    /// The ids the page writes for participant `k` (`rng` draws them; `slot` is theirs).
    fn ids(self, rng: &mut SplitMix, k: usize, study: &str) -> SortedMap<String, String> {
        let mut ids = SortedMap::default();
        let mut put = |k: &str, v: String| {
            ids.insert(k.to_owned(), v);
        };
        match self {
            Page::Mturk => put("workerId", format!("A{}", code(rng, 13, UPPER))),
            _ => {
                put("PROLIFIC_PID", code(rng, 24, HEX));
                put("STUDY_ID", study.to_owned());
                put("SESSION_ID", code(rng, 24, HEX));
                match self {
                    // JATOS numbers its workers from 1.
                    Page::Jatos => put("jatos_worker", (k + 1).to_string()),
                    Page::Qualtrics => put("participant", format!("R_{}", code(rng, 15, ALNUM))),
                    _ => {}
                }
            }
        }
        ids
    }
}

const HEX: &[u8] = b"0123456789abcdef";
const UPPER: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
const ALNUM: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/// `n` characters drawn from `from`.
fn code(rng: &mut SplitMix, n: usize, from: &[u8]) -> String {
    (0..n)
        .map(|_| from[rng.below(from.len() as u64) as usize] as char)
        .collect()
}

/// The devices participants answer on, in turn: two phones and a desktop.
fn device(k: usize, language: &str) -> Environment {
    let (ua, width, height, touch) = [
        ("Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36", 412, 915, true),
        ("Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1", 390, 844, true),
        ("Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0", 1280, 720, false),
    ][k % 3];
    Environment {
        locale: language.to_owned(),
        viewport: Viewport { width, height },
        touch,
        user_agent: ua.to_owned(),
    }
}

/// One participant's items: with a plan, their slot's (in its order, each narrowed to the
/// slot's outputs) and the slot's name; else every item.
fn items_of(
    plan: Option<&Value>,
    slot: Option<usize>,
    items: &[Item],
) -> Result<(Vec<(usize, Item)>, Option<String>), String> {
    let (Some(plan), Some(k)) = (plan, slot) else {
        return Ok((items.iter().cloned().enumerate().collect(), None));
    };
    let slot = &plan["annotators"][k];
    let field = plan["outputs_field"].as_str();
    let outputs = &slot["outputs"];
    let mut mine = Vec::new();
    for id in slot["items"].as_array().into_iter().flatten() {
        let id = id.as_str().unwrap_or_default();
        let (i, item) = items
            .iter()
            .enumerate()
            .find(|(_, it)| it.id == id)
            .ok_or_else(|| format!("the plan names item \"{id}\", which the items lack"))?;
        let json = crate::study::qsf::narrowed(item, field.map(|f| (f, outputs)));
        let item: Item = serde_json::from_value(json).map_err(|e| format!("item \"{id}\": {e}"))?;
        mine.push((i, item));
    }
    Ok((mine, slot["slot"].as_str().map(str::to_owned)))
}

/// An instructed answer put into a given one as the pages check it: an object by each of its
/// keys (a judgement's winner, a point per output), anything else whole.
fn instruct(given: &mut Value, want: &Value) {
    match (given.as_object_mut(), want.as_object()) {
        (Some(given), Some(want)) => {
            for (k, w) in want {
                instruct(given.entry(k.clone()).or_insert(Value::Null), w);
            }
        }
        _ => *given = want.clone(),
    }
}

/// The slots of a plan, by name.
fn slots(plan: &Value) -> Vec<String> {
    plan["annotators"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|s| s["slot"].as_str().unwrap_or_default().to_owned())
        .collect()
}

/// The results `annotators` participants send through `page` (with a plan: participant `k`
/// takes slot `k` modulo the slots, their id drawn so the page's own rule gives them that
/// slot), as the JSON the page hands on, each participant's items in their order.
pub fn crowd(
    spec: &TaskSpec,
    items: &[Item],
    plan: Option<&Value>,
    page: Page,
    annotators: usize,
    agreement: f64,
    seed: u64,
) -> Result<Vec<Value>, String> {
    let plan = plan.filter(|_| page.runs_plans());
    let slot_names = plan.map(slots).unwrap_or_default();
    if plan.is_some() && slot_names.is_empty() {
        return Err("the plan has no slots (\"annotators\")".into());
    }
    let gold: Vec<&str> = plan
        .and_then(|p| p["gold"].as_array())
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .collect();
    let attention = plan.map(|p| &p["attention"]);
    let language = spec.language.tag().to_owned();
    let mut rng = SplitMix::new(seed ^ 0x9a9e_5000);
    let study = code(&mut rng, 24, HEX);
    let mut out = Vec::new();
    for k in 0..annotators {
        let slot = plan.map(|_| k % slot_names.len());
        // An id the page's own rule gives this slot.
        let mut ids = page.ids(&mut rng, k, &study);
        while let (true, Some(want)) = (page.slot_by_id(), slot) {
            let who = crate::support::ids::participant_id(&ids).unwrap_or_default();
            if crate::study::plan::slot_of(&slot_names, who) == want {
                break;
            }
            ids = page.ids(&mut rng, k, &study);
        }
        let (mine, slot_name) = items_of(plan, slot, items)?;
        if let Some(name) = slot_name {
            ids.insert("slot".to_owned(), name);
        }
        let env = device(k, &language);
        for (n, (i, item)) in mine.into_iter().enumerate() {
            let mut ids = ids.clone();
            if page == Page::Mturk {
                ids.insert(
                    "hitId".to_owned(),
                    format!("3{}", code(&mut rng, 29, UPPER)),
                );
                ids.insert(
                    "assignmentId".to_owned(),
                    format!("3{}", code(&mut rng, 29, UPPER)),
                );
            }
            if gold.contains(&item.id.as_str()) {
                ids.insert("gold".to_owned(), "gold".to_owned());
            }
            let seed_of_page = crate::support::ids::ids_key(&ids);
            let id = item.id.clone();
            let task = Task::new(spec.clone(), item, Some(&seed_of_page));
            let one = Simulated {
                item_seed: item_seed(seed, i),
                k,
                annotators,
                agreement,
                start: START_MS + (k * items.len() + n) as u64 * 90_000,
            };
            let Some(doc) = one.result(&task, &mut rng, &env, &ids) else {
                continue;
            };
            let mut json = serde_json::to_value(&doc).map_err(|e| e.to_string())?;
            // An attention item's instructed answer, given by nine participants in ten (where
            // the rest of their answer still holds with it; else they missed it).
            let instructed = attention
                .and_then(|a| a.get(&id))
                .and_then(Value::as_object);
            if let Some(instructed) = instructed.filter(|_| rng.below(10) != 0) {
                let mut followed = json.clone();
                for (control, want) in instructed {
                    instruct(&mut followed["answers"][control], want);
                }
                if crate::analysis::revalidate::check_result(&task, &followed).is_empty() {
                    json = followed;
                }
            }
            out.push(json);
        }
    }
    Ok(out)
}
