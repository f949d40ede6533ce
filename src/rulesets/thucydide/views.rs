//! View structs for the Thucydide templates: a troop card, the quick-reference sheet and a
//! roster, in French or English, from the data.

use serde::Serialize;

use crate::rulesets::card_view::{CardHead, RuleView};
use crate::rulesets::named_rows::rows;
use crate::rulesets::views_common::reading_rows;
pub use crate::rulesets::views_common::Row2;

use crate::rulesets::label;

use super::database::Database;
use super::list::ListFile;
use super::model::*;
use super::preview::per_die;
use crate::render::markup::MAX_BOXES;
use crate::rulesets::roster_of::RosterOf;

#[derive(Debug, Clone, Serialize)]
pub struct CardView {
    #[serde(flatten)]
    pub head: CardHead,
    pub colour: String,
    pub kind: String,
    pub armour: String,
    pub fire: u32,
    pub range: Option<u32>,
    pub assault: u32,
    pub melee: u32,
    pub elements: u32,
    pub retreat: u32,
    /// The faces that hit it.
    pub hit_by: String,
    pub traits: Vec<RuleView>,
    pub character: Option<String>,
    /// Whose values these are: muster's illustrative type, or the player's own.
    pub provenance: crate::core::catalog::Provenance,
}

pub struct CardUnit<'a> {
    pub unit: &'a Unit,
    pub number: Option<usize>,
    pub label: Option<&'a str>,
    pub elements: Option<u32>,
    pub character: Option<Character>,
}

fn faces_text(db: &Database, armour: &Armour, lang: Lang, labels: &toml::Table) -> String {
    let mut names: Vec<String> = db
        .faces
        .iter()
        .filter(|f| armour.hits.contains(&f.id))
        .map(|f| f.name.get(lang).to_owned())
        .collect();
    // The advantage's hit against this colour, when a row of the table gives it (very light
    // troops): a compulsory miss still comes first.
    let derived = format!("defender-armour:{}", armour.id);
    let advantage_hits = db.overrides.iter().any(|o| {
        o.result == Outcome::Hit
            && o.when.iter().any(|all| {
                all.iter().any(|c| {
                    db.conditions.get(c).and_then(|c| c.from.as_deref()) == Some(derived.as_str())
                })
            })
    });
    if advantage_hits {
        names.push(label(labels, "advantage_unless_miss"));
    }
    let mut text = names.join(", ");
    if armour.confirm {
        text.push_str(&format!(" ({})", label(labels, "confirmed")));
    }
    text
}

pub fn card(db: &Database, u: &CardUnit, lang: Lang, labels: &toml::Table) -> CardView {
    let t = u.unit;
    let armour = db.armours.get(&t.armour);
    let kind = db.types.get(&t.kind);
    CardView {
        head: CardHead::new(u.number, u.label, &t.id, t.name.get(lang)),
        colour: armour
            .map(|a| a.colour.clone())
            .unwrap_or_else(|| "#888888".into()),
        kind: kind
            .map(|k| k.name.get(lang).to_owned())
            .unwrap_or_default(),
        armour: armour
            .map(|a| a.name.get(lang).to_owned())
            .unwrap_or_default(),
        fire: t.fire,
        range: t.range,
        assault: t.assault,
        melee: t.melee,
        elements: u.elements.unwrap_or(t.elements).min(MAX_BOXES),
        retreat: kind.map_or(1, |k| k.retreat),
        hit_by: armour
            .map(|a| faces_text(db, a, lang, labels))
            .unwrap_or_default(),
        traits: t
            .traits
            .iter()
            .filter_map(|id| db.traits.get(id))
            .map(|x| RuleView {
                name: x.name.get(lang).to_owned(),
                rule: x.rule.get(lang).to_owned(),
            })
            .collect(),
        character: u
            .character
            .map(|c| label(labels, &format!("character_{}", c.as_str()))),
        provenance: db.units.provenance(&t.id),
    }
}

// ── the quick-reference sheet ───────────────────────────────────────────────────────────────

