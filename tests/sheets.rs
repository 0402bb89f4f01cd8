//! `glossa items`: spreadsheets as the programs people use save them (Excel's CSV UTF-8 with a
//! BOM, a `;` CSV, UTF-16 "Unicode text", XLSX, ODS) become exactly the items of their JSON
//! twin, umlauts, emoji, quotes and line breaks inside cells included; every row that does not
//! fit is named by its row number and the others are still written.
#![cfg(not(target_arch = "wasm32"))]

use serde_json::Value;
use std::process::{Command, Output};

const SPEC: &str = "www/examples/it-implicit/spec.json";

fn glossa(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_glossa"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("runs")
}

fn items_of(o: &Output) -> Vec<Value> {
    String::from_utf8_lossy(&o.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn every_spreadsheet_format_gives_the_items_of_its_json_twin() {
    let twin: Vec<Value> = serde_json::from_str(
        &std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/sheet/items.json"
        ))
        .unwrap(),
    )
    .unwrap();
    assert!(twin[0]["output"].as_str().unwrap().contains('\n'));
    assert!(twin[0]["testo"].as_str().unwrap().contains('🍎'));
    for file in [
        "items.csv",
        "items-semicolon.csv",
        "items-utf16.txt",
        "items.xlsx",
        "items.ods",
        "items.json",
    ] {
        let path = format!("tests/fixtures/sheet/{file}");
        let o = glossa(&["items", SPEC, &path]);
        assert_eq!(o.status.code(), Some(0), "{file}: {}", stderr(&o));
        assert_eq!(items_of(&o), twin, "{file}");
        if file != "items.json" {
            // The header says `Testo`; the spec's field is `testo`.
            assert!(
                stderr(&o).contains("field \"testo\" taken from column \"Testo\""),
                "{file}: {}",
                stderr(&o)
            );
        }
    }
}

