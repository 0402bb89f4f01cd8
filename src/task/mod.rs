//! A task: one spec and one item, bound together with what is derived from them once (the
//! presentation, the tokens of span texts). Everything that acts on an item takes a `Task`.

pub mod authoring;
pub mod order;
pub mod presentation;
pub mod sections;
pub mod span_positions;
pub mod suggestions;

use crate::item::{Item, ItemFields};
use crate::spec::TaskSpec;
use crate::support::ids::ControlId;
use crate::support::sorted_map::SortedMap;
use crate::task::presentation::Presentation;
use crate::text::Tokens;
use std::rc::Rc;

/// A spec and an item, ready to annotate. (`Eq`, so `Rc<Task>` compares by pointer first.)
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Task {
    /// The spec.
    pub spec: TaskSpec,
    /// The item (shared: the UI hands it to components without copying its texts).
    pub item: Rc<Item>,
    /// How the item is presented (output orders, seed).
    pub presentation: Presentation,
    /// The controls that sections ask per output, and when each control is shown (none
    /// without sections; a build without compositions has no room for one).
    layout: Option<crate::support::family::Compose<sections::Layout>>,
    /// What a model suggests for the item's controls, and whether they are shown (none when
    /// the spec shows no suggestions; a build without them has no room for any).
    suggested: Option<crate::support::family::Suggest<suggestions::Suggested>>,
    /// Text and tokens of every item field a span control annotates, by field name (shared:
    /// the UI hands them to components without copying).
    spans: SortedMap<String, (Rc<str>, Rc<Tokens>)>,
}

impl Task {
    /// The outputs a control shows from the item's `field`, in the order shown (shuffled when
    /// the spec says so, as the presentation recorded).
    pub fn outputs_shown(&self, control: &ControlId, field: &str) -> Vec<crate::item::Output> {
        self.presentation
            .outputs_in_order(control, field, &self.item.outputs(field))
    }

    /// The task a result was answered in: where a section showed the participant some of the
    /// item's outputs (`shown.order`: outputs assigned per rater, as MQM and ESA campaigns give
    /// each rater some of a segment's systems), the item's outputs narrowed to those — the rest
    /// were not assigned to this participant, not left unanswered.
    #[cfg(any(not(target_arch = "wasm32"), feature = "report-web"))]
    pub fn of_result(spec: TaskSpec, item: &Item, result: &serde_json::Value) -> Self {
        let assigned = Self::assigned(&spec, item, result);
        Self::of_assigned(spec, item, &assigned)
    }

    /// The task of `item` with its outputs narrowed to those `assigned` ([`Task::assigned`]).
    #[cfg(any(not(target_arch = "wasm32"), feature = "report-web"))]
    fn of_assigned(spec: TaskSpec, item: &Item, assigned: &[(String, Vec<&str>)]) -> Self {
        let mut item = item.clone();
        for (field, kept) in assigned {
            if let Some(serde_json::Value::Array(list)) = item.fields.get_mut(field.as_str()) {
                list.retain(|o| o["id"].as_str().is_some_and(|id| kept.contains(&id)));
            }
        }
        Task::new(spec, item, None)
    }

