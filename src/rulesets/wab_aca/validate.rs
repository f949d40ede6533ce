//! Army-list validation against "Au crépuscule de l'Aigle". Each rule has a stable code, a
//! severity and the page it comes from; all are listed in [`RULES`] (two-list rules in
//! [`PAIR_RULES`]). Rules return every finding, never only the first.

use std::ops::Range;

use super::army::{Evaluated, Unit};
use super::database::Database;
use super::list::ListFile;
use super::model::*;
use crate::core::diagnostic::{Diagnostic, Severity};
use crate::core::rule::Rule;
use crate::core::source::{FileId, Seg, SpanIndex};
use crate::core::suggest::nearest;
use crate::rulesets::{balance_diagnostic, ListCheck};

/// How diagnostics cite the supplement.
pub const BOOK: &str = "ACA";

pub struct ListContext<'a> {
    pub db: &'a Database,
    pub list: &'a ListFile,
    pub army: &'a Evaluated<'a>,
    pub file: FileId,
    pub spans: &'a SpanIndex,
}

impl ListContext<'_> {
    /// The span of `path`, cut to its first line (a whole table is shown by its header).
    fn span(&self, path: &[Seg]) -> Option<Range<usize>> {
        let span = self.spans.span(path)?;
        let text = self.spans.text();
        let end = text
            .get(span.clone())
            .and_then(|t| t.trim_end().find('\n'))
            .map_or(span.end, |n| span.start + n);
        Some(span.start..end)
    }

    fn report(&self, rule: &Rule, path: &[Seg], message: String) -> Diagnostic {
        rule.diagnostic(BOOK, message)
            .at(self.file, self.span(path))
    }

    /// The path of a unit's field, or of the unit when the field is not written.
    fn unit_field(&self, i: usize, field: &'static str) -> Vec<Seg<'static>> {
        let path = vec![Seg::Key("units"), Seg::Index(i), Seg::Key(field)];
        if self.spans.span(&path).is_some() {
            path
        } else {
            vec![Seg::Key("units"), Seg::Index(i)]
        }
    }

    /// The units whose entry is known, with it.
    fn known(&self) -> impl Iterator<Item = (&Unit<'_>, &Entry)> {
        self.army
            .units
            .iter()
            .filter_map(|u| u.entry.map(|e| (u, e)))
    }

    fn unit_key(&self, i: usize) -> Vec<Seg<'static>> {
        let unit = &self.list.units[i];
        if unit.entry.is_some() {
            self.unit_field(i, "entry")
        } else {
            self.unit_field(i, "general")
        }
    }
}

type Check = fn(&ListContext) -> Vec<Diagnostic>;

const fn rule(
    code: &'static str,
    severity: Severity,
    section: &'static str,
    summary: &'static str,
) -> Rule {
    Rule {
        code,
        severity,
        section,
        summary,
    }
}

