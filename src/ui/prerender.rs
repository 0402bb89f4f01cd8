//! The first screen of a task as HTML, rendered natively by the widget's own components (yew's
//! server-side rendering): what `glossa host` writes into the page, so the participant sees the
//! item before the wasm has loaded. The wasm then takes the screen over (`www/glossa.js`).

use super::{Root, RootProps, RootView, WidgetLink, WidgetProps};
use crate::mount::{self, Loaded, Rendered};
use crate::task::Task;
use std::future::Future;
use std::pin::pin;
use std::rc::Rc;
use std::sync::Arc;
use std::task::{Context, Poll, Wake, Waker};
use yew::{Callback, LocalServerRenderer};

/// The instance number the first mount of a page gets (`host::controller`): the pre-rendered
/// screen's DOM ids are that mount's.
const FIRST_INSTANCE: u32 = 1;

/// The HTML a first mount of `item` under `spec` shows inside its element, on an annotator's
/// first item, without a draft, and the build that takes it over. `None` when the screen is not the same for every participant
/// (outputs in an order drawn per participant, model suggestions shown to a share of them: the
/// host's seed decides), when a tap on it could not be kept until the widget takes over (see
/// [`kept_by_the_page`]), or when the spec or item does not load (the page then shows the
/// widget's own error panel).
pub fn first_screen(spec_json: &str, item_json: &str) -> Option<Rendered> {
    first_screen_with(spec_json, item_json, "{}")
}

/// [`first_screen`] as a mount with these options shows it (`{"hideSubmit": true}`: a survey's
/// own Next button submits, as in Qualtrics).
pub fn first_screen_with(spec_json: &str, item_json: &str, options_json: &str) -> Option<Rendered> {
    let (_, loaded) = mount::load(spec_json, item_json, options_json);
    let Loaded::Task { task, options } = loaded else {
        return None;
    };
    if !same_for_everyone(&task) || !kept_by_the_page(&task) {
        return None;
    }
    let props = WidgetProps {
        instance: FIRST_INSTANCE,
        first_item: true,
        tally: None,
        task,
        link: Rc::new(WidgetLink::default()),
        hide_submit: options.hide_submit || options.readonly,
        readonly: options.readonly,
        started_ms: 0,
        initial: None,
        storage_note: None,
        on_ready: Callback::noop(),
        on_change: Callback::noop(),
        on_submit: Callback::noop(),
    };
    let view = Rc::new(RootView::Task(props));
    let renderer = LocalServerRenderer::<Root>::with_props(RootProps { view }).hydratable(false);
    let html = block_on(renderer.render());
    let spec: serde_json::Value = serde_json::from_str(spec_json).ok()?;
    let build = crate::kinds::catalog::build_for(&spec).to_owned();
    Some(Rendered { html, build })
}

/// Whether everything a participant can do on the screen before the wasm is kept: choices,
/// typing and taps on buttons are (the page's own form fields hold them, and
/// `www/first-screen.js` keeps the taps and keys), but words marked by a pointer gesture, cards
/// dragged into a ranking and a slider's handle let go where it started are not — those
/// screens wait for the widget.
fn kept_by_the_page(task: &Task) -> bool {
    use crate::item::ItemFields;
    task.spec.controls.iter().all(|c| {
        crate::spec::each_control!(c, k => k.span_field()).is_none() && c.keeps_early_taps()
    })
}

/// Whether every participant sees the task alike: no outputs shuffled (the presentation keeps
/// a seed only when it shuffled), and suggestions, if any, shown to everyone.
fn same_for_everyone(task: &Task) -> bool {
    let split = task.suggested().is_some()
        && task
            .spec
            .suggestions
            .as_ref()
            .is_some_and(|s| s.show_percent < 100);
    task.presentation.seed.is_none() && !split
}

/// Markdown as the widget shows it (its own safe subset and component), as HTML: the studio's
/// preview of an instructions or definition field. Text is escaped by the renderer; raw HTML in
/// the source stays text.
pub fn markdown_html(source: &str) -> String {
    use super::markdown_view::{Markdown, MarkdownProps};
    let props = MarkdownProps {
        source: source.to_owned().into(),
        class: yew::Classes::new(),
    };
    block_on(
        LocalServerRenderer::<Markdown>::with_props(props)
            .hydratable(false)
            .render(),
    )
}

/// The studio's Markdown preview (`www/prerender-pkg/`): see [`markdown_html`].
#[cfg(feature = "prerender-web")]
#[wasm_bindgen::prelude::wasm_bindgen(js_name = markdownHtml)]
pub fn markdown_html_web(source: &str) -> String {
    markdown_html(source)
}

/// Runs a future that never waits on anything outside itself (the renderer's) to its end.
fn block_on<F: Future>(future: F) -> F::Output {
    struct Nothing;
    impl Wake for Nothing {
        fn wake(self: Arc<Self>) {}
    }
    let waker = Waker::from(Arc::new(Nothing));
    let mut cx = Context::from_waker(&waker);
    let mut future = pin!(future);
    loop {
        if let Poll::Ready(out) = future.as_mut().poll(&mut cx) {
            return out;
        }
    }
}

/// The studio's first screens (`www/prerender-pkg/`): for a spec and items (a JSON list), a
/// JSON object of each item's screen (`{"html", "build"}`) by id, for the items that have one.
#[cfg(feature = "prerender-web")]
#[wasm_bindgen::prelude::wasm_bindgen(js_name = firstScreens)]
pub fn first_screens(spec_json: &str, items_json: &str) -> String {
    let items: Vec<serde_json::Value> = serde_json::from_str(items_json).unwrap_or_default();
    let screens: serde_json::Map<String, serde_json::Value> = items
        .iter()
        .filter_map(|item| {
            let id = item.get("id")?.as_str()?.to_owned();
            let screen = first_screen(spec_json, &item.to_string())?;
            Some((id, serde_json::to_value(screen).ok()?))
        })
        .collect();
    serde_json::Value::Object(screens).to_string()
}
