//! `ScalePoints`: one rating scale — its points as radio buttons in a row (a column on a
//! phone), each point's label or the ends' anchors, "not applicable" set apart; the arrow keys
//! move between points (native radios) and the digit keys pick one.

use crate::answer::Point;
use crate::spec::ScaleControl;
use std::rc::Rc;
use yew::prelude::*;

/// Props of [`ScalePoints`].
#[derive(Properties, PartialEq)]
pub struct ScalePointsProps {
    /// DOM id of the group (each point's input is `{id}-{value}`).
    pub id: AttrValue,
    /// The control.
    pub control: Rc<ScaleControl>,
    /// The group's accessible name.
    pub name: AttrValue,
    /// The point set, if any.
    pub point: Option<Point>,
    /// The message to show, if any.
    #[prop_or_default]
    pub error: Option<AttrValue>,
    /// Locked after submit.
    #[prop_or_default]
    pub disabled: bool,
    /// Sets the point.
    pub on_point: Callback<Point>,
}

/// One scale.
#[component]
pub fn ScalePoints(props: &ScalePointsProps) -> Html {
    let c = &props.control;
    let error_id = format!("{}-error", props.id);
    let onkeydown = {
        let (on_point, c) = (props.on_point.clone(), Rc::clone(c));
        Callback::from(move |e: KeyboardEvent| {
            let Some(d) = e
                .key()
                .chars()
                .next()
                .filter(|_| e.key().len() == 1)
                .and_then(|ch| ch.to_digit(10))
            else {
                return;
            };
            let v = c.start + i64::from(d) - 1;
            if d >= 1 && c.values().contains(&v) {
                e.prevent_default();
                e.stop_propagation();
                on_point.emit(Point::Value(v));
            }
        })
    };
    let radio = |point: Point, text: Html, class: &'static str| {
        let key = match point {
            Point::Value(v) => v.to_string(),
            Point::NotApplicable => "na".to_owned(),
        };
        let input_id = format!("{}-{key}", props.id);
        let checked = props.point == Some(point);
        let onchange = props.on_point.reform(move |_: Event| point);
        html! {
            <label class={classes!("glossa-point", class, checked.then_some("is-checked"))} for={input_id.clone()} key={key.clone()}>
                <input type="radio" id={input_id} name={props.id.clone()} value={key} {checked}
                    disabled={props.disabled} {onchange} />
                {text}
            </label>
        }
    };
    let n = c.values().count();
    html! {
        <div class={classes!("glossa-scale", props.error.is_some().then_some("has-error"))} role="radiogroup"
            id={props.id.clone()} aria-label={props.name.clone()} {onkeydown}
            aria-describedby={props.error.as_ref().map(|_| error_id.clone())}>
            <div class="glossa-scale-points">
                { for c.values().enumerate().map(|(i, v)| {
                    let label = c.labels.get(i).cloned().or_else(|| match (&c.anchors, i) {
                        (Some(a), 0) => Some(a.low.clone()),
                        (Some(a), i) if i + 1 == n => Some(a.high.clone()),
                        _ => None,
                    });
                    radio(Point::Value(v), html! {
                        <>
                            <span class="glossa-point-value">{v}</span>
                            if let Some(l) = label {
                                <span class="glossa-point-label">{l}</span>
                            }
                        </>
                    }, "")
                }) }
            </div>
            if let Some(na) = &c.not_applicable {
                { radio(Point::NotApplicable, html! { <span class="glossa-point-label">{na.clone()}</span> }, "is-na") }
            }
            if let Some(error) = &props.error {
                <p class="glossa-error" id={error_id}>{error.clone()}</p>
            }
        </div>
    }
}
