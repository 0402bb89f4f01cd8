//! One mounted widget: renders what `crate::mount` loaded (or an error panel) and answers the
//! host's `validate()`, `submit()` and `destroy()`. Drafts are in `autosave.rs`, the wasm
//! handle in `handle.rs`.

mod autosave;
mod handle;

pub use handle::Handle;

use super::env::{environment, now_ms};
use super::events::{emit, to_js};
use super::panic;
use super::storage::DraftStore;
use crate::answer::Answer;
use crate::form::draft::{headphones_key, seen_key, storage_key, Draft};
use crate::form::Action;
use crate::i18n::{t, Lang, Msg};
use crate::mount::{self, ErrorDetail, Failed as ErrorKind, Loaded};
use crate::result::{self, ResultDoc};
use crate::support::sorted_map::SortedMap;
use crate::task::authoring::Tally;
use crate::task::Task;
use crate::ui::{ErrorPanelProps, Model, Root, RootProps, RootView, WidgetLink, WidgetProps};
use crate::validate::PublicReport;
use gloo_events::EventListener;
use std::cell::{Cell, RefCell};
use std::rc::{Rc, Weak};
use wasm_bindgen::prelude::*;
use web_sys::Element;
use yew::{AppHandle, Callback, Renderer};

thread_local! {
    static NEXT_INSTANCE: Cell<u32> = const { Cell::new(1) };
}

struct Controller {
    element: Element,
    lang: Lang,
    loaded: Loaded,
    link: Rc<WidgetLink>,
    submitted: RefCell<Option<ResultDoc>>,
    app: RefCell<Option<AppHandle<Root>>>,
    visibility: RefCell<Option<EventListener>>,
    /// Saves a waiting draft when the page goes away (reload, navigation).
    pagehide: RefCell<Option<EventListener>>,
    /// Where drafts go, and this item's key (`None` when autosave is off or nothing loaded).
    drafts: DraftStore,
    draft_key: Option<String>,
    /// The host stored the result: no more drafts for this item.
    confirmed: Cell<bool>,
    /// A draft save is scheduled.
    save_pending: Cell<bool>,
    /// The page was told a file cannot be played and the study ends.
    told_unplayable: Cell<bool>,
}

/// Mounts a widget (see [`super::mount_widget`]).
pub fn mount(element: Element, spec_json: &str, item_json: &str, options_json: &str) -> Handle {
    let instance = NEXT_INSTANCE.with(|n| n.replace(n.get() + 1));
    let (lang, loaded) = mount::load(spec_json, item_json, options_json);
    let draft_key = match &loaded {
        Loaded::Task { task, options } if options.autosave.unwrap_or(true) && !options.readonly => {
            Some(storage_key(task, &options.ids))
        }
        _ => None,
    };
    let controller = Rc::new(Controller {
        element: element.clone(),
        lang,
        loaded,
        link: Rc::new(WidgetLink::default()),
        submitted: RefCell::new(None),
        app: RefCell::new(None),
        visibility: RefCell::new(None),
        pagehide: RefCell::new(None),
        drafts: DraftStore::open(),
        draft_key,
        confirmed: Cell::new(false),
        save_pending: Cell::new(false),
        told_unplayable: Cell::new(false),
    });
    panic::register(&element, lang);
    element.set_text_content(None);
    let view = controller.view(instance);
    let app = Renderer::<Root>::with_root_and_props(
        element.clone(),
        RootProps {
            view: Rc::new(view),
        },
    )
    .render();
    *controller.app.borrow_mut() = Some(app);
    match controller.error_report() {
        Some(report) => emit(&element, "error", &report),
        None => controller.watch_visibility(),
    }
    Handle { inner: controller }
}