    /// The outputs `result` was assigned, per field of a section that assigns some: the ids
    /// its `shown.order` lists, when they are some of the item's outputs (not all: a result
    /// shown every output, in any order, was assigned none).
    #[cfg(any(not(target_arch = "wasm32"), feature = "report-web"))]
    fn assigned<'r>(
        spec: &TaskSpec,
        item: &Item,
        result: &'r serde_json::Value,
    ) -> Vec<(String, Vec<&'r str>)> {
        let mut out = Vec::new();
        for (_, section) in spec.sections() {
            // (A section that shows every item's outputs, `count` of them, assigns none.)
            let Some(src) = section.outputs.as_ref().filter(|o| o.count.is_none()) else {
                continue;
            };
            let field = src.field.as_str();
            let Some(shown) = result["shown"]["order"][field].as_array() else {
                continue;
            };
            let mut shown: Vec<&str> = shown.iter().filter_map(|v| v.as_str()).collect();
            let all = item.outputs(field);
            let known = shown.iter().all(|s| all.iter().any(|o| o.id == *s));
            if shown.is_empty() || !known || shown.len() >= all.len() {
                continue;
            }
            shown.sort_unstable();
            shown.dedup();
            out.push((field.to_owned(), shown));
        }
        out
    }

    /// What makes [`Task::of_result`]'s task differ between results of one item: the outputs
    /// `assigned` by each section that assigns some (a key).
    #[cfg(any(not(target_arch = "wasm32"), feature = "report-web"))]
    fn assigned_key(item: &Item, assigned: &[(String, Vec<&str>)]) -> String {
        let mut key = item.id.clone();
        for (field, kept) in assigned {
            key.push('\u{1f}');
            key.push_str(field);
            for id in kept {
                key.push('\u{1f}');
                key.push_str(id);
            }
        }
        key
    }

    /// Binds a (checked) spec and item; `seed` is the host's shuffle seed.
    pub fn new(spec: TaskSpec, item: Item, seed: Option<&str>) -> Self {
        let presentation = Presentation::new(&spec, &item, seed);
        let suggested = if crate::support::family::SUGGEST {
            suggestions::bind(&spec, &item, seed).map(crate::support::family::Gate::gate)
        } else {
            None
        };
        let (spec, item, layout) = sections::lay_out(spec, item, &presentation);
        // Only the kinds that pick spans name a field: a build without them (see
        // `support::family`) then has no tokeniser and no word-break tables at all.
        let spans = spec
            .controls
            .iter()
            .filter_map(|c| {
                let field = crate::spec::each_control!(c, k => k.span_field())?;
                let units = crate::spec::each_control!(c, k => k.span_units());
                let text = item.text(field).unwrap_or_default();
                Some((
                    field.to_owned(),
                    (Rc::from(text), Rc::new(Tokens::with_units(text, units))),
                ))
            })
            .collect();
        Task {
            spec,
            item: Rc::new(item),
            presentation,
            layout: layout.map(crate::support::family::Gate::gate),
            suggested,
            spans,
        }
    }

    /// How sections lay the task out, if the spec has any.
    pub fn layout(&self) -> Option<&sections::Layout> {
        if !crate::support::family::COMPOSE {
            return None;
        }
        self.layout.as_ref().map(|l| {
            let l: &sections::Layout = l; // through `Compose`, whichever it is
            l
        })
    }

    /// The item's suggestions, if the spec shows any.
    pub fn suggested(&self) -> Option<&suggestions::Suggested> {
        if !crate::support::family::SUGGEST {
            return None;
        }
        self.suggested.as_ref().map(|s| {
            let s: &suggestions::Suggested = s; // through `Suggest`, whichever it is
            s
        })
    }

    /// The task with the anchoring split drawn for `who` (a host that gives no seed: the
    /// participant's id decides which items show suggestions).
    pub fn split_for(mut self, who: &str) -> Self {
        if crate::support::family::SUGGEST {
            let percent = self
                .spec
                .suggestions
                .as_ref()
                .map_or(100, |s| s.show_percent);
            if let Some(s) = self.suggested.as_mut() {
                let s: &mut suggestions::Suggested = s;
                s.shown = suggestions::shown(percent, Some(who), &self.item.id);
            }
        }
        self
    }

    /// What a model suggests for a control, when this participant sees suggestions on the item.
    pub fn suggestion(&self, control: &ControlId) -> Option<&suggestions::Suggestion> {
        self.suggested()
            .filter(|s| s.shown)
            .and_then(|s| s.by_control.get(control))
    }

    /// The spec as written (the task's own spec has a copy of each control a section asks per
    /// output, one per output).
    pub fn written_spec(&self) -> &TaskSpec {
        self.layout()
            .and_then(|l| l.written.as_ref())
            .unwrap_or(&self.spec)
    }

    /// The spec's control and the output a task's control is the copy for, if it is one.
    pub fn asked(&self, control: &ControlId) -> Option<&(ControlId, String)> {
        self.layout()?.asked.get(control)
    }

    /// A problem's path as the spec's controls name it (`errors/sysA[2]` → `errors.sysA[2]`).
    pub fn written_path(&self, path: &str) -> String {
        match self.layout() {
            Some(l) => l.written_path(path),
            None => path.to_owned(),
        }
    }

    /// Whether a control is shown, given the answers (display logic).
    pub fn visible(&self, control: &ControlId, answers: &crate::answer::Answers) -> bool {
        self.layout().is_none_or(|l| l.visible(control, answers))
    }

    /// The answers of the controls shown (a hidden control's answer stays in the draft only).
    pub fn shown_answers(&self, answers: &crate::answer::Answers) -> crate::answer::Answers {
        match self.layout() {
            Some(l) => l.shown_answers(answers),
            None => answers.clone(),
        }
    }

    /// The outputs a control compares, in the order shown, as its view shows them: without
    /// their texts when a section above shows them (the control names them by their labels).
    pub fn outputs_named(&self, control: &ControlId, field: &str) -> Vec<crate::item::Output> {
        let mut outputs = self.outputs_shown(control, field);
        if crate::support::family::COMPOSE && self.section_shows(field) {
            outputs.iter_mut().for_each(|o| o.text.clear());
        }
        outputs
    }

    /// Whether a section shows the outputs of `field` (a control over them then names them
    /// without showing their texts again).
    pub fn section_shows(&self, field: &str) -> bool {
        self.written_spec().sections().any(|(_, s)| {
            s.outputs
                .as_ref()
                .is_some_and(|o| o.field.as_str() == field)
        })
    }

    /// The tokens of a span text field (`None` for any other field).
    pub fn tokens(&self, field: &str) -> Option<&Tokens> {
        self.spans.get(field).map(|(_, t)| &**t)
    }

    /// A span text field's text and tokens, shared.
    pub fn span_text(&self, field: &str) -> Option<(Rc<str>, Rc<Tokens>)> {
        self.spans.get(field).cloned()
    }
}

/// The tasks results were answered in ([`Task::of_result`]), each made once per item and
/// outputs shown: results of one item share their task (its layout and tokens are the costly
/// part of checking a result). The most recent `capacity` are kept.
#[cfg(any(not(target_arch = "wasm32"), feature = "report-web"))]
pub struct Tasks {
    spec: TaskSpec,
    made: std::collections::HashMap<String, Task>,
    capacity: usize,
}

#[cfg(any(not(target_arch = "wasm32"), feature = "report-web"))]
impl Tasks {
    /// Tasks of this spec, at most `capacity` kept at a time.
    pub fn new(spec: &TaskSpec, capacity: usize) -> Self {
        Tasks {
            spec: spec.clone(),
            made: Default::default(),
            capacity,
        }
    }

    /// The task `result` (as JSON) was answered in, on `item`.
    pub fn of_result(&mut self, item: &Item, result: &serde_json::Value) -> &Task {
        let assigned = Task::assigned(&self.spec, item, result);
        let key = Task::assigned_key(item, &assigned);
        if !self.made.contains_key(&key) && self.made.len() >= self.capacity {
            self.made.clear();
        }
        let spec = &self.spec;
        self.made
            .entry(key)
            .or_insert_with(|| Task::of_assigned(spec.clone(), item, &assigned))
    }
}
