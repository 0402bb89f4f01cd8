//! `glossa schema`: the JSON Schemas of the spec, an item and a result (as in `www/schema/`).

use crate::args::SchemaKind;
use std::process::ExitCode;

/// Prints one of the JSON Schemas, with its `$id`.
pub fn print(which: SchemaKind) -> ExitCode {
    let (mut schema, id) = match which {
        SchemaKind::Spec => (
            schemars::schema_for!(glossa::spec::TaskSpec),
            "urn:glossa:schema:spec:1",
        ),
        SchemaKind::Item => (
            schemars::schema_for!(glossa::item::Item),
            "urn:glossa:schema:item:1",
        ),
        // A result as the widget writes it (reading one back is more lenient: see
        // `ResultDoc::read`).
        SchemaKind::Result => (
            schemars::generate::SchemaSettings::draft2020_12()
                .for_serialize()
                .into_generator()
                .into_root_schema_for::<glossa::result::ResultDoc>(),
            "urn:glossa:schema:result:1",
        ),
        SchemaKind::Card => (
            schemars::schema_for!(glossa::analysis::dataset::card::CardInfo),
            "urn:glossa:schema:card:1",
        ),
    };
    schema.insert("$id".to_owned(), serde_json::Value::from(id));
    println!(
        "{}",
        serde_json::to_string_pretty(&schema).expect("schema serialises")
    );
    ExitCode::SUCCESS
}
