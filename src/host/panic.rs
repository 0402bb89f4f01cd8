//! The panic hook: an unexpected failure replaces every mounted widget with a readable panel
//! (built with DOM calls and text nodes) and raises `glossa:error`, instead of a frozen box.

use super::events::emit;
use crate::i18n::{t, Lang, Msg};
use std::cell::RefCell;
use std::sync::Once;
use web_sys::Element;

thread_local! {
    static MOUNTED: RefCell<Vec<(Element, Lang)>> = const { RefCell::new(Vec::new()) };
}

/// Remembers a mounted element so a panic can replace its content.
pub fn register(element: &Element, lang: Lang) {
    MOUNTED.with(|m| m.borrow_mut().push((element.clone(), lang)));
}

/// Forgets an element (on destroy).
pub fn unregister(element: &Element) {
    MOUNTED.with(|m| m.borrow_mut().retain(|(e, _)| e != element));
}

/// Installs the hook once per page.
pub fn install() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        yew::set_custom_panic_hook(Box::new(|info| {
            let message = info.to_string();
            web_sys::console::error_1(&format!("glossa: {message}").into());
            let mounted = MOUNTED.with(|m| m.try_borrow().map(|m| m.clone()).unwrap_or_default());
            for (element, lang) in mounted {
                show_panel(&element, lang, &message);
                emit(
                    &element,
                    "error",
                    &crate::mount::ErrorDetail::internal(message.clone()),
                );
            }
        }));
    });
}

fn show_panel(element: &Element, lang: Lang, message: &str) {
    let Some(doc) = element.owner_document() else {
        return;
    };
    element.set_text_content(None);
    let make = |tag: &str, text: &str| {
        doc.create_element(tag)
            .ok()
            .inspect(|el| el.set_text_content(Some(text)))
    };
    if let Ok(panel) = doc.create_element("div") {
        let _ = panel.set_attribute("class", "glossa-error-panel");
        let _ = panel.set_attribute("role", "alert");
        for (tag, text) in [
            ("h2", t(lang, Msg::InternalErrorTitle)),
            ("p", t(lang, Msg::ErrorHelp)),
            ("pre", message),
        ] {
            if let Some(el) = make(tag, text) {
                let _ = panel.append_child(&el);
            }
        }
        let _ = element.append_child(&panel);
    }
}
