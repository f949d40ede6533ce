//! A value a field may take, with its name ([`Choice`]): a new list's header fields, the
//! builder's offers and the sheet editor's form all offer them.

use serde::Serialize;

/// A value a field may take, with its name in the language asked.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Choice {
    pub id: String,
    pub label: String,
    /// The values this choice fills in beside it, by key (a skill's cost, a weapon's
    /// ranges): a form writes them when the choice is made, and they stay editable.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fills: Option<serde_json::Value>,
}

impl Choice {
    pub fn new(id: &str, label: &str) -> Self {
        Self {
            id: id.to_owned(),
            label: label.to_owned(),
            fills: None,
        }
    }

    /// The choice filling `values` (a JSON object by key) in beside it.
    pub fn filling(mut self, values: serde_json::Value) -> Self {
        self.fills = Some(values);
        self
    }
}
