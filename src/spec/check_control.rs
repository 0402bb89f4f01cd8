//! What a control kind checks in its own entry of the spec (each kind implements it in
//! `crate::kinds`).

use super::SpecIssue;
use crate::support::sorted_map::SortedMap;

/// What a control kind checks in its own entry of the spec, beyond what reading it enforces
/// (each kind implements it in `crate::kinds`).
pub trait CheckControl {
    /// Pushes this control's problems; `path` is its place (`controls[2]`), `keys` the
    /// shortcut keys used so far (key -> where), shared by every control.
    fn check(&self, path: &str, keys: &mut SortedMap<String, String>, out: &mut Vec<SpecIssue>);
    /// Whether the control asks about the item's outputs itself (a rating asked per output, a
    /// comparison of outputs): then a section asked per output cannot hold it.
    fn asks_about_outputs(&self) -> bool {
        false
    }
    /// Pushes the problems of what it needs of the rest of the spec (a control it names:
    /// relations name the span control whose spans they link). None by default.
    fn check_in(&self, _spec: &super::TaskSpec, _path: &str, _out: &mut Vec<SpecIssue>) {}
}
