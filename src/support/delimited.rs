//! Delimited text (CSV, TSV, `;`-separated as Excel writes it in many locales) read into records
//! with their lines, and fields written safely: the researcher's side only (host exports,
//! spreadsheets saved as text, tidy tables), on the `csv` crate.

/// A record with the line (from 1) it starts on.
#[derive(Debug, PartialEq)]
pub struct Record {
    /// The line the record starts on.
    pub line: usize,
    /// Its fields.
    pub fields: Vec<String>,
}

/// Parses CSV as RFC 4180 writes it (quoted fields with `""`, line breaks inside quotes, CRLF,
/// LF or a lone CR), which is what Qualtrics, MTurk and jsPsych export. A byte order mark is
/// skipped.
pub fn parse_csv(text: &str) -> Vec<Record> {
    parse_delimited(text, b',')
}

/// [`parse_csv`] with another delimiter (a tab, or `;`).
pub fn parse_delimited(text: &str, sep: u8) -> Vec<Record> {
    read_delimited(text, sep).0
}

/// A quote opened and never closed: the line it opened on, and what to do.
pub fn unclosed_message(line: usize) -> String {
    format!(
        "line {line}: a quote opened here is never closed, so every row after it would be read \
         into one cell: close the quote, or write a quote inside a quoted cell twice (\"\")"
    )
}

/// [`parse_delimited`], and the line of a quote that is never closed (every row after it
/// would be one cell). A line ends at LF, CRLF or a lone CR (classic Mac line endings); an
/// empty line is a record of one empty field, as a spreadsheet shows it.
pub fn read_delimited(text: &str, sep: u8) -> (Vec<Record>, Option<usize>) {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let bytes = text.as_bytes();
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .delimiter(sep)
        .from_reader(bytes);
    let mut records = Vec::new();
    let mut record = csv::ByteRecord::new();
    // Where the crate stopped after the previous record, and where the last one's text starts.
    let (mut at, mut last, mut last_index) = (0, 0, 0);
    // The crate passes over empty lines; a spreadsheet shows each as an empty row.
    let blanks = |records: &mut Vec<Record>, from: usize, to: usize| {
        let from = if from > 0 && bytes[from - 1] == b'\r' && bytes.get(from) == Some(&b'\n') {
            from + 1 // the rest of the previous record's CRLF
        } else {
            from
        };
        let gap = std::str::from_utf8(&bytes[from.min(to)..to]).unwrap_or_default();
        for _ in 0..line_ends(gap) {
            records.push(Record {
                line: 0,
                fields: vec![String::new()],
            });
        }
    };
    while let Ok(true) = reader.read_byte_record(&mut record) {
        let from = record.position().map_or(at, |p| p.byte() as usize).max(at);
        let start = (from..bytes.len())
            .find(|&i| !matches!(bytes[i], b'\r' | b'\n'))
            .unwrap_or(bytes.len());
        blanks(&mut records, at, start);
        last = start;
        last_index = records.len();
        at = reader.position().byte() as usize;
        records.push(Record {
            line: 0,
            fields: record
                .iter()
                .map(|f| String::from_utf8_lossy(f).into_owned())
                .collect(),
        });
    }
    blanks(&mut records, at, bytes.len());
    // Lines as a reader counts them (LF, CRLF or a lone CR each end one): each record is as
    // many lines long as the line endings inside its quoted fields, plus one.
    let mut line = 1;
    for r in records.iter_mut() {
        r.line = line;
        line += r.fields.iter().map(|f| line_ends(f)).sum::<usize>() + 1;
    }
    let unclosed = unclosed_quote(&text[last..], sep)
        .map(|offset| records.get(last_index).map_or(1, |r| r.line) + offset);
    (records, unclosed)
}

/// Line endings in a text (LF, CRLF and a lone CR each count once).
fn line_ends(s: &str) -> usize {
    let b = s.as_bytes();
    (0..b.len())
        .filter(|&i| b[i] == b'\n' || (b[i] == b'\r' && b.get(i + 1) != Some(&b'\n')))
        .count()
}

/// Whether the last record (its raw text) leaves a quote open: the lines from its start to the
/// line the quote opened on.
fn unclosed_quote(raw: &str, sep: u8) -> Option<usize> {
    let b = raw.as_bytes();
    let (mut quoted, mut at_start, mut line, mut opened) = (false, true, 0, 0);
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if quoted {
            if c == b'"' && b.get(i + 1) == Some(&b'"') {
                i += 1;
            } else if c == b'"' {
                quoted = false;
            } else if c == b'\n' || (c == b'\r' && b.get(i + 1) != Some(&b'\n')) {
                line += 1;
            }
        } else if c == b'"' && at_start {
            quoted = true;
            opened = line;
        } else if c == b'\n' || c == b'\r' {
            return None;
        }
        at_start = !quoted && c == sep;
        i += 1;
    }
    quoted.then_some(opened)
}

