//! Italian UI strings.

use super::Msg;

pub(super) fn text(msg: Msg) -> &'static str {
    match msg {
        Msg::Submit => "Invia",
        Msg::Submitted => "Risposta inviata. Grazie!",
        Msg::Instructions => "Istruzioni",
        Msg::Examples => "Esempi svolti",
        Msg::ExampleN => "Esempio {n}",
        Msg::CorrectAnswer => "Risposta corretta",
        Msg::Explanation => "Spiegazione",
        Msg::Definition => "Definizione di «{label}»",
        Msg::ShortcutHint => "tasto {key}",
        Msg::ErrRequiredChoice => "Scegli una delle opzioni.",
        Msg::FixBeforeSubmit => "Prima di inviare, completa le parti segnalate ({n}).",
        Msg::SpecErrorTitle => "La configurazione del compito contiene errori",
        Msg::ItemErrorTitle => "Questo elemento non può essere mostrato",
        Msg::ErrorHelp => "Segnala il problema ai ricercatori. Dettagli tecnici:",
        Msg::ErrRequiredNumber => "Inserisci un numero.",
        Msg::ErrNumberNotWhole => "Usa un numero intero scritto solo con cifre: niente decimali, frazioni, spazi o separatori.",
        Msg::ErrNumberNegative => "I numeri negativi non sono ammessi: usa un numero intero positivo.",
        Msg::ErrNumberTooSmall => "Il numero deve essere almeno {n}.",
        Msg::ErrNumberLeadingZero => "Scrivi il numero senza zeri iniziali.",
        Msg::ErrNumberTooLong => "Usa al massimo {n} cifre.",
        Msg::Highlighted => "evidenziato",
        Msg::ErrGridRowRequired => "Compila questa riga: {labels}.",
        Msg::ErrGridRowIncomplete => "Completa la riga: scegli anche {labels}.",
        Msg::ErrGridMixed => "In una riga compila solo uno tra: {labels}.",
        Msg::ErrGridMissingOnPresentRow => "«{value}» vale solo per le frasi assenti dal testo.",
        Msg::ErrGridMissingRowExpected => "Questa frase manca nel testo: la riga può essere solo «{value}».",
        Msg::ErrGridUnknownOption => "«{value}» non è un'opzione di questa colonna.",
        Msg::ClearRow => "Svuota la riga",
        Msg::Undo => "Annulla",
        Msg::ClearedOther => "In questa riga è stato svuotato: {labels}. Una riga si compila in un solo modo.",
        Msg::MissingSentence => "(assente nel testo)",
        Msg::Or => "oppure",
        Msg::InternalErrorTitle => "Si è verificato un errore imprevisto",
    }
}
