//! A dataset's table written as Parquet: each column's leaves (a scalar; a list's elements; a
//! list of structs' fields) with the definition and repetition levels of Parquet's nested
//! encoding, in one row group, uncompressed (`pyarrow`, `pandas` and `datasets` read it).

use glossa::analysis::dataset::table::{Cell, Column, Leaf, Shape};
use parquet::basic::{LogicalType, Repetition, Type as Physical};
use parquet::data_type::{BoolType, ByteArray, ByteArrayType, DoubleType, Int64Type};
use parquet::file::properties::WriterProperties;
use parquet::file::writer::SerializedFileWriter;
use parquet::schema::types::{Type, TypePtr};
use std::sync::Arc;

fn leaf_type(name: &str, leaf: Leaf, repetition: Repetition) -> parquet::errors::Result<TypePtr> {
    let (physical, logical) = match leaf {
        Leaf::Str => (Physical::BYTE_ARRAY, Some(LogicalType::String)),
        Leaf::Int => (Physical::INT64, None),
        Leaf::Float => (Physical::DOUBLE, None),
        Leaf::Bool => (Physical::BOOLEAN, None),
        Leaf::Bytes => (Physical::BYTE_ARRAY, None),
    };
    Ok(Arc::new(
        Type::primitive_type_builder(name, physical)
            .with_repetition(repetition)
            .with_logical_type(logical)
            .build()?,
    ))
}

/// A list column: `OPTIONAL group name (LIST) { REPEATED group list { REQUIRED element } }`.
fn list_type(name: &str, element: TypePtr) -> parquet::errors::Result<TypePtr> {
    let list = Type::group_type_builder("list")
        .with_repetition(Repetition::REPEATED)
        .with_fields(vec![element])
        .build()?;
    Ok(Arc::new(
        Type::group_type_builder(name)
            .with_repetition(Repetition::OPTIONAL)
            .with_logical_type(Some(LogicalType::List))
            .with_fields(vec![Arc::new(list)])
            .build()?,
    ))
}

/// A struct's fields as leaves (each required or optional).
fn field_types(
    fields: &[glossa::analysis::dataset::table::Field],
) -> parquet::errors::Result<Vec<TypePtr>> {
    fields
        .iter()
        .map(|f| {
            let r = if f.required {
                Repetition::REQUIRED
            } else {
                Repetition::OPTIONAL
            };
            if f.group.is_empty() {
                return leaf_type(&f.name, f.leaf, r);
            }
            // `REQUIRED group name { fields }`: no level of its own.
            Ok(Arc::new(
                Type::group_type_builder(&f.name)
                    .with_repetition(Repetition::REQUIRED)
                    .with_fields(field_types(&f.group)?)
                    .build()?,
            ))
        })
        .collect()
}

/// A struct's leaves, depth first: each one's path of field places, type and whether it is
/// required (a group's fields are reached through it).
fn leaves(fields: &[glossa::analysis::dataset::table::Field]) -> Vec<(Vec<usize>, Leaf, bool)> {
    let mut out = Vec::new();
    for (i, f) in fields.iter().enumerate() {
        if f.group.is_empty() {
            out.push((vec![i], f.leaf, f.required));
        } else {
            for (mut path, leaf, required) in leaves(&f.group) {
                path.insert(0, i);
                out.push((path, leaf, required));
            }
        }
    }
    out
}

/// The cell at a path of field places in a struct (null where a place is missing).
fn at<'a>(cell: &'a Cell, path: &[usize]) -> &'a Cell {
    match (path.split_first(), cell) {
        (None, c) => c,
        (Some((first, rest)), Cell::Struct(fs)) => {
            fs.get(*first).map_or(&Cell::Null, |c| at(c, rest))
        }
        (Some(_), _) => &Cell::Null,
    }
}

fn column_type(c: &Column) -> parquet::errors::Result<TypePtr> {
    match &c.shape {
        Shape::Scalar(leaf) => leaf_type(&c.name, *leaf, Repetition::OPTIONAL),
        // `OPTIONAL group name { fields }`.
        Shape::Struct(fields) => Ok(Arc::new(
            Type::group_type_builder(&c.name)
                .with_repetition(Repetition::OPTIONAL)
                .with_fields(field_types(fields)?)
                .build()?,
        )),
        Shape::List(leaf) => list_type(&c.name, leaf_type("element", *leaf, Repetition::REQUIRED)?),
        Shape::Structs(fields) => {
            let leaves = field_types(fields)?;
            let element = Type::group_type_builder("element")
                .with_repetition(Repetition::REQUIRED)
                .with_fields(leaves)
                .build()?;
            list_type(&c.name, Arc::new(element))
        }
    }
}

/// One leaf column's values (non-null ones) with their levels.
#[derive(Default)]
struct Levels<'a> {
    values: Vec<&'a Cell>,
    def: Vec<i16>,
    rep: Vec<i16>,
}

