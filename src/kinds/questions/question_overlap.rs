//! Rule `overlap_high` (warning): a question sharing more than the threshold of its content
//! words with its answer's sentence needs manual acceptance. A flag, never a block.

use crate::validate::{AnswerPath, Problem, ProblemCode, QuestionPart};
use crate::i18n::Msg;
use crate::spec::QuestionsControl;
use crate::text::overlap::Overlap;

/// Flags the question at `path` when its overlap is above the spec's threshold.
pub fn apply(c: &QuestionsControl, path: &AnswerPath, overlap: &Overlap) -> Option<Problem> {
    overlap.above(c.overlap.threshold).then(|| {
        Problem::warning(
            path.part(QuestionPart::Overlap),
            ProblemCode::OverlapHigh,
            Msg::WarnOverlapHigh,
            vec![
                ("shared", overlap.shared.to_string()),
                ("content", overlap.content.to_string()),
                ("n", c.overlap.threshold.to_string()),
            ],
        )
    })
}
