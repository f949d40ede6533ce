//! Checking an order of battle: brigades with their commanders, units of the data in them,
//! and the points when the list sets a limit.

use serde_json::json;

use super::data::Database;
use super::model::*;
use crate::core::diagnostic::{self, Diagnostic, Severity};
use crate::core::rule::Rule;
use crate::core::source::{FileId, Seg, Sources, SpanIndex};
use crate::core::suggest::nearest;
use crate::rulesets::{ListCheck, Ruleset, UnitRow};

const BOOK: &str = "HM,";

/// A commander's rating: 2D6 at or under it, so 2 to 12 (the engine's limit for previews).
pub const RATING: std::ops::RangeInclusive<i64> = 2..=12;

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

pub const UNKNOWN_UNIT: Rule = rule(
    "unknown-unit",
    Severity::Error,
    "",
    "each unit is a unit type of the data",
);
pub const UNKNOWN_BRIGADE: Rule = rule(
    "unknown-brigade",
    Severity::Error,
    "",
    "each unit belongs to a brigade of the list (orders of battle group units under a commander, whose rating the command test reads)",
);
pub const UNKNOWN_SIZE: Rule = rule(
    "unknown-size",
    Severity::Error,
    "Tirs, Modificateurs liés à la taille de l'unité",
    "a unit's size is standard, large, small or reduced",
);
pub const EMPTY_BRIGADE: Rule = rule(
    "empty-brigade",
    Severity::Warning,
    "",
    "a brigade commands units (one without any is likely a slip)",
);
pub const DUPLICATE_BRIGADE: Rule = rule(
    "duplicate-brigade",
    Severity::Error,
    "",
    "each brigade has its own id",
);
pub const RATING_OUT_OF_RANGE: Rule = rule(
    "rating-out-of-range",
    Severity::Error,
    "",
    "a commander's rating is from 2 to 12: an order passes on 2D6 at or under it, so beyond those the dice would not matter",
);
pub const POINTS_OVER_LIMIT: Rule = rule(
    "points-over-limit",
    Severity::Error,
    "",
    "with a points limit, the order of battle costs at most its points",
);
pub const UNPRICED: Rule = rule(
    "unpriced-unit",
    Severity::Warning,
    "",
    "with a points limit, every unit type has points",
);
pub const LANG_NOT_OFFERED: Rule = rule(
    "lang-not-offered",
    Severity::Warning,
    "",
    "a list asks for a language its ruleset is printed in",
);

/// Every rule of an order of battle.
pub const RULES: &[&Rule] = &[
    &UNKNOWN_UNIT,
    &UNKNOWN_BRIGADE,
    &UNKNOWN_SIZE,
    &EMPTY_BRIGADE,
    &DUPLICATE_BRIGADE,
    &RATING_OUT_OF_RANGE,
    &POINTS_OVER_LIMIT,
    &UNPRICED,
    &LANG_NOT_OFFERED,
];

pub fn parse_file(sources: &Sources, file: FileId) -> Result<(ListFile, SpanIndex), Diagnostic> {
    crate::rulesets::list_doc::parse_list(sources, file, |l: &ListFile| l.units.len())
}

