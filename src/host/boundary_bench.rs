//! Benchmark only (feature `bench-boundary`; `bench/boundary.mjs`): reading a spec and an item,
//! and handing back a document, through JSON text (what Glossa does) and through
//! serde-wasm-bindgen (JS objects), each the whole way to the typed values.

use crate::item::Item;
use crate::spec::TaskSpec;
use wasm_bindgen::prelude::*;

/// JSON text in: text → `Value` → the typed spec and item (the path-tracking reader).
#[wasm_bindgen(js_name = benchReadJson)]
pub fn bench_read_json(spec: &str, item: &str) -> bool {
    let s = crate::spec::parse_json::<TaskSpec>(spec, "");
    let i = crate::spec::parse_json::<Item>(item, "item");
    s.is_ok() && i.is_ok()
}

/// JS objects in: serde-wasm-bindgen → `Value` → the same typed reader (it keeps the exact
/// path of each problem, which a direct read into the types would lose).
#[wasm_bindgen(js_name = benchReadJs)]
pub fn bench_read_js(spec: JsValue, item: JsValue) -> bool {
    let read = |v: JsValue| serde_wasm_bindgen::from_value::<serde_json::Value>(v).ok();
    let (Some(s), Some(i)) = (read(spec), read(item)) else {
        return false;
    };
    crate::spec::from_value::<TaskSpec>(&s).is_ok() && crate::spec::from_value::<Item>(&i).is_ok()
}

/// A document out as JSON text (the caller parses it with `JSON.parse`).
#[wasm_bindgen(js_name = benchWriteJson)]
pub fn bench_write_json(spec: &str) -> String {
    let s: TaskSpec = crate::spec::parse_json(spec, "").expect("a valid spec");
    serde_json::to_string(&s).unwrap_or_default()
}

/// A document out as a JS object (serde-wasm-bindgen, maps as plain objects).
#[wasm_bindgen(js_name = benchWriteJs)]
pub fn bench_write_js(spec: &str) -> JsValue {
    let s: TaskSpec = crate::spec::parse_json(spec, "").expect("a valid spec");
    let ser = serde_wasm_bindgen::Serializer::json_compatible();
    serde::Serialize::serialize(&s, &ser).unwrap_or(JsValue::NULL)
}
