//! `RankingView`: a ranking control — the outputs listed from the best (the unranked ones after,
//! in the order shown), each ranked by a tap (in order from the best), dragged to its place by
//! its handle, or moved with its arrows, the ranking so far read out; or, for best–worst
//! scaling, a "best" and a "worst" choice per output.

use crate::ui::markdown_view::Markdown;
use super::rank_card::{DragStep, DropMark, RankCard};
use crate::answer::OrderSet;
use super::RankEdit;
use crate::form::{Action, FormState};
use crate::i18n::{fill_n, t, Lang, Msg};
use crate::item::Output;
use crate::spec::{RankingControl, RankingMode};
use crate::support::ids::dom_id;
use crate::validate::{AnswerPath, Report};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// Props of [`RankingView`].
#[derive(Properties, PartialEq)]
pub struct RankingViewProps {
    /// The widget instance (for DOM ids).
    pub instance: u32,
    /// The control from the spec.
    pub control: Rc<RankingControl>,
    /// The outputs in the order shown.
    pub outputs: Rc<Vec<Output>>,
    /// The form.
    pub form: Rc<FormState>,
    /// The current report.
    pub report: Rc<Report>,
    /// UI language.
    pub lang: Lang,
    /// Dispatches edits.
    pub on_action: Callback<Action>,
}

/// A drag under way: the output, where the pointer started, how far it went, and the place
/// in the list (without the output) it would drop at (`None` before it moves).
struct Drag {
    id: String,
    from: i32,
    dy: i32,
    at: Option<usize>,
}

/// The place among the list's other cards above which the pointer is (`y` in the viewport):
/// how many of them have their middle above it.
fn drop_place(list: &NodeRef, dragged: &str, y: i32) -> usize {
    let Some(list) = list.cast::<web_sys::Element>() else {
        return 0;
    };
    let cards = list.children();
    (0..cards.length())
        .filter_map(|i| cards.item(i))
        .filter(|card| card.get_attribute("data-output-id").as_deref() != Some(dragged))
        .filter(|card| {
            let r = card.get_bounding_client_rect();
            r.top() + r.height() / 2.0 < f64::from(y)
        })
        .count()
}

/// How far the page is scrolled down (px), after scrolling it a little when a drag at height
/// `y` nears the top or the bottom of the window (a card on a phone can be dragged past the
/// screen). `0` asks only.
fn scrolled(y: i32) -> i32 {
    const EDGE: i32 = 56;
    let Some(w) = web_sys::window() else {
        return 0;
    };
    let height = w
        .inner_height()
        .ok()
        .and_then(|h| h.as_f64())
        .unwrap_or(0.0) as i32;
    if y > 0 && y < EDGE {
        w.scroll_by_with_x_and_y(0.0, f64::from(y - EDGE) / 2.0);
    } else if y > height - EDGE && height > 2 * EDGE {
        w.scroll_by_with_x_and_y(0.0, f64::from(y - (height - EDGE)) / 2.0);
    }
    w.scroll_y().unwrap_or(0.0) as i32
}

/// The id of the focused element, if it has one.
fn focused_id() -> Option<String> {
    let el = web_sys::window()?.document()?.active_element()?;
    let id = el.dyn_into::<web_sys::HtmlElement>().ok()?.id();
    (!id.is_empty()).then_some(id)
}

