//! UI strings in the task's language — any BCP 47 tag. The strings are data: one file per
//! shipped language (`www/strings/<tag>.json`, keyed by [`Msg::key`], beside the host pages'
//! own strings), read from the files compiled in (the command line, the component tests, the
//! report) or handed over by `glossa.js` (the participant builds, feature `strings-data`,
//! which carry none). A spec's `ui_strings` go over its language's; what a language lacks
//! falls back along its tag (`de-AT` → `de`) to English.

mod dir;
mod lang;
#[cfg(any(not(target_arch = "wasm32"), feature = "report-web"))]
pub mod own;
#[cfg(not(all(feature = "strings-data", target_arch = "wasm32")))]
mod plural;
mod tables;

pub use dir::Dir;
pub use lang::{Lang, NOT_A_TAG};
#[cfg(not(all(feature = "strings-data", target_arch = "wasm32")))]
pub use plural::{category as plural_category, Plural};
#[cfg(not(all(feature = "strings-data", target_arch = "wasm32")))]
pub use tables::compiled;
#[cfg(all(feature = "strings-data", target_arch = "wasm32"))]
pub use tables::register;
pub use tables::SHIPPED;

/// Declares [`Msg`]: each string's variant, its key in the strings files, and (its doc) the
/// note translators read.
macro_rules! messages {
    ($( $(#[doc = $doc:literal])* $name:ident = $key:literal, )*) => {
        /// Every string the widget itself shows. Texts with `{name}` take parameters via
        /// [`tf`]; `{n:one=…|other=…}` chooses words by the plural category of `n`.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum Msg {
            $( $(#[doc = $doc])* $name, )*
        }

        impl Msg {
            /// Every string, in declaration order (a participant build's list order).
            pub const ALL: &'static [Msg] = &[$(Msg::$name),*];

            /// The string's key in the strings files and in a spec's `ui_strings`.
            pub fn key(self) -> &'static str {
                match self {
                    $(Msg::$name => $key,)*
                }
            }

            /// What the string is for (the note `glossa strings` prints beside it).
            pub fn note(self) -> &'static str {
                match self {
                    $(Msg::$name => concat!($($doc),*),)*
                }
            }
        }
    };
}

messages! {
    /// The submit button.
    Submit = "submit",
    /// Status after a successful submit.
    Submitted = "submitted",
    /// Heading of the instructions panel.
    Instructions = "instructions",
    /// Heading of the worked-examples panel.
    Examples = "examples",
    /// Default title of an example (`{n}` = its number).
    ExampleN = "example_n",
    /// Label of the correct answer in an example.
    CorrectAnswer = "correct_answer",
    /// Heading of the explanation in an example.
    Explanation = "explanation",
    /// Name of the button that opens and closes an option's definition (`{label}` = the
    /// option); its state is `aria-expanded`, so the name stays the same.
    Definition = "definition",
    /// Hint naming an option's shortcut key (`{key}`).
    ShortcutHint = "shortcut_hint",
    /// Required choice missing.
    ErrRequiredChoice = "err_required_choice",
    /// Summary beside the submit button when submit is refused (`{n}` = problems).
    FixBeforeSubmit = "fix_before_submit",
    /// Title of the panel shown when the spec is broken.
    SpecErrorTitle = "spec_error_title",
    /// Title of the panel shown when the item is broken.
    ItemErrorTitle = "item_error_title",
    /// Text under the error titles, for the annotator.
    ErrorHelp = "error_help",
    /// Title of the panel shown after an unexpected internal error.
    InternalErrorTitle = "internal_error_title",
    /// Required number box empty.
    ErrRequiredNumber = "err_required_number",
    /// Number box holds decimals, fractions, spaces, separators or letters.
    ErrNumberNotWhole = "err_number_not_whole",
    /// Negative number.
    ErrNumberNegative = "err_number_negative",
    /// Number below the minimum (`{n}`).
    ErrNumberTooSmall = "err_number_too_small",
    /// Leading zeros.
    ErrNumberLeadingZero = "err_number_leading_zero",
    /// More digits than allowed (`{n}`).
    ErrNumberTooLong = "err_number_too_long",
    /// Screen-reader note on a highlighted attribute of a meaning representation.
    Highlighted = "highlighted",
    /// Grid row empty (`{labels}` = the ways to fill it).
    ErrGridRowRequired = "err_grid_row_required",
    /// Grid row partly filled (`{labels}` = the columns still empty).
    ErrGridRowIncomplete = "err_grid_row_incomplete",
    /// Grid row fills several alternatives (`{labels}`).
    ErrGridMixed = "err_grid_mixed",
    /// Missing-sentence answer on a present sentence (`{value}`).
    ErrGridMissingOnPresentRow = "err_grid_missing_on_present_row",
    /// A missing sentence's row holds something else (`{value}`).
    ErrGridMissingRowExpected = "err_grid_missing_row_expected",
    /// Unknown option in a grid cell (`{value}`).
    ErrGridUnknownOption = "err_grid_unknown_option",
    /// Button that clears a grid row.
    ClearRow = "clear_row",
    /// Button that undoes an automatic clearing.
    Undo = "undo",
    /// Notice after choosing in one alternative cleared another (`{labels}`).
    ClearedOther = "cleared_other",
    /// Shown instead of a sentence the text does not have.
    MissingSentence = "missing_sentence",
    /// Span attribute without a value.
    ErrSpanValueRequired = "err_span_value_required",
    /// Unknown attribute value (`{value}`).
    ErrUnknownValue = "err_unknown_value",
    /// Value needs a span, none marked.
    ErrSpanMissing = "err_span_missing",
    /// Span outside the text.
    ErrSpanOutOfText = "err_span_out_of_text",
    /// A question has no text.
    ErrQuestionEmpty = "err_question_empty",
    /// A question does not end with "?".
    ErrQuestionMark = "err_question_mark",
    /// A question has no answer fragment.
    ErrAnswerMissing = "err_answer_missing",
    /// An unanswerable question has no seemingly-answering fragment.
    ErrPlausibleAnswerMissing = "err_plausible_answer_missing",
    /// Empty base form.
    ErrBaseFormEmpty = "err_base_form_empty",
    /// Yes/no base form not allowed (`{values}`).
    ErrBaseFormYesNo = "err_base_form_yes_no",
    /// Fewer questions than the target (`{n}` target, `{have}` written).
    ErrTooFewQuestions = "err_too_few_questions",
    /// More questions than allowed (`{n}`).
    ErrTooManyQuestions = "err_too_many_questions",
    /// No question at all, even with "no more questions".
    ErrNoQuestions = "err_no_questions",
    /// Warning: no unanswerable question (`{n}` = target share).
    WarnNoUnanswerable = "warn_no_unanswerable",
    /// Warning: overlap above the threshold (`{shared}`/`{content}`, `{n}` = threshold).
    WarnOverlapHigh = "warn_overlap_high",
    /// Heading of a question card (`{n}`).
    QuestionN = "question_n",
    /// Label of the question's text box.
    QuestionText = "question_text",
    /// Label of the answer fragments.
    AnswerFragments = "answer_fragments",
    /// Shown when a card has no fragment yet.
    NoFragmentYet = "no_fragment_yet",
    /// "Unanswerable question" checkbox.
    Unanswerable = "unanswerable",
    /// Hint under the unanswerable checkbox.
    UnanswerableHint = "unanswerable_hint",
    /// "Yes/no question" checkbox.
    YesNoQuestion = "yes_no_question",
    /// Label of the base form.
    BaseForm = "base_form",
    /// Hint under the base form (prefilled from the fragment).
    BaseFormHint = "base_form_hint",
    /// Label of the category.
    Category = "category",
    /// Add a question.
    AddQuestion = "add_question",
    /// Remove question `{n}`.
    RemoveQuestion = "remove_question",
    /// Move question `{n}` up.
    MoveUp = "move_up",
    /// Move question `{n}` down.
    MoveDown = "move_down",
    /// Fold/unfold question `{n}` (state in aria-expanded).
    FoldQuestion = "fold_question",
    /// "No more questions possible" checkbox.
    NoMoreQuestions = "no_more_questions",
    /// Counter: `{have}` of `{n}` questions.
    QuestionCount = "question_count",
    /// Lexical overlap badge name (`{shared}`, `{content}`).
    OverlapBadge = "overlap_badge",
    /// Overlap flag: needs manual acceptance.
    NeedsAcceptance = "needs_acceptance",
    /// Assign bar: add the selection to question `{n}`.
    AddToQuestion = "add_to_question",
    /// Hint on how to pick a fragment in the paragraph, by touch or mouse.
    QuestionSpanHint = "question_span_hint",
    /// The same by keyboard (hidden on touch screens).
    QuestionSpanHintKeys = "question_span_hint_keys",
    /// Heading of the running proportions.
    TallyTitle = "tally_title",
    /// Tally note: `{questions}` questions in `{items}` items so far (this one included).
    TallyNote = "tally_note",
    /// Tally column: share so far.
    TallyYours = "tally_yours",
    /// Tally column: target share.
    TallyTarget = "tally_target",
    /// Tally row: yes/no share among answerable vs unanswerable (`{a}`, `{b}`).
    TallyYesNoBalance = "tally_yes_no_balance",
    /// Required text empty.
    ErrRequiredText = "err_required_text",
    /// Text too long (`{n}`).
    ErrTextTooLong = "err_text_too_long",
    /// The pending selection (`{text}`).
    Selected = "selected",
    /// Heading of the attribute buttons for a selection.
    AssignTo = "assign_to",
    /// A new entry of a repeatable attribute (`{label}`).
    NewEntry = "new_entry",
    /// Name of the button removing a span (`{text}`, `{label}`).
    RemoveSpan = "remove_span",
    /// Name of the button showing a span in the text (`{text}`).
    JumpToSpan = "jump_to_span",
    /// Brief confirmation after a change (`{label}`).
    Saved = "saved",
    /// Cancels a selection.
    CancelSelection = "cancel_selection",
    /// How to select spans, by touch or mouse.
    SpanHint = "span_hint",
    /// How to select spans by keyboard (hidden on touch screens).
    SpanHintKeys = "span_hint_keys",
    /// Empty first entry of a value list.
    NoValue = "no_value",
    /// Marker text when a span is missing.
    SpanNeeded = "span_needed",
    /// Removes an entry (`{label}`).
    RemoveEntry = "remove_entry",
    /// How to add an entry of a repeatable attribute (`{label}`).
    AddEntry = "add_entry",
    /// Shown when drafts cannot be saved (storage blocked).
    StorageUnavailable = "storage_unavailable",
    /// Warning recorded in a result: the restored draft's timings were impossible and dropped.
    DraftTimingDropped = "draft_timing_dropped",
    /// Label of the select that skips a question-authoring paragraph.
    SkipParagraph = "skip_paragraph",
    /// The select's entry for not skipping.
    SkipNone = "skip_none",
    /// Shown instead of the question cards when the paragraph is skipped (`{reason}`).
    SkippedNotice = "skipped_notice",
    /// Warning: the item has more sentences than the grid has rows (`{n}` sentences, `{rows}` rows).
    WarnGridExtraSentences = "warn_grid_extra_sentences",
    /// Flag on a sentence the grid has no row for.
    GridExtraSentence = "grid_extra_sentence",
    /// The language's decimal separator (`.` or `,`), for shares such as `6.5 %`.
    DecimalPoint = "decimal_point",
    /// A multiple choice with too few options ticked (`{n}` = its minimum).
    ErrChooseAtLeast = "err_choose_at_least",
    /// A multiple choice with too many options ticked (`{n}` = its maximum).
    ErrChooseAtMost = "err_choose_at_most",
    /// How to mark labelled spans, both ways (above the text).
    LabelsHint = "labels_hint",
    /// Status while a label is the brush (`{label}`).
    LabelBrushOn = "label_brush_on",
    /// The checkbox confirming an item has nothing to mark.
    NothingToMark = "nothing_to_mark",
    /// No span marked and "nothing to mark" not ticked.
    ErrMarkOrConfirm = "err_mark_or_confirm",
    /// Fewer spans than the minimum (`{n}`).
    ErrMarkAtLeast = "err_mark_at_least",
    /// More spans than the maximum (`{n}`).
    ErrMarkAtMost = "err_mark_at_most",
    /// Two spans overlap against the spec's rule (`{text}` = the other span's text).
    ErrSpansOverlap = "err_spans_overlap",
    /// Name of the select changing a span's label.
    SpanLabel = "span_label",
    /// Heading of the list of marked spans (`{n}` = how many).
    MarkedSpans = "marked_spans",
    /// A slider left untouched.
    ErrRequiredSlider = "err_required_slider",
    /// A scale's or slider's value it cannot take (a result made by hand).
    ErrPointOutOfRange = "err_point_out_of_range",
    /// What a screen reader says of a slider not yet set.
    SliderNotSet = "slider_not_set",
    /// A pairwise judgement's default tie.
    PairTie = "pair_tie",
    /// A pairwise judgement not made.
    ErrRequiredPair = "err_required_pair",
    /// A pairwise judgement not made, naming the spec's own tie label (`{tie}`).
    ErrRequiredPairOwn = "err_required_pair_own",
    /// The select of how much better (`{label}` = the better side).
    PairStrength = "pair_strength",
    /// How to rank (above the outputs).
    RankHint = "rank_hint",
    /// An output's rank badge (`{n}`).
    RankN = "rank_n",
    /// Move an output up (`{label}`).
    RankUp = "rank_up",
    /// Move an output down (`{label}`).
    RankDown = "rank_down",
    /// Share the rank above (`{label}`).
    RankTie = "rank_tie",
    /// Start the ranking again.
    RankClear = "rank_clear",
    /// Default label of the best in best–worst scaling.
    Best = "best",
    /// Default label of the worst in best–worst scaling.
    Worst = "worst",
    /// A ranking not complete.
    ErrRankAll = "err_rank_all",
    /// A submit before the spec's `min_seconds` were up: `{n}` the minimum, `{left}` the
    /// seconds still to go.
    ErrMinTime = "err_min_time",
    /// Best–worst not complete.
    ErrBestWorst = "err_best_worst",
    /// Heading of a control's suggestions (`{model}` = the model's name).
    SuggestedBy = "suggested_by",
    /// What to do with suggestions (beside the heading).
    SuggestionHint = "suggestion_hint",
    /// Accept one suggestion (a button).
    SuggestionAccept = "suggestion_accept",
    /// Reject one suggestion (a button).
    SuggestionReject = "suggestion_reject",
    /// Accept every suggestion still to decide (a button).
    SuggestionAcceptAll = "suggestion_accept_all",
    /// Reject every suggestion still to decide (a button).
    SuggestionRejectAll = "suggestion_reject_all",
    /// Tag of a part still as the model suggested it, not yet decided.
    SuggestionPending = "suggestion_pending",
    /// Tag of a suggested part the annotator accepted.
    SuggestionAccepted = "suggestion_accepted",
    /// Tag of a suggested part the annotator changed.
    SuggestionChanged = "suggestion_changed",
    /// Status of a suggestion the annotator rejected.
    SuggestionRejected = "suggestion_rejected",
    /// Status once every suggestion of a control is decided.
    SuggestionAllDecided = "suggestion_all_decided",
    /// A submit with suggestions still to decide.
    ErrSuggestionPending = "err_suggestion_pending",
    /// An answer about a recording given before it was played to the end.
    ErrListenToEnd = "err_listen_to_end",
    /// An answer about a video given before it was played to the end.
    ErrWatchToEnd = "err_watch_to_end",
    /// A player's button that starts playing (`{label}` = what it plays).
    MediaPlay = "media_play",
    /// A player's button that pauses (`{label}`).
    MediaPause = "media_pause",
    /// A player's position slider (`{label}`).
    MediaPosition = "media_position",
    /// Shown once a recording or video was played to the end.
    MediaPlayedThrough = "media_played_through",
    /// Shown while a file is still loading.
    MediaLoading = "media_loading",
    /// A file that failed to load (the answers are kept).
    MediaFailed = "media_failed",
    /// The button that tries loading a failed file again.
    MediaRetry = "media_retry",
    /// A file that failed every try, where the study lets the participant go on (`unplayable:
    /// skip`).
    MediaUnplayableSkip = "media_unplayable_skip",
    /// A file that failed every try, where the study ends (`unplayable: end`; the page then
    /// offers the study's way back).
    MediaUnplayableEnd = "media_unplayable_end",
    /// The fold holding a recording's or video's transcript.
    MediaTranscript = "media_transcript",
    /// The button enlarging an image (`{label}`).
    MediaZoom = "media_zoom",
    /// The button closing an enlarged image.
    MediaZoomClose = "media_zoom_close",
    /// A video's button showing or hiding its captions.
    MediaCaptions = "media_captions",
    /// A looped recording's slider setting where the looped part starts (MUSHRA).
    MediaLoopFrom = "media_loop_from",
    /// A looped recording's slider setting where the looped part ends.
    MediaLoopTo = "media_loop_to",
    /// The headphone check's heading (ITU-T P.808's environment check).
    HeadphonesTitle = "headphones_title",
    /// What the headphone check asks: headphones on, the volume set with the test tone, then
    /// the quietest of three tones in each round.
    HeadphonesIntro = "headphones_intro",
    /// The button that plays the test tone (to set the volume).
    HeadphonesTestTone = "headphones_test_tone",
    /// The button that plays a round's three tones (`{k}` of `{n}`).
    HeadphonesPlay = "headphones_play",
    /// The question after a round's tones.
    HeadphonesWhich = "headphones_which",
    /// A button naming one of the three tones (`{k}`: 1, 2, 3).
    HeadphonesTone = "headphones_tone",
    /// An attempt missed (`{correct}` of `{n}` right), with another to come.
    HeadphonesMissed = "headphones_missed",
    /// The check passed.
    HeadphonesPassed = "headphones_passed",
    /// Every attempt used without passing: the participant may go on.
    HeadphonesFailed = "headphones_failed",
    /// A submit before the headphone check was done.
    ErrHeadphones = "err_headphones",
    // The relations family's strings (`www/strings/relations/<tag>.json`), last.
    /// How to link two marked passages (above the relations form).
    LinksHint = "links_hint",
    /// Name of the select choosing a link's first passage.
    LinkFrom = "link_from",
    /// Name of the select choosing a link's second passage.
    LinkTo = "link_to",
    /// Name of the select choosing (or changing) a link's type.
    LinkType = "link_type",
    /// The empty choice of a relations select.
    LinkChoose = "link_choose",
    /// The button making a link.
    LinkAdd = "link_add",
    /// The button deleting a link.
    LinkDelete = "link_delete",
    /// The button turning a directed link round.
    LinkTurn = "link_turn",
    /// Heading of the list of links (`{n}` = how many).
    LinksMade = "links_made",
    /// The list of links while there is none.
    LinksNone = "links_none",
    /// Fewer than two passages marked: nothing to link yet.
    LinksNeedSpans = "links_need_spans",
    /// The chosen type does not take the chosen passages' labels.
    LinkRefused = "link_refused",
    /// The chosen link is there already.
    LinkDuplicate = "link_duplicate",
    /// Fewer links than the minimum (`{n}`).
    ErrLinkAtLeast = "err_link_at_least",
    /// More links than the maximum (`{n}`).
    ErrLinkAtMost = "err_link_at_most",
    /// A link names a passage no longer marked (a result edited by hand).
    ErrLinkDangling = "err_link_dangling",
    /// A link whose type does not take its passages (`{type}` = the type's name).
    ErrLinkLabels = "err_link_labels",
    /// Links deleted with their passages, offered back (`{passage}` = the passages, quoted;
    /// `{n}` = how many links).
    LinksDeleted = "links_deleted",
}

/// How many strings the widget has.
pub const MSG_COUNT: usize = Msg::ALL.len();

/// Where the media family's strings start among them: they come last, in a file of their own
/// per language (`www/strings/media/<tag>.json`) that only the builds with media download.
pub const MEDIA_FROM: usize = Msg::ErrListenToEnd as usize;

/// Where the relations family's strings start: after the media family's, in a file of their
/// own per language (`www/strings/relations/<tag>.json`) that only the builds with relations
/// download.
pub const RELATIONS_FROM: usize = Msg::LinksHint as usize;

/// The host pages' strings (pilot runner, jsPsych, JATOS, MTurk, Qualtrics): their keys in the
/// strings files, and what each is for. The widget never shows them; `glossa strings` and
/// `glossa check` know them.
pub const PAGE_STRINGS: [(&str, &str); 26] = [
    ("host.item_of", "The pilot's progress: item {n} of {total}."),
    ("host.all_done", "The pilot's end: all {total} items done."),
    (
        "host.sending",
        "Results still being sent ({n}, a count: plural choice).",
    ),
    ("host.next", "The pilot's button to the next item."),
    (
        "host.download",
        "The pilot's button downloading the results (JSON Lines).",
    ),
    ("host.reset", "The pilot's button starting the task again."),
    ("host.thanks", "The pilot's end: every result is stored."),
    (
        "host.study_over",
        "The end of a study with no completion link: the participant may close the page.",
    ),
    (
        "host.finish",
        "The completion link back to the study (Prolific).",
    ),
    (
        "host.received",
        "The demo's heading over what the host page received.",
    ),
    (
        "host.items_done",
        "The pilot's heading over the items done.",
    ),
    ("host.nothing", "Shown while nothing is done yet."),
    ("host.preview", "MTurk's preview of a HIT not yet accepted."),
    (
        "host.load_failed",
        "A host page could not load the task ({message}).",
    ),
    ("host.continue", "jsPsych's button after an item."),
    (
        "host.training_right",
        "Training mode: the answer was the expected one.",
    ),
    (
        "host.training_wrong",
        "Training mode: not the expected answer ({expected} is host.training_expected or empty).",
    ),
    (
        "host.training_expected",
        "Training mode: the expected answer ({answer}).",
    ),
    (
        "host.delivery_failed",
        "Results could not be sent ({n} answers, {reason}); they are kept for download.",
    ),
    (
        "host.download_answers",
        "The button downloading a participant's own answers.",
    ),
    ("host.sorry", "This device cannot show the task."),
    (
        "host.not_kept",
        "The browser's storage is full: the answers live in this page only; download them.",
    ),
    (
        "host.offline",
        "No connection (offline, or the server unreachable): the answers are kept and sent later.",
    ),
    (
        "qualtrics.load",
        "Qualtrics: the task could not be loaded; the participant may press Next.",
    ),
    (
        "qualtrics.store",
        "Qualtrics: the survey offers no way to store the answer; do not go on.",
    ),
    (
        "qualtrics.too_large",
        "Qualtrics: the answer is too long to store ({size} characters, {max} at most).",
    ),
];

/// The text of a UI string in a language.
pub fn t(lang: Lang, msg: Msg) -> &'static str {
    tables::text(lang.0, msg)
}