impl Controller {
    fn view(self: &Rc<Self>, instance: u32) -> RootView {
        match &self.loaded {
            Loaded::Broken { kind, issues } => RootView::Error(ErrorPanelProps {
                title: t(
                    self.lang,
                    if *kind == ErrorKind::Spec {
                        Msg::SpecErrorTitle
                    } else {
                        Msg::ItemErrorTitle
                    },
                )
                .into(),
                help: t(self.lang, Msg::ErrorHelp).into(),
                dir: self.lang.dir().attr(),
                lines: issues.iter().map(|i| i.to_string().into()).collect(),
            }),
            Loaded::Task { task, options } => {
                let weak = Rc::downgrade(self);
                let on_change = {
                    let weak = weak.clone();
                    Callback::from(move |m: Model| {
                        if let Some(c) = weak.upgrade() {
                            c.save_draft_soon();
                            c.save_headphones(&m);
                            c.tell_unplayable(&m);
                            emit(&c.element, "change", &m.report().to_public(c.lang))
                        }
                    })
                };
                let now = now_ms();
                let resumed = options
                    .resume
                    .clone()
                    .and_then(|v| crate::spec::from_value::<Draft>(&v).ok())
                    .and_then(|d| d.restore(task, now));
                let initial = resumed.or_else(|| {
                    self.draft_key
                        .as_ref()
                        .and_then(|key| self.drafts.load::<Draft>(key))
                        .and_then(|d| d.restore(task, now))
                });
                let initial = self.with_headphones(task, &options.ids, initial, now);
                let storage_note = (self.draft_key.is_some() && !self.drafts.persistent())
                    .then(|| t(self.lang, Msg::StorageUnavailable).into());
                let on_submit = bind(&weak, |c, ()| {
                    let _ = c.submit();
                });
                let on_ready = bind(&weak, |c, ()| {
                    emit(
                        &c.element,
                        "ready",
                        &serde_json::json!({ "version": crate::WIDGET_VERSION }),
                    )
                });
                let tally = (!options.readonly && has_questions(task)).then(|| {
                    let key = Tally::storage_key(task, &options.ids);
                    Rc::new(self.drafts.load::<Tally>(&key).unwrap_or_default())
                });
                let first_item = !self
                    .drafts
                    .load::<bool>(&seen_key(task, &options.ids))
                    .unwrap_or(false);
                RootView::Task(WidgetProps {
                    instance,
                    first_item,
                    tally,
                    task: Rc::clone(task),
                    link: Rc::clone(&self.link),
                    hide_submit: options.hide_submit || options.readonly,
                    readonly: options.readonly,
                    started_ms: now,
                    initial,
                    storage_note,
                    on_ready,
                    on_change,
                    on_submit,
                })
            }
        }
    }

    /// What is wrong with a mount that could not show its task (`None` when it shows one).
    fn error_report(&self) -> Option<ErrorDetail> {
        let Loaded::Broken { kind, issues } = &self.loaded else {
            return None;
        };
        Some(ErrorDetail::mount(*kind, issues))
    }

    fn report_js(&self) -> JsValue {
        match &self.loaded {
            Loaded::Broken { .. } => to_js(&self.error_report()),
            Loaded::Task { .. } => match self.link.latest() {
                Some(m) => to_js(&m.report().to_public(self.lang)),
                None => to_js(&PublicReport {
                    valid: false,
                    problems: vec![],
                }),
            },
        }
    }

    /// The result document of the current answers, or their report; `None` when there is
    /// nothing to submit (an error panel, a preview, no render yet).
    fn build(&self, now: u64) -> Option<Result<ResultDoc, crate::validate::Report>> {
        let Loaded::Task { task, options } = &self.loaded else {
            return None;
        };
        if options.readonly {
            return None;
        }
        let model = self.link.latest()?;
        Some(result::build(
            task,
            &model.form,
            &environment(),
            &options.ids,
            now,
        ))
    }