/// The levels of leaf `field` (of a struct or a list of structs: its path of field places and
/// whether it is required; `None`: the list's own elements, or a scalar) over a column's cells.
fn levels<'a>(
    shape: &Shape,
    cells: impl Iterator<Item = &'a Cell>,
    field: Option<(&[usize], bool)>,
) -> Levels<'a> {
    let mut l = Levels::default();
    for cell in cells {
        match (shape, cell) {
            (Shape::Scalar(_), Cell::Null) => l.def.push(0),
            (Shape::Scalar(_), v) => {
                l.def.push(1);
                l.values.push(v);
            }
            // One struct: null (0), or its field (1: a required one, or an optional one null;
            // 2: an optional one with a value).
            (Shape::Struct(_), c @ Cell::Struct(_)) => {
                let (path, required) = field.unwrap_or((&[0], true));
                match (at(c, path), required) {
                    (Cell::Null, _) => l.def.push(1),
                    (v, true) => {
                        l.def.push(1);
                        l.values.push(v);
                    }
                    (v, false) => {
                        l.def.push(2);
                        l.values.push(v);
                    }
                }
            }
            (Shape::Struct(_), _) => l.def.push(0),
            (_, Cell::List(items)) if items.is_empty() => {
                l.def.push(1);
                l.rep.push(0);
            }
            (_, Cell::List(items)) => {
                for (n, item) in items.iter().enumerate() {
                    l.rep.push(i16::from(n > 0));
                    let (leaf, required) = match field {
                        Some((path, required)) => (at(item, path), required),
                        None => (item, true),
                    };
                    match (leaf, required) {
                        (Cell::Null, _) => l.def.push(2),
                        (v, true) => {
                            l.def.push(2);
                            l.values.push(v);
                        }
                        (v, false) => {
                            l.def.push(3);
                            l.values.push(v);
                        }
                    }
                }
            }
            // A null list (or a cell of the wrong shape).
            (_, _) => {
                l.def.push(0);
                l.rep.push(0);
            }
        }
    }
    l
}

/// Writes one leaf column's values (each cell made a `T` by `value`) with their levels.
fn put<T: parquet::data_type::DataType>(
    col: &mut parquet::file::writer::SerializedColumnWriter,
    cells: &[&Cell],
    def: &[i16],
    rep: Option<&[i16]>,
    value: impl Fn(&Cell) -> T::T,
) -> parquet::errors::Result<()> {
    let values: Vec<T::T> = cells.iter().map(|c| value(c)).collect();
    col.typed::<T>()
        .write_batch(&values, Some(def), rep)
        .map(|_| ())
}

/// Writes `rows` of a table with these columns to `path`.
pub fn write(
    path: &std::path::Path,
    table: &str,
    columns: &[Column],
    rows: &[Vec<Cell>],
    features: Option<&serde_json::Value>,
) -> Result<(), String> {
    let fail = |e: parquet::errors::ParquetError| format!("{}: {e}", path.display());
    let schema = Type::group_type_builder(table)
        .with_fields(
            columns
                .iter()
                .map(column_type)
                .collect::<parquet::errors::Result<Vec<_>>>()
                .map_err(fail)?,
        )
        .build()
        .map_err(fail)?;
    let file = std::fs::File::create(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let props = Arc::new(
        WriterProperties::builder()
            .set_created_by("glossa export dataset".to_owned())
            // The Hub's features (audio, images), as `datasets` writes them.
            .set_key_value_metadata(features.map(|f| {
                vec![parquet::file::metadata::KeyValue::new(
                    "huggingface".to_owned(),
                    serde_json::json!({ "info": { "features": f } }).to_string(),
                )]
            }))
            .build(),
    );
    let mut writer = SerializedFileWriter::new(file, Arc::new(schema), props).map_err(fail)?;
    let mut group = writer.next_row_group().map_err(fail)?;
    for (n, c) in columns.iter().enumerate() {
        let leaves: Vec<(Option<(Vec<usize>, bool)>, Leaf)> = match &c.shape {
            Shape::Scalar(l) | Shape::List(l) => vec![(None, *l)],
            Shape::Structs(fields) | Shape::Struct(fields) => leaves(fields)
                .into_iter()
                .map(|(path, leaf, required)| (Some((path, required)), leaf))
                .collect(),
        };
        for (field, leaf) in leaves {
            let field = field.as_ref().map(|(p, r)| (p.as_slice(), *r));
            let l = levels(&c.shape, rows.iter().map(|r| &r[n]), field);
            let rep = (!matches!(c.shape, Shape::Scalar(_) | Shape::Struct(_)))
                .then_some(l.rep.as_slice());
            let mut col = group
                .next_column()
                .map_err(fail)?
                .ok_or("a column too few")?;
            let (def, cells) = (l.def.as_slice(), &l.values);
            match leaf {
                Leaf::Str => put::<ByteArrayType>(&mut col, cells, def, rep, |c| match c {
                    Cell::Str(s) => ByteArray::from(s.as_bytes().to_vec()),
                    _ => ByteArray::from(Vec::new()),
                }),
                Leaf::Int => put::<Int64Type>(&mut col, cells, def, rep, |c| match c {
                    Cell::Int(n) => *n,
                    _ => 0,
                }),
                Leaf::Float => put::<DoubleType>(&mut col, cells, def, rep, |c| match c {
                    Cell::Float(x) => *x,
                    Cell::Int(n) => *n as f64,
                    _ => 0.0,
                }),
                Leaf::Bool => {
                    put::<BoolType>(&mut col, cells, def, rep, |c| matches!(c, Cell::Bool(true)))
                }
                Leaf::Bytes => put::<ByteArrayType>(&mut col, cells, def, rep, |c| match c {
                    Cell::Bytes(b) => ByteArray::from(b.clone()),
                    _ => ByteArray::from(Vec::new()),
                }),
            }
            .map_err(fail)?;
            col.close().map_err(fail)?;
        }
    }
    group.close().map_err(fail)?;
    writer.close().map_err(fail)?;
    Ok(())
}
