//! UI strings in the task's language: one table per language, each an exhaustive `match`,
//! so a missing string is a compile error rather than a blank on the annotator's screen.
//!
//! The participant builds (feature `strings-data`) leave the tables out: `glossa.js` loads the
//! task's language as data (`www/strings/<lang>.json`, written from these tables and checked
//! against them by a test) and hands it to [`loaded::set`] before the first mount.

#[cfg(not(all(feature = "strings-data", target_arch = "wasm32")))]
mod cs;
#[cfg(not(all(feature = "strings-data", target_arch = "wasm32")))]
mod en;
#[cfg(not(all(feature = "strings-data", target_arch = "wasm32")))]
mod it;
#[cfg(all(feature = "strings-data", target_arch = "wasm32"))]
pub mod loaded;
#[cfg(not(all(feature = "strings-data", target_arch = "wasm32")))]
mod pl;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A UI language.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
pub enum Lang {
    /// Italian.
    #[serde(rename = "it")]
    It,
    /// English.
    #[default]
    #[serde(rename = "en")]
    En,
    /// Czech.
    #[serde(rename = "cs")]
    Cs,
    /// Polish.
    #[serde(rename = "pl")]
    Pl,
}

impl Lang {
    /// Every supported language.
    pub const ALL: [Lang; 4] = [Lang::It, Lang::En, Lang::Cs, Lang::Pl];

    /// The language of a tag (`it`, `en`, `cs`, `pl`), if Glossa has it.
    pub fn from_tag(tag: &str) -> Option<Lang> {
        Lang::ALL.into_iter().find(|l| l.tag() == tag)
    }

    /// The BCP 47 tag (`it`, `en`, `cs`, `pl`), for the `lang` attribute.
    pub fn tag(self) -> &'static str {
        match self {
            Lang::It => "it",
            Lang::En => "en",
            Lang::Cs => "cs",
            Lang::Pl => "pl",
        }
    }
}

