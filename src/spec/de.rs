//! A serde `Deserializer` over a borrowed `serde_json::Value` that says where an error is: each
//! error carries the JSON path of the field it came from (`controls[0].options[2].label`).
//! Messages read as `serde_json`'s own (`invalid type: null, expected a string`).

use serde::de::{self, DeserializeSeed, IntoDeserializer, Unexpected, Visitor};
use serde::forward_to_deserialize_any;
use serde_json::{Number, Value};
use std::fmt;

/// One step of a path.
#[derive(Clone, Debug, PartialEq)]
enum Step {
    /// An object's member.
    Key(String),
    /// An array's element.
    Index(usize),
}

/// A deserialisation error and the path of the field it is about.
#[derive(Debug, PartialEq)]
pub struct Error {
    /// Outermost step first (built inside out, so kept reversed until read).
    reversed: Vec<Step>,
    message: String,
}

impl Error {
    /// The path, `a.b[2].c` (empty at the root).
    pub fn path(&self) -> String {
        let mut out = String::new();
        for step in self.reversed.iter().rev() {
            match step {
                Step::Key(k) if out.is_empty() => out.push_str(k),
                Step::Key(k) => {
                    out.push('.');
                    out.push_str(k);
                }
                Step::Index(i) => {
                    out.push('[');
                    out.push_str(&i.to_string());
                    out.push(']');
                }
            }
        }
        out
    }

    /// The message without the path.
    pub fn message(&self) -> &str {
        &self.message
    }

    fn at(mut self, step: Step) -> Self {
        self.reversed.push(step);
        self
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

impl de::Error for Error {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        Error {
            reversed: Vec::new(),
            message: msg.to_string(),
        }
    }

    fn invalid_type(unexp: Unexpected, exp: &dyn de::Expected) -> Self {
        Self::custom(format_args!(
            "invalid type: {}, expected {exp}",
            Json(unexp)
        ))
    }

    fn invalid_value(unexp: Unexpected, exp: &dyn de::Expected) -> Self {
        Self::custom(format_args!(
            "invalid value: {}, expected {exp}",
            Json(unexp)
        ))
    }
}

/// An unexpected value as JSON calls it (`null`, not "unit value"); floats are written by
/// `serde_json`, so the bundle needs no second float formatter.
struct Json<'a>(Unexpected<'a>);

impl fmt::Display for Json<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Unexpected::Unit => f.write_str("null"),
            Unexpected::Float(v) => match Number::from_f64(v) {
                Some(n) => write!(f, "floating point `{n}`"),
                None => f.write_str("floating point"),
            },
            // serde's own wording for the rest (spelt out here: its `Display` would bring
            // the standard float formatter along).
            Unexpected::Bool(b) => write!(f, "boolean `{b}`"),
            Unexpected::Unsigned(i) => write!(f, "integer `{i}`"),
            Unexpected::Signed(i) => write!(f, "integer `{i}`"),
            Unexpected::Char(c) => write!(f, "character `{c}`"),
            Unexpected::Str(s) => write!(f, "string {s:?}"),
            Unexpected::Bytes(_) => f.write_str("byte array"),
            Unexpected::Option => f.write_str("Option value"),
            Unexpected::NewtypeStruct => f.write_str("newtype struct"),
            Unexpected::Seq => f.write_str("sequence"),
            Unexpected::Map => f.write_str("map"),
            Unexpected::Enum => f.write_str("enum"),
            Unexpected::UnitVariant => f.write_str("unit variant"),
            Unexpected::NewtypeVariant => f.write_str("newtype variant"),
            Unexpected::TupleVariant => f.write_str("tuple variant"),
            Unexpected::StructVariant => f.write_str("struct variant"),
            Unexpected::Other(other) => f.write_str(other),
        }
    }
}

