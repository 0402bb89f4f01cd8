//! `Widget`: the root of a task screen. Owns the one `use_reducer`; children get data and
//! typed callbacks. IO (events to the host, focus) happens only in effects and handlers.

use super::actions::Actions;
use super::blocks_view::BlocksView;
use super::example_view::ExampleView;
use super::focus::focus;
use super::instructions::Instructions;
use super::kind_view::{KindView, ViewContext};
use super::section_view::SectionView;
use super::submit_bar::SubmitBar;
use super::{Model, WidgetLink};
use crate::form::FormState;
use crate::i18n::{t, Msg};
use crate::support::ids::dom_id;
use crate::task::Task;
use crate::validate::{box_path, AnswerPath, Problem};
use std::rc::Rc;
use wasm_bindgen::JsCast;
use web_sys::HtmlElement;
use yew::prelude::*;

/// Props of [`Widget`].
#[derive(Properties, PartialEq, Clone)]
pub struct WidgetProps {
    /// Number of this mounted instance (keeps DOM ids unique on a page with several widgets).
    pub instance: u32,
    /// The spec and item (already checked against each other).
    pub task: Rc<Task>,
    /// Shared with the host: latest state and a way to dispatch.
    pub link: Rc<WidgetLink>,
    /// Hide the built-in submit button (the host submits through `handle.submit()`).
    #[prop_or_default]
    pub hide_submit: bool,
    /// Show only: every control locked, nothing to submit (previews).
    #[prop_or_default]
    pub readonly: bool,
    /// When the item was shown (ms since the epoch).
    pub started_ms: u64,
    /// A restored draft to start from, if any.
    #[prop_or_default]
    pub initial: Option<FormState>,
    /// This is the annotator's first item of the task (the instructions open on it).
    #[prop_or_default]
    pub first_item: bool,
    /// A note to show when drafts cannot be kept (storage unavailable).
    #[prop_or_default]
    pub storage_note: Option<AttrValue>,
    /// The session's running tally of questions (question-authoring tasks only).
    #[prop_or_default]
    pub tally: Option<Rc<crate::task::authoring::Tally>>,
    /// Called once, after the first render.
    pub on_ready: Callback<()>,
    /// Called after the answers change (and once at start).
    pub on_change: Callback<Model>,
    /// Called when the annotator asks to submit.
    pub on_submit: Callback<()>,
}