/// Every string the widget itself shows. Texts with `{name}` take parameters via [`fill`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Msg {
    /// The submit button.
    Submit,
    /// Status after a successful submit.
    Submitted,
    /// Heading of the instructions panel.
    Instructions,
    /// Heading of the worked-examples panel.
    Examples,
    /// Default title of an example (`{n}` = its number).
    ExampleN,
    /// Label of the correct answer in an example.
    CorrectAnswer,
    /// Heading of the explanation in an example.
    Explanation,
    /// Name of the button that opens and closes an option's definition (`{label}` = the
    /// option); its state is `aria-expanded`, so the name stays the same.
    Definition,
    /// Hint naming an option's shortcut key (`{key}`).
    ShortcutHint,
    /// Required choice missing.
    ErrRequiredChoice,
    /// Summary beside the submit button when submit is refused (`{n}` = problems).
    FixBeforeSubmit,
    /// Title of the panel shown when the spec is broken.
    SpecErrorTitle,
    /// Title of the panel shown when the item is broken.
    ItemErrorTitle,
    /// Text under the error titles, for the annotator.
    ErrorHelp,
    /// Title of the panel shown after an unexpected internal error.
    InternalErrorTitle,
    /// Required number box empty.
    ErrRequiredNumber,
    /// Number box holds decimals, fractions, spaces, separators or letters.
    ErrNumberNotWhole,
    /// Negative number.
    ErrNumberNegative,
    /// Number below the minimum (`{n}`).
    ErrNumberTooSmall,
    /// Leading zeros.
    ErrNumberLeadingZero,
    /// More digits than allowed (`{n}`).
    ErrNumberTooLong,
    /// Screen-reader note on a highlighted attribute of a meaning representation.
    Highlighted,
    /// Grid row empty (`{labels}` = the ways to fill it).
    ErrGridRowRequired,
    /// Grid row partly filled (`{labels}` = the columns still empty).
    ErrGridRowIncomplete,
    /// Grid row fills several alternatives (`{labels}`).
    ErrGridMixed,
    /// Missing-sentence answer on a present sentence (`{value}`).
    ErrGridMissingOnPresentRow,
    /// A missing sentence's row holds something else (`{value}`).
    ErrGridMissingRowExpected,
    /// Unknown option in a grid cell (`{value}`).
    ErrGridUnknownOption,
    /// Button that clears a grid row.
    ClearRow,
    /// Button that undoes an automatic clearing.
    Undo,
    /// Notice after choosing in one alternative cleared another (`{labels}`).
    ClearedOther,
    /// Shown instead of a sentence the text does not have.
    MissingSentence,
    /// Span attribute without a value.
    ErrSpanValueRequired,
    /// Unknown attribute value (`{value}`).
    ErrUnknownValue,
    /// Value needs a span, none marked.
    ErrSpanMissing,
    /// Span outside the text.
    ErrSpanOutOfText,
    /// A question has no text.
    ErrQuestionEmpty,
    /// A question does not end with "?".
    ErrQuestionMark,
    /// A question has no answer fragment.
    ErrAnswerMissing,
    /// An unanswerable question has no seemingly-answering fragment.
    ErrPlausibleAnswerMissing,
    /// Empty base form.
    ErrBaseFormEmpty,
    /// Yes/no base form not allowed (`{values}`).
    ErrBaseFormYesNo,
    /// Fewer questions than the target (`{n}` target, `{have}` written).
    ErrTooFewQuestions,
    /// More questions than allowed (`{n}`).
    ErrTooManyQuestions,
    /// No question at all, even with "no more questions".
    ErrNoQuestions,
    /// Warning: no unanswerable question (`{n}` = target share).
    WarnNoUnanswerable,
    /// Warning: overlap above the threshold (`{shared}`/`{content}`, `{n}` = threshold).
    WarnOverlapHigh,
    /// Heading of a question card (`{n}`).
    QuestionN,
    /// Label of the question's text box.
    QuestionText,
    /// Label of the answer fragments.
    AnswerFragments,
    /// Shown when a card has no fragment yet.
    NoFragmentYet,
    /// "Unanswerable question" checkbox.
    Unanswerable,
    /// Hint under the unanswerable checkbox.
    UnanswerableHint,
    /// "Yes/no question" checkbox.
    YesNoQuestion,
    /// Label of the base form.
    BaseForm,
    /// Hint under the base form (prefilled from the fragment).
    BaseFormHint,
    /// Label of the category.
    Category,
    /// Add a question.
    AddQuestion,
    /// Remove question `{n}`.
    RemoveQuestion,
    /// Move question `{n}` up.
    MoveUp,
    /// Move question `{n}` down.
    MoveDown,
    /// Fold/unfold question `{n}` (state in aria-expanded).
    FoldQuestion,
    /// "No more questions possible" checkbox.
    NoMoreQuestions,
    /// Counter: `{have}` of `{n}` questions.
    QuestionCount,
    /// Lexical overlap badge name (`{shared}`, `{content}`).
    OverlapBadge,
    /// Overlap flag: needs manual acceptance.
    NeedsAcceptance,
    /// Assign bar: add the selection to question `{n}`.
    AddToQuestion,
    /// Hint on how to pick a fragment in the paragraph.
    QuestionSpanHint,
    /// Heading of the running proportions.
    TallyTitle,
    /// Tally note: `{questions}` questions in `{items}` items so far (this one included).
    TallyNote,
    /// Tally column: share so far.
    TallyYours,
    /// Tally column: target share.
    TallyTarget,
    /// Tally row: yes/no share among answerable vs unanswerable (`{a}`, `{b}`).
    TallyYesNoBalance,
    /// Required text empty.
    ErrRequiredText,
    /// Text too long (`{n}`).
    ErrTextTooLong,
    /// The pending selection (`{text}`).
    Selected,
    /// Heading of the attribute buttons for a selection.
    AssignTo,
    /// A new entry of a repeatable attribute (`{label}`).
    NewEntry,
    /// Name of the button removing a span (`{text}`, `{label}`).
    RemoveSpan,
    /// Name of the button showing a span in the text (`{text}`).
    JumpToSpan,
    /// Brief confirmation after a change (`{label}`).
    Saved,
    /// Cancels a selection.
    CancelSelection,
    /// How to select spans.
    SpanHint,
    /// Empty first entry of a value list.
    NoValue,
    /// Marker text when a span is missing.
    SpanNeeded,
    /// Removes an entry (`{label}`).
    RemoveEntry,
    /// How to add an entry of a repeatable attribute (`{label}`).
    AddEntry,
    /// Shown when drafts cannot be saved (storage blocked).
    StorageUnavailable,
    /// Warning recorded in a result: the restored draft's timings were impossible and dropped.
    DraftTimingDropped,
    /// Label of the select that skips a question-authoring paragraph.
    SkipParagraph,
    /// The select's entry for not skipping.
    SkipNone,
    /// Shown instead of the question cards when the paragraph is skipped (`{reason}`).
    SkippedNotice,
    /// Warning: the item has more sentences than the grid has rows (`{n}` sentences, `{rows}` rows).
    WarnGridExtraSentences,
    /// Flag on a sentence the grid has no row for.
    GridExtraSentence,
}

