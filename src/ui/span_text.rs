//! `SpanText`: the text spans are picked from. The text is plain text (one node per paragraph); spans, the
//! selection and the keyboard cursor are painted with custom highlights, so picking words
//! never re-renders the text. Tap the first and the last word (the same word twice for one
//! word), drag with the mouse (snaps to words), or use the arrows, Shift and Enter.
//! Build family: marking, labels (the `labels` and `full` builds; `scripts/css_for_build.py` reads this line).

use super::highlight::{self, PALETTE};
use crate::answer::WordSpan;
use crate::form::{Action, Selection};
use crate::i18n::{t, Lang, Msg};
use crate::support::ids::ControlId;
use crate::text::{paragraph_starts, Tokens};
use std::cell::RefCell;
use std::rc::Rc;
use web_sys::Element;
use yew::prelude::*;

/// A span text shared from the task. Props compare it by pointer first: re-rendering after a
/// tap must not compare a 20,000-word article byte by byte.
#[derive(Clone, Debug)]
pub struct SharedText(pub Rc<str>);

impl PartialEq for SharedText {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0) || self.0 == other.0
    }
}

/// Props of [`SpanText`].
#[derive(Properties, PartialEq)]
pub struct SpanTextProps {
    /// DOM id of the text container.
    pub id: AttrValue,
    /// Owner id for highlights (unique per mounted span text).
    pub owner: u32,
    /// The control the spans belong to.
    pub control: ControlId,
    /// Label above the text.
    pub label: AttrValue,
    /// The text (item data, shown as text).
    pub text: SharedText,
    /// Its tokens.
    pub tokens: Rc<Tokens>,
    /// Committed spans with their colour index.
    pub spans: Rc<Vec<(usize, WordSpan)>>,
    /// The current selection, if it is in this text.
    pub selection: Option<Selection>,
    /// A span to show (scroll to and flash), if any.
    #[prop_or_default]
    pub jump: Option<WordSpan>,
    /// Locked after submit.
    #[prop_or_default]
    pub disabled: bool,
    /// Label tags drawn over the text (a labelled span's name at its start): each span with its
    /// name and style; none for span attributes.
    #[prop_or_default]
    pub tags: Option<Rc<Vec<(WordSpan, AttrValue, usize)>>>,
    /// How to pick words, shown above the text: by touch or mouse, and by keyboard (default:
    /// the span-attribute hints).
    #[prop_or_default]
    pub hint: Option<(AttrValue, AttrValue)>,
    /// UI language.
    pub lang: Lang,
    /// Dispatches at once: picks made with the keyboard, clearing the selection.
    pub on_action: Callback<Action>,
    /// Dispatches picks made by tap, click or drag; they are painted here first, so they may
    /// reach the model after the frame that shows them.
    pub on_pick: Callback<Action>,
}

/// The plain text as paragraph elements, rendered once (its props never change while the item
/// is shown). Paragraphs off screen skip layout and paint (`content-visibility: auto`).
#[derive(Properties, PartialEq)]
struct PlainTextProps {
    text: SharedText,
}

#[component]
fn PlainText(props: &PlainTextProps) -> Html {
    let pieces = use_memo(props.text.clone(), |SharedText(text)| {
        let starts = paragraph_starts(text);
        let ends = starts.iter().skip(1).map(|s| s.0).chain([text.len()]);
        starts
            .iter()
            .zip(ends)
            .map(|(s, e)| AttrValue::from(text[s.0..e].to_owned()))
            .collect::<Vec<_>>()
    });
    pieces
        .iter()
        .map(|p| html! { <div class="glossa-para">{p.clone()}</div> })
        .collect::<Html>()
}

fn utf16_pairs(tokens: &Tokens, spans: impl Iterator<Item = WordSpan>) -> Vec<u32> {
    spans
        .filter_map(|s| {
            Some([
                tokens.word(s.first)?.utf16.0 as u32,
                tokens.word(s.last)?.utf16.1 as u32,
            ])
        })
        .flatten()
        .collect()
}

/// How a selection was made.
#[derive(Clone, Copy)]
enum Via {
    /// A tap, click or mouse drag.
    Pointer,
    /// The keyboard.
    Key,
}

/// The selection as last painted: a pick is painted before the model has it, so the next key
/// press or tap in the same frame starts from what the annotator sees.
type Shown = Rc<RefCell<Option<Selection>>>;

/// The word the keyboard cursor was last on (kept when a selection is used up).
type Cursor = Rc<std::cell::Cell<Option<usize>>>;

/// Paints the selection (pending or complete) and the keyboard cursor.
fn paint_selection(
    el: &Element,
    tokens: &Tokens,
    owner: u32,
    (shown, cursor): (&Shown, &Cursor),
    sel: Option<&Selection>,
) {
    shown.replace(sel.cloned());
    if let Some(s) = sel {
        cursor.set(Some(s.focus));
    }
    let span = sel.map(Selection::span);
    highlight::set_ranges(
        "glossa-sel",
        owner,
        el,
        &utf16_pairs(tokens, span.into_iter()),
    );
    let cursor = sel.filter(|s| !s.complete).map(|s| WordSpan {
        first: s.focus,
        last: s.focus,
    });
    highlight::set_ranges(
        "glossa-cursor",
        owner,
        el,
        &utf16_pairs(tokens, cursor.into_iter()),
    );
}

