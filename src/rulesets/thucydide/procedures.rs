//! Thucydide's preview procedure as data (one combat), the duels two units of facing armies
//! play, and the reading of a checked request into the ruleset's own request.

use super::database::Database;
use super::model::Outcome;
use super::preview::{self, CombatRequest};
use super::text;
use crate::core::error::Error;
use crate::rulesets::duel::{DuelChoice, DuelDecl, Headline, Sets};
use crate::rulesets::procedure::{Chart, Param, Preview, Procedure, Request, UnitRef};

pub const PROCEDURES: &[Procedure] = &[Procedure {
    name: "combat",
    summary: "One combat: hits, morale hits and order letters of N dice against an armour",
    rule: "TH",
    sides: ["Attacker", "Defender"],
    params: &[
        Param::unit(
            "attacker",
            "The attacking unit: a troop type (its dice, type), or a unit of an army",
        )
        .first(),
        Param::choice(
            "attack",
            &[("fire", ""), ("assault", ""), ("melee", "")],
            "Which factor of --attacker rolls (default assault)",
        )
        .first(),
        Param::int("dice", 1, 60, "Combat dice, 1–60").first(),
        Param::id(
            "attacker-type",
            "TYPE",
            "The attacker's type when --attacker is not given",
        )
        .first(),
        Param::flag(
            "riposte",
            "The roll is the attacked unit's riposte: its melee factor, no attack order, no follow-up or pursuit (TH, Riposte)",
        )
        .first(),
        Param::id(
            "attacker-state",
            "ID",
            "What the attacker has just done, if it bars it from fighting (repeatable): road-march, mounted-move, artillery-road-in-rough",
        )
        .first()
        .repeat(),
        Param::unit(
            "defender",
            "The defending unit: a troop type (its armour, type and traits), or a unit of an army",
        )
        .second(),
        Param::id(
            "armour",
            "ARMOUR",
            "The armour colour the dice are read against: yellow, green, blue, red, black",
        )
        .second(),
        Param::flag("inverted", "Inverted armour (black ↔ yellow, red ↔ green)").second(),
        Param::flag("leader", "A leader with the defending unit cancels one morale hit").second(),
        Param::id(
            "defender-type",
            "TYPE",
            "The defender's type when --defender is not given",
        )
        .second(),
        Param::int(
            "defender-elements",
            1,
            12,
            "The defender's elements, 1–12 (default: its type's, or its list's): destroyed, falls back, ripostes",
        )
        .second(),
        Param::choice(
            "advantage",
            &[("hit", ""), ("morale", ""), ("miss", "")],
            "What the tactical advantage gives (default: resolved from the table)",
        ),
        Param::id(
            "condition",
            "ID",
            "A condition of the advantage table that holds (repeatable): attacker-supported, defender-supported, defender-next-to-mounted, within-2-hexes, …",
        )
        .repeat(),
    ],
    chart: Chart::Of("chart-count", "Chance of each count"),
    mean: Some("/mean"),
},
Procedure {
    name: "panic",
    summary: "A panicking elephant's flight: hexes towards its table edge this turn",
    rule: "TH, Éléphant en panique",
    sides: ["Elephant", "Target"],
    params: &[Param::int(
        "to-edge",
        0,
        60,
        "Hexes to its table edge: the chance it reaches it and is gone",
    )
    .first()],
    chart: Chart::Of("chart-hexes-of-flight", "Chance of each number of hexes of flight"),
    mean: Some("/mean"),
}];

/// Each unit's attack on the other.
pub const DUELS: &[DuelDecl] = &[DuelDecl {
    procedure: "combat",
    first: "attacker",
    second: "defender",
    both_ways: true,
    measures: "hits",
    matchup: &[],
    headline: &[
        Headline::count("/mean", "headline_hits"),
        Headline::chance("/consequences/p_destroyed", "headline_destroyed"),
        Headline::chance("/consequences/p_falls_back", "headline_falls_back"),
    ],
    title: "Combat ({attack}): {first} attacks {second}",
    ..DuelDecl::PLAIN
}];

/// The situation the duels offer to set (the rest as `muster preview` takes it by default).
pub const DUEL_CHOICES: &[DuelChoice] = &[DuelChoice {
    key: "attack",
    label: "The attacker's factor (fire, assault or melee)",
    values: &["assault", "fire", "melee"],
    default: "assault",
    sets: Sets::Param("attack"),
}];

/// A unit's troop type: a type given by id, or a unit of an army.
fn troop_type(r: &Request, name: &str) -> Option<String> {
    match r.unit(name)? {
        UnitRef::Sheet { id, .. } => Some(id.clone()),
        UnitRef::Listed(l) => Some(l.row.id.clone()),
        UnitRef::File { .. } => None,
    }
}

/// The elements of a unit of an army, as its list has them.
fn listed_elements(r: &Request, name: &str) -> Option<u32> {
    match r.unit(name)? {
        UnitRef::Listed(l) => l.row.figures.and_then(|f| u32::try_from(f).ok()),
        _ => None,
    }
}

/// Works out a request of one of [`PROCEDURES`].
pub fn preview(db: &Database, r: &Request) -> Result<Preview, Error> {
    if r.procedure.name == "panic" {
        let report = preview::panic(db, r.u32("to-edge"));
        let series = vec![(
            crate::core::words::Phrase::new("series-hexes-of-flight", "hexes of flight"),
            report.hexes.clone(),
        )];
        return Preview::said(r, &report, |say| text::panic(say, db, &report), series);
    }
    let report = preview::combat(
        db,
        &CombatRequest {
            dice: r.u32("dice"),
            attacker: troop_type(r, "attacker"),
            attack: r.text("attack"),
            defender: troop_type(r, "defender"),
            armour: r.text("armour"),
            inverted: r.flag("inverted"),
            advantage: match r.text("advantage").as_deref() {
                Some("hit") => Some(Outcome::Hit),
                Some("morale") => Some(Outcome::Morale),
                Some("miss") => Some(Outcome::Miss),
                _ => None,
            },
            leader: r.flag("leader"),
            attacker_type: r.text("attacker-type"),
            defender_type: r.text("defender-type"),
            conditions: r.texts("condition"),
            riposte: r.flag("riposte"),
            states: r.texts("attacker-state"),
            defender_elements: r
                .u32("defender-elements")
                .or_else(|| listed_elements(r, "defender")),
        },
    )
    .map_err(Error::from)?;
    Preview::said(
        r,
        &report,
        |say| text::combat(say, db, &report),
        text::combat_series(&report),
    )
}
