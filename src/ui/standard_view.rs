//! `StandardView`: the fixed standard the answers relate to, with its score.
//! Build family: numbers (the `number` and `full` builds; `scripts/css_for_build.py` reads this line).

use crate::item::mr::{self};
use crate::spec::StandardBlock;
use std::rc::Rc;
use yew::prelude::*;

/// Props of [`StandardView`].
#[derive(Properties, PartialEq)]
pub struct StandardViewProps {
    /// DOM id of the block.
    pub id: AttrValue,
    /// The standard from the spec.
    pub block: Rc<StandardBlock>,
}

/// The standard: meaning representation, text and score.
#[component]
pub fn StandardView(props: &StandardViewProps) -> Html {
    let b = &props.block;
    let label_id = format!("{}-label", props.id);
    let attributes = b
        .meaning_representation
        .as_deref()
        .map(|m| mr::parse(m).unwrap_or_default());
    html! {
        <section class="glossa-block glossa-standard" id={props.id.clone()} aria-labelledby={label_id.clone()}>
            <h3 class="glossa-standard-title" id={label_id}>{b.label.clone()}</h3>
            <div class="glossa-standard-body">
                <div class="glossa-standard-content">
                    if let Some(attrs) = attributes {
                        if let Some(l) = &b.meaning_representation_label {
                            <p class="glossa-block-label">{l.clone()}</p>
                        }
                        <ul class="glossa-chips">
                            { for attrs.iter().map(|a| html! {
                                <li class="glossa-chip">
                                    <span class="glossa-chip-name">{format!("{}: ", a.name)}</span>
                                    <span class="glossa-chip-value">{a.value.clone()}</span>
                                </li>
                            }) }
                        </ul>
                    }
                    if let Some(l) = &b.text_label {
                        <p class="glossa-block-label">{l.clone()}</p>
                    }
                    <p class="glossa-standard-text">{b.text.clone()}</p>
                </div>
                <p class="glossa-standard-score">
                    <span class="glossa-block-label">{b.score_label.clone()}</span>
                    <strong data-testid={format!("{}-score", props.id)}>{b.score}</strong>
                </p>
            </div>
        </section>
    }
}