/// Deserialises `T` from a value; an error says where it is. Every typed read of JSON in
/// Glossa goes through here (one deserialiser per type in the bundle).
pub fn from_value<T: de::DeserializeOwned>(value: &Value) -> Result<T, Error> {
    T::deserialize(ValueDe(value))
}

/// How a JSON value reads when it is not what was expected.
fn unexpected(value: &Value) -> Unexpected<'_> {
    match value {
        Value::Null => Unexpected::Unit,
        Value::Bool(b) => Unexpected::Bool(*b),
        Value::Number(n) => match (n.as_u64(), n.as_i64()) {
            (Some(u), _) => Unexpected::Unsigned(u),
            (None, Some(i)) => Unexpected::Signed(i),
            _ => Unexpected::Float(n.as_f64().unwrap_or(f64::NAN)),
        },
        Value::String(s) => Unexpected::Str(s),
        Value::Array(_) => Unexpected::Seq,
        Value::Object(_) => Unexpected::Map,
    }
}

/// The deserializer: one borrowed value.
#[derive(Clone, Copy)]
struct ValueDe<'a>(&'a Value);

/// Hands an array to a visitor; an array longer than the visitor takes is an error.
fn visit_array<'de, V: Visitor<'de>>(items: &'de [Value], visitor: V) -> Result<V::Value, Error> {
    let mut seq = SeqDe { items, next: 0 };
    let out = visitor.visit_seq(&mut seq)?;
    if seq.next < items.len() {
        return Err(de::Error::invalid_length(
            items.len(),
            &"fewer elements in array",
        ));
    }
    Ok(out)
}

/// Hands an object to a visitor; members the visitor leaves are an error.
fn visit_object<'de, V: Visitor<'de>>(
    object: &'de serde_json::Map<String, Value>,
    visitor: V,
) -> Result<V::Value, Error> {
    let mut map = MapDe {
        entries: object.iter(),
        value: None,
        len: object.len(),
    };
    let out = visitor.visit_map(&mut map)?;
    if map.entries.len() > 0 {
        return Err(de::Error::invalid_length(
            object.len(),
            &"fewer elements in map",
        ));
    }
    Ok(out)
}

/// A number to a visitor, as the widest type that holds it.
fn visit_number<'de, V: Visitor<'de>>(n: &Number, visitor: V) -> Result<V::Value, Error> {
    match (n.as_u64(), n.as_i64()) {
        (Some(u), _) => visitor.visit_u64(u),
        (None, Some(i)) => visitor.visit_i64(i),
        _ => visitor.visit_f64(n.as_f64().unwrap_or(f64::NAN)),
    }
}

impl<'de> ValueDe<'de> {
    fn wrong<V: Visitor<'de>>(self, visitor: &V) -> Error {
        de::Error::invalid_type(unexpected(self.0), visitor)
    }
}

// Each typed request handles only the JSON kind it wants (and says what it found otherwise):
// one small function per visitor type rather than the whole `deserialize_any` dispatch.
macro_rules! numbers {
    ($($method:ident)*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            match self.0 {
                Value::Number(n) => visit_number(n, visitor),
                _ => Err(self.wrong(&visitor)),
            }
        }
    )*};
}