/// The text of a UI string with its `{name}` parameters filled in (numbers in the language's
/// digits) and its plural choices `{name:one=…|few=…|other=…}` resolved by the language's
/// rules.
pub fn tf(lang: Lang, msg: Msg, params: &[(&str, &str)]) -> String {
    plurals(lang, t(lang, msg), params)
}

/// A number written in a language's digits (ASCII when it has none of its own).
pub fn number(lang: Lang, n: impl std::fmt::Display) -> String {
    localize_digits(&n.to_string(), tables::digits(lang.0))
}

/// `s` with each ASCII digit written in `digits` (when given and `s` is all digits).
fn localize_digits(s: &str, digits: Option<[char; 10]>) -> String {
    match digits {
        Some(d) if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) => {
            s.bytes().map(|b| d[usize::from(b - b'0')]).collect()
        }
        _ => s.to_owned(),
    }
}

/// Fills a template in one pass: each `{name}` with its value (a number in the language's
/// digits), each plural choice `{name:one=…|few=…|other=…}` with the form of the count's
/// category (else `other=…`, else the last form); other braces stay as they are.
/// The parameters that carry text (an item's words, a spec's labels), never numbers to write in
/// the language's digits.
const TEXT_PARAMS: [&str; 5] = ["text", "label", "labels", "tie", "model"];

