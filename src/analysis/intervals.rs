//! Interval charts for the report: one row per system or condition, top to bottom in the order
//! given (best first), each a mean with its 95 % interval as a bar — the systems' clusters
//! (significance) and the MOS per condition (listening tests) are drawn alike.

/// One row of the chart.
#[derive(Clone, Debug, PartialEq)]
pub struct Interval {
    /// The system's or condition's name, at the row's left.
    pub name: String,
    /// Its mean (a dot).
    pub mean: f64,
    /// Its interval, low to high (a bar).
    pub interval: (f64, f64),
    /// Its colour group (rows of a group share a colour; groups alternate two colours).
    pub group: usize,
}

/// The rows as an SVG chart titled `title`, its axis named `axis`, with a rule under each row
/// count in `rules` (a cluster's last row).
pub fn chart(title: &str, axis: &str, rows: &[Interval], rules: &[usize]) -> String {
    use plotters::prelude::*;
    let mut svg = String::new();
    if rows.is_empty() {
        return svg;
    }
    let n = rows.len();
    let lo = rows
        .iter()
        .map(|r| r.interval.0.min(r.mean))
        .fold(f64::INFINITY, f64::min);
    let hi = rows
        .iter()
        .map(|r| r.interval.1.max(r.mean))
        .fold(f64::NEG_INFINITY, f64::max);
    let pad = ((hi - lo) * 0.05).max(1e-6);
    let height = 64 + 26 * n as u32;
    {
        let root = SVGBackend::with_string(&mut svg, (400, height)).into_drawing_area();
        let _ = root.fill(&WHITE);
        // The rows are the segments of the vertical axis, the first at the top; a row's name
        // sits at its segment's centre.
        let chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 17))
            .margin(6)
            .x_label_area_size(30)
            .y_label_area_size(130)
            .build_cartesian_2d(lo - pad..hi + pad, (0..n).into_segmented());
        if let Ok(mut chart) = chart {
            let _ = chart
                .configure_mesh()
                .disable_y_mesh()
                .label_style(("sans-serif", 14))
                .x_labels(5)
                .y_labels(n)
                .y_label_formatter(&|v| match v {
                    SegmentValue::CenterOf(k) if *k < n => rows[n - 1 - k].name.clone(),
                    _ => String::new(),
                })
                .x_desc(axis)
                .draw();
            let colours = [RGBColor(31, 95, 191), RGBColor(191, 95, 31)];
            for (k, r) in rows.iter().enumerate() {
                let y = SegmentValue::CenterOf(n - 1 - k);
                let colour = colours[r.group % 2];
                let (a, b) = r.interval;
                let _ = chart.draw_series(std::iter::once(PathElement::new(
                    vec![(a, y.clone()), (b, y.clone())],
                    colour.stroke_width(2),
                )));
                let _ = chart.draw_series(std::iter::once(Circle::new(
                    (r.mean, y),
                    4,
                    colour.filled(),
                )));
            }
            for &row in rules.iter().filter(|&&r| r > 0 && r < n) {
                let y = SegmentValue::Exact(n - row);
                let _ = chart.draw_series(std::iter::once(PathElement::new(
                    vec![(lo - pad, y.clone()), (hi + pad, y)],
                    BLACK.mix(0.4).stroke_width(1),
                )));
            }
        }
        let _ = root.present();
    }
    svg
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// How far down the chart `name`'s label is (its text's `y`).
    pub(crate) fn row_height(svg: &str, name: &str) -> f64 {
        let at = svg.find(&format!(">\n{name}\n<")).expect(name);
        let y = svg[..at].rfind(" y=\"").expect("a y") + 4;
        svg[y..y + svg[y..].find('"').expect("its end")]
            .parse()
            .expect("a number")
    }

    fn row(name: &str, mean: f64, group: usize) -> Interval {
        Interval {
            name: name.into(),
            mean,
            interval: (mean - 0.3, mean + 0.4),
            group,
        }
    }

    #[test]
    fn rows_are_named_top_to_bottom_in_their_order() {
        let rows = [
            row("clean", 4.5, 0),
            row("narrowband", 3.1, 0),
            row("clipped", 1.8, 1),
        ];
        let svg = chart("MOS", "MOS, 95% interval", &rows, &[2]);
        let at = |name: &str| row_height(&svg, name);
        assert!(at("clean") < at("narrowband") && at("narrowband") < at("clipped"));
        assert!(svg.contains("MOS, 95% interval"));
        // A dot per row, and the rule under the second row.
        assert_eq!(svg.matches("<circle").count(), 3);
        let rules = |svg: &str| svg.matches("opacity=\"0.4\"").count();
        assert_eq!(rules(&svg), 1);
        // Rules outside the rows are not drawn.
        assert_eq!(rules(&chart("MOS", "x", &rows, &[0, 3])), 0);
    }

    #[test]
    fn no_rows_no_chart() {
        assert_eq!(chart("t", "x", &[], &[]), "");
    }
}
