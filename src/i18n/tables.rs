//! The strings tables: one per language tag in use, each falling back to another (`de-AT` →
//! `de` → English). Table 0 is English. The participant builds (feature `strings-data`) get
//! each table from `glossa.js` as a list in the order of [`Msg`] — already merged with the
//! fallbacks and the spec's own strings — and carry no strings of their own; every other
//! build reads the shipped files compiled in (`www/strings/<tag>.json`, keyed by
//! [`Msg::key`]).

#[cfg(not(all(feature = "strings-data", target_arch = "wasm32")))]
use super::Plural;
use super::{Dir, Msg};

/// The languages Glossa ships strings for (`www/strings/<tag>.json`).
pub const SHIPPED: [&str; 22] = [
    "ar", "cs", "de", "en", "es", "fa", "fr", "he", "hi", "hr", "it", "ja", "ko", "nl", "pl", "pt",
    "ru", "sk", "sl", "tr", "uk", "zh",
];

/// One language's strings.
#[derive(Clone, Copy)]
struct Table {
    /// The tag it is for, as first given.
    tag: &'static str,
    /// Its strings by [`Msg`] (empty: none of its own yet).
    strings: &'static [Option<&'static str>],
    /// Where a string it lacks is looked up (English's is itself).
    parent: u16,
    /// Its digits, zero to nine, when not ASCII.
    digits: Option<[char; 10]>,
    /// Its direction.
    dir: Dir,
    /// The plural category of 0 to 199 (`z`ero, `o`ne, `t`wo, `f`ew, `m`any, `x` other);
    /// from 200 on, that of `100 + n % 100` (true of every rule the shipped languages have,
    /// but for the "many" of exact millions).
    plural: Option<&'static [u8]>,
}

impl Table {
    fn new(tag: &'static str, parent: u16) -> Self {
        #[cfg(not(all(feature = "strings-data", target_arch = "wasm32")))]
        let (dir, plural) = (super::dir::dir_of(tag), Some(plural_letters(tag)));
        #[cfg(all(feature = "strings-data", target_arch = "wasm32"))]
        let (dir, plural) = (Dir::Ltr, None);
        Table {
            tag,
            strings: &[],
            parent,
            digits: None,
            dir,
            plural,
        }
    }
}

/// The categories of 0 to 199 in a tag's language, as [`Table::plural`] keeps them.
#[cfg(not(all(feature = "strings-data", target_arch = "wasm32")))]
fn plural_letters(tag: &str) -> &'static [u8] {
    let primary = tag.split('-').next().unwrap_or(tag).to_ascii_lowercase();
    let letters: Vec<u8> = (0..200)
        .map(|n| match super::plural::category(&primary, n) {
            Plural::Zero => b'z',
            Plural::One => b'o',
            Plural::Two => b't',
            Plural::Few => b'f',
            Plural::Many => b'm',
            Plural::Other => b'x',
        })
        .collect();
    Box::leak(letters.into_boxed_slice())
}

#[cfg(not(all(feature = "strings-data", target_arch = "wasm32")))]
static TABLES: std::sync::Mutex<Vec<Table>> = std::sync::Mutex::new(Vec::new());

/// Runs `f` on the tables (English first, read in when the build carries the files).
#[cfg(not(all(feature = "strings-data", target_arch = "wasm32")))]
fn with<R>(f: impl FnOnce(&mut Vec<Table>) -> R) -> R {
    let mut tables = TABLES.lock().unwrap_or_else(|e| e.into_inner());
    if tables.is_empty() {
        tables.push(Table::new("en", 0));
        if let Some(json) = compiled::file("en") {
            fill_keyed(&mut tables[0], json);
        }
    }
    f(&mut tables)
}

/// The tables of a participant build: the page's one thread owns them.
#[cfg(all(feature = "strings-data", target_arch = "wasm32"))]
struct PageTables(std::cell::UnsafeCell<Vec<Table>>);

