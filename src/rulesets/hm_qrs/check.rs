//! Checking an order of battle: brigades with their commanders, units of the data in them,
//! and the points when the list sets a limit.

use serde_json::json;

use super::database::Database;
use super::list::ListFile;
use super::model::*;
use crate::core::diagnostic::{self, Diagnostic, Severity, Span};
use crate::core::rule::Rule;
use crate::core::source::Seg;
use crate::core::suggest::nearest;
use crate::core::words::{Named, Phrase};
use crate::rulesets::checking::Parsed;
use crate::rulesets::list_rules::rule;
use crate::rulesets::{ListCheck, Ruleset, UnitRow};

const BOOK: &str = "HM,";

/// A commander's rating: 2D6 at or under it, so 2 to 12 (the engine's limit for previews).
pub const RATING: std::ops::RangeInclusive<i64> = 2..=12;

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

/// A name of the data in its two languages.
fn named(name: &FrEn) -> Named {
    Named::new(&name.en, Some(name.fr.clone()), None)
}

/// "unit 2, Line infantry": a unit by its number in the list and its type's name, or its
/// number alone when its type is not of the data.
fn unit_said(i: usize, t: Option<&Unit>) -> Phrase {
    match t {
        Some(t) => Phrase::new("unit-named", "unit {n} ({name})")
            .count("n", i + 1)
            .name("name", named(&t.name)),
        None => Phrase::new("unit", "unit {n}").count("n", i + 1),
    }
}

/// A count of points as a sentence says it: a total that overflowed is said as the largest
/// count, and what is subtracted from it is subtracted from that.
fn said(points: u64) -> i64 {
    i64::try_from(points).unwrap_or(i64::MAX)
}

