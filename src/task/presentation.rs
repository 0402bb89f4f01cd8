//! How an item is presented: the order its outputs are shown in, and the seed that made it.
//! Computed once when the item is shown (pure: the seed comes from the host) and recorded in
//! the result.

use crate::item::{Item, Output};
use crate::spec::TaskSpec;
use crate::support::ids::ControlId;
use crate::support::sorted_map::SortedMap;
use crate::task::order::shuffled;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The presentation of one item.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Presentation {
    /// The seed used for shuffling, when any control shuffles.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed: Option<String>,
    /// For each control asked per output: the output ids in the order shown.
    pub order: SortedMap<ControlId, Vec<String>>,
}

impl Presentation {
    /// Works out the presentation. `seed` is the host's seed; without one, shuffling uses the
    /// item id, so the same item is shown the same way on every reload.
    pub fn new(spec: &TaskSpec, item: &Item, seed: Option<&str>) -> Self {
        let mut out = Presentation::default();
        // A section asked per output orders its outputs once, recorded under the field's
        // name; every control over the same outputs follows that order.
        for (_, section) in spec.sections().filter(|_| crate::support::family::COMPOSE) {
            if let Some(src) = &section.outputs {
                let key = ControlId::from(src.field.as_str());
                out.put(item, seed, key, src.field.as_str(), src.shuffle);
            }
        }
        for control in &spec.controls {
            use crate::item::ItemFields;
            let Some(src) = crate::spec::each_control!(control, c => c.outputs_source()) else {
                continue;
            };
            let ordered = || out.order.contains_key(&ControlId::from(src.field.as_str()));
            if crate::support::family::COMPOSE && ordered() {
                continue;
            }
            let shuffle = crate::spec::each_control!(control, c => c.shuffles_outputs());
            out.put(
                item,
                seed,
                control.id().clone(),
                src.field.as_str(),
                shuffle,
            );
        }
        out
    }

    /// Records the order of the outputs in `field`, under `key` (shuffled from the host's
    /// seed, the item id and the key when `shuffle`).
    fn put(&mut self, item: &Item, seed: Option<&str>, key: ControlId, field: &str, shuffle: bool) {
        let outputs = item.outputs(field);
        let ids: Vec<String> = if shuffle {
            let seed = format!("{}/{}/{}", seed.unwrap_or(""), item.id, key);
            let ids = shuffled(outputs.len(), &seed)
                .into_iter()
                .map(|i| outputs[i].id.clone())
                .collect();
            self.seed = Some(seed);
            ids
        } else {
            outputs.into_iter().map(|o| o.id).collect()
        };
        self.order.insert(key, ids);
    }

    /// The order the outputs of `field` are shown in to `control`: its own, or the one its
    /// section recorded under the field's name.
    pub fn order_of(&self, control: &ControlId, field: &str) -> Option<&Vec<String>> {
        self.order.get(control).or_else(|| {
            crate::support::family::COMPOSE
                .then(|| self.order.get(&ControlId::from(field)))
                .flatten()
        })
    }

    /// The outputs of a control in the order shown.
    pub fn outputs_in_order(
        &self,
        control: &ControlId,
        field: &str,
        all: &[Output],
    ) -> Vec<Output> {
        match self.order_of(control, field) {
            Some(ids) => ids
                .iter()
                .filter_map(|id| all.iter().find(|o| &o.id == id).cloned())
                .collect(),
            None => all.to_vec(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(shuffle: bool) -> TaskSpec {
        crate::spec::load(
            &serde_json::json!({
                "glossa": 1, "id": "t", "version": "1", "language": "en", "blocks": [],
                "controls": [{"kind": "number", "id": "score",  "label": "Score",
                    "outputs": {"field": "outputs", "label": "Utterance {n}", "shuffle": shuffle}}]
            })
            .to_string(),
        )
        .unwrap()
    }

    fn item(id: &str) -> Item {
        serde_json::from_value(serde_json::json!({"id": id, "outputs": [
            {"id": "a", "text": "A"}, {"id": "b", "text": "B"}, {"id": "c", "text": "C"},
            {"id": "d", "text": "D"}, {"id": "e", "text": "E"}]}))
        .unwrap()
    }

    #[test]
    fn without_shuffle_the_item_order_is_kept() {
        let p = Presentation::new(&spec(false), &item("i1"), Some("s"));
        assert_eq!(
            p.order[&ControlId::from("score")],
            ["a", "b", "c", "d", "e"]
        );
        assert_eq!(p.seed, None);
    }

    #[test]
    fn shuffle_is_reproducible_from_seed_and_item() {
        let (s, i) = (spec(true), item("i1"));
        let p = Presentation::new(&s, &i, Some("P-17"));
        assert_eq!(p, Presentation::new(&s, &i, Some("P-17")));
        let orders: crate::support::sorted_map::SortedSet<_> = (0..20)
            .map(|n| Presentation::new(&s, &i, Some(&n.to_string())).order)
            .collect();
        assert!(orders.len() > 10, "different seeds give different orders");
        assert_eq!(p.seed.as_deref(), Some("P-17/i1/score"));
    }
}
