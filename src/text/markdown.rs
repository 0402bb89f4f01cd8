//! Safe Markdown: a small subset, parsed into a tree of known elements that the UI renders node
//! by node. Raw HTML in the source stays text; links keep only `http`, `https` and `mailto`
//! targets; images are not supported (nothing is fetched). No HTML string is ever produced.

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
///
/// The subset instructions and definitions use: paragraphs, `#` headings, `-`/`*`/`+` and
/// `1.` lists (one level), `>` quotes, fenced code, `---` rules; inline `**strong**`,
/// `*emphasis*`/`_emphasis_`, `~~strike~~`, `` `code` ``, `[links](https://…)`, backslash
/// escapes and hard breaks (two trailing spaces or a trailing backslash). Everything else —
/// raw HTML included — stays text.
pub fn parse(source: &str) -> Vec<Node> {
    let lines: Vec<&str> = source.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let trimmed = line.trim();
        if trimmed.is_empty() {
            i += 1;
        } else if trimmed.starts_with("```") {
            let mut code = Vec::new();
            i += 1;
            while i < lines.len() && !lines[i].trim().starts_with("```") {
                code.push(lines[i]);
                i += 1;
            }
            i += 1;
            out.push(Node::Element(
                Kind::CodeBlock,
                vec![Node::Text(code.join("\n"))],
            ));
        } else if is_rule(trimmed) {
            out.push(Node::Rule);
            i += 1;
        } else if let Some((level, rest)) = heading(trimmed) {
            out.push(Node::Element(Kind::Heading(level), inline(rest)));
            i += 1;
        } else if trimmed.starts_with('>') {
            let mut quoted = Vec::new();
            while i < lines.len() && lines[i].trim().starts_with('>') {
                quoted.push(lines[i].trim().trim_start_matches('>').trim_start());
                i += 1;
            }
            out.push(Node::Element(Kind::Quote, parse(&quoted.join("\n"))));
        } else if let Some(first) = list_marker(line) {
            let numbered = first.1;
            let mut items: Vec<Vec<String>> = Vec::new();
            while i < lines.len() {
                let l = lines[i];
                match list_marker(l) {
                    Some((rest, n, _)) if n.is_some() == numbered.is_some() => {
                        items.push(vec![rest.to_owned()])
                    }
                    _ if l.trim().is_empty() => {
                        // A blank line ends the list unless another item follows.
                        if i + 1 < lines.len()
                            && list_marker(lines[i + 1])
                                .is_some_and(|m| m.1.is_some() == numbered.is_some())
                        {
                            i += 1;
                            continue;
                        }
                        break;
                    }
                    _ if l.starts_with(' ') || l.starts_with('\t') => {
                        if let Some(last) = items.last_mut() {
                            last.push(l.trim().to_owned());
                        }
                    }
                    _ => break,
                }
                i += 1;
            }
            let kind = match numbered {
                Some(start) => Kind::NumberedList(start),
                None => Kind::List,
            };
            let children = items
                .into_iter()
                .map(|lines| {
                    Node::Element(
                        Kind::ListItem,
                        inline_lines(&lines.iter().map(String::as_str).collect::<Vec<_>>()),
                    )
                })
                .collect();
            out.push(Node::Element(kind, children));
        } else {
            let mut para = Vec::new();
            while i < lines.len() {
                let l = lines[i];
                let t = l.trim();
                if t.is_empty()
                    || t.starts_with("```")
                    || is_rule(t)
                    || heading(t).is_some()
                    || t.starts_with('>')
                    || list_marker(l).is_some()
                {
                    break;
                }
                para.push(l);
                i += 1;
            }
            out.push(Node::Element(Kind::Paragraph, inline_lines(&para)));
        }
    }
    out
}

fn is_rule(t: &str) -> bool {
    t.len() >= 3
        && (t.chars().all(|c| c == '-')
            || t.chars().all(|c| c == '*')
            || t.chars().all(|c| c == '_'))
}

fn heading(t: &str) -> Option<(u8, &str)> {
    let hashes = t.chars().take_while(|&c| c == '#').count();
    let rest = &t[hashes..];
    ((1..=6).contains(&hashes) && (rest.is_empty() || rest.starts_with(' ')))
        .then(|| (hashes as u8, rest.trim()))
}

/// A list item's marker: (text after it, `Some(start)` for a numbered list, indent).
fn list_marker(line: &str) -> Option<(&str, Option<u64>, usize)> {
    let indent = line.len() - line.trim_start().len();
    let t = line.trim_start();
    if indent > 3 {
        return None;
    }
    if let Some(rest) = t
        .strip_prefix("- ")
        .or_else(|| t.strip_prefix("* "))
        .or_else(|| t.strip_prefix("+ "))
    {
        return Some((rest, None, indent));
    }
    let digits = t.chars().take_while(char::is_ascii_digit).count();
    if (1..=9).contains(&digits) {
        let rest = &t[digits..];
        if let Some(after) = rest.strip_prefix(". ").or_else(|| rest.strip_prefix(") ")) {
            return Some((after, t[..digits].parse().ok(), indent));
        }
    }
    None
}

