//! The test kind's view: a radio group of its options (the widget's own option component).

use crate::spec::TestChoice;
use crate::support::ids::dom_id;
use crate::ui::choice_option::ChoiceOptionView;
use crate::ui::kind_view::{KindView, ViewContext};
use yew::prelude::*;

impl KindView for TestChoice {
    fn view(&self, cx: &ViewContext) -> Html {
        let base = dom_id(cx.instance, &[self.id.as_str()]);
        let chosen = cx.form.choice(&self.id);
        html! {
            <fieldset class="glossa-control" id={base.clone()} disabled={cx.form.submitted}>
                <legend class="glossa-control-label">{self.label.clone()}</legend>
                <div class="glossa-options">
                    { for self.options.iter().map(|o| {
                        let action = self.action(o.value.clone());
                        let on_choose = cx.actions.now.reform(move |()| action.clone());
                        html! {
                            <ChoiceOptionView key={o.value.as_str().to_owned()}
                                id={dom_id(cx.instance, &[self.id.as_str(), "opt", o.value.as_str()])}
                                name={base.clone()} value={o.value.to_string()} label={o.label.clone()}
                                checked={chosen == Some(&o.value)} invalid={cx.error.is_some()}
                                lang={cx.lang} {on_choose} />
                        }
                    }) }
                </div>
                if let Some(error) = &cx.error {
                    <p class="glossa-error" role="alert">{error.clone()}</p>
                }
            </fieldset>
        }
    }

    fn focus_problem(&self, instance: u32, _: &crate::ui::Model, _: &crate::validate::Place) {
        crate::ui::focus::focus(&dom_id(instance, &[self.id.as_str()]));
    }

    fn example(&self, value: &serde_json::Value, _: &crate::item::Item, _: crate::i18n::Lang) -> Html {
        html! { {value.as_str().unwrap_or_default().to_owned()} }
    }
}
