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
use crate::core::words::{Named, Phrase};
use crate::rulesets::list_rules::{first_line, rule};
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
        first_line(self.spans, path)
    }

    fn report(&self, rule: &Rule, path: &[Seg], message: Phrase) -> Diagnostic {
        rule.say(BOOK, message).at(self.file, self.span(path))
    }

    /// "unit 3, Hussar regiment": the unit's number in the list and its entry's name, or its
    /// number alone when its entry is not of the army.
    fn unit(&self, i: usize) -> Phrase {
        match self.army.units.get(i).and_then(|u| u.entry) {
            Some(e) => unit_named(i, &e.name),
            None => Phrase::new("unit", "unit {n}").count("n", i + 1),
        }
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

/// A name of the data in each language it is written in.
pub fn named(names: &Names) -> Named {
    Named::new(
        names.get(Lang::En),
        Some(names.get(Lang::Fr).to_owned()),
        Some(names.get(Lang::Es).to_owned()),
    )
}

/// "unit 3, Hussar regiment": a unit by its number in the list and its entry's name.
fn unit_named(i: usize, name: &Names) -> Phrase {
    Phrase::new("unit-named", "unit {n} ({name})")
        .count("n", i + 1)
        .name("name", named(name))
}

/// Words of the file, said as written, one after the other: "brigade, division, corps".
fn written(words: &[&str]) -> String {
    words.join(", ")
}

/// An entry's options in the language, one after the other ("flag, musician").
fn options_said(options: &[UnitOption]) -> Option<Phrase> {
    let (last, rest) = options.split_last()?;
    let word = |o: &UnitOption| {
        let en = match o {
            UnitOption::HeavyArmour => "heavy armour",
            other => other.as_str(),
        };
        (format!("sheet_value_options_{}", o.as_str()), en)
    };
    let (key, en) = word(last);
    let mut said = Phrase::new("option", "{o}").label("o", key, en);
    for o in rest.iter().rev() {
        let (key, en) = word(o);
        said = Phrase::new("options", "{o}, {more}")
            .label("o", key, en)
            .phrase("more", said);
    }
    Some(said)
}

/// A count of points as a sentence says it: a total that overflowed is said as the largest
/// count, and what is subtracted from it is subtracted from that.
fn said(points: u64) -> i64 {
    i64::try_from(points).unwrap_or(i64::MAX)
}

/// "12 to 30": the range a value of the list must be in.
fn range(min: impl TryInto<i64>, max: impl TryInto<i64>) -> Phrase {
    Phrase::new("range", "{min} to {max}")
        .count("min", min)
        .count("max", max)
}

pub const UNKNOWN_ARMY: Rule = rule(
    "unknown-army",
    Severity::Error,
    "p.1",
    "a list is drawn from one army of the data (`muster sheets --ruleset wab-aca`)",
);
pub const UNKNOWN_HOUSE_RULE: Rule = rule(
    "unknown-house-rule",
    Severity::Error,
    "",
    "a list turns on only the house rules the data declare (`[[house_rule]]` in rules.toml)",
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
    "p.7",
    "elite figures are among the unit's figures, at most the entry's maximum (for infantry, muster's reading elite-infantry)",
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

/// Every rule of one list with the check that reports it, in the order they run.
pub const RULES: &[(&Rule, Check)] = &[
    (&UNKNOWN_ARMY, unknown_army),
    (&UNKNOWN_HOUSE_RULE, unknown_house_rule),
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
            Phrase::new("unknown-army", "unknown army `{army}`").text("army", id),
        )
        .with_label_said(Phrase::new("unknown-army-label", "no army with this id"))
        .with_suggestion(nearest(id, known))
        .with_note_said(Phrase::new("armies", "armies: {ids}").text("ids", written(&sorted)))]
}

