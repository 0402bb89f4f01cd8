//! `questions`: question authoring (QA) — questions about a paragraph, each with its answer
//! marked in it, a base form, a category and the lexical-overlap check.

pub mod authoring;
mod edit;
pub use edit::{QuestionEdit, QuestionsEdit};
mod question_answer;
mod question_base_form;
mod question_category;
mod question_count;
mod question_overlap;
mod question_skip;
mod question_text;
mod question_unanswerable;
pub mod spec;
// The view: the UI layer of the kind (browser builds only).
#[cfg(ui)]
mod view;
#[cfg(ui)]
mod question_card;
#[cfg(ui)]
mod question_bar;
#[cfg(ui)]
mod skip_paragraph;
#[cfg(ui)]
mod tally;

use super::prelude::*;
use crate::analysis::agreement::QuestionShares;
use crate::analysis::revalidate::read_spans;
use crate::answer::QuestionValue;
use crate::answer::{QuestionCard, QuestionSet, QuestionsValue, WordSpan};
use crate::simulate::{select, words};
use crate::spec::QuestionsControl;
use crate::support::family::Gate;
use crate::text::Tokens;
use crate::validate::{span_bounds, QuestionPart};
use serde::Deserialize;

impl CheckControl for QuestionsControl {
    fn check(&self, path: &str, _: &mut SortedMap<String, String>, out: &mut Vec<SpecIssue>) {
        check_questions(self, path, out);
    }
}

impl ItemFields for QuestionsControl {
    fn check_item(&self, item: &Item, path: &str, out: &mut Vec<SpecIssue>) {
        out.extend(crate::item::check_text_field(
            item,
            self.text_field.as_str(),
            path,
        ));
    }

    fn span_field(&self) -> Option<&str> {
        Some(self.text_field.as_str())
    }

    fn span_field_mut(&mut self) -> Option<&mut crate::support::ids::FieldName> {
        Some(&mut self.text_field)
    }

    fn span_units(&self) -> crate::text::tokens::Units {
        self.units
    }
}

/// An example's questions: `{"questions": [{"question": "...", "spans": [[first, last]],
/// "unanswerable": false, "yes_no": false, "base_form": "...", "category": "..."}],
/// "no_more": false}`, or a skipped paragraph: `{"questions": [], "skipped": "reason"}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ExampleQuestions {
    questions: Vec<ExampleQuestion>,
    #[serde(default)]
    no_more: bool,
    #[serde(default)]
    skipped: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ExampleQuestion {
    question: String,
    #[serde(default)]
    spans: Vec<[usize; 2]>,
    #[serde(default)]
    unanswerable: bool,
    #[serde(default)]
    yes_no: bool,
    #[serde(default)]
    base_form: Option<String>,
    #[serde(default)]
    category: Option<String>,
}

impl KindAnswer for QuestionsControl {
    fn read_value(&self, json: &Value) -> Result<AnswerValue, String> {
        typed(json).map(AnswerValue::Questions)
    }

    fn example_answer(&self, json: &Value) -> Option<Answer> {
        let example: ExampleQuestions = crate::spec::from_value(json).ok()?;
        let cards = example
            .questions
            .into_iter()
            .zip(0..)
            .map(|(q, uid)| QuestionCard {
                uid,
                question: q.question,
                spans: q
                    .spans
                    .into_iter()
                    .map(|[first, last]| WordSpan { first, last })
                    .collect(),
                unanswerable: q.unanswerable,
                yes_no: q.yes_no,
                base_form: q.base_form,
                category: q.category,
                collapsed: false,
            })
            .collect();
        Some(Answer::Questions(Gate::gate(QuestionSet {
            cards,
            no_more: example.no_more,
            skipped: example.skipped,
        })))
    }

    fn example_hint(&self) -> &'static str {
        "give {\"questions\": [{\"question\": \"...?\", \"spans\": [[first word, last word]], \"base_form\": \"...\"}]}"
    }
}

impl ControlRules for QuestionsControl {
    fn rules(&self, task: &Task, answer: Option<&Answer>, out: &mut Vec<Problem>) {
        let set = match answer {
            Some(Answer::Questions(set)) => QuestionSet::clone(set),
            _ => QuestionSet::default(),
        };
        out.extend(questions_rules(task, self, &set));
    }
}

impl ToValue for QuestionsControl {
    fn value(&self, task: &Task, answer: Option<&Answer>) -> Option<AnswerValue> {
        let Some(Answer::Questions(set)) = answer else {
            return None;
        };
        let value = questions_value(task, self, set);
        Some(AnswerValue::Questions(Gate::gate(value)))
    }
}

