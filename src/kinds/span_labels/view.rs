//! `SpanLabelsView`: the labelled-span control — the text with each span in its label's
//! colour and line and its name over it, the label bar under the text (label a selection, or
//! pick a label and mark with it), and beside it (below on a phone) the label definitions, the
//! list of marked passages and "nothing to mark".

use crate::ui::highlight::PALETTE;
use super::label_bar::LabelBar;
use super::labelled_span_row::LabelledSpanRow;
use crate::ui::markdown_view::Markdown;
use crate::ui::span_text::{SharedText, SpanText};
use crate::answer::{Answer, LabelSet, WordSpan};
use super::LabelEdit;
use crate::form::{Action, FormState};
use crate::i18n::{t, tf, Lang, Msg};
use crate::spec::SpanLabels;
use crate::support::ids::dom_id;
use crate::task::Task;
use crate::text::Tokens;
use crate::validate::{Place, Report};
use std::rc::Rc;
use yew::prelude::*;

/// Props of [`SpanLabelsView`].
#[derive(Properties, PartialEq)]
pub struct SpanLabelsViewProps {
    /// The widget instance (for DOM ids).
    pub instance: u32,
    /// The control's position in the spec (for highlight owners).
    pub position: usize,
    /// The control.
    pub control: Rc<SpanLabels>,
    /// The task (text and tokens).
    pub task: Rc<Task>,
    /// The form.
    pub form: Rc<FormState>,
    /// The current report.
    pub report: Rc<Report>,
    /// UI language.
    pub lang: Lang,
    /// Dispatches actions.
    pub on_action: Callback<Action>,
    /// Dispatches word picks (after the frame that shows them).
    pub on_pick: Callback<Action>,
}

/// Where a problem of a labelled-span control is: a span (`spans[i]`), one attribute of a span
/// (`spans[i].severity`), or the control as a whole (`None`).
fn span_place(place: &Place) -> Option<(usize, Option<String>)> {
    let Place::Attribute { attr, entry, .. } = place else {
        return None;
    };
    if attr == "spans" {
        return entry.map(|i| (i, None));
    }
    let rest = attr.strip_prefix("spans[")?;
    let (i, attr) = rest.split_once("].")?;
    Some((i.parse().ok()?, Some(attr.to_owned())))
}

