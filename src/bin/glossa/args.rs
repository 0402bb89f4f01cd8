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
        /// A dataset card file (`glossa export dataset --card`): its licence, name, task
        /// categories and languages are checked.
        #[arg(long)]
        card: Option<String>,
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
        after_help = "Examples:\n  glossa collect qualtrics responses.csv > results.jsonl\n  glossa collect jspsych data.json > results.jsonl\n  glossa collect mturk batch.csv > results.jsonl\n  glossa collect jatos jatos_results.txt > results.jsonl"
    )]
    Collect {
        /// The host whose export this is.
        host: Host,
        /// The export file.
        export: String,
        /// The task spec the ratings are read against (mqm-tsv).
        #[arg(long)]
        spec: Option<String>,
    },
    /// Approve or reject each submission, with reasons, in the host's own review file.
    #[command(
        after_help = "Example:\n  glossa payments spec.json items.jsonl Batch_123_batch_results.csv --gold gold.json > reviewed.csv\n  glossa payments spec.json items.jsonl results.jsonl --host prolific --gold gold.json > review.csv\n\nMTurk: the results are read from the batch file (Answer.glossaResult). A worker who failed an\nattention item of the gold file is rejected, the reason naming the items; everyone else is\napproved (results under the report's too-fast threshold are named on standard error, never\nrejected by themselves). The file written is the batch file with its Approve (x) and Reject\n(the reason) columns filled: upload it on the Requester site's review page.\n\nProlific: the results (PROLIFIC_PID, SESSION_ID) give a row per submission with its action,\nAPPROVE or REJECT, and for a rejection the message Prolific sends (at least 100 characters).\nApprove the APPROVE rows' participant_id with Prolific's bulk approval; reject each REJECT\nrow's submission with its message and the category you choose."
    )]
    Payments {
        /// The task spec.
        spec: String,
        /// The items.
        items: String,
        /// MTurk's batch results CSV; with --host prolific, the collected results (JSON Lines).
        batch: String,
        /// A gold file with attention items.
        #[arg(long)]
        gold: Option<String>,
        /// Whose review file to write.
        #[arg(long, value_enum, default_value = "mturk")]
        host: PayHost,
    },
    /// Crowd labels aggregated per item: majority vote, Dawid–Skene and MACE, with each
    /// annotator's competence and each item's posterior.
    #[command(
        after_help = "Example:\n  glossa aggregate spec.json results.jsonl --items items.jsonl --json\n  glossa aggregate spec.json results.jsonl --items items.jsonl --out aggregated.jsonl --method mace\n\nChoices (one label per item), scale points (per item and output), multiple choices (yes or\nno per item and option) and labelled spans (a label per word, O for none) are aggregated.\nDawid-Skene and MACE follow crowd-kit's DawidSkene and MACE (variational Bayes)."
    )]
    Aggregate {
        /// The spec, results and items, and the output's form.
        #[command(flatten)]
        figures: Figures,
        /// Also write the aggregated labels as results (JSON Lines, one per item, from the
        /// annotator `aggregate:METHOD`), which every export and the report read.
        #[arg(long)]
        out: Option<String>,
        /// The method whose labels `--out` writes.
        #[arg(long, value_parser = ["majority_vote", "dawid_skene", "mace"], default_value = "dawid_skene")]
        method: String,
    },
    /// A simulated crowd's results (JSON Lines), to try the report, the review page and an
    /// analysis before any data is collected.
    #[command(
        after_help = "Examples:\n  glossa simulate spec.json items.jsonl --annotators 5 --agreement 0.8 --seed 7 > results.jsonl\n  glossa simulate spec.json items.jsonl --page pilot --plan plan.json --annotators 6 > results.jsonl\n\nPer item one answer is taken as right; annotator k of n (sim-01, ...) gives it with a\nchance falling from --agreement for the first to half of it for the last, else an answer of\ntheir own. Every answer is one the widget accepts.\n\nWith --page, the results are as that page writes them: its ids (Prolific's PROLIFIC_PID,\nSTUDY_ID and SESSION_ID; MTurk's workerId, assignmentId and hitId; Qualtrics' response id;\nJATOS's worker), a plan's slot and its items in order (--plan), gold items flagged\n(ids.gold), a phone's environment, and attention items answered as instructed by nine\nparticipants in ten."
    )]
    Simulate {
        /// The task spec.
        spec: String,
        /// The items.
        items: String,
        /// How many annotators answer every item.
        #[arg(long, default_value_t = 5)]
        annotators: usize,
        /// The first annotator's chance of giving the right answer (0 to 1).
        #[arg(long, default_value_t = 0.8)]
        agreement: f64,
        /// The seed: the same seed gives the same results.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Write the results as this page writes them (its ids, flags and environment).
        #[arg(long, value_parser = ["pilot", "jspsych", "jatos", "mturk", "qualtrics"])]
        page: Option<String>,
        /// A plan (`glossa plan`): each participant takes a slot, its items in order, its
        /// gold items flagged and its attention items answered as instructed (with --page).
        #[arg(long, requires = "page")]
        plan: Option<String>,
    },
    /// Krippendorff's alpha per control, with a 95% bootstrap interval.
    #[command(
        after_help = "Examples:\n  glossa agreement spec.json results.jsonl --items items.jsonl --json\n  glossa agreement spec.json results.jsonl --items items.jsonl --gold gold.json\n\nA listening test's MOS (P.808, MUSHRA) is reported per condition and per file; with --gold, its\nlisteners are screened as P.808 does: one who failed a trapping question (an attention item) or\na gold question (beyond the file's point_band) is left out, and those items are not in the MOS."
    )]
    Agreement {
        /// The spec, results and items, and the output's form.
        #[command(flatten)]
        figures: Figures,
        /// Published per-segment scores to compare the error scores with (an MQM release's
        /// `avg_seg_scores` file): prints how many are equal to the file's digits, how many
        /// differ, and which are in one only.
        #[arg(long, value_name = "FILE")]
        compare_to: Option<String>,
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
    /// Items for a spec from a spreadsheet (CSV, TSV, XLSX, XLS, ODS) or JSON Lines: one item
    /// per row, one field per column; every row that does not fit is named by its number.
    #[command(
        after_help = "Examples:\n  glossa items spec.json sentences.xlsx > items.jsonl\n  glossa items spec.json data.csv --map text=Satz --map id=Nr --out items.jsonl\n  glossa items spec.json systems.csv --map translations=sysA,sysB\n  glossa items spec.json tasks.json --from labelstudio\n  glossa items spec.json ner.jsonl --from spacy --model en_core_web_sm-3.8.0\n  glossa items spec.json brat-folder/ --from brat\n\nWith --from, the file is another tool's output and each item carries the model's\nsuggestions (Label Studio predictions; spaCy or Prodigy spans and accepted options); spans\ngiven by character offsets become spans of words.\n\nA column becomes the field of its name (`--map FIELD=COLUMN` names another); the id is\nthe column `id` or `item_id`. A field the spec needs is also found in a column whose name\ndiffers only in case, spaces, dashes or underscores. A cell holding a JSON list or object is\nthat value. The outputs a spec asks about come from a column each: `--map\ntranslations=sysA,sysB` (each header the output's id), `--map translations.sysA=COLUMN`\nfor one, or columns named `translations.sysA`. A `--map` to a field the spec never reads is\nrefused. CSV may be UTF-8 (with or without BOM) or UTF-16 with BOM, delimited by commas,\nsemicolons or tabs."
    )]
    Items {
        /// The task spec the items are for.
        spec: String,
        /// The spreadsheet (by its extension: .xlsx .xls .ods .csv .tsv .txt, or .jsonl .json).
        file: String,
        /// A field and the column it comes from (repeatable): `--map text=Satz`.
        #[arg(long = "map", value_name = "FIELD=COLUMN", value_parser = field_column)]
        map: Vec<(String, String)>,
        /// The sheet of a workbook (default: the first).
        #[arg(long)]
        sheet: Option<String>,
        /// Where to write the items (JSON Lines; `.json`: a JSON list). Default: standard output.
        #[arg(long)]
        out: Option<String>,
        /// Read the file as another tool's output with a model's suggestions: `labelstudio`
        /// (a JSON export of tasks with predictions), `spacy` (spaCy / Prodigy JSON Lines) or
        /// `brat` (a folder of brat standoff documents, `.txt` and `.ann`: an item each);
        /// or as MQM ratings, `mqm-tsv` (the public TSV of WMT's MQM releases: a segment an
        /// item, its systems' translations the outputs).
        #[arg(long, value_name = "TOOL")]
        from: Option<String>,
        /// The model's name, when the file does not give it (spaCy lines never do).
        #[arg(long)]
        model: Option<String>,
        /// The labelled-span control that spaCy's spans go to (default: the spec's only one).
        #[arg(long)]
        control: Option<String>,
    },
    /// The shipped example studies: list them, or copy one as a study folder to start from.
    #[command(
        after_help = "Examples:\n  glossa examples                          the list, one per task family and protocol\n  glossa examples de-toxic --out my-study/ a study folder to change and pilot"
    )]
    Examples {
        /// The example to copy (its name in the list).
        name: Option<String>,
        /// The folder to copy it into (new, or empty). Default: the example's name.
        #[arg(long)]
        out: Option<String>,
        /// The Glossa site to take the examples from. Default: the installed one.
        #[arg(long)]
        site: Option<String>,
    },
    /// Serve the studio (a new study's spec with a live preview, items from a spreadsheet,
    /// gold answers, folders for every host), the examples and the book on this machine.
    #[command(
        after_help = "Examples:\n  glossa studio                 then open the address it prints\n  glossa studio --port 0        any free port"
    )]
    Studio {
        /// Where to listen.
        #[command(flatten)]
        listen: Listen,
        /// The Glossa site to serve. Default: the installed one.
        #[arg(long)]
        site: Option<String>,
    },
    /// Which Glossa site the commands use (installed, or the source checkout) and whether
    /// every part of it is there; exit 1 if not.
    Doctor {
        /// Check this site instead.
        #[arg(long)]
        site: Option<String>,
    },
    /// Serve a study on this machine for an in-lab pilot, collecting each posted result once.
    #[command(
        after_help = "Example:\n  glossa serve study/ --collect results.jsonl\n  glossa serve study/ --collect results.jsonl --host 0.0.0.0 --port 8080   (a lab's LAN)\n\nThe study folder holds spec.json and items.jsonl (or items.json), and may hold plan.json;\nthe media files the items name are served beside them (with range requests).\n`/` opens the pilot on it; each result the pilot posts to /collect is appended to the\nresults file once (a resend is answered, not written again) and is on disk before the\nanswer goes back."
    )]
    Serve {
        /// The study folder.
        study: String,
        /// Append each posted result to this JSON Lines file (created if missing).
        #[arg(long)]
        collect: Option<String>,
        /// Where to listen.
        #[command(flatten)]
        listen: Listen,
        /// The Glossa site (index.html and www/) to serve the pilot from. Default: the one
        /// installed with this program, else its source checkout (`glossa doctor`).
        #[arg(long)]
        site: Option<String>,
    },
    /// A folder ready to upload for a host: the page, the Glossa files, the study (never its
    /// gold answers), a strict Content-Security-Policy, and LINKS.txt.
    #[command(
        after_help = "Examples:\n  glossa host pilot study/ --out upload/ --datapipe Ab3dEf9 --complete 'https://app.prolific.com/submissions/complete?cc=C0DE'\n  glossa host jspsych study/ --out upload/ --jspsych node_modules/jspsych/dist --datapipe Ab3dEf9\n  glossa host qualtrics study/ --out upload/ --url https://your.host/study --complete 'https://app.prolific.com/submissions/complete?cc=C0DE'"
    )]
    Host {
        /// Which page.
        page: HostPage,
        /// The study folder (spec.json, items.jsonl or items.json, plan.json).
        study: String,
        /// The folder to write (new, or empty).
        #[arg(long)]
        out: String,
        /// Send each result to DataPipe (OSF): its experiment id.
        #[arg(long)]
        datapipe: Option<String>,
        /// Post each result to this endpoint.
        #[arg(long, conflicts_with = "datapipe")]
        post: Option<String>,
        /// Where a participant who finished goes (e.g. Prolific's completion link).
        #[arg(long)]
        complete: Option<String>,
        /// Where one goes who missed an attention item's instructed answer.
        #[arg(long)]
        complete_attention: Option<String>,
        /// Where one goes whose device could not show the study.
        #[arg(long)]
        complete_error: Option<String>,
        /// jsPsych's dist folder (`npm install jspsych`), for the jsPsych page.
        #[arg(long)]
        jspsych: Option<String>,
        /// The https address the folder will be served from (MTurk's question files and the
        /// Qualtrics survey name it; Qualtrics needs it).
        #[arg(long)]
        url: Option<String>,
        /// The built Glossa site to take the files from. Default: the one installed with this
        /// program, else its source checkout (`glossa doctor`).
        #[arg(long)]
        site: Option<String>,
    },
    /// The UI strings a study starts from, ready for a spec's `ui_strings`: every key with its
    /// text in LANG (English where Glossa does not ship LANG), then `_notes` on what each is for.
    #[command(
        after_help = "Examples:\n  glossa strings de            the German strings, to change a word in a spec's ui_strings\n  glossa strings eu > eu.json  a study in Basque: translate the English texts, paste them as ui_strings\n\nGlossa ships: ar cs de en es fa fr he hi hr it ja ko nl pl pt ru sk sl tr uk zh (www/strings/<tag>.json)."
    )]
    Strings {
        /// A BCP 47 language tag (default: en).
        #[arg(default_value = "en")]
        lang: String,
    },
    /// Print a JSON Schema.
    #[command(after_help = "Example:\n  glossa schema result > result-1.json")]
    Schema {
        /// Which one.
        #[arg(default_value = "spec")]
        which: SchemaKind,
    },
}

