//! brat's standoff annotations (`.ann`): each line read into what it says — text-bound
//! annotations (`T`), relations (`R`), equivalences (`*`, brat's coreference chains), events
//! (`E`), attributes (`A`, and the older `M`), normalizations (`N`) and notes (`#`) — and
//! written back as it was, byte for byte (`tests/brat.rs`, on brat's own examples).
//!
//! Offsets are brat's: characters of the document's `.txt` (Unicode scalar values, as Python
//! counts them), end exclusive. What follows a line's last field as brat writes it (the tab some
//! tools leave after a relation, the space after an event without arguments) is kept as the
//! line's `tail`. A line brat would not read (a blank line, a malformed one) is kept as it is.

/// One line of a `.ann` file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// `T1\tPER 0 4;6 9\ttext`: a span (one or more fragments) with its label and its text.
    Text {
        /// `T1`.
        id: String,
        /// The label (brat's entity or event-trigger type).
        label: String,
        /// The fragments, each `(start, end)` in characters, end exclusive.
        fragments: Vec<(usize, usize)>,
        /// The text of the fragments, as the file gives it (fragments joined by a space).
        text: String,
    },
    /// `R1\tworks_for Arg1:T1 Arg2:T2`: a relation and its arguments, in order.
    Relation {
        /// `R1`.
        id: String,
        /// The relation's type.
        label: String,
        /// `(role, target id)`, in order (`Arg1`, `Arg2`).
        args: Vec<(String, String)>,
        /// What follows the last argument.
        tail: String,
    },
    /// `*\tCoref T1 T2 T3`: the annotations that are one (a chain), without an id.
    Equiv {
        /// The equivalence's type.
        label: String,
        /// The members' ids, in order.
        members: Vec<String>,
        /// What follows the last member.
        tail: String,
    },
    /// `E1\tType:T3 Role:T1`: an event, its trigger and its arguments.
    Event {
        /// `E1`.
        id: String,
        /// The event's type.
        label: String,
        /// The trigger's id (a `T`).
        trigger: String,
        /// `(role, target id)`, in order.
        args: Vec<(String, String)>,
        /// What follows the last argument.
        tail: String,
    },
    /// `A1\tNegated E1` or `A2\tConfidence E1 High` (`M1`: brat's older modifier).
    Attribute {
        /// `A1` or `M1`.
        id: String,
        /// The attribute's name.
        name: String,
        /// The id of what it qualifies.
        target: String,
        /// Its value (none: a binary attribute).
        value: Option<String>,
        /// What follows the last field.
        tail: String,
    },
    /// `N1\tReference T5 Wikipedia:64488\tCarlos Salinas de Gortari`.
    Normalization {
        /// `N1`.
        id: String,
        /// Its type (`Reference`).
        label: String,
        /// The id of what it normalises.
        target: String,
        /// `resource:id`.
        reference: String,
        /// The entry's text.
        text: String,
    },
    /// `#1\tAnnotatorNotes T1\tthe note`.
    Note {
        /// `#1`.
        id: String,
        /// Its type (`AnnotatorNotes`).
        label: String,
        /// The id of what it is about.
        target: String,
        /// The note.
        text: String,
    },
    /// A line brat would not read, kept as it is.
    Other(String),
}

/// A `.ann` file: its lines, and whether the last one ends with a newline.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Standoff {
    /// The lines, in the file's order.
    pub lines: Vec<Line>,
    /// Whether the file ends with a newline.
    pub final_newline: bool,
}

/// A `.ann` file's text read, line by line.
pub fn read(text: &str) -> Standoff {
    let final_newline = text.ends_with('\n');
    let body = text.strip_suffix('\n').unwrap_or(text);
    let lines = if text.is_empty() {
        Vec::new()
    } else {
        body.split('\n')
            .map(|l| line(l).unwrap_or_else(|| Line::Other(l.to_owned())))
            .collect()
    };
    Standoff {
        lines,
        final_newline,
    }
}

/// The file's text: each line as brat writes it, its `tail` after it.
pub fn write(s: &Standoff) -> String {
    let mut out = s.lines.iter().map(written).collect::<Vec<_>>().join("\n");
    if s.final_newline {
        out.push('\n');
    }
    out
}

