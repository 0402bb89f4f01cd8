//! `RelationsView`: the links between the marked passages of a span control, as a form and a
//! list a screen reader reads in order — no arc to drag: pick the first passage, the second
//! and the type, then "Add link"; each link below, with its type changeable, turned round
//! (directed types) and deleted. The passages are the span control's, kept in step by the form.

use super::link_form::LinkForm;
use super::link_row::LinkRow;
use super::passage::Passage;
use crate::answer::LinkSet;
use crate::form::Action;
use crate::i18n::{t, tf, Lang, Msg};
use crate::spec::RelationsControl;
use crate::support::ids::dom_id;
use crate::ui::markdown_view::Markdown;
use crate::validate::Place;
use std::rc::Rc;
use yew::prelude::*;

/// Props of [`RelationsView`].
#[derive(Properties, PartialEq)]
pub struct RelationsViewProps {
    /// DOM id of the control (its parts' ids start with it).
    pub id: AttrValue,
    /// The control.
    pub control: Rc<RelationsControl>,
    /// The span control's passages, in text order.
    pub passages: Rc<Vec<Passage>>,
    /// The links.
    pub links: Rc<LinkSet>,
    /// Problems to show: a link's (`Some(place)`) or the control's.
    #[prop_or_default]
    pub errors: Vec<(Option<usize>, AttrValue)>,
    /// Locked after submit.
    #[prop_or_default]
    pub disabled: bool,
    /// UI language.
    pub lang: Lang,
    /// Dispatches edits.
    pub on_action: Callback<Action>,
    /// Each link a model suggested (by the link's place): its part and what became of it.
    #[prop_or_default]
    pub suggested: Rc<Vec<Option<(usize, crate::form::suggestions::Decision)>>>,
    /// Links just deleted with their passages: the passages as named (`“Terry Pratchett”`)
    /// and how many links went, offered back.
    #[prop_or_default]
    pub deleted: Option<(AttrValue, usize)>,
    /// The DOM id of the span control's text, where a link pointed at or focused highlights
    /// its two passages.
    #[prop_or_default]
    pub text_id: Option<AttrValue>,
}

/// Highlights a link's two passages in the span control's text (`None`: none). One owner per
/// relations control: pointing at another link replaces the highlight. Painted by
/// `::highlight(glossa-link)`, or `.glossa-fb-glossa-link` boxes where the API is missing.
fn highlight_link(text_id: &str, owner: u32, ends: Option<[(u32, u32); 2]>) {
    let document = web_sys::window().and_then(|w| w.document());
    let Some(el) = document.and_then(|d| d.get_element_by_id(text_id)) else {
        return;
    };
    let offsets: Vec<u32> = ends.into_iter().flatten().flat_map(|(a, b)| [a, b]).collect();
    crate::ui::highlight::set_ranges("glossa-link", owner, &el, &offsets);
}


