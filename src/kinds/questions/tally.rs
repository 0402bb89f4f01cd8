//! `TallyView`: the annotator's running proportions of question categories and unanswerable
//! questions across the items done in this session, beside the manual's targets.

use crate::i18n::{t, tf, Lang, Msg};
use crate::spec::QuestionsControl;
use crate::task::authoring::Tally;
use std::rc::Rc;
use yew::prelude::*;

/// Props of [`TallyView`].
#[derive(Properties, PartialEq)]
pub struct TallyViewProps {
    /// The questions control (categories and targets).
    pub control: Rc<QuestionsControl>,
    /// Submitted items plus this one.
    pub tally: Tally,
    /// UI language.
    pub lang: Lang,
}

/// A target share with at most one decimal, in the language's way (`6.5 %`, `6,5 %`),
/// without float formatting (which would add its machinery to the bundle).
fn share(p: f64, lang: Lang) -> String {
    let tenths = (p * 10.0).round() as u32;
    let comma = crate::i18n::t(lang, Msg::DecimalPoint);
    let whole = crate::i18n::number(lang, tenths / 10);
    match tenths % 10 {
        0 => format!("{whole} %"),
        d => format!("{whole}{comma}{} %", crate::i18n::number(lang, d)),
    }
}

/// The proportions table (a closed panel to begin with).
#[component]
pub fn TallyView(props: &TallyViewProps) -> Html {
    let (c, tally, lang) = (&props.control, &props.tally, props.lang);
    let pct = |part: u32| format!("{} %", Tally::percent(part, tally.questions));
    let answerable = tally.questions - tally.unanswerable;
    let balance = tf(
        lang,
        Msg::TallyYesNoBalance,
        &[
            (
                "a",
                &Tally::percent(tally.yes_no - tally.yes_no_unanswerable, answerable).to_string(),
            ),
            (
                "b",
                &Tally::percent(tally.yes_no_unanswerable, tally.unanswerable).to_string(),
            ),
        ],
    );
    let note = tf(
        lang,
        Msg::TallyNote,
        &[
            ("questions", &tally.questions.to_string()),
            ("items", &(tally.items + 1).to_string()),
        ],
    );
    html! {
        <details class="glossa-panel glossa-tally">
            <summary>{t(lang, Msg::TallyTitle)}</summary>
            <p class="glossa-tally-note">{note}</p>
            <table class="glossa-tally-table">
                <thead>
                    <tr><th scope="col"></th><th scope="col">{t(lang, Msg::TallyYours)}</th><th scope="col">{t(lang, Msg::TallyTarget)}</th></tr>
                </thead>
                <tbody>
                    <tr>
                        <th scope="row">{t(lang, Msg::Unanswerable)}</th>
                        <td>{pct(tally.unanswerable)}</td>
                        <td>{format!("{} %", c.unanswerable_share)}</td>
                    </tr>
                    { for c.categories.iter().map(|cat| html! {
                        <tr>
                            <th scope="row">{cat.label.clone()}</th>
                            <td>{pct(tally.categories.get(&cat.value).copied().unwrap_or(0))}</td>
                            <td>{cat.share.map(|p| share(p.0, lang)).unwrap_or_default()}</td>
                        </tr>
                    }) }
                </tbody>
            </table>
            <p class="glossa-tally-note">{balance}</p>
        </details>
    }
}
