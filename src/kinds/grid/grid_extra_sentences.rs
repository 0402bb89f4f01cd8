//! Rule `grid_extra_sentences` (warning): the item has more sentences than the grid's fixed
//! rows. The Czech summary manual's "Sentence missing" covers a summary with too few
//! sentences ("chybný počet vět"); one with too many is flagged the same way, never dropped.

use crate::validate::{AnswerPath, Problem, ProblemCode};
use crate::i18n::Msg;
use crate::spec::GridControl;

/// Warns when `extra` sentences lie beyond the grid's `rows` rows.
pub fn apply(c: &GridControl, rows: usize, extra: usize) -> Option<Problem> {
    (extra > 0).then(|| {
        Problem::warning(
            AnswerPath::whole(&c.id),
            ProblemCode::GridExtraSentences,
            Msg::WarnGridExtraSentences,
            vec![
                ("n", (rows + extra).to_string()),
                ("rows", rows.to_string()),
            ],
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;

    fn grid() -> GridControl {
        crate::spec::from_value(&serde_json::json!({
            "id": "errors", "label": "Chyby",
            "rows": {"field": "generated", "count": 3, "label": "Sentence{n}"},
            "columns": [{"id": "special", "label": "Special cases", "options": [{"value": "ok", "label": "OK"}]}]
        }))
        .unwrap()
    }

    #[test]
    fn as_many_sentences_as_rows_or_fewer_is_no_warning() {
        assert_eq!(apply(&grid(), 3, 0), None);
    }

    #[test]
    fn a_fourth_sentence_on_three_rows_is_a_warning_naming_both_counts() {
        let p = apply(&grid(), 3, 1).unwrap();
        assert_eq!(p.path, "errors");
        assert_eq!(p.code, ProblemCode::GridExtraSentences);
        assert_eq!(p.severity, crate::validate::Severity::Warning);
        assert_eq!(
            p.message(Lang::parse("cs").unwrap()),
            "Sumarizace má 4 věty, ale tabulka jen 3 řádky: věty navíc nemají řádek (chybný počet vět)."
        );
        assert_eq!(
            p.message(Lang::EN),
            "The summary has 4 sentences but the grid has 3 rows: the extra sentences have no row (wrong number of sentences)."
        );
    }
}