// SAFETY: a participant build runs on the page's one thread (wasm32 without threads): the
// tables are never reached from two threads, and `with` never runs inside itself (no code
// it calls reaches the tables again).
#[cfg(all(feature = "strings-data", target_arch = "wasm32"))]
unsafe impl Sync for PageTables {}

#[cfg(all(feature = "strings-data", target_arch = "wasm32"))]
static TABLES: PageTables = PageTables(std::cell::UnsafeCell::new(Vec::new()));

/// Runs `f` on the tables (English first; `glossa.js` hands over their strings).
#[cfg(all(feature = "strings-data", target_arch = "wasm32"))]
fn with<R>(f: impl FnOnce(&mut Vec<Table>) -> R) -> R {
    // SAFETY: see `PageTables`: one thread, and no `with` inside another.
    let tables = unsafe { &mut *TABLES.0.get() };
    if tables.is_empty() {
        tables.push(Table::new("en", 0));
    }
    f(tables)
}

/// A table (English for an index there is none at).
fn get(table: u16) -> Table {
    with(|t| t.get(usize::from(table)).copied().unwrap_or(t[0]))
}

/// The table for `tag`: its own when it has one, else a new one falling back along the tag.
pub(super) fn for_tag(tag: &str) -> u16 {
    with(|tables| find_or_add(tables, tag))
}

fn find_or_add(tables: &mut Vec<Table>, tag: &str) -> u16 {
    if let Some(i) = tables.iter().position(|t| t.tag.eq_ignore_ascii_case(tag)) {
        return i as u16;
    }
    // Natively a tag falls back along itself; `glossa.js` hands a participant build the
    // spec's own tag already merged with its fallbacks.
    #[cfg(not(all(feature = "strings-data", target_arch = "wasm32")))]
    let parent = match tag.rfind('-') {
        Some(cut) => find_or_add(tables, &tag[..cut]),
        None => 0,
    };
    #[cfg(all(feature = "strings-data", target_arch = "wasm32"))]
    let parent = 0;
    tables.push(Table::new(
        Box::leak(tag.to_owned().into_boxed_str()),
        parent,
    ));
    let i = tables.len() - 1;
    #[cfg(not(all(feature = "strings-data", target_arch = "wasm32")))]
    if let Some(json) = compiled::file(tag) {
        fill_keyed(&mut tables[i], json);
    }
    i as u16
}

/// The tag a table is for.
pub(super) fn tag(table: u16) -> &'static str {
    get(table).tag
}

/// A string: the table's own, or its fallback's; empty only when no table has it.
pub(super) fn text(table: u16, msg: Msg) -> &'static str {
    let mut t = get(table);
    for _ in 0..16 {
        if let Some(Some(s)) = t.strings.get(msg as usize) {
            return s;
        }
        if t.parent == 0 && t.tag == "en" {
            break;
        }
        t = get(t.parent);
    }
    ""
}

/// The digits a table writes numbers with (its own or its fallback's), when not ASCII.
pub(super) fn digits(table: u16) -> Option<[char; 10]> {
    let mut t = get(table);
    for _ in 0..16 {
        if t.digits.is_some() || t.parent == 0 && t.tag == "en" {
            return t.digits;
        }
        t = get(t.parent);
    }
    None
}

/// The direction of a table's language (as `glossa.js` or the tag gives it).
pub(super) fn dir(table: u16) -> Dir {
    get(table).dir
}

/// The plural category letter of `n` in a table's language (see [`Table::plural`]); `o` for
/// one and `x` for everything else when the table has no rules.
pub(super) fn plural(table: u16, n: u64) -> u8 {
    let at = if n < 200 {
        n as usize
    } else {
        100 + (n % 100) as usize
    };
    get(table)
        .plural
        .and_then(|p| p.get(at).copied())
        .unwrap_or(if n == 1 { b'o' } else { b'x' })
}

/// Ten digits from a strings file's `_digits`, when they are not the ASCII ones.
fn parse_digits(s: &str) -> Option<[char; 10]> {
    let chars: Vec<char> = s.chars().collect();
    (chars.len() == 10 && s != "0123456789").then(|| {
        let mut d = ['0'; 10];
        d.copy_from_slice(&chars);
        d
    })
}

