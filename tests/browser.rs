//! In-browser component tests (wasm-bindgen-test, headless Chromium): mount the real widget
//! into a real DOM, act on it as a user would, and read what the host API reports.
#![cfg(target_arch = "wasm32")]

use glossa::host::mount_widget;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;
use web_sys::{Element, HtmlElement, HtmlInputElement};

wasm_bindgen_test_configure!(run_in_browser);

const SPEC: &str = include_str!("../www/examples/it-implicit/spec.json");
const ITEM: &str = r#"{"id": "t-1", "testo": "Il testo del discorso <b>non grassetto</b>.",
    "annotazione": "L'Italia è ferma.", "output": "Un output qualsiasi."}"#;

/// A spec whose instructions stay folded from the first item (they open on an annotator's
/// first item by default, pushing the task down the page).
fn folded(spec: &str) -> String {
    spec.replacen('{', "{\"instructions_open_first\": false,", 1)
}

fn container() -> Element {
    let doc = web_sys::window().unwrap().document().unwrap();
    let div = doc.create_element("div").unwrap();
    doc.body().unwrap().append_child(&div).unwrap();
    div
}

/// Waits until the widget has done everything a user's action set off: word picks reach the
/// form model after the frame that paints them, then yew re-renders.
async fn settle() {
    yew::scheduler::flush().await;
    let after_frame = js_sys::Promise::new(&mut |resolve, _| {
        let window = web_sys::window().unwrap();
        let later = wasm_bindgen::closure::Closure::once_into_js(move || {
            let window = web_sys::window().unwrap();
            window
                .set_timeout_with_callback(resolve.unchecked_ref())
                .unwrap();
        });
        window
            .request_animation_frame(later.unchecked_ref())
            .unwrap();
    });
    wasm_bindgen_futures::JsFuture::from(after_frame)
        .await
        .unwrap();
    yew::scheduler::flush().await;
}

/// Settles until `done` holds (a state, not a time: on a busy machine a render or a panel's
/// fill-in after the first frame can take more than one frame); fails after 600 frames.
async fn until(what: &str, done: impl Fn() -> bool) {
    for _ in 0..600 {
        if done() {
            return;
        }
        settle().await;
    }
    panic!("never came: {what}");
}

/// The span text of a mounted widget.
fn span_text(root: &Element) -> HtmlElement {
    root.query_selector(".glossa-span-text")
        .unwrap()
        .expect("a span text")
        .dyn_into()
        .unwrap()
}

/// Presses a key (keydown, bubbling) on an element.
fn press(target: &HtmlElement, key: &str, shift: bool) {
    let init = web_sys::KeyboardEventInit::new();
    init.set_key(key);
    init.set_shift_key(shift);
    init.set_bubbles(true);
    let e = web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap();
    target.dispatch_event(&e).unwrap();
}

fn get(value: &JsValue, key: &str) -> JsValue {
    js_sys::Reflect::get(value, &key.into()).unwrap()
}

fn radio(root: &Element, label: &str) -> HtmlInputElement {
    let labels = root
        .query_selector_all("label.glossa-option-label")
        .unwrap();
    for i in 0..labels.length() {
        let l: Element = labels.item(i).unwrap().dyn_into().unwrap();
        if l.text_content().unwrap_or_default().contains(label) {
            let id = l.get_attribute("for").unwrap();
            return root
                .query_selector(&format!("#{id}"))
                .unwrap()
                .unwrap()
                .dyn_into()
                .unwrap();
        }
    }
    panic!("no option labelled {label}");
}

#[wasm_bindgen_test]
async fn mounting_renders_texts_as_text_and_all_options() {
    let root = container();
    let _handle = mount_widget(root.clone(), SPEC, ITEM, "{}");
    settle().await;
    let text = root.text_content().unwrap();
    for expected in [
        "Testo",
        "Annotazione umana",
        "Output",
        "L'Italia è ferma.",
        "Il testo del discorso <b>non grassetto</b>.",
        "Totalmente corretto",
        "Corretto tra varie opzioni",
        "Parzialmente corretto",
        "Totalmente sbagliato",
        "Risposta non fornita",
        "Invia",
    ] {
        assert!(text.contains(expected), "missing {expected:?}");
    }
    assert!(
        root.query_selector("b").unwrap().is_none(),
        "item markup must not render"
    );
    assert_eq!(
        root.query_selector_all("input[type=radio]")
            .unwrap()
            .length(),
        5
    );
}