/// A `FIELD=COLUMN` pair.
fn field_column(s: &str) -> Result<(String, String), String> {
    match s.split_once('=') {
        Some((f, c)) if !f.trim().is_empty() && !c.trim().is_empty() => {
            Ok((f.trim().to_owned(), c.trim().to_owned()))
        }
        _ => Err(format!("\"{s}\" is not FIELD=COLUMN (e.g. text=Satz)")),
    }
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
    /// Labelled spans as CoNLL BIO tags: a token and its tag per line, a document per item
    /// and annotator.
    #[command(
        after_help = "Example:\n  glossa export conll spec.json items.jsonl results.jsonl > ner.conll"
    )]
    Conll(SpanExport),
    /// Labelled spans as Label Studio tasks (JSON), with the labelling config (--config).
    #[command(
        after_help = "Example:\n  glossa export label-studio spec.json items.jsonl results.jsonl --config config.xml > tasks.json"
    )]
    LabelStudio {
        #[command(flatten)]
        /// What to export.
        export: SpanExport,
        /// Also write Label Studio's labelling config (XML) to this file.
        #[arg(long)]
        config: Option<String>,
    },
    /// Labelled spans and the links between them as brat standoff documents: a `.txt` and its
    /// `.ann` per result (T, A, R and `*` lines), with brat's `annotation.conf`.
    #[command(
        after_help = "Example:\n  glossa export brat spec.json items.jsonl results.jsonl --out brat/\n\nEach result is `<item>.<annotator>.txt` and `.ann` in the folder; copy it into brat's data\nfolder to open it there. Offsets are code points of the text, as brat counts them."
    )]
    Brat {
        #[command(flatten)]
        /// What to export.
        export: SpanExport,
        /// The folder to write (made if missing).
        #[arg(long)]
        out: String,
    },
    /// Labelled spans as spaCy / Prodigy JSON Lines (text, spans with start, end, label).
    #[command(
        after_help = "Example:\n  glossa export spacy spec.json items.jsonl results.jsonl > spans.jsonl"
    )]
    Spacy(SpanExport),
    /// MQM ratings in the public TSV of Google's WMT MQM releases: a row per error (its span
    /// between <v> and </v>), a No-error row per output without one.
    #[command(
        after_help = "Example:\n  glossa export mqm-tsv spec.json items.jsonl results.jsonl > mqm.tsv"
    )]
    MqmTsv {
        /// The task spec.
        spec: String,
        /// The items.
        items: String,
        /// The results (JSON Lines).
        results: String,
    },
    /// A folder ready to publish: the items, every annotation (under pseudonyms) and the
    /// aggregated labels in Parquet and JSON Lines, the dataset card (README.md with the
    /// Hugging Face Hub's metadata and a data statement), the spec, the items and the report.
    #[command(
        after_help = "Example:\n  head -c 32 /dev/urandom | base64 > ~/salt.txt   # once; keep it, never publish it\n  glossa export dataset spec.json items.jsonl results.jsonl --card card.json --salt ~/salt.txt --gold gold.json --out dataset/\n\nThe same salt gives every annotator the same pseudonym in every export. Results `glossa\nvalidate` refuses are left out (and counted) unless --include-invalid."
    )]
    Dataset(DatasetArgs),
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