/// A ranking question.
#[component]
pub fn RankingView(props: &RankingViewProps) -> Html {
    let c = &props.control;
    let lang = props.lang;
    let base = dom_id(props.instance, &[c.id.as_str()]);
    let set = OrderSet::of(props.form.answers.get(&c.id));
    let list_ref = use_node_ref();
    let drag: Rc<RefCell<Option<Drag>>> = use_mut_ref(|| None);
    let redraw = use_force_update();
    // Cards move when their rank changes: the button pressed keeps the focus, given back in
    // the render that moved it (before the next key can arrive).
    let keep: Rc<RefCell<Option<String>>> = use_mut_ref(|| None);
    {
        let keep = Rc::clone(&keep);
        use_effect(move || {
            if let Some(id) = keep.borrow_mut().take() {
                if focused_id().as_deref() != Some(id.as_str()) {
                    crate::ui::focus::focus(&id);
                }
            }
        });
    }
    let on_edit = {
        let (on_action, control) = (props.on_action.clone(), Rc::clone(c));
        let keep = Rc::clone(&keep);
        Callback::from(move |edit: RankEdit| {
            *keep.borrow_mut() = focused_id();
            on_action.emit(control.action(edit));
        })
    };
    let on_drag = {
        let (drag, list_ref, on_edit) = (Rc::clone(&drag), list_ref.clone(), on_edit.clone());
        Callback::from(move |step: DragStep| {
            let dropped = match step {
                DragStep::Start { id, y } => {
                    *drag.borrow_mut() = Some(Drag {
                        id,
                        from: y + scrolled(0),
                        dy: 0,
                        at: None,
                    });
                    None
                }
                DragStep::Move { y } => {
                    let mut d = drag.borrow_mut();
                    let Some(d) = d.as_mut() else { return };
                    d.dy = y + scrolled(y) - d.from;
                    d.at = Some(drop_place(&list_ref, &d.id, y));
                    None
                }
                DragStep::Drop => drag.borrow_mut().take(),
                DragStep::Cancel => {
                    drag.borrow_mut().take();
                    None
                }
            };
            if let Some(Drag {
                id, at: Some(at), ..
            }) = dropped
            {
                on_edit.emit(RankEdit::Place { id, at });
            }
            redraw.force_update();
        })
    };
    let error = (props.form.submit_attempted && !props.form.submitted)
        .then(|| {
            props
                .report
                .at(&AnswerPath::whole(&c.id).to_string())
                .map(|p| AttrValue::from(p.message(lang)))
        })
        .flatten();
    let error_id = format!("{base}-error");
    let label_of = |n: usize| fill_n(lang, &c.outputs.label, n + 1);
    let shown: Vec<String> = props.outputs.iter().map(|o| o.id.clone()).collect();
    let order = RankingControl::ordered(&set.ranks, &shown);
    // Ranked from the best, then the unranked in the order shown; each with its place shown.
    let listed: Vec<(usize, &Output)> = order
        .iter()
        .filter_map(|id| props.outputs.iter().enumerate().find(|(_, o)| &o.id == id))
        .chain(
            props
                .outputs
                .iter()
                .enumerate()
                .filter(|(_, o)| !set.ranks.contains_key(&o.id)),
        )
        .collect();
    let dragging = drag.borrow();
    let (low, high) = match &c.anchors {
        Some(a) => (a.low.clone(), a.high.clone()),
        None => (
            t(lang, Msg::Best).to_owned(),
            t(lang, Msg::Worst).to_owned(),
        ),
    };
    html! {
        <fieldset class={classes!("glossa-control", "glossa-ranking-control", error.is_some().then_some("has-error"))} id={base.clone()}
            aria-describedby={error.as_ref().map(|_| error_id.clone())}>
            <legend class="glossa-control-label">{c.label.clone()}</legend>
            if let Some(help) = &c.help {
                <Markdown source={help.clone()} class="glossa-help" />
            }
            if c.mode == RankingMode::Rank {
                <p class="glossa-span-hint">{t(lang, Msg::RankHint)}</p>
                <ol class="glossa-rank-list" ref={list_ref}>
                    { for listed.iter().map(|&(n, o)| {
                        let rank = set.ranks.get(&o.id).copied();
                        let at = order.iter().position(|x| x == &o.id);
                        let above = at.and_then(|i| i.checked_sub(1)).and_then(|i| order.get(i));
                        let tied = above.is_some_and(|a| set.ranks.get(a) == rank.as_ref());
                        let dragged = dragging.as_ref().filter(|d| d.id == o.id).map(|d| d.dy);
                        let mark = dragging.as_ref().and_then(|d| {
                            let others: Vec<&String> = listed.iter().map(|(_, o)| &o.id).filter(|i| **i != d.id).collect();
                            let at = d.at?;
                            match others.get(at) {
                                Some(i) if **i == o.id => Some(DropMark::Before),
                                None if others.last() == Some(&&o.id) => Some(DropMark::After),
                                _ => None,
                            }
                        });
                        html! {
                            <RankCard key={o.id.clone()} id={dom_id(props.instance, &[c.id.as_str(), "rank", o.id.as_str()])}
                                output={o.clone()} label={AttrValue::from(label_of(n))} {rank}
                                can_tie={c.ties && above.is_some()} {tied} disabled={props.form.submitted}
                                {dragged} {mark} {lang} on_edit={on_edit.clone()} on_drag={on_drag.clone()} />
                        }
                    }) }
                </ol>
                <p class="glossa-rank-summary" role="status" aria-live="polite">
                    { order.iter().map(|id| {
                        let n = shown.iter().position(|s| s == id).unwrap_or(0);
                        format!("{}. {}", set.ranks[id], label_of(n))
                    }).collect::<Vec<_>>().join(" · ") }
                </p>
                if !set.ranks.is_empty() && !props.form.submitted {
                    <button type="button" class="glossa-link-button" onclick={on_edit.reform(|_: MouseEvent| RankEdit::Clear)}>{t(lang, Msg::RankClear)}</button>
                }
            } else {
                <table class="glossa-best-worst">
                    <thead><tr><th scope="col">{low.clone()}</th><th scope="col"></th><th scope="col">{high.clone()}</th></tr></thead>
                    <tbody>
                        { for props.outputs.iter().enumerate().map(|(n, o)| {
                            let (best_id, worst_id) = (format!("{base}-best-{}", o.id), format!("{base}-worst-{}", o.id));
                            let (b, w) = (o.id.clone(), o.id.clone());
                            html! {
                                <tr key={o.id.clone()} data-output-id={o.id.clone()}>
                                    <td class="glossa-bw-cell">
                                        <input type="radio" id={best_id.clone()} name={format!("{base}-best")} checked={set.best.as_ref() == Some(&o.id)}
                                            disabled={props.form.submitted} aria-label={format!("{low}: {}", label_of(n))}
                                            onchange={on_edit.reform(move |_: Event| RankEdit::Best(b.clone()))} />
                                    </td>
                                    <td>
                                        <span class="glossa-output-label">{label_of(n)}</span>
                                        if let Some(media) = crate::ui::media_view::output_media(o, &label_of(n)) {
                                            {media}
                                        } else if !crate::support::family::COMPOSE || !o.text.is_empty() {
                                            <span class="glossa-output-text">{o.text.clone()}</span>
                                        }
                                    </td>
                                    <td class="glossa-bw-cell">
                                        <input type="radio" id={worst_id} name={format!("{base}-worst")} checked={set.worst.as_ref() == Some(&o.id)}
                                            disabled={props.form.submitted} aria-label={format!("{high}: {}", label_of(n))}
                                            onchange={on_edit.reform(move |_: Event| RankEdit::Worst(w.clone()))} />
                                    </td>
                                </tr>
                            }
                        }) }
                    </tbody>
                </table>
            }
            if let Some(e) = &error {
                <p class="glossa-error" id={error_id}>{e.clone()}</p>
            }
        </fieldset>
    }
}

