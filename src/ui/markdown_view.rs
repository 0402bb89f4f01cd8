//! `Markdown`: renders the core's safe Markdown tree as elements (never as an HTML string).

use crate::text::markdown::{parse, Kind, Node};
use yew::prelude::*;

/// Props of [`Markdown`].
#[derive(Properties, PartialEq)]
pub struct MarkdownProps {
    /// The Markdown source.
    pub source: AttrValue,
    /// Extra class on the wrapper.
    #[prop_or_default]
    pub class: Classes,
}

/// Markdown text, rendered safely.
#[component]
pub fn Markdown(props: &MarkdownProps) -> Html {
    let nodes = use_memo(props.source.clone(), |s| parse(s));
    html! {
        <div class={classes!("glossa-md", props.class.clone())}>
            { for nodes.iter().map(render) }
        </div>
    }
}

fn render(node: &Node) -> Html {
    match node {
        Node::Text(t) => html! { {t.clone()} },
        Node::Code(t) => html! { <code>{t.clone()}</code> },
        Node::Break => html! { <br/> },
        Node::Rule => html! { <hr/> },
        Node::Element(kind, children) => {
            let inner: Html = children.iter().map(render).collect();
            match kind {
                Kind::Paragraph => html! { <p>{inner}</p> },
                // Headings inside the widget sit below its own title: shift them down.
                Kind::Heading(1) => html! { <h3>{inner}</h3> },
                Kind::Heading(2) => html! { <h4>{inner}</h4> },
                Kind::Heading(3) => html! { <h5>{inner}</h5> },
                Kind::Heading(_) => html! { <h6>{inner}</h6> },
                Kind::Quote => html! { <blockquote>{inner}</blockquote> },
                Kind::CodeBlock => html! { <pre><code>{inner}</code></pre> },
                Kind::List => html! { <ul>{inner}</ul> },
                Kind::NumberedList(start) => html! { <ol start={start.to_string()}>{inner}</ol> },
                Kind::ListItem => html! { <li>{inner}</li> },
                Kind::Emphasis => html! { <em>{inner}</em> },
                Kind::Strong => html! { <strong>{inner}</strong> },
                Kind::Strike => html! { <del>{inner}</del> },
                Kind::Link(href) => html! {
                    <a href={href.clone()} target="_blank" rel="noopener noreferrer">{inner}</a>
                },
                Kind::Plain => inner,
            }
        }
    }
}
