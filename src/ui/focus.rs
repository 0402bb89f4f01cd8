//! Moving keyboard focus: to an element now, or once the render under way is on screen.

use wasm_bindgen::JsCast;
use web_sys::HtmlElement;

/// Focuses the first element matching a CSS selector, if there is one.
pub(crate) fn focus_selector(selector: &str) {
    let el = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector(selector).ok().flatten())
        .and_then(|el| el.dyn_into::<HtmlElement>().ok());
    if let Some(el) = el {
        let _ = el.focus();
    }
}

/// Focuses the element with this DOM id (ids from `dom_id` are selector-safe).
pub(crate) fn focus(id: &str) {
    focus_selector(&format!("#{id}"));
}

/// Focuses the element with this DOM id after the current render (an element it adds).
pub(crate) fn focus_later(id: String) {
    let f = wasm_bindgen::closure::Closure::once_into_js(move || focus(&id));
    if let Some(w) = web_sys::window() {
        let _ = w.set_timeout_with_callback(f.unchecked_ref());
    }
}