/// Inline content of several lines: soft breaks become spaces; two trailing spaces or a
/// trailing backslash make a hard break.
fn inline_lines(lines: &[&str]) -> Vec<Node> {
    let mut out = Vec::new();
    for (n, line) in lines.iter().enumerate() {
        let hard = line.ends_with("  ") || line.ends_with('\\');
        let text = line.trim_end().trim_end_matches('\\').trim_start();
        for node in inline(text) {
            push_node(&mut out, node);
        }
        if n + 1 < lines.len() {
            push_node(
                &mut out,
                if hard {
                    Node::Break
                } else {
                    Node::Text(" ".into())
                },
            );
        }
    }
    out
}

fn push_node(out: &mut Vec<Node>, node: Node) {
    if let (Node::Text(new), Some(Node::Text(prev))) = (&node, out.last_mut()) {
        prev.push_str(new);
        return;
    }
    out.push(node);
}

/// Inline markup of one line.
fn inline(text: &str) -> Vec<Node> {
    let mut out = Vec::new();
    let mut plain = String::new();
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        let found = match c {
            '\\' => rest[1..]
                .chars()
                .next()
                .filter(|n| n.is_ascii_punctuation())
                .map(|n| {
                    plain.push(n);
                    (None, 1 + n.len_utf8())
                }),
            '`' => {
                delimited(rest, "`").map(|(inner, used)| (Some(Node::Code(inner.to_owned())), used))
            }
            '*' | '_' | '~' => emphasis(rest),
            '[' => link(rest),
            _ => None,
        };
        match found {
            Some((node, used)) => {
                if let Some(node) = node {
                    if !plain.is_empty() {
                        out.push(Node::Text(std::mem::take(&mut plain)));
                    }
                    out.push(node);
                }
                rest = &rest[used..];
            }
            None => {
                plain.push(c);
                rest = &rest[c.len_utf8()..];
            }
        }
    }
    if !plain.is_empty() {
        out.push(Node::Text(plain));
    }
    out
}

/// Text between an opening and the next closing `mark` (not empty, not starting with space).
fn delimited<'a>(s: &'a str, mark: &str) -> Option<(&'a str, usize)> {
    let body = s.strip_prefix(mark)?;
    let end = body.find(mark)?;
    let inner = &body[..end];
    (!inner.is_empty() && !inner.starts_with(' ')).then_some((inner, mark.len() * 2 + end))
}

fn emphasis(s: &str) -> Option<(Option<Node>, usize)> {
    for (mark, kind) in [
        ("**", Kind::Strong),
        ("__", Kind::Strong),
        ("~~", Kind::Strike),
        ("*", Kind::Emphasis),
        ("_", Kind::Emphasis),
    ] {
        if let Some((inner, used)) = delimited(s, mark) {
            if !inner.ends_with(' ') {
                return Some((Some(Node::Element(kind, inline(inner))), used));
            }
        }
    }
    None
}

fn link(s: &str) -> Option<(Option<Node>, usize)> {
    let close = s.find("](")?;
    let text = &s[1..close];
    let after = &s[close + 2..];
    // The target ends at the `)` that balances the `(` (URLs may hold parentheses).
    let mut depth = 0usize;
    let end = after.char_indices().find_map(|(i, c)| match c {
        '(' => {
            depth += 1;
            None
        }
        ')' if depth == 0 => Some(i),
        ')' => {
            depth -= 1;
            None
        }
        _ => None,
    })?;
    let url = after[..end].trim();
    let used = close + 2 + end + 1;
    let children = inline(text);
    let kind = if is_safe_url(url) {
        Kind::Link(url.to_owned())
    } else {
        Kind::Plain
    };
    Some((Some(Node::Element(kind, children)), used))
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
    fn lists_headings_code_quotes_and_breaks() {
        let nodes = parse("Intro *a* **b** ~~c~~ `x<y>`\\\nnext  \nlast\n\n- uno\n  continua\n- due\n\n3. tre\n\n> citato\n\n```\n<b>code</b>\n```\n\n---");
        assert!(
            matches!(&nodes[0], Node::Element(Kind::Paragraph, c) if c.iter().filter(|n| matches!(n, Node::Break)).count() == 2)
        );
        assert!(matches!(&nodes[1], Node::Element(Kind::List, items) if items.len() == 2));
        assert!(matches!(&nodes[2], Node::Element(Kind::NumberedList(3), _)));
        assert!(matches!(&nodes[3], Node::Element(Kind::Quote, _)));
        assert_eq!(
            nodes[4],
            Node::Element(Kind::CodeBlock, vec![Node::Text("<b>code</b>".into())])
        );
        assert_eq!(nodes[5], Node::Rule);
        let mut s = String::new();
        texts(&nodes[1..2], &mut s);
        assert_eq!(s, "uno continuadue");
    }

    #[test]
    fn escapes_and_parenthesised_urls() {
        let nodes = parse("\\*not em\\* [w](https://en.wikipedia.org/wiki/A_(b))");
        let Node::Element(Kind::Paragraph, c) = &nodes[0] else {
            panic!()
        };
        assert_eq!(c[0], Node::Text("*not em* ".into()));
        assert!(
            matches!(&c[1], Node::Element(Kind::Link(u), _) if u == "https://en.wikipedia.org/wiki/A_(b)")
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
