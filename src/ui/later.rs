//! Work that waits until the browser has painted: `after_paint` runs a function in a task
//! after the next frame, and `use_painted` tells a component that its first frame is on
//! screen (closed panels fill in their bodies then, off the first render's path).

use std::rc::Rc;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// Runs `f` in a task after the next animation frame; hidden pages get no frames, so a
/// 100 ms timer runs it too (it must be safe to run twice). Without a window it runs at once.
pub fn after_paint(f: impl Fn() + 'static) {
    let f = Rc::new(f);
    let Some(window) = web_sys::window() else {
        f();
        return;
    };
    let later = {
        let f = Rc::clone(&f);
        Closure::once_into_js(move || f())
    };
    let after_frame = {
        let window = window.clone();
        Closure::once_into_js(move || {
            let _ = window.set_timeout_with_callback(later.unchecked_ref());
        })
    };
    if window
        .request_animation_frame(after_frame.unchecked_ref())
        .is_err()
    {
        f();
        return;
    }
    let fallback = Closure::once_into_js(move || f());
    let _ =
        window.set_timeout_with_callback_and_timeout_and_arguments_0(fallback.unchecked_ref(), 100);
}

/// False during the component's first frame, true once it has been painted.
#[hook]
pub fn use_painted() -> bool {
    let painted = use_state_eq(|| false);
    {
        let painted = painted.setter();
        use_effect_with((), move |_| after_paint(move || painted.set(true)));
    }
    *painted
}
