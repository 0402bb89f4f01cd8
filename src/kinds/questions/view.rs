//! `QuestionsView`: question authoring — the paragraph (answers are picked in it) beside the
//! question cards (stacked on a phone, the paragraph kept in view at the top), the count
//! against the target, "no more questions possible", and the session's running proportions.

use crate::ui::focus::focus_later;
use crate::ui::markdown_view::Markdown;
use super::question_bar::QuestionBar;
use super::question_card::QuestionCard;
use super::skip_paragraph::SkipParagraph;
use crate::ui::span_text::{SharedText, SpanText};
use super::tally::TallyView;
use crate::answer::{Answer, QuestionCard as Card, QuestionSet, WordSpan};
use crate::form::{Action, FormState};
use crate::i18n::{t, tf, Lang, Msg};
use crate::spec::QuestionsControl;
use crate::support::ids::dom_id;
use super::authoring;
use crate::task::authoring::Tally;
use crate::task::Task;
use crate::text::Tokens;
use crate::validate::{AnswerPath, ListRule, QuestionPart, Report, Severity};
use std::rc::Rc;
use yew::prelude::*;

/// Props of [`QuestionsView`].
#[derive(Properties, PartialEq)]
pub struct QuestionsViewProps {
    /// The widget instance (for DOM ids).
    pub instance: u32,
    /// The control's position in the spec (for highlight owners).
    pub position: usize,
    /// The control.
    pub control: Rc<QuestionsControl>,
    /// The task (paragraph and tokens).
    pub task: Rc<Task>,
    /// The form.
    pub form: Rc<FormState>,
    /// The current report.
    pub report: Rc<Report>,
    /// Items submitted earlier in this session, if the host keeps a tally.
    #[prop_or_default]
    pub tally: Option<Rc<Tally>>,
    /// UI language.
    pub lang: Lang,
    /// Dispatches actions.
    pub on_action: Callback<Action>,
    /// Dispatches word picks (after the frame that shows them).
    pub on_pick: Callback<Action>,
}

