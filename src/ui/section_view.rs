//! `SectionView`: one section of the screen — a heading (an output's label, `Translation 2`,
//! in a section asked per output), the output's text unless a span control there shows it,
//! then the section's controls.
//! Build family: compose (the builds with sections; `scripts/css_for_build.py` reads this line).

use yew::prelude::*;

/// Props of [`SectionView`].
#[derive(Properties, PartialEq)]
pub struct SectionViewProps {
    /// DOM id of the section (its heading is `{id}-label`, its text `{id}-text`).
    pub id: AttrValue,
    /// The heading.
    #[prop_or_default]
    pub heading: Option<AttrValue>,
    /// The output this section is about (`data-output-id`), if any.
    #[prop_or_default]
    pub output: Option<AttrValue>,
    /// A dialogue's turn: its speaker's id (`data-speaker`, for the page's styles).
    #[prop_or_default]
    pub speaker: Option<AttrValue>,
    /// A dialogue's turn shown as context: the section asks nothing about it.
    #[prop_or_default]
    pub context: bool,
    /// The output's text, when no control of the section shows it.
    #[prop_or_default]
    pub text: Option<AttrValue>,
    /// The controls.
    #[prop_or_default]
    pub children: Html,
}

/// A section with its controls.
#[component]
pub fn SectionView(props: &SectionViewProps) -> Html {
    let label_id = format!("{}-label", props.id);
    let labelled = props.heading.as_ref().map(|_| label_id.clone());
    let class = classes!(
        "glossa-block",
        "glossa-section",
        props.speaker.as_ref().map(|_| "glossa-turn"),
        props.context.then_some("glossa-turn-context")
    );
    html! {
        <section {class} id={props.id.clone()} aria-labelledby={labelled}
            data-output-id={props.output.clone()} data-speaker={props.speaker.clone()}>
            if let Some(heading) = &props.heading {
                <h3 class="glossa-block-label glossa-section-title" id={label_id}>{heading.clone()}</h3>
            }
            if let Some(text) = &props.text {
                <div class="glossa-block-text glossa-section-text" data-testid={format!("{}-text", props.id)}>{text.clone()}</div>
            }
            { props.children.clone() }
        </section>
    }
}
