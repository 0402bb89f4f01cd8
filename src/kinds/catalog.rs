//! The kinds as data, for what is not Rust: `www/kinds.json` (`tests/kinds.rs` keeps it equal
//! to [`json`]). The control kinds come from their declaration (`control_kinds!`), the block
//! kinds from `Block::KINDS`, the participant builds from [`BUILDS`]. `scripts/build.sh` reads
//! each build's cargo features there, `scripts/css_for_build.py` each build's families and
//! each kind folder's family, the studio each kind's gold tolerance; `www/glossa.js` keeps a
//! copy of each build's kinds (it picks a build before anything else loads: a fetch would
//! slow every participant's first screen), checked against this one.

use serde_json::{json, Value};

/// The participant builds, lightest first, each with the families it has beyond `base` (every
/// build has `base`; the last has every family). `listen` is the listening and looking tests'
/// (ratings over media); `full` has every family but media and relations, so a study without
/// them never carries the players or the links; `relations` has the links with labelled spans,
/// sections and suggestions; `media` has them all.
pub const BUILDS: [(&str, &[&str]); 9] = [
    ("choice", &[]),
    ("number", &["numbers"]),
    ("grid", &["grids"]),
    ("labels", &["labels"]),
    ("rating", &["ratings"]),
    ("listen", &["ratings", "media"]),
    (
        "full",
        &[
            "numbers", "grids", "marking", "labels", "ratings", "compose", "suggest",
        ],
    ),
    ("relations", &["labels", "relations", "compose", "suggest"]),
    (
        "media",
        &[
            "numbers",
            "grids",
            "marking",
            "labels",
            "ratings",
            "compose",
            "suggest",
            "media",
            "relations",
        ],
    ),
];

/// A family's name as the features and files write it (`Ratings` → `ratings`).
fn family(name: &str) -> String {
    name.to_ascii_lowercase()
}

/// The control kinds: tag, family and gold comparison, in declaration order.
fn controls() -> Vec<(&'static str, String, &'static str)> {
    macro_rules! rows {
        ([] $( $(#[$doc:meta])* $folder:ident => $Variant:ident($family:ident<$Payload:ident>) gold $gold:ident $(if $cfg:meta)? ),* $(,)?) => {
            vec![$( $(#[cfg($cfg)])? (stringify!($folder), family(stringify!($family)), stringify!($gold)) ),*]
        };
    }
    super::control_kinds!([rows])
}

/// `www/kinds.json`: every control kind (its family and gold comparison), every block kind
/// (its family), and every participant build (its families, its cargo features, and the kinds
/// it shows: `null` for all).
pub fn json() -> String {
    let controls = controls();
    let blocks: Vec<(&str, String)> = crate::spec::Block::KINDS
        .iter()
        .map(|(k, f)| (*k, family(f)))
        .collect();
    let builds: Vec<Value> = BUILDS
        .iter()
        .enumerate()
        .map(|(n, (name, extra))| {
            let has = |f: &str| f == "base" || extra.contains(&f);
            let last = n + 1 == BUILDS.len();
            let of = |list: Vec<&str>| if last { Value::Null } else { json!(list) };
            json!({
                "name": name,
                "families": std::iter::once("base").chain(extra.iter().copied()).collect::<Vec<_>>(),
                "features": extra,
                "controls": of(controls.iter().filter(|c| has(&c.1)).map(|c| c.0).collect()),
                "blocks": of(blocks.iter().filter(|b| has(&b.1)).map(|b| b.0).collect()),
            })
        })
        .collect();
    let value = json!({
        "$comment": "Made from the declaration of the kinds (src/kinds/mod.rs): do not edit; GLOSSA_BLESS=1 cargo test --test kinds writes it anew.",
        "controls": controls.iter().map(|(k, f, g)| json!({"kind": k, "family": f, "gold": g})).collect::<Vec<_>>(),
        "blocks": blocks.iter().map(|(k, f)| json!({"kind": k, "family": f})).collect::<Vec<_>>(),
        "builds": builds,
    });
    serde_json::to_string_pretty(&value).unwrap_or_default() + "\n"
}

/// The build `www/glossa.js` loads for a spec (its `buildOf`): the lightest with every family
/// the spec needs — its control and block kinds', and `suggest` for model suggestions, `compose`
/// for label groups, `media` for outputs that are media and a headphone check; `full` for a spec that is not an
/// object, or one with a kind no build has (its messages list every kind).
pub fn build_for(spec: &Value) -> &'static str {
    let Some(spec) = spec.as_object() else {
        return "full";
    };
    let kinds = |list: &str| -> Vec<String> {
        spec.get(list)
            .and_then(Value::as_array)
            .map(|l| {
                l.iter()
                    .map(|x| {
                        x.get("kind")
                            .and_then(Value::as_str)
                            .unwrap_or_default()
                            .to_owned()
                    })
                    .collect()
            })
            .unwrap_or_default()
    };
    let family_of = |kind: &str, table: &[(&str, String)]| {
        table
            .iter()
            .find(|(k, _)| *k == kind)
            .map(|(_, f)| f.clone())
    };
    let control_families: Vec<(&str, String)> =
        controls().into_iter().map(|(k, f, _)| (k, f)).collect();
    let block_families: Vec<(&str, String)> = crate::spec::Block::KINDS
        .iter()
        .map(|(k, f)| (*k, family(f)))
        .collect();
    let mut needed: Vec<Option<String>> = kinds("controls")
        .iter()
        .map(|k| family_of(k, &control_families))
        .chain(
            kinds("blocks")
                .iter()
                .map(|k| family_of(k, &block_families)),
        )
        .collect();
    let entries = |list: &str| -> Vec<&Value> {
        spec.get(list)
            .and_then(Value::as_array)
            .map(|l| l.iter().collect())
            .unwrap_or_default()
    };
    let (controls, blocks) = (entries("controls"), entries("blocks"));
    // Model suggestions.
    if spec.get("suggestions").is_some_and(|s| !s.is_null()) {
        needed.push(Some("suggest".into()));
    }
    // Label groups (a control's `labels[].group`): compositions.
    let grouped = |c: &&Value| {
        c.get("labels").and_then(Value::as_array).is_some_and(|ls| {
            ls.iter()
                .any(|l| l.get("group").is_some_and(|g| !g.is_null()))
        })
    };
    if controls.iter().any(grouped) {
        needed.push(Some("compose".into()));
    }
    // Outputs that are media (a section's or a control's `outputs.media`).
    let media = |x: &&Value| {
        x.get("outputs")
            .and_then(|o| o.get("media"))
            .is_some_and(|m| !m.is_null())
    };
    // (And a headphone check.)
    let check = spec.get("headphone_check").is_some_and(|c| !c.is_null());
    if check || controls.iter().chain(&blocks).any(media) {
        needed.push(Some("media".into()));
    }
    let found = BUILDS.iter().find(|(_, extra)| {
        needed.iter().all(|f| {
            f.as_deref()
                .is_some_and(|f| f == "base" || extra.contains(&f))
        })
    });
    match found {
        Some((name, _)) => name,
        // A kind no build has: full, whose messages list every kind; the last (every family)
        // when the spec has media too.
        None if needed.iter().any(|f| f.as_deref() == Some("media")) => BUILDS[BUILDS.len() - 1].0,
        None => "full",
    }
}