/// The text with a leading `'` when a spreadsheet program would run it as a formula —
/// starting with `=`, `+`, `-`, `@`, a tab or a carriage return, and not a number (OWASP's
/// advice against CSV injection: Excel, LibreOffice and Google Sheets then show it as text).
fn guarded(s: &str) -> String {
    let formula =
        s.starts_with(['=', '+', '-', '@', '\t', '\r']) && s.trim().parse::<f64>().is_err();
    if formula {
        format!("'{s}")
    } else {
        s.to_owned()
    }
}

/// Rows as CSV lines (fields through [`guarded`]'s formula guard, quoted by the `csv` crate
/// where RFC 4180 needs it), CRLF line ends.
pub fn csv_lines<'a, R, F>(rows: R) -> String
where
    R: IntoIterator<Item = F>,
    F: IntoIterator<Item = &'a str>,
{
    let mut writer = csv::WriterBuilder::new()
        .flexible(true)
        .terminator(csv::Terminator::CRLF)
        .from_writer(Vec::new());
    for row in rows {
        let fields: Vec<String> = row.into_iter().map(guarded).collect();
        let _ = writer.write_record(&fields);
    }
    String::from_utf8(writer.into_inner().unwrap_or_default()).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The reader Glossa had before the `csv` crate (hand-written, RFC 4180 and a lone CR):
    /// the oracle the crate-based reader must match.
    fn before(text: &str, sep: char) -> (Vec<Record>, Option<usize>) {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut records = Vec::new();
        let mut fields = Vec::new();
        let mut field = String::new();
        let (mut line, mut start, mut opened) = (1, 1, 1);
        let mut quoted = false;
        let mut chars = text.chars().peekable();
        let mut any = false;
        while let Some(c) = chars.next() {
            any = true;
            match (quoted, c) {
                (true, '"') if chars.peek() == Some(&'"') => {
                    chars.next();
                    field.push('"');
                }
                (true, '"') => quoted = false,
                (true, c) => {
                    if c == '\n' || (c == '\r' && chars.peek() != Some(&'\n')) {
                        line += 1;
                    }
                    field.push(c);
                }
                (false, '"') if field.is_empty() => {
                    quoted = true;
                    opened = line;
                }
                (false, c) if c == sep => fields.push(std::mem::take(&mut field)),
                (false, '\r') if chars.peek() == Some(&'\n') => {}
                (false, '\n' | '\r') => {
                    fields.push(std::mem::take(&mut field));
                    records.push(Record {
                        line: start,
                        fields: std::mem::take(&mut fields),
                    });
                    line += 1;
                    start = line;
                    any = false;
                }
                (false, c) => field.push(c),
            }
        }
        if any {
            fields.push(field);
            records.push(Record {
                line: start,
                fields,
            });
        }
        (records, quoted.then_some(opened))
    }

    #[test]
    fn reads_as_before_on_the_awkward_cases() {
        for text in [
            "",
            "a,b\r\nc,d\r\n",
            "a,b\nc,d",
            "a\rb\rc",
            "\n\na\n\n",
            "\u{feff}id,text\n1,\"x, \"\"y\"\"\"\n",
            "a,\"two\nlines\"\nb,c\n",
            "a,\"never closed\nb,c\n",
            "a,b\"c\n",
            "\"\"\n,\n",
            "x;\"y;z\";w\r",
        ] {
            let (sep, csep) = if text.contains(';') {
                (b';', ';')
            } else {
                (b',', ',')
            };
            assert_eq!(read_delimited(text, sep), before(text, csep), "{text:?}");
        }
    }

    /// One field as a line of `csv_lines` writes it (without its line end).
    fn field(s: &str) -> String {
        let line = csv_lines([[s]]);
        line.strip_suffix("\r\n").unwrap_or(&line).to_owned()
    }

    #[test]
    fn a_text_a_spreadsheet_would_run_is_written_as_text_and_numbers_stay_numbers() {
        assert_eq!(
            field("=HYPERLINK(\"http://x\")"),
            "\"'=HYPERLINK(\"\"http://x\"\")\""
        );
        assert_eq!(field("+1+1"), "'+1+1");
        assert_eq!(field("@SUM(A1)"), "'@SUM(A1)");
        assert_eq!(field("-cmd|' /C calc'!A0"), "'-cmd|' /C calc'!A0");
        assert_eq!(field("\tx"), "'\tx");
        assert_eq!(field("-3"), "-3");
        assert_eq!(field("+4.5"), "+4.5");
        assert_eq!(field("a, b"), "\"a, b\"");
        assert_eq!(field("plain"), "plain");
    }

    proptest! {
        #[test]
        fn reads_as_before(text in "[ab,;\"\r\n\u{e9}]{0,40}") {
            prop_assert_eq!(read_delimited(&text, b','), before(&text, ','));
        }

        #[test]
        fn what_is_written_reads_back(rows in proptest::collection::vec(
            proptest::collection::vec("[a-z ,\"\n\r=+@-]{0,6}", 2..4), 0..5)
        ) {
            let text = csv_lines(rows.iter().map(|r| r.iter().map(String::as_str)));
            let back: Vec<Vec<String>> = parse_csv(&text).into_iter().map(|r| r.fields).collect();
            let want: Vec<Vec<String>> = rows.iter().map(|r| r.iter().map(|f| guarded(f)).collect()).collect();
            prop_assert_eq!(back, want);
        }
    }
}
