//! `questions`: question authoring (QA) — questions about a paragraph, each with its answer
//! marked in it, a base form, a category and the lexical-overlap check.

use super::prelude::*;
use crate::analysis::agreement::QuestionShares;
use crate::analysis::revalidate::read_spans;
use crate::answer::{QuestionCard, QuestionSet, QuestionsValue, WordSpan};
use crate::spec::QuestionsControl;
use crate::support::family::Gate;
use crate::text::Tokens;
use serde::Deserialize;

impl CheckControl for QuestionsControl {
    fn check(&self, path: &str, _: &mut SortedMap<String, String>, out: &mut Vec<SpecIssue>) {
        crate::spec::check::check_questions(self, path, out);
    }
}

impl ItemFields for QuestionsControl {
    fn check_item(&self, item: &Item, path: &str, out: &mut Vec<SpecIssue>) {
        out.extend(crate::item::check_text_field(item, self.text_field.as_str(), path));
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
        out.extend(crate::validate::questions(task, self, &set));
    }
}

impl ToValue for QuestionsControl {
    fn value(&self, task: &Task, answer: Option<&Answer>) -> Option<AnswerValue> {
        let Some(Answer::Questions(set)) = answer else {
            return None;
        };
        let value = crate::result::questions_value(task, self, set);
        Some(AnswerValue::Questions(Gate::gate(value)))
    }
}

impl Simulate for QuestionsControl {
    fn simulate(&self, task: &Task, rng: &mut SplitMix, plain: bool, out: &mut Vec<Action>) {
        crate::simulate::question_actions(task, self, rng, plain, out);
    }
}

impl GoldAnswer for QuestionsControl {
    fn expected(&self, item: &Item, value: &Value, path: &str) -> Result<Expected, Vec<GoldProblem>> {
        let text = item.text(self.text_field.as_str()).unwrap_or_default();
        let tokens = Tokens::new(text);
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
    fn revalidate(&self, task: &Task, value: &AnswerValue, path: &str, out: &mut Vec<Finding>) -> Option<Answer> {
        let v = questions(value)?;
        let text = task.item.text(self.text_field.as_str()).unwrap_or_default();
        let tokens = task.tokens(self.text_field.as_str())?;
        let function = crate::task::authoring::function_words(task, self);
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
                && crate::task::authoring::suggested_base_form(task, self, &card) != q.base_form
            {
                out.push(finding(
                    format!("{qpath}.base_form"),
                    "marked as not edited, but differs from the fragments' text",
                ));
            }
            let overlap = crate::task::authoring::card_overlap(task, self, &card, function);
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
            push(p("needs_manual_acceptance"), q.needs_manual_acceptance.to_string(), None);
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
        for q in values.iter().filter_map(|v| questions(v)).flat_map(|v| &v.questions) {
            let cat = q.category.clone().unwrap_or_else(|| "(none)".to_owned());
            *m.entry(cat).or_default() += 1;
        }
        let data = self
            .categories
            .iter()
            .map(|c| (c.label.clone(), m.get(c.value.as_str()).copied().unwrap_or(0)))
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
