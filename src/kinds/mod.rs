//! Control kinds, one file each: everything a kind does in every layer of the core.
//!
//! A kind is declared once, as a variant of [`crate::spec::Control`] (with its tag and its
//! arm of `each_control!`, side by side in `spec/control.rs`) and of
//! [`crate::answer::AnswerValue`]. Each layer of the core says what it needs of a kind in a
//! trait of its own, and code that works per kind calls that trait through `each_control!`,
//! never with an arm per kind:
//!
//! | layer | trait | what the kind provides |
//! |---|---|---|
//! | `spec` | [`CheckControl`] | checks of its own entry in the spec |
//! | `item` | [`ItemFields`] | checks of the item fields it reads |
//! | `answer` | [`KindAnswer`] | its result value read back; worked examples' answers |
//! | `form` | [`FormKind`] | which whole answers it takes (`Action::SetAnswer`); its span text |
//! | `validate` | [`ControlRules`] | its rules (each rule a file in `validate/`) |
//! | `result` | [`ToValue`] | its result value |
//! | `simulate` | [`Simulate`] | a simulated annotator's actions |
//! | `study::gold` | [`GoldAnswer`] | its expected answer in a gold file |
//! | `analysis` | [`Analyse`] | re-validation, tidy rows, agreement, charts |
//!
//! The view is the UI's (`ui::kind_view::KindView`, implemented in the kind's view file). The
//! compiler checks that every kind implements every trait. `docs/src/adding-a-kind.md` lists
//! the files a new kind touches.

mod grid;
mod multiple_choice;
mod number;
mod pairwise;
mod points;
mod questions;
mod ranking;
mod scale;
mod single_choice;
mod slider;
mod span_attributes;
mod span_labels;
mod text;

/// What the kinds' files use: the layers' traits and the types they pass.
mod prelude {
    pub(crate) use crate::analysis::agreement::{
        measure, AgreementReport, Answered, Context, Table,
    };
    pub(crate) use crate::analysis::alpha::{Datum, Level};
    pub(crate) use crate::analysis::revalidate::{finding, Finding};
    pub(crate) use crate::analysis::Analyse;
    pub(crate) use crate::answer::{typed, Answer, AnswerValue, KindAnswer, SpanValue};
    pub(crate) use crate::form::{Action, FormKind};
    pub(crate) use crate::i18n::Msg;
    pub(crate) use crate::item::{Item, ItemFields};
    pub(crate) use crate::result::ToValue;
    pub(crate) use crate::simulate::{pick, Simulate};
    pub(crate) use crate::spec::check::CheckControl;
    pub(crate) use crate::spec::{SpecIssue, SpecIssueCode};
    pub(crate) use crate::study::gold::{self, Expected, GoldAnswer, GoldProblem};
    pub(crate) use crate::support::rng::SplitMix;
    pub(crate) use crate::support::sorted_map::{SortedMap, SortedSet};
    pub(crate) use crate::task::Task;
    pub(crate) use crate::validate::{required, AnswerPath, ControlRules, Problem};
    pub(crate) use serde_json::Value;
}

pub use crate::analysis::Analyse;
pub use crate::answer::KindAnswer;
pub use crate::form::FormKind;
pub use crate::item::ItemFields;
pub use crate::result::ToValue;
pub use crate::simulate::Simulate;
pub use crate::spec::check::CheckControl;
pub use crate::study::gold::GoldAnswer;
pub use crate::validate::ControlRules;