pub const UNKNOWN_ARMY: Rule = rule(
    "unknown-army",
    Severity::Error,
    "p.1",
    "a list is drawn from one army of the data (`muster sheets --ruleset wab-aca`)",
);
pub const UNKNOWN_ENTRY: Rule = rule(
    "unknown-entry",
    Severity::Error,
    "p.1",
    "each unit is an entry of the list's army, or one of its generals by rank",
);
pub const FIGURES_OUT_OF_RANGE: Rule = rule(
    "figures-out-of-range",
    Severity::Error,
    "p.1",
    "a unit has the figures its entry allows (the free officer on top)",
);
pub const GUNS_OUT_OF_RANGE: Rule = rule(
    "guns-out-of-range",
    Severity::Error,
    "p.8",
    "a battery has the guns its entry allows",
);
pub const CREW_BELOW_MINIMUM: Rule = rule(
    "crew-below-minimum",
    Severity::Warning,
    "p.8, p.9",
    "below its piece's minimum crew a battery skips turns of fire",
);
pub const OPTION_NOT_ALLOWED: Rule = rule(
    "option-not-allowed",
    Severity::Error,
    "p.5, p.7, p.13",
    "flag, musician, elite figures and heavy armour only where the entry offers them",
);
pub const ELITE_OVER_MAX: Rule = rule(
    "elite-over-max",
    Severity::Error,
    "p.7; infantry: muster's reading elite-infantry",
    "elite figures are among the unit's figures, at most the entry's maximum",
);
pub const ENTRY_LIMIT: Rule = rule(
    "entry-limit",
    Severity::Error,
    "p.1",
    "at most the entry's number of units in one army",
);
pub const POINTS_OVER_LIMIT: Rule = rule(
    "points-over-limit",
    Severity::Error,
    "p.1",
    "the army costs at most its points",
);
pub const POINTS_UNDER_LIMIT: Rule = rule(
    "points-under-limit",
    Severity::Warning,
    "",
    "an army well under its points (below 90 %) gives the opponent an easy game",
);
pub const BATTERY_ALLOWANCE: Rule = rule(
    "battery-allowance",
    Severity::Error,
    "p.10",
    "the army's list gives the batteries allowed for the game's points",
);
pub const FIRST_BATTERY: Rule = rule(
    "first-battery",
    Severity::Error,
    "p.10",
    "the first battery chosen is light or medium",
);
pub const HEAVY_BATTERY: Rule = rule(
    "heavy-battery",
    Severity::Error,
    "p.10",
    "at most one heavy battery for every two batteries",
);
pub const GRAND_BATTERY: Rule = rule(
    "grand-battery",
    Severity::Error,
    "p.8",
    "a grand battery only where the army allows it, from 2500 points, of two batteries or more",
);
pub const COMMANDER: Rule = rule(
    "commander",
    Severity::Error,
    "p.2",
    "an army has one commander-in-chief",
);
pub const ADC_ALLOWANCE: Rule = rule(
    "adc-allowance",
    Severity::Error,
    "p.2",
    "the commander-in-chief has the aides-de-camp his army's list allows",
);
pub const UNBALANCED: Rule = rule(
    "unbalanced",
    Severity::Error,
    "",
    "two armies facing each other differ by at most 10 %, to help players agree a game (the supplement sets no balance: its lists' values only compare with each other, ACA p.1)",
);

pub const LANG_NOT_OFFERED: Rule = rule(
    "lang-not-offered",
    Severity::Warning,
    "",
    "a list asks for a language its ruleset is printed in",
);

/// Every rule of one list with the check that reports it, in the order they run.
pub const RULES: &[(&Rule, Check)] = &[
    (&LANG_NOT_OFFERED, lang_not_offered),
    (&UNKNOWN_ARMY, unknown_army),
    (&UNKNOWN_ENTRY, unknown_entry),
    (&FIGURES_OUT_OF_RANGE, figures_out_of_range),
    (&GUNS_OUT_OF_RANGE, guns_out_of_range),
    (&CREW_BELOW_MINIMUM, crew_below_minimum),
    (&OPTION_NOT_ALLOWED, option_not_allowed),
    (&ELITE_OVER_MAX, elite_over_max),
    (&ENTRY_LIMIT, entry_limit),
    (&POINTS_OVER_LIMIT, points),
    (&POINTS_UNDER_LIMIT, points),
    (&BATTERY_ALLOWANCE, batteries),
    (&FIRST_BATTERY, batteries),
    (&HEAVY_BATTERY, batteries),
    (&GRAND_BATTERY, grand_battery),
    (&COMMANDER, generals),
    (&ADC_ALLOWANCE, generals),
];

/// Rules over two lists that will face each other (`--against`).
pub const PAIR_RULES: &[&Rule] = &[&UNBALANCED];

/// Every finding of every single-list rule (each check run once).
pub fn validate_list(cx: &ListContext) -> Vec<Diagnostic> {
    let mut checks: Vec<Check> = Vec::new();
    for (_, check) in RULES {
        if !checks.iter().any(|c| std::ptr::fn_addr_eq(*c, *check)) {
            checks.push(*check);
        }
    }
    checks.iter().flat_map(|check| check(cx)).collect()
}