/// What `glossa export dataset` reads.
#[derive(Args, Debug)]
pub struct DatasetArgs {
    /// The task spec.
    pub spec: String,
    /// The items.
    pub items: String,
    /// The results (JSON Lines).
    pub results: String,
    /// The dataset card's facts only the researcher knows (JSON: license, pretty_name,
    /// task_categories, languages, platform, pay, data_statement, …; `glossa schema card`).
    #[arg(long)]
    pub card: String,
    /// A file of at least 16 secret bytes the pseudonyms are keyed with: keep it (the same salt
    /// gives the same pseudonyms in every export) and never publish it.
    #[arg(long)]
    pub salt: String,
    /// The folder to write (new, or empty).
    #[arg(long)]
    pub out: String,
    /// The study's gold file: its gold and attention items are marked, and left out of the
    /// aggregated labels.
    #[arg(long)]
    pub gold: Option<String>,
    /// The study's plan (`glossa plan`): the card says how items were assigned.
    #[arg(long)]
    pub plan: Option<String>,
    /// Keep the annotators' free-text notes (left out by default: they may name people).
    #[arg(long)]
    pub keep_notes: bool,
    /// Publish results `glossa validate` refuses too (they are left out by default).
    #[arg(long)]
    pub include_invalid: bool,
}

