//! Checking an ACA list end to end: parse it (keeping spans), cost it, run every rule.

use serde_json::json;

use super::army::evaluate;
use super::database::Database;
use super::list::ListFile;
use super::validate::{self, ListContext};
use crate::core::diagnostic;
use crate::core::names::Names;
use crate::core::source::{FileId, SpanIndex};
use crate::rulesets::checking::Parsed;
use crate::rulesets::{Extra, ListCheck, Ruleset, UnitRow};

/// Checks the list `parsed`, keeping it parsed.
pub fn check_list(ruleset: Ruleset, db: &Database, parsed: Parsed<ListFile>) -> ListCheck {
    let mut check = check_parsed(ruleset, db, &parsed.list, parsed.spans, parsed.file);
    check.parsed = crate::rulesets::list_check::ParsedList::of(parsed.list);
    check
}

/// Checks a list already parsed.
pub fn check_parsed(
    ruleset: Ruleset,
    db: &Database,
    list: &ListFile,
    spans: SpanIndex,
    file: FileId,
) -> ListCheck {
    let army = evaluate(db, list);
    let mut diagnostics = validate::validate_list(&ListContext {
        db,
        list,
        army: &army,
        file,
        spans: &spans,
    });
    diagnostic::sort(&mut diagnostics);
    let units = army
        .units
        .iter()
        .map(|u| {
            let extras: Vec<Extra> = u
                .bought
                .iter()
                .map(|(id, cost)| Extra {
                    id: (*id).to_owned(),
                    name: match *id {
                        "elite" => format!("elite ×{}", u.elite),
                        "guns" => format!("guns ×{}", u.guns.unwrap_or(1)),
                        other => other.replace('-', " "),
                    },
                    names: Names::default(),
                    cost: u32::try_from(*cost).unwrap_or(u32::MAX),
                    free: false,
                    count: match *id {
                        "elite" => u32::try_from(u.elite).ok(),
                        "guns" => u32::try_from(u.guns.unwrap_or(1)).ok(),
                        _ => None,
                    },
                })
                .collect();
            let id = u
                .entry
                .map(|e| e.id.clone())
                .or_else(|| list.units[u.index].entry.clone())
                .or_else(|| list.units[u.index].general.clone())
                .unwrap_or_default();
            UnitRow {
                json: std::sync::Arc::new(json!({
                    "entry": id,
                    "label": u.label,
                    "figures": u.figures,
                    "guns": u.guns,
                    // Infantry or cavalry (null: a battery or a general): a matchup's cavalry
                    // charges into its combat.
                    "arm": u.entry.and_then(|e| e.arm()).map(|a| a.as_str()),
                    "elite": list.units[u.index].elite,
                    "cost": u.cost,
                    "provenance": db.entry(&id).map(|_| db.provenance(&id)),
                    "options": u.bought.iter().map(|(id, cost)| json!({"id": id, "cost": cost})).collect::<Vec<_>>(),
                    // The house rules its list plays it with (`house_rules` in `[list]`):
                    // previews of the unit, and a game's, play them.
                    "house_rules": list.list.house_rules,
                })),
                id,
                label: u.label.clone(),
                own_label: list.units[u.index].label.is_some(),
                names: u.entry.map(|e| e.name.by_lang()).unwrap_or_default(),
                figures: u.figures,
                cost: u.cost,
                extras,
                priced: list.units[u.index].priced.clone(),
            }
        })
        .collect();
    let lang = ruleset.lang_or_first(list.list.lang);
    let description = army
        .army
        .map(|a| a.header.name.get(lang).to_owned())
        .unwrap_or_else(|| list.list.army.clone());
    ListCheck {
        ruleset,
        file,
        name: list.list.name.clone(),
        lang: list.list.lang,
        description,
        description_names: army
            .army
            .map(|a| a.header.name.by_lang())
            .unwrap_or_default(),
        total: army.total,
        limit: army.limit,
        units,
        diagnostics,
        side: army.army.map(|a| a.header.nation.en.clone()),
        spans,
        parsed: crate::rulesets::list_check::ParsedList::default(),
    }
}