impl Simulate for QuestionsControl {
    fn simulate(&self, task: &Task, rng: &mut SplitMix, plain: bool, out: &mut Vec<Action>) {
        question_actions(task, self, rng, plain, out);
    }
    /// Up to `max` questions of a sentence each (300 characters is a long question).
    fn typed_room(&self) -> usize {
        self.max * 300
    }
}

impl GoldAnswer for QuestionsControl {
    fn expected(
        &self,
        item: &Item,
        value: &Value,
        path: &str,
    ) -> Result<Expected, Vec<GoldProblem>> {
        let text = item.text(self.text_field.as_str()).unwrap_or_default();
        let tokens = Tokens::with_units(text, self.units);
        let Some(questions) = value.get("questions").and_then(Value::as_array) else {
            return Err(gold::problem(
                path,
                "write {\"questions\": [{\"answers\": [\"the answer's text\"]}]}".into(),
            ));
        };
        let mut fragments = Vec::new();
        let mut problems = Vec::new();
        let chars = text.chars().count();
        for (q, question) in questions.iter().enumerate() {
            let answers = question.get("answers").and_then(Value::as_array);
            for (a, answer) in answers.into_iter().flatten().enumerate() {
                let at = format!("{path}.questions[{q}].answers[{a}]");
                let direct = answer
                    .get("start")
                    .and_then(Value::as_u64)
                    .zip(answer.get("end").and_then(Value::as_u64));
                let found = match direct {
                    Some((s, e)) if s < e && e as usize <= chars => Ok((s, e)),
                    Some((s, e)) => Err(gold::problem(
                        &at,
                        format!("{s}..{e} is not a range of the text (it has {chars} characters)"),
                    )),
                    None => gold::locate(text, &tokens, answer, &at).map(|(f, l)| {
                        (
                            tokens.word(f).map_or(0, |t| t.chars.0 as u64),
                            tokens.word(l).map_or(0, |t| t.chars.1 as u64),
                        )
                    }),
                };
                match found {
                    Ok(range) => fragments.push(range),
                    Err(mut p) => problems.append(&mut p),
                }
            }
        }
        gold::done(Expected::Questions(fragments), problems)
    }
}

/// The questions of a questions value.
fn questions(value: &AnswerValue) -> Option<&QuestionsValue> {
    match value {
        AnswerValue::Questions(q) => Some(q),
        _ => None,
    }
}

impl Analyse for QuestionsControl {
    /// Checks what the browser derived (base form, overlap flag) against the same derivation
    /// here.
    fn revalidate(
        &self,
        task: &Task,
        value: &AnswerValue,
        path: &str,
        out: &mut Vec<Finding>,
    ) -> Option<Answer> {
        let v = questions(value)?;
        let text = task.item.text(self.text_field.as_str()).unwrap_or_default();
        let tokens = task.tokens(self.text_field.as_str())?;
        let function = authoring::function_words(task, self);
        let mut cards = Vec::new();
        for (i, q) in v.questions.iter().enumerate() {
            let qpath = format!("{path}.questions[{i}]");
            let spans = read_spans(text, tokens, &q.answers, &format!("{qpath}.answers"), out);
            let (yes_no, edited) = (q.yes_no, q.base_form_edited);
            let card = QuestionCard {
                uid: i as u32,
                question: q.question.clone(),
                spans,
                unanswerable: q.unanswerable,
                yes_no,
                base_form: (yes_no || edited).then(|| q.base_form.clone()),
                category: q.category.clone(),
                collapsed: false,
            };
            if !yes_no
                && !edited
                && authoring::suggested_base_form(task, self, &card) != q.base_form
            {
                out.push(finding(
                    format!("{qpath}.base_form"),
                    "marked as not edited, but differs from the fragments' text",
                ));
            }
            let overlap = authoring::card_overlap(task, self, &card, &function);
            if q.needs_manual_acceptance != overlap.above(self.overlap.threshold) {
                out.push(finding(
                    format!("{qpath}.needs_manual_acceptance"),
                    format!(
                        "does not match the overlap computed here ({}/{})",
                        overlap.shared, overlap.content
                    ),
                ));
            }
            cards.push(card);
        }
        Some(Answer::Questions(Gate::gate(QuestionSet {
            cards,
            no_more: v.no_more_questions,
            skipped: v.skipped.clone(),
        })))
    }

