//! Checking a list file end to end: parse it (keeping spans), cost it, run every rule.

use serde_json::json;

use super::army::Army;
use super::database::Database;
use super::list::ListFile;
use super::validate::{self, ListContext};
use crate::core::diagnostic;
use crate::core::names::Names;
use crate::core::source::{FileId, Sources, SpanIndex};
use crate::rulesets::checking::Parsed;
use crate::rulesets::{Extra, ListCheck, Ruleset, UnitRow};

/// Checks the list `parsed`, with the career it names.
pub fn check_list(
    ruleset: Ruleset,
    db: &Database,
    sources: &Sources,
    parsed: Parsed<ListFile>,
) -> ListCheck {
    let Parsed { list, spans, file } = parsed;
    let career = list
        .list
        .career
        .as_deref()
        .map(|c| super::career::of_list(db, sources, file, c).map(|(s, _)| s));
    let mut check = check_parsed(ruleset, db, &list, spans, file, career);
    check.parsed = crate::rulesets::list_check::ParsedList::of(list);
    check
}

/// Checks a list already parsed.
pub fn check_parsed<'a>(
    ruleset: Ruleset,
    db: &'a Database,
    list: &ListFile,
    spans: SpanIndex,
    file: FileId,
    career: Option<Result<super::career::Standing<'a>, String>>,
) -> ListCheck {
    let army = Army::evaluate(db, list);
    let mut diagnostics = validate::validate_list(&ListContext {
        db,
        list,
        army: &army,
        file,
        spans: &spans,
        career,
    });
    diagnostic::sort(&mut diagnostics);
    // Named in the list's language (its documents' until they say another).
    let lang = ruleset.lang_or_first(list.list.lang);
    let units = army
        .units
        .iter()
        .map(|u| {
            let extras: Vec<Extra> = u
                .skills
                .iter()
                .map(|(id, cost)| Extra {
                    id: id.clone(),
                    name: db
                        .skill(id)
                        .map(|s| s.name.get(lang).to_owned())
                        // A skill the data does not know: as the player wrote it (its
                        // diagnostic says it is unknown, in the page's language).
                        .unwrap_or_else(|| id.clone()),
                    names: db.skill(id).map(|s| s.name.by_lang()).unwrap_or_default(),
                    cost: *cost,
                    free: list
                        .list
                        .free_skill
                        .as_ref()
                        .is_some_and(|f| f.unit == u.index + 1 && f.skill == *id),
                    count: None,
                })
                .collect();
            UnitRow {
                id: u.sheet_id.to_owned(),
                label: u.label.clone(),
                own_label: list.units[u.index].label.is_some(),
                names: u
                    .sheet
                    .map(|s| Names::same(&s.name, ruleset.languages()))
                    .unwrap_or_default(),
                figures: u.figures,
                cost: u.cost,
                json: std::sync::Arc::new(json!({
                    "sheet": u.sheet_id,
                    "label": u.label,
                    "figures": u.figures,
                    "cost": u.cost,
                    // On foot or mounted (§1.1): a matchup's cavalry charges into its melee.
                    "arm": u.sheet.map(|s| s.arm.as_str()),
                    "provenance": db.provenance(u.sheet_id),
                    "skills": extras.iter().map(|e| if e.free {
                        json!({"id": e.id, "cost": e.cost, "free": true})
                    } else {
                        json!({"id": e.id, "cost": e.cost})
                    }).collect::<Vec<_>>(),
                })),
                extras,
                priced: list.units[u.index].priced.clone(),
            }
        })
        .collect();
    ListCheck {
        ruleset,
        file,
        name: list.list.name.clone(),
        lang: list.list.lang,
        description: format!("{}, {}", list.list.coalition, list.list.campaign),
        description_names: Names::default(),
        total: army.total,
        limit: army.limit,
        units,
        diagnostics,
        side: Some(list.list.coalition.to_string()),
        spans,
        parsed: crate::rulesets::list_check::ParsedList::default(),
    }
}