#[derive(Debug, Clone, Serialize)]
pub struct ArmourRow {
    pub name: String,
    pub colour: String,
    pub hit_by: String,
    pub inverted: String,
    /// P(a die hits) when the advantage misses / hits, as percentages.
    pub p_miss: String,
    pub p_hit: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct QrsView {
    pub steps: Vec<String>,
    pub faces: Vec<Row2>,
    pub armours: Vec<ArmourRow>,
    pub overrides: Vec<Row2>,
    pub defenders: Vec<String>,
    /// Rows of the advantage table: the attacker, then one cell per defender.
    pub table: Vec<Vec<String>>,
    pub retreats: Vec<Row2>,
    pub retreat_rule: String,
    pub leader: String,
    /// A supported defender's cancel.
    pub support: String,
    pub follow: Vec<Vec<String>>,
    /// Riposte, pursuit, a panicking elephant: each with its rule reference.
    pub consequences: Vec<Row2>,
    /// When a unit may not fight.
    pub bans: Vec<Row2>,
    pub effects: Vec<Row2>,
    pub readings: Vec<Row2>,
}

/// "if A and B, or C" in the document's language.
fn when_text(db: &Database, when: &When, lang: Lang, labels: &toml::Table) -> String {
    let name = |id: &str| -> String {
        match id.strip_prefix("not-") {
            Some(rest) => format!(
                "{} {}",
                label(labels, "not"),
                db.conditions
                    .get(rest)
                    .map(|c| c.name.get(lang).to_lowercase())
                    .unwrap_or_else(|| rest.to_owned())
            ),
            None => db
                .conditions
                .get(id)
                .map(|c| c.name.get(lang).to_lowercase())
                .unwrap_or_else(|| id.to_owned()),
        }
    };
    let alternatives: Vec<String> = when
        .iter()
        .map(|all| {
            if all.is_empty() {
                label(labels, "always")
            } else {
                all.iter()
                    .map(|c| name(c))
                    .collect::<Vec<_>>()
                    .join(&format!(" {} ", label(labels, "and")))
            }
        })
        .collect();
    alternatives.join(&format!(" {} ", label(labels, "or")))
}

pub fn qrs(db: &Database, lang: Lang, labels: &toml::Table) -> QrsView {
    let defenders: Vec<&TroopType> = db
        .types
        .iter()
        .filter(|t| db.cells.iter().any(|c| c.defender == t.id))
        .collect();
    let attackers: Vec<&TroopType> = db
        .types
        .iter()
        .filter(|t| db.cells.iter().any(|c| c.attacker == t.id))
        .collect();
    let pct = |p: f64| format!("{:.0} %", p * 100.0);
    QrsView {
        steps: db
            .rules
            .step
            .iter()
            .map(|s| s.text.get(lang).to_owned())
            .collect(),
        faces: rows(&db.faces, |f| (f.name.get(lang), f.effect.get(lang))),
        armours: db
            .armours
            .iter()
            .map(|a| ArmourRow {
                name: a.name.get(lang).to_owned(),
                colour: a.colour.clone(),
                hit_by: faces_text(db, a, lang, labels),
                inverted: db
                    .armours
                    .get(&a.inverted)
                    .map(|b| b.name.get(lang).to_owned())
                    .unwrap_or_default(),
                p_miss: pct(per_die(db, a, Outcome::Miss).hit),
                p_hit: pct(per_die(db, a, Outcome::Hit).hit),
            })
            .collect(),
        overrides: rows(&db.overrides, |o| {
            (
                label(labels, &format!("outcome_{}", o.result.as_str())),
                when_text(db, &o.when, lang, labels),
            )
        }),
        defenders: defenders
            .iter()
            .map(|t| t.name.get(lang).to_owned())
            .collect(),
        table: attackers
            .iter()
            .map(|a| {
                std::iter::once(a.name.get(lang).to_owned())
                    .chain(defenders.iter().map(|d| {
                        let Some(cell) = db
                            .cells
                            .iter()
                            .find(|c| c.attacker == a.id && c.defender == d.id)
                        else {
                            return label(labels, "outcome_miss");
                        };
                        // The hit's conditions, then the morale hit's, each when it has any.
                        [("outcome_hit", &cell.hit), ("outcome_morale", &cell.morale)]
                            .into_iter()
                            .filter(|(_, when)| !when.is_empty())
                            .map(|(key, when)| {
                                format!(
                                    "{}{}{}",
                                    label(labels, key),
                                    label(labels, "sep"),
                                    when_text(db, when, lang, labels)
                                )
                            })
                            .collect::<Vec<_>>()
                            .join(" ; ")
                    }))
                    .collect()
            })
            .collect(),
        retreats: rows(db.types.iter(), |t| {
            (t.name.get(lang), t.retreat.to_string())
        }),
        retreat_rule: db.rules.retreat.rule.get(lang).to_owned(),
        leader: db.rules.leader.rule.get(lang).to_owned(),
        support: format!(
            "{} ({})",
            db.rules.support.rule.get(lang),
            db.rules.support.section
        ),
        consequences: rows(
            [
                ("riposte", &db.rules.riposte.rule, &db.rules.riposte.section),
                ("pursuit", &db.rules.pursuit.rule, &db.rules.pursuit.section),
                ("panic", &db.rules.panic.rule, &db.rules.panic.section),
            ],
            |(key, rule, section)| {
                (
                    label(labels, key),
                    format!("{} ({section})", rule.get(lang)),
                )
            },
        ),
        bans: rows(&db.rules.ban, |b| {
            (
                b.name.get(lang),
                format!("{} ({})", b.rule.get(lang), b.section),
            )
        }),
        follow: db
            .rules
            .follow
            .iter()
            .map(|f| {
                vec![
                    f.troops.get(lang).to_owned(),
                    f.must.get(lang).to_owned(),
                    f.may.get(lang).to_owned(),
                ]
            })
            .collect(),
        effects: rows(&db.rules.effect, |e| (e.name.get(lang), e.rule.get(lang))),
        readings: reading_rows(&db.rules.reading, lang),
    }
}

// ── the roster ──────────────────────────────────────────────────────────────────────────────

#[derive(Debug, Clone, Serialize)]
pub struct RosterUnit {
    pub number: usize,
    pub label: String,
    pub unit: String,
    pub elements: Option<i64>,
    pub card: Option<CardView>,
}

#[derive(Debug, Clone, Serialize)]
pub struct RosterView {
    #[serde(flatten)]
    pub head: crate::rulesets::RosterHead,
    pub units: Vec<RosterUnit>,
}

pub fn roster(db: &Database, list: &ListFile, of: RosterOf) -> RosterView {
    let (checked, lang, labels) = (of.checked, of.lang, of.labels);
    RosterView {
        head: of.head(),
        units: checked
            .units
            .iter()
            .enumerate()
            .map(|(i, row)| RosterUnit {
                number: i + 1,
                label: row.label.clone(),
                unit: row.id.clone(),
                elements: row.figures,
                card: db.units.get(&row.id).map(|u| {
                    card(
                        db,
                        &CardUnit {
                            unit: u,
                            number: Some(i + 1),
                            label: Some(&row.label),
                            elements: row.figures.map(|f| f.clamp(0, i64::from(MAX_BOXES)) as u32),
                            character: list.units.get(i).and_then(|x| x.character),
                        },
                        lang,
                        labels,
                    )
                }),
            })
            .collect(),
    }
}
