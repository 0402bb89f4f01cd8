//! Deserialising `kind`-tagged enums without losing the JSON path of an error inside a variant.
//!
//! serde's internally tagged enums buffer their content, so an error deep inside a variant is
//! reported at the enum itself (`controls[0]` rather than `controls[0].options[1]`). Here the
//! variant is deserialised on its own with path tracking, and the inner path travels inside the
//! error message between [`PATH_MARK`]s, where [`split_nested_path`] finds it again.

use serde::de::{DeserializeOwned, Error};
use serde_json::{Map, Value};

/// Delimits a nested path inside an error message.
const PATH_MARK: char = '\u{1}';

/// Reads the `kind` tag of an object, returning the object without it.
pub fn take_kind<E: Error>(
    value: Value,
    expected: &'static [&'static str],
) -> Result<(String, Map<String, Value>), E> {
    let Value::Object(mut map) = value else {
        return Err(E::custom("expected an object with a \"kind\" field"));
    };
    match map.remove("kind") {
        Some(Value::String(kind)) => Ok((kind, map)),
        Some(_) => Err(E::custom("\"kind\" must be a string")),
        None => Err(E::custom(format!(
            "missing field `kind` (one of: {})",
            expected.join(", ")
        ))),
    }
}

/// Deserialises one variant's fields, carrying the path of any error out in the message.
pub fn variant<T: DeserializeOwned, E: Error>(map: Map<String, Value>) -> Result<T, E> {
    super::de::from_value(&Value::Object(map)).map_err(|e| {
        let (nested, message) = split_nested_path(e.message());
        let path = super::join_path(&e.path(), &nested);
        E::custom(format!("{PATH_MARK}{path}{PATH_MARK}{message}"))
    })
}

/// How a `kind`'s variant is read: its fields, in a build with its family; in a build
/// without it ([`Absent`](crate::support::family::Absent)), the error that says so, without
/// reading anything (so a left-out kind carries no reader of its own).
pub trait ReadVariant<T>: Sized {
    /// The variant from its fields.
    fn read<E: Error>(map: Map<String, Value>) -> Result<Self, E>;
}

impl<T: DeserializeOwned> ReadVariant<T> for T {
    fn read<E: Error>(map: Map<String, Value>) -> Result<Self, E> {
        variant(map)
    }
}

impl<T> ReadVariant<T> for crate::support::family::Absent<T> {
    fn read<E: Error>(_: Map<String, Value>) -> Result<Self, E> {
        Err(E::custom(crate::support::family::ABSENT))
    }
}

/// The error for an unknown `kind`.
pub fn unknown_kind<E: Error>(kind: &str, expected: &'static [&'static str]) -> E {
    E::custom(format!(
        "unknown kind `{kind}`, expected one of: {}",
        expected.join(", ")
    ))
}

/// Splits a message made by [`variant`] into (nested path, message). A message without a
/// nested path gives an empty path.
pub fn split_nested_path(message: &str) -> (String, String) {
    if let Some(rest) = message.strip_prefix(PATH_MARK) {
        if let Some((path, msg)) = rest.split_once(PATH_MARK) {
            let path = if path == "$" { "" } else { path };
            return (path.to_owned(), msg.to_owned());
        }
    }
    (String::new(), message.to_owned())
}

/// Implements `Deserialize` for a `kind`-tagged enum whose variants are newtypes over structs,
/// and `KINDS`, its tags with their build families (`Base` for every build). A variant's
/// `@cfg(…)`, if any, is kept on each of its parts.
macro_rules! tagged_enum {
    ($enum:ident { $($(@cfg($cfg:meta))? $tag:expr => $variant:ident($($family:ident)::*<$ty:ty>)),+ $(,)? }) => {
        impl $enum {
            /// Every kind's tag (its `kind` in a spec) with its build family.
            pub const KINDS: &'static [(&'static str, &'static str)] =
                &[$($(#[cfg($cfg)])? ($tag, $crate::spec::tagged::last_name(stringify!($($family)::*)))),+];
        }
        impl<'de> serde::Deserialize<'de> for $enum {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                const KINDS: &[&str] = &[$($(#[cfg($cfg)])? $tag),+];
                let value = <serde_json::Value as serde::Deserialize>::deserialize(d)?;
                let (kind, map) = $crate::spec::tagged::take_kind::<D::Error>(value, KINDS)?;
                $(
                    $(#[cfg($cfg)])?
                    if kind == $tag {
                        return <$($family)::*<$ty> as $crate::spec::tagged::ReadVariant<$ty>>::read::<D::Error>(map).map($enum::$variant);
                    }
                )+
                Err($crate::spec::tagged::unknown_kind(&kind, KINDS))
            }
        }
    };
}
pub(crate) use tagged_enum;

/// The last segment of a path as `stringify!` writes it (`crate :: support :: family :: Base`
/// gives `Base`).
pub const fn last_name(path: &'static str) -> &'static str {
    let bytes = path.as_bytes();
    let mut i = bytes.len();
    while i > 0 && bytes[i - 1] != b' ' && bytes[i - 1] != b':' {
        i -= 1;
    }
    let (_, tail) = bytes.split_at(i);
    match std::str::from_utf8(tail) {
        Ok(s) => s,
        Err(_) => path,
    }
}
