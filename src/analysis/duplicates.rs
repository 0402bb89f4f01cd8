//! One rule for a result that is there twice (a resend, a reload, two exports merged): the
//! first, in file order, counts; every later one with the same key — spec, version, item and
//! the ids the host passed ([`result_key`]) — is left out and named, whether its answers
//! are the same or not. `glossa serve` and `collect jatos` keep the first when collecting;
//! `validate`, `agreement`, `report` and `export` read a file by the same rule. A result
//! without ids is nobody's in particular: only the same result again is a copy of it.

use serde_json::Value;

/// A result's identity: its spec and version, its item and the ids the host passed (the
/// participant). The same participant's second result for an item is a resend, whatever it
/// holds: `glossa serve` and `collect jatos` keep the first. `None` without an item id.
pub fn result_key(result: &Value) -> Option<String> {
    let item = result.get("item_id")?.as_str()?;
    let field = |k: &str| result.pointer(k).cloned().unwrap_or(Value::Null);
    // The parts as one JSON array: no two different results' parts write the same text (ids
    // keep their JSON type, so `101` and `"101"` differ; a value holding `&` or `=` cannot
    // pass for two ids), and the map's keys come sorted.
    let ids = match result.get("ids") {
        // No ids: nothing tells whose it is, so two results for an item may be two people's;
        // only the same result again (every field equal: a resend of it) is a copy. Its
        // place in the key is a hash of the whole result, so the key stays as small as any.
        None | Some(Value::Null) => Value::from(format!("no ids: {:016x}", hash(Some(result)))),
        Some(Value::Object(m)) if m.is_empty() => {
            Value::from(format!("no ids: {:016x}", hash(Some(result))))
        }
        Some(Value::Object(m)) => {
            let sorted: std::collections::BTreeMap<_, _> = m.iter().collect();
            serde_json::to_value(sorted).unwrap_or(Value::Null)
        }
        other => other.cloned().unwrap_or(Value::Null),
    };
    Some(
        Value::Array(vec![
            field("/spec/id"),
            field("/spec/version"),
            item.into(),
            ids,
        ])
        .to_string(),
    )
}

/// The results met so far, by key: where the first was and a hash of its answers. Memory per
/// result is its key and two numbers, so a file can be read line by line through it.
#[derive(Default)]
pub struct Seen {
    first: std::collections::HashMap<String, (usize, u64)>,
}

impl Seen {
    /// Notes a result on `line`; when a result with its key came before, what the copy is
    /// told (it is to be left out).
    pub fn copy_of(&mut self, line: usize, result: &Value) -> Option<String> {
        self.copy_of_known(line, result, Known::of(result))
    }

    /// [`Seen::copy_of`] with the result's key and answers' hash made before (on another
    /// thread).
    pub fn copy_of_known(&mut self, line: usize, result: &Value, known: Known) -> Option<String> {
        let Known { key, answers } = known;
        let key = key?;
        match self.first.get(&key) {
            Some(&(at, first)) => Some(message(result, at, first == answers)),
            None => {
                self.first.insert(key, (line, answers));
                None
            }
        }
    }
}

/// What [`Seen`] reads of a result: its key and a hash of its answers.
pub struct Known {
    key: Option<String>,
    answers: u64,
}

impl Known {
    /// The key and hash of `result`.
    pub fn of(result: &Value) -> Self {
        Known {
            key: result_key(result),
            answers: hash(result.get("answers")),
        }
    }
}

/// A hash of a result's answers (equal answers, equal hashes).
fn hash(answers: Option<&Value>) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    answers.map(Value::to_string).hash(&mut h);
    h.finish()
}

/// The results of a file with the later copies left out, and each copy named — `(line,
/// message)` — with the line of the first. Linear in the results.
pub fn first_wins(lines: Vec<(usize, Value)>) -> (Vec<(usize, Value)>, Vec<(usize, String)>) {
    let mut seen = Seen::default();
    let mut kept = Vec::with_capacity(lines.len());
    let mut repeats = Vec::new();
    for (line, result) in lines {
        match seen.copy_of(line, &result) {
            Some(m) => repeats.push((line, m)),
            None => kept.push((line, result)),
        }
    }
    (kept, repeats)
}