/// How many UI strings there are (the length of a `www/strings/<lang>.json` list; a string's
/// position in it is `msg as usize`, the order of [`Msg`]).
pub const MSG_COUNT: usize = Msg::GridExtraSentence as usize + 1;

/// The text of a UI string in a language.
#[cfg(all(feature = "strings-data", target_arch = "wasm32"))]
pub fn t(lang: Lang, msg: Msg) -> &'static str {
    loaded::text(lang, msg)
}

/// The text of a UI string in a language.
#[cfg(not(all(feature = "strings-data", target_arch = "wasm32")))]
pub fn t(lang: Lang, msg: Msg) -> &'static str {
    match lang {
        Lang::It => it::text(msg),
        Lang::En => en::text(msg),
        Lang::Cs => cs::text(msg),
        Lang::Pl => pl::text(msg),
    }
}

/// The text of a UI string with its `{name}` parameters filled in, and its plural choices
/// `{name:one|few|many}` (or `{name:one|other}`) resolved by the language's rules.
pub fn tf(lang: Lang, msg: Msg, params: &[(&str, &str)]) -> String {
    fill(&plurals(lang, t(lang, msg), params), params)
}

/// Which plural form a count takes: 0 = one, 1 = few, 2 = many (CLDR rules for whole numbers;
/// English and Italian have no "few").
pub fn plural_form(lang: Lang, n: u64) -> usize {
    match lang {
        _ if n == 1 => 0,
        Lang::Cs if (2..=4).contains(&n) => 1,
        Lang::Pl if (2..=4).contains(&(n % 10)) && !(12..=14).contains(&(n % 100)) => 1,
        _ => 2,
    }
}

/// Resolves each `{name:forms}` of a template by the count given for `name`.
fn plurals(lang: Lang, template: &str, params: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}').map(|c| open + c) else {
            break;
        };
        out.push_str(&rest[..open]);
        let inner = &rest[open + 1..close];
        match inner.split_once(':') {
            Some((name, forms)) => {
                let n = params
                    .iter()
                    .find(|(k, _)| *k == name)
                    .and_then(|(_, v)| v.parse::<u64>().ok())
                    .unwrap_or(0);
                let forms: Vec<&str> = forms.split('|').collect();
                let form = plural_form(lang, n);
                let pick = if forms.len() == 2 { form.min(1) } else { form };
                out.push_str(forms.get(pick).or(forms.last()).copied().unwrap_or(""));
            }
            None => out.push_str(&rest[open..=close]),
        }
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    out
}