/// The question-authoring control.
#[component]
pub fn QuestionsView(props: &QuestionsViewProps) -> Html {
    let (c, lang, form) = (&props.control, props.lang, &props.form);
    let task = &props.task;
    let (text, tokens) = task
        .span_text(c.text_field.as_str())
        .unwrap_or_else(|| (Rc::from(""), Rc::new(Tokens::new(""))));
    let set = match form.answers.get(&c.id) {
        Some(Answer::Questions(s)) => QuestionSet::clone(s),
        _ => QuestionSet::default(),
    };
    // The screen always shows at least one card; its first edit creates it.
    let cards: Vec<Card> = if set.cards.is_empty() {
        vec![Card::default()]
    } else {
        set.cards.clone()
    };
    let active = use_state_eq(|| 0usize);
    let current = (*active).min(cards.len() - 1);
    let on_focus = {
        let active = active.clone();
        Callback::from(move |i: usize| active.set(i))
    };
    let jump = use_state_eq(|| None::<WordSpan>);
    let on_jump = {
        let jump = jump.clone();
        Callback::from(move |s: WordSpan| jump.set(Some(s)))
    };
    let spans: Rc<Vec<(usize, WordSpan)>> =
        Rc::new(cards[current].spans.iter().map(|s| (0, *s)).collect());
    let selection = form.selection_in(&c.id).cloned();
    let covered = |s: &WordSpan| tokens.covered(&text, s.first, s.last).to_owned();
    let function = authoring::function_words(task, c);
    let base = dom_id(props.instance, &[c.id.as_str()]);
    let shows = |path: &str| form.shows_problems_at(path);
    let problem_at = |at: AnswerPath| props.report.find(&at).map(|p| p.message(lang));
    let count_error = shows(&c.id.to_string())
        .then(|| problem_at(AnswerPath::list(&c.id, ListRule::Count)))
        .flatten();
    let unanswerable_warning = form
        .submit_attempted
        .then(|| problem_at(AnswerPath::list(&c.id, ListRule::Unanswerable)))
        .flatten()
        .filter(|_| !form.submitted);
    let on_no_more = {
        let (on_action, control) = (props.on_action.clone(), c.id.clone());
        Callback::from(move |e: Event| {
            let on = e
                .target_unchecked_into::<web_sys::HtmlInputElement>()
                .checked();
            on_action.emit(crate::spec::QuestionsControl::action_on(&control, super::QuestionsEdit::NoMore(on)))
        })
    };
    let add = {
        let (on_action, control, base, count) = (
            props.on_action.clone(),
            c.id.clone(),
            base.clone(),
            cards.len(),
        );
        let active = active.clone();
        Callback::from(move |_: MouseEvent| {
            on_action.emit(crate::spec::QuestionsControl::action_on(&control, super::QuestionsEdit::Add));
            active.set(count);
            focus_later(format!("{base}-q{count}-text"));
        })
    };
    let tally = props
        .tally
        .as_deref()
        .map(|t| t.with_current((!set.cards.is_empty()).then_some(&set)));
    let have = set.cards.len();
    let skipped_label = set.skipped.as_ref().map(|r| {
        c.skip_reasons
            .iter()
            .find(|s| &s.value == r)
            .map_or_else(|| r.clone(), |s| s.label.clone())
    });
    html! {
        <fieldset class={classes!("glossa-control", "glossa-questions", count_error.is_some().then_some("has-error"))} id={base.clone()}>
            <legend class="glossa-control-label">{c.label.clone()}</legend>
            if let Some(help) = &c.help {
                <Markdown source={help.clone()} class="glossa-help" />
            }
            <div class="glossa-questions-layout">
                <div class="glossa-questions-text">
                    <SpanText id={format!("{base}-text")} owner={props.instance * 100 + props.position as u32}
                        control={c.id.clone()} label={c.text_label.clone()} text={SharedText(Rc::clone(&text))}
                        tokens={Rc::clone(&tokens)} {spans} selection={selection.clone()} jump={*jump}
                        hint={(AttrValue::from(t(lang, Msg::QuestionSpanHint)), AttrValue::from(t(lang, Msg::QuestionSpanHintKeys)))}
                        disabled={form.submitted} {lang} on_action={props.on_action.clone()} on_pick={props.on_pick.clone()} />
                    if let Some(sel) = &selection {
                        <QuestionBar control={c.id.clone()} text={covered(&sel.span())} complete={sel.complete}
                            card={current} {lang} on_action={props.on_action.clone()} />
                    }
                </div>
                <div class="glossa-questions-cards">
                    if !c.skip_reasons.is_empty() {
                        <SkipParagraph id={format!("{base}-skip")} control={c.id.clone()}
                            reasons={Rc::new(c.skip_reasons.clone())} skipped={set.skipped.clone()}
                            disabled={form.submitted} {lang} on_action={props.on_action.clone()} />
                    }
                    if let Some(reason) = skipped_label {
                        <p class="glossa-skipped" role="status">{tf(lang, Msg::SkippedNotice, &[("reason", &reason)])}</p>
                    } else {
                    <p class="glossa-question-count" id={format!("{base}-count")}>
                        {tf(lang, Msg::QuestionCount, &[("have", &have.to_string()), ("n", &c.target.to_string())])}
                    </p>
                    <ol class="glossa-question-list">
                        { for cards.iter().enumerate().map(|(i, q)| {
                            let path = AnswerPath::question(&c.id, i);
                            let errors: Vec<(&'static str, String)> = [QuestionPart::Question, QuestionPart::Answer, QuestionPart::BaseForm, QuestionPart::Category]
                                .into_iter()
                                .filter_map(|part| {
                                    let at = path.part(part);
                                    let shown = form.submit_attempted || form.touched.contains(&at.to_string());
                                    let p = props.report.within(&at).find(|p| p.severity == Severity::Error)?;
                                    (shown && !form.submitted).then(|| (part.as_str(), p.message(lang)))
                                })
                                .collect();
                            let fragments: Vec<String> = q.spans.iter().map(&covered).collect();
                            let overlap = (!q.spans.is_empty())
                                .then(|| authoring::card_overlap(task, c, q, &function))
                                .filter(|o| o.content > 0);
                            let warning = problem_at(path.part(QuestionPart::Overlap)).filter(|_| !form.submitted);
                            html! {
                                <QuestionCard key={q.uid} id={format!("{base}-q{i}")} control={Rc::clone(c)}
                                    index={i} count={cards.len()} card={q.clone()} fragments={Rc::new(fragments)}
                                    base_form={AttrValue::from(authoring::base_form(task, c, q))}
                                    overlap={overlap.map(|o| (o.shared, o.content))}
                                    overlap_warning={warning.map(AttrValue::from)} active={i == current}
                                    errors={Rc::new(errors)} disabled={form.submitted} {lang}
                                    on_action={props.on_action.clone()} on_focus={on_focus.clone()} on_jump={on_jump.clone()} />
                            }
                        }) }
                    </ol>
                    if !form.submitted {
                        <button type="button" class="glossa-add-question" onclick={add} disabled={cards.len() >= c.max}>
                            {"+ "}{t(lang, Msg::AddQuestion)}
                        </button>
                    }
                    <label class="glossa-check glossa-no-more">
                        <input type="checkbox" checked={set.no_more} onchange={on_no_more} disabled={form.submitted} />
                        <span>{t(lang, Msg::NoMoreQuestions)}</span>
                    </label>
                    if let Some(e) = count_error {
                        <p class="glossa-error" id={format!("{base}-count-error")}>{e}</p>
                    }
                    if let Some(w) = unanswerable_warning {
                        <p class="glossa-warning">{w}</p>
                    }
                    }
                    if let Some(tally) = tally {
                        <TallyView control={Rc::clone(c)} {tally} {lang} />
                    }
                </div>
            </div>
        </fieldset>
    }
}

impl crate::ui::kind_view::KindView for QuestionsControl {
    fn view(&self, cx: &crate::ui::kind_view::ViewContext) -> Html {
        html! {
            <QuestionsView instance={cx.instance} position={cx.position} control={Rc::new(self.clone())}
                task={Rc::clone(cx.task)} form={Rc::clone(cx.form)}
                report={Rc::clone(cx.report)} tally={cx.tally.clone()} lang={cx.lang}
                on_action={cx.actions.now.clone()} on_pick={cx.actions.after_paint.clone()} />
        }
    }

    /// A card's field; for the count, the unanswerable share or a fragment out of the text,
    /// the list's end.
    fn focus_problem(&self, instance: u32, _: &crate::ui::Model, place: &crate::validate::Place) {
        use crate::ui::focus::{focus, focus_selector};
        let base = dom_id(instance, &[self.id.as_str()]);
        match place {
            crate::validate::Place::Question {
                card,
                part: Some(part),
                span: None,
            } if *part != QuestionPart::Overlap => match part {
                QuestionPart::Question => focus(&format!("{base}-q{card}-text")),
                QuestionPart::Answer => focus(&format!("{base}-text")),
                QuestionPart::BaseForm => focus_selector(&format!(
                    "#{base}-q{card}-base, #{base}-q{card} input[type=radio]"
                )),
                _ => focus(&format!("{base}-q{card}-category")),
            },
            _ => focus_selector(&format!(
                "#{base} .glossa-add-question:not(:disabled), #{base} .glossa-no-more input"
            )),
        }
    }

    fn example(&self, value: &serde_json::Value, item: &crate::item::Item, lang: Lang) -> Html {
        let text = item.text(self.text_field.as_str()).unwrap_or_default();
        let tokens = Tokens::with_units(text, self.units);
        let fragment = |pair: &serde_json::Value| {
            let word = |i: usize| pair.get(i).and_then(|v| v.as_u64()).unwrap_or(u64::MAX) as usize;
            tokens.covered(text, word(0), word(1)).to_owned()
        };
        html! {
            <>
            <div class="glossa-block">
                <h4 class="glossa-block-label">{self.text_label.clone()}</h4>
                <p class="glossa-block-text">{text.to_owned()}</p>
            </div>
            <ol class="glossa-example-scores">
                { for value.get("questions").and_then(|v| v.as_array()).into_iter().flatten().map(|qa| {
                    let spans: Vec<String> = qa.get("spans").and_then(|v| v.as_array()).into_iter().flatten().map(fragment).collect();
                    let flag = |name: &str| qa.get(name).and_then(|v| v.as_bool()).unwrap_or(false);
                    let base = qa.get("base_form").and_then(|v| v.as_str()).map(str::to_owned);
                    let flags: Vec<&str> = [
                        flag("unanswerable").then(|| t(lang, Msg::Unanswerable)),
                        flag("yes_no").then(|| t(lang, Msg::YesNoQuestion)),
                    ].into_iter().flatten().collect();
                    html! {
                        <li>
                            <q>{qa.get("question").and_then(|v| v.as_str()).unwrap_or_default().to_owned()}</q>
                            {" → "}<strong>{spans.join(", ")}</strong>
                            if let Some(base) = base {
                                <br />{format!("{}: ", t(lang, Msg::BaseForm))}<strong>{base}</strong>
                            }
                            if !flags.is_empty() {
                                <br /><em>{flags.join(" · ")}</em>
                            }
                        </li>
                    }
                }) }
            </ol>
            </>
        }
    }
}