#[wasm_bindgen_test]
async fn choosing_an_option_makes_the_report_valid() {
    let root = container();
    let handle = mount_widget(root.clone(), SPEC, ITEM, "{}");
    settle().await;
    let before = handle.validate();
    assert_eq!(get(&before, "valid"), JsValue::FALSE);
    let problems: js_sys::Array = get(&before, "problems").dyn_into().unwrap();
    assert_eq!(get(&problems.get(0), "code"), JsValue::from_str("required"));
    assert_eq!(
        get(&problems.get(0), "path"),
        JsValue::from_str("valutazione")
    );

    radio(&root, "Parzialmente corretto").click();
    settle().await;
    assert_eq!(get(&handle.validate(), "valid"), JsValue::TRUE);
    let result = handle.submit();
    let answers = get(&result, "answers");
    assert_eq!(
        get(&answers, "valutazione"),
        JsValue::from_str("parzialmente_corretto")
    );
    assert_eq!(get(&result, "item_id"), JsValue::from_str("t-1"));
}

#[wasm_bindgen_test]
async fn refused_submit_shows_the_message_beside_the_control() {
    let root = container();
    let handle = mount_widget(root.clone(), SPEC, ITEM, "{}");
    settle().await;
    assert!(root.query_selector(".glossa-error").unwrap().is_none());
    let refused = handle.submit();
    assert_eq!(get(&refused, "valid"), JsValue::FALSE);
    settle().await;
    let error = root
        .query_selector("fieldset .glossa-error")
        .unwrap()
        .expect("error shown");
    assert_eq!(error.text_content().unwrap(), "Scegli una delle opzioni.");
}

#[wasm_bindgen_test]
async fn definition_opens_on_click() {
    let root = container();
    let _handle = mount_widget(root.clone(), SPEC, ITEM, "{}");
    settle().await;
    assert!(!root.text_content().unwrap().contains("diverso"));
    let toggle: HtmlElement = root
        .query_selector("button[aria-label='Definizione di «Totalmente sbagliato»']")
        .unwrap()
        .expect("toggle")
        .dyn_into()
        .unwrap();
    toggle.click();
    let selector = "button[aria-label='Definizione di «Totalmente sbagliato»']";
    until("the definition open", || {
        root.query_selector(selector)
            .ok()
            .flatten()
            .and_then(|t| t.get_attribute("aria-expanded"))
            .as_deref()
            == Some("true")
            && root
                .text_content()
                .unwrap_or_default()
                .contains("diverso da quanto annotato")
    })
    .await;
}

#[wasm_bindgen_test]
async fn bad_spec_shows_a_panel_naming_the_field() {
    let root = container();
    let bad = SPEC.replacen("\"totalmente_corretto\"", "\"totalmente_sbagliato\"", 1);
    let handle = mount_widget(root.clone(), &bad, ITEM, "{}");
    settle().await;
    let text = root.text_content().unwrap();
    assert!(
        text.contains("La configurazione del compito contiene errori"),
        "{text}"
    );
    assert!(text.contains("controls[0].options[3].value"), "{text}");
    assert_eq!(get(&handle.validate(), "valid"), JsValue::FALSE);
}

#[wasm_bindgen_test]
async fn item_missing_a_field_shows_a_panel_naming_it() {
    let root = container();
    let _handle = mount_widget(
        root.clone(),
        SPEC,
        r#"{"id": "x", "testo": "t", "output": "o"}"#,
        "{}",
    );
    settle().await;
    let text = root.text_content().unwrap();
    assert!(
        text.contains("Questo elemento non può essere mostrato"),
        "{text}"
    );
    assert!(text.contains("item.annotazione"), "{text}");
}

const EN_SPEC: &str = include_str!("../www/examples/en-informativeness/spec.json");
const EN_ITEM: &str = r#"{"id": "e-1", "mr": "name[Cocum], area[city centre]", "highlight": ["area"],
    "outputs": [{"id": "x", "text": "Cocum is central."}, {"id": "y", "text": "Cocum <i>exists</i>."}]}"#;

/// Types into an input or a text area (sets its value and fires `input`).
fn type_into(root: &Element, selector: &str, text: &str) {
    let input = root.query_selector(selector).unwrap().expect(selector);
    js_sys::Reflect::set(&input, &"value".into(), &text.into()).unwrap();
    let event = web_sys::InputEvent::new("input").unwrap();
    input.dispatch_event(&event).unwrap();
}

