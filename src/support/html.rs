//! Text written into HTML the researcher's pages carry (`glossa host`): attribute values.

/// An attribute value for HTML (`"`, `&` and `<` escaped).
pub fn attr(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;")
}
