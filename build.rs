//! Sets `cfg(ui)` where the widget's components are compiled: the participant builds (feature
//! `web`), and where they render a study's first screen to HTML (yew's server-side rendering,
//! `ui::prerender`): every native build (`glossa host`) and the studio's renderer (feature
//! `prerender-web`).

fn main() {
    println!("cargo::rustc-check-cfg=cfg(ui)");
    let web = std::env::var_os("CARGO_FEATURE_WEB").is_some()
        || std::env::var_os("CARGO_FEATURE_PRERENDER_WEB").is_some();
    let wasm = std::env::var("CARGO_CFG_TARGET_ARCH").is_ok_and(|a| a == "wasm32");
    if web || !wasm {
        println!("cargo::rustc-cfg=ui");
    }
}
