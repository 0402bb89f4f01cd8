//! Work spread over the machine's cores (natively; the report page's wasm has one thread): a
//! map over a slice, in runs, each on a thread of its own, with the outputs in the slice's order.

/// The threads a map uses: the cores there are, at most 8.
#[cfg(not(target_arch = "wasm32"))]
pub fn threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().min(8))
}

/// `f` of every element, in order: runs of the slice on each core.
#[cfg(not(target_arch = "wasm32"))]
pub fn map<T: Sync, U: Send>(all: &[T], f: impl Fn(&T) -> U + Sync) -> Vec<U> {
    let threads = threads();
    if threads < 2 || all.len() < 2 {
        return all.iter().map(f).collect();
    }
    let per = all.len().div_ceil(threads);
    std::thread::scope(|scope| {
        let runs: Vec<_> = all
            .chunks(per)
            .map(|run| scope.spawn(|| run.iter().map(&f).collect::<Vec<U>>()))
            .collect();
        runs.into_iter()
            .flat_map(|run| run.join().expect("a thread of the map ends"))
            .collect()
    })
}

/// `f` of every element, in order (one thread in the browser).
#[cfg(target_arch = "wasm32")]
pub fn map<T, U>(all: &[T], f: impl Fn(&T) -> U) -> Vec<U> {
    all.iter().map(f).collect()
}

/// `a` and `b` at once (one after the other in the browser).
#[cfg(not(target_arch = "wasm32"))]
pub fn join<A: Send, B: Send>(
    a: impl FnOnce() -> A + Send,
    b: impl FnOnce() -> B + Send,
) -> (A, B) {
    std::thread::scope(|scope| {
        let other = scope.spawn(b);
        let first = a();
        (first, other.join().expect("a thread of the join ends"))
    })
}

/// `a` and `b` at once (one after the other in the browser).
#[cfg(target_arch = "wasm32")]
pub fn join<A, B>(a: impl FnOnce() -> A, b: impl FnOnce() -> B) -> (A, B) {
    (a(), b())
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_map_keeps_the_order_of_its_input_at_every_size() {
        for n in [0, 1, 2, 3, 7, 100, 1001] {
            let all: Vec<usize> = (0..n).collect();
            let doubled = super::map(&all, |x| x * 2);
            assert_eq!(doubled, (0..n).map(|x| x * 2).collect::<Vec<_>>());
        }
    }

    #[test]
    fn a_join_returns_both_sides() {
        let (a, b) = super::join(|| "left".len(), || vec![1, 2, 3]);
        assert_eq!((a, b), (4, vec![1, 2, 3]));
    }
}
