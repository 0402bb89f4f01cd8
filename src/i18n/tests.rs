//! The strings files: every key, every parameter, plural choices for every category of the
//! language, and the lists of languages agreeing.

use super::*;

fn file(tag: &str) -> serde_json::Map<String, serde_json::Value> {
    match serde_json::from_str(compiled::file(tag).expect("shipped")) {
        Ok(serde_json::Value::Object(m)) => m,
        _ => panic!("www/strings/{tag}.json is not a JSON object"),
    }
}

fn lang(tag: &str) -> Lang {
    Lang::parse(tag).expect("a tag")
}

use super::own::params;

#[test]
fn plurals_follow_each_language() {
    let digits = |l: &str, n: u64| tf(lang(l), Msg::ErrNumberTooLong, &[("n", &n.to_string())]);
    assert_eq!(digits("en", 1), "Use at most 1 digit.");
    assert_eq!(digits("en", 6), "Use at most 6 digits.");
    assert_eq!(digits("cs", 1), "Použijte nejvýše 1 číslici.");
    assert_eq!(digits("cs", 3), "Použijte nejvýše 3 číslice.");
    assert_eq!(digits("cs", 6), "Použijte nejvýše 6 číslic.");
    assert_eq!(digits("it", 1), "Usa al massimo 1 cifra.");
    let questions = |n: u64| {
        tf(
            lang("pl"),
            Msg::ErrTooManyQuestions,
            &[("n", &n.to_string())],
        )
    };
    assert_eq!(questions(1), "Najwyżej 1 pytanie: usuń nadmiarowe.");
    assert_eq!(questions(3), "Najwyżej 3 pytania: usuń nadmiarowe.");
    assert_eq!(questions(12), "Najwyżej 12 pytań: usuń nadmiarowe.");
    assert_eq!(questions(22), "Najwyżej 22 pytania: usuń nadmiarowe.");
    assert_eq!(questions(25), "Najwyżej 25 pytań: usuń nadmiarowe.");
    // Braces that are not plural choices stay as they are.
    assert_eq!(
        plurals(lang("en"), "{a} and {b:one=x|other=y}", &[("b", "2")]),
        "{a} and y"
    );
}

#[test]
fn tags_fall_back_along_themselves_to_english() {
    assert_eq!(t(lang("de-AT"), Msg::Submit), t(lang("de"), Msg::Submit));
    assert_eq!(t(lang("pt-BR"), Msg::Submit), t(lang("pt"), Msg::Submit));
    assert_eq!(t(lang("PT-br"), Msg::Submit), t(lang("pt"), Msg::Submit));
    assert_eq!(
        t(lang("eu"), Msg::Submit),
        "Submit",
        "a language Glossa does not ship reads English"
    );
    assert_eq!(lang("pt-BR").tag(), "pt-BR");
    assert_eq!(lang("ar-EG").dir(), Dir::Rtl);
    assert_eq!(lang("de").dir(), Dir::Ltr);
    for bad in ["", "d", "de_AT", "deutsch-österreich", "x-", "de--at"] {
        assert!(Lang::parse(bad).is_err(), "{bad:?}");
    }
}

#[test]
fn a_specs_own_strings_go_over_its_language() {
    let own: crate::support::sorted_map::SortedMap<String, String> =
        [("submit".to_owned(), "Bidali".to_owned())]
            .into_iter()
            .collect();
    let eu = Lang(tables::overlay(lang("eu").0, &own));
    assert_eq!(t(eu, Msg::Submit), "Bidali");
    assert_eq!(
        t(eu, Msg::Instructions),
        "Instructions",
        "the rest falls back to English"
    );
    assert_eq!(eu.tag(), "eu");
    assert_eq!(
        Lang(tables::overlay(lang("eu").0, &own)),
        eu,
        "the same strings, the same table"
    );
}