impl<'de> de::Deserializer<'de> for ValueDe<'de> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.0 {
            Value::Null => visitor.visit_unit(),
            Value::Bool(b) => visitor.visit_bool(*b),
            Value::Number(n) => visit_number(n, visitor),
            Value::String(s) => visitor.visit_borrowed_str(s),
            Value::Array(a) => visit_array(a, visitor),
            Value::Object(m) => visit_object(m, visitor),
        }
    }

    numbers! {
        deserialize_i8 deserialize_i16 deserialize_i32 deserialize_i64 deserialize_i128
        deserialize_u8 deserialize_u16 deserialize_u32 deserialize_u64 deserialize_u128
        deserialize_f32 deserialize_f64
    }

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.0 {
            Value::Bool(b) => visitor.visit_bool(*b),
            _ => Err(self.wrong(&visitor)),
        }
    }

    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.0 {
            Value::String(s) => visitor.visit_borrowed_str(s),
            _ => Err(self.wrong(&visitor)),
        }
    }

    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_str(visitor)
    }

    fn deserialize_char<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_str(visitor)
    }

    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_str(visitor)
    }

    fn deserialize_unit<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.0 {
            Value::Null => visitor.visit_unit(),
            _ => Err(self.wrong(&visitor)),
        }
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_unit(visitor)
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.0 {
            Value::Array(a) => visit_array(a, visitor),
            _ => Err(self.wrong(&visitor)),
        }
    }

    fn deserialize_tuple<V: Visitor<'de>>(
        self,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.0 {
            Value::Object(m) => visit_object(m, visitor),
            _ => Err(self.wrong(&visitor)),
        }
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        // An object only: serde_json would also read a struct from an array, by position, which
        // no spec author means (and which puts a second reader of every struct in the bundle).
        match self.0 {
            Value::Object(m) => visit_object(m, visitor),
            _ => Err(self.wrong(&visitor)),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.0 {
            Value::Null => visitor.visit_none(),
            _ => visitor.visit_some(self),
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        match self.0 {
            Value::String(s) => visitor.visit_enum(s.as_str().into_deserializer()),
            Value::Object(m) => {
                let mut entries = m.iter();
                match (entries.next(), entries.next()) {
                    (Some((variant, value)), None) => visitor.visit_enum(EnumDe { variant, value }),
                    _ => Err(de::Error::invalid_value(
                        Unexpected::Map,
                        &"map with a single key",
                    )),
                }
            }
            other => Err(de::Error::invalid_type(unexpected(other), &"string or map")),
        }
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_unit()
    }

    forward_to_deserialize_any! { bytes byte_buf }
}

/// An array's elements, each error marked with its index.
struct SeqDe<'a> {
    items: &'a [Value],
    next: usize,
}

impl<'de> de::SeqAccess<'de> for SeqDe<'de> {
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Error> {
        let Some(item) = self.items.get(self.next) else {
            return Ok(None);
        };
        let index = self.next;
        self.next += 1;
        seed.deserialize(ValueDe(item))
            .map(Some)
            .map_err(|e| e.at(Step::Index(index)))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.items.len() - self.next)
    }
}

/// An object's members, each error marked with its key (an unknown key too).
struct MapDe<'a> {
    entries: serde_json::map::Iter<'a>,
    value: Option<(&'a String, &'a Value)>,
    len: usize,
}

impl<'de> de::MapAccess<'de> for MapDe<'de> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        let Some((key, value)) = self.entries.next() else {
            return Ok(None);
        };
        self.value = Some((key, value));
        seed.deserialize(KeyDe(key))
            .map(Some)
            .map_err(|e| e.at(Step::Key(key.clone())))
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        let Some((key, value)) = self.value.take() else {
            return Err(de::Error::custom("value is missing"));
        };
        seed.deserialize(ValueDe(value))
            .map_err(|e| e.at(Step::Key(key.clone())))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.len)
    }
}

/// An object's key: a string, a newtype over one, or a number written as a string (`"2"` for
/// the keys of a `BTreeMap<usize, _>`).
struct KeyDe<'a>(&'a str);

impl<'de> KeyDe<'de> {
    fn number<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        if let Ok(u) = self.0.parse::<u64>() {
            visitor.visit_u64(u)
        } else if let Ok(i) = self.0.parse::<i64>() {
            visitor.visit_i64(i)
        } else {
            Err(de::Error::invalid_type(Unexpected::Str(self.0), &visitor))
        }
    }
}

macro_rules! number_keys {
    ($($method:ident)*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            self.number(visitor)
        }
    )*};
}

