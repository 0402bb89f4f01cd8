//! Copies of the strings files kept where a file cannot be fetched: the Qualtrics snippet's
//! three messages (`www/hosts/qualtrics.js`, which may be all that loads when the files' host
//! sends no CORS headers). Rewrite them with `GLOSSA_WRITE_STRINGS=1 cargo test --test
//! strings_copies` after changing a strings file.

use std::path::Path;

#[test]
fn the_qualtrics_snippet_carries_every_languages_messages() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut lines = Vec::new();
    for tag in glossa::i18n::SHIPPED {
        let text = std::fs::read_to_string(root.join(format!("www/strings/{tag}.json"))).unwrap();
        let file: serde_json::Value = serde_json::from_str(&text).unwrap();
        let get = |k: &str| {
            serde_json::Value::from(file[format!("qualtrics.{k}")].as_str().unwrap()).to_string()
        };
        lines.push(format!(
            "    {tag}: {{ load: {}, store: {}, too_large: {} }},",
            get("load"),
            get("store"),
            get("too_large")
        ));
    }
    let block = format!("  var MESSAGES = {{\n{}\n  }};\n", lines.join("\n"));
    let path = root.join("www/hosts/qualtrics.js");
    let js = std::fs::read_to_string(&path).unwrap();
    let begin = js
        .find("  // BEGIN MESSAGES")
        .expect("the BEGIN MESSAGES line");
    let start = begin + js[begin..].find('\n').unwrap() + 1;
    let end = js.find("  // END MESSAGES").expect("the END MESSAGES line");
    if std::env::var_os("GLOSSA_WRITE_STRINGS").is_some() {
        std::fs::write(&path, format!("{}{block}{}", &js[..start], &js[end..])).unwrap();
        return;
    }
    assert!(
        js[start..end] == block,
        "www/hosts/qualtrics.js: its messages are not the strings files': GLOSSA_WRITE_STRINGS=1 cargo test --no-default-features --test strings_copies"
    );
}