    fn submit(&self) -> Result<ResultDoc, JsValue> {
        if let Some(doc) = self.submitted.borrow().clone() {
            return Ok(doc);
        }
        let Loaded::Task { task, options } = &self.loaded else {
            return Err(to_js(&self.error_report()));
        };
        let now = now_ms();
        match self.build(now) {
            None => Err(to_js(&PublicReport {
                valid: false,
                problems: vec![],
            })),
            Some(Ok(doc)) => {
                *self.submitted.borrow_mut() = Some(doc.clone());
                if let Some(model) = self.link.latest() {
                    self.count_questions(task, &options.ids, &model);
                }
                // Later items of this task start with the instructions folded.
                self.drafts.save(&seen_key(task, &options.ids), &true);
                self.link.dispatch(Action::Submitted { now_ms: now });
                emit(&self.element, "submit", &doc);
                Ok(doc)
            }
            Some(Err(report)) => {
                self.link.dispatch(Action::SubmitRefused { now_ms: now });
                Err(to_js(&report.to_public(self.lang)))
            }
        }
    }

    /// The form to start from with the participant's headphone check as they left it on an
    /// earlier item (or earlier on this one). (A build without media has none to keep.)
    fn with_headphones(
        &self,
        task: &Task,
        ids: &SortedMap<String, String>,
        initial: Option<crate::form::FormState>,
        now: u64,
    ) -> Option<crate::form::FormState> {
        if !crate::support::family::MEDIA || task.spec.headphones().is_none() {
            return initial;
        }
        let Some(kept) = self
            .drafts
            .load::<String>(&headphones_key(task, ids))
            .and_then(|t| crate::form::headphones::Headphones::from_text(&t))
        else {
            return initial;
        };
        let mut form = initial.unwrap_or_else(|| crate::form::suggestions::fresh(task, now));
        form.headphones = Some(crate::support::family::Gate::gate(kept));
        Some(form)
    }

    /// Keeps the participant's headphone check for their next items.
    /// A file that failed its last try where the study ends then (`unplayable: end`): the
    /// page is told, once (`glossa:error`, code `media_unplayable`), and offers the study's
    /// way back.
    fn tell_unplayable(&self, model: &Model) {
        if !crate::support::family::MEDIA || self.told_unplayable.get() {
            return;
        }
        let end = crate::form::media::unplayable(
            &model.task,
            &model.form,
            crate::spec::media::Unplayable::End,
        );
        if let Some(src) = end {
            self.told_unplayable.set(true);
            let message = t(self.lang, Msg::MediaUnplayableEnd);
            emit(
                &self.element,
                "error",
                &ErrorDetail::unplayable(&src, &message),
            );
        }
    }

    fn save_headphones(&self, model: &Model) {
        if let (true, Some(h), Loaded::Task { task, options }) = (
            crate::support::family::MEDIA,
            model.form.headphones(),
            &self.loaded,
        ) {
            if !options.readonly {
                self.drafts
                    .save(&headphones_key(task, &options.ids), &h.to_text());
            }
        }
    }

    /// Adds a submitted item's questions to the session's running tally.
    fn count_questions(&self, task: &Task, ids: &SortedMap<String, String>, model: &Model) {
        for answer in model.form.answers.values() {
            if let Answer::Questions(set) = answer {
                let key = Tally::storage_key(task, ids);
                let mut tally = self.drafts.load::<Tally>(&key).unwrap_or_default();
                tally.add(set);
                self.drafts.save(&key, &tally);
            }
        }
    }

    fn destroy(&self) {
        self.visibility.borrow_mut().take();
        self.pagehide.borrow_mut().take();
        if let Some(app) = self.app.borrow_mut().take() {
            app.destroy();
        }
        panic::unregister(&self.element);
    }
}

/// Whether the task has a control that keeps a session tally (question authoring).
fn has_questions(task: &Task) -> bool {
    task.spec
        .controls
        .iter()
        .any(crate::spec::Control::tallies_session)
}

/// A callback that reaches the controller without keeping it alive (the widget it renders
/// holds these callbacks, and the controller holds the widget).
fn bind<T: 'static>(weak: &Weak<Controller>, f: impl Fn(&Controller, T) + 'static) -> Callback<T> {
    let weak = weak.clone();
    Callback::from(move |arg: T| {
        if let Some(c) = weak.upgrade() {
            f(&c, arg)
        }
    })
}
