//! `GridView`: a grid control — one `GridRowView` card per row.

use super::row_view::GridRowView;
use crate::ui::markdown_view::Markdown;
use crate::form::{Action, FormState};
use crate::i18n::{fill_n, t, Lang, Msg};
use crate::spec::GridControl;
use crate::support::ids::dom_id;
use super::rows as grid;
use crate::validate::{AnswerPath, Report};
use std::rc::Rc;
use yew::prelude::*;

/// Props of [`GridView`].
#[derive(Properties, PartialEq)]
pub struct GridViewProps {
    /// The widget instance (for DOM ids).
    pub instance: u32,
    /// The grid.
    pub control: Rc<GridControl>,
    /// The rows: the sentence, or `None` for a missing one.
    pub rows: Rc<Vec<Option<String>>>,
    /// Sentences beyond the rows (too many sentences): shown, flagged, not rated.
    #[prop_or_default]
    pub extra: Rc<Vec<String>>,
    /// The form.
    pub form: Rc<FormState>,
    /// The current report.
    pub report: Rc<Report>,
    /// UI language.
    pub lang: Lang,
    /// Dispatches actions.
    pub on_action: Callback<Action>,
}

/// A grid question.
#[component]
pub fn GridView(props: &GridViewProps) -> Html {
    let c = &props.control;
    let answer = props.form.answers.get(&c.id);
    let cells = grid::cells(answer);
    html! {
        <fieldset class="glossa-control glossa-grid" id={dom_id(props.instance, &[c.id.as_str()])}>
            <legend class="glossa-control-label">{c.label.clone()}</legend>
            if let Some(help) = &c.help {
                <Markdown source={help.clone()} class="glossa-help" />
            }
            { for props.rows.iter().enumerate().map(|(row, sentence)| {
                let path = AnswerPath::row(&c.id, row);
                let error = props.form.submit_attempted.then(|| {
                    props.report.within(&path).next()
                        .map(|p| AttrValue::from(p.message(props.lang)))
                }).flatten().filter(|_| !props.form.submitted);
                let cleared = props.form.grid_notice.as_ref()
                    .filter(|n| n.control == c.id && n.row == row)
                    .map(|n| n.cleared.clone());
                html! {
                    <GridRowView key={row} instance={props.instance} control={Rc::clone(c)} {row}
                        sentence={sentence.clone()} cells={cells.get(&row).cloned().unwrap_or_default()}
                        {error} {cleared} disabled={props.form.submitted} lang={props.lang}
                        on_action={props.on_action.clone()} />
                }
            }) }
            { for props.extra.iter().enumerate().map(|(n, sentence)| {
                let number = props.rows.len() + n + 1;
                let id = dom_id(props.instance, &[c.id.as_str(), &format!("x{number}")]);
                html! {
                    <article class="glossa-grid-row glossa-grid-extra" key={format!("x{number}")}
                        id={id.clone()} aria-labelledby={format!("{id}-title")}>
                        <h4 class="glossa-grid-row-title" id={format!("{id}-title")}>
                            {fill_n(props.lang, &c.rows.label, number)}
                        </h4>
                        <p class="glossa-grid-sentence">{sentence.clone()}</p>
                        <p class="glossa-grid-extra-flag" role="note">{t(props.lang, Msg::GridExtraSentence)}</p>
                    </article>
                }
            }) }
        </fieldset>
    }
}

impl crate::ui::kind_view::KindView for GridControl {
    fn view(&self, cx: &crate::ui::kind_view::ViewContext) -> Html {
        let item = &cx.task.item;
        html! {
            <GridView instance={cx.instance} control={Rc::new(self.clone())}
                rows={Rc::new(grid::rows(self, item))} extra={Rc::new(grid::extra_sentences(self, item))}
                form={Rc::clone(cx.form)} report={Rc::clone(cx.report)} lang={cx.lang}
                on_action={cx.actions.now.clone()} />
        }
    }

    /// The row's first choice (the first row for a problem of the whole grid).
    fn focus_problem(&self, instance: u32, _: &crate::ui::Model, place: &crate::validate::Place) {
        let row = match place {
            crate::validate::Place::Row { row, .. } => *row,
            _ => 0,
        };
        let row_id = dom_id(instance, &[self.id.as_str(), &format!("r{row}")]);
        crate::ui::focus::focus_selector(&format!("#{row_id} input:not(:disabled)"));
    }

    fn example(&self, value: &serde_json::Value, _: &crate::item::Item, lang: Lang) -> Html {
        html! {
            <ol class="glossa-example-scores">
                { for value.as_array().into_iter().flatten().enumerate().map(|(n, row)| {
                    let labels: Vec<String> = row.as_object().into_iter().flatten().map(|(col, v)| {
                        let v = v.as_str().unwrap_or_default();
                        let column = self.column(col);
                        let leaf = column.and_then(|c| c.leaf(v)).map_or(v.to_owned(), |(_, l)| l.label.clone());
                        format!("{}: {leaf}", column.map_or(col.as_str(), |c| c.label.as_str()))
                    }).collect();
                    html! {
                        <li>
                            <span class="glossa-output-label">{fill_n(lang, &self.rows.label, n + 1)}</span>
                            {": "}<strong>{labels.join("; ")}</strong>
                        </li>
                    }
                }) }
            </ol>
        }
    }
}