/// What a labelled-span export reads.
#[derive(Args, Debug)]
pub struct SpanExport {
    /// The task spec.
    pub spec: String,
    /// The items.
    pub items: String,
    /// The results (JSON Lines).
    pub results: String,
    /// The control of labelled spans to export (default: the spec's only one).
    #[arg(long)]
    pub control: Option<String>,
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
    /// The results collected so far (JSON Lines): plan only the judgements still missing —
    /// of slots returned, timed out, or rejected (an attention item of --gold failed) — for
    /// --annotators new slots (r01, r02, …).
    #[arg(long)]
    pub refill: Option<String>,
    /// Give each slot this many of each item's outputs (a section asked per output: MQM's and
    /// ESA's raters see some of a segment's systems), balanced over the slots that see the
    /// item; gold items keep all theirs.
    #[arg(long)]
    pub outputs_per_rater: Option<usize>,
}

/// A page `glossa host` writes.
#[derive(ValueEnum, Clone, Copy, Debug)]
pub enum HostPage {
    /// The pilot runner with the study in it (Prolific, a static host).
    Pilot,
    /// A jsPsych experiment: the study's items as Glossa trials.
    Jspsych,
    /// A JATOS study archive (.jzip) to import into JATOS.
    Jatos,
    /// MTurk HITs: the ExternalQuestion page and one question file per item.
    Mturk,
    /// A Qualtrics survey (.qsf) looping over the items, and the files it loads (needs --url).
    Qualtrics,
}