    fn tidy(&self, value: &AnswerValue, push: &mut dyn FnMut(String, String, Option<&SpanValue>)) {
        let Some(v) = questions(value) else {
            return;
        };
        if let Some(reason) = &v.skipped {
            push("skipped".to_owned(), reason.clone(), None);
        }
        for (k, q) in v.questions.iter().enumerate() {
            let p = |f: &str| format!("q{}.{f}", k + 1);
            push(p("question"), q.question.clone(), None);
            push(p("base_form"), q.base_form.clone(), None);
            push(p("category"), q.category.clone().unwrap_or_default(), None);
            push(p("unanswerable"), q.unanswerable.to_string(), None);
            push(p("yes_no"), q.yes_no.to_string(), None);
            push(
                p("needs_manual_acceptance"),
                q.needs_manual_acceptance.to_string(),
                None,
            );
            for a in &q.answers {
                push(p("answer"), String::new(), Some(a));
            }
        }
    }

    /// Agreement is not defined for authored questions: their category shares and
    /// manual-acceptance flags are reported instead.
    fn agreement(&self, _: &Context, answers: &[Answered], report: &mut AgreementReport) {
        let mut s = QuestionShares {
            key: self.id.to_string(),
            questions: 0,
            categories: SortedMap::new(),
            unanswerable: 0,
            manual_acceptance: 0,
            skipped: 0,
        };
        for v in answers.iter().filter_map(|a| questions(a.value)) {
            s.skipped += usize::from(v.skipped.is_some());
            for q in &v.questions {
                s.questions += 1;
                let cat = q.category.clone().unwrap_or_else(|| "none".to_owned());
                *s.categories.entry(cat).or_default() += 1;
                s.unanswerable += usize::from(q.unanswerable);
                s.manual_acceptance += usize::from(q.needs_manual_acceptance);
            }
        }
        report.questions.push(s);
    }

    fn distribution(&self, values: &[&AnswerValue]) -> Vec<(String, Vec<(String, usize)>)> {
        let mut m: SortedMap<String, usize> = SortedMap::new();
        for q in values
            .iter()
            .filter_map(|v| questions(v))
            .flat_map(|v| &v.questions)
        {
            let cat = q.category.clone().unwrap_or_else(|| "(none)".to_owned());
            *m.entry(cat).or_default() += 1;
        }
        let data = self
            .categories
            .iter()
            .map(|c| {
                (
                    c.label.clone(),
                    m.get(c.value.as_str()).copied().unwrap_or(0),
                )
            })
            .chain(std::iter::once((
                "(none)".to_owned(),
                m.get("(none)").copied().unwrap_or(0),
            )))
            .collect();
        vec![(format!("{} (categories)", self.label), data)]
    }

    fn categorical(&self, _: &AnswerValue) -> Vec<String> {
        Vec::new()
    }
}

fn check_questions(c: &QuestionsControl, path: &str, out: &mut Vec<SpecIssue>) {
    let mut issue =
        |p: &str, code, msg: String| out.push(SpecIssue::new(format!("{path}.{p}"), code, msg));
    if c.target == 0 {
        issue(
            "target",
            SpecIssueCode::InvalidLimits,
            "target must be at least 1".into(),
        );
    }
    if c.max < c.target {
        issue(
            "max",
            SpecIssueCode::InvalidLimits,
            format!("max ({}) must be at least the target ({})", c.max, c.target),
        );
    }
    if c.yes_no_values.is_empty() || c.yes_no_values.iter().any(|v| v.trim().is_empty()) {
        issue(
            "yes_no_values",
            SpecIssueCode::NoOptions,
            "give the yes/no base forms, e.g. [\"Tak\", \"Nie\"]".into(),
        );
    }
    let mut values = SortedSet::new();
    for (i, cat) in c.categories.iter().enumerate() {
        if cat.value.trim().is_empty() || !values.insert(cat.value.as_str()) {
            issue(
                &format!("categories[{i}].value"),
                SpecIssueCode::DuplicateOptionValue,
                format!("category \"{}\" is empty or used twice", cat.value),
            );
        }
        if cat.share.is_some_and(|p| !(0.0..=100.0).contains(&p.0)) {
            issue(
                &format!("categories[{i}].share"),
                SpecIssueCode::InvalidLimits,
                "a share is a percentage between 0 and 100".into(),
            );
        }
    }
    if let Some(cat) = &c.yes_no_category {
        if !values.contains(cat.as_str()) {
            issue(
                "yes_no_category",
                SpecIssueCode::UnknownOption,
                format!("\"{cat}\" is not one of the categories"),
            );
        }
    }
    if c.unanswerable_share > 100 {
        issue(
            "unanswerable_share",
            SpecIssueCode::InvalidLimits,
            "a share is a percentage between 0 and 100".into(),
        );
    }
    if c.overlap.threshold > 100 {
        issue(
            "overlap.threshold",
            SpecIssueCode::InvalidLimits,
            "the threshold is a percentage between 0 and 100".into(),
        );
    }
    if let Some(name) = &c.overlap.function_words {
        if crate::text::overlap::FunctionWords::builtin(name).is_none() {
            issue(
                "overlap.function_words",
                SpecIssueCode::UnknownOption,
                format!(
                    "no built-in function-word list \"{name}\"; use one of {:?}, or list words in extra_function_words",
                    crate::text::overlap::FunctionWords::BUILTIN
                ),
            );
        }
    }
}