/// A task screen: title, instructions, examples, item blocks, controls, submit bar.
#[component]
pub fn Widget(props: &WidgetProps) -> Html {
    let state = {
        let task = Rc::clone(&props.task);
        let started = props.started_ms;
        let initial = props.initial.clone();
        let readonly = props.readonly;
        use_reducer(move || {
            let mut form =
                initial.unwrap_or_else(|| crate::form::suggestions::fresh(&task, started));
            // A preview is a form that can no longer change.
            form.submitted |= readonly;
            Model::new(task, form)
        })
    };
    let actions = {
        let target = state.dispatcher().to_callback();
        use_memo((), move |_| Actions::new(target))
    };
    props.link.update(&state, &actions);
    let spec = &props.task.spec;
    let item = &props.task.item;
    let lang = spec.language;
    let instance = props.instance;
    // The item's looped part (MUSHRA's loop region), shared by its looped recordings.
    #[cfg(any(feature = "media", not(target_arch = "wasm32")))]
    let region = use_state_eq(|| super::media_context::ItemRegion::None);

    {
        let on_ready = props.on_ready.clone();
        use_effect_with((), move |_| on_ready.emit(()));
    }
    {
        let on_change = props.on_change.clone();
        let model = (*state).clone();
        // (What the participant did with the media counts too: a draft keeps a clip heard. A
        // build without media watches the answers alone.)
        #[cfg(any(feature = "media", not(target_arch = "wasm32")))]
        let watched = (
            state.form.answers.clone(),
            state.form.media.clone(),
            state.form.headphones.clone(),
        );
        #[cfg(not(any(feature = "media", not(target_arch = "wasm32"))))]
        let watched = state.form.answers.clone();
        use_effect_with(watched, move |_| on_change.emit(model));
    }
    {
        let model = (*state).clone();
        use_effect_with(state.refusals, move |refusals| {
            if *refusals > 0 {
                focus_first_problem(instance, &model);
            }
        });
    }

    let onkeydown = {
        let task = Rc::clone(&props.task);
        let dispatch = actions.now.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.ctrl_key() || e.meta_key() || e.alt_key() || typing_in_text(&e) {
                return;
            }
            let key = lower_case(&e.key());
            for control in &task.spec.controls {
                use super::kind_view::KindView;
                let hit = crate::spec::each_control!(control, c => c.shortcut(&key, instance));
                if let Some((action, id)) = hit {
                    e.prevent_default();
                    dispatch.emit(action);
                    focus(&id);
                    return;
                }
            }
        })
    };
    let onsubmit = {
        let on_submit = props.on_submit.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            on_submit.emit(());
        })
    };

    let form = &state.form;
    let report = state.report();
    let show_errors = form.submit_attempted && !form.submitted;
    let shared_form = Rc::new(form.clone());
    let status = if form.submitted {
        (!props.readonly).then(|| t(lang, Msg::Submitted).to_owned())
    } else if show_errors && !report.is_valid() {
        Some(report.summary(lang))
    } else if let (true, Some(left)) = (show_errors, form.early_s) {
        Some(crate::validate::min_time::problem(spec, left).message(lang))
    } else {
        None
    };
    let status_is_error = status.is_some() && !form.submitted;

    // The message beside a one-box control, once its problems show.
    let control_error = |id: &crate::support::ids::ControlId| {
        form.shows_problems_at(&box_path(id, None))
            .then(|| {
                report
                    .for_control(id)
                    .next()
                    .map(|p| AttrValue::from(p.message(lang)))
            })
            .flatten()
    };

    // A control's view, where it stands (nothing while display logic hides it).
    let control_view = |position: usize, control: &crate::spec::Control| -> Html {
        let task = &props.task;
        if !task.visible(control.id(), &form.answers) {
            return html! {};
        }
        let cx = ViewContext {
            instance,
            position,
            task,
            form: &shared_form,
            report: &report,
            lang,
            actions: &actions,
            tally: props.tally.clone(),
            error: control_error(control.id()),
        };
        let view = crate::spec::each_control!(control, c => c.view(&cx));
        // A control a model suggested an answer for: who, what to do, and what became of it.
        if !crate::support::family::SUGGEST {
            return view;
        }
        match (
            task.suggestion(control.id()),
            crate::form::suggestions::decisions(task, form, control.id()),
        ) {
            (Some(s), Some(units)) => html! {
                <>
                    <super::suggestion_bar::SuggestionBar id={dom_id(instance, &[control.id().as_str(), "suggestion"])}
                        control={control.id().clone()} model={AttrValue::from(s.model.clone())}
                        decisions={units.iter().filter(|u| u.suggested.is_some()).map(|u| u.decision).collect::<Vec<_>>()}
                        label={AttrValue::from(control.label().to_owned())} disabled={form.submitted} {lang}
                        on_action={actions.now.clone()} />
                    {view}
                </>
            },
            _ => view,
        }
    };
    let layout = props.task.layout();
    // (A build without compositions has no layout; `COMPOSE` in the closure, a constant, lets
    // the compiler drop what would use one.)
    let in_section = |id: &crate::support::ids::ControlId| {
        crate::support::family::COMPOSE && layout.is_some_and(|l| l.in_section(id))
    };
    // Each section: per output, its label, its text (unless a span control shown there has
    // it), its controls.
    let section = layout.filter(|_| crate::support::family::COMPOSE).map(|layout| {
        let mut views: crate::support::sorted_map::SortedMap<usize, Html> = Default::default();
        for (&n, parts) in &layout.shown {
            let Some(crate::spec::Block::Section(block)) = spec.blocks.get(n) else {
                continue;
            };
            let field = block.outputs.as_ref();
            // A dialogue: its turns (their speakers), shown turn by turn when it says so.
            let dialogue = field.and_then(|src| Some((src.dialogue()?, item.outputs(src.field.as_str()))));
            let reached = if props.readonly || form.submitted {
                parts.len()
            } else {
                layout.parts_shown(n, &form.answers, |c| report.for_control(c).next().is_none())
            };
            let html: Html = parts
                .iter()
                .take(reached)
                .enumerate()
                .map(|(k, (output, ids))| {
                    // A section (or an output's card) whose every control is hidden is hidden.
                    // (Every part keyed by its output: a dialogue's turns revealed below the
                    // one answered are new nodes, never the answered turn's own reused.)
                    if !ids.is_empty() && ids.iter().all(|c| !props.task.visible(c, &form.answers)) {
                        return html! { <div key={output.clone()} hidden=true /> };
                    }
                    let id = dom_id(instance, &["section", &n.to_string(), output]);
                    let text_field = field.map(|src| format!("{}/{output}", src.field));
                    let span_field = |c: &crate::spec::Control| -> Option<String> {
                        crate::spec::each_control!(c, k => { use crate::item::ItemFields; k.span_field().map(str::to_owned) })
                    };
                    let controls: Html = ids
                        .iter()
                        .filter_map(|id| spec.controls.iter().position(|c| c.id() == id))
                        .map(|n| {
                            let c = &spec.controls[n];
                            let view = control_view(n, c);
                            // A control over a text every output shares (the source), in an
                            // output's card: folded, so the source stands once.
                            match (&text_field, span_field(c)) {
                                (Some(own), Some(f)) if *own != f && props.task.visible(c.id(), &form.answers) => {
                                    let open = form.answers.contains_key(c.id())
                                        || form.selection_in(c.id()).is_some()
                                        || (form.submit_attempted && report.for_control(c.id()).next().is_some());
                                    super::shared_text_control::shared_text_control(c.label(), open, view)
                                }
                                _ => view,
                            }
                        })
                        .collect();
                    let (Some(src), Some(text_field)) = (field, text_field) else {
                        return html! { <SectionView key={output.clone()} {id} heading={block.title.clone().map(AttrValue::from)}>{controls}</SectionView> };
                    };
                    let marked = ids.iter().any(|c| {
                        props.task.visible(c, &form.answers)
                            && spec.control(c).and_then(span_field).as_deref() == Some(text_field.as_str())
                    });
                    let turn = dialogue.as_ref().and_then(|(d, turns)| Some((d, turns.iter().find(|o| o.id == *output)?)));
                    let heading = match turn {
                        Some((_, o)) => src.label_of(lang, k + 1, o),
                        None => crate::i18n::fill_n(lang, &src.label, k + 1),
                    };
                    let speaker = turn.and_then(|(_, o)| o.speaker()).map(|s| AttrValue::from(s.to_owned()));
                    // An output that is media: its player or image (its text is the file's
                    // text alternative, folded under a player), then its controls.
                    let media = crate::support::family::MEDIA
                        .then(|| item.outputs(src.field.as_str()).into_iter().find(|o| o.id == *output))
                        .flatten()
                        .and_then(|o| super::media_view::output_media(&o, &heading));
                    let text = (!marked && media.is_none())
                        .then(|| AttrValue::from(item.text(&text_field).unwrap_or_default().to_owned()));
                    html! {
                        <SectionView key={output.clone()} {id} output={AttrValue::from(output.clone())} {text} {speaker}
                            context={turn.is_some() && ids.is_empty()} heading={AttrValue::from(heading)}>
                            {media}{controls}
                        </SectionView>
                    }
                })
                .collect();
            views.insert(n, html);
        }
        let views = Rc::new(views);
        Callback::from(move |n: usize| views.get(&n).cloned().unwrap_or_default())
    });

    // The headphone check, above the item (a build without media has none).
    #[cfg(any(feature = "media", not(target_arch = "wasm32")))]
    let headphones = spec
        .headphones()
        .filter(|_| !props.readonly)
        .map(|check| {
            // (Its problem, shown as a control's is.)
            let headphones_error = control_error(&crate::form::headphones::rule::PATH.into());
            let dispatch = actions.now.clone();
            let on_action = Callback::from(move |a| {
                dispatch.emit(crate::form::Action::Headphones(
                    crate::support::family::Gate::gate(a),
                ))
            });
            html! {
                <super::headphone_check::HeadphoneCheckView
                    id={dom_id(instance, &[crate::form::headphones::rule::PATH])}
                    check={check.clone()} progress={form.headphones().cloned()} {on_action} {lang}
                    error={headphones_error} />
            }
        })
        .unwrap_or_default();

    // (The screen with what only some builds show before the form in `$before`: a build
    // without media has the screen's nodes as they were, not one more.)
    macro_rules! screen { ($($before:tt)*) => { html! {
        <div class="glossa" lang={lang.tag()} dir={lang.dir().attr()} {onkeydown} data-testid={dom_id(instance, &[])}>
            if let Some(title) = &spec.title {
                <h2 class="glossa-title">{title.clone()}</h2>
            }
            if let Some(note) = &props.storage_note {
                <p class="glossa-storage-note" role="status">{note.clone()}</p>
            }
            if let Some(source) = &spec.instructions {
                <Instructions heading={t(lang, Msg::Instructions)} source={source.clone()}
                    open={spec.instructions_open || (spec.instructions_open_first && props.first_item)} />
            }
            if !spec.examples.is_empty() {
                <div class="glossa-examples" role="group" aria-label={t(lang, Msg::Examples)}>
                    { for spec.examples.iter().enumerate().map(|(index, _)| html! {
                        <ExampleView {instance} {index} task={Rc::clone(&props.task)} />
                    }) }
                </div>
            }
            $($before)*
            <form class="glossa-form" novalidate=true {onsubmit}>
                <BlocksView id_prefix={dom_id(instance, &["block"])} task={Rc::clone(&props.task)}
                    item={Rc::clone(item)} {lang} section={section} />
                // (A control a section shows renders there: nothing here. Not a `filter`: a list
                // of known length keeps the lighter builds lighter.)
                { for spec.controls.iter().enumerate().map(|(n, c)| if in_section(c.id()) { html! {} } else { control_view(n, c) }) }
                <SubmitBar id={dom_id(instance, &["submit"])} label={t(lang, Msg::Submit)}
                    show_button={!props.hide_submit} submitted={form.submitted}
                    status={status.map(AttrValue::from)} {status_is_error} />
            </form>
        </div>
    } } }
    #[cfg(any(feature = "media", not(target_arch = "wasm32")))]
    let screen = screen!({ headphones });
    #[cfg(not(any(feature = "media", not(target_arch = "wasm32"))))]
    let screen = screen!();
    // The players' context (a build without media has none).
    #[cfg(any(feature = "media", not(target_arch = "wasm32")))]
    let screen =
        super::media_context::provided(&props.task, form, &actions.now, instance, &region, screen);
    screen
}

