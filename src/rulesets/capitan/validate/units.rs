//! Each unit: its sheet exists, is allowed in this number, with these figures, on this side
//! and in this campaign.

use super::{ListContext, Rule};
use crate::core::diagnostic::{Diagnostic, Severity};
use crate::core::source::Seg;
use crate::core::suggest::nearest;
use crate::rulesets::capitan::model::{Arm, Kind, UnitSheet};

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
                        "{total} unit{} of `{}`, its N°U allows {}",
                        if total == 1 { "" } else { "s" },
                        u.sheet_id,
                        sheet.max_units
                    ),
                )
                .with_label(format!("unit {} is one too many", u.index + 1)),
            );
        }
    }
    out
}

/// Troops 4–12 figures (§1); command units exactly their N°F (§1); artillery crews at least
/// the gun type's minimum (§12.15) and at most the troop maximum (reading artillery-crew).
pub const FIGURES_OUT_OF_RANGE: Rule = Rule {
    code: "figures-out-of-range",
    severity: Severity::Error,
    section: "§1, §12.15",
    summary: "troops have 4–12 figures, command units their N°F, guns at least their minimum crew",
};

/// The figures a unit may have: (min, max, what to say).
fn allowed(cx: &ListContext, sheet: &UnitSheet) -> (u32, u32, String) {
    let troops = &cx.db.rules.troops;
    match sheet.kind {
        Kind::Command => {
            let n = sheet.figures.unwrap_or(1);
            (
                n,
                n,
                format!(
                    "command unit `{}` has exactly {n} figures (its N°F)",
                    sheet.id
                ),
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
            let min = min_crew(cx, sheet);
            (
                min,
                troops.max_figures,
                format!(
                    "a type {} gun has a crew of {min} to {} figures",
                    sheet.gun_type.map(|g| g.to_string()).unwrap_or_default(),
                    troops.max_figures
                ),
            )
        }
    }
}

fn min_crew(cx: &ListContext, sheet: &UnitSheet) -> u32 {
    sheet
        .gun_type
        .and_then(|g| cx.db.artillery.gun(g))
        .map(|g| g.min_crew)
        .unwrap_or(1)
}

fn figures_path(cx: &ListContext, index: usize) -> [Seg<'static>; 3] {
    if cx.list.units[index].figures.is_some() {
        ListContext::unit_path(index, "figures")
    } else {
        ListContext::unit_path(index, "sheet")
    }
}

pub fn figures_out_of_range(cx: &ListContext) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for u in &cx.army.units {
        let Some(sheet) = u.sheet else { continue };
        let (min, max, what) = allowed(cx, sheet);
        let path = figures_path(cx, u.index);
        match u.figures {
            None => out.push(
                cx.report(
                    &FIGURES_OUT_OF_RANGE,
                    &path,
                    format!("unit {}: figures missing; {what}", u.index + 1),
                )
                .with_label("add `figures = N` to this unit"),
            ),
            Some(n) if n < i64::from(min) || n > i64::from(max) => out.push(
                cx.report(
                    &FIGURES_OUT_OF_RANGE,
                    &path,
                    format!("unit {}: figures: {n}, but {what}", u.index + 1),
                )
                .with_label(if n > i64::from(max) {
                    format!("at most {max}")
                } else {
                    format!("at least {min}")
                }),
            ),
            Some(_) => {}
        }
    }
    out
}

/// §1.2: a unit represents a section: 6–12 figures of infantry, 4–6 of cavalry.
pub const UNIT_SIZE: Rule = Rule {
    code: "unit-size",
    severity: Severity::Warning,
    section: "§1.2",
    summary: "a section is 6–12 infantry or 4–6 cavalry figures",
};

pub fn unit_size(cx: &ListContext) -> Vec<Diagnostic> {
    let size = &cx.db.rules.unit_size;
    let troops = &cx.db.rules.troops;
    let mut out = Vec::new();
    for u in &cx.army.units {
        let (Some(sheet), Some(n)) = (u.sheet, u.figures) else {
            continue;
        };
        if sheet.kind != Kind::Troop
            || n < i64::from(troops.min_figures)
            || n > i64::from(troops.max_figures)
        {
            continue; // figures-out-of-range says what is wrong
        }
        let (range, arm) = match sheet.arm {
            Arm::Infantry => (size.infantry, "infantry"),
            Arm::Cavalry => (size.cavalry, "cavalry"),
        };
        if n < i64::from(range.min) || n > i64::from(range.max) {
            out.push(cx.report(
                &UNIT_SIZE,
                &figures_path(cx, u.index),
                format!(
                    "unit {}: {n} figures of {arm}; a section of {arm} has {} to {}",
                    u.index + 1,
                    range.min,
                    range.max
                ),
            ));
        }
    }
    out
}

/// §12.15: one figure above the minimum crew, the gunners are already reduced.
pub const CREW_REDUCED: Rule = Rule {
    code: "crew-reduced",
    severity: Severity::Warning,
    section: "§12.15",
    summary: "a crew of its minimum + 1 or fewer starts the game reduced",
};

pub fn crew_reduced(cx: &ListContext) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for u in &cx.army.units {
        let (Some(sheet), Some(n)) = (u.sheet, u.figures) else {
            continue;
        };
        if sheet.kind != Kind::Artillery {
            continue;
        }
        let min = min_crew(cx, sheet);
        let max = cx.db.rules.troops.max_figures;
        if n >= i64::from(min) && n <= i64::from(min + 1) && n <= i64::from(max) {
            out.push(
                cx.report(
                    &CREW_REDUCED,
                    &figures_path(cx, u.index),
                    format!(
                        "unit {}: a crew of {n} for a type {} gun (minimum {min}) starts the game reduced",
                        u.index + 1,
                        sheet.gun_type.map(|g| g.to_string()).unwrap_or_default()
                    ),
                )
                .with_label(format!("{} or more gunners are not reduced", min + 2)),
            );
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