/// Diagnostics about the pair, located in the first list.
pub fn validate_pair(db: &Database, a: &ListCheck, b: &ListCheck, b_name: &str) -> Vec<Diagnostic> {
    balance_diagnostic(
        &UNBALANCED,
        BOOK,
        a,
        b,
        b_name,
        db.rules.balance.tolerance_percent,
    )
    .into_iter()
    .collect()
}

/// A `lang` the supplement is not printed in: its documents fall back to the first language.
fn lang_not_offered(cx: &ListContext) -> Vec<Diagnostic> {
    crate::rulesets::lang_not_offered(&LANG_NOT_OFFERED, BOOK, &super::META, cx.list.list.lang)
        .map(|d| d.at(cx.file, cx.span(&[Seg::Key("list"), Seg::Key("lang")])))
        .into_iter()
        .collect()
}

fn unknown_army(cx: &ListContext) -> Vec<Diagnostic> {
    if cx.army.army.is_some() {
        return Vec::new();
    }
    let id = &cx.list.list.army;
    let known: Vec<&str> = cx.db.armies.ids().collect();
    let mut sorted = known.clone();
    sorted.sort_unstable();
    vec![cx
        .report(
            &UNKNOWN_ARMY,
            &[Seg::Key("list"), Seg::Key("army")],
            format!("unknown army `{id}`"),
        )
        .with_label("no army with this id")
        .with_suggestion(nearest(id, known))
        .with_note(format!("known: {}", sorted.join(", ")))]
}

fn unknown_entry(cx: &ListContext) -> Vec<Diagnostic> {
    let Some(army) = cx.army.army else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (i, unit) in cx.list.units.iter().enumerate() {
        if cx.army.units[i].entry.is_some() {
            if unit.entry.is_some() && unit.general.is_some() {
                out.push(
                    cx.report(
                        &UNKNOWN_ENTRY,
                        &cx.unit_field(i, "general"),
                        format!("unit {} gives both `entry` and `general`", i + 1),
                    )
                    .with_label("give one of them"),
                );
            }
            continue;
        }
        let here: Vec<&str> = army.entries.iter().map(String::as_str).collect();
        let d = match (&unit.entry, &unit.general) {
            (Some(id), _) => {
                let elsewhere = cx
                    .db
                    .entry(id)
                    .map(|e| format!(" (it is an entry of {})", e.army));
                cx.report(
                    &UNKNOWN_ENTRY,
                    &cx.unit_field(i, "entry"),
                    format!(
                        "unit {}: `{id}` is not an entry of {}{}",
                        i + 1,
                        army.header.id,
                        elsewhere.unwrap_or_default()
                    ),
                )
                .with_label("not in this army")
                .with_suggestion(nearest(id, here))
            }
            (None, Some(word)) => {
                let words = cx.db.general_words(army);
                cx.report(
                    &UNKNOWN_ENTRY,
                    &cx.unit_field(i, "general"),
                    format!("unit {}: {} has no general `{word}`", i + 1, army.header.id),
                )
                .with_label("not a general of this army")
                .with_suggestion(nearest(word, words.iter().copied()))
                .with_note(format!("its generals: {}", words.join(", ")))
            }
            (None, None) => cx
                .report(
                    &UNKNOWN_ENTRY,
                    &[Seg::Key("units"), Seg::Index(i)],
                    format!("unit {} has neither `entry` nor `general`", i + 1),
                )
                .with_label("entry = \"<id>\" or general = \"<rank>\""),
        };
        out.push(d);
    }
    out
}

