//! Polish UI strings.

use super::Msg;

pub(super) fn text(msg: Msg) -> &'static str {
    match msg {
        Msg::Submit => "Wyślij",
        Msg::Submitted => "Odpowiedź wysłana. Dziękujemy!",
        Msg::Instructions => "Instrukcja",
        Msg::Examples => "Przykłady z rozwiązaniem",
        Msg::ExampleN => "Przykład {n}",
        Msg::CorrectAnswer => "Poprawna odpowiedź",
        Msg::Explanation => "Wyjaśnienie",
        Msg::Definition => "Definicja „{label}”",
        Msg::ShortcutHint => "klawisz {key}",
        Msg::ErrRequiredChoice => "Wybierz jedną z opcji.",
        Msg::FixBeforeSubmit => "Przed wysłaniem uzupełnij zaznaczone miejsca ({n}).",
        Msg::SpecErrorTitle => "Konfiguracja zadania zawiera błędy",
        Msg::ItemErrorTitle => "Nie można wyświetlić tego elementu",
        Msg::ErrorHelp => "Prosimy o zgłoszenie tego badaczom. Szczegóły techniczne:",
        Msg::ErrRequiredNumber => "Wpisz liczbę.",
        Msg::ErrNumberNotWhole => "Użyj liczby całkowitej zapisanej samymi cyframi: bez części dziesiętnych, ułamków, spacji i separatorów.",
        Msg::ErrNumberNegative => "Liczby ujemne są niedozwolone: użyj dodatniej liczby całkowitej.",
        Msg::ErrNumberTooSmall => "Liczba musi wynosić co najmniej {n}.",
        Msg::ErrNumberLeadingZero => "Zapisz liczbę bez zer na początku.",
        Msg::ErrNumberTooLong => "Użyj najwyżej {n} cyfr.",
        Msg::Highlighted => "wyróżnione",
        Msg::ErrGridRowRequired => "Wypełnij ten wiersz: {labels}.",
        Msg::ErrGridRowIncomplete => "Dokończ wiersz: wybierz także {labels}.",
        Msg::ErrGridMixed => "W jednym wierszu wypełnij tylko jedno z: {labels}.",
        Msg::ErrGridMissingOnPresentRow => "„{value}” dotyczy tylko zdań, których brak w tekście.",
        Msg::ErrGridMissingRowExpected => "Tego zdania brak w tekście: wiersz może mieć tylko „{value}”.",
        Msg::ErrGridUnknownOption => "„{value}” nie jest opcją tej kolumny.",
        Msg::ClearRow => "Wyczyść wiersz",
        Msg::Undo => "Cofnij",
        Msg::ClearedOther => "W tym wierszu wyczyszczono: {labels}. Wiersz wypełnia się tylko w jeden sposób.",
        Msg::MissingSentence => "(brak w tekście)",
        Msg::Or => "lub",
        Msg::InternalErrorTitle => "Wystąpił nieoczekiwany błąd",
    }
}