#[wasm_bindgen_test]
async fn number_boxes_follow_the_item_and_typing_validates() {
    let root = container();
    // Two outputs: the shipped spec fixes three (RankME), this one lets the item decide.
    let spec = EN_SPEC.replace(",\n        \"count\": 3", "");
    let handle = mount_widget(root.clone(), &spec, EN_ITEM, "{}");
    settle().await;
    assert_eq!(
        root.query_selector_all("input.glossa-number-input")
            .unwrap()
            .length(),
        2
    );
    let highlighted = root
        .query_selector(".glossa-chip.is-highlighted")
        .unwrap()
        .expect("chip");
    assert!(highlighted
        .text_content()
        .unwrap()
        .starts_with("area: city centre"));
    assert!(root
        .text_content()
        .unwrap()
        .contains("Cocum <i>exists</i>."));
    assert!(root.query_selector("i").unwrap().is_none());

    type_into(&root, "[data-output-id=x] input", "12");
    type_into(&root, "[data-output-id=y] input", "1e3");
    settle().await;
    let report = handle.validate();
    let problems: js_sys::Array = get(&report, "problems").dyn_into().unwrap();
    assert_eq!(problems.length(), 1);
    assert_eq!(
        get(&problems.get(0), "path"),
        JsValue::from_str("informativeness.y")
    );
    assert_eq!(
        get(&problems.get(0), "code"),
        JsValue::from_str("number_not_whole")
    );

    type_into(&root, "[data-output-id=y] input", "7");
    settle().await;
    let result = handle.submit();
    let scores = get(&get(&result, "answers"), "informativeness");
    assert_eq!(get(&scores, "x"), JsValue::from_f64(12.0));
    assert_eq!(get(&scores, "y"), JsValue::from_f64(7.0));
}

const PL_SPEC: &str = include_str!("../www/examples/pl-poquad/spec.json");
const PL_ITEM: &str = r#"{"id": "t-pl", "title": "Tytuł", "summary": "Streszczenie.",
    "paragraph": "Leeuwenhoek prowadził sklep z galanterią męską. Nocami szlifował szkła."}"#;

#[wasm_bindgen_test]
async fn a_question_card_shows_live_overlap_and_its_base_form_follows_the_fragment() {
    let root = container();
    let handle = mount_widget(root.clone(), &folded(PL_SPEC), PL_ITEM, "{}");
    settle().await;
    assert_eq!(
        root.query_selector_all("li.glossa-question")
            .unwrap()
            .length(),
        1,
        "one card to start with"
    );
    let card_text = "li.glossa-question textarea";
    type_into(&root, card_text, "Jaki sklep prowadził Leeuwenhoek?");
    settle().await;
    assert!(
        root.query_selector(".glossa-overlap").unwrap().is_none(),
        "no badge before a fragment is marked"
    );
    // Tap "galanterią" then "męską" by keyboard: focus the text, move, select.
    let text = span_text(&root);
    let key = |k: &str, shift: bool| press(&text, k, shift);
    key("ArrowRight", false); // word 0
    settle().await;
    for _ in 0..4 {
        key("ArrowRight", false);
        settle().await;
    }
    key("ArrowRight", true);
    settle().await;
    key("Enter", false);
    settle().await;
    let add: HtmlElement = root
        .query_selector(".glossa-assign-bar .glossa-assign")
        .unwrap()
        .expect("the add button once the selection is complete")
        .dyn_into()
        .unwrap();
    assert_eq!(add.text_content().unwrap(), "Dodaj do pytania 1");
    add.click();
    settle().await;
    let base: HtmlInputElement = root
        .query_selector("li.glossa-question input.glossa-text-input")
        .unwrap()
        .unwrap()
        .dyn_into()
        .unwrap();
    assert_eq!(base.value(), "galanterią męską");
    let badge = root
        .query_selector(".glossa-overlap")
        .unwrap()
        .expect("badge");
    let badge_text = badge.text_content().unwrap();
    assert!(badge_text.contains("3/3"), "{badge_text}");
    assert!(
        badge_text.contains("wymaga ręcznej akceptacji"),
        "{badge_text}"
    );
    let report = handle.validate();
    let problems: js_sys::Array = get(&report, "problems").dyn_into().unwrap();
    let codes: Vec<String> = problems
        .iter()
        .map(|p| get(&p, "code").as_string().unwrap())
        .collect();
    assert!(codes.contains(&"overlap_high".to_owned()), "{codes:?}");
    assert!(codes.contains(&"too_few_questions".to_owned()), "{codes:?}");
}

/// Whether the page's custom highlight registry holds `name`.
fn highlight_shown(name: &str) -> bool {
    js_sys::eval(&format!("CSS.highlights.has('{name}')"))
        .unwrap()
        .as_bool()
        .unwrap()
}