fn figures_out_of_range(cx: &ListContext) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for (unit, entry) in cx.known() {
        let written = cx.list.units[unit.index].figures;
        let (min, max) = (i64::from(entry.figures.min), i64::from(entry.figures.max));
        let what = match entry.kind {
            Kind::Battery => "gunners",
            _ => "figures",
        };
        let message = match (entry.kind, written) {
            (Kind::General, None) => continue,
            (Kind::General, Some(1)) => continue,
            (Kind::General, Some(n)) => {
                format!(
                    "unit {}: a general is one figure, found figures = {n}",
                    unit.index + 1
                )
            }
            (_, None) => format!(
                "unit {}: `{}` needs its {what}: figures = {min} to {max}",
                unit.index + 1,
                entry.id
            ),
            (_, Some(n)) if n < min || n > max => format!(
                "unit {}: `{}` takes {min} to {max} {what}, found {n}",
                unit.index + 1,
                entry.id
            ),
            _ => continue,
        };
        out.push(
            cx.report(
                &FIGURES_OUT_OF_RANGE,
                &cx.unit_field(unit.index, "figures"),
                message,
            )
            .with_label(format!("{min} to {max}")),
        );
    }
    out
}

fn guns_out_of_range(cx: &ListContext) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for (unit, entry) in cx.known() {
        let written = cx.list.units[unit.index].guns;
        if entry.kind != Kind::Battery {
            if written.is_some() {
                out.push(
                    cx.report(
                        &GUNS_OUT_OF_RANGE,
                        &cx.unit_field(unit.index, "guns"),
                        format!(
                            "unit {}: `{}` is not a battery and has no guns",
                            unit.index + 1,
                            entry.id
                        ),
                    )
                    .with_label("only batteries have guns"),
                );
            }
            continue;
        }
        let Some(range) = entry.guns else { continue };
        let n = written.unwrap_or(1);
        if n < i64::from(range.min) || n > i64::from(range.max) {
            out.push(
                cx.report(
                    &GUNS_OUT_OF_RANGE,
                    &cx.unit_field(unit.index, "guns"),
                    format!(
                        "unit {}: `{}` has {} to {} guns, found {n}",
                        unit.index + 1,
                        entry.id,
                        range.min,
                        range.max
                    ),
                )
                .with_label(format!("{} to {}", range.min, range.max)),
            );
        }
    }
    out
}

fn crew_below_minimum(cx: &ListContext) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for (unit, entry) in cx.known() {
        let Some(t) = cx.db.battery_type(entry) else {
            continue;
        };
        let (Some(crew), Some(guns)) = (unit.figures, unit.guns) else {
            continue;
        };
        let needed = i64::from(t.crew).saturating_mul(guns.max(0));
        let in_range = |n: i64, lo: u32, hi: u32| n >= i64::from(lo) && n <= i64::from(hi);
        let guns_ok = entry.guns.is_some_and(|g| in_range(guns, g.min, g.max));
        if in_range(crew, entry.figures.min, entry.figures.max) && guns_ok && crew < needed {
            out.push(
                cx.report(
                    &CREW_BELOW_MINIMUM,
                    &cx.unit_field(unit.index, "figures"),
                    format!(
                        "unit {}: {crew} gunners for {guns} {} pieces, which need {} each ({needed})",
                        unit.index + 1,
                        t.id,
                        t.crew
                    ),
                )
                .with_label(format!("{needed} to serve every gun")),
            );
        }
    }
    out
}

fn option_not_allowed(cx: &ListContext) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for (unit, entry) in cx.known() {
        let u = &cx.list.units[unit.index];
        let asked = [
            (u.flag, UnitOption::Flag, "flag"),
            (u.musician, UnitOption::Musician, "musician"),
            (u.elite != 0, UnitOption::Elite, "elite"),
            (u.heavy_armour, UnitOption::HeavyArmour, "heavy_armour"),
        ];
        for (wanted, option, field) in asked {
            if wanted && !entry.offers(option) {
                let offered: Vec<&str> = entry.options.iter().map(|o| o.as_str()).collect();
                out.push(
                    cx.report(
                        &OPTION_NOT_ALLOWED,
                        &cx.unit_field(unit.index, field),
                        format!(
                            "unit {}: `{}` does not offer {option}",
                            unit.index + 1,
                            entry.id
                        ),
                    )
                    .with_label("not an option of this entry")
                    .with_note(if offered.is_empty() {
                        "it offers no option".to_owned()
                    } else {
                        format!("it offers: {}", offered.join(", "))
                    }),
                );
            }
        }
    }
    out
}

