//! Raising the widget's DOM events: bubbling, composed `CustomEvent`s with JSON-shaped details.

use serde::Serialize;
use wasm_bindgen::JsValue;
use web_sys::{CustomEvent, CustomEventInit, Element};

/// Converts a value to a plain JS object, through JSON (one serializer for everything the
/// widget hands out keeps the bundle small; objects come out as objects, never `Map`s).
pub fn to_js<T: Serialize>(value: &T) -> JsValue {
    serde_json::to_string(value)
        .ok()
        .and_then(|json| js_sys::JSON::parse(&json).ok())
        .unwrap_or(JsValue::NULL)
}

/// Raises `glossa:{name}` on the element.
pub fn emit<T: Serialize>(element: &Element, name: &str, detail: &T) {
    let init = CustomEventInit::new();
    init.set_bubbles(true);
    init.set_composed(true);
    init.set_detail(&to_js(detail));
    if let Ok(event) = CustomEvent::new_with_event_init_dict(&format!("glossa:{name}"), &init) {
        let _ = element.dispatch_event(&event);
    }
}