/// One line's text.
pub fn written(line: &Line) -> String {
    let pairs = |args: &[(String, String)]| {
        args.iter()
            .map(|(r, t)| format!(" {r}:{t}"))
            .collect::<String>()
    };
    match line {
        Line::Text {
            id,
            label,
            fragments,
            text,
        } => {
            let spans: Vec<String> = fragments.iter().map(|(a, b)| format!("{a} {b}")).collect();
            format!("{id}\t{label} {}\t{text}", spans.join(";"))
        }
        Line::Relation {
            id,
            label,
            args,
            tail,
        } => format!("{id}\t{label}{}{tail}", pairs(args)),
        Line::Equiv {
            label,
            members,
            tail,
        } => format!("*\t{label} {}{tail}", members.join(" ")),
        Line::Event {
            id,
            label,
            trigger,
            args,
            tail,
        } => {
            format!("{id}\t{label}:{trigger}{}{tail}", pairs(args))
        }
        Line::Attribute {
            id,
            name,
            target,
            value,
            tail,
        } => match value {
            Some(v) => format!("{id}\t{name} {target} {v}{tail}"),
            None => format!("{id}\t{name} {target}{tail}"),
        },
        Line::Normalization {
            id,
            label,
            target,
            reference,
            text,
        } => {
            format!("{id}\t{label} {target} {reference}\t{text}")
        }
        Line::Note {
            id,
            label,
            target,
            text,
        } => format!("{id}\t{label} {target}\t{text}"),
        Line::Other(raw) => raw.clone(),
    }
}

/// A line read (none: not a line brat reads; it is kept as written).
fn line(raw: &str) -> Option<Line> {
    let (id, rest) = raw.split_once('\t')?;
    let kind = id.chars().next()?;
    let numbered = id.len() > 1
        && id[1..]
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
    if !(numbered || id == "*") {
        return None;
    }
    // The fields after the id: the annotation, then (T, N, #) a text; spaces and a tab left
    // after the annotation's last field are its tail.
    let (fields, text) = match rest.split_once('\t') {
        Some((f, t)) => (f, Some(t)),
        None => (rest, None),
    };
    let words = fields.trim_end_matches(' ');
    let tail = || {
        let spaces = &fields[words.len()..];
        text.map_or_else(|| spaces.to_owned(), |t| format!("{spaces}\t{t}"))
    };
    let mut parts = words.split(' ');
    let first = parts.next()?.to_owned();
    let rest: Vec<&str> = parts.collect();
    if rest.iter().any(|w| w.is_empty()) {
        return None;
    }
    let roles = |ws: &[&str]| -> Option<Vec<(String, String)>> {
        ws.iter()
            .map(|w| w.split_once(':').map(|(r, t)| (r.to_owned(), t.to_owned())))
            .collect()
    };
    let parsed = match kind {
        'T' if id != "*" => {
            let text = text?.to_owned();
            let spans = rest.join(" ");
            let fragments = spans
                .split(';')
                .map(|f| {
                    let (a, b) = f.split_once(' ')?;
                    Some((a.parse().ok()?, b.parse().ok()?))
                })
                .collect::<Option<Vec<(usize, usize)>>>()?;
            Line::Text {
                id: id.to_owned(),
                label: first,
                fragments,
                text,
            }
        }
        'R' => Line::Relation {
            id: id.to_owned(),
            label: first,
            args: roles(&rest)?,
            tail: tail(),
        },
        '*' => Line::Equiv {
            label: first,
            members: rest.iter().map(|m| (*m).to_owned()).collect(),
            tail: tail(),
        },
        'E' => {
            let (label, trigger) = first.split_once(':')?;
            Line::Event {
                id: id.to_owned(),
                label: label.to_owned(),
                trigger: trigger.to_owned(),
                args: roles(&rest)?,
                tail: tail(),
            }
        }
        'A' | 'M' => match rest.as_slice() {
            [target] => Line::Attribute {
                id: id.to_owned(),
                name: first,
                target: (*target).to_owned(),
                value: None,
                tail: tail(),
            },
            [target, value] => Line::Attribute {
                id: id.to_owned(),
                name: first,
                target: (*target).to_owned(),
                value: Some((*value).to_owned()),
                tail: tail(),
            },
            _ => return None,
        },
        'N' => match rest.as_slice() {
            [target, reference] if fields.len() == words.len() => Line::Normalization {
                id: id.to_owned(),
                label: first,
                target: (*target).to_owned(),
                reference: (*reference).to_owned(),
                text: text?.to_owned(),
            },
            _ => return None,
        },
        '#' => match rest.as_slice() {
            [target] if fields.len() == words.len() => Line::Note {
                id: id.to_owned(),
                label: first,
                target: (*target).to_owned(),
                text: text?.to_owned(),
            },
            _ => return None,
        },
        _ => return None,
    };
    // (Only what writes back as it was is read: anything else is kept whole.)
    (written(&parsed) == raw).then_some(parsed)
}
