//! `scale`: a rating scale (Likert) — one of `points` ordered points, with an optional "not
//! applicable", asked once or once per output the item lists.

pub mod spec;
// The view: the UI layer of the kind (browser builds only).
#[cfg(ui)]
mod view;
#[cfg(ui)]
mod scale_points;

use super::points;
use super::prelude::*;
use crate::answer::Point;
use crate::spec::ScaleControl;
use crate::support::family::Gate;

impl ScaleControl {
    /// Whether the scale takes this point.
    pub fn fits(&self, p: Point) -> bool {
        match p {
            Point::Value(v) => self.values().contains(&v),
            Point::NotApplicable => self.not_applicable.is_some(),
        }
    }
}

impl CheckControl for ScaleControl {
    fn check(&self, path: &str, _: &mut SortedMap<String, String>, out: &mut Vec<SpecIssue>) {
        if !(2..=11).contains(&self.points) {
            out.push(SpecIssue::new(
                format!("{path}.points"),
                SpecIssueCode::InvalidLimits,
                format!("a scale has 2 to 11 points, not {}", self.points),
            ));
        }
        if !self.labels.is_empty() && self.labels.len() != usize::from(self.points) {
            out.push(SpecIssue::new(
                format!("{path}.labels"),
                SpecIssueCode::InvalidField,
                format!(
                    "give a label for each of the {} points, or none (then `anchors` for the ends)",
                    self.points
                ),
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

points::points_kind!(ScaleControl, Scale, Msg::ErrRequiredChoice, "give an object of points keyed by output id", "give the point's number (or \"n/a\")");

impl Simulate for ScaleControl {
    fn simulate(&self, task: &Task, rng: &mut SplitMix, plain: bool, out: &mut Vec<Action>) {
        for key in crate::validate::output_keys(self.outputs.as_ref(), &task.item) {
            let v = if plain {
                self.start
            } else {
                self.start + pick(rng, usize::from(self.points.max(1))) as i64
            };
            out.push(self.action(PointEdit {
                key,
                point: Some(Point::Value(v)),
            }));
        }
    }
}

impl GoldAnswer for ScaleControl {
    fn expected(
        &self,
        item: &Item,
        value: &Value,
        path: &str,
    ) -> Result<Expected, Vec<GoldProblem>> {
        let hint = format!(
            "use {} to {}",
            self.start,
            self.start + i64::from(self.points) - 1
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

impl Analyse for ScaleControl {
    /// Crowd aggregation: one task per unit and output, its point (`n/a` for "not applicable").
    fn votes(&self, value: &AnswerValue, _: usize, _: &[&AnswerValue]) -> Vec<(Part, String)> {
        let AnswerValue::Scale(v) = value else {
            return Vec::new();
        };
        v.entries()
            .into_iter()
            .map(|(o, p)| {
                let part = if o.is_empty() {
                    Part::Whole
                } else {
                    Part::Output(o.to_owned())
                };
                let label = p.number().map_or_else(
                    || crate::answer::NOT_APPLICABLE.to_owned(),
                    |n| n.to_string(),
                );
                (part, label)
            })
            .collect()
    }

    fn aggregated(&self, parts: &[(Part, String)], _: Option<&Item>, _: &str, _: &UnitAnswers) -> Option<Value> {
        let point = |l: &str| l.parse::<i64>().map_or(Value::from(l), Value::from);
        if let [(Part::Whole, l)] = parts {
            return Some(point(l));
        }
        Some(Value::Object(
            parts
                .iter()
                .filter_map(|(p, l)| match p {
                    Part::Output(o) => Some((o.clone(), point(l))),
                    _ => None,
                })
                .collect(),
        ))
    }

    fn one_label(&self) -> bool {
        true
    }

    fn number_range(&self) -> Option<(f64, f64)> {
        let points = self.values();
        Some((*points.start() as f64, *points.end() as f64))
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

    /// Ordinal: one unit per item and output; "not applicable" is a missing value.
    fn agreement(&self, _: &Context, answers: &[Answered], report: &mut AgreementReport) {
        let t = points::table(answers, |n| Datum::Number(n as f64));
        report.measures.push(measure(
            self.id.to_string(),
            Level::Ordinal,
            "the points",
            &t,
        ));
        // (A dialogue's outputs are turns, not systems: no scores per turn id.)
        if self.outputs.as_ref().is_none_or(|o| o.dialogue().is_none()) {
            report.systems.extend(crate::analysis::systems::scores(
                self.id.as_str(),
                answers,
                false,
            ));
        }
    }

    /// Answers per point (and "not applicable").
    fn distribution(&self, values: &[&AnswerValue]) -> Vec<(String, Vec<(String, usize)>)> {
        let all: Vec<&crate::answer::PointValue> = values
            .iter()
            .filter_map(|v| v.points())
            .flat_map(|v| v.entries().into_iter().map(|(_, p)| p))
            .collect();
        let mut data: Vec<(String, usize)> = self
            .values()
            .enumerate()
            .map(|(i, v)| {
                let name = self
                    .labels
                    .get(i)
                    .map_or_else(|| v.to_string(), |l| format!("{v} {l}"));
                (name, all.iter().filter(|p| p.number() == Some(v)).count())
            })
            .collect();
        if let Some(na) = &self.not_applicable {
            data.push((
                na.clone(),
                all.iter().filter(|p| p.number().is_none()).count(),
            ));
        }
        vec![(self.label.clone(), data)]
    }

    fn categorical(&self, value: &AnswerValue) -> Vec<String> {
        value
            .points()
            .map(|v| {
                v.entries()
                    .into_iter()
                    .map(|(k, p)| {
                        format!(
                            "{}.{k}={}",
                            self.id,
                            serde_json::to_string(p).unwrap_or_default()
                        )
                    })
                    .collect()
            })
            .unwrap_or_default()
    }
}
