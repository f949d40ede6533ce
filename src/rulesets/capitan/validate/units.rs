//! Each unit: its sheet exists, is allowed in this number, with these figures, on this side
//! and in this campaign.

use super::{ListContext, Rule};
use crate::core::diagnostic::{Diagnostic, Severity};
use crate::core::source::Seg;
use crate::core::suggest::nearest;
use crate::core::words::{Named, Phrase};
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
            cx.say(
                &UNKNOWN_SHEET,
                &ListContext::unit_path(u.index, "sheet"),
                Phrase::new("unknown-sheet", "{unit}: unknown sheet `{id}`")
                    .phrase("unit", cx.unit(u.index))
                    .text("id", u.sheet_id),
            )
            .with_label_said(Phrase::new("unknown-sheet-label", "no sheet with this id"))
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
                cx.say(
                    &UNIT_LIMIT,
                    &ListContext::unit_path(u.index, "sheet"),
                    Phrase::new(
                        "unit-limit",
                        "{total|# unit|# units} of {name}; its N°U allows {max}",
                    )
                    .count("total", total)
                    .name("name", Named::same(&sheet.name))
                    .count("max", sheet.max_units),
                )
                .with_label_said(
                    Phrase::new("unit-limit-label", "unit {n} is one too many")
                        .count("n", u.index + 1),
                ),
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
fn allowed(cx: &ListContext, sheet: &UnitSheet) -> (u32, u32, Phrase) {
    let troops = &cx.db.rules.troops;
    match sheet.kind {
        Kind::Command => {
            let n = sheet.figures.unwrap_or(1);
            (
                n,
                n,
                Phrase::new(
                    "figures-command",
                    "a command unit has exactly its N°F: {n|# figure|# figures}",
                )
                .count("n", n),
            )
        }
        Kind::Troop => (
            troops.min_figures,
            troops.max_figures,
            Phrase::new("figures-troop", "troop units have {min} to {max} figures")
                .count("min", troops.min_figures)
                .count("max", troops.max_figures),
        ),
        Kind::Artillery => {
            let min = min_crew(cx, sheet);
            (
                min,
                troops.max_figures,
                Phrase::new(
                    "figures-gun",
                    "a type {gun} gun has a crew of {min} to {max} figures",
                )
                .text(
                    "gun",
                    sheet.gun_type.map(|g| g.to_string()).unwrap_or_default(),
                )
                .count("min", min)
                .count("max", troops.max_figures),
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
                cx.say(
                    &FIGURES_OUT_OF_RANGE,
                    &path,
                    Phrase::new("figures-missing", "{unit}: figures missing; {what}")
                        .phrase("unit", cx.unit(u.index))
                        .phrase("what", what),
                )
                .with_label_said(Phrase::new(
                    "figures-missing-label",
                    "add `figures = N` to this unit",
                )),
            ),
            Some(n) if n < i64::from(min) || n > i64::from(max) => out.push(
                cx.say(
                    &FIGURES_OUT_OF_RANGE,
                    &path,
                    Phrase::new(
                        "figures-out-of-range",
                        "{unit}: {n|# figure|# figures}, but {what}",
                    )
                    .phrase("unit", cx.unit(u.index))
                    .count("n", n)
                    .phrase("what", what),
                )
                .with_label_said(if n > i64::from(max) {
                    Phrase::new("at-most", "at most {n}").count("n", max)
                } else {
                    Phrase::new("at-least", "at least {n}").count("n", min)
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
        let (range, phrase) = match sheet.arm {
            Arm::Infantry => (
                size.infantry,
                Phrase::new(
                    "unit-size-infantry",
                    "{unit}: {n|# figure|# figures} of infantry; a section of infantry has {min} to {max}",
                ),
            ),
            Arm::Cavalry => (
                size.cavalry,
                Phrase::new(
                    "unit-size-cavalry",
                    "{unit}: {n|# figure|# figures} of cavalry; a section of cavalry has {min} to {max}",
                ),
            ),
        };
        if n < i64::from(range.min) || n > i64::from(range.max) {
            out.push(
                cx.say(
                    &UNIT_SIZE,
                    &figures_path(cx, u.index),
                    phrase
                        .phrase("unit", cx.unit(u.index))
                        .count("n", n)
                        .count("min", range.min)
                        .count("max", range.max),
                ),
            );
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
                cx.say(
                    &CREW_REDUCED,
                    &figures_path(cx, u.index),
                    Phrase::new(
                        "crew-reduced",
                        "{unit}: a crew of {n} for a type {gun} gun (minimum {min}) starts the game reduced",
                    )
                    .phrase("unit", cx.unit(u.index))
                    .count("n", n)
                    .text(
                        "gun",
                        sheet.gun_type.map(|g| g.to_string()).unwrap_or_default(),
                    )
                    .count("min", min),
                )
                .with_label_said(
                    Phrase::new(
                        "crew-reduced-label",
                        "{n} or more gunners are not reduced",
                    )
                    .count("n", min + 2),
                ),
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
                cx.say(
                    &COALITION_MISMATCH,
                    &ListContext::unit_path(u.index, "sheet"),
                    Phrase::new(
                        "coalition-mismatch",
                        "{unit} fights for {side}, the list for {list}",
                    )
                    .phrase("unit", cx.unit(u.index))
                    .phrase("side", super::side(s.coalition.as_str()))
                    .phrase("list", super::side(cx.list.list.coalition.as_str())),
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
                let name = |id: &str| {
                    cx.db
                        .campaigns
                        .get(id)
                        .map_or_else(|| Named::same(id), |c| super::names(&c.name))
                };
                let mut only = Phrase::new("list-of", "{a}").name("a", name(&s.campaigns[0]));
                for c in s.campaigns.iter().skip(1) {
                    only = Phrase::new("list-and", "{a}, {b}")
                        .phrase("a", only)
                        .name("b", name(c));
                }
                cx.say(
                    &CAMPAIGN_MISMATCH,
                    &ListContext::unit_path(u.index, "sheet"),
                    Phrase::new(
                        "campaign-mismatch",
                        "{unit} is not for the campaign {campaign} (only {only})",
                    )
                    .phrase("unit", cx.unit(u.index))
                    .name("campaign", name(campaign))
                    .phrase("only", only),
                )
            })
        })
        .collect()
}