fn plurals(lang: Lang, template: &str, params: &[(&str, &str)]) -> String {
    let digits = tables::digits(lang.0);
    let value = |name: &str| params.iter().find(|(k, _)| *k == name).map(|(_, v)| *v);
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
                let n = value(name).and_then(|v| v.parse::<u64>().ok()).unwrap_or(0);
                // Categories by letter: z(ero), o(ne), t(wo), f(ew), m(any), x for other.
                let want = tables::plural(lang.0, n);
                let letter = |c: &str| match c {
                    "other" => b'x',
                    c => c.bytes().next().unwrap_or(0),
                };
                let forms: Vec<(u8, &str)> = forms
                    .split('|')
                    .map(|f| f.split_once('=').map_or((0, f), |(c, f)| (letter(c), f)))
                    .collect();
                let pick = forms
                    .iter()
                    .find(|(c, _)| *c == want)
                    .or_else(|| forms.iter().find(|(c, _)| *c == b'x'))
                    .or(forms.last());
                out.push_str(pick.map_or("", |(_, f)| f));
            }
            // A count in the language's digits; a text — an item's words (the "12" of the
            // text quoted as «12»), a spec's label — exactly as written.
            None => match value(inner) {
                Some(v) if TEXT_PARAMS.contains(&inner) => out.push_str(v),
                Some(v) => out.push_str(&localize_digits(v, digits)),
                None => out.push_str(&rest[open..=close]),
            },
        }
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    out
}

/// Replaces each `{name}` in `template` with its value.
/// A spec's label with its `{n}` filled in with a number in the language's digits
/// (`Translation {n}` in Arabic: `Translation ٢`, beside the screen's other numbers).
pub fn fill_n(lang: Lang, template: &str, n: usize) -> String {
    fill(template, &[("n", &number(lang, n))])
}

/// A template with its `{name}` parameters replaced as given.
pub fn fill(template: &str, params: &[(&str, &str)]) -> String {
    let mut out = template.to_owned();
    for (name, value) in params {
        out = out.replace(&format!("{{{name}}}"), value);
    }
    out
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;