/// The labelled-span control.
#[component]
pub fn SpanLabelsView(props: &SpanLabelsViewProps) -> Html {
    let c = &props.control;
    let lang = props.lang;
    let (shared_text, tokens) = props
        .task
        .span_text(c.text_field.as_str())
        .unwrap_or_else(|| (Rc::from(""), Rc::new(Tokens::new(""))));
    let text: &str = &shared_text;
    let set: LabelSet = match props.form.answers.get(&c.id) {
        Some(Answer::Labels(s)) => LabelSet::clone(s),
        _ => LabelSet::default(),
    };
    let styles = use_memo(Rc::clone(c), |c| c.styles());
    let style_of = |label: &str| {
        c.labels
            .iter()
            .position(|l| l.value.as_str() == label)
            .and_then(|k| styles.get(k).copied())
            .unwrap_or(0)
    };
    let jump = use_state_eq(|| None::<WordSpan>);
    let on_jump = {
        let jump = jump.clone();
        Callback::from(move |s: WordSpan| jump.set(Some(s)))
    };
    let covered = |s: &WordSpan| -> String {
        if !crate::validate::span_bounds::outside(s, tokens.word_count()) {
            tokens.covered(text, s.first, s.last).to_owned()
        } else {
            String::new()
        }
    };
    let spans: Rc<Vec<(usize, WordSpan)>> = Rc::new(
        set.spans
            .iter()
            .map(|s| (style_of(s.label.as_str()), s.span))
            .collect(),
    );
    // Each span a model suggested: its part and what became of it (by the span's position).
    let suggested = crate::form::suggestions::by_answer(&props.task, &props.form, &c.id, set.spans.len());
    let tags: Rc<Vec<(WordSpan, AttrValue, usize)>> = Rc::new(
        set.spans
            .iter()
            .enumerate()
            .map(|(j, s)| {
                let name = c
                    .label_of(s.label.as_str())
                    .map_or_else(|| s.label.to_string(), |l| l.label.clone());
                // A suggestion still to decide is marked by a sign, not by colour alone.
                let pending = matches!(suggested.get(j), Some(Some((_, crate::form::suggestions::Decision::Pending))));
                let name = if pending { format!("✦ {name}") } else { name };
                (
                    s.span,
                    AttrValue::from(name),
                    style_of(s.label.as_str()) % PALETTE,
                )
            })
            .collect(),
    );
    let selection = props.form.selection_in(&c.id).cloned();
    let show = props.form.submit_attempted && !props.form.submitted;
    let problems: Vec<(Option<(usize, Option<String>)>, AttrValue)> = if show {
        props
            .report
            .problems
            .iter()
            .filter(|p| p.at.control == c.id)
            .map(|p| (span_place(&p.at.place), AttrValue::from(p.message(lang))))
            .collect()
    } else {
        Vec::new()
    };
    let whole_error = problems
        .iter()
        .find(|(at, _)| at.is_none())
        .map(|(_, m)| m.clone());
    let base = dom_id(props.instance, &[c.id.as_str()]);
    let nothing = {
        let (on_action, control) = (props.on_action.clone(), Rc::clone(c));
        Callback::from(move |e: Event| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            on_action.emit(control.action(LabelEdit::Nothing(input.checked())))
        })
    };
    let error_id = format!("{base}-error");
    html! {
        <fieldset class="glossa-control glossa-span-control glossa-labels-control" id={base.clone()}
            aria-describedby={whole_error.as_ref().map(|_| error_id.clone())}>
            <legend class="glossa-control-label">{c.label.clone()}</legend>
            if let Some(help) = &c.help {
                <Markdown source={help.clone()} class="glossa-help" />
            }
            <div class="glossa-span-layout">
                <div class="glossa-span-main">
                    <SpanText id={format!("{base}-text")} owner={props.instance * 100 + props.position as u32}
                        control={c.id.clone()} label={c.text_label.clone()} text={SharedText(Rc::clone(&shared_text))}
                        tokens={Rc::clone(&tokens)} spans={spans} tags={Some(tags)} selection={selection.clone()} jump={*jump}
                        hint={Some((AttrValue::from(t(lang, Msg::LabelsHint)), AttrValue::from(t(lang, Msg::SpanHintKeys))))}
                        disabled={props.form.submitted} {lang} on_action={props.on_action.clone()} on_pick={props.on_pick.clone()} />
                    <LabelBar id={format!("{base}-labels")} control={Rc::clone(c)} styles={Rc::clone(&styles)}
                        selected={selection.as_ref().map(|s| AttrValue::from(covered(&s.span())))}
                        complete={selection.as_ref().is_some_and(|s| s.complete)} brush={set.brush.clone()}
                        disabled={props.form.submitted} {lang} on_action={props.on_action.clone()} />
                </div>
                <div class="glossa-attributes glossa-labelled-side">
                    if c.labels.iter().any(|l| l.description.is_some()) {
                        <div class="glossa-label-defs">
                            { for c.labels.iter().zip(styles.iter()).filter(|(l, _)| l.description.is_some()).map(|(l, style)| html! {
                                <details class="glossa-label-def" key={l.value.as_str().to_owned()}>
                                    <summary>
                                        <span class={format!("glossa-swatch glossa-c{}", style % PALETTE)} aria-hidden="true">{"Aa"}</span>
                                        {" "}{tf(lang, Msg::Definition, &[("label", &l.label)])}
                                    </summary>
                                    <Markdown source={l.description.clone().unwrap_or_default()} class="glossa-definition" />
                                </details>
                            }) }
                        </div>
                    }
                    <h4 class="glossa-labelled-heading">{tf(lang, Msg::MarkedSpans, &[("n", &set.spans.len().to_string())])}</h4>
                    if !set.spans.is_empty() {
                        <ul class="glossa-labelled-list">
                            { for set.spans.iter().enumerate().map(|(i, s)| {
                                let errors: Vec<(Option<String>, AttrValue)> = problems.iter()
                                    .filter_map(|(at, m)| match at { Some((j, a)) if *j == i => Some((a.clone(), m.clone())), _ => None })
                                    .collect();
                                html! {
                                    <LabelledSpanRow key={format!("{}-{}-{}", s.span.first, s.span.last, s.label)}
                                        id={format!("{base}-span{i}")} control={Rc::clone(c)} index={i} span={s.clone()}
                                        text={AttrValue::from(covered(&s.span))} style={style_of(s.label.as_str())} {errors}
                                        disabled={props.form.submitted} {lang} on_action={props.on_action.clone()} on_jump={on_jump.clone()}
                                        suggested={suggested.get(i).copied().flatten()} />
                                }
                            }) }
                        </ul>
                    }
                    if c.needs_confirmation() {
                        <label class="glossa-nothing">
                            <input type="checkbox" id={format!("{base}-nothing")} checked={set.nothing}
                                disabled={props.form.submitted || !set.spans.is_empty()} onchange={nothing} />
                            {" "}{t(lang, Msg::NothingToMark)}
                        </label>
                    }
                    if let Some(e) = &whole_error {
                        <p class="glossa-error" id={error_id}>{e.clone()}</p>
                    }
                </div>
            </div>
        </fieldset>
    }
}

