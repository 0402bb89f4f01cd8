//! The host surface: the `#[wasm_bindgen]` API that `www/glossa.js` wraps, the DOM events a
//! widget raises, the device environment, and the panic hook.
//!
//! Events (all `CustomEvent`s on the mount element that bubble and are composed):
//! `glossa:ready`, `glossa:change` (detail = report), `glossa:submit` (detail = result),
//! `glossa:error` (detail = `{kind, problems}` when the spec or item cannot be shown).

#[cfg(feature = "bench-boundary")]
mod boundary_bench;
mod controller;
mod env;
mod events;
mod panic;
mod storage;

pub use controller::Handle;

use wasm_bindgen::prelude::*;
use web_sys::Element;

/// Mounts a widget into `element`. `spec`, `item` and `options` are JSON strings (the JS
/// wrapper turns objects into strings so that parse errors carry exact paths).
/// Never throws for bad input: a bad spec, item or option shows an error panel instead.
#[wasm_bindgen(js_name = mountWidget)]
pub fn mount_widget(element: Element, spec: &str, item: &str, options: &str) -> Handle {
    panic::install();
    controller::mount(element, spec, item, options)
}

/// Takes the UI strings of a language (`lang`: the spec's tag; `json`: every string in the order
/// `glossa.js` reads from `www/strings/en.json`, merged with the language's file and the spec's
/// `ui_strings`, then the digits, direction and plural categories, each ended by U+0001; see
/// `i18n::register`) before a mount in that language. Builds with the strings
/// compiled in (the component tests) accept and ignore it. Returns `false` for a list of
/// another version.
#[wasm_bindgen(js_name = setUiStrings)]
pub fn set_ui_strings(lang: &str, json: &str) -> bool {
    #[cfg(feature = "strings-data")]
    return crate::i18n::register(lang, json);
    #[cfg(not(feature = "strings-data"))]
    {
        let _ = (lang, json);
        true
    }
}

/// Removes the draft saved under `key` (from browser storage and from this page's memory):
/// what `confirm()` does for a handle that was already destroyed.
#[wasm_bindgen(js_name = clearDraft)]
pub fn clear_draft(key: &str) {
    storage::DraftStore::open().clear(key);
}

/// A simulated annotator's result for a spec and item (see [`crate::simulate`]), as JSON text:
/// what jsPsych's data-only simulation records. `seed` picks the annotator (the same seed, the
/// same answers). An error names what is wrong with the spec, item or options, or why no valid
/// answer was found. In the `full` build only (feature `simulate`).
#[cfg(feature = "simulate")]
#[wasm_bindgen(js_name = simulateResult)]
pub fn simulate_result(spec: &str, item: &str, options: &str, seed: f64) -> Result<String, String> {
    use crate::mount::Loaded;
    let (lang, loaded) = crate::mount::load(spec, item, options);
    let (task, options) = match loaded {
        Loaded::Task { task, options } => (task, options),
        Loaded::Broken { issues, .. } => {
            let lines: Vec<String> = issues.iter().map(ToString::to_string).collect();
            return Err(lines.join("\n"));
        }
    };
    let now = env::now_ms();
    let report = |r: crate::validate::Report| {
        let public = r.to_public(lang);
        serde_json::to_string(&public).unwrap_or_default()
    };
    let (_, form) = crate::simulate::annotate(&task, seed as u64, now).map_err(report)?;
    let doc = crate::result::build(&task, &form, &env::environment(), &options.ids, now)
        .map_err(report)?;
    serde_json::to_string(&doc).map_err(|e| e.to_string())
}
