//! Rule `link_count`: a `relations` control has between `min` and `max` links.

use super::spec::RelationsControl;
use crate::answer::LinkSet;
use crate::i18n::Msg;
use crate::validate::{AnswerPath, Problem, ProblemCode};

/// Reports too few or too many links.
pub fn apply(c: &RelationsControl, set: Option<&LinkSet>) -> Option<Problem> {
    let links = set.map_or(0, |s| s.links.len());
    let path = AnswerPath::whole(&c.id);
    if links < c.min {
        return Some(Problem::error(path, ProblemCode::LinksTooFew, Msg::ErrLinkAtLeast, vec![("n", c.min.to_string())]));
    }
    match c.max {
        Some(max) if links > max => {
            Some(Problem::error(path, ProblemCode::LinksTooMany, Msg::ErrLinkAtMost, vec![("n", max.to_string())]))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::answer::{LinkEnd, SpanLink, WordSpan};

    fn control(min: usize, max: Option<usize>) -> RelationsControl {
        let mut c: RelationsControl = serde_json::from_value(serde_json::json!({
            "id": "rel", "label": "Relations", "spans": "ner", "types": [{"value": "r", "label": "r"}]
        }))
        .unwrap();
        (c.min, c.max) = (min, max);
        c
    }

    fn links(n: usize) -> LinkSet {
        let end = |i| LinkEnd { span: WordSpan { first: i, last: i }, label: "PER".into() };
        LinkSet { links: (0..n).map(|i| SpanLink::new("r".into(), end(i), end(i + 1))).collect() }
    }

    #[test]
    fn between_min_and_max_passes() {
        assert_eq!(apply(&control(1, Some(2)), Some(&links(1))), None);
        assert_eq!(apply(&control(0, None), None), None, "no links is an answer when min is 0");
    }

    #[test]
    fn too_few_and_too_many_say_the_limit() {
        let few = apply(&control(2, None), Some(&links(1))).unwrap();
        assert_eq!((few.code, few.msg, few.params.clone()), (ProblemCode::LinksTooFew, Msg::ErrLinkAtLeast, vec![("n", "2".to_owned())]));
        let none = apply(&control(1, None), None).unwrap();
        assert_eq!(none.code, ProblemCode::LinksTooFew);
        let many = apply(&control(0, Some(1)), Some(&links(2))).unwrap();
        assert_eq!((many.code, many.params.clone()), (ProblemCode::LinksTooMany, vec![("n", "1".to_owned())]));
    }
}