/// The text under a custom highlight (its ranges, joined by "|").
fn painted(name: &str) -> String {
    js_sys::eval(&format!(
        "[...(CSS.highlights.get('{name}') ?? [])].map((r) => r.toString()).join('|')"
    ))
    .unwrap()
    .as_string()
    .unwrap()
}

/// Clicks the middle of the `n`th word (by whitespace) of the span text, as a tap would.
fn tap_word(text: &HtmlElement, n: usize) {
    let content = text.text_content().unwrap();
    let mut words = content.split_whitespace();
    let word = words.nth(n).unwrap();
    let start = content.find(word).unwrap();
    // One text node per paragraph; the test item has one paragraph.
    let node = text.first_element_child().unwrap().first_child().unwrap();
    // A finger taps what is on screen: bring the text into view first (hit testing finds
    // nothing outside the viewport).
    text.scroll_into_view();
    let utf16 = |byte: usize| content[..byte].encode_utf16().count() as u32;
    let range = web_sys::window()
        .unwrap()
        .document()
        .unwrap()
        .create_range()
        .unwrap();
    range.set_start(&node, utf16(start)).unwrap();
    range.set_end(&node, utf16(start + word.len())).unwrap();
    let rect = range.get_bounding_client_rect();
    let init = web_sys::MouseEventInit::new();
    init.set_bubbles(true);
    init.set_client_x((rect.left() + rect.width() / 2.0) as i32);
    init.set_client_y((rect.top() + rect.height() / 2.0) as i32);
    let click = web_sys::MouseEvent::new_with_mouse_event_init_dict("click", &init).unwrap();
    text.dispatch_event(&click).unwrap();
}

#[wasm_bindgen_test]
async fn taps_are_painted_at_once_and_two_within_one_frame_both_count() {
    js_sys::eval("CSS.highlights.clear()").unwrap();
    let root = container();
    let _handle = mount_widget(root.clone(), &folded(PL_SPEC), PL_ITEM, "{}");
    settle().await;
    let text = span_text(&root);
    assert!(!highlight_shown("glossa-sel"));
    tap_word(&text, 2); // "sklep"
    assert!(
        highlight_shown("glossa-sel"),
        "the tap is painted by its own event handler, before any re-render"
    );
    // The second tap comes before the widget re-renders: it completes the selection.
    tap_word(&text, 4); // "galanterią"
    assert_eq!(
        painted("glossa-sel"),
        "sklep z galanterią",
        "painted from the first tap, not from the last render"
    );
    assert!(
        root.query_selector(".glossa-assign-bar").unwrap().is_none(),
        "the widget re-renders after the frame"
    );
    settle().await;
    let selected = root
        .query_selector(".glossa-assign-selected")
        .unwrap()
        .expect("the selection bar after the frame")
        .text_content()
        .unwrap();
    assert!(selected.contains("sklep z galanterią"), "{selected}");
    assert!(
        root.query_selector(".glossa-assign-bar .glossa-assign")
            .unwrap()
            .is_some(),
        "complete: it can be added to a question"
    );
    // A tap, then Escape at once: Escape goes after the waiting tap, nothing stays selected.
    tap_word(&text, 0);
    press(&text, "Escape", false);
    settle().await;
    assert!(root.query_selector(".glossa-assign-bar").unwrap().is_none());
    assert!(!highlight_shown("glossa-sel"));
}

#[wasm_bindgen_test]
async fn closed_panels_fill_in_after_the_first_frame_and_open_with_their_text() {
    let root = container();
    // Instructions open on an annotator's first item; this spec folds them from the start.
    let spec = SPEC.replacen(
        "\"instructions\":",
        "\"instructions_open_first\": false, \"instructions\":",
        1,
    );
    let _handle = mount_widget(root.clone(), &spec, ITEM, "{}");
    yew::scheduler::flush().await;
    let body = |panel: &str| {
        root.query_selector(&format!("details.{panel} .glossa-md"))
            .unwrap()
            .is_some()
    };
    assert!(root
        .query_selector("details.glossa-instructions")
        .unwrap()
        .is_some());
    assert!(
        !body("glossa-instructions") && !body("glossa-example"),
        "the first frame has the panels' headings only"
    );
    settle().await;
    assert!(
        body("glossa-instructions") && body("glossa-example"),
        "after it, their text is in the page (find in page finds it)"
    );
    let summary: HtmlElement = root
        .query_selector("details.glossa-instructions summary")
        .unwrap()
        .unwrap()
        .dyn_into()
        .unwrap();
    summary.click();
    settle().await;
    let details = root
        .query_selector("details.glossa-instructions")
        .unwrap()
        .unwrap();
    assert!(details.has_attribute("open"));
    assert!(details.text_content().unwrap().len() > 200);
}

