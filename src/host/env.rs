//! Reading the clock and the device: the only place the widget asks the browser about them.

use crate::result::{Environment, Viewport};

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> u64 {
    js_sys::Date::now() as u64
}

/// The annotator's device, as recorded in the result.
pub fn environment() -> Environment {
    let Some(window) = web_sys::window() else {
        return Environment::default();
    };
    let navigator = window.navigator();
    let px =
        |v: Result<wasm_bindgen::JsValue, _>| v.ok().and_then(|v| v.as_f64()).unwrap_or(0.0) as u32;
    let coarse = window
        .match_media("(pointer: coarse)")
        .ok()
        .flatten()
        .is_some_and(|m| m.matches());
    Environment {
        locale: navigator.language().unwrap_or_default(),
        viewport: Viewport {
            width: px(window.inner_width()),
            height: px(window.inner_height()),
        },
        touch: navigator.max_touch_points() > 0 || coarse,
        user_agent: navigator.user_agent().unwrap_or_default(),
    }
}

/// Whether the page is visible now.
pub fn page_visible() -> bool {
    web_sys::window()
        .and_then(|w| w.document())
        .is_none_or(|d| d.visibility_state() == web_sys::VisibilityState::Visible)
}
