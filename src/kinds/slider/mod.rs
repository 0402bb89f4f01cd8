//! `slider`: a whole number from `min` to `max` (Direct Assessment's 0–100), untouched until
//! the annotator sets it, asked once or once per output the item lists.

pub mod spec;
// The view: the UI layer of the kind (browser builds only).
#[cfg(ui)]
mod view;
#[cfg(ui)]
mod slider_input;

use super::points;
use super::prelude::*;
use crate::answer::Point;
use crate::spec::SliderControl;
use crate::support::family::Gate;

impl SliderControl {
    /// Whether the slider takes this point: within the range, on a step.
    pub fn fits(&self, p: Point) -> bool {
        match p {
            Point::Value(v) => {
                (self.min..=self.max).contains(&v)
                    && (v - self.min) % i64::from(self.step.max(1)) == 0
            }
            Point::NotApplicable => false,
        }
    }
}

impl CheckControl for SliderControl {
    fn check(&self, path: &str, _: &mut SortedMap<String, String>, out: &mut Vec<SpecIssue>) {
        if self.max <= self.min {
            out.push(SpecIssue::new(
                format!("{path}.max"),
                SpecIssueCode::InvalidLimits,
                format!("max ({}) must be above min ({})", self.max, self.min),
            ));
        }
        if self.step == 0 || (self.max - self.min) % i64::from(self.step.max(1)) != 0 {
            out.push(SpecIssue::new(
                format!("{path}.step"),
                SpecIssueCode::InvalidLimits,
                format!(
                    "step must be at least 1 and divide max − min ({})",
                    self.max - self.min
                ),
            ));
        }
        if self.ticks.len() == 1 {
            out.push(SpecIssue::new(
                format!("{path}.ticks"),
                SpecIssueCode::InvalidField,
                "give at least two ticks (the first is at min, the last at max), or none",
            ));
        }
        if let Some(src) = &self.outputs {
            points::check_outputs_source(src, path, out);
        }
    }

    fn asks_about_outputs(&self) -> bool {
        self.outputs.is_some()
    }
}

points::points_kind!(SliderControl, Slider, Msg::ErrRequiredSlider, "give an object of values keyed by output id", "give the value, a whole number");

impl Simulate for SliderControl {
    fn simulate(&self, task: &Task, rng: &mut SplitMix, plain: bool, out: &mut Vec<Action>) {
        let steps = ((self.max - self.min) / i64::from(self.step.max(1))).max(0) as usize;
        for key in crate::validate::output_keys(self.outputs.as_ref(), &task.item) {
            let k = if plain {
                steps / 2
            } else {
                pick(rng, steps + 1)
            };
            let v = self.min + k as i64 * i64::from(self.step.max(1));
            out.push(self.action(PointEdit {
                key,
                point: Some(Point::Value(v)),
            }));
        }
    }
}

impl GoldAnswer for SliderControl {
    fn expected(
        &self,
        item: &Item,
        value: &Value,
        path: &str,
    ) -> Result<Expected, Vec<GoldProblem>> {
        let hint = format!(
            "use a whole number from {} to {} (by {})",
            self.min, self.max, self.step
        );
        points::expected(
            self.outputs.as_ref(),
            item,
            value,
            path,
            |p| self.fits(p),
            &hint,
        )
    }
}

impl Analyse for SliderControl {
    fn number_range(&self) -> Option<(f64, f64)> {
        Some((self.min as f64, self.max as f64))
    }

    fn revalidate(
        &self,
        _: &Task,
        value: &AnswerValue,
        path: &str,
        out: &mut Vec<Finding>,
    ) -> Option<Answer> {
        points::revalidate(self.outputs.as_ref(), value.points()?, path, out, |p| {
            self.fits(p)
        })
    }

    fn tidy(&self, value: &AnswerValue, push: &mut dyn FnMut(String, String, Option<&SpanValue>)) {
        points::tidy(value, push);
    }

    fn dataset(&self, value: &AnswerValue, push: &mut dyn FnMut(&str, Cells)) {
        points::dataset(value, push);
    }

    /// Interval on the values: one unit per item and output. System scores beside it: the
    /// mean value and the mean of each annotator's z-scores (Direct Assessment).
    fn agreement(&self, _: &Context, answers: &[Answered], report: &mut AgreementReport) {
        let t = points::table(answers, |n| Datum::Number(n as f64));
        report.measures.push(measure(
            self.id.to_string(),
            Level::Interval,
            "the values",
            &t,
        ));
        // (A dialogue's outputs are turns, not systems: no scores per turn id.)
        if self.outputs.as_ref().is_none_or(|o| o.dialogue().is_none()) {
            report.systems.extend(crate::analysis::systems::scores(
                self.id.as_str(),
                answers,
                true,
            ));
        }
    }

    /// Values in ten bands from `min` to `max`.
    fn distribution(&self, values: &[&AnswerValue]) -> Vec<(String, Vec<(String, usize)>)> {
        let width = ((self.max - self.min) as f64 / 10.0).max(1.0);
        let mut bands = vec![0usize; 10];
        for v in values.iter().filter_map(|v| v.points()) {
            for (_, p) in v.entries() {
                if let Some(n) = p.number() {
                    let b = (((n - self.min) as f64 / width) as usize).min(9);
                    bands[b] += 1;
                }
            }
        }
        let data = bands
            .into_iter()
            .enumerate()
            .map(|(i, c)| {
                let lo = self.min as f64 + i as f64 * width;
                (format!("{:.0}–{:.0}", lo, lo + width), c)
            })
            .collect();
        vec![(format!("{} (values)", self.label), data)]
    }

    fn categorical(&self, _: &AnswerValue) -> Vec<String> {
        Vec::new()
    }
}