impl crate::ui::kind_view::KindView for SpanLabels {
    fn view(&self, cx: &crate::ui::kind_view::ViewContext) -> Html {
        html! {
            <SpanLabelsView instance={cx.instance} position={cx.position} control={Rc::new(self.clone())}
                task={Rc::clone(cx.task)} form={Rc::clone(cx.form)}
                report={Rc::clone(cx.report)} lang={cx.lang}
                on_action={cx.actions.now.clone()} on_pick={cx.actions.after_paint.clone()} />
        }
    }

    /// A span's label or attribute field; for the whole control, "nothing to mark" (or the
    /// text when it is not asked).
    fn focus_problem(&self, instance: u32, _: &crate::ui::Model, place: &Place) {
        let base = dom_id(instance, &[self.id.as_str()]);
        let id = match span_place(place) {
            Some((i, None)) => format!("{base}-span{i}-label"),
            Some((i, Some(attr))) => format!("{base}-span{i}-{attr}"),
            None if self.needs_confirmation() => format!("{base}-nothing"),
            None => format!("{base}-text"),
        };
        crate::ui::focus::focus(&id);
    }

    fn example(&self, value: &serde_json::Value, item: &crate::item::Item, _lang: Lang) -> Html {
        let text = item.text(self.text_field.as_str()).unwrap_or_default();
        let tokens = Tokens::with_units(text, self.units);
        let spans = value
            .get("spans")
            .and_then(|s| s.as_array())
            .cloned()
            .unwrap_or_default();
        let lang = _lang;
        html! {
            <ul class="glossa-example-scores">
                if spans.is_empty() {
                    <li>{t(lang, Msg::NothingToMark)}</li>
                }
                { for spans.iter().filter_map(|s| {
                    let label = s.get("label")?.as_str()?;
                    let w = s.get("words")?.as_array()?;
                    let (f, l) = (w.first()?.as_u64()? as usize, w.get(1).or(w.first())?.as_u64()? as usize);
                    let shown = (f <= l && l < tokens.word_count()).then(|| tokens.covered(text, f, l).to_owned())?;
                    let name = self.label_of(label).map_or(label.to_owned(), |x| x.label.clone());
                    Some(html! { <li>{format!("“{shown}”: ")}<strong>{name}</strong></li> })
                }) }
            </ul>
        }
    }

    /// A label's key labels the selection, or picks the label to mark with; focus stays in
    /// the text.
    fn shortcut(&self, key: &str, instance: u32) -> Option<(Action, String)> {
        let label = self.labels.iter().find(|l| {
            l.key
                .as_deref()
                .is_some_and(|k| k.eq_ignore_ascii_case(key))
        })?;
        Some((
            self.action(LabelEdit::Pick(label.value.clone())),
            format!("{}-text", dom_id(instance, &[self.id.as_str()])),
        ))
    }
}