/// What a later copy is told: whose, which item, where the first is, and whether they differ.
fn message(result: &Value, first: usize, same: bool) -> String {
    let item = result.get("item_id").and_then(Value::as_str).unwrap_or("");
    let ids = match result.get("ids") {
        Some(Value::Object(m)) if !m.is_empty() => Value::Object(m.clone()).to_string(),
        Some(v) if !v.is_null() && !v.is_object() => v.to_string(),
        _ => {
            return format!(
                "the result for item {item:?} at line {first} again, every field the same (it has no ids, so only an identical result is a copy): left out"
            )
        }
    };
    let answers = if same {
        "the same answers"
    } else {
        "other answers"
    };
    format!(
        "a second result for item {item:?} from the same participant ({ids}), with {answers}: \
         left out; the first, at line {first}, counts"
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn result(who: serde_json::Value, item: &str, value: &str) -> Value {
        json!({"spec": {"id": "s", "version": "1"}, "item_id": item,
               "answers": {"a": value}, "ids": {"participant": who}})
    }

    /// Results without ids may be as many people's: none is a copy of another unless it is
    /// the same result again, and that is said without a participant `({})`.
    #[test]
    fn results_without_ids_are_copies_only_when_identical() {
        let bare = |value: &str, started: &str| {
            json!({"spec": {"id": "s", "version": "1"}, "item_id": "i1",
                   "answers": {"a": value}, "timings": {"started_at": started}})
        };
        let mut empty = bare("yes", "t3");
        empty["ids"] = json!({});
        let lines = vec![
            (1, bare("yes", "t1")),
            (2, bare("yes", "t2")),
            (3, bare("no", "t1")),
            (4, empty.clone()),
            (5, bare("yes", "t1")),
            (6, empty),
        ];
        let (kept, repeats) = first_wins(lines);
        assert_eq!(
            kept.iter().map(|(l, _)| *l).collect::<Vec<_>>(),
            [1, 2, 3, 4]
        );
        assert_eq!(repeats.iter().map(|(l, _)| *l).collect::<Vec<_>>(), [5, 6]);
        assert!(
            repeats[0]
                .1
                .contains("at line 1 again, every field the same"),
            "{}",
            repeats[0].1
        );
        assert!(repeats[1].1.contains("at line 4 again"), "{}", repeats[1].1);
        assert!(repeats.iter().all(|(_, m)| !m.contains("({})")));
        // Its key is as small as anyone's: not the result's text (a long answer stays out).
        let long = bare(&"x".repeat(10_000), "t1");
        assert!(result_key(&long).unwrap().len() < 120);
    }

    #[test]
    fn the_first_counts_and_each_later_copy_is_named_with_the_first_line() {
        let lines = vec![
            (1, result(json!("p1"), "i1", "yes")),
            (2, result(json!("p2"), "i1", "no")),
            (3, result(json!("p1"), "i1", "yes")),
            (4, result(json!("p1"), "i1", "no")),
            (5, result(json!(101), "i1", "no")),
            (6, result(json!("101"), "i1", "no")),
        ];
        let (kept, repeats) = first_wins(lines);
        assert_eq!(
            kept.iter().map(|(l, _)| *l).collect::<Vec<_>>(),
            [1, 2, 5, 6]
        );
        assert_eq!(kept[0].1["answers"]["a"], "yes", "the first, not the last");
        assert_eq!(repeats.len(), 2);
        assert_eq!(repeats[0].0, 3);
        assert!(
            repeats[0].1.contains("the same answers"),
            "{}",
            repeats[0].1
        );
        assert!(repeats[0].1.contains("at line 1"), "{}", repeats[0].1);
        assert!(repeats[1].1.contains("other answers"), "{}", repeats[1].1);
    }
}
