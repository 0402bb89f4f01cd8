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
        Msg::ErrRequiredNumber => "Zadejte číslo.",
        Msg::ErrNumberNotWhole => "Použijte celé číslo zapsané jen číslicemi: bez desetinných míst, zlomků, mezer a oddělovačů.",
        Msg::ErrNumberNegative => "Záporná čísla nejsou povolena: použijte celé kladné číslo.",
        Msg::ErrNumberTooSmall => "Číslo musí být alespoň {n}.",
        Msg::ErrNumberLeadingZero => "Zapište číslo bez úvodních nul.",
        Msg::ErrNumberTooLong => "Použijte nejvýše {n} číslic.",
        Msg::Highlighted => "zvýrazněno",
        Msg::ErrGridRowRequired => "Vyplňte tento řádek: {labels}.",
        Msg::ErrGridRowIncomplete => "Dokončete řádek: vyberte také {labels}.",
        Msg::ErrGridMixed => "V jednom řádku vyplňte jen jedno z: {labels}.",
        Msg::ErrGridMissingOnPresentRow => "„{value}“ patří jen k větám, které v textu chybí.",
        Msg::ErrGridMissingRowExpected => "Tato věta v textu chybí: řádek může být jen „{value}“.",
        Msg::ErrGridUnknownOption => "„{value}“ není možnost tohoto sloupce.",
        Msg::ClearRow => "Vymazat řádek",
        Msg::Undo => "Vrátit zpět",
        Msg::ClearedOther => "V tomto řádku bylo vymazáno: {labels}. Řádek se vyplňuje jen jedním způsobem.",
        Msg::MissingSentence => "(v textu chybí)",
        Msg::Or => "nebo",
        Msg::InternalErrorTitle => "Došlo k neočekávané chybě",
    }
}