pub fn check_file(db: &Database, sources: &Sources, file: FileId) -> Result<ListCheck, Diagnostic> {
    let (list, spans) = parse_file(sources, file)?;
    let at = |path: &[Seg]| spans.span(path);
    let mut d: Vec<Diagnostic> =
        crate::rulesets::lang_not_offered(&LANG_NOT_OFFERED, BOOK, &super::META, list.list.lang)
            .map(|x| x.at(file, at(&[Seg::Key("list"), Seg::Key("lang")])))
            .into_iter()
            .collect();
    let unit_at = |i: usize, key: &'static str| {
        spans
            .span(&[Seg::Key("units"), Seg::Index(i), Seg::Key(key)])
            .or_else(|| spans.span(&[Seg::Key("units"), Seg::Index(i)]))
    };
    for (i, b) in list.brigade.iter().enumerate() {
        if list.brigade[..i].iter().any(|x| x.id == b.id) {
            d.push(
                DUPLICATE_BRIGADE
                    .diagnostic(BOOK, format!("brigade `{}` is declared twice", b.id))
                    .at(
                        file,
                        at(&[Seg::Key("brigade"), Seg::Index(i), Seg::Key("id")]),
                    ),
            );
        }
        if !RATING.contains(&b.rating) {
            d.push(
                RATING_OUT_OF_RANGE
                    .diagnostic(
                        BOOK,
                        format!(
                            "{}'s rating must be from {} to {}, found {}",
                            b.commander,
                            RATING.start(),
                            RATING.end(),
                            b.rating
                        ),
                    )
                    .at(
                        file,
                        at(&[Seg::Key("brigade"), Seg::Index(i), Seg::Key("rating")]),
                    )
                    .with_label(format!("{} to {}", RATING.start(), RATING.end())),
            );
        }
        if !list.units.iter().any(|u| u.brigade == b.id) {
            d.push(
                EMPTY_BRIGADE
                    .diagnostic(BOOK, format!("brigade `{}` has no unit", b.id))
                    .at(
                        file,
                        at(&[Seg::Key("brigade"), Seg::Index(i), Seg::Key("id")]),
                    ),
            );
        }
    }
    let brigades: Vec<&str> = list.brigade.iter().map(|b| b.id.as_str()).collect();
    let mut rows = Vec::new();
    let mut total = 0u64;
    let mut unpriced = Vec::new();
    for (i, u) in list.units.iter().enumerate() {
        let t = db.units.get(&u.unit);
        if t.is_none() {
            d.push(
                UNKNOWN_UNIT
                    .diagnostic(
                        BOOK,
                        format!("unit {}: unknown unit type `{}`", i + 1, u.unit),
                    )
                    .at(file, unit_at(i, "unit"))
                    .with_label("not in units.toml")
                    .with_suggestion(nearest(&u.unit, db.units.ids())),
            );
        }
        if !brigades.contains(&u.brigade.as_str()) {
            d.push(
                UNKNOWN_BRIGADE
                    .diagnostic(
                        BOOK,
                        format!("unit {}: no brigade `{}` in the list", i + 1, u.brigade),
                    )
                    .at(file, unit_at(i, "brigade"))
                    .with_label("declare it with [[brigade]]")
                    .with_suggestion(nearest(&u.brigade, brigades.iter().copied())),
            );
        }
        if let Some(s) = &u.size {
            if db.size(s).is_none() {
                let known: Vec<&str> = db.rules.size.iter().map(|x| x.id.as_str()).collect();
                d.push(
                    UNKNOWN_SIZE
                        .diagnostic(BOOK, format!("unit {}: unknown size `{s}`", i + 1))
                        .at(file, unit_at(i, "size"))
                        .with_note(format!("sizes: {}", known.join(", "))),
                );
            }
        }
        let cost = t.and_then(|t| t.points).map(u64::from);
        if t.is_some() && cost.is_none() {
            unpriced.push(i);
        }
        total += cost.unwrap_or(0);
        // Named in the list's language (its documents' until they say another).
        let lang = list
            .list
            .lang
            .filter(|l| super::META.languages.contains(l))
            .unwrap_or(super::META.languages[0]);
        let label = u
            .label
            .clone()
            .or_else(|| t.map(|t| t.name.get(lang).to_owned()))
            .unwrap_or_else(|| u.unit.clone());
        let brigade = list.brigade.iter().find(|b| b.id == u.brigade);
        rows.push(UnitRow {
            id: u.unit.clone(),
            label: label.clone(),
            own_label: u.label.is_some(),
            names: t.map(|t| t.name.by_lang()).unwrap_or_default(),
            figures: None,
            cost: cost.unwrap_or(0),
            extras: std::iter::once(crate::rulesets::Extra {
                id: u.brigade.clone(),
                name: brigade.map_or_else(|| u.brigade.clone(), |b| b.name.clone()),
                names: Default::default(),
                cost: 0,
                free: false,
                count: None,
            })
            .chain(u.size.iter().map(|s| crate::rulesets::Extra {
                id: s.clone(),
                name: db
                    .size(s)
                    .map_or_else(|| s.clone(), |x| x.name.get(lang).to_owned()),
                names: db.size(s).map(|x| x.name.by_lang()).unwrap_or_default(),
                cost: 0,
                free: false,
                count: None,
            }))
            .collect(),
            json: json!({
                "unit": u.unit,
                "label": label,
                "brigade": u.brigade,
                "brigade_name": brigade.map(|b| b.name.clone()),
                "commander": brigade.map(|b| b.commander.clone()),
                "rating": brigade.map(|b| b.rating),
                "size": u.size.clone().or_else(|| t.map(|t| t.size.clone())),
                "cost": cost,
                "provenance": t.map(|t| db.provenance(&t.id)),
            }),
            priced: u.priced.clone(),
        });
    }
    let limit = list.list.points.unwrap_or(0).max(0) as u64;
    if list.list.points.is_some() {
        let here = at(&[Seg::Key("list"), Seg::Key("points")]);
        if total > limit {
            d.push(
                POINTS_OVER_LIMIT
                    .diagnostic(
                        BOOK,
                        format!(
                            "the order of battle costs {total} points, {} over its {limit}",
                            total - limit
                        ),
                    )
                    .at(file, here.clone()),
            );
        }
        for i in unpriced {
            d.push(
                UNPRICED
                    .diagnostic(
                        BOOK,
                        format!(
                            "unit {}: `{}` has no points; it counts 0",
                            i + 1,
                            list.units[i].unit
                        ),
                    )
                    .at(file, unit_at(i, "unit")),
            );
        }
    }
    diagnostic::sort(&mut d);
    Ok(ListCheck {
        ruleset: Ruleset::of(&super::META),
        file,
        name: list.list.name.clone(),
        lang: list.list.lang,
        description: format!(
            "{} brigade{}, {} unit{}",
            list.brigade.len(),
            if list.brigade.len() == 1 { "" } else { "s" },
            list.units.len(),
            if list.units.len() == 1 { "" } else { "s" }
        ),
        description_names: Default::default(),
        total,
        limit,
        units: rows,
        diagnostics: d,
        side: None,
        spans,
    })
}
