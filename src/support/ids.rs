//! Newtype ids, and the one function that derives DOM ids and test ids from them.

use crate::support::sorted_map::SortedMap;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::fmt;

macro_rules! id_type {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema)]
        #[serde(transparent)]
        pub struct $name(pub String);

        impl $name {
            /// The id as a string slice.
            pub fn as_str(&self) -> &str {
                &self.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0)
            }
        }

        impl From<&str> for $name {
            fn from(s: &str) -> Self {
                Self(s.to_owned())
            }
        }
    };
}

id_type!(
    /// The id of a control in a task spec; answers are keyed by it.
    ControlId
);
id_type!(
    /// The stable value of a choice option, recorded in results (never its display text).
    OptionValue
);
id_type!(
    /// The name of a field in an item (e.g. `testo`).
    FieldName
);

/// Builds a DOM id (also used as test id) from a widget instance number and parts.
/// Every character outside `[A-Za-z0-9_-]` becomes `_`, so spec ids cannot break selectors.
pub fn dom_id(instance: u32, parts: &[&str]) -> String {
    let mut out = format!("glossa{instance}");
    for part in parts {
        out.push('-');
        out.extend(part.chars().map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' || c == '-' {
                c
            } else {
                '_'
            }
        }));
    }
    out
}

/// The host's ids as one key part: `k=v&k=v`, in key order.
pub fn ids_key(ids: &SortedMap<String, String>) -> String {
    let who: Vec<String> = ids.iter().map(|(k, v)| format!("{k}={v}")).collect();
    who.join("&")
}

/// The hosts' documented ids that name a person or their session: the pilot's, jsPsych's and
/// JATOS's `participant`, Prolific's `PROLIFIC_PID` and `SESSION_ID`, MTurk's `workerId` and
/// `assignmentId`, JATOS's `jatos_worker`. A dataset never holds their values.
pub const PERSONAL_IDS: &[&str] = &[
    "participant",
    "PROLIFIC_PID",
    "SESSION_ID",
    "workerId",
    "assignmentId",
    "jatos_worker",
];

/// The ids pages write as flags, naming no one: `gold` (a gold or attention item's result),
/// `slot` (the plan's slot), `simulated` (jsPsych's simulation mode).
pub const FLAG_IDS: &[&str] = &["gold", "slot", "simulated"];

/// Whether an id key is a page's flag (never who made a result).
pub fn is_flag(key: &str) -> bool {
    FLAG_IDS.contains(&key)
}

/// The participant among the host's ids: the first of `participant`, `PROLIFIC_PID`,
/// `workerId` and `assignmentId` given (who made a result; whose anchoring split it is).
pub fn participant_id(ids: &SortedMap<String, String>) -> Option<&str> {
    ["participant", "PROLIFIC_PID", "workerId", "assignmentId"]
        .iter()
        .find_map(|k| ids.get(*k))
        .map(String::as_str)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dom_ids_are_selector_safe() {
        assert_eq!(
            dom_id(3, &["giudizio", "opt", "a b\"<"]),
            "glossa3-giudizio-opt-a_b__"
        );
    }
}
