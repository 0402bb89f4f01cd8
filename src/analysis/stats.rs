//! Statistics the findings share: means, Pearson's r, ranks, Spearman's ρ, Kendall's τ-b,
//! precision, recall and F1, a difference of means with its 95% interval, and the values
//! most often given.

/// The mean (`None` for no values). Never `-0`: a float sum starts from `-0.0`, so a mean of
/// zeros would print as `-0.0`; adding `0.0` makes it `0`.
pub(crate) fn mean(xs: &[f64]) -> Option<f64> {
    (!xs.is_empty()).then(|| xs.iter().sum::<f64>() / xs.len() as f64 + 0.0)
}

/// Pearson's r (`None` with fewer than three pairs or no spread).
pub(crate) fn pearson(pairs: &[(f64, f64)]) -> Option<f64> {
    if pairs.len() < 3 {
        return None;
    }
    let (xs, ys): (Vec<f64>, Vec<f64>) = pairs.iter().copied().unzip();
    let (mx, my) = (mean(&xs)?, mean(&ys)?);
    let (mut sxy, mut sxx, mut syy) = (0.0, 0.0, 0.0);
    for (x, y) in pairs {
        sxy += (x - mx) * (y - my);
        sxx += (x - mx) * (x - mx);
        syy += (y - my) * (y - my);
    }
    (sxx > 0.0 && syy > 0.0).then(|| sxy / (sxx * syy).sqrt())
}

/// Ranks from 1, ties sharing their mean rank.
pub(crate) fn ranks(xs: &[f64]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..xs.len()).collect();
    order.sort_by(|a, b| xs[*a].total_cmp(&xs[*b]));
    let mut out = vec![0.0; xs.len()];
    let mut i = 0;
    while i < order.len() {
        let mut j = i;
        while j + 1 < order.len() && xs[order[j + 1]] == xs[order[i]] {
            j += 1;
        }
        let rank = (i + j) as f64 / 2.0 + 1.0;
        for k in &order[i..=j] {
            out[*k] = rank;
        }
        i = j + 1;
    }
    out
}

/// Spearman's ρ: Pearson's r of the ranks.
pub(crate) fn spearman(pairs: &[(f64, f64)]) -> Option<f64> {
    let (xs, ys): (Vec<f64>, Vec<f64>) = pairs.iter().copied().unzip();
    let ranked: Vec<(f64, f64)> = ranks(&xs).into_iter().zip(ranks(&ys)).collect();
    pearson(&ranked)
}

/// Kendall's τ-b (ties in either variable corrected, as scipy's `kendalltau` gives it; `None`
/// with fewer than three pairs or no spread).
pub(crate) fn kendall(pairs: &[(f64, f64)]) -> Option<f64> {
    if pairs.len() < 3 {
        return None;
    }
    let (mut concordant, mut discordant, mut tie_x, mut tie_y) =
        (0.0_f64, 0.0_f64, 0.0_f64, 0.0_f64);
    for i in 0..pairs.len() {
        for j in i + 1..pairs.len() {
            let dx = pairs[i].0 - pairs[j].0;
            let dy = pairs[i].1 - pairs[j].1;
            match (dx == 0.0, dy == 0.0) {
                (true, true) => {}
                (true, false) => tie_x += 1.0,
                (false, true) => tie_y += 1.0,
                _ if (dx > 0.0) == (dy > 0.0) => concordant += 1.0,
                _ => discordant += 1.0,
            }
        }
    }
    let n1 = concordant + discordant + tie_x;
    let n2 = concordant + discordant + tie_y;
    (n1 > 0.0 && n2 > 0.0).then(|| (concordant - discordant) / (n1 * n2).sqrt())
}

/// Precision, recall and F1 from the matches of predictions and of references (scikit-learn's
/// convention: a ratio with nothing to divide by is 0).
pub(crate) fn prf(
    matched_predicted: usize,
    predicted: usize,
    matched_reference: usize,
    reference: usize,
) -> (f64, f64, f64) {
    let ratio = |a: usize, b: usize| if b == 0 { 0.0 } else { a as f64 / b as f64 };
    let (p, r) = (
        ratio(matched_predicted, predicted),
        ratio(matched_reference, reference),
    );
    let f = if p + r == 0.0 {
        0.0
    } else {
        2.0 * p * r / (p + r)
    };
    (p, r, f)
}

/// The sample variance (n − 1; `None` below two values).
pub(crate) fn variance(xs: &[f64]) -> Option<f64> {
    let m = mean(xs)?;
    (xs.len() >= 2)
        .then(|| xs.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / (xs.len() - 1) as f64)
}

/// The difference of two means (`a` − `b`) with its 95% interval by the normal approximation
/// with unpooled variances (Welch's standard error): `None` when either side has fewer than
/// two values.
pub(crate) fn difference(a: &[f64], b: &[f64]) -> Option<(f64, (f64, f64))> {
    let d = mean(a)? - mean(b)?;
    let se = (variance(a)? / a.len() as f64 + variance(b)? / b.len() as f64).sqrt();
    const Z: f64 = 1.959_963_984_540_054;
    Some((d, (d - Z * se, d + Z * se)))
}

/// The values given most often: every value whose count is the highest, in the order they
/// first come (empty for no values; more than one for a tie). (The review page's; where there
/// is none, unused.)
#[cfg(any(not(target_arch = "wasm32"), feature = "report-web"))]
pub(crate) fn most_given<T: PartialEq>(values: impl IntoIterator<Item = T>) -> Vec<T> {
    let (mut counts, mut of) = (Vec::new(), Vec::new());
    group_into(values, &mut counts, &mut of);
    let most = counts.iter().map(|(_, k)| *k).max().unwrap_or(0);
    counts
        .into_iter()
        .filter(|(_, k)| *k == most)
        .map(|(v, _)| v)
        .collect()
}

/// Equal values grouped, into buffers a caller reuses: each distinct value with how many
/// times it comes, in the order they first come (`counts`), and each value's group (`of`).
pub(crate) fn group_into<T: PartialEq>(
    values: impl IntoIterator<Item = T>,
    counts: &mut Vec<(T, usize)>,
    of: &mut Vec<usize>,
) {
    counts.clear();
    of.clear();
    for v in values {
        let g = match counts.iter().position(|(c, _)| *c == v) {
            Some(g) => g,
            None => {
                counts.push((v, 0));
                counts.len() - 1
            }
        };
        counts[g].1 += 1;
        of.push(g);
    }
}