/// A host whose submissions `payments` reviews.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PayHost {
    /// MTurk: the batch results CSV with Approve and Reject filled (the Requester site's upload).
    Mturk,
    /// Prolific: a row per submission (participant_id, submission_id, action, message).
    Prolific,
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
    /// JATOS results ("Export results → data only"); a result sent twice is kept once.
    Jatos,
    /// MQM ratings in the public TSV of Google's WMT MQM releases (needs --spec): a result per
    /// segment and rater, the systems that rater rated the outputs shown.
    MqmTsv,
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
    /// A dataset card's facts (`glossa export dataset --card`).
    Card,
}

/// What the commands that compute figures from results read (`agreement`, `aggregate`).
#[derive(Args, Debug)]
pub struct Figures {
    /// The task spec.
    pub spec: String,
    /// The results (JSON Lines).
    pub results: String,
    /// The items (gives span texts their word counts).
    #[arg(long)]
    pub items: Option<String>,
    /// Print JSON instead of a table.
    #[arg(long)]
    pub json: bool,
    /// A gold file: a listening test's trapping and gold questions screen its listeners
    /// (needs --items).
    #[arg(long, requires = "items")]
    pub gold: Option<String>,
}

/// Where a server listens (`serve`, `studio`).
#[derive(Args, Debug)]
pub struct Listen {
    /// The address to listen on (default: this machine only).
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    /// The port (0: any free one).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
}