fn unknown_house_rule(cx: &ListContext) -> Vec<Diagnostic> {
    let known: Vec<&str> = cx
        .db
        .rules
        .house_rule
        .iter()
        .map(|h| h.id.as_str())
        .collect();
    cx.list
        .list
        .house_rules
        .iter()
        .enumerate()
        .filter(|(_, id)| !known.contains(&id.as_str()))
        .map(|(i, id)| {
            cx.report(
                &UNKNOWN_HOUSE_RULE,
                &[Seg::Key("list"), Seg::Key("house_rules"), Seg::Index(i)],
                Phrase::new("unknown-house-rule", "unknown house rule `{id}`").text("id", id),
            )
            .with_label_said(Phrase::new(
                "unknown-house-rule-label",
                "no house rule with this id",
            ))
            .with_suggestion(nearest(id, known.iter().copied()))
            .with_note_said(
                Phrase::new("house-rules", "house rules: {ids}").text("ids", written(&known)),
            )
        })
        .collect()
}

fn unknown_entry(cx: &ListContext) -> Vec<Diagnostic> {
    let Some(army) = cx.army.army else {
        return Vec::new();
    };
    let not_here = || Phrase::new("not-in-army", "not in this army");
    let mut out = Vec::new();
    for (i, unit) in cx.list.units.iter().enumerate() {
        if cx.army.units[i].entry.is_some() {
            if unit.entry.is_some() && unit.general.is_some() {
                out.push(
                    cx.report(
                        &UNKNOWN_ENTRY,
                        &cx.unit_field(i, "general"),
                        Phrase::new(
                            "entry-and-general",
                            "{unit} gives both `entry` and `general`",
                        )
                        .phrase("unit", cx.unit(i)),
                    )
                    .with_label_said(Phrase::new("give-one", "give one of them")),
                );
            }
            continue;
        }
        let here: Vec<&str> = army.entries.iter().map(String::as_str).collect();
        let d = match (&unit.entry, &unit.general) {
            (Some(id), _) => {
                let message = match cx.db.entry(id) {
                    Some(e) => Phrase::new(
                        "entry-of-other-army",
                        "{unit}: {entry} is an entry of {other}, not of {army}",
                    )
                    .phrase("unit", cx.unit(i))
                    .name("entry", named(&e.name))
                    .name(
                        "other",
                        cx.db
                            .army(&e.army)
                            .map_or_else(|| Named::same(&e.army), |a| named(&a.header.name)),
                    )
                    .name("army", named(&army.header.name)),
                    None => {
                        Phrase::new("unknown-entry", "{unit}: `{id}` is not an entry of {army}")
                            .phrase("unit", cx.unit(i))
                            .text("id", id)
                            .name("army", named(&army.header.name))
                    }
                };
                cx.report(&UNKNOWN_ENTRY, &cx.unit_field(i, "entry"), message)
                    .with_label_said(not_here())
                    .with_suggestion(nearest(id, here))
            }
            (None, Some(word)) => {
                let words = cx.db.general_words(army);
                cx.report(
                    &UNKNOWN_ENTRY,
                    &cx.unit_field(i, "general"),
                    Phrase::new("no-such-general", "{unit}: no general `{word}` in {army}")
                        .phrase("unit", cx.unit(i))
                        .text("word", word)
                        .name("army", named(&army.header.name)),
                )
                .with_label_said(Phrase::new("not-a-general", "not a general of this army"))
                .with_suggestion(nearest(word, words.iter().copied()))
                .with_note_said(generals_note(&words))
            }
            (None, None) => cx
                .report(
                    &UNKNOWN_ENTRY,
                    &[Seg::Key("units"), Seg::Index(i)],
                    Phrase::new(
                        "neither-entry-nor-general",
                        "{unit} has neither `entry` nor `general`",
                    )
                    .phrase("unit", cx.unit(i)),
                )
                .with_label_said(Phrase::new(
                    "entry-or-general",
                    "entry = \"<id>\" or general = \"<rank>\"",
                )),
        };
        out.push(d);
    }
    out
}

