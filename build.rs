//! Sets `cfg(ui)` where the widget's components are compiled: the browser builds (feature
//! `web`) and every native build, where `glossa host` renders a study's first screen with them
//! (yew's server-side rendering, `ui::prerender`).

fn main() {
    println!("cargo::rustc-check-cfg=cfg(ui)");
    let web = std::env::var_os("CARGO_FEATURE_WEB").is_some();
    let wasm = std::env::var("CARGO_CFG_TARGET_ARCH").is_ok_and(|a| a == "wasm32");
    if web || !wasm {
        println!("cargo::rustc-cfg=ui");
    }
}
