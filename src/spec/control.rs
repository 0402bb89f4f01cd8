//! Controls: what the annotator answers, one kind per variant. The enum, its reader and
//! `each_control!` are made from the declaration of the kinds (`crate::kinds::control_kinds!`);
//! each kind's payload is in its folder (`src/kinds/<kind>/spec.rs`).

use crate::support::ids::ControlId;

/// Makes [`Control`], its reader and its list of tags from the declaration.
macro_rules! control_enum {
    ([] $( $(#[$doc:meta])* $folder:ident => $Variant:ident($family:ident<$Payload:ident>) gold $gold:ident $(if $cfg:meta)? ),* $(,)?) => {
        /// A control: one question the annotator answers.
        #[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
        #[serde(tag = "kind", rename_all = "snake_case")]
        pub enum Control {
            $( $(#[$doc])* $(#[cfg($cfg)])? $Variant(crate::support::family::$family<crate::kinds::$folder::spec::$Payload>), )*
        }
        super::tagged::tagged_enum!(Control {
            $( $(@cfg($cfg))? stringify!($folder) => $Variant(crate::support::family::$family<crate::kinds::$folder::spec::$Payload>), )*
        });
    };
}
crate::kinds::control_kinds!([control_enum]);

/// Runs `$body` with `$c` bound to the control's payload, whatever its kind (the arms are made
/// from the declaration of the kinds). Code that works per kind calls a trait method on `$c`
/// (each kind implements the layer's trait in its folder), so adding a kind never adds an arm
/// elsewhere. A payload of a family the build leaves out dereferences to its type and is never
/// reached.
macro_rules! each_control {
    ($control:expr, $c:ident => $body:expr) => {
        $crate::kinds::control_kinds!([$crate::spec::each_control_arms] ($control) $c ($body))
    };
}
pub(crate) use each_control;

/// The arms of [`each_control!`], one per declared kind.
macro_rules! each_control_arms {
    ([($control:expr) $c:ident ($body:expr)] $( $(#[$doc:meta])* $folder:ident => $Variant:ident($family:ident<$Payload:ident>) gold $gold:ident $(if $cfg:meta)? ),* $(,)?) => {
        match $control {
            $( $(#[cfg($cfg)])? $crate::spec::Control::$Variant($c) => $body, )*
        }
    };
}
pub(crate) use each_control_arms;

impl Control {
    /// The control's id; answers are keyed by it.
    pub fn id(&self) -> &ControlId {
        each_control!(self, c => &c.id)
    }

    /// The control's visible label (its accessible name).
    pub fn label(&self) -> &str {
        each_control!(self, c => &c.label)
    }
}
