//! The first screen rendered natively (`ui::prerender`): what `glossa host` writes into a page.
//! That the browser's widget renders the same DOM from it is tested end to end
//! (`tests/e2e/first-screen.test.mjs`).

use glossa::ui::prerender;

/// The first screen's HTML.
fn first_screen(spec: &str, item: &str) -> Option<String> {
    prerender::first_screen(spec, item).map(|s| s.html)
}
use serde_json::Value;

/// An example's spec and items (`www/examples/index.json` names their files).
fn example(name: &str) -> (String, Vec<Value>) {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/www/examples");
    let index: Vec<Value> =
        serde_json::from_str(&std::fs::read_to_string(format!("{dir}/index.json")).unwrap())
            .unwrap();
    let entry = index.iter().find(|e| e["id"] == name).unwrap();
    let read = |key: &str| {
        std::fs::read_to_string(format!("{dir}/{}", entry[key].as_str().unwrap())).unwrap()
    };
    let items = read("items");
    let items = if items.trim_start().starts_with('[') {
        serde_json::from_str(&items).unwrap()
    } else {
        items
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| serde_json::from_str(l).unwrap())
            .collect()
    };
    (read("spec"), items)
}

#[test]
fn the_italian_item_is_rendered_with_its_text_options_and_submit_button() {
    let (spec, items) = example("it-implicit");
    let html = first_screen(&spec, &items[0].to_string()).expect("a first screen");
    for text in [
        "Valutazione del contenuto implicito",
        "Diseguaglianza significa un lavoro precario",
        "Totalmente corretto",
        "Risposta non fornita",
        ">Invia</button>",
    ] {
        assert!(html.contains(text), "{text} missing from {html}");
    }
    assert_eq!(html.matches("type=\"radio\"").count(), 5);
}

#[test]
fn every_example_has_a_first_screen_unless_participants_see_different_ones_or_mark_words() {
    let index: Vec<Value> = serde_json::from_str(
        &std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/www/examples/index.json"
        ))
        .unwrap(),
    )
    .unwrap();
    // Outputs shown in an order drawn per participant (`shuffle`; a pairwise comparison's sides
    // unless `fixed_sides`), or words marked by pointer gestures (spans, questions' answers).
    let drawn = [
        "cs-propaganda",
        "en-ner",
        "en-relations",
        "de-toxic",
        "en-de-mqm",
        "en-de-mqm-systems",
        "pl-poquad",
        "de-esa",
        "en-likert",
        "en-summeval",
        "en-de-da",
        "en-chatbot-pairwise",
        "en-chatbot-compare",
        "en-rankme-ranking",
        "en-bws",
        "en-mushra",
        "en-image-captions",
        "en-transcript-check",
    ];
    assert_eq!(index.len(), 25);
    for entry in index {
        let id = entry["id"].as_str().unwrap();
        let (spec, items) = example(id);
        let screen = first_screen(&spec, &items[0].to_string());
        assert_eq!(screen.is_none(), drawn.contains(&id), "{id}");
        if let Some(html) = screen {
            assert!(
                html.starts_with("<div") && html.contains("class=\"glossa\""),
                "{id}: {html}"
            );
        }
    }
}

#[test]
fn item_text_is_escaped_in_the_first_screen() {
    let (spec, items) = example("it-implicit");
    let mut item = items[0].clone();
    item["testo"] = Value::from("<img src=x onerror=alert(1)> & <script>alert(2)</script>");
    let html = first_screen(&spec, &item.to_string()).unwrap();
    assert!(
        !html.contains("<img") && !html.contains("<script"),
        "{html}"
    );
    assert!(
        html.contains("&lt;img src=x onerror=alert(1)&gt; &amp; &lt;script&gt;"),
        "{html}"
    );
}

#[test]
fn a_spec_or_item_that_does_not_load_has_no_first_screen() {
    let (spec, items) = example("it-implicit");
    assert!(first_screen("{", &items[0].to_string()).is_none());
    assert!(first_screen(&spec, "{\"id\": \"x\"}").is_none());
}

#[test]
fn the_screen_names_the_build_that_takes_it_over() {
    let (spec, items) = example("it-implicit");
    let screen = prerender::first_screen(&spec, &items[0].to_string()).unwrap();
    assert_eq!(screen.build, "choice");
    let (spec, items) = example("en-informativeness");
    let screen = prerender::first_screen(&spec, &items[0].to_string()).unwrap();
    assert_eq!(screen.build, "number");
}

#[test]
fn the_studios_markdown_preview_is_the_widgets_markdown_and_keeps_markup_as_text() {
    let html = glossa::ui::prerender::markdown_html(
        "Mark **every** name.\n\n- *one*\n- two\n\n<script>alert(1)</script> <img src=x onerror=alert(2)>",
    );
    assert!(html.contains("<strong>every</strong>"), "{html}");
    assert!(html.contains("<li><em>one</em></li>"), "{html}");
    assert!(!html.contains("<script"), "{html}");
    assert!(!html.contains("<img"), "{html}");
    assert!(html.contains("&lt;script&gt;"), "{html}");
    // Links: only http, https and mailto become links, and a quote cannot leave the href.
    let links = glossa::ui::prerender::markdown_html(
        "[a](javascript:alert(1)) [b](data:text/html,x) [c](https://x.example/\"onmouseover=alert(2)) [d](https://example.org)",
    );
    assert!(!links.contains("javascript:"), "{links}");
    assert!(!links.contains("href=\"data:"), "{links}");
    assert!(!links.contains("\"onmouseover"), "{links}");
    assert!(links.contains("<a href=\"https://example.org\""), "{links}");
}