/// The text spans are picked from.
#[component]
pub fn SpanText(props: &SpanTextProps) -> Html {
    let node = use_node_ref();
    let owner = props.owner;
    let shown: Shown = use_mut_ref(|| None);
    let cursor: Cursor = use_memo((), |_| std::cell::Cell::new(None));
    // The model's selection at the last render (none before the first).
    let rendered: Rc<RefCell<Option<Option<Selection>>>> = use_mut_ref(|| None);

    // Paragraph starts, for the snippet's offset mapping (before any highlight is set).
    {
        let node = node.clone();
        use_effect_with(props.text.clone(), move |SharedText(text)| {
            if let Some(el) = node.cast::<Element>() {
                let starts: Vec<u32> = paragraph_starts(text).iter().map(|s| s.1 as u32).collect();
                highlight::set_paragraphs(&el, &starts);
            }
        });
    }
    // Committed spans: one highlight per palette colour.
    {
        let (node, tokens) = (node.clone(), Rc::clone(&props.tokens));
        use_effect_with(Rc::clone(&props.spans), move |spans| {
            if let Some(el) = node.cast::<Element>() {
                for colour in 0..PALETTE {
                    let ranges = utf16_pairs(
                        &tokens,
                        spans
                            .iter()
                            .filter(|(c, _)| c % PALETTE == colour)
                            .map(|(_, s)| *s),
                    );
                    highlight::set_ranges(&format!("glossa-a{colour}"), owner, &el, &ranges);
                }
            }
            move || highlight::forget(owner)
        });
    }
    // Label tags.
    {
        let (node, tokens) = (node.clone(), Rc::clone(&props.tokens));
        use_effect_with(props.tags.clone(), move |tags| {
            if let (Some(el), Some(tags)) = (node.cast::<Element>(), tags) {
                let pairs = utf16_pairs(&tokens, tags.iter().map(|t| t.0));
                let names: Vec<&str> = tags.iter().map(|t| t.1.as_str()).collect();
                let styles: Vec<u32> = tags.iter().map(|t| t.2 as u32).collect();
                highlight::set_tags(owner, &el, &pairs, &names.join("\u{1f}"), &styles);
            }
        });
    }
    // The selection (pending or complete) and the keyboard cursor, after every render: the
    // model's selection is painted whenever the screen shows another. (Picks are painted at
    // once and reach the model later; when the model's selection comes back to what it was at
    // the last render — two clicks and an Escape between two renders on a busy machine — a
    // repaint only on change would leave the picks' paint on screen, out of step with the
    // model.)
    {
        let (node, tokens, shown) = (node.clone(), Rc::clone(&props.tokens), Rc::clone(&shown));
        let (cursor, rendered) = (Rc::clone(&cursor), Rc::clone(&rendered));
        let sel = props.selection.clone();
        use_effect(move || {
            if let Some(el) = node.cast::<Element>() {
                let changed = rendered.borrow().as_ref() != Some(&sel);
                if changed || *shown.borrow() != sel {
                    paint_selection(&el, &tokens, owner, (&shown, &cursor), sel.as_ref());
                }
                // Rendered now with the bar it opened: the selection kept in view.
                if changed {
                    if let [start, end] = utf16_pairs(&tokens, sel.iter().map(Selection::span))[..]
                    {
                        highlight::keep_clear(&el, start, end);
                    }
                }
            }
            *rendered.borrow_mut() = Some(sel);
        });
    }
    // A span to show.
    {
        let (node, tokens) = (node.clone(), Rc::clone(&props.tokens));
        use_effect_with(props.jump, move |jump| {
            if let Some(el) = node.cast::<Element>() {
                let pairs = utf16_pairs(&tokens, jump.iter().copied());
                highlight::set_ranges("glossa-jump", owner, &el, &pairs);
                if let [start, end] = pairs[..] {
                    highlight::scroll_to(&el, start, end);
                }
            }
        });
    }

    // Every selection change is painted at once, then dispatched. A pointer pick reaches the
    // model after the frame that shows it (the re-render, which paints the same, never delays
    // that frame); a key press goes at once, so the next Tab finds the bar it opened.
    let select = {
        let (on_action, on_pick, control) = (
            props.on_action.clone(),
            props.on_pick.clone(),
            props.control.clone(),
        );
        let (node, tokens, shown) = (node.clone(), Rc::clone(&props.tokens), Rc::clone(&shown));
        let cursor = Rc::clone(&cursor);
        move |anchor: usize, focus: usize, complete: bool, via: Via| {
            if let Some(el) = node.cast::<Element>() {
                let sel = Selection {
                    control: control.clone(),
                    anchor,
                    focus,
                    complete,
                };
                paint_selection(&el, &tokens, owner, (&shown, &cursor), Some(&sel));
            }
            let send = match via {
                Via::Pointer => &on_pick,
                Via::Key => &on_action,
            };
            send.emit(Action::Select {
                control: control.clone(),
                anchor,
                focus,
                complete,
            })
        }
    };
    let onclick = {
        let (node, tokens, select) = (node.clone(), Rc::clone(&props.tokens), select.clone());
        let (on_pick, control) = (props.on_pick.clone(), props.control.clone());
        let (disabled, shown) = (props.disabled, Rc::clone(&shown));
        let cursor = Rc::clone(&cursor);
        Callback::from(move |e: MouseEvent| {
            let Some(el) = node.cast::<Element>() else {
                return;
            };
            if disabled {
                return;
            }
            // A mouse drag: snap the selected characters to whole words.
            if let [start, end] = highlight::take_selection(&el)[..] {
                let first = tokens.word_at_utf16(start as usize);
                let last = tokens.word_at_utf16((end as usize).saturating_sub(1));
                if let (Some(a), Some(b)) = (first, last) {
                    select(a, b, true, Via::Pointer);
                }
                return;
            }
            let hit = highlight::hit(&el, f64::from(e.client_x()), f64::from(e.client_y()));
            let Some(word) = usize::try_from(hit)
                .ok()
                .and_then(|o| tokens.word_at_utf16(o))
            else {
                return;
            };
            let next = Selection::after_tap(shown.borrow().as_ref(), control.clone(), word);
            paint_selection(&el, &tokens, owner, (&shown, &cursor), Some(&next));
            on_pick.emit(Action::TapWord {
                control: control.clone(),
                word,
            });
        })
    };
    let onkeydown = {
        let (tokens, shown, select, on_action) = (
            Rc::clone(&props.tokens),
            Rc::clone(&shown),
            select,
            props.on_action.clone(),
        );
        let (disabled, cursor) = (props.disabled, Rc::clone(&cursor));
        // In right-to-left text the next word is to the left.
        let rtl = props.lang.dir() == crate::i18n::Dir::Rtl;
        Callback::from(move |e: KeyboardEvent| {
            let last = tokens.word_count().saturating_sub(1);
            if disabled || tokens.word_count() == 0 {
                return;
            }
            let selection = shown.borrow().clone();
            // With no selection, the cursor goes on from the last word it was on (a passage
            // just labelled), or starts at the first word.
            let at = selection.as_ref().map(|s| s.focus).or(cursor.get());
            let (anchor, focus) = selection
                .as_ref()
                .map_or((at.unwrap_or(0), at.unwrap_or(0)), |s| (s.anchor, s.focus));
            let fresh = selection.is_none() || selection.as_ref().is_some_and(|s| s.complete);
            let step = |to: usize| {
                if e.shift_key() && !fresh {
                    (anchor, to)
                } else {
                    (to, to)
                }
            };
            let key = match (e.key().as_str(), rtl) {
                ("ArrowLeft", true) => "ArrowRight".to_owned(),
                ("ArrowRight", true) => "ArrowLeft".to_owned(),
                (k, _) => k.to_owned(),
            };
            let target = match key.as_str() {
                "ArrowRight" | "ArrowDown" if at.is_none() => Some((0, 0)),
                "ArrowRight" | "ArrowDown" => Some(step((focus + 1).min(last))),
                "ArrowLeft" | "ArrowUp" => Some(step(focus.saturating_sub(1))),
                "Home" => Some(step(0)),
                "End" => Some(step(last)),
                "Enter" | " " if selection.as_ref().is_some_and(|s| !s.complete) => {
                    e.prevent_default();
                    select(anchor, focus, true, Via::Key);
                    return;
                }
                "Escape" => {
                    on_action.emit(Action::ClearSelection);
                    return;
                }
                _ => None,
            };
            if let Some((a, f)) = target {
                e.prevent_default();
                select(a, f, false, Via::Key);
            }
        })
    };
    let hint = props.hint.clone().unwrap_or_else(|| {
        (
            t(props.lang, Msg::SpanHint).into(),
            t(props.lang, Msg::SpanHintKeys).into(),
        )
    });
    html! {
        <section class="glossa-block glossa-span-block" aria-labelledby={format!("{}-label", props.id)}>
            <h3 class="glossa-block-label" id={format!("{}-label", props.id)}>{props.label.clone()}</h3>
            <p class="glossa-span-hint" id={format!("{}-hint", props.id)}>
                {hint.0}{" "}<span class="glossa-keys-hint">{hint.1}</span>
            </p>
            <div class={classes!("glossa-span-text", props.tags.is_some().then_some("has-tags"))} id={props.id.clone()} ref={node} tabindex="0" role="textbox"
                aria-readonly="true" aria-multiline="true" aria-label={props.label.clone()}
                aria-describedby={format!("{}-hint", props.id)} {onclick} {onkeydown}
                data-testid={format!("{}-text", props.id)}>
                <PlainText text={props.text.clone()} />
            </div>
        </section>
    }
}
