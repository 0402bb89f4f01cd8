//! What the kinds' files use: the layers' traits and the types they pass.

pub(crate) use crate::analysis::aggregate::{Part, UnitAnswers};
pub(crate) use crate::analysis::agreement::{measure, AgreementReport, Answered, Context, Table};
pub(crate) use crate::analysis::alpha::{Datum, Level};
pub(crate) use crate::analysis::dataset::cells::{Cells, LinkCell, SpanCell};
pub(crate) use crate::analysis::findings::Figures;
pub(crate) use crate::analysis::revalidate::{finding, Finding};
pub(crate) use crate::analysis::Analyse;
pub(crate) use crate::answer::{typed, Answer, AnswerValue, KindAnswer, SpanValue};
pub(crate) use crate::form::{Action, FormKind, FormState, PointEdit};
pub(crate) use crate::i18n::Msg;
pub(crate) use crate::item::{Item, ItemFields};
pub(crate) use crate::result::ToValue;
pub(crate) use crate::simulate::{pick, Simulate};
pub(crate) use crate::spec::check::CheckControl;
pub(crate) use crate::spec::{SpecIssue, SpecIssueCode};
pub(crate) use crate::study::gold::{self, Expected, GoldAnswer, GoldLink, GoldProblem};
pub(crate) use crate::support::ids::ControlId;
pub(crate) use crate::support::rng::SplitMix;
pub(crate) use crate::support::sorted_map::{SortedMap, SortedSet};
pub(crate) use crate::task::Task;
pub(crate) use crate::validate::{required, AnswerPath, ControlRules, Problem};
pub(crate) use serde_json::Value;