/// The relations control.
#[component]
pub fn RelationsView(props: &RelationsViewProps) -> Html {
    let (c, lang, base) = (&props.control, props.lang, &props.id);
    let whole = props.errors.iter().find(|(at, _)| at.is_none()).map(|(_, m)| m.clone());
    let error_id = format!("{base}-error");
    let passage = |end: &crate::answer::LinkEnd| props.passages.iter().find(|p| end.names(&p.span)).cloned();
    // The passages and links put back; the focus to the list's heading (the button goes).
    let undo = {
        let (c, on_action, heading) = (Rc::clone(c), props.on_action.clone(), format!("{base}-heading"));
        Callback::from(move |_: MouseEvent| {
            on_action.emit(c.action(super::RelationEdit::Undo));
            crate::ui::focus::focus_later(heading.clone());
        })
    };
    // The links changed (one deleted while pointed at, say), or the control goes: no link's
    // passages stay highlighted.
    {
        let (text, owner) = (props.text_id.clone(), owner_of(base));
        use_effect_with(Rc::clone(&props.links), move |_| {
            let clear = move || {
                if let Some(text) = &text {
                    highlight_link(text, owner, None);
                }
            };
            clear();
            clear
        });
    }
    html! {
        <fieldset class={classes!("glossa-control", "glossa-relations-control", whole.is_some().then_some("has-error"))}
            id={base.clone()} aria-describedby={whole.as_ref().map(|_| error_id.clone())}>
            <legend class="glossa-control-label">{c.label.clone()}</legend>
            if let Some(help) = &c.help {
                <Markdown source={help.clone()} class="glossa-help" />
            }
            if props.passages.len() < 2 {
                <p class="glossa-links-hint">{t(lang, Msg::LinksNeedSpans)}</p>
            } else if !props.disabled {
                <LinkForm id={format!("{base}-new")} control={Rc::clone(c)} passages={Rc::clone(&props.passages)}
                    links={Rc::clone(&props.links)} {lang} on_action={props.on_action.clone()} />
            }
            <h4 class="glossa-links-heading" id={format!("{base}-heading")} tabindex="-1">
                {tf(lang, Msg::LinksMade, &[("n", &props.links.links.len().to_string())])}
            </h4>
            if props.links.links.is_empty() {
                <p class="glossa-links-none">{t(lang, Msg::LinksNone)}</p>
            } else {
                <ul class="glossa-link-list" aria-labelledby={format!("{base}-heading")}>
                    { for props.links.links.iter().enumerate().map(|(i, l)| {
                        let error = props.errors.iter().find(|(at, _)| *at == Some(i)).map(|(_, m)| m.clone());
                        // Pointed at or focused: its passages highlighted in the text.
                        let ends = passage(&l.from).zip(passage(&l.to)).map(|(a, b)| [a.utf16, b.utf16]);
                        let on_point = props.text_id.clone().map(|text| {
                            let owner = owner_of(base);
                            Callback::from(move |on: bool| highlight_link(&text, owner, ends.filter(|_| on)))
                        });
                        html! {
                            <LinkRow key={format!("{}-{}-{}-{}-{}", l.kind, l.from.span.first, l.from.span.last, l.to.span.first, l.to.span.last)}
                                id={format!("{base}-link{i}")} control={Rc::clone(c)} index={i} link={l.clone()}
                                from={passage(&l.from)} to={passage(&l.to)} {error} disabled={props.disabled}
                                {lang} on_action={props.on_action.clone()} suggested={props.suggested.get(i).copied().flatten()} {on_point} />
                        }
                    }) }
                </ul>
            }
            if let Some((names, n)) = &props.deleted {
                <p class="glossa-links-deleted" role="status">
                    {tf(lang, Msg::LinksDeleted, &[("passage", names.as_str()), ("n", &n.to_string())])}{" "}
                    <button type="button" class="glossa-link-button" onclick={undo}>{t(lang, Msg::Undo)}</button>
                </p>
            }
            if let Some(e) = &whole {
                <p class="glossa-error" id={error_id}>{e.clone()}</p>
            }
        </fieldset>
    }
}

/// The highlight owner of a relations control: its DOM id hashed (apart from the span
/// texts', which are `instance * 100 + position`, below 2^31).
fn owner_of(base: &str) -> u32 {
    let hash = base.bytes().fold(2166136261u32, |h, b| (h ^ u32::from(b)).wrapping_mul(16777619));
    hash | 0x8000_0000
}

/// The link a problem is about (`links[i]`), or `None` for the control as a whole.
fn link_place(place: &Place) -> Option<usize> {
    match place {
        Place::Attribute { attr, entry, .. } if attr == "links" => *entry,
        _ => None,
    }
}

