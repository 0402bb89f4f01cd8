//! The `glossa` command line: check spec and items files, re-check and export collected
//! results, read results back from the hosts' exports, plan and score a study, print the JSON
//! Schemas. The grammar is in `args.rs` (clap); each command group has a file; `files.rs` reads
//! every file a command names. Exit codes: 0 all good, 1 problems found, 2 usage or a file
//! that cannot be read.

// The CLI is native only (clap is not a browser dependency); wasm test builds compile the
// crate's binaries too, and get an empty one.
#[cfg(target_arch = "wasm32")]
fn main() {}

/// mimalloc, not glibc's malloc: see Cargo.toml.
#[cfg(not(target_arch = "wasm32"))]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[cfg(not(target_arch = "wasm32"))]
mod args;
#[cfg(not(target_arch = "wasm32"))]
mod check;
#[cfg(not(target_arch = "wasm32"))]
mod collect;
#[cfg(not(target_arch = "wasm32"))]
mod collector;
#[cfg(not(target_arch = "wasm32"))]
mod connections;
#[cfg(not(target_arch = "wasm32"))]
mod dataset;
#[cfg(not(target_arch = "wasm32"))]
mod examples;
#[cfg(not(target_arch = "wasm32"))]
mod export;
#[cfg(not(target_arch = "wasm32"))]
mod files;
#[cfg(not(target_arch = "wasm32"))]
mod host;
#[cfg(not(target_arch = "wasm32"))]
mod items;
#[cfg(not(target_arch = "wasm32"))]
mod media_files;
#[cfg(not(target_arch = "wasm32"))]
mod parquet;
#[cfg(not(target_arch = "wasm32"))]
mod ranges;
#[cfg(not(target_arch = "wasm32"))]
mod schema;
#[cfg(not(target_arch = "wasm32"))]
mod serve;
#[cfg(not(target_arch = "wasm32"))]
mod site_dir;
#[cfg(not(target_arch = "wasm32"))]
mod study;

#[cfg(not(target_arch = "wasm32"))]
use {
    args::{Cli, Command, Export},
    std::process::ExitCode,
};

/// A command's outcome: its exit code either way (`Err` for one that stopped early, after
/// saying why), so commands can use `?`.
#[cfg(not(target_arch = "wasm32"))]
pub type Outcome = Result<ExitCode, ExitCode>;

/// The command line, with what only the running program knows (the site it uses, in
/// `--version`) and, under every command's help, where the book is.
#[cfg(not(target_arch = "wasm32"))]
fn parse() -> Cli {
    use clap::{CommandFactory, FromArgMatches};
    let book = "The book: `glossa studio` serves it at /book/; it is also book/index.html in the site `glossa doctor` names.";
    let mut command = Cli::command();
    // (The site is looked for only when asked: every other run leaves the disk alone.)
    if std::env::args_os().any(|a| a == "--version") {
        command = command.long_version(format!(
            "{}\n{}",
            glossa::WIDGET_VERSION,
            site_dir::version_line()
        ));
    }
    let names: Vec<String> = command
        .get_subcommands()
        .map(|c| c.get_name().to_owned())
        .collect();
    for name in names {
        command = command.mut_subcommand(name, |c| {
            let before = c
                .get_after_help()
                .map(|h| format!("{h}\n\n"))
                .unwrap_or_default();
            let text = format!("{before}{book}");
            c.after_help(text)
        });
    }
    let before = command
        .get_after_help()
        .map(|h| format!("{h}\n\n"))
        .unwrap_or_default();
    let text = format!("{before}{book}");
    command = command.after_help(text);
    Cli::from_arg_matches(&command.get_matches()).unwrap_or_else(|e| e.exit())
}

