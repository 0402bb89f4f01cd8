//! `GridRowView`: one grid row as a card — the sentence on top, the column groups below (side
//! by side where there is room), the row's message, and the undo notice after a clearing.

use crate::ui::choice_option::ChoiceOptionView;
use crate::ui::markdown_view::Markdown;
use super::GridEdit;
use crate::form::Action;
use crate::i18n::{fill_n, t, tf, Lang, Msg};
use crate::spec::{GridColumn, GridControl, GridOption};
use crate::support::ids::dom_id;
use crate::support::sorted_map::SortedMap;
use super::rows::is_missing_value;
use std::rc::Rc;
use yew::prelude::*;

/// Props of [`GridRowView`].
#[derive(Properties, PartialEq)]
pub struct GridRowViewProps {
    /// The widget instance (for DOM ids).
    pub instance: u32,
    /// The grid.
    pub control: Rc<GridControl>,
    /// The row (from 0).
    pub row: usize,
    /// The row's sentence; `None` when the text has no such sentence.
    pub sentence: Option<String>,
    /// The row's cells (column → chosen value).
    pub cells: SortedMap<String, String>,
    /// The row's message, if shown.
    #[prop_or_default]
    pub error: Option<AttrValue>,
    /// Columns a choice just cleared in this row (offers undo).
    #[prop_or_default]
    pub cleared: Option<Vec<String>>,
    /// Locked after submit.
    #[prop_or_default]
    pub disabled: bool,
    /// UI language.
    pub lang: Lang,
    /// Dispatches choices, clearing and undo.
    pub on_action: Callback<Action>,
}

/// A grid row.
#[component]
pub fn GridRowView(props: &GridRowViewProps) -> Html {
    let c = &props.control;
    let row = props.row;
    let base = dom_id(props.instance, &[c.id.as_str(), &format!("r{row}")]);
    let title = fill_n(props.lang, &c.rows.label, row + 1);
    let error_id = format!("{base}-error");
    let Some(sentence) = &props.sentence else {
        let missing = c.missing_row.as_ref().and_then(|m| {
            let col = c.column(&m.column)?;
            Some(format!("{}: {}", col.label, col.leaf(&m.value)?.1.label))
        });
        return html! {
            <article class="glossa-grid-row is-missing" id={base.clone()} aria-labelledby={format!("{base}-title")}>
                <h4 class="glossa-grid-row-title" id={format!("{base}-title")}>{title}</h4>
                <p class="glossa-grid-sentence is-missing">{t(props.lang, Msg::MissingSentence)}</p>
                if let Some(m) = missing {
                    <p class="glossa-grid-auto"><span aria-hidden="true">{"✓ "}</span>{m}</p>
                }
            </article>
        };
    };
    let clear = {
        let (on_action, control) = (props.on_action.clone(), Rc::clone(c));
        Callback::from(move |_: MouseEvent| on_action.emit(control.action(GridEdit::ClearRow(row))))
    };
    let undo = {
        let control = Rc::clone(c);
        props
            .on_action
            .reform(move |_: MouseEvent| control.action(GridEdit::Undo))
    };
    let cleared_labels = props.cleared.as_ref().map(|cols| {
        cols.iter()
            .map(|id| c.column(id).map_or(id.clone(), |col| col.label.clone()))
            .collect::<Vec<_>>()
            .join(", ")
    });
    html! {
        <article class={classes!("glossa-grid-row", props.error.is_some().then_some("has-error"))}
            id={base.clone()} aria-labelledby={format!("{base}-title")}>
            <h4 class="glossa-grid-row-title" id={format!("{base}-title")}>{title.clone()}</h4>
            <p class="glossa-grid-sentence">{sentence.clone()}</p>
            <div class="glossa-grid-columns">
                { for c.columns.iter().map(|col| column_view(props, col, &title, &base, &error_id)) }
            </div>
            if let Some(labels) = cleared_labels {
                <p class="glossa-grid-notice" role="status">
                    {tf(props.lang, Msg::ClearedOther, &[("labels", &labels)])}{" "}
                    <button type="button" class="glossa-link-button" onclick={undo}>{t(props.lang, Msg::Undo)}</button>
                </p>
            }
            if let Some(error) = &props.error {
                <p class="glossa-error" id={error_id.clone()} role="alert">{error.clone()}</p>
            }
            if !props.cells.is_empty() && !props.disabled {
                <button type="button" class="glossa-link-button glossa-clear-row" onclick={clear}
                    aria-label={format!("{} — {}", t(props.lang, Msg::ClearRow), title)}>
                    {t(props.lang, Msg::ClearRow)}
                </button>
            }
        </article>
    }
}

/// One column of a row: a radio group (both levels share it, so at most one choice per column).
fn column_view(
    props: &GridRowViewProps,
    col: &GridColumn,
    title: &str,
    base: &str,
    error_id: &str,
) -> Html {
    let c = &props.control;
    let name = format!("{base}-{}", col.id);
    let chosen = props.cells.get(&col.id);
    let option = |o: &GridOption| {
        let (on_action, control, column, value, row) = (
            props.on_action.clone(),
            Rc::clone(c),
            col.id.clone(),
            o.value.clone(),
            props.row,
        );
        let on_choose = Callback::from(move |()| {
            on_action.emit(control.action(GridEdit::Choose {
                row,
                column: column.clone(),
                value: value.clone(),
            }))
        });
        html! {
            <ChoiceOptionView key={o.value.clone()} id={format!("{name}-{}", o.value)} name={name.clone()}
                value={o.value.clone()} label={o.label.clone()}
                description={o.description.clone().map(AttrValue::from)}
                checked={chosen == Some(&o.value)} invalid={props.error.is_some()}
                described_by={props.error.as_ref().map(|_| AttrValue::from(error_id.to_owned()))}
                lang={props.lang} {on_choose} />
        }
    };
    // The missing-sentence option belongs to rows without a sentence only: not offered here.
    let offered = |o: &&GridOption| !is_missing_value(c, &col.id, &o.value);
    html! {
        <fieldset class="glossa-grid-column" disabled={props.disabled}>
            <legend class="glossa-grid-column-label">
                <span>{col.label.clone()}</span>
                <span class="glossa-sr-only">{format!(" — {title}")}</span>
            </legend>
            if let Some(hint) = &col.hint {
                <Markdown source={hint.clone()} class="glossa-hint" />
            }
            <div class="glossa-options">
                { for col.options.iter().filter(offered).map(|o| if o.options.is_empty() {
                    option(o)
                } else {
                    html! {
                        <div class="glossa-category" role="group" aria-label={o.label.clone()} key={o.value.clone()}>
                            <p class="glossa-category-label" aria-hidden="true">{o.label.clone()}</p>
                            if let Some(d) = &o.description {
                                <Markdown source={d.clone()} class="glossa-category-help" />
                            }
                            { for o.options.iter().map(option) }
                        </div>
                    }
                }) }
            </div>
        </fieldset>
    }
}
