//! [`KindEdit`]: an edit of one control's answer, in its kind's own type — one variant per
//! kind, made from the declaration of the kinds, each in its kind's build family (an edit of a
//! kind a build leaves out cannot be made there). Each payload gets `action(edit)`, the action
//! that applies an edit to that control.

use super::{Action, FormKind, FormState};
use crate::support::family::{Gate, Ungate};
use crate::support::ids::ControlId;
use crate::task::Task;

macro_rules! kind_edit {
    ([] $( $(#[$doc:meta])* $folder:ident => $Variant:ident($family:ident<$Payload:ident>) gold $gold:ident $(if $cfg:meta)? ),* $(,)?) => {
        /// An edit of one control's answer, in its kind's own type (`FormKind::Edit`).
        #[derive(Clone, Debug, PartialEq)]
        pub enum KindEdit {
            $(
                #[doc = concat!("An edit of a `", stringify!($folder), "` control.")]
                $(#[cfg($cfg)])?
                $Variant(crate::support::family::$family<<crate::spec::$Payload as FormKind>::Edit>),
            )*
        }

        /// Applies an edit to the control it names, when the control is of the edit's kind.
        pub(super) fn apply(task: &Task, control: &ControlId, edit: KindEdit, next: &mut FormState) {
            match (task.spec.control(control), edit) {
                $(
                    $(#[cfg($cfg)])?
                    (Some(crate::spec::Control::$Variant(c)), KindEdit::$Variant(e)) => {
                        c.edit(task, control, e.ungate(), next)
                    }
                )*
                // An edit of another kind than the control's, or of no control.
                _ => {}
            }
        }

        $(
            $(#[cfg($cfg)])?
            impl crate::spec::$Payload {
                /// The action that applies `edit` to this control.
                pub fn action(&self, edit: <Self as FormKind>::Edit) -> Action {
                    Self::action_on(&self.id, edit)
                }

                /// The action that applies `edit` to the control of this kind with this id.
                pub fn action_on(control: &ControlId, edit: <Self as FormKind>::Edit) -> Action {
                    Action::Kind {
                        control: control.clone(),
                        edit: KindEdit::$Variant(Gate::gate(edit)),
                    }
                }
            }
        )*
    };
}
crate::kinds::control_kinds!([kind_edit]);
