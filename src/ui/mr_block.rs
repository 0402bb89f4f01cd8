//! `MrBlock`: a meaning representation as attribute chips (`name: Cocum`), highlighted
//! attributes set apart by colour, weight and a screen-reader note.
//! Build family: numbers (the `number` and `full` builds; `scripts/css_for_build.py` reads this line).

use crate::i18n::{t, Lang, Msg};
use crate::item::mr::Attribute;
use yew::prelude::*;

/// Props of [`MrBlock`].
#[derive(Properties, PartialEq)]
pub struct MrBlockProps {
    /// DOM id of the block.
    pub id: AttrValue,
    /// The label above the chips.
    pub label: AttrValue,
    /// The attributes, in order.
    pub attributes: Vec<Attribute>,
    /// Names of the attributes to highlight.
    #[prop_or_default]
    pub highlight: Vec<String>,
    /// UI language.
    pub lang: Lang,
}

/// A meaning representation.
#[component]
pub fn MrBlock(props: &MrBlockProps) -> Html {
    let label_id = format!("{}-label", props.id);
    html! {
        <section class="glossa-block glossa-mr" id={props.id.clone()} aria-labelledby={label_id.clone()}>
            <h3 class="glossa-block-label" id={label_id}>{props.label.clone()}</h3>
            <ul class="glossa-chips">
                { for props.attributes.iter().map(|a| {
                    let hot = props.highlight.contains(&a.name);
                    html! {
                        <li class={classes!("glossa-chip", hot.then_some("is-highlighted"))}>
                            <span class="glossa-chip-name">{format!("{}: ", a.name)}</span>
                            <span class="glossa-chip-value">{a.value.clone()}</span>
                            if hot {
                                <span class="glossa-sr-only">{format!(" ({})", t(props.lang, Msg::Highlighted))}</span>
                            }
                        </li>
                    }
                }) }
            </ul>
        </section>
    }
}
