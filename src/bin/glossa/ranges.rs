//! HTTP range requests (RFC 9110 §14) for `glossa serve`'s media: a player seeks in a recording
//! by asking for a part of it. One range is served; several, or one past the end, are not.

/// What a `Range` header asks of a file of `len` bytes.
#[derive(Debug, PartialEq, Eq)]
pub enum Asked {
    /// No range, or one this server ignores (not bytes, several ranges): the whole file, 200.
    Whole,
    /// Bytes `start..=end` of it: 206 with `Content-Range`.
    Part { start: u64, end: u64 },
    /// A range that starts past the end: 416.
    Unsatisfiable,
}

/// Reads a `Range` header (`bytes=0-`, `bytes=100-199`, `bytes=-500`) against a file's length.
pub fn asked(header: Option<&str>, len: u64) -> Asked {
    let Some(spec) = header.and_then(|h| h.trim().strip_prefix("bytes=")) else {
        return Asked::Whole;
    };
    if spec.contains(',') {
        return Asked::Whole;
    }
    let Some((first, last)) = spec.trim().split_once('-') else {
        return Asked::Whole;
    };
    let (first, last) = (first.trim(), last.trim());
    let number = |s: &str| s.parse::<u64>().ok();
    let last_byte = len.saturating_sub(1);
    let (start, end) = if first.is_empty() {
        // The last N bytes.
        match number(last) {
            Some(0) => return Asked::Unsatisfiable,
            Some(n) => (len.saturating_sub(n), last_byte),
            None => return Asked::Whole,
        }
    } else {
        let Some(start) = number(first) else {
            return Asked::Whole;
        };
        if last.is_empty() {
            (start, last_byte)
        } else {
            match number(last) {
                Some(end) => (start, end.min(last_byte)),
                None => return Asked::Whole,
            }
        }
    };
    if start >= len {
        return Asked::Unsatisfiable;
    }
    if end < start {
        return Asked::Whole;
    }
    Asked::Part { start, end }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_as_players_ask_them() {
        assert_eq!(asked(None, 10), Asked::Whole);
        assert_eq!(
            asked(Some("bytes=0-"), 10),
            Asked::Part { start: 0, end: 9 }
        );
        assert_eq!(
            asked(Some("bytes=2-4"), 10),
            Asked::Part { start: 2, end: 4 }
        );
        assert_eq!(
            asked(Some("bytes=2-400"), 10),
            Asked::Part { start: 2, end: 9 }
        );
        assert_eq!(
            asked(Some("bytes=-3"), 10),
            Asked::Part { start: 7, end: 9 }
        );
        assert_eq!(
            asked(Some("bytes=-30"), 10),
            Asked::Part { start: 0, end: 9 }
        );
        assert_eq!(asked(Some("bytes=10-"), 10), Asked::Unsatisfiable);
        assert_eq!(asked(Some("bytes=0-"), 0), Asked::Unsatisfiable);
        assert_eq!(asked(Some("bytes=5-2"), 10), Asked::Whole);
        assert_eq!(asked(Some("bytes=0-1,4-5"), 10), Asked::Whole);
        assert_eq!(asked(Some("items=0-1"), 10), Asked::Whole);
        assert_eq!(asked(Some("bytes=x-1"), 10), Asked::Whole);
    }
}