impl<'de> de::Deserializer<'de> for KeyDe<'de> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_borrowed_str(self.0)
    }

    number_keys! {
        deserialize_i8 deserialize_i16 deserialize_i32 deserialize_i64
        deserialize_u8 deserialize_u16 deserialize_u32 deserialize_u64
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_some(self)
    }

    forward_to_deserialize_any! {
        bool i128 u128 f32 f64 char str string
        bytes byte_buf unit unit_struct seq tuple tuple_struct map struct identifier
        enum ignored_any
    }
}

/// A `{"variant": value}` enum.
struct EnumDe<'a> {
    variant: &'a String,
    value: &'a Value,
}

impl<'de> de::EnumAccess<'de> for EnumDe<'de> {
    type Error = Error;
    type Variant = VariantDe<'de>;

    fn variant_seed<V: DeserializeSeed<'de>>(
        self,
        seed: V,
    ) -> Result<(V::Value, VariantDe<'de>), Error> {
        let variant = seed.deserialize(KeyDe(self.variant))?;
        Ok((
            variant,
            VariantDe {
                key: self.variant,
                value: self.value,
            },
        ))
    }
}

/// The content of a `{"variant": value}` enum.
struct VariantDe<'a> {
    key: &'a String,
    value: &'a Value,
}

impl<'de> de::VariantAccess<'de> for VariantDe<'de> {
    type Error = Error;

    fn unit_variant(self) -> Result<(), Error> {
        de::Deserialize::deserialize(ValueDe(self.value))
            .map_err(|e| e.at(Step::Key(self.key.clone())))
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, Error> {
        seed.deserialize(ValueDe(self.value))
            .map_err(|e| e.at(Step::Key(self.key.clone())))
    }

    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value, Error> {
        de::Deserializer::deserialize_any(ValueDe(self.value), visitor)
            .map_err(|e| e.at(Step::Key(self.key.clone())))
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.tuple_variant(0, visitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;
    use serde_json::json;

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Opt {
        value: String,
        #[serde(default)]
        n: Option<u32>,
    }

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Spec {
        options: Vec<Opt>,
    }

    fn err(v: Value) -> (String, String) {
        let e = from_value::<Spec>(&v).unwrap_err();
        (e.path(), e.message().to_owned())
    }

    #[test]
    fn errors_name_their_path() {
        assert_eq!(
            err(json!({"options": [{"value": "a"}, {"value": null}]})),
            (
                "options[1].value".into(),
                "invalid type: null, expected a string".into()
            )
        );
        assert_eq!(
            err(json!({"options": [{"value": "a", "n": 1.5}]})),
            (
                "options[0].n".into(),
                "invalid type: floating point `1.5`, expected u32".into()
            )
        );
        assert_eq!(
            err(json!({"options": [{"value": "a", "lable": 1}]})).0,
            "options[0].lable"
        );
        assert_eq!(
            err(json!({})),
            (String::new(), "missing field `options`".into())
        );
        assert_eq!(
            err(json!({"options": [["a", 1]]})),
            (
                "options[0]".into(),
                "invalid type: sequence, expected struct Opt".into()
            ),
            "a struct is an object, never an array read by position"
        );
        assert!(from_value::<Spec>(&json!({"options": [{"value": "a", "n": 3}]})).is_ok());
    }

    #[test]
    fn number_keys_read_back() {
        use std::collections::BTreeMap;
        let rows: BTreeMap<usize, BTreeMap<String, String>> = [
            (0, [("a".into(), "x".into())].into()),
            (12, BTreeMap::new()),
        ]
        .into();
        let json = serde_json::to_value(&rows).unwrap();
        assert_eq!(
            from_value::<BTreeMap<usize, BTreeMap<String, String>>>(&json).unwrap(),
            rows
        );
        let bad = from_value::<BTreeMap<usize, String>>(&json!({"x": "y"})).unwrap_err();
        assert_eq!(
            (bad.path(), bad.message()),
            ("x".into(), "invalid type: string \"x\", expected usize")
        );
    }
}