/// Replaces each `{name}` in `template` with its value.
pub fn fill(template: &str, params: &[(&str, &str)]) -> String {
    let mut out = template.to_owned();
    for (name, value) in params {
        out = out.replace(&format!("{{{name}}}"), value);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALL_MSGS: [Msg; 94] = [
        Msg::Submit,
        Msg::Submitted,
        Msg::Instructions,
        Msg::Examples,
        Msg::ExampleN,
        Msg::CorrectAnswer,
        Msg::Explanation,
        Msg::Definition,
        Msg::ShortcutHint,
        Msg::ErrRequiredChoice,
        Msg::FixBeforeSubmit,
        Msg::SpecErrorTitle,
        Msg::ItemErrorTitle,
        Msg::ErrorHelp,
        Msg::InternalErrorTitle,
        Msg::ErrRequiredNumber,
        Msg::ErrNumberNotWhole,
        Msg::ErrNumberNegative,
        Msg::ErrNumberTooSmall,
        Msg::ErrNumberLeadingZero,
        Msg::ErrNumberTooLong,
        Msg::Highlighted,
        Msg::ErrGridRowRequired,
        Msg::ErrGridRowIncomplete,
        Msg::ErrGridMixed,
        Msg::ErrGridMissingOnPresentRow,
        Msg::ErrGridMissingRowExpected,
        Msg::ErrGridUnknownOption,
        Msg::ClearRow,
        Msg::Undo,
        Msg::ClearedOther,
        Msg::MissingSentence,
        Msg::ErrSpanValueRequired,
        Msg::ErrUnknownValue,
        Msg::ErrSpanMissing,
        Msg::ErrSpanOutOfText,
        Msg::ErrRequiredText,
        Msg::ErrTextTooLong,
        Msg::Selected,
        Msg::AssignTo,
        Msg::NewEntry,
        Msg::RemoveSpan,
        Msg::JumpToSpan,
        Msg::Saved,
        Msg::CancelSelection,
        Msg::SpanHint,
        Msg::NoValue,
        Msg::SpanNeeded,
        Msg::RemoveEntry,
        Msg::AddEntry,
        Msg::StorageUnavailable,
        Msg::ErrQuestionEmpty,
        Msg::ErrQuestionMark,
        Msg::ErrAnswerMissing,
        Msg::ErrPlausibleAnswerMissing,
        Msg::ErrBaseFormEmpty,
        Msg::ErrBaseFormYesNo,
        Msg::ErrTooFewQuestions,
        Msg::ErrTooManyQuestions,
        Msg::ErrNoQuestions,
        Msg::WarnNoUnanswerable,
        Msg::WarnOverlapHigh,
        Msg::QuestionN,
        Msg::QuestionText,
        Msg::AnswerFragments,
        Msg::NoFragmentYet,
        Msg::Unanswerable,
        Msg::UnanswerableHint,
        Msg::YesNoQuestion,
        Msg::BaseForm,
        Msg::BaseFormHint,
        Msg::Category,
        Msg::AddQuestion,
        Msg::RemoveQuestion,
        Msg::MoveUp,
        Msg::MoveDown,
        Msg::FoldQuestion,
        Msg::NoMoreQuestions,
        Msg::QuestionCount,
        Msg::OverlapBadge,
        Msg::NeedsAcceptance,
        Msg::AddToQuestion,
        Msg::QuestionSpanHint,
        Msg::TallyTitle,
        Msg::TallyNote,
        Msg::TallyYours,
        Msg::TallyTarget,
        Msg::TallyYesNoBalance,
        Msg::DraftTimingDropped,
        Msg::WarnGridExtraSentences,
        Msg::GridExtraSentence,
        Msg::SkipParagraph,
        Msg::SkipNone,
        Msg::SkippedNotice,
    ];

    #[test]
    fn plurals_follow_each_language() {
        let digits = |lang, n: u64| tf(lang, Msg::ErrNumberTooLong, &[("n", &n.to_string())]);
        assert_eq!(digits(Lang::En, 1), "Use at most 1 digit.");
        assert_eq!(digits(Lang::En, 6), "Use at most 6 digits.");
        assert_eq!(digits(Lang::Cs, 1), "Použijte nejvýše 1 číslici.");
        assert_eq!(digits(Lang::Cs, 3), "Použijte nejvýše 3 číslice.");
        assert_eq!(digits(Lang::Cs, 6), "Použijte nejvýše 6 číslic.");
        assert_eq!(digits(Lang::It, 1), "Usa al massimo 1 cifra.");
        let questions = |n: u64| tf(Lang::Pl, Msg::ErrTooManyQuestions, &[("n", &n.to_string())]);
        assert_eq!(questions(1), "Najwyżej 1 pytanie: usuń nadmiarowe.");
        assert_eq!(questions(3), "Najwyżej 3 pytania: usuń nadmiarowe.");
        assert_eq!(questions(12), "Najwyżej 12 pytań: usuń nadmiarowe.");
        assert_eq!(questions(22), "Najwyżej 22 pytania: usuń nadmiarowe.");
        assert_eq!(questions(25), "Najwyżej 25 pytań: usuń nadmiarowe.");
        // Braces that are not plural choices stay as they are.
        assert_eq!(
            plurals(Lang::En, "{a} and {b:x|y}", &[("b", "2")]),
            "{a} and y"
        );
    }

    #[test]
    fn every_string_is_non_empty_and_keeps_its_parameters() {
        for msg in ALL_MSGS {
            let en = t(Lang::En, msg);
            let params: Vec<&str> = en
                .split('{')
                .skip(1)
                .filter_map(|s| s.split(['}', ':']).next())
                .collect();
            for lang in Lang::ALL {
                let s = t(lang, msg);
                assert!(!s.trim().is_empty(), "{lang:?} {msg:?} is empty");
                for p in &params {
                    assert!(
                        s.contains(&format!("{{{p}}}")) || s.contains(&format!("{{{p}:")),
                        "{lang:?} {msg:?} lacks {{{p}}}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_list_follows_the_order_of_msg() {
        // Every variant of `Msg` is in ALL_MSGS, and the last one is the one MSG_COUNT counts to
        // (read from this file: an enum cannot list its own variants).
        let source = include_str!("mod.rs");
        let body = source
            .split("pub enum Msg {")
            .nth(1)
            .and_then(|b| b.split("\n}").next());
        let declared = body
            .unwrap_or_default()
            .lines()
            .filter(|l| {
                l.starts_with("    ")
                    && !l.trim_start().starts_with("///")
                    && l.trim_end().ends_with(',')
            })
            .count();
        assert_eq!(
            declared, MSG_COUNT,
            "MSG_COUNT must count to the last variant of Msg"
        );
        for (i, msg) in in_order().into_iter().enumerate() {
            assert_eq!(
                msg as usize, i,
                "{msg:?}: ALL_MSGS must hold every Msg once"
            );
        }
    }

    /// Every `Msg`, in the order of its declaration (its place in a strings file).
    fn in_order() -> Vec<Msg> {
        let mut all = ALL_MSGS.to_vec();
        all.sort_by_key(|m| *m as usize);
        all.dedup();
        assert_eq!(all.len(), MSG_COUNT, "ALL_MSGS must hold every Msg once");
        all
    }

    /// `www/strings/<lang>.json`: what the participant builds load. Rewritten with
    /// `GLOSSA_WRITE_STRINGS=1 cargo test --no-default-features --lib i18n`.
    #[test]
    fn the_strings_files_hold_these_tables() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("www/strings");
        for lang in Lang::ALL {
            let list: Vec<&str> = in_order().into_iter().map(|m| t(lang, m)).collect();
            let json = serde_json::to_string_pretty(&list).expect("strings") + "\n";
            let path = dir.join(format!("{}.json", lang.tag()));
            if std::env::var_os("GLOSSA_WRITE_STRINGS").is_some() {
                std::fs::create_dir_all(&dir).expect("www/strings");
                std::fs::write(&path, &json).expect("write");
            }
            let on_disk = std::fs::read_to_string(&path).unwrap_or_default();
            assert!(
                on_disk == json,
                "{} is not the {lang:?} table: rewrite it with GLOSSA_WRITE_STRINGS=1 cargo test --no-default-features --lib i18n",
                path.display()
            );
        }
    }

    #[test]
    fn fill_replaces_parameters() {
        assert_eq!(fill("Tasto {key}", &[("key", "4")]), "Tasto 4");
    }
}