#[cfg(not(target_arch = "wasm32"))]
fn main() -> ExitCode {
    let cli = parse();
    // A command whose output is piped into one that stops reading (`glossa items … | head`)
    // ends quietly, as `cat` does, not with a panic: the default for a closed pipe. Not for
    // `serve`, whose clients may hang up at any time.
    if !matches!(cli.command, Command::Serve { .. } | Command::Studio { .. }) {
        // SAFETY: called once, before any thread starts; it sets the signal's disposition only.
        unsafe {
            libc::signal(libc::SIGPIPE, libc::SIG_DFL);
        }
    }
    let outcome = match cli.command {
        Command::Check {
            spec,
            items,
            gold,
            card,
        } => check::check(&spec, items.as_deref(), gold.as_deref(), card.as_deref()),
        Command::Strings { lang } => check::strings(&lang),
        Command::Validate {
            spec,
            items,
            results,
        } => check::validate(&spec, &items, &results),
        Command::Export(Export::Poquad {
            items,
            results,
            spec,
        }) => export::poquad(&items, &results, spec.as_deref()),
        Command::Export(Export::Csv { spec, results }) => export::csv(&spec, &results),
        Command::Export(Export::Dataset(d)) => dataset::export(&d),
        Command::Export(Export::Conll(e)) => export::spans(&e, export::SpanFormat::Conll),
        Command::Export(Export::LabelStudio { export: e, config }) => {
            export::spans(&e, export::SpanFormat::LabelStudio(config))
        }
        Command::Export(Export::Spacy(e)) => export::spans(&e, export::SpanFormat::Spacy),
        Command::Export(Export::Brat { export: e, out }) => {
            export::spans(&e, export::SpanFormat::Brat(out))
        }
        Command::Export(Export::MqmTsv {
            spec,
            items,
            results,
        }) => export::mqm_tsv(&spec, &items, &results),
        Command::Export(Export::Rankme {
            spec,
            items,
            results,
        }) => export::rankme(&spec, &items, &results),
        Command::Collect { host, export, spec } => collect::collect(host, &export, spec.as_deref()),
        Command::Payments {
            spec,
            items,
            batch,
            gold,
            host,
        } => study::payments(&spec, &items, &batch, gold.as_deref(), host),
        Command::Simulate {
            spec,
            items,
            annotators,
            agreement,
            seed,
            page,
            plan,
        } => study::simulate(
            &spec,
            &items,
            annotators,
            agreement,
            seed,
            page.as_deref(),
            plan.as_deref(),
        ),
        Command::Agreement {
            figures: f,
            compare_to,
        } => study::agreement(
            &f.spec,
            &f.results,
            f.items.as_deref(),
            f.gold.as_deref(),
            f.json,
            compare_to.as_deref(),
        ),
        Command::Aggregate {
            figures: f,
            out,
            method,
        } => study::aggregate(
            &f.spec,
            &f.results,
            f.items.as_deref(),
            f.json,
            out.as_deref(),
            &method,
        ),
        Command::Report {
            spec,
            items,
            results,
            gold,
            out,
        } => study::report(&spec, &items, &results, gold.as_deref(), &out),
        Command::Plan(plan) => study::plan(&plan),
        Command::Items {
            spec,
            file,
            out,
            from: Some(from),
            model,
            control,
            ..
        } => items::imported(
            &spec,
            &file,
            &from,
            model.as_deref(),
            control.as_deref(),
            out.as_deref(),
        ),
        Command::Items {
            spec,
            file,
            map,
            sheet,
            out,
            ..
        } => items::items(&spec, &file, &map, sheet.as_deref(), out.as_deref()),
        Command::Examples { name, out, site } => {
            examples::examples(name.as_deref(), out.as_deref(), site.as_deref())
        }
        Command::Studio { listen, site } => {
            serve::studio(site.as_deref(), &listen.host, listen.port)
        }
        Command::Doctor { site } => site_dir::doctor(site.as_deref()),
        Command::Serve {
            study,
            collect,
            listen,
            site,
        } => serve::serve(
            &study,
            site.as_deref(),
            collect.as_deref(),
            &listen.host,
            listen.port,
        ),
        Command::Host {
            page,
            study,
            out,
            datapipe,
            post,
            complete,
            complete_attention,
            complete_error,
            jspsych,
            url,
            site,
        } => host::host(
            page,
            &host::HostOptions {
                study: &study,
                out: &out,
                site: site.as_deref(),
                datapipe: datapipe.as_deref(),
                post: post.as_deref(),
                complete: [
                    complete.as_deref(),
                    complete_attention.as_deref(),
                    complete_error.as_deref(),
                ],
                jspsych: jspsych.as_deref(),
                url: url.as_deref(),
            },
        ),
        Command::Schema { which } => Ok(schema::print(which)),
    };
    outcome.unwrap_or_else(|code| code)
}
