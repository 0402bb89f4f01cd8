//! The best one-to-one assignment of rows to columns (the Hungarian method): CEAF's alignment of
//! chains, relation scores' pairing of links.

/// The highest total of a one-to-one assignment of rows to columns (each used at most once)
/// of a matrix of non-negative scores: the Hungarian method on the costs `max - score`, with
/// the shorter side padded by zero scores.
pub fn best_total(scores: &[Vec<f64>]) -> f64 {
    let rows = scores.len();
    let cols = scores.first().map_or(0, Vec::len);
    let n = rows.max(cols);
    if n == 0 {
        return 0.0;
    }
    let at = |i: usize, j: usize| {
        if i < rows && j < cols {
            scores[i][j]
        } else {
            0.0
        }
    };
    let top = (0..n)
        .flat_map(|i| (0..n).map(move |j| (i, j)))
        .map(|(i, j)| at(i, j))
        .fold(0.0, f64::max);
    let cost = |i: usize, j: usize| top - at(i, j);
    // Potentials and the matching, 1-based with a sentinel column 0 (the classic O(n³) form).
    let (mut u, mut v) = (vec![0.0; n + 1], vec![0.0; n + 1]);
    let (mut owner, mut way) = (vec![0usize; n + 1], vec![0usize; n + 1]);
    for i in 1..=n {
        owner[0] = i;
        let mut j0 = 0;
        let mut minv = vec![f64::INFINITY; n + 1];
        let mut used = vec![false; n + 1];
        loop {
            used[j0] = true;
            let i0 = owner[j0];
            let mut delta = f64::INFINITY;
            let mut j1 = 0;
            for j in 1..=n {
                if used[j] {
                    continue;
                }
                let c = cost(i0 - 1, j - 1) - u[i0] - v[j];
                if c < minv[j] {
                    minv[j] = c;
                    way[j] = j0;
                }
                if minv[j] < delta {
                    delta = minv[j];
                    j1 = j;
                }
            }
            for j in 0..=n {
                if used[j] {
                    u[owner[j]] += delta;
                    v[j] -= delta;
                } else {
                    minv[j] -= delta;
                }
            }
            j0 = j1;
            if owner[j0] == 0 {
                break;
            }
        }
        loop {
            let j1 = way[j0];
            owner[j0] = owner[j1];
            j0 = j1;
            if j0 == 0 {
                break;
            }
        }
    }
    (1..=n).map(|j| at(owner[j] - 1, j - 1)).sum()
}