#[test]
fn numbers_take_the_languages_digits() {
    assert_eq!(number(lang("ar"), 305), "٣٠٥");
    assert_eq!(number(lang("fa"), 12), "۱۲");
    assert_eq!(number(lang("de"), 12), "12");
    assert!(tf(lang("ar"), Msg::ErrNumberTooSmall, &[("n", "7")]).contains('٧'));
}

#[test]
fn every_shipped_file_has_every_string_with_its_parameters_and_plural_forms() {
    let en = file("en");
    let keys: Vec<&str> = Msg::ALL
        .iter()
        .map(|m| m.key())
        .chain(PAGE_STRINGS.iter().map(|(k, _)| *k))
        .collect();
    for tag in SHIPPED {
        let f = file(tag);
        for meta in ["_about", "_name", "_dir", "_digits"] {
            assert!(
                f.get(meta)
                    .and_then(|v| v.as_str())
                    .is_some_and(|s| !s.is_empty()),
                "{tag}: {meta}"
            );
        }
        assert_eq!(f["_dir"], lang(tag).dir().attr(), "{tag}: _dir");
        assert_eq!(
            f["_digits"].as_str().unwrap().chars().count(),
            10,
            "{tag}: _digits"
        );
        for key in f.keys() {
            assert!(
                key.starts_with('_') || keys.contains(&key.as_str()),
                "{tag}: unknown key {key}"
            );
        }
        for key in &keys {
            let s = f
                .get(*key)
                .and_then(|v| v.as_str())
                .unwrap_or_else(|| panic!("{tag}: {key} is missing"));
            assert!(!s.trim().is_empty(), "{tag}: {key} is empty");
            let e = en[*key].as_str().unwrap();
            assert_eq!(
                params(s),
                params(e),
                "{tag}: {key} takes the parameters English does"
            );
            // A plural choice holds no braces (`{n} {n:one=…}`, not `{n:one={n} …}`).
            let mut depth = 0;
            for c in s.chars() {
                depth += match c {
                    '{' => 1,
                    '}' => -1,
                    _ => 0,
                };
                assert!(
                    (0..=1).contains(&depth),
                    "{tag}: {key}: braces inside braces"
                );
            }
            // Every plural choice has a form for every category the language gives a count.
            for choice in s.split('{').skip(1).filter_map(|c| c.split('}').next()) {
                if let Some((_, forms)) = choice.split_once(':') {
                    let names: Vec<&str> = forms
                        .split('|')
                        .filter_map(|f| f.split_once('=').map(|(c, _)| c))
                        .collect();
                    assert_eq!(
                        names.len(),
                        forms.split('|').count(),
                        "{tag}: {key}: every form is named (one=…)"
                    );
                    let primary = tag.to_owned();
                    for n in 0..=1000 {
                        let c = plural_category(&primary, n).name();
                        assert!(
                            names.contains(&c) || names.contains(&"other"),
                            "{tag}: {key}: no form for {c} ({n})"
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn the_lists_of_languages_agree() {
    let tags: Vec<&str> = compiled::FILES.iter().map(|(t, _)| *t).collect();
    assert_eq!(tags, SHIPPED.to_vec());
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("www/strings");
    let mut on_disk: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| {
            e.ok()?
                .file_name()
                .to_str()?
                .strip_suffix(".json")
                .map(str::to_owned)
        })
        .collect();
    on_disk.sort();
    assert_eq!(
        on_disk,
        SHIPPED.to_vec(),
        "www/strings holds the shipped languages"
    );
    let js = std::fs::read_to_string(dir.join("../glossa.js")).unwrap();
    let list = format!(
        "const LANGUAGES = {};",
        serde_json::to_string(&SHIPPED)
            .unwrap()
            .replace(',', ", ")
            .replace('"', "'")
    );
    assert!(js.contains(&list), "glossa.js says {list}");
}

#[test]
fn english_lists_the_widget_strings_in_the_order_of_msg() {
    // glossa.js hands a participant build its strings in en.json's order.
    let en = compiled::file("en").unwrap();
    let order: Vec<String> = match serde_json::from_str::<serde_json::Value>(en).unwrap() {
        serde_json::Value::Object(m) => m.keys().cloned().collect(),
        _ => unreachable!(),
    };
    // serde_json's map is sorted: read the order from the text instead.
    let _ = order;
    let mut at = 0;
    for m in Msg::ALL {
        let needle = format!("\n \"{}\":", m.key());
        let found = en[at..]
            .find(&needle)
            .unwrap_or_else(|| panic!("en.json: {} out of order", m.key()));
        at += found + needle.len();
    }
}

#[test]
fn every_shipped_file_lists_its_strings_in_the_order_of_english() {
    // glossa.js reads a shipped file's own order when it fetches no English.
    let order = |tag: &str| -> Vec<String> {
        compiled::file(tag)
            .unwrap()
            .lines()
            .filter_map(|l| {
                l.trim_start()
                    .strip_prefix('"')?
                    .split_once("\":")
                    .map(|(k, _)| k.to_owned())
            })
            .filter(|k| !k.starts_with('_'))
            .collect()
    };
    let en = order("en");
    for tag in SHIPPED {
        assert_eq!(
            order(tag),
            en,
            "www/strings/{tag}.json: keys in en.json's order"
        );
    }
}

#[test]
fn every_msg_has_a_key_and_a_note() {
    let mut keys: Vec<&str> = Msg::ALL.iter().map(|m| m.key()).collect();
    assert!(Msg::ALL.iter().all(|m| !m.note().trim().is_empty()));
    keys.sort_unstable();
    keys.dedup();
    assert_eq!(keys.len(), MSG_COUNT);
}

#[test]
fn fill_replaces_parameters() {
    assert_eq!(fill("Tasto {key}", &[("key", "4")]), "Tasto 4");
}

#[test]
fn the_media_and_relations_families_strings_are_in_their_own_files_and_come_last() {
    let keys = |text: &str| -> Vec<String> {
        text.lines()
            .filter_map(|l| l.strip_prefix(" \"")?.split_once("\":"))
            .map(|(k, _)| k.to_owned())
            .filter(|k| !k.starts_with('_'))
            .collect()
    };
    // Each family: its folder, its keys (from the first named to the last named, in the order
    // of `Msg`), its files and what a tag's file is.
    let families: [(
        &str,
        std::ops::Range<usize>,
        [&str; 2],
        &[(&str, &str)],
        fn(&str) -> Option<&'static str>,
    ); 2] = [
        (
            "media",
            MEDIA_FROM..RELATIONS_FROM,
            ["err_listen_to_end", "err_headphones"],
            compiled::MEDIA_FILES,
            compiled::media_file,
        ),
        (
            "relations",
            RELATIONS_FROM..MSG_COUNT,
            ["links_hint", "links_deleted"],
            compiled::RELATIONS_FILES,
            compiled::relations_file,
        ),
    ];
    for (family, range, [first, last], files, file) in families {
        let own: Vec<&str> = Msg::ALL[range].iter().map(|m| m.key()).collect();
        assert_eq!(
            (own.first(), own.last()),
            (Some(&first), Some(&last)),
            "the {family} family's keys"
        );
        let dir =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("www/strings/{family}"));
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), SHIPPED.len());
        for (tag, text) in files {
            assert_eq!(
                keys(text),
                own,
                "www/strings/{family}/{tag}.json: the {family} family's keys, in order"
            );
            let base = compiled::FILES.iter().find(|(t, _)| t == tag).unwrap().1;
            assert!(
                keys(base).iter().all(|k| !own.contains(&k.as_str())),
                "www/strings/{tag}.json: no string of the {family} family (the builds without it download it)"
            );
            // Merged, every string reads.
            let probe = Msg::ALL.iter().find(|m| m.key() == last).unwrap();
            assert!(!t(lang(tag), *probe).is_empty());
            assert_eq!(file(tag), Some(*text));
        }
    }
}
