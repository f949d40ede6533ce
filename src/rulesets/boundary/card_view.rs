//! The pieces the rulesets' card views share: the head every card begins with (its number
//! and label in a list, the unit's id and name), flattened into the card's view, and a rule
//! a card prints (a trait, a special rule) with its name.

use serde::Serialize;

/// What a card's title and subtitle are made of: the unit's number and label in its list
/// (none for a sheet printed alone), its id and its name in the document's language.
#[derive(Debug, Clone, Serialize)]
pub struct CardHead {
    pub number: Option<usize>,
    pub label: Option<String>,
    pub id: String,
    pub name: String,
}

impl CardHead {
    pub fn new(number: Option<usize>, label: Option<&str>, id: &str, name: &str) -> Self {
        CardHead {
            number,
            label: label.map(str::to_owned),
            id: id.to_owned(),
            name: name.to_owned(),
        }
    }
}

/// A rule a card prints: its name and what it says.
#[derive(Debug, Clone, Serialize)]
pub struct RuleView {
    pub name: String,
    pub rule: String,
}