fn elite_over_max(cx: &ListContext) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for (unit, entry) in cx.known() {
        let elite = cx.list.units[unit.index].elite;
        if elite == 0 || !entry.offers(UnitOption::Elite) {
            continue;
        }
        let max = i64::from(entry.max_elite.unwrap_or(0));
        let figures = unit.figures.unwrap_or(0);
        let message = if elite < 0 {
            format!(
                "unit {}: elite must be 0 or more, found {elite}",
                unit.index + 1
            )
        } else if elite > max {
            format!(
                "unit {}: {elite} elite figures, `{}` allows {max} at most",
                unit.index + 1,
                entry.id
            )
        } else if elite > figures {
            format!(
                "unit {}: {elite} elite figures among {figures}: elite figures are part of the unit",
                unit.index + 1
            )
        } else {
            continue;
        };
        out.push(
            cx.report(
                &ELITE_OVER_MAX,
                &cx.unit_field(unit.index, "elite"),
                message,
            )
            .with_label(format!("at most {}", max.min(figures.max(0)))),
        );
    }
    out
}

fn entry_limit(cx: &ListContext) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for (unit, entry) in cx.known() {
        let Some(max) = entry.max_units else { continue };
        let same: Vec<usize> = cx
            .army
            .units
            .iter()
            .filter(|u| u.entry.is_some_and(|e| e.id == entry.id))
            .map(|u| u.index)
            .collect();
        // Reported once, at the first unit over the limit.
        if same.len() > max as usize && same.get(max as usize) == Some(&unit.index) {
            out.push(
                cx.report(
                    &ENTRY_LIMIT,
                    &cx.unit_key(unit.index),
                    format!(
                        "{} unit{} of `{}`; the army allows {max}",
                        same.len(),
                        if same.len() == 1 { "" } else { "s" },
                        entry.id
                    ),
                )
                .with_label(format!("unit {} is one too many", unit.index + 1)),
            );
        }
    }
    out
}

fn points(cx: &ListContext) -> Vec<Diagnostic> {
    let (total, limit) = (cx.army.total, cx.army.limit);
    let at = [Seg::Key("list"), Seg::Key("points")];
    if cx.list.list.points <= 0 {
        return vec![cx
            .report(
                &POINTS_OVER_LIMIT,
                &at,
                format!(
                    "points must be a positive limit, found {}",
                    cx.list.list.points
                ),
            )
            .with_label("e.g. points = 2000")];
    }
    if total > limit {
        return vec![cx
            .report(
                &POINTS_OVER_LIMIT,
                &at,
                format!(
                    "the army costs {total} points, {} over its {limit}",
                    total - limit
                ),
            )
            .with_label(format!("{total} > {limit}"))];
    }
    let under = u64::from(cx.db.rules.balance.under_percent);
    if cx.army.army.is_none() {
        // Nothing of an unknown army could be costed.
        return Vec::new();
    }
    if total.saturating_mul(100) < limit.saturating_mul(under) {
        return vec![cx
            .report(
                &POINTS_UNDER_LIMIT,
                &at,
                format!(
                    "the army costs {total} of its {limit} points ({:.0} %)",
                    total as f64 * 100.0 / limit as f64
                ),
            )
            .with_label(format!("under {under} %"))];
    }
    Vec::new()
}