const SUMMEVAL: &str = include_str!("../www/examples/en-summeval/spec.json");

/// The first item of the SummEval example, as JSON.
fn summeval_item() -> String {
    let items: serde_json::Value =
        serde_json::from_str(include_str!("../www/examples/en-summeval/items.json")).unwrap();
    items[0].to_string()
}

/// One output's card.
fn card(root: &Element, output: &str) -> Element {
    root.query_selector(&format!(
        ".glossa-form .glossa-section[data-output-id=\"{output}\"]"
    ))
    .unwrap()
    .expect("the output's card")
}

fn click_in(scope: &Element, selector: &str) {
    let el: HtmlElement = scope
        .query_selector(selector)
        .unwrap()
        .unwrap_or_else(|| panic!("no {selector}"))
        .dyn_into()
        .unwrap();
    el.click();
}

#[wasm_bindgen_test]
async fn a_section_shows_each_output_once_and_display_logic_hides_and_reveals_per_output() {
    let root = container();
    let handle = mount_widget(root.clone(), &folded(SUMMEVAL), &summeval_item(), "{}");
    settle().await;
    let cards = root
        .query_selector_all(".glossa-form .glossa-section[data-output-id]")
        .unwrap();
    assert_eq!(cards.length(), 3, "one card per summary");
    let text = root.text_content().unwrap();
    for s in [
        "Rain flooded old-town streets",
        "Monday's flood injured forty people",
        "Streets old town rain Monday",
    ] {
        assert_eq!(text.matches(s).count(), 1, "{s}: shown once");
    }
    assert!(root
        .query_selector(".glossa-form .glossa-span-text")
        .unwrap()
        .is_none());

    // A yes for M17 asks its passages, there only; a no hides them again.
    click_in(&card(&root, "M17"), "input[type=radio][value=yes]");
    settle().await;
    assert!(card(&root, "M17")
        .query_selector(".glossa-span-text")
        .unwrap()
        .is_some());
    assert!(card(&root, "M11")
        .query_selector(".glossa-span-text")
        .unwrap()
        .is_none());
    assert_eq!(
        root.query_selector_all(".glossa-form .glossa-span-text")
            .unwrap()
            .length(),
        1
    );
    let refused = handle.validate();
    let problems: js_sys::Array = get(&refused, "problems").dyn_into().unwrap();
    let paths: Vec<String> = problems
        .iter()
        .map(|p| get(&p, "path").as_string().unwrap())
        .collect();
    assert!(
        paths.iter().any(|p| p.starts_with("hallucinations/M17")),
        "{paths:?}"
    );
    click_in(&card(&root, "M17"), "input[type=radio][value=no]");
    settle().await;
    assert!(root
        .query_selector(".glossa-form .glossa-span-text")
        .unwrap()
        .is_none());

    // Everything else answered: no for all, the first point of each scale.
    for output in ["M11", "M23"] {
        click_in(&card(&root, output), "input[type=radio][value=no]");
    }
    settle().await;
    for output in ["M11", "M17", "M23"] {
        let groups = card(&root, output)
            .query_selector_all("[role=radiogroup]")
            .unwrap();
        assert_eq!(groups.length(), 4, "{output}: four scales");
        for g in 0..groups.length() {
            let group: Element = groups.item(g).unwrap().dyn_into().unwrap();
            click_in(&group, "input[type=radio]");
        }
    }
    settle().await;
    let result = handle.submit();
    assert_eq!(
        get(&result, "valid"),
        JsValue::UNDEFINED,
        "a result, not a refusal"
    );
    let answers = get(&result, "answers");
    assert_eq!(
        get(&get(&answers, "unsupported"), "M17"),
        JsValue::from_str("no")
    );
    assert_eq!(
        get(&get(&answers, "coherence"), "M23"),
        JsValue::from_f64(1.0)
    );
    assert!(
        get(&answers, "hallucinations").is_undefined(),
        "hidden: never recorded"
    );
    let order = get(&get(&result, "shown"), "order");
    let keys = js_sys::Object::keys(order.unchecked_ref::<js_sys::Object>());
    assert_eq!(keys.length(), 1);
    assert_eq!(keys.get(0), JsValue::from_str("summaries"));
}