/// True when the key went to a text field, where letters and digits are typing, not shortcuts.
fn typing_in_text(e: &KeyboardEvent) -> bool {
    let Some(el) = e.target().and_then(|t| t.dyn_into::<HtmlElement>().ok()) else {
        return false;
    };
    match el.tag_name().as_str() {
        "TEXTAREA" | "SELECT" => true,
        "INPUT" => !matches!(
            el.get_attribute("type").as_deref(),
            Some("radio" | "checkbox" | "button" | "submit")
        ),
        _ => el.is_content_editable(),
    }
}

/// Moves focus to the first problem on screen, where its control's kind says it is (a choice's
/// chosen or first option, a number's box, an attribute entry's value list, a question card's
/// field, a grid row's first choice).
fn focus_first_problem(instance: u32, model: &Model) {
    let report = model.report();
    let Some(problem) = first_on_screen(model, &report.problems) else {
        return;
    };
    let at = &problem.at;
    // The headphone check's panel: its first button.
    #[cfg(any(feature = "media", not(target_arch = "wasm32")))]
    if at.control.as_str() == crate::form::headphones::rule::PATH {
        let id = dom_id(instance, &[crate::form::headphones::rule::PATH]);
        super::focus::focus_selector(&format!("#{id} button"));
        return;
    }
    if let Some(control) = model.task.spec.control(&at.control) {
        crate::spec::each_control!(control, c => c.focus_problem(instance, model, &at.place));
    }
}

/// Problems come in control order; within a control asked per output, the one whose box is
/// first on screen (outputs may be shown shuffled).
fn first_on_screen<'a>(model: &Model, problems: &'a [Problem]) -> Option<&'a Problem> {
    let first = problems.first()?;
    let Some(order) = model.task.presentation.order.get(first.control()) else {
        return Some(first);
    };
    order
        .iter()
        .find_map(|id| {
            let box_at = AnswerPath::output(first.control(), Some(id));
            problems.iter().find(|p| p.at == box_at)
        })
        .or(Some(first))
}

/// Lower case, by the browser: Rust's `to_lowercase` brings Unicode case tables (~12 KB) into a
/// bundle that has no other use for them.
fn lower_case(s: &str) -> String {
    String::from(js_sys::JsString::from(s).to_lower_case())
}
