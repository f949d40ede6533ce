//! The rulesets muster knows and what it does for each, as `muster rulesets --format json`
//! prints them and the web app's `GET /api/rulesets` answers.

use serde_json::json;

use crate::rulesets::Ruleset;

/// What `muster rulesets --format json` prints (and the web app's `GET /api/rulesets`).
pub fn rows() -> Vec<serde_json::Value> {
    Ruleset::ALL
        .iter()
        .map(|r| {
            json!({
                "id": r.id(),
                "title": r.title(),
                "titles": r.titles(),
                "rulebook": r.source(),
                "supports": supports(*r),
                "words": r.list_words(),
            })
        })
        .collect()
}

/// What a ruleset supports, its preview procedures by name.
fn supports(r: Ruleset) -> serde_json::Value {
    let c = r.capabilities();
    let previews: Vec<&str> = r.procedures().iter().map(|p| p.name).collect();
    json!({
        "data": c.data,
        "lists": c.lists,
        "cards": c.cards,
        "qrs": c.qrs,
        "roster": c.roster,
        "previews": previews,
        "scoring": c.scoring,
        "games": c.lists,
        "careers": c.careers,
    })
}