/// "its generals: brigade, division, …": what `general =` takes in this army.
fn generals_note(words: &[&str]) -> Phrase {
    Phrase::new("its-generals", "its generals: {words}").text("words", written(words))
}

fn figures_out_of_range(cx: &ListContext) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for (unit, entry) in cx.known() {
        let written = cx.list.units[unit.index].figures;
        let (min, max) = (i64::from(entry.figures.min), i64::from(entry.figures.max));
        let battery = entry.kind == Kind::Battery;
        let who = cx.unit(unit.index);
        let (message, label) = match (entry.kind, written) {
            (Kind::General, None) => continue,
            (Kind::General, Some(1)) => continue,
            (Kind::General, Some(n)) => (
                Phrase::new(
                    "general-one-figure",
                    "{unit}: a general is one figure, found figures = {n}",
                )
                .phrase("unit", who)
                .count("n", n),
                Phrase::new("one-figure", "one figure"),
            ),
            (_, None) if battery => (
                Phrase::new(
                    "gunners-missing",
                    "{unit}: needs its gunners: figures = {min} to {max}",
                )
                .phrase("unit", who)
                .count("min", min)
                .count("max", max),
                range(min, max),
            ),
            (_, None) => (
                Phrase::new(
                    "figures-missing",
                    "{unit}: needs its figures: figures = {min} to {max}",
                )
                .phrase("unit", who)
                .count("min", min)
                .count("max", max),
                range(min, max),
            ),
            (_, Some(n)) if n < min || n > max => {
                let message = if battery {
                    Phrase::new(
                        "gunners-range",
                        "{unit}: takes {min} to {max|# gunner|# gunners}, found {n}",
                    )
                } else {
                    Phrase::new(
                        "figures-range",
                        "{unit}: takes {min} to {max|# figure|# figures}, found {n}",
                    )
                };
                (
                    message
                        .phrase("unit", who)
                        .count("min", min)
                        .count("max", max)
                        .count("n", n),
                    range(min, max),
                )
            }
            _ => continue,
        };
        out.push(
            cx.report(
                &FIGURES_OUT_OF_RANGE,
                &cx.unit_field(unit.index, "figures"),
                message,
            )
            .with_label_said(label),
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
                        Phrase::new("not-a-battery", "{unit}: not a battery, it has no guns")
                            .phrase("unit", cx.unit(unit.index)),
                    )
                    .with_label_said(Phrase::new("only-batteries", "only batteries have guns")),
                );
            }
            continue;
        }
        let Some(r) = entry.guns else { continue };
        let n = written.unwrap_or(1);
        if n < i64::from(r.min) || n > i64::from(r.max) {
            out.push(
                cx.report(
                    &GUNS_OUT_OF_RANGE,
                    &cx.unit_field(unit.index, "guns"),
                    Phrase::new(
                        "guns-range",
                        "{unit}: takes {min} to {max|# gun|# guns}, found {n}",
                    )
                    .phrase("unit", cx.unit(unit.index))
                    .count("min", r.min)
                    .count("max", r.max)
                    .count("n", n),
                )
                .with_label_said(range(r.min, r.max)),
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
                    Phrase::new(
                        "crew-below-minimum",
                        "{unit}: {crew|# gunner|# gunners} for {guns|# gun, which needs|# guns, which need} {needed} ({each} a gun)",
                    )
                    .phrase("unit", cx.unit(unit.index))
                    .count("crew", crew)
                    .count("guns", guns)
                    .count("needed", needed)
                    .count("each", t.crew),
                )
                .with_label_said(
                    Phrase::new("to-serve-every-gun", "{needed} to serve every gun")
                        .count("needed", needed),
                ),
            );
        }
    }
    out
}

