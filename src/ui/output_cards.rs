//! `output_cards`: the outputs a control asks about, each as a card with its label (`Summary 2`)
//! and text, and the control's own input for it (a number box, a row of points); the message
//! beside one box; and a worked example's values per output.
//! Build family: numbers, ratings (the builds with controls asked per output; `scripts/css_for_build.py` reads this line).

use crate::form::FormState;
use crate::i18n::{fill, fill_n, Lang};
use crate::item::Output;
use crate::support::ids::ControlId;
use crate::validate::{box_path, Report};
use yew::prelude::*;

/// The message beside one box (`key` = output id, `None` for the control's only one), once its
/// problems show.
pub fn box_error(
    form: &FormState,
    report: &Report,
    control: &ControlId,
    key: Option<&str>,
    lang: Lang,
) -> Option<AttrValue> {
    let path = box_path(control, key);
    form.shows_problems_at(&path)
        .then(|| report.at(&path).map(|p| AttrValue::from(p.message(lang))))
        .flatten()
}

/// The cards: `one(output id, accessible name)` renders each output's input; `class` is added to
/// the list (`glossa-rated-outputs` stacks the cards).
pub fn output_cards(
    outputs: &[Output],
    label: &str,
    question: &str,
    class: Option<&'static str>,
    one: impl Fn(&str, String) -> Html,
) -> Html {
    html! {
        <div class={classes!("glossa-outputs", class)}>
            { for outputs.iter().enumerate().map(|(n, o)| {
                let heading = fill(label, &[("n", &(n + 1).to_string())]);
                let name = format!("{question} — {heading}");
                // (An output that is media shows its player or image where its text would be.)
                let shown = super::media_view::output_media(o, &heading).unwrap_or_else(|| html! {
                    <p class="glossa-output-text">{o.text.clone()}</p>
                });
                html! {
                    <article class="glossa-output" key={o.id.clone()} data-output-id={o.id.clone()}>
                        <h4 class="glossa-output-label">{heading}</h4>
                        {shown}
                        { one(&o.id, name) }
                    </article>
                }
            }) }
        </div>
    }
}

/// A control asked once or once per output: its fieldset (`class`, `id`) with its label as
/// the legend and its help, then `one(None, label)`, or when `outputs` (the outputs shown and
/// their label) are given, a card each with `one(Some(output id), accessible name)`.
pub fn per_output_fieldset(
    class: &'static str,
    id: String,
    label: &str,
    help: Option<&String>,
    outputs: Option<(&[Output], &str)>,
    one: impl Fn(Option<&str>, String) -> Html,
) -> Html {
    html! {
        <fieldset class={classes!("glossa-control", class)} {id}>
            <legend class="glossa-control-label">{label.to_owned()}</legend>
            if let Some(help) = help {
                <super::markdown_view::Markdown source={help.clone()} class="glossa-help" />
            }
            if let Some((shown, output_label)) = outputs {
                { output_cards(shown, output_label, label, Some("glossa-rated-outputs"), |id, name| one(Some(id), name)) }
            } else {
                { one(None, label.to_owned()) }
            }
        </fieldset>
    }
}

/// A worked example's points as the annotator reads them: each output's text and its point, or
/// the single point.
pub fn example_points(
    outputs: Option<&crate::spec::OutputsSource>,
    value: &serde_json::Value,
    item: &crate::item::Item,
    lang: Lang,
) -> Html {
    match outputs {
        Some(src) => html! {
            <ol class="glossa-example-scores">
                { for item.outputs(src.field.as_str()).iter().enumerate().map(|(n, o)| html! {
                    <li>
                        <span class="glossa-output-label">{fill_n(lang, &src.label, n + 1)}</span>
                        {": "}<q>{o.text.clone()}</q>{" → "}
                        <strong>{value.get(&o.id).map(|v| v.to_string().trim_matches('"').to_owned()).unwrap_or_default()}</strong>
                    </li>
                }) }
            </ol>
        },
        None => html! { <strong>{value.to_string().trim_matches('"').to_owned()}</strong> },
    }
}
