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
    map_with(all, || (), |_, x| f(x))
}

/// [`map`] where each run has state of its own, made by `start` (a cache): `f` of the state
/// and every element, in order.
#[cfg(not(target_arch = "wasm32"))]
pub fn map_with<T: Sync, S, U: Send>(
    all: &[T],
    start: impl Fn() -> S + Sync,
    f: impl Fn(&mut S, &T) -> U + Sync,
) -> Vec<U> {
    let threads = threads();
    let run = |run: &[T]| {
        let mut state = start();
        run.iter().map(|x| f(&mut state, x)).collect::<Vec<U>>()
    };
    if threads < 2 || all.len() < 2 {
        return run(all);
    }
    let per = all.len().div_ceil(threads);
    std::thread::scope(|scope| {
        let runs: Vec<_> = all
            .chunks(per)
            .map(|part| scope.spawn(|| run(part)))
            .collect();
        runs.into_iter()
            .flat_map(|r| r.join().expect("a thread of the map ends"))
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

/// Drops `value` on a thread of its own, so the caller goes on (a study's millions of small
/// values take a second to free); in place in the browser.
#[cfg(not(target_arch = "wasm32"))]
pub fn drop_aside<T: Send + 'static>(value: T) {
    std::thread::spawn(move || drop(value));
}

/// Drops `value` on a thread of its own, so the caller goes on; in place in the browser.
#[cfg(target_arch = "wasm32")]
pub fn drop_aside<T>(value: T) {
    drop(value);
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
    fn each_run_of_a_map_with_state_starts_its_own() {
        // Each run counts the elements it has seen: the counts start at 1 in every run.
        let all: Vec<usize> = (0..1000).collect();
        let seen = super::map_with(
            &all,
            || 0usize,
            |n, _| {
                *n += 1;
                *n
            },
        );
        assert_eq!(seen.len(), 1000);
        assert_eq!(seen[0], 1);
        assert_eq!(
            seen.iter().filter(|&&n| n == 1).count(),
            super::threads().min(1000)
        );
    }

    #[test]
    fn a_join_returns_both_sides() {
        let (a, b) = super::join(|| "left".len(), || vec![1, 2, 3]);
        assert_eq!((a, b), (4, vec![1, 2, 3]));
    }
}