/// Takes a language's strings from `glossa.js`: every string in the order of [`Msg`] (a build
/// without media or relations leaves out that family's, from [`super::MEDIA_FROM`] and
/// [`super::RELATIONS_FROM`]), then
/// its digits (`_digits`), its direction (`rtl` or `ltr`) and the plural categories of 0 to
/// 199 (see [`Table::plural`], from `Intl.PluralRules`), each ended by U+0001. Returns
/// `false`, keeping nothing, when it is not such a list (a strings file of another version).
#[cfg(all(feature = "strings-data", target_arch = "wasm32"))]
pub fn register(tag: &str, list: &str) -> bool {
    let mut strings: Vec<Option<&'static str>> = Vec::with_capacity(super::MSG_COUNT + 3);
    for s in list.split_terminator('\u{1}') {
        strings.push(Some(&*Box::leak(Box::<str>::from(s))));
    }
    // The base strings, then the media family's and the relations family's when this build
    // has them; a family left out sends none (read as missing; the relations family's come
    // last, so only a build with relations and without media fills the gap of the media's).
    let (media, relations) = (
        super::RELATIONS_FROM - super::MEDIA_FROM,
        super::MSG_COUNT - super::RELATIONS_FROM,
    );
    let (has_media, has_relations) = (
        crate::support::family::MEDIA,
        crate::support::family::RELATIONS,
    );
    let sent = super::MEDIA_FROM
        + if has_media { media } else { 0 }
        + if has_relations { relations } else { 0 };
    if strings.len() != sent + 3 {
        return false;
    }
    let plural = strings.pop().flatten().map(str::as_bytes);
    let dir = strings.pop().flatten();
    let digits = strings.pop().flatten().and_then(parse_digits);
    if has_relations && !has_media {
        strings.splice(
            super::MEDIA_FROM..super::MEDIA_FROM,
            std::iter::repeat_n(None, media),
        );
    }
    let strings: &'static [Option<&'static str>] = Box::leak(strings.into_boxed_slice());
    with(|t| {
        let i = usize::from(find_or_add(t, tag));
        t[i].strings = strings;
        t[i].digits = digits;
        t[i].dir = if dir == Some("rtl") {
            Dir::Rtl
        } else {
            Dir::Ltr
        };
        t[i].plural = plural;
    });
    true
}

/// Fills a table from a strings file (a JSON object keyed by [`Msg::key`]).
#[cfg(not(all(feature = "strings-data", target_arch = "wasm32")))]
fn fill_keyed(table: &mut Table, json: &str) {
    let Ok(serde_json::Value::Object(map)) = serde_json::from_str(json) else {
        return;
    };
    table.strings = keyed(&map);
    table.digits = map
        .get("_digits")
        .and_then(|d| d.as_str())
        .and_then(parse_digits);
}

/// The strings of a keyed object, by [`Msg`].
#[cfg(not(all(feature = "strings-data", target_arch = "wasm32")))]
fn keyed(map: &serde_json::Map<String, serde_json::Value>) -> &'static [Option<&'static str>] {
    let list: Vec<Option<&'static str>> = Msg::ALL
        .iter()
        .map(|m| {
            map.get(m.key())
                .and_then(|v| v.as_str())
                .map(|s| &*Box::leak(s.to_owned().into_boxed_str()))
        })
        .collect();
    Box::leak(list.into_boxed_slice())
}