/// Validated questions with fragments, base forms and overlap as recorded.
fn questions_value(task: &Task, c: &QuestionsControl, set: &QuestionSet) -> QuestionsValue {
    if set.skipped.is_some() {
        return QuestionsValue {
            text_field: c.text_field.to_string(),
            questions: Vec::new(),
            no_more_questions: false,
            skipped: set.skipped.clone(),
        };
    }
    let function = authoring::function_words(task, c);
    let questions = set
        .cards
        .iter()
        .map(|card| {
            let overlap = authoring::card_overlap(task, c, card, &function);
            QuestionValue {
                question: card.question.trim().to_owned(),
                answers: authoring::fragments(task, c, card),
                base_form: authoring::base_form(task, c, card),
                base_form_edited: card.base_form.is_some() && !card.yes_no,
                unanswerable: card.unanswerable,
                yes_no: card.yes_no,
                category: card.category.clone(),
                needs_manual_acceptance: overlap.above(c.overlap.threshold),
                overlap: crate::answer::OverlapValue {
                    shared: overlap.shared,
                    content: overlap.content,
                    words: overlap.words,
                },
            }
        })
        .collect();
    QuestionsValue {
        text_field: c.text_field.to_string(),
        questions,
        no_more_questions: set.no_more,
        skipped: None,
    }
}

/// Questions on the paragraph, each with a fragment of it; or, for `plain` when the spec
/// allows it, the paragraph skipped for its first reason.
fn question_actions(
    task: &Task,
    c: &QuestionsControl,
    rng: &mut SplitMix,
    plain: bool,
    out: &mut Vec<Action>,
) {
    if plain {
        if let Some(reason) = c.skip_reasons.first() {
            out.push(c.action(QuestionsEdit::Skip(Some(reason.value.clone()))));
            return;
        }
    }
    let count = task
        .tokens(c.text_field.as_str())
        .map_or(0, |t| t.word_count());
    let cards = c.target.clamp(1, c.max.max(1));
    let unanswerable = pick(rng, cards);
    for card in 0..cards {
        if card > 0 {
            out.push(c.action(QuestionsEdit::Add));
        }
        let edit = |edit| c.action(QuestionsEdit::Card { card, edit });
        out.push(edit(QuestionEdit::Text(format!(
            "Simulated question {}?",
            card + 1
        ))));
        if let Some(words) = words(rng, count) {
            out.push(select(&c.id, words));
            out.push(c.action(QuestionsEdit::Assign(card)));
        }
        if card == unanswerable && c.unanswerable_share > 0 {
            out.push(edit(QuestionEdit::Unanswerable(true)));
        }
        if !c.categories.is_empty() {
            let cat = c.categories[pick(rng, c.categories.len())].value.clone();
            out.push(edit(QuestionEdit::Category(Some(cat))));
        }
    }
}

/// The problems of a questions control: per card (text, fragments, base form, category,
/// overlap), then the count and the unanswerable share.
fn questions_rules(task: &Task, c: &QuestionsControl, set: &QuestionSet) -> Vec<Problem> {
    if let Some(reason) = &set.skipped {
        return question_skip::apply(c, reason).into_iter().collect();
    }
    let words = task
        .tokens(c.text_field.as_str())
        .map_or(0, |t| t.word_count());
    let function = authoring::function_words(task, c);
    let mut out = Vec::new();
    for (i, card) in set.cards.iter().enumerate() {
        let path = AnswerPath::question(&c.id, i);
        out.extend(question_text::apply(c, &path, &card.question));
        out.extend(question_answer::apply(&path, card));
        out.extend(span_bounds::apply(
            &path.part(QuestionPart::Answer),
            &card.spans,
            words,
        ));
        let base = authoring::base_form(task, c, card);
        out.extend(question_base_form::apply(c, &path, card, &base));
        out.extend(question_category::apply(c, &path, card));
        let overlap = authoring::card_overlap(task, c, card, &function);
        out.extend(question_overlap::apply(c, &path, &overlap));
    }
    out.extend(question_count::apply(c, set));
    out.extend(question_unanswerable::apply(c, set));
    out
}