/// The message of an option the entry does not offer.
fn option_refused(option: UnitOption) -> Phrase {
    match option {
        UnitOption::Flag => Phrase::new("no-flag", "{unit}: its entry offers no flag"),
        UnitOption::Musician => Phrase::new("no-musician", "{unit}: its entry offers no musician"),
        UnitOption::Elite => Phrase::new("no-elite", "{unit}: its entry offers no elite figures"),
        UnitOption::HeavyArmour => Phrase::new(
            "no-heavy-armour",
            "{unit}: its entry offers no heavy armour",
        ),
    }
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
                let offered = match options_said(&entry.options) {
                    Some(o) => {
                        Phrase::new("it-offers", "it offers: {options}").phrase("options", o)
                    }
                    None => Phrase::new("it-offers-none", "it offers no option"),
                };
                out.push(
                    cx.report(
                        &OPTION_NOT_ALLOWED,
                        &cx.unit_field(unit.index, field),
                        option_refused(option).phrase("unit", cx.unit(unit.index)),
                    )
                    .with_label_said(Phrase::new("not-an-option", "not an option of this entry"))
                    .with_note_said(offered),
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
            Phrase::new(
                "elite-negative",
                "{unit}: elite must be 0 or more, found {n}",
            )
            .count("n", elite)
        } else if elite > max {
            Phrase::new(
                "elite-over-entry",
                "{unit}: {n|# elite figure|# elite figures}; its entry allows {max} at most",
            )
            .count("n", elite)
            .count("max", max)
        } else if elite > figures {
            Phrase::new(
                "elite-over-figures",
                "{unit}: {n|# elite figure|# elite figures} among {figures|# figure|# figures}: elite figures are part of the unit",
            )
            .count("n", elite)
            .count("figures", figures)
        } else {
            continue;
        };
        out.push(
            cx.report(
                &ELITE_OVER_MAX,
                &cx.unit_field(unit.index, "elite"),
                message.phrase("unit", cx.unit(unit.index)),
            )
            .with_label_said(at_most(max.min(figures.max(0)))),
        );
    }
    out
}

