//! The command line's grammar (clap derive): every command, its arguments and its examples.
//! Exit codes: 0 all good, 1 problems found (in the files or the results), 2 usage or a file
//! that cannot be read.

use clap::{Args, Parser, Subcommand, ValueEnum};

/// Check task specs and items, re-check and export collected results, plan a study, score it.
#[derive(Parser, Debug)]
#[command(
    name = "glossa",
    version = glossa::WIDGET_VERSION,
    about = "Check task specs and items, re-check and export collected results, plan a study, score it.",
    after_help = "A file argument `-` reads standard input. Exit codes: 0 all good, 1 problems \
                  found, 2 usage or an unreadable file. `glossa help <command>` shows examples."
)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The commands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Report every problem of a spec (and its items, and a gold file); exit 1 if any.
    #[command(
        after_help = "Examples:\n  glossa check study/spec.json\n  glossa check study/spec.json study/items.jsonl\n  glossa check study/spec.json study/items.jsonl --gold study/gold.json"
    )]
    Check {
        /// The task spec (JSON).
        spec: String,
        /// The items (a JSON array or JSON Lines).
        items: Option<String>,
        /// A gold file, read against the spec and the items.
        #[arg(long, requires = "items")]
        gold: Option<String>,
    },
    /// Re-check collected results as the browser did; exit 1 if any fails.
    #[command(after_help = "Example:\n  glossa validate spec.json items.jsonl results.jsonl")]
    Validate {
        /// The task spec.
        spec: String,
        /// The items.
        items: String,
        /// The results (JSON Lines).
        results: String,
    },
    /// Convert results for the tools people load next.
    #[command(subcommand)]
    Export(Export),
    /// Read the results out of a host's export, as JSON Lines; bad rows are named.
    #[command(
        after_help = "Examples:\n  glossa collect qualtrics responses.csv > results.jsonl\n  glossa collect jspsych data.json > results.jsonl\n  glossa collect mturk batch.csv > results.jsonl"
    )]
    Collect {
        /// The host whose export this is.
        host: Host,
        /// The export file.
        export: String,
    },
    /// Krippendorff's alpha per control, with a 95% bootstrap interval.
    #[command(
        after_help = "Example:\n  glossa agreement spec.json results.jsonl --items items.jsonl --json"
    )]
    Agreement {
        /// The task spec.
        spec: String,
        /// The results (JSON Lines).
        results: String,
        /// The items (gives span texts their word counts).
        #[arg(long)]
        items: Option<String>,
        /// Print JSON instead of a table.
        #[arg(long)]
        json: bool,
    },
    /// One self-contained HTML report: annotators, gold, agreement, charts.
    #[command(
        after_help = "Example:\n  glossa report spec.json items.jsonl results.jsonl --gold gold.json --out report.html"
    )]
    Report {
        /// The task spec.
        spec: String,
        /// The items.
        items: String,
        /// The results (JSON Lines).
        results: String,
        /// A gold file: gold and attention items scored per annotator.
        #[arg(long)]
        gold: Option<String>,
        /// Where to write the page.
        #[arg(long)]
        out: String,
    },
    /// A balanced study plan (JSON) for the pilot runner's `&plan=`.
    #[command(
        after_help = "Example:\n  glossa plan spec.json items.jsonl --per-item 3 --annotators 20 --gold gold.json --gold-every 10 --seed 7 > plan.json"
    )]
    Plan(PlanArgs),
    /// Print a JSON Schema.
    #[command(after_help = "Example:\n  glossa schema result > result-1.json")]
    Schema {
        /// Which one.
        #[arg(default_value = "spec")]
        which: SchemaKind,
    },
}

/// `glossa export …`.
#[derive(Subcommand, Debug)]
pub enum Export {
    /// Question authoring as PoQuAD / SQuAD 2.0 JSON.
    #[command(
        after_help = "Example:\n  glossa export poquad items.jsonl results.jsonl > poquad.json"
    )]
    Poquad {
        /// The items.
        items: String,
        /// The results (JSON Lines).
        results: String,
        /// The task spec: each answer is then read as its control's kind writes it (without
        /// it, every answer holding a `questions` list is read as authored questions).
        #[arg(long)]
        spec: Option<String>,
    },
    /// A tidy long table (one row per answer field) for pandas and R.
    #[command(after_help = "Example:\n  glossa export csv spec.json results.jsonl > answers.csv")]
    Csv {
        /// The task spec.
        spec: String,
        /// The results (JSON Lines).
        results: String,
    },
    /// Magnitude scores in the RankME data layout (mr, ref1.., inf1..).
    #[command(
        after_help = "Example:\n  glossa export rankme spec.json items.jsonl results.jsonl > rankme.csv"
    )]
    Rankme {
        /// The task spec.
        spec: String,
        /// The items.
        items: String,
        /// The results (JSON Lines).
        results: String,
    },
}

/// `glossa plan`'s options.
#[derive(Args, Debug)]
pub struct PlanArgs {
    /// The task spec.
    pub spec: String,
    /// The items.
    pub items: String,
    /// How many annotators see each item.
    #[arg(long)]
    pub per_item: usize,
    /// How many annotator slots.
    #[arg(long)]
    pub annotators: usize,
    /// A gold file: its items are interleaved.
    #[arg(long)]
    pub gold: Option<String>,
    /// A gold item after every this many items.
    #[arg(long, default_value_t = 0)]
    pub gold_every: usize,
    /// The shuffle seed (same seed, same plan).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// A host whose export `collect` reads.
#[derive(ValueEnum, Clone, Copy, Debug)]
pub enum Host {
    /// A Qualtrics CSV export (chunked embedded data).
    Qualtrics,
    /// jsPsych data (JSON or CSV).
    Jspsych,
    /// An MTurk batch results CSV.
    Mturk,
}

/// A JSON Schema `schema` prints.
#[derive(ValueEnum, Clone, Copy, Debug)]
pub enum SchemaKind {
    /// The task spec.
    Spec,
    /// An item.
    Item,
    /// A result document.
    Result,
}