#[test]
fn rows_that_do_not_fit_are_named_by_row_and_the_rest_written() {
    let dir = std::env::temp_dir().join(format!("glossa-sheet-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let csv = dir.join("items.csv");
    // Row 3 holds a line break inside quotes: it is still row 3, and row 4 follows it.
    std::fs::write(
        &csv,
        "Nr,Satz,annotazione,output\r\n\
         a-1,Ein Satz.,nota,uscita\r\n\
         a-2,\"Zwei\nZeilen\",nota,\r\n\
         a-1,Doppelt.,nota,uscita\r\n\
         ,Ohne Id.,nota,uscita\r\n",
    )
    .unwrap();
    let out = dir.join("items.json");
    let o = glossa(&[
        "items",
        SPEC,
        csv.to_str().unwrap(),
        "--map",
        "id=Nr",
        "--map",
        "testo=Satz",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(
        err.contains("row 3, column \"output\": no value for field \"output\""),
        "{err}"
    );
    assert!(
        err.contains("row 4, column \"Nr\": item id \"a-1\" is used twice"),
        "{err}"
    );
    assert!(err.contains("row 5: no id"), "{err}");
    let written: Vec<Value> =
        serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    let ids: Vec<&str> = written.iter().map(|i| i["id"].as_str().unwrap()).collect();
    assert_eq!(ids, ["a-1"], "only the rows that fit: {written:?}");
    assert_eq!(written[0]["testo"], "Ein Satz.");

    // A mapped column that is not there stops everything, naming the columns there are.
    let o = glossa(&["items", SPEC, csv.to_str().unwrap(), "--map", "testo=Text"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("--map testo=Text: there is no such column (the columns: Nr, Satz, annotazione, output)"),
        "{}",
        stderr(&o)
    );
    assert!(items_of(&o).is_empty());
    // A workbook's sheet that is not there is named with the sheets there are.
    let o = glossa(&[
        "items",
        SPEC,
        "tests/fixtures/sheet/items.xlsx",
        "--sheet",
        "Tabelle2",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("no sheet \"Tabelle2\" (the sheets: Items)"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn output_columns_make_the_list_of_outputs() {
    let dir = std::env::temp_dir().join(format!("glossa-sheet-out-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let csv = dir.join("items.csv");
    std::fs::write(
        &csv,
        "id,mr,highlight,outputs.sys-a,outputs.sys-b,outputs.sys-c\n\
         e-1,\"name[Cocum], type[restaurant]\",\"[\"\"type\"\"]\",One.,Two.,Three.\n",
    )
    .unwrap();
    let o = glossa(&[
        "items",
        "www/examples/en-informativeness/spec.json",
        csv.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let items = items_of(&o);
    assert_eq!(items[0]["highlight"], serde_json::json!(["type"]));
    assert_eq!(
        items[0]["outputs"],
        serde_json::json!([
            {"id": "sys-a", "text": "One."},
            {"id": "sys-b", "text": "Two."},
            {"id": "sys-c", "text": "Three."}
        ])
    );
}

/// The fixture workbook rewritten: `sheet` edits its first sheet's XML; `extra` adds files.
fn workbook_with(sheet: impl Fn(&str) -> String, extra: &[(&str, Vec<u8>)]) -> std::path::PathBuf {
    use std::io::{Read, Write};
    let src = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/sheet/items.xlsx"
    ))
    .unwrap();
    let mut zin = zip::ZipArchive::new(std::io::Cursor::new(src)).unwrap();
    let mut zout = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    for i in 0..zin.len() {
        let mut f = zin.by_index(i).unwrap();
        let name = f.name().to_owned();
        let mut bytes = Vec::new();
        f.read_to_end(&mut bytes).unwrap();
        if name == "xl/worksheets/sheet1.xml" {
            bytes = sheet(&String::from_utf8(bytes).unwrap()).into_bytes();
        }
        zout.start_file(name, options).unwrap();
        zout.write_all(&bytes).unwrap();
    }
    for (name, bytes) in extra {
        zout.start_file(*name, options).unwrap();
        zout.write_all(bytes).unwrap();
    }
    let bytes = zout.finish().unwrap().into_inner();
    let path = std::env::temp_dir().join(format!(
        "glossa-sheet-{}-{}.xlsx",
        std::process::id(),
        extra.len()
    ));
    std::fs::write(&path, bytes).unwrap();
    path
}

#[test]
fn a_workbook_with_a_far_cell_or_that_unpacks_to_gigabytes_is_read_or_refused_not_a_crash() {
    // A stray cell at XFD1048576: two corners of the largest sheet Excel allows.
    let far = workbook_with(
        |xml| {
            xml.replace(
                "</sheetData>",
                r#"<row r="1048576"><c r="XFD1048576" t="inlineStr"><is><t>stray</t></is></c></row></sheetData>"#,
            )
        },
        &[],
    );
    let o = glossa(&["items", SPEC, far.to_str().unwrap()]);
    assert_ne!(o.status.code(), Some(134), "aborted: {}", stderr(&o));
    assert!(stderr(&o).contains("row 1048576"), "{}", stderr(&o));
    assert!(!stderr(&o).contains("memory allocation"), "{}", stderr(&o));
    assert_eq!(items_of(&o).len(), 3, "the real rows are still written");

    // 1 MB that unpacks to 80 MB.
    let bomb = workbook_with(
        |xml| xml.to_owned(),
        &[("xl/media/padding.bin", vec![0u8; 80 << 20])],
    );
    assert!(std::fs::metadata(&bomb).unwrap().len() < 1 << 20);
    let o = glossa(&["items", SPEC, bomb.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("the workbook unpacks to 80 MB, more than the 64 MB Glossa reads"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn a_quote_never_closed_is_refused_by_its_line_and_lone_cr_rows_are_rows() {
    let dir = std::env::temp_dir().join(format!("glossa-csv-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let open = dir.join("open-quote.csv");
    std::fs::write(
        &open,
        "id,testo,annotazione,output\nit-1,\"Un testo,a,b\nit-2,Due,a,b\nit-3,Tre,a,b\n",
    )
    .unwrap();
    let o = glossa(&["items", SPEC, open.to_str().unwrap()]);
    assert_ne!(
        o.status.code(),
        Some(0),
        "rows swallowed silently: {}",
        String::from_utf8_lossy(&o.stdout)
    );
    assert!(
        stderr(&o).contains("line 2: a quote opened here is never closed"),
        "{}",
        stderr(&o)
    );
    // Classic Mac line endings (a lone CR) end rows too.
    let mac = dir.join("mac.csv");
    std::fs::write(
        &mac,
        "id,testo,annotazione,output\rit-1,Uno,a,b\rit-2,Due,a,b\r",
    )
    .unwrap();
    let o = glossa(&["items", SPEC, mac.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let items = items_of(&o);
    assert_eq!(items.len(), 2);
    assert_eq!(items[1]["testo"], "Due");
}

/// A sheet with a column per system (`id, source, sysA, sysB`, as researchers have it) feeds a
/// spec asked per output: `--map translations=sysA,sysB` makes the outputs (each header an
/// output id), `--map translations.sysA=sysA` one of them; without a mapping the hint names the
/// columns to type; a `--map` to a field the spec never reads is refused, naming what it reads.
#[test]
fn a_column_per_system_becomes_the_outputs_and_every_hint_names_what_to_type() {
    let dir = std::env::temp_dir().join(format!("glossa-sheet-sys-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let csv = dir.join("items.csv");
    std::fs::write(
        &csv,
        "id,source,sysA,sysB\n\
         wmt-1,The meeting was postponed.,Das Treffen wurde verschoben.,\"Die Sitzung, verschoben.\"\n\
         wmt-2,It rains.,Es regnet.,Es regnet sehr.\n",
    )
    .unwrap();
    let spec = "www/examples/en-de-da/spec.json";
    let run = |map: &[&str]| {
        let mut args = vec!["items", spec, csv.to_str().unwrap()];
        for m in map {
            args.extend(["--map", m]);
        }
        glossa(&args)
    };
    let o = run(&["translations=sysA,sysB"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let items = items_of(&o);
    assert_eq!(items.len(), 2);
    assert_eq!(
        items[0]["translations"],
        serde_json::json!([
            {"id": "sysA", "text": "Das Treffen wurde verschoben."},
            {"id": "sysB", "text": "Die Sitzung, verschoben."}
        ])
    );
    assert_eq!(items[1]["source"], "It rains.");

    let o = run(&["translations.sysB=sysB"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        items_of(&o)[1]["translations"],
        serde_json::json!([{"id": "sysB", "text": "Es regnet sehr."}])
    );

    let o = run(&[]);
    assert_ne!(o.status.code(), Some(0));
    assert!(
        stderr(&o).contains("--map translations=sysA,sysB"),
        "the hint names the columns: {}",
        stderr(&o)
    );

    for bad in ["sysA=sysA", "translation=sysA"] {
        let o = run(&[bad]);
        assert_ne!(o.status.code(), Some(0), "{bad}");
        let e = stderr(&o);
        assert!(
            e.contains("the spec reads no field") && e.contains("it reads source, translations"),
            "{bad}: {e}"
        );
        assert!(e.contains("--map translations=sysA,sysB"), "{bad}: {e}");
    }

    let o = run(&["translations=sysA,sysC"]);
    assert_ne!(o.status.code(), Some(0));
    assert!(
        stderr(&o).contains("there is no column \"sysC\""),
        "{}",
        stderr(&o)
    );
}
