//! English UI strings.

use super::Msg;

pub(super) fn text(msg: Msg) -> &'static str {
    match msg {
        Msg::Submit => "Submit",
        Msg::Submitted => "Answer submitted. Thank you!",
        Msg::Instructions => "Instructions",
        Msg::Examples => "Worked examples",
        Msg::ExampleN => "Example {n}",
        Msg::CorrectAnswer => "Correct answer",
        Msg::Explanation => "Explanation",
        Msg::Definition => "Definition of “{label}”",
        Msg::ShortcutHint => "key {key}",
        Msg::ErrRequiredChoice => "Choose one of the options.",
        Msg::FixBeforeSubmit => "Before submitting, complete the marked parts ({n}).",
        Msg::SpecErrorTitle => "The task configuration has errors",
        Msg::ItemErrorTitle => "This item cannot be shown",
        Msg::ErrorHelp => "Please tell the researchers. Technical details:",
        Msg::InternalErrorTitle => "Something went wrong",
    }
}
