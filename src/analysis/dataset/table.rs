//! A table of a published dataset: named, typed columns (a scalar, a list of scalars, or a
//! list of structs) and its rows; the same table as JSON Lines. The Parquet writer (the
//! command line's) reads the same columns.

use serde_json::{json, Map, Value as Json};

/// A scalar's type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leaf {
    /// UTF-8 text.
    Str,
    /// A 64-bit integer.
    Int,
    /// A 64-bit float.
    Float,
    /// True or false.
    Bool,
    /// Bytes (a file's contents).
    Bytes,
}

/// One field of a struct in a list column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Field {
    /// Its name.
    pub name: String,
    /// Its type (of a group: unused).
    pub leaf: Leaf,
    /// Whether every struct has it (else it may be null).
    pub required: bool,
    /// A struct's own fields (a link's `head`: a span's): none for a scalar. A group is
    /// required, and so are its fields.
    pub group: Vec<Field>,
}

impl Field {
    /// A scalar field.
    pub fn leaf(name: impl Into<String>, leaf: Leaf, required: bool) -> Self {
        Field {
            name: name.into(),
            leaf,
            required,
            group: Vec::new(),
        }
    }

    /// A struct field (required) with these fields.
    pub fn group(name: impl Into<String>, fields: Vec<Field>) -> Self {
        Field {
            name: name.into(),
            leaf: Leaf::Str,
            required: true,
            group: fields,
        }
    }
}

/// A column's shape.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shape {
    /// One value per row (or null).
    Scalar(Leaf),
    /// A list of values per row (or null).
    List(Leaf),
    /// A list of structs per row (or null).
    Structs(Vec<Field>),
    /// One struct per row (or null): the Hub's `Audio` and `Image` (`{bytes, path}`).
    Struct(Vec<Field>),
}

/// One cell.
#[derive(Clone, Debug, PartialEq)]
pub enum Cell {
    /// No value.
    Null,
    /// Text.
    Str(String),
    /// An integer.
    Int(i64),
    /// A float.
    Float(f64),
    /// A truth value.
    Bool(bool),
    /// Bytes (in Parquet only: JSON Lines has them as null).
    Bytes(Vec<u8>),
    /// A list (of scalars, or of structs).
    List(Vec<Cell>),
    /// A struct: its fields' cells in the shape's order.
    Struct(Vec<Cell>),
}

impl Cell {
    /// Text, or null.
    pub fn str(s: Option<impl Into<String>>) -> Cell {
        s.map_or(Cell::Null, |s| Cell::Str(s.into()))
    }

    /// The cell as JSON (a struct as an object with the fields' names).
    fn json(&self, shape: Option<&[Field]>) -> Json {
        match self {
            Cell::Null => Json::Null,
            Cell::Str(s) => json!(s),
            Cell::Int(n) => json!(n),
            Cell::Float(x) => json!(x),
            Cell::Bool(b) => json!(b),
            Cell::Bytes(_) => Json::Null,
            Cell::List(cells) => Json::Array(cells.iter().map(|c| c.json(shape)).collect()),
            Cell::Struct(cells) => Json::Object(
                shape
                    .unwrap_or_default()
                    .iter()
                    .zip(cells)
                    .map(|(f, c)| (f.name.clone(), c.json(Some(&f.group))))
                    .collect(),
            ),
        }
    }
}

/// A column: its name, shape and what it holds (the card's table of columns says it).
#[derive(Clone, Debug, PartialEq)]
pub struct Column {
    /// The name.
    pub name: String,
    /// The shape.
    pub shape: Shape,
    /// What it holds, for the dataset card.
    pub about: String,
}

impl Column {
    /// A column.
    pub fn new(name: impl Into<String>, shape: Shape, about: impl Into<String>) -> Self {
        Column {
            name: name.into(),
            shape,
            about: about.into(),
        }
    }
}

/// A table: its name (`items`, `annotations`, `aggregated`), columns and rows.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Table {
    /// The name: the config's name on the Hub, and the files' stem.
    pub name: String,
    /// What a row is, for the dataset card.
    pub about: String,
    /// The columns.
    pub columns: Vec<Column>,
    /// The rows, each a cell per column.
    pub rows: Vec<Vec<Cell>>,
    /// The Hub's features of its columns (`{"audio": {"_type": "Audio"}, …}`), written into the
    /// Parquet file's metadata so `datasets` reads those columns as audio and images; none for
    /// a table of plain columns.
    pub features: Option<Json>,
    /// Whether it is written as JSON Lines too (not a table of files' bytes).
    pub jsonl: bool,
}

impl Table {
    /// The column of this name's index.
    pub fn column(&self, name: &str) -> Option<usize> {
        self.columns.iter().position(|c| c.name == name)
    }

    /// A row as a JSON object.
    pub fn row_json(&self, row: &[Cell]) -> Json {
        let mut out = Map::new();
        for (c, cell) in self.columns.iter().zip(row) {
            let fields = match &c.shape {
                Shape::Structs(f) | Shape::Struct(f) => Some(f.as_slice()),
                _ => None,
            };
            out.insert(c.name.clone(), cell.json(fields));
        }
        Json::Object(out)
    }

    /// The rows as JSON Lines.
    pub fn jsonl(&self, rows: &[Vec<Cell>]) -> String {
        let mut out = String::new();
        for row in rows {
            out.push_str(&self.row_json(row).to_string());
            out.push('\n');
        }
        out
    }

    /// The rows of each split (the `split` column's values, in first-seen order; a table
    /// without one: all rows as `train`).
    pub fn splits(&self) -> Vec<(String, Vec<Vec<Cell>>)> {
        let Some(at) = self.column("split") else {
            return vec![("train".to_owned(), self.rows.clone())];
        };
        let mut out: Vec<(String, Vec<Vec<Cell>>)> = Vec::new();
        for row in &self.rows {
            let name = match &row[at] {
                Cell::Str(s) => s.clone(),
                _ => "train".to_owned(),
            };
            match out.iter_mut().find(|(n, _)| *n == name) {
                Some((_, rows)) => rows.push(row.clone()),
                None => out.push((name, vec![row.clone()])),
            }
        }
        if out.is_empty() {
            out.push(("train".to_owned(), Vec::new()));
        }
        out
    }
}
