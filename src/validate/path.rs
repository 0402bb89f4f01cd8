//! Where an answer problem is: a typed path — the control, then the place inside it — written
//! as the text hosts have always seen (`errors[2].mapping`, `techniky.politik[1].spans[0]`,
//! `qa[2].base_form`, `informativeness.sys-a`). Rules build paths with these constructors, the
//! report is searched by them, and the widget finds the control to focus from the place.

use crate::support::ids::ControlId;
use std::fmt;

/// A place in the answers: a control, and where inside it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnswerPath {
    /// The control the problem is shown next to.
    pub control: ControlId,
    /// Where inside the control.
    pub place: Place,
}

/// Where inside a control.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Place {
    /// The control as a whole (`valutazione`, `poznamka`, `errors`).
    Whole,
    /// One box of a control asked once per output, by output id (`informativeness.sys-a`).
    Output(String),
    /// A grid row, from 0 (`errors[2]`), or one of its cells (`errors[2].mapping`).
    Row {
        /// The row.
        row: usize,
        /// The column, for a cell.
        column: Option<String>,
    },
    /// A span attribute (`techniky.vina`), one entry of a repeatable attribute
    /// (`techniky.politik[1]`), or one span of either (`techniky.vina.spans[0]`).
    Attribute {
        /// The attribute's id.
        attr: String,
        /// The entry, for a repeatable attribute.
        entry: Option<usize>,
        /// The span, for a problem with one span.
        span: Option<usize>,
    },
    /// A question card (`qa[2]`), one part of it (`qa[2].base_form`), or one of its answer
    /// fragments (`qa[2].answer.spans[0]`).
    Question {
        /// The card's position.
        card: usize,
        /// The part.
        part: Option<QuestionPart>,
        /// The fragment, for a problem with one fragment (then `part` is `Answer`).
        span: Option<usize>,
    },
    /// A rule over the whole question list (`qa.count`, `qa.unanswerable`, `qa.skipped`).
    List(ListRule),
}

/// A part of a question card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QuestionPart {
    /// The question's text.
    Question,
    /// Its answer fragments.
    Answer,
    /// Its base form.
    BaseForm,
    /// Its category.
    Category,
    /// Its lexical overlap.
    Overlap,
}

/// A rule over a whole question list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ListRule {
    /// How many questions.
    Count,
    /// Whether one is unanswerable.
    Unanswerable,
    /// The skip reason.
    Skipped,
}

impl QuestionPart {
    /// The part's name in a path (`question`, `answer`, `base_form`, `category`, `overlap`).
    pub fn as_str(self) -> &'static str {
        match self {
            QuestionPart::Question => "question",
            QuestionPart::Answer => "answer",
            QuestionPart::BaseForm => "base_form",
            QuestionPart::Category => "category",
            QuestionPart::Overlap => "overlap",
        }
    }
}

impl ListRule {
    fn as_str(self) -> &'static str {
        match self {
            ListRule::Count => "count",
            ListRule::Unanswerable => "unanswerable",
            ListRule::Skipped => "skipped",
        }
    }
}

impl AnswerPath {
    fn new(control: &ControlId, place: Place) -> Self {
        AnswerPath {
            control: control.clone(),
            place,
        }
    }

    /// The control as a whole.
    pub fn whole(control: &ControlId) -> Self {
        Self::new(control, Place::Whole)
    }

    /// One box: the control's only box (`None`) or the box of an output.
    pub fn output(control: &ControlId, key: Option<&str>) -> Self {
        match key {
            Some(k) => Self::new(control, Place::Output(k.to_owned())),
            None => Self::whole(control),
        }
    }

    /// A grid row.
    pub fn row(control: &ControlId, row: usize) -> Self {
        Self::new(control, Place::Row { row, column: None })
    }

    /// A cell of a grid row (a row path with a column).
    pub fn cell(&self, column: &str) -> Self {
        match &self.place {
            Place::Row { row, .. } => Self::new(
                &self.control,
                Place::Row {
                    row: *row,
                    column: Some(column.to_owned()),
                },
            ),
            _ => self.clone(),
        }
    }

    /// A span attribute, or one entry of a repeatable one.
    pub fn attribute(control: &ControlId, attr: &str, entry: Option<usize>) -> Self {
        Self::new(
            control,
            Place::Attribute {
                attr: attr.to_owned(),
                entry,
                span: None,
            },
        )
    }

    /// A question card.
    pub fn question(control: &ControlId, card: usize) -> Self {
        Self::new(
            control,
            Place::Question {
                card,
                part: None,
                span: None,
            },
        )
    }

    /// A part of a question card (a card path with a part).
    pub fn part(&self, part: QuestionPart) -> Self {
        match &self.place {
            Place::Question { card, .. } => Self::new(
                &self.control,
                Place::Question {
                    card: *card,
                    part: Some(part),
                    span: None,
                },
            ),
            _ => self.clone(),
        }
    }

    /// One span of an attribute or entry, or one fragment of a question's answer.
    pub fn span(&self, index: usize) -> Self {
        let place = match &self.place {
            Place::Attribute { attr, entry, .. } => Place::Attribute {
                attr: attr.clone(),
                entry: *entry,
                span: Some(index),
            },
            Place::Question { card, .. } => Place::Question {
                card: *card,
                part: Some(QuestionPart::Answer),
                span: Some(index),
            },
            other => other.clone(),
        };
        Self::new(&self.control, place)
    }