impl crate::ui::kind_view::KindView for RankingControl {
    fn view(&self, cx: &crate::ui::kind_view::ViewContext) -> Html {
        let outputs = cx.task.outputs_named(&self.id, self.outputs.field.as_str());
        html! {
            <RankingView instance={cx.instance} control={Rc::new(self.clone())} outputs={Rc::new(outputs)}
                form={Rc::clone(cx.form)} report={Rc::clone(cx.report)} lang={cx.lang}
                on_action={cx.actions.now.clone()} />
        }
    }

    /// The first output not yet ranked (or the first best choice).
    fn focus_problem(&self, instance: u32, model: &crate::ui::Model, _: &crate::validate::Place) {
        let outputs = model
            .task
            .outputs_shown(&self.id, self.outputs.field.as_str());
        let set = OrderSet::of(model.form.answers.get(&self.id));
        let base = dom_id(instance, &[self.id.as_str()]);
        let target = match self.mode {
            RankingMode::Rank => outputs
                .iter()
                .find(|o| !set.ranks.contains_key(&o.id))
                .or(outputs.first())
                .map(|o| dom_id(instance, &[self.id.as_str(), "rank", o.id.as_str()])),
            RankingMode::BestWorst => outputs.first().map(|o| {
                let which = if set.best.is_none() { "best" } else { "worst" };
                format!("{base}-{which}-{}", o.id)
            }),
        };
        if let Some(id) = target {
            crate::ui::focus::focus(&id);
        }
    }

    fn example(&self, value: &serde_json::Value, item: &crate::item::Item, lang: Lang) -> Html {
        let name = |id: &str| {
            item.outputs(self.outputs.field.as_str())
                .iter()
                .position(|o| o.id == id)
                .map_or_else(
                    || id.to_owned(),
                    |n| fill_n(lang, &self.outputs.label, n + 1),
                )
        };
        match value {
            serde_json::Value::Array(list) => html! {
                <ol class="glossa-example-scores">{ for list.iter().map(|v| html! { <li>{name(v.as_str().unwrap_or_default())}</li> }) }</ol>
            },
            v => html! {
                <p>{format!("↑ {} · ↓ {}", name(v.get("best").and_then(|x| x.as_str()).unwrap_or_default()), name(v.get("worst").and_then(|x| x.as_str()).unwrap_or_default()))}</p>
            },
        }
    }
}
