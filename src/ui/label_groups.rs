//! `grouped`: a label bar's labels in their groups (MQM's `Accuracy`, `Fluency`, …): a group is
//! one button that opens its labels, one group open at a time (the group of the label marked
//! with opens first), so twenty categories fit a phone's bar; a label of no group, or the only
//! label of its group, stands as itself.
//! Build family: compose (the builds with label groups; `scripts/css_for_build.py` reads this line).

use yew::prelude::*;

/// The bar's buttons: `runs` are the groups in screen order (a name, or `None` for a label of
/// its own, with the labels' positions), `open` the group to show open, `button(k)` the button
/// of the label at position `k`. `bar` (the bar's DOM id) names the groups' set: opening one
/// closes the others.
pub fn grouped(
    bar: &AttrValue,
    runs: &[(Option<&str>, Vec<usize>)],
    open: Option<&str>,
    button: &dyn Fn(usize) -> Html,
) -> Html {
    runs.iter()
        .map(|(group, members)| match group {
            // A group of one label is that label's button: opening it would be a tap for
            // nothing.
            Some(group) if members.len() > 1 => html! {
                <details class="glossa-label-group" key={format!("group-{group}")} name={bar.clone()}
                    open={open == Some(*group)} data-group={group.to_string()}>
                    <summary class="glossa-label-group-name">{group.to_string()}</summary>
                    <div class="glossa-label-group-buttons" role="group" aria-label={group.to_string()}>
                        { for members.iter().map(|k| button(*k)) }
                    </div>
                </details>
            },
            _ => members.iter().map(|k| button(*k)).collect(),
        })
        .collect()
}