    /// One link of a relations control (`rel.links[2]`, written as a repeatable attribute's
    /// entry is).
    pub fn link(control: &ControlId, index: usize) -> Self {
        Self::attribute(control, "links", Some(index))
    }

    /// A rule over a whole question list.
    pub fn list(control: &ControlId, rule: ListRule) -> Self {
        Self::new(control, Place::List(rule))
    }

    /// Whether `other` is this place or lies inside it (a cell in its row, a span in its
    /// entry, a part of its card).
    pub fn contains(&self, other: &AnswerPath) -> bool {
        if self.control != other.control {
            return false;
        }
        match (&self.place, &other.place) {
            (Place::Whole, _) => true,
            (Place::Row { row, column: None }, Place::Row { row: r, .. }) => row == r,
            (
                Place::Attribute {
                    attr,
                    entry,
                    span: None,
                },
                Place::Attribute {
                    attr: a, entry: e, ..
                },
            ) => attr == a && (entry.is_none() || entry == e),
            (
                Place::Question {
                    card, part: None, ..
                },
                Place::Question { card: c, .. },
            ) => card == c,
            (
                Place::Question {
                    card,
                    part: Some(p),
                    span: None,
                },
                Place::Question {
                    card: c,
                    part: Some(q),
                    ..
                },
            ) => card == c && p == q,
            (a, b) => a == b,
        }
    }
}

impl fmt::Display for AnswerPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.control)?;
        match &self.place {
            Place::Whole => Ok(()),
            Place::Output(key) => write!(f, ".{key}"),
            Place::Row { row, column } => {
                write!(f, "[{row}]")?;
                match column {
                    Some(c) => write!(f, ".{c}"),
                    None => Ok(()),
                }
            }
            Place::Attribute { attr, entry, span } => {
                write!(f, ".{attr}")?;
                if let Some(e) = entry {
                    write!(f, "[{e}]")?;
                }
                match span {
                    Some(s) => write!(f, ".spans[{s}]"),
                    None => Ok(()),
                }
            }
            Place::Question { card, part, span } => {
                write!(f, "[{card}]")?;
                if let Some(p) = part {
                    write!(f, ".{}", p.as_str())?;
                }
                match span {
                    Some(s) => write!(f, ".spans[{s}]"),
                    None => Ok(()),
                }
            }
            Place::List(rule) => write!(f, ".{}", rule.as_str()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(s: &str) -> ControlId {
        ControlId::from(s)
    }

    #[test]
    fn every_place_writes_the_text_hosts_have_always_seen() {
        let qa = AnswerPath::question(&id("qa"), 2);
        let politik = AnswerPath::attribute(&id("techniky"), "politik", Some(1));
        let cases = [
            (AnswerPath::whole(&id("valutazione")), "valutazione"),
            (
                AnswerPath::output(&id("informativeness"), Some("sys-a")),
                "informativeness.sys-a",
            ),
            (AnswerPath::output(&id("n"), None), "n"),
            (AnswerPath::row(&id("errors"), 2), "errors[2]"),
            (
                AnswerPath::row(&id("errors"), 2).cell("mapping"),
                "errors[2].mapping",
            ),
            (
                AnswerPath::attribute(&id("techniky"), "vina", None),
                "techniky.vina",
            ),
            (politik.clone(), "techniky.politik[1]"),
            (politik.span(0), "techniky.politik[1].spans[0]"),
            (
                AnswerPath::attribute(&id("techniky"), "vina", None).span(3),
                "techniky.vina.spans[3]",
            ),
            (qa.clone(), "qa[2]"),
            (qa.part(QuestionPart::BaseForm), "qa[2].base_form"),
            (
                qa.part(QuestionPart::Answer).span(1),
                "qa[2].answer.spans[1]",
            ),
            (AnswerPath::list(&id("qa"), ListRule::Count), "qa.count"),
            (AnswerPath::link(&id("rel"), 2), "rel.links[2]"),
            (
                AnswerPath::list(&id("qa"), ListRule::Unanswerable),
                "qa.unanswerable",
            ),
            (AnswerPath::list(&id("qa"), ListRule::Skipped), "qa.skipped"),
        ];
        for (path, text) in cases {
            assert_eq!(path.to_string(), text);
        }
    }

    #[test]
    fn a_place_contains_what_lies_inside_it_and_nothing_else() {
        let row = AnswerPath::row(&id("errors"), 2);
        assert!(row.contains(&row.cell("mapping")));
        assert!(row.contains(&row));
        assert!(
            !row.contains(&AnswerPath::row(&id("errors"), 12)),
            "errors[2] is no prefix of errors[12]"
        );
        let card = AnswerPath::question(&id("qa"), 1);
        let answer = card.part(QuestionPart::Answer);
        assert!(card.contains(&answer.span(0)));
        assert!(answer.contains(&answer.span(0)));
        assert!(!answer.contains(&card.part(QuestionPart::Question)));
        let vina = AnswerPath::attribute(&id("techniky"), "vina", None);
        assert!(vina.contains(&vina.span(2)));
        assert!(!vina.contains(&AnswerPath::attribute(&id("techniky"), "vinaX", None)));
        assert!(
            AnswerPath::whole(&id("qa")).contains(&AnswerPath::list(&id("qa"), ListRule::Count))
        );
        assert!(!AnswerPath::whole(&id("qa")).contains(&AnswerPath::whole(&id("qb"))));
    }
}