/// The batteries: how many the points allow, the first light or medium, at most one heavy
/// for two (ACA p.10, reading heavy-batteries).
fn batteries(cx: &ListContext) -> Vec<Diagnostic> {
    let Some(army) = cx.army.army else {
        return Vec::new();
    };
    let list: Vec<(&Unit, &BatteryType)> = cx
        .known()
        .filter_map(|(u, e)| cx.db.battery_type(e).map(|t| (u, t)))
        .collect();
    let mut out = Vec::new();
    let points = cx.army.limit;
    if let Some(band) = cx.db.battery_allowance(army, points) {
        let allowed = band.batteries as usize;
        if list.len() > allowed {
            let (extra, _) = list[allowed];
            let band_text = match band.up_to {
                Some(u) => format!("up to {u} points"),
                None => "above its last band".to_owned(),
            };
            out.push(
                cx.report(
                    &BATTERY_ALLOWANCE,
                    &cx.unit_key(extra.index),
                    format!(
                        "{} batteries; {} allows {allowed} at {points} points ({band_text})",
                        list.len(),
                        army.header.id
                    ),
                )
                .with_label(format!("battery {} is one too many", allowed + 1)),
            );
        }
    }
    if let Some((first, t)) = list.first() {
        if t.heavy || t.roundshot.is_none() {
            out.push(
                cx.report(
                    &FIRST_BATTERY,
                    &cx.unit_key(first.index),
                    format!(
                        "the first battery of the list is {}; it must be light or medium",
                        t.id
                    ),
                )
                .with_label("put a light or medium battery first"),
            );
        }
    }
    let heavy: Vec<&Unit> = list
        .iter()
        .filter(|(_, t)| t.heavy)
        .map(|(u, _)| *u)
        .collect();
    let allowed = list.len() / 2;
    if heavy.len() > allowed {
        let extra = heavy[allowed];
        out.push(
            cx.report(
                &HEAVY_BATTERY,
                &cx.unit_key(extra.index),
                format!(
                    "{} heavy batteries among {}; at most {allowed} (one for every two)",
                    heavy.len(),
                    list.len()
                ),
            )
            .with_label("one heavy battery too many"),
        );
    }
    out
}

fn grand_battery(cx: &ListContext) -> Vec<Diagnostic> {
    if !cx.list.list.grand_battery {
        return Vec::new();
    }
    let Some(army) = cx.army.army else {
        return Vec::new();
    };
    let at = [Seg::Key("list"), Seg::Key("grand_battery")];
    let min = u64::from(cx.db.artillery.grand_battery.min_points);
    let batteries = cx.known().filter(|(_, e)| e.kind == Kind::Battery).count();
    let problem = if !army.header.artillery.grand_battery {
        Some(format!("{} may not group its batteries", army.header.id))
    } else if cx.army.limit < min {
        Some(format!(
            "grand batteries are allowed from {min} points; this army has {}",
            cx.army.limit
        ))
    } else if batteries < 2 {
        Some(format!(
            "a grand battery groups two batteries or more; the list has {batteries}"
        ))
    } else {
        None
    };
    problem
        .map(|p| {
            cx.report(&GRAND_BATTERY, &at, p)
                .with_label("no grand battery here")
        })
        .into_iter()
        .collect()
}

fn generals(cx: &ListContext) -> Vec<Diagnostic> {
    let Some(army) = cx.army.army else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let commanders: Vec<&Unit> = cx
        .known()
        .filter(|(_, e)| e.role == Some(Role::Commander))
        .map(|(u, _)| u)
        .collect();
    match commanders.as_slice() {
        // An empty list is a list being started, not one without a commander.
        [] if cx.list.units.is_empty() => {}
        [] => out.push(
            cx.report(
                &COMMANDER,
                &[Seg::Key("list"), Seg::Key("army")],
                "the army has no commander-in-chief".into(),
            )
            .with_label("add general = \"brigade\", \"division\" or \"corps\"")
            .with_note(format!(
                "its generals: {}",
                cx.db.general_words(army).join(", ")
            )),
        ),
        [_] => {}
        [_, second, ..] => out.push(
            cx.report(
                &COMMANDER,
                &cx.unit_key(second.index),
                format!("{} commanders-in-chief; an army has one", commanders.len()),
            )
            .with_label("a second commander-in-chief"),
        ),
    }
    let adcs: Vec<&Unit> = cx
        .known()
        .filter(|(_, e)| e.role == Some(Role::Adc))
        .map(|(u, _)| u)
        .collect();
    let allowed = army.header.adcs as usize;
    if adcs.len() > allowed {
        out.push(
            cx.report(
                &ADC_ALLOWANCE,
                &cx.unit_key(adcs[allowed].index),
                format!(
                    "{} aides-de-camp; {} allows {allowed}",
                    adcs.len(),
                    army.header.id
                ),
            )
            .with_label("one aide-de-camp too many"),
        );
    }
    out
}
