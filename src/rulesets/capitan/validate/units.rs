//! Each unit: its sheet exists, is allowed in this number, with these figures, on this side
//! and in this campaign.

use super::{ListContext, Rule};
use crate::core::diagnostic::{Diagnostic, Severity};
use crate::core::suggest::nearest;
use crate::rulesets::capitan::model::Kind;

/// Every unit names a sheet of the database.
pub const UNKNOWN_SHEET: Rule = Rule {
    code: "unknown-sheet",
    severity: Severity::Error,
    section: "§1.1",
    summary: "every unit uses a unit sheet of the database",
};

pub fn unknown_sheet(cx: &ListContext) -> Vec<Diagnostic> {
    cx.army
        .units
        .iter()
        .filter(|u| u.sheet.is_none())
        .map(|u| {
            cx.report(
                &UNKNOWN_SHEET,
                &ListContext::unit_path(u.index, "sheet"),
                format!("unit {}: unknown sheet `{}`", u.index + 1, u.sheet_id),
            )
            .with_label("no sheet with this id")
            .with_suggestion(nearest(u.sheet_id, cx.db.sheets.ids()))
        })
        .collect()
}

/// No more units of one sheet than its N°U (§1.1).
pub const UNIT_LIMIT: Rule = Rule {
    code: "unit-limit",
    severity: Severity::Error,
    section: "§1.1",
    summary: "N°U is the most units of one sheet in a game",
};

pub fn unit_limit(cx: &ListContext) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let mut seen: std::collections::HashMap<&str, u32> = std::collections::HashMap::new();
    for u in &cx.army.units {
        let Some(sheet) = u.sheet else { continue };
        let count = seen.entry(u.sheet_id).or_default();
        *count += 1;
        if *count == sheet.max_units + 1 {
            let total = cx
                .army
                .units
                .iter()
                .filter(|x| x.sheet_id == u.sheet_id)
                .count();
            out.push(
                cx.report(
                    &UNIT_LIMIT,
                    &ListContext::unit_path(u.index, "sheet"),
                    format!(
                        "{total} units of `{}`, its N°U allows {}",
                        u.sheet_id, sheet.max_units
                    ),
                )
                .with_label(format!("unit {} is one too many", u.index + 1)),
            );
        }
    }
    out
}

/// Troops 4–12 figures (§1); command units exactly their N°F (§1); artillery crews at least
/// the gun type's minimum (§12.15) and at most the troop maximum.
pub const FIGURES_OUT_OF_RANGE: Rule = Rule {
    code: "figures-out-of-range",
    severity: Severity::Error,
    section: "§1, §12.15",
    summary: "troops have 4–12 figures, command units their N°F, guns at least their minimum crew",
};

pub fn figures_out_of_range(cx: &ListContext) -> Vec<Diagnostic> {
    let troops = &cx.db.rules.troops;
    let mut out = Vec::new();
    for (u, entry) in cx.army.units.iter().zip(&cx.list.units) {
        let Some(sheet) = u.sheet else { continue };
        let path = if entry.figures.is_some() {
            ListContext::unit_path(u.index, "figures")
        } else {
            ListContext::unit_path(u.index, "sheet")
        };
        let (min, max, what) = match sheet.kind {
            Kind::Command => {
                let n = sheet.figures.unwrap_or(1);
                (
                    n,
                    n,
                    format!("command unit `{}` has exactly {n} figures (N°F)", sheet.id),
                )
            }
            Kind::Troop => (
                troops.min_figures,
                troops.max_figures,
                format!(
                    "troop units have {} to {} figures",
                    troops.min_figures, troops.max_figures
                ),
            ),
            Kind::Artillery => {
                let min = sheet
                    .gun_type
                    .and_then(|g| cx.db.artillery.gun(g))
                    .map(|g| g.min_crew)
                    .unwrap_or(1);
                (
                    min,
                    troops.max_figures,
                    format!(
                        "a type {} gun needs a crew of {min} to {}",
                        sheet.gun_type.map(|g| g.to_string()).unwrap_or_default(),
                        troops.max_figures
                    ),
                )
            }
        };
        match u.figures {
            None => out.push(
                cx.report(
                    &FIGURES_OUT_OF_RANGE,
                    &path,
                    format!("unit {}: no figures given; {what}", u.index + 1),
                )
                .with_label("add `figures = N` to this unit"),
            ),
            Some(n) if n < min || n > max => out.push(cx.report(
                &FIGURES_OUT_OF_RANGE,
                &path,
                format!("unit {}: {n} figures, but {what}", u.index + 1),
            )),
            Some(_) => {}
        }
    }
    out
}

/// Every unit fights for the list's side (§1.1: coalition allies or Empire).
pub const COALITION_MISMATCH: Rule = Rule {
    code: "coalition-mismatch",
    severity: Severity::Error,
    section: "§1.1",
    summary: "all units of a list belong to its coalition",
};

pub fn coalition_mismatch(cx: &ListContext) -> Vec<Diagnostic> {
    cx.army
        .units
        .iter()
        .filter_map(|u| {
            let s = u.sheet?;
            (s.coalition != cx.list.list.coalition).then(|| {
                cx.report(
                    &COALITION_MISMATCH,
                    &ListContext::unit_path(u.index, "sheet"),
                    format!(
                        "unit {}: `{}` fights for the {}, the list for the {}",
                        u.index + 1,
                        s.id,
                        s.coalition,
                        cx.list.list.coalition
                    ),
                )
            })
        })
        .collect()
}

/// Every sheet is valid for the list's campaign (§1.1: the campaign printed at its foot).
pub const CAMPAIGN_MISMATCH: Rule = Rule {
    code: "campaign-mismatch",
    severity: Severity::Error,
    section: "§1.1",
    summary: "a sheet is used only in the campaigns printed at its foot",
};

pub fn campaign_mismatch(cx: &ListContext) -> Vec<Diagnostic> {
    let campaign = &cx.list.list.campaign;
    if !cx.db.campaigns.contains(campaign) {
        return Vec::new(); // reported once as unknown-campaign
    }
    cx.army
        .units
        .iter()
        .filter_map(|u| {
            let s = u.sheet?;
            (!s.campaigns.contains(campaign)).then(|| {
                cx.report(
                    &CAMPAIGN_MISMATCH,
                    &ListContext::unit_path(u.index, "sheet"),
                    format!(
                        "unit {}: `{}` is not valid for campaign `{campaign}` (only {})",
                        u.index + 1,
                        s.id,
                        s.campaigns.join(", ")
                    ),
                )
            })
        })
        .collect()
}
