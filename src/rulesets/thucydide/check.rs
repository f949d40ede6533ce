//! Checking a Thucydide army: its units are troop types of the data, with their elements and
//! characters; one general-in-chief (TH, Perte du Général en chef).

use serde_json::json;

use super::database::Database;
use super::list::ListFile;
use super::model::*;
use crate::core::diagnostic::{self, Diagnostic, Severity};
use crate::core::rule::Rule;
use crate::core::source::Seg;
use crate::core::suggest::nearest;
use crate::core::words::{Named, Phrase};
use crate::rulesets::checking::Parsed;
use crate::rulesets::{ListCheck, Ruleset, UnitRow};

const BOOK: &str = "TH";

pub const UNKNOWN_UNIT: Rule = Rule {
    code: "unknown-unit",
    severity: Severity::Error,
    section: "",
    summary: "each unit is a troop type of the data (`muster sheets --ruleset thucydide`)",
};
pub const ELEMENTS_OUT_OF_RANGE: Rule = Rule {
    code: "elements-out-of-range",
    severity: Severity::Error,
    section: "",
    summary: "a unit has from 1 to its type's elements (the troop types are illustrative; the book sets no maximum)",
};
pub const GENERAL: Rule = Rule {
    code: "general",
    severity: Severity::Error,
    section: "Perte du Général en chef",
    summary: "an army has one general-in-chief",
};
pub const NO_GENERAL: Rule = Rule {
    code: "no-general",
    severity: Severity::Warning,
    section: "Perte du Général en chef",
    summary: "an army without a general-in-chief has nobody to give orders",
};

pub const LANG_NOT_OFFERED: Rule = Rule {
    code: "lang-not-offered",
    severity: Severity::Warning,
    section: "",
    summary: "a list asks for a language its ruleset is printed in",
};

/// Every rule of a list.
pub const RULES: &[&Rule] = &[
    &UNKNOWN_UNIT,
    &ELEMENTS_OUT_OF_RANGE,
    &GENERAL,
    &NO_GENERAL,
    &LANG_NOT_OFFERED,
];

/// "unit 2, Peltasts": a unit by its number in the list and its troop type's name.
fn unit_named(i: usize, t: &Unit) -> Phrase {
    Phrase::new("unit-named", "unit {n} ({name})")
        .count("n", i + 1)
        .name(
            "name",
            Named::new(&t.name.en, Some(t.name.fr.clone()), None),
        )
}

/// Checks the list `parsed`.
pub fn check_list(ruleset: Ruleset, db: &Database, parsed: Parsed<ListFile>) -> ListCheck {
    let Parsed { list, spans, file } = parsed;
    let mut diagnostics: Vec<Diagnostic> =
        crate::rulesets::lang_not_offered(&LANG_NOT_OFFERED, BOOK, ruleset.meta(), list.list.lang)
            .map(|d| d.at(file, spans.span(&[Seg::Key("list"), Seg::Key("lang")])))
            .into_iter()
            .collect();
    let at = |i: usize, key: &'static str| {
        let path = [Seg::Key("units"), Seg::Index(i), Seg::Key(key)];
        spans
            .span(&path)
            .or_else(|| spans.span(&[Seg::Key("units"), Seg::Index(i)]))
    };
    let mut generals = Vec::new();
    let mut units = Vec::new();
    for (i, u) in list.units.iter().enumerate() {
        let t = db.units.get(&u.unit);
        if t.is_none() {
            diagnostics.push(
                UNKNOWN_UNIT
                    .say(
                        BOOK,
                        Phrase::new("unknown-unit", "unit {n}: unknown troop type `{id}`")
                            .count("n", i + 1)
                            .text("id", &u.unit),
                    )
                    .at(file, at(i, "unit"))
                    .with_label_said(Phrase::new("not-in-units", "not in units.toml"))
                    .with_suggestion(nearest(&u.unit, db.units.ids())),
            );
        }
        if let (Some(t), Some(n)) = (t, u.elements) {
            if n < 1 || n > i64::from(t.elements) {
                diagnostics.push(
                    ELEMENTS_OUT_OF_RANGE
                        .say(
                            BOOK,
                            Phrase::new(
                                "elements-out-of-range",
                                "{unit}: takes 1 to {max|# element|# elements}, found {n}",
                            )
                            .phrase("unit", unit_named(i, t))
                            .count("max", t.elements)
                            .count("n", n),
                        )
                        .at(file, at(i, "elements"))
                        .with_label_said(
                            Phrase::new("one-to", "1 to {max}").count("max", t.elements),
                        ),
                );
            }
        }
        if u.character == Some(Character::General) {
            generals.push(i);
        }
        let elements = u.elements.or(t.map(|t| i64::from(t.elements)));
        // Named in the list's language (its documents' until they say another).
        let lang = ruleset.lang_or_first(list.list.lang);
        let label = u
            .label
            .clone()
            .or_else(|| t.map(|t| t.name.get(lang).to_owned()))
            .unwrap_or_else(|| u.unit.clone());
        units.push(UnitRow {
            id: u.unit.clone(),
            label: label.clone(),
            own_label: u.label.is_some(),
            names: t.map(|t| t.name.by_lang()).unwrap_or_default(),
            figures: elements,
            cost: 0,
            extras: u
                .character
                .map(|c| crate::rulesets::Extra {
                    id: c.as_str().to_owned(),
                    name: c.as_str().to_owned(),
                    names: Default::default(),
                    cost: 0,
                    free: false,
                    count: None,
                })
                .into_iter()
                .collect(),
            json: std::sync::Arc::new(json!({
                "unit": u.unit,
                "label": label,
                "elements": elements,
                "character": u.character.map(Character::as_str),
                "provenance": t.map(|t| db.units.provenance(&t.id)),
            })),
            priced: u.priced.clone(),
        });
    }
    match generals.as_slice() {
        [] if !list.units.is_empty() => diagnostics.push(
            NO_GENERAL
                .say(
                    BOOK,
                    Phrase::new("no-general", "the army has no general-in-chief"),
                )
                .at(file, spans.span(&[Seg::Key("list"), Seg::Key("name")]))
                .with_label_said(Phrase::new(
                    "add-general",
                    "add character = \"general\" to a unit",
                )),
        ),
        [_, second, ..] => diagnostics.push(
            GENERAL
                .say(
                    BOOK,
                    Phrase::new(
                        "generals",
                        "{n|# general-in-chief|# generals-in-chief}; an army has one",
                    )
                    .count("n", generals.len()),
                )
                .at(file, at(*second, "character"))
                .with_label_said(Phrase::new("second-general", "a second general-in-chief")),
        ),
        _ => {}
    }
    diagnostic::sort(&mut diagnostics);
    let described = crate::core::words::Phrase::new("roster-units", "{n|# unit|# units}")
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
        total: 0,
        limit: 0,
        units,
        diagnostics,
        side: None,
        spans,
        parsed: crate::rulesets::list_check::ParsedList::default(),
    }
}