/// Checks the list `parsed`.
pub fn check_list(ruleset: Ruleset, db: &Database, parsed: Parsed<ListFile>) -> ListCheck {
    let Parsed { list, spans, file } = parsed;
    let at = |path: &[Seg]| spans.span(path);
    let mut d: Vec<Diagnostic> =
        crate::rulesets::lang_not_offered(&LANG_NOT_OFFERED, BOOK, ruleset.meta(), list.list.lang)
            .map(|x| x.at(file, at(&[Seg::Key("list"), Seg::Key("lang")])))
            .into_iter()
            .collect();
    let unit_at = |i: usize, key: &'static str| {
        spans
            .span(&[Seg::Key("units"), Seg::Index(i), Seg::Key(key)])
            .or_else(|| spans.span(&[Seg::Key("units"), Seg::Index(i)]))
    };
    for (i, b) in list.brigade.iter().enumerate() {
        let id_at = |k: usize| at(&[Seg::Key("brigade"), Seg::Index(k), Seg::Key("id")]);
        if let Some(first) = list.brigade[..i].iter().position(|x| x.id == b.id) {
            let mut x = DUPLICATE_BRIGADE
                .say(
                    BOOK,
                    Phrase::new("duplicate-brigade", "brigade `{id}` is declared twice")
                        .text("id", &b.id),
                )
                .at(file, id_at(i))
                .with_label_said(Phrase::new("declared-again", "declared again here"));
            if let Some(range) = id_at(first) {
                x = x.with_related_said(
                    Span { file, range },
                    Phrase::new("first-declared", "first declared here"),
                );
            }
            d.push(x);
        }
        if !RATING.contains(&b.rating) {
            d.push(
                RATING_OUT_OF_RANGE
                    .say(
                        BOOK,
                        Phrase::new(
                            "rating-out-of-range",
                            "{commander}'s rating must be from {min} to {max}, found {n}",
                        )
                        .text("commander", &b.commander)
                        .count("min", *RATING.start())
                        .count("max", *RATING.end())
                        .count("n", b.rating),
                    )
                    .at(
                        file,
                        at(&[Seg::Key("brigade"), Seg::Index(i), Seg::Key("rating")]),
                    )
                    .with_label_said(
                        Phrase::new("range", "{min} to {max}")
                            .count("min", *RATING.start())
                            .count("max", *RATING.end()),
                    ),
            );
        }
        if !list.units.iter().any(|u| u.brigade == b.id) {
            d.push(
                EMPTY_BRIGADE
                    .say(
                        BOOK,
                        Phrase::new("empty-brigade", "brigade `{id}` has no unit")
                            .text("id", &b.id),
                    )
                    .at(file, id_at(i)),
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
                    .say(
                        BOOK,
                        Phrase::new("unknown-unit", "{unit}: unknown unit type `{id}`")
                            .phrase("unit", unit_said(i, None))
                            .text("id", &u.unit),
                    )
                    .at(file, unit_at(i, "unit"))
                    .with_label_said(Phrase::new("not-in-units", "not in units.toml"))
                    .with_suggestion(nearest(&u.unit, db.units.ids())),
            );
        }
        if !brigades.contains(&u.brigade.as_str()) {
            d.push(
                UNKNOWN_BRIGADE
                    .say(
                        BOOK,
                        Phrase::new("unknown-brigade", "{unit}: no brigade `{id}` in the list")
                            .phrase("unit", unit_said(i, t))
                            .text("id", &u.brigade),
                    )
                    .at(file, unit_at(i, "brigade"))
                    .with_label_said(Phrase::new(
                        "declare-brigade",
                        "declare it with [[brigade]]",
                    ))
                    .with_suggestion(nearest(&u.brigade, brigades.iter().copied())),
            );
        }
        if let Some(s) = &u.size {
            if db.size(s).is_none() {
                let known: Vec<&str> = db.rules.size.iter().map(|x| x.id.as_str()).collect();
                d.push(
                    UNKNOWN_SIZE
                        .say(
                            BOOK,
                            Phrase::new("unknown-size", "{unit}: unknown size `{size}`")
                                .phrase("unit", unit_said(i, t))
                                .text("size", s),
                        )
                        .at(file, unit_at(i, "size"))
                        .with_label_said(Phrase::new("not-a-size", "not a size of the rules"))
                        .with_note_said(
                            Phrase::new("sizes", "sizes: {ids}").text("ids", known.join(", ")),
                        ),
                );
            }
        }
        let cost = t.and_then(|t| t.points).map(u64::from);
        if t.is_some() && cost.is_none() {
            unpriced.push(i);
        }
        total += cost.unwrap_or(0);
        // Named in the list's language (its documents' until they say another).
        let lang = ruleset.lang_or_first(list.list.lang);
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
            .chain(u.size.iter().map(|s| {
                crate::rulesets::Extra {
                    id: s.clone(),
                    name: db
                        .size(s)
                        .map_or_else(|| s.clone(), |x| x.name.get(lang).to_owned()),
                    names: db.size(s).map(|x| x.name.by_lang()).unwrap_or_default(),
                    cost: 0,
                    free: false,
                    count: None,
                }
            }))
            .collect(),
            json: std::sync::Arc::new(json!({
                "unit": u.unit,
                "label": label,
                "brigade": u.brigade,
                "brigade_name": brigade.map(|b| b.name.clone()),
                "commander": brigade.map(|b| b.commander.clone()),
                "rating": brigade.map(|b| b.rating),
                "size": u.size.clone().or_else(|| t.map(|t| t.size.clone())),
                "cost": cost,
                "provenance": t.map(|t| db.units.provenance(&t.id)),
            })),
            priced: u.priced.clone(),
        });
    }
    let limit = list.list.points.unwrap_or(0).max(0) as u64;
    if list.list.points.is_some() {
        let here = at(&[Seg::Key("list"), Seg::Key("points")]);
        if total > limit {
            d.push(
                POINTS_OVER_LIMIT
                    .say(
                        BOOK,
                        Phrase::new(
                            "points-over-limit",
                            "the order of battle costs {total|# point|# points}, {over} over its {limit}",
                        )
                        .count("total", said(total))
                        .count("over", said(total) - said(limit))
                        .count("limit", said(limit)),
                    )
                    .at(file, here.clone())
                    .with_label_said(
                        Phrase::new("more-than", "{a} > {b}")
                            .count("a", said(total))
                            .count("b", said(limit)),
                    ),
            );
        }
        for i in unpriced {
            d.push(
                UNPRICED
                    .say(
                        BOOK,
                        Phrase::new(
                            "unpriced-unit",
                            "{unit}: its type has no points; it counts 0",
                        )
                        .phrase("unit", unit_said(i, db.units.get(&list.units[i].unit))),
                    )
                    .at(file, unit_at(i, "unit"))
                    .with_label_said(Phrase::new("no-points", "no points in units.toml")),
            );
        }
    }
    diagnostic::sort(&mut d);
    let described = crate::core::words::Phrase::new(
        "described-brigades",
        "{b|# brigade|# brigades}, {n|# unit|# units}",
    )
    .count("b", list.brigade.len())
    .count("n", list.units.len());
    ListCheck {
        ruleset,
        file,
        name: list.list.name.clone(),
        lang: list.list.lang,
        description: described.english(),
        description_names: crate::rulesets::list_check::described_in_each_language(
            ruleset.meta(),
            &described,
        ),
        total,
        limit,
        units: rows,
        diagnostics: d,
        side: None,
        spans,
        parsed: crate::rulesets::list_check::ParsedList::of(list),
    }
}
