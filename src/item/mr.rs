//! Meaning representations in the E2E NLG notation: `name[Cocum], area[city centre]`.

/// One attribute of a meaning representation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attribute {
    /// The attribute's name (`area`).
    pub name: String,
    /// Its value (`city centre`).
    pub value: String,
}

/// Parses `attr[value], attr[value]`. Values may hold commas and nested brackets
/// (`priceRange[£20-25]`, `food[Fast food [take away]]`). Returns the byte offset of the first
/// problem on malformed input.
pub fn parse(source: &str) -> Result<Vec<Attribute>, usize> {
    let mut out = Vec::new();
    let mut rest = source;
    let mut offset = 0;
    loop {
        let trimmed = rest.trim_start_matches(|c: char| c == ',' || c.is_whitespace());
        offset += rest.len() - trimmed.len();
        rest = trimmed;
        if rest.is_empty() {
            return Ok(out);
        }
        let open = rest.find('[').ok_or(offset)?;
        let name = rest[..open].trim();
        if name.is_empty() || name.contains(',') {
            return Err(offset);
        }
        let mut depth = 0usize;
        let mut close = None;
        for (i, c) in rest[open..].char_indices() {
            match c {
                '[' => depth += 1,
                ']' => {
                    depth -= 1;
                    if depth == 0 {
                        close = Some(open + i);
                        break;
                    }
                }
                _ => {}
            }
        }
        let close = close.ok_or(offset + open)?;
        out.push(Attribute {
            name: name.to_owned(),
            value: rest[open + 1..close].trim().to_owned(),
        });
        offset += close + 1;
        rest = &rest[close + 1..];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(s: &str) -> Vec<(String, String)> {
        parse(s)
            .unwrap()
            .into_iter()
            .map(|a| (a.name, a.value))
            .collect()
    }

    #[test]
    fn parses_the_manuals_example() {
        assert_eq!(
            pairs("name[Cocum], type[restaurant], area[city centre], familyFriendly[no]"),
            [
                ("name", "Cocum"),
                ("type", "restaurant"),
                ("area", "city centre"),
                ("familyFriendly", "no")
            ]
            .map(|(a, b)| (a.to_owned(), b.to_owned()))
        );
    }

    #[test]
    fn values_may_hold_commas_and_brackets() {
        assert_eq!(
            pairs("priceRange[£20-25], food[Fast food [take away], cheap]")[1].1,
            "Fast food [take away], cheap"
        );
    }

    #[test]
    fn malformed_input_names_the_offset() {
        assert_eq!(parse("name[Cocum], area"), Err(13));
        assert_eq!(parse("name[Cocum"), Err(4));
        assert_eq!(parse(""), Ok(vec![]));
    }
}
