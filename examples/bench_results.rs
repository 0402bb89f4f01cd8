//! Makes a large collected study for `bench/collected.sh`: a spec's items copied until there
//! are `ITEMS` of them, and `ANNOTATORS` simulated annotators' valid results on each (the
//! widget's own simulated answers and result builder), as JSON Lines.
//!
//! Usage: cargo run --release --example bench_results -- SPEC ITEMS OUT_DIR N_ITEMS N_ANNOTATORS

use glossa::result::{build, Environment};
use glossa::support::sorted_map::SortedMap;
use glossa::task::Task;
use std::io::Write;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [spec_path, items_path, out, n_items, n_annotators] = args.as_slice() else {
        eprintln!("usage: bench_results SPEC ITEMS OUT_DIR N_ITEMS N_ANNOTATORS");
        std::process::exit(2);
    };
    let (n_items, n_annotators): (usize, usize) = (
        n_items.parse().expect("N_ITEMS"),
        n_annotators.parse().expect("N_ANNOTATORS"),
    );
    let read = |p: &str| std::fs::read_to_string(p).expect("readable");
    let (spec, base) = glossa::mount::study(&read(spec_path), &read(items_path)).expect("loads");
    let items: Vec<_> = (0..n_items)
        .map(|n| {
            let mut item = base[n % base.len()].clone();
            item.id = format!("{}-{n:06}", item.id);
            item
        })
        .collect();
    std::fs::create_dir_all(out).expect("out dir");
    std::fs::write(
        format!("{out}/items.jsonl"),
        glossa::item::json_lines(&items),
    )
    .expect("items");
    let mut results = std::io::BufWriter::new(
        std::fs::File::create(format!("{out}/results.jsonl")).expect("results"),
    );
    for (n, item) in items.iter().enumerate() {
        let task = Task::new(spec.clone(), item.clone(), None);
        for a in 0..n_annotators {
            let seed = (n * n_annotators + a) as u64;
            let Ok((_, form)) = glossa::simulate::annotate(&task, seed, 1_000) else {
                continue;
            };
            let ids: SortedMap<String, String> = [("participant".to_owned(), format!("a{a:03}"))]
                .into_iter()
                .collect();
            let now = 1_000 + 20_000 + (seed % 40_000);
            if let Ok(doc) = build(&task, &form, &Environment::default(), &ids, now) {
                serde_json::to_writer(&mut results, &doc).expect("JSON");
                results.write_all(b"\n").expect("write");
            }
        }
    }
}