/// "at most 8".
fn at_most(n: i64) -> Phrase {
    Phrase::new("at-most", "at most {n}").count("n", n)
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
                    Phrase::new(
                        "entry-limit",
                        "{n|# unit|# units} of {entry}; the army allows {max}",
                    )
                    .count("n", same.len())
                    .name("entry", named(&entry.name))
                    .count("max", max),
                )
                .with_label_said(
                    Phrase::new("unit-too-many", "unit {n} is one too many")
                        .count("n", unit.index + 1),
                ),
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
                Phrase::new(
                    "points-positive",
                    "points must be a positive limit, found {n}",
                )
                .count("n", cx.list.list.points),
            )
            .with_label_said(Phrase::new("points-example", "e.g. points = 2000"))];
    }
    if total > limit {
        return vec![cx
            .report(
                &POINTS_OVER_LIMIT,
                &at,
                Phrase::new(
                    "army-over-points",
                    "the army costs {total|# point|# points}, {over} over its {limit}",
                )
                .count("total", said(total))
                .count("over", said(total) - said(limit))
                .count("limit", said(limit)),
            )
            .with_label_said(
                Phrase::new("more-than", "{a} > {b}")
                    .count("a", said(total))
                    .count("b", said(limit)),
            )];
    }
    let under = u64::from(cx.db.rules.balance.under_percent);
    if cx.army.army.is_none() {
        // Nothing of an unknown army could be costed.
        return Vec::new();
    }
    if total.saturating_mul(100) < limit.saturating_mul(under) {
        let percent = (total as f64 * 100.0 / limit as f64).round() as i64;
        return vec![cx
            .report(
                &POINTS_UNDER_LIMIT,
                &at,
                Phrase::new(
                    "army-under-points",
                    "the army costs {total} of its {limit|# point|# points} ({percent} %)",
                )
                .count("total", total)
                .count("limit", limit)
                .count("percent", percent),
            )
            .with_label_said(Phrase::new("under-percent", "under {p} %").count("p", under))];
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
            let band_said = match band.up_to {
                Some(u) => Phrase::new("band-up-to", "up to {u|# point|# points}").count("u", u),
                None => Phrase::new("band-above", "above its last band"),
            };
            out.push(
                cx.report(
                    &BATTERY_ALLOWANCE,
                    &cx.unit_key(extra.index),
                    Phrase::new(
                        "battery-allowance",
                        "{n|# battery|# batteries}; the army allows {allowed} at {points|# point|# points} ({band})",
                    )
                    .count("n", list.len())
                    .count("allowed", allowed)
                    .count("points", points)
                    .phrase("band", band_said),
                )
                .with_label_said(
                    Phrase::new("battery-too-many", "battery {n} is one too many")
                        .count("n", allowed + 1),
                ),
            );
        }
    }
    if let Some((first, t)) = list.first() {
        if t.heavy || t.roundshot.is_none() {
            let message = if t.heavy {
                Phrase::new(
                    "first-battery-heavy",
                    "{unit}: the first battery of the list is heavy; it must be light or medium",
                )
            } else {
                Phrase::new(
                    "first-battery-howitzers",
                    "{unit}: the first battery of the list is of howitzers; it must be light or medium",
                )
            };
            out.push(
                cx.report(
                    &FIRST_BATTERY,
                    &cx.unit_key(first.index),
                    message.phrase("unit", cx.unit(first.index)),
                )
                .with_label_said(Phrase::new(
                    "light-or-medium-first",
                    "put a light or medium battery first",
                )),
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
                Phrase::new(
                    "heavy-battery",
                    "{n|# heavy battery|# heavy batteries} among {all}; at most {max} (one for every two)",
                )
                .count("n", heavy.len())
                .count("all", list.len())
                .count("max", allowed),
            )
            .with_label_said(Phrase::new(
                "heavy-battery-too-many",
                "one heavy battery too many",
            )),
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
        Some(
            Phrase::new("grand-battery-army", "{army} may not group its batteries")
                .name("army", named(&army.header.name)),
        )
    } else if cx.army.limit < min {
        Some(
            Phrase::new(
                "grand-battery-points",
                "grand batteries are allowed from {min|# point|# points}; this army has {points}",
            )
            .count("min", min)
            .count("points", cx.army.limit),
        )
    } else if batteries < 2 {
        Some(
            Phrase::new(
                "grand-battery-count",
                "a grand battery groups two batteries or more; the list has {n}",
            )
            .count("n", batteries),
        )
    } else {
        None
    };
    problem
        .map(|p| {
            cx.report(&GRAND_BATTERY, &at, p)
                .with_label_said(Phrase::new("no-grand-battery", "no grand battery here"))
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
                Phrase::new("no-commander", "the army has no commander-in-chief"),
            )
            .with_label_said(Phrase::new(
                "add-commander",
                "add general = \"brigade\", \"division\" or \"corps\"",
            ))
            .with_note_said(generals_note(&cx.db.general_words(army))),
        ),
        [_] => {}
        [_, second, ..] => out.push(
            cx.report(
                &COMMANDER,
                &cx.unit_key(second.index),
                Phrase::new(
                    "commanders",
                    "{n|# commander-in-chief|# commanders-in-chief}; an army has one",
                )
                .count("n", commanders.len()),
            )
            .with_label_said(Phrase::new(
                "second-commander",
                "a second commander-in-chief",
            )),
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
                Phrase::new(
                    "adc-allowance",
                    "{n|# aide-de-camp|# aides-de-camp}; the army allows {allowed}",
                )
                .count("n", adcs.len())
                .count("allowed", allowed),
            )
            .with_label_said(Phrase::new("adc-too-many", "one aide-de-camp too many")),
        );
    }
    out
}
