//! brat's own standoff examples (`tests/fixtures/brat`, from brat's repository: its two
//! tutorials and documents of its example corpora) read in and write out byte for byte; every
//! line is read into what it says (none kept only as text), and every text-bound annotation's
//! text is the text at its offsets.
use glossa::study::brat::{read, write, Line};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn ann_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            ann_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "ann") {
            out.push(path);
        }
    }
}

fn files() -> Vec<PathBuf> {
    let mut out = Vec::new();
    ann_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/brat"),
        &mut out,
    );
    out.sort();
    assert!(out.len() >= 40, "brat's examples: {} files", out.len());
    out
}

#[test]
fn brat_examples_read_in_and_write_out_unchanged() {
    let mut kinds: BTreeMap<&str, usize> = BTreeMap::new();
    for path in files() {
        let text = std::fs::read_to_string(&path).unwrap();
        let ann = read(&text);
        assert_eq!(write(&ann), text, "{}", path.display());
        for line in &ann.lines {
            let kind = match line {
                Line::Text { .. } => "T",
                Line::Relation { .. } => "R",
                Line::Equiv { .. } => "*",
                Line::Event { .. } => "E",
                Line::Attribute { id, .. } if id.starts_with('M') => "M",
                Line::Attribute { .. } => "A",
                Line::Normalization { .. } => "N",
                Line::Note { .. } => "#",
                Line::Other(raw) => {
                    assert!(
                        raw.trim().is_empty(),
                        "{}: a line not read: {raw:?}",
                        path.display()
                    );
                    "blank"
                }
            };
            *kinds.entry(kind).or_default() += 1;
        }
    }
    for kind in ["T", "R", "*", "E", "A", "M", "N", "#"] {
        assert!(
            kinds.get(kind).copied().unwrap_or(0) > 0,
            "no {kind} line among brat's examples: {kinds:?}"
        );
    }
}

#[test]
fn each_span_is_the_text_at_its_offsets() {
    for path in files() {
        let doc: Vec<char> = std::fs::read_to_string(path.with_extension("txt"))
            .unwrap()
            .chars()
            .collect();
        for line in read(&std::fs::read_to_string(&path).unwrap()).lines {
            if let Line::Text {
                id,
                fragments,
                text,
                ..
            } = line
            {
                let at: Vec<String> = fragments
                    .iter()
                    .map(|&(a, b)| doc[a..b].iter().collect())
                    .collect();
                assert_eq!(at.join(" "), text, "{} {id}", path.display());
            }
        }
    }
}

#[test]
fn a_line_brat_would_not_read_is_kept_as_written() {
    let text = "T1\tPER 0 4\tJohn\nnot a line\nR1\tworks_for Arg1:T1 Arg2:T2\t\nE1\tProcess:T18 \n\n*\tCoref T1 T3";
    let ann = read(text);
    assert_eq!(write(&ann), text);
    assert_eq!(ann.lines[1], Line::Other("not a line".into()));
    assert!(!ann.final_newline);
    let Line::Relation { args, tail, .. } = &ann.lines[2] else {
        panic!("{:?}", ann.lines[2])
    };
    assert_eq!(
        args,
        &[
            ("Arg1".to_owned(), "T1".to_owned()),
            ("Arg2".to_owned(), "T2".to_owned())
        ]
    );
    assert_eq!(tail, "\t");
    let Line::Equiv { members, .. } = &ann.lines[5] else {
        panic!("{:?}", ann.lines[5])
    };
    assert_eq!(members, &["T1".to_owned(), "T3".to_owned()]);
}
