//! Safe Markdown: parsed into a small tree of known elements that the UI renders node by node.
//! Raw HTML in the source becomes text; links keep only `http`, `https` and `mailto` targets;
//! images show their alt text (nothing is fetched). No HTML string is ever produced.

use pulldown_cmark::{Event, Options, Parser, Tag};

/// An element the renderer knows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A paragraph.
    Paragraph,
    /// A heading of level 1-6.
    Heading(u8),
    /// A block quote.
    Quote,
    /// A code block.
    CodeBlock,
    /// A bulleted list.
    List,
    /// A numbered list starting at the number given.
    NumberedList(u64),
    /// A list item.
    ListItem,
    /// Emphasis.
    Emphasis,
    /// Strong emphasis.
    Strong,
    /// Strikethrough.
    Strike,
    /// A link to a safe target.
    Link(String),
    /// Any other container: its children are shown, the container itself is not.
    Plain,
}

/// A node of the tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Node {
    /// An element with children.
    Element(Kind, Vec<Node>),
    /// Text, shown as text.
    Text(String),
    /// Inline code.
    Code(String),
    /// A line break.
    Break,
    /// A horizontal rule.
    Rule,
}

/// Parses Markdown into a list of top-level nodes.
pub fn parse(source: &str) -> Vec<Node> {
    let mut stack: Vec<(Kind, Vec<Node>)> = vec![(Kind::Plain, Vec::new())];
    for event in Parser::new_ext(source, Options::ENABLE_STRIKETHROUGH) {
        match event {
            Event::Start(tag) => stack.push((kind_of(&tag), Vec::new())),
            Event::End(_) => {
                if stack.len() > 1 {
                    let (kind, children) = stack.pop().expect("stack has a parent");
                    push(&mut stack, Node::Element(kind, children));
                }
            }
            Event::Text(t) | Event::Html(t) | Event::InlineHtml(t) => {
                push(&mut stack, Node::Text(t.into_string()))
            }
            Event::InlineMath(t) | Event::DisplayMath(t) => {
                push(&mut stack, Node::Code(t.into_string()))
            }
            Event::Code(t) => push(&mut stack, Node::Code(t.into_string())),
            Event::SoftBreak => push(&mut stack, Node::Text(" ".into())),
            Event::HardBreak => push(&mut stack, Node::Break),
            Event::Rule => push(&mut stack, Node::Rule),
            Event::FootnoteReference(t) => push(&mut stack, Node::Text(format!("[{t}]"))),
            Event::TaskListMarker(done) => push(
                &mut stack,
                Node::Text(if done { "☑ " } else { "☐ " }.into()),
            ),
        }
    }
    while stack.len() > 1 {
        let (kind, children) = stack.pop().expect("stack has a parent");
        push(&mut stack, Node::Element(kind, children));
    }
    stack.pop().map(|(_, nodes)| nodes).unwrap_or_default()
}

fn push(stack: &mut [(Kind, Vec<Node>)], node: Node) {
    if let Some((_, children)) = stack.last_mut() {
        // Merge adjacent texts so raw HTML split into pieces reads as one text.
        if let (Node::Text(new), Some(Node::Text(prev))) = (&node, children.last_mut()) {
            prev.push_str(new);
            return;
        }
        children.push(node);
    }
}

fn kind_of(tag: &Tag<'_>) -> Kind {
    match tag {
        Tag::Paragraph => Kind::Paragraph,
        Tag::Heading { level, .. } => Kind::Heading(*level as u8),
        Tag::BlockQuote(_) => Kind::Quote,
        Tag::CodeBlock(_) => Kind::CodeBlock,
        Tag::List(None) => Kind::List,
        Tag::List(Some(start)) => Kind::NumberedList(*start),
        Tag::Item => Kind::ListItem,
        Tag::Emphasis => Kind::Emphasis,
        Tag::Strong => Kind::Strong,
        Tag::Strikethrough => Kind::Strike,
        Tag::Link { dest_url, .. } if is_safe_url(dest_url) => Kind::Link(dest_url.to_string()),
        _ => Kind::Plain,
    }
}

/// Only absolute `http`, `https` and `mailto` links are kept.
pub fn is_safe_url(url: &str) -> bool {
    let lower = url.trim_start().to_ascii_lowercase();
    ["https://", "http://", "mailto:"]
        .iter()
        .any(|p| lower.starts_with(p))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(nodes: &[Node], out: &mut String) {
        for n in nodes {
            match n {
                Node::Element(_, c) => texts(c, out),
                Node::Text(t) | Node::Code(t) => out.push_str(t),
                _ => {}
            }
        }
    }

    #[test]
    fn raw_html_is_text() {
        let nodes = parse("Ciao <img src=x onerror=alert(1)> e <script>alert(2)</script>");
        let mut s = String::new();
        texts(&nodes, &mut s);
        assert!(s.contains("<img src=x onerror=alert(1)>"), "{s}");
        assert!(s.contains("<script>alert(2)</script>"), "{s}");
    }

    #[test]
    fn unsafe_links_lose_their_target() {
        let nodes = parse("[a](javascript:alert(1)) [b](https://example.org)");
        let Node::Element(Kind::Paragraph, children) = &nodes[0] else {
            panic!("{nodes:?}")
        };
        assert!(matches!(&children[0], Node::Element(Kind::Plain, _)));
        assert!(
            matches!(&children[2], Node::Element(Kind::Link(u), _) if u == "https://example.org")
        );
    }

    #[test]
    fn structure_is_kept() {
        let nodes = parse("# T\n\n1. **uno**\n2. *due*\n");
        assert!(matches!(&nodes[0], Node::Element(Kind::Heading(1), _)));
        assert!(
            matches!(&nodes[1], Node::Element(Kind::NumberedList(1), items) if items.len() == 2)
        );
    }
}