/// The passages of the span control as this task has it, in text order.
fn passages(c: &RelationsControl, cx: &crate::ui::kind_view::ViewContext) -> Vec<Passage> {
    let labels = (cx.task.spec.control(&c.spans))
        .and_then(|s| s.labelled_spans())
        .map(|l| l.labels)
        .unwrap_or_default();
    let Some((text, tokens)) = super::value::text_field(c, cx.task).and_then(|f| cx.task.span_text(f)) else {
        return Vec::new();
    };
    let mut out: Vec<Passage> = (super::marked(cx.form.answers.get(&c.spans)).iter())
        .filter(|s| !crate::validate::span_bounds::outside(&s.span, tokens.word_count()))
        .map(|s| Passage {
            utf16: (
                tokens.word(s.span.first).map_or(0, |w| w.utf16.0 as u32),
                tokens.word(s.span.last).map_or(0, |w| w.utf16.1 as u32),
            ),
            span: s.clone(),
            text: AttrValue::from(tokens.covered(&text, s.span.first, s.span.last).to_owned()),
            label: AttrValue::from(
                labels.iter().find(|(v, _)| *v == s.label.as_str()).map_or(s.label.as_str(), |(_, shown)| *shown).to_owned(),
            ),
        })
        .collect();
    out.sort_by_key(|p| (p.span.span.first, p.span.span.last));
    out
}

impl crate::ui::kind_view::KindView for RelationsControl {
    fn view(&self, cx: &crate::ui::kind_view::ViewContext) -> Html {
        let show = cx.form.submit_attempted && !cx.form.submitted;
        let errors: Vec<(Option<usize>, AttrValue)> = (cx.report.problems.iter())
            .filter(|p| show && p.at.control == self.id)
            .map(|p| {
                let at = link_place(&p.at.place);
                (at, AttrValue::from(p.message(cx.lang)))
            })
            .collect();
        let links = super::link_set(cx.form.answers.get(&self.id)).cloned().unwrap_or_default();
        let suggested = crate::form::suggestions::by_answer(cx.task, cx.form, &self.id, links.links.len());
        let deleted = (cx.form.links_notice.as_ref()).filter(|n| n.control == self.id).and_then(|n| {
            let (text, tokens) = super::value::text_field(self, cx.task).and_then(|f| cx.task.span_text(f))?;
            let names: Vec<String> = (n.removed.iter()).map(|(_, s)| format!("“{}”", tokens.covered(&text, s.span.first, s.span.last))).collect();
            Some((AttrValue::from(names.join(", ")), n.links.len()))
        });
        html! {
            <RelationsView id={dom_id(cx.instance, &[self.id.as_str()])} control={Rc::new(self.clone())}
                passages={Rc::new(passages(self, cx))} links={Rc::new(links)} {errors}
                disabled={cx.form.submitted} lang={cx.lang} on_action={cx.actions.now.clone()}
                suggested={Rc::new(suggested)} deleted={deleted}
                text_id={AttrValue::from(format!("{}-text", dom_id(cx.instance, &[self.spans.as_str()])))} />
        }
    }

    /// A link's type; for the whole control, the first passage's select (or the heading).
    fn focus_problem(&self, instance: u32, _: &crate::ui::Model, place: &Place) {
        let base = dom_id(instance, &[self.id.as_str()]);
        match link_place(place) {
            Some(i) => crate::ui::focus::focus(&format!("{base}-link{i}-type")),
            None => crate::ui::focus::focus_selector(&format!("#{base}-new-from, #{base}-heading")),
        }
    }

    /// The links of a worked example, one a line: `first → type → second`.
    fn example(&self, value: &serde_json::Value, item: &crate::item::Item, _: Lang) -> Html {
        let _ = item;
        let links = value.get("links").and_then(|l| l.as_array()).cloned().unwrap_or_default();
        html! {
            <ul class="glossa-link-list">
                { for links.iter().map(|l| {
                    let kind = l.get("label").and_then(|v| v.as_str()).unwrap_or_default();
                    let name = self.relation_type(kind).map_or(kind.to_owned(), |t| t.label.clone());
                    let end = |k: &str| l.get(k).and_then(|e| e.get("label")).and_then(|v| v.as_str()).unwrap_or_default().to_owned();
                    html! { <li>{format!("{} → {name} → {}", end("head"), end("tail"))}</li> }
                }) }
            </ul>
        }
    }
}
