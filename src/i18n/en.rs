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
        Msg::ErrRequiredNumber => "Enter a number.",
        Msg::ErrNumberNotWhole => "Use a whole number written with digits only: no decimals, fractions, spaces or separators.",
        Msg::ErrNumberNegative => "Negative numbers are not allowed: use a whole positive number.",
        Msg::ErrNumberTooSmall => "The number must be at least {n}.",
        Msg::ErrNumberLeadingZero => "Write the number without leading zeros.",
        Msg::ErrNumberTooLong => "Use at most {n} digits.",
        Msg::Highlighted => "highlighted",
        Msg::ErrGridRowRequired => "Fill in this row: {labels}.",
        Msg::ErrGridRowIncomplete => "Complete the row: choose {labels} too.",
        Msg::ErrGridMixed => "Fill only one of {labels} in a row.",
        Msg::ErrGridMissingOnPresentRow => "“{value}” is only for sentences missing from the text.",
        Msg::ErrGridMissingRowExpected => "This sentence is missing from the text: the row can only be “{value}”.",
        Msg::ErrGridUnknownOption => "“{value}” is not an option of this column.",
        Msg::ClearRow => "Clear row",
        Msg::Undo => "Undo",
        Msg::ClearedOther => "Cleared {labels} in this row: a row is filled one way only.",
        Msg::MissingSentence => "(missing from the text)",
        Msg::Or => "or",
        Msg::InternalErrorTitle => "Something went wrong",
    }
}