/// A table of a spec's own strings (`ui_strings`) over `base`; the same strings over the same
/// base give the same table.
#[cfg(not(all(feature = "strings-data", target_arch = "wasm32")))]
pub(super) fn overlay(
    base: u16,
    own: &crate::support::sorted_map::SortedMap<String, String>,
) -> u16 {
    let map: serde_json::Map<String, serde_json::Value> = own
        .iter()
        .map(|(k, v)| (k.clone(), serde_json::Value::from(v.as_str())))
        .collect();
    with(|t| {
        let wanted: Vec<Option<&str>> = Msg::ALL
            .iter()
            .map(|m| map.get(m.key()).and_then(|v| v.as_str()))
            .collect();
        if let Some(i) = t.iter().position(|table| {
            table.parent == base
                && table.tag == t[usize::from(base)].tag
                && table.strings.iter().copied().eq(wanted.iter().copied())
        }) {
            return i as u16;
        }
        let digits = map
            .get("_digits")
            .and_then(|d| d.as_str())
            .and_then(parse_digits);
        let mut table = Table::new(t[usize::from(base)].tag, base);
        table.strings = keyed(&map);
        table.digits = digits;
        t.push(table);
        (t.len() - 1) as u16
    })
}

/// The shipped strings files, compiled in: each language's (`www/strings/<tag>.json`) and its
/// media family's (`www/strings/media/<tag>.json`, which only the participant builds with
/// media download).
#[cfg(not(all(feature = "strings-data", target_arch = "wasm32")))]
pub mod compiled {
    macro_rules! files {
        ($($tag:literal),*) => {
            /// Every shipped file: its tag and its text.
            pub const FILES: &[(&str, &str)] = &[
                $(($tag, include_str!(concat!("../../www/strings/", $tag, ".json")))),*
            ];
            /// Every shipped file of the media family's strings: its tag and its text.
            pub const MEDIA_FILES: &[(&str, &str)] = &[
                $(($tag, include_str!(concat!("../../www/strings/media/", $tag, ".json")))),*
            ];
            /// Every shipped file of the relations family's strings: its tag and its text.
            pub const RELATIONS_FILES: &[(&str, &str)] = &[
                $(($tag, include_str!(concat!("../../www/strings/relations/", $tag, ".json")))),*
            ];
        };
    }
    files!(
        "ar", "cs", "de", "en", "es", "fa", "fr", "he", "hi", "hr", "it", "ja", "ko", "nl", "pl",
        "pt", "ru", "sk", "sl", "tr", "uk", "zh"
    );

    /// The shipped strings of a tag (case-insensitive), if there are: its file with its media
    /// and relations families' strings after the rest (the order of [`super::Msg`]), as one
    /// JSON object.
    pub fn file(tag: &str) -> Option<&'static str> {
        static MERGED: std::sync::OnceLock<Vec<&'static str>> = std::sync::OnceLock::new();
        let merged = MERGED.get_or_init(|| {
            FILES
                .iter()
                .zip(MEDIA_FILES.iter().zip(RELATIONS_FILES))
                .map(|((_, base), ((_, media), (_, relations)))| {
                    &*Box::leak(merge(&merge(base, media), relations).into_boxed_str())
                })
                .collect()
        });
        FILES
            .iter()
            .position(|(t, _)| t.eq_ignore_ascii_case(tag))
            .map(|i| merged[i])
    }

    /// The file of a tag (case-insensitive) among a family's files, as it is.
    fn of_tag(files: &[(&str, &'static str)], tag: &str) -> Option<&'static str> {
        files
            .iter()
            .find(|(t, _)| t.eq_ignore_ascii_case(tag))
            .map(|(_, text)| *text)
    }

    /// The shipped media family's file of a tag, as it is.
    pub fn media_file(tag: &str) -> Option<&'static str> {
        of_tag(MEDIA_FILES, tag)
    }

    /// The shipped relations family's file of a tag, as it is.
    pub fn relations_file(tag: &str) -> Option<&'static str> {
        of_tag(RELATIONS_FILES, tag)
    }

    /// A file's object with another's entries after its own (the other's `_` notes left out),
    /// as text: one entry a line, as the files are written.
    fn merge(base: &str, more: &str) -> String {
        let head = base.trim_end().trim_end_matches('}').trim_end();
        let entries: Vec<&str> = more
            .lines()
            .map(str::trim_end)
            .filter(|l| l.starts_with(" \"") && !l.starts_with(" \"_"))
            .map(|l| l.trim_end_matches(','))
            .collect();
        format!("{head},\n{}\n}}\n", entries.join(",\n"))
    }
}
