//! Czech UI strings.

use super::Msg;

pub(super) fn text(msg: Msg) -> &'static str {
    match msg {
        Msg::Submit => "Odeslat",
        Msg::Submitted => "Odpověď byla odeslána. Děkujeme!",
        Msg::Instructions => "Pokyny",
        Msg::Examples => "Řešené příklady",
        Msg::ExampleN => "Příklad {n}",
        Msg::CorrectAnswer => "Správná odpověď",
        Msg::Explanation => "Vysvětlení",
        Msg::Definition => "Definice „{label}“",
        Msg::ShortcutHint => "klávesa {key}",
        Msg::ErrRequiredChoice => "Vyberte jednu z možností.",
        Msg::FixBeforeSubmit => "Před odesláním doplňte označená místa ({n}).",
        Msg::SpecErrorTitle => "Konfigurace úlohy obsahuje chyby",
        Msg::ItemErrorTitle => "Tuto položku nelze zobrazit",
        Msg::ErrorHelp => "Dejte prosím vědět výzkumníkům. Technické podrobnosti:",
        Msg::InternalErrorTitle => "Došlo k neočekávané chybě",
    }
}
