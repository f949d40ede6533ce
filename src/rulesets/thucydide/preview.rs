//! One combat, exactly (TH, Résultat des dés; Avantages tactiques; Résumé des touches): each
//! die shows one of six faces; against the target's armour (inverted or not) it is a hit, a
//! morale hit (the flag, or an advantage that becomes one), an order letter, or nothing; a hit
//! on black armour is confirmed by a second die. The counts over N dice are multinomial.

use std::collections::BTreeSet;

use serde::Serialize;

use super::data::{ADVANTAGE, FLAG, ORDER};
use super::database::Database;
use super::model::*;
use crate::core::bounds::within;
use crate::core::error::Stop;
use crate::core::words::{Named, Phrase};

/// Engine limit: combat dice (a unit's factor, terrain, orders: a dozen at most in play).
pub const DICE: std::ops::RangeInclusive<u32> = 1..=60;

/// What the situation is, for the tactical-advantage table.
#[derive(Debug, Clone, Default)]
pub struct Situation {
    pub attacker_type: Option<String>,
    pub defender_type: Option<String>,
    /// The defender's own armour (not inverted), for "défenseur troupe très légère".
    pub defender_armour: Option<String>,
    /// Conditions that hold (ids of the data, `attacker-supported`, …).
    pub conditions: BTreeSet<String>,
}

/// Why the advantage gives what it gives.
#[derive(Debug, Clone, Serialize)]
pub struct AdvantageReason {
    pub outcome: Outcome,
    /// Said in the text's language; its English (the conditions' ids) in JSON.
    pub because: Phrase,
}

/// The conditions that hold, if any set of `when` does: English says their ids (what the
/// data and `--condition` take), French their names.
fn holds(db: &Database, when: &When, truth: &impl Fn(&str) -> bool) -> Option<Phrase> {
    when.iter()
        .find(|all| all.iter().all(|c| truth(c)))
        .map(|all| {
            if all.is_empty() {
                return Phrase::new("th-always", "always");
            }
            let fr: Vec<String> = all
                .iter()
                .map(|c| {
                    let (not, id) = match c.strip_prefix("not-") {
                        Some(rest) => ("non ", rest),
                        None => ("", c.as_str()),
                    };
                    let name = db.conditions.get(id).map_or(id, |x| x.name.fr.as_str());
                    format!("{not}{name}")
                })
                .collect();
            Phrase::new("th-conditions", "{conditions}").name(
                "conditions",
                Named::new(all.join(" and "), Some(fr.join(" et ")), None),
            )
        })
}

/// A troop type by its id in English (what the data take), its name in French.
fn type_named(db: &Database, id: &str) -> Named {
    Named::new(id, db.types.get(id).map(|t| t.name.fr.clone()), None)
}

/// The tactical advantage's outcome (reading advantage-order: miss, then hit, then morale).
pub fn advantage(db: &Database, s: &Situation) -> AdvantageReason {
    let derived = |c: &Condition| -> bool {
        match c.from.as_deref().and_then(|f| f.split_once(':')) {
            Some(("defender-armour", a)) => s.defender_armour.as_deref() == Some(a),
            Some(("attacker-type", t)) => s.attacker_type.as_deref() == Some(t),
            _ => s.conditions.contains(&c.id),
        }
    };
    let truth = |id: &str| -> bool {
        let (negated, id) = match id.strip_prefix("not-") {
            Some(rest) => (true, rest),
            None => (false, id),
        };
        let value = db.conditions.get(id).is_some_and(derived);
        value != negated
    };
    for wanted in [Outcome::Miss, Outcome::Hit, Outcome::Morale] {
        for o in db.overrides.iter().filter(|o| o.result == wanted) {
            if let Some(why) = holds(db, &o.when, &truth) {
                return AdvantageReason {
                    outcome: wanted,
                    because: why,
                };
            }
        }
        if wanted == Outcome::Miss {
            continue;
        }
        let cell = db.cells.iter().find(|c| {
            Some(c.attacker.as_str()) == s.attacker_type.as_deref()
                && Some(c.defender.as_str()) == s.defender_type.as_deref()
        });
        if let Some(cell) = cell {
            let when = if wanted == Outcome::Hit {
                &cell.hit
            } else {
                &cell.morale
            };
            if let Some(why) = holds(db, when, &truth) {
                return AdvantageReason {
                    outcome: wanted,
                    because: Phrase::new("th-cell", "{a} against {b}: {why}")
                        .name("a", type_named(db, &cell.attacker))
                        .name("b", type_named(db, &cell.defender))
                        .phrase("why", why),
                };
            }
        }
    }
    AdvantageReason {
        outcome: Outcome::Miss,
        because: Phrase::new("th-nothing-gives", "nothing in the table gives it"),
    }
}

/// What one die does against one armour.
#[derive(Debug, Clone, Copy, Serialize, PartialEq)]
pub struct PerDie {
    pub hit: f64,
    pub morale: f64,
    pub order: f64,
}

pub fn per_die(db: &Database, armour: &Armour, outcome: Outcome) -> PerDie {
    let sixth = 1.0 / db.faces.len().max(1) as f64;
    let confirm = if armour.confirm {
        armour.confirm_faces.len() as f64 * sixth
    } else {
        1.0
    };
    let mut d = PerDie {
        hit: 0.0,
        morale: 0.0,
        order: 0.0,
    };
    for face in &db.faces {
        if armour.hits.contains(&face.id) {
            d.hit += sixth * confirm;
        } else if face.id == FLAG {
            d.morale += sixth;
        } else if face.id == ORDER {
            d.order += sixth;
        } else if face.id == ADVANTAGE {
            // What the table resolved (a very light defender's hit is one of its rows).
            match outcome {
                Outcome::Hit => d.hit += sixth * confirm,
                Outcome::Morale => d.morale += sixth,
                Outcome::Miss => {}
            }
        }
    }
    d
}

/// P(h hits, m morale hits, o orders) for `dice` dice: `joint[h][m][o]`.
pub fn joint(dice: usize, d: PerDie) -> Vec<Vec<Vec<f64>>> {
    let none = (1.0 - d.hit - d.morale - d.order).max(0.0);
    let n = dice;
    let mut state = vec![vec![vec![0.0; n + 1]; n + 1]; n + 1];
    state[0][0][0] = 1.0;
    for rolled in 0..n {
        let mut next = vec![vec![vec![0.0; n + 1]; n + 1]; n + 1];
        for h in 0..=rolled {
            for m in 0..=(rolled - h) {
                for o in 0..=(rolled - h - m) {
                    let p = state[h][m][o];
                    if p == 0.0 {
                        continue;
                    }
                    next[h + 1][m][o] += p * d.hit;
                    next[h][m + 1][o] += p * d.morale;
                    next[h][m][o + 1] += p * d.order;
                    next[h][m][o] += p * none;
                }
            }
        }
        state = next;
    }
    state
}

#[derive(Debug, Clone, Default)]
pub struct CombatRequest {
    pub dice: Option<u32>,
    /// Take the dice from a troop type: its fire, assault or melee factor.
    pub attacker: Option<String>,
    pub attack: Option<String>,
    pub defender: Option<String>,
    pub armour: Option<String>,
    pub inverted: bool,
    pub advantage: Option<Outcome>,
    pub leader: bool,
    pub attacker_type: Option<String>,
    pub defender_type: Option<String>,
    pub conditions: Vec<String>,
    /// The roll is the defender's riposte (TH, Riposte): the melee factor, no order.
    pub riposte: bool,
    /// What the attacker has just done, among the bans of the rules (road-march, …).
    pub states: Vec<String>,
    /// The defender's elements (default: its type's).
    pub defender_elements: Option<u32>,
}

/// What the combat leaves: the target destroyed or falling back (its hex freed: a follow-up,
/// and for mounted troops and elephants a pursuit), or standing and adjacent (a riposte in
/// melee). Given when the defender's elements are known.
#[derive(Debug, Clone, Serialize)]
pub struct Consequences {
    pub elements: u32,
    pub p_destroyed: f64,
    pub p_falls_back: f64,
    /// The attacker may follow up (TH, Suivi).
    pub p_hex_freed: f64,
    /// The defender may riposte (a melee attack, TH, Riposte); `None` after shooting or a
    /// riposte.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub p_riposte: Option<f64>,
    /// The attacker may pursue (mounted troops and elephants, TH, Poursuite); `None` for
    /// others, or after a riposte.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub p_pursuit: Option<f64>,
}

#[derive(Debug, Clone, Serialize)]
pub struct JointRow {
    pub hits: usize,
    pub morale: usize,
    pub orders: usize,
    pub p: f64,
}

#[derive(Debug, Clone, Serialize)]
pub struct CombatReport {
    pub dice: u32,
    /// The armour the dice are read against (after inversion).
    pub armour: String,
    pub advantage: AdvantageReason,
    pub per_die: PerDie,
    pub hits: Vec<f64>,
    /// Morale hits after the leader's cancel.
    pub morale: Vec<f64>,
    pub orders: Vec<f64>,
    /// Hexes the defender falls back, when its type is known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub retreat: Option<Vec<f64>>,
    /// The mean of `hits`.
    pub mean: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub consequences: Option<Consequences>,
    pub joint: Vec<JointRow>,
    /// What the preview applied or assumed, with the rule.
    pub notes: Vec<Phrase>,
}

fn unknown<'a>(flag: &str, what: &str, id: &str, known: impl Iterator<Item = &'a str>) -> String {
    let mut known: Vec<&str> = known.collect();
    known.sort_unstable();
    format!("{flag}: unknown {what} `{id}`; known: {}", known.join(", "))
}

pub fn combat(db: &Database, r: &CombatRequest) -> Result<CombatReport, Stop> {
    let attacker = r
        .attacker
        .as_deref()
        .map(|id| {
            db.units
                .get(id)
                .ok_or_else(|| unknown("--attacker", "unit", id, db.units.ids()))
        })
        .transpose()?;
    let defender = r
        .defender
        .as_deref()
        .map(|id| {
            db.units
                .get(id)
                .ok_or_else(|| unknown("--defender", "unit", id, db.units.ids()))
        })
        .transpose()?;
    // A unit that has just done what a ban names cannot fight (TH, l. 104–107).
    let bans = r
        .states
        .iter()
        .map(|state| {
            db.rules.ban.iter().find(|b| b.id == *state).ok_or_else(|| {
                unknown(
                    "--attacker-state",
                    "state",
                    state,
                    db.rules.ban.iter().map(|b| b.id.as_str()),
                )
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    if let Some(ban) = bans.first() {
        return Err(Stop::cannot(
            format!(
                "the attacker cannot fight: {} ({})",
                ban.rule.en, ban.section
            ),
            Phrase::new(
                "cannot-attacker-fight",
                "the attacker cannot fight: {rule} ({section})",
            )
            .name("rule", Named::from(&ban.rule))
            .text("section", ban.section.clone()),
        ));
    }
    let mut notes = Vec::new();
    if r.riposte {
        if let Some(a) = r.attack.as_deref().filter(|a| *a != "melee") {
            return Err(format!(
                "--riposte rolls the melee factor, never {a} ({}): leave out --attack",
                db.rules.riposte.section
            )
            .into());
        }
        notes.push(
            Phrase::new(
                "note-riposte",
                "a riposte: the melee factor, no attack order, no follow-up or pursuit ({section})",
            )
            .text("section", db.rules.riposte.section.to_string()),
        );
    }
    let attack = if r.riposte {
        "melee"
    } else {
        r.attack.as_deref().unwrap_or("assault")
    };
    let dice = match (r.dice, attacker) {
        (Some(n), _) => n,
        (None, Some(a)) => {
            let factors = [("fire", a.fire), ("assault", a.assault), ("melee", a.melee)];
            let Some(&(_, n)) = factors.iter().find(|(f, _)| *f == attack) else {
                return Err(
                    format!("--attack must be fire, assault or melee, found `{attack}`").into(),
                );
            };
            if n == 0 {
                // No `--dice` was given: the unit's factor is what is missing.
                let asked = if r.riposte {
                    "--riposte".to_owned()
                } else if r.attack.is_some() {
                    format!("--attack {attack}")
                } else {
                    format!("--attack {attack} (the default)")
                };
                let others: Vec<&str> = factors
                    .iter()
                    .filter(|(f, n)| *f != attack && *n > 0)
                    .map(|(f, _)| *f)
                    .collect();
                let instead = if others.is_empty() {
                    "it has no combat dice".to_owned()
                } else {
                    format!("it fights by {}", others.join(" or "))
                };
                let said = match attack {
                    "fire" => Phrase::new("cannot-no-fire", "{a} has no fire factor"),
                    "melee" => Phrase::new("cannot-no-melee", "{a} has no melee factor"),
                    _ => Phrase::new("cannot-no-assault", "{a} has no assault factor"),
                };
                // The attacker: a page names it as its heading does.
                let unit = Named::new(a.name.en.clone(), Some(a.name.fr.clone()), None);
                return Err(Stop::cannot(
                    format!(
                        "{asked}: {} ({}) has no {attack} factor; {instead}",
                        a.name.en, a.id
                    ),
                    said.name("a", unit),
                ));
            }
            n
        }
        (None, None) => return Err("give --dice N or --attacker UNIT".into()),
    };
    let dice = within("--dice", dice, &DICE, "engine limit")?;
    let own_armour = match (&r.armour, defender) {
        (Some(a), _) => a.clone(),
        (None, Some(d)) => d.armour.clone(),
        (None, None) => return Err("give --armour COLOUR or --defender UNIT".into()),
    };
    let own = db
        .armours
        .get(&own_armour)
        .ok_or_else(|| unknown("--armour", "armour", &own_armour, db.armours.ids()))?;
    let read = if r.inverted {
        db.armours.get(&own.inverted).unwrap_or(own)
    } else {
        own
    };
    let mut conditions: BTreeSet<String> = BTreeSet::new();
    for c in &r.conditions {
        if !db.conditions.contains(c) || db.conditions.get(c).is_some_and(|x| x.from.is_some()) {
            let given: Vec<&str> = db
                .conditions
                .iter()
                .filter(|x| x.from.is_none())
                .map(|x| x.id.as_str())
                .collect();
            return Err(unknown("--condition", "condition", c, given.into_iter()).into());
        }
        conditions.insert(c.clone());
    }
    if let Some(d) = defender {
        for t in &d.traits {
            match t.as_str() {
                "fanatic" => {
                    conditions.insert("defender-fanatic".into());
                }
                "elusive" => {
                    conditions.insert("defender-elusive".into());
                }
                _ => {}
            }
        }
    }
    let type_of = |given: &Option<String>,
                   unit: Option<&Unit>,
                   flag: &str|
     -> Result<Option<String>, String> {
        let t = given.clone().or_else(|| unit.map(|u| u.kind.clone()));
        match &t {
            Some(id) if !db.types.contains(id) => Err(unknown(flag, "type", id, db.types.ids())),
            _ => Ok(t),
        }
    };
    let situation = Situation {
        attacker_type: type_of(&r.attacker_type, attacker, "--attacker-type")?,
        defender_type: type_of(&r.defender_type, defender, "--defender-type")?,
        defender_armour: Some(own.id.clone()),
        conditions,
    };
    let reason = match r.advantage {
        Some(o) => AdvantageReason {
            outcome: o,
            because: Phrase::new("th-given-advantage", "given (--advantage)"),
        },
        None => advantage(db, &situation),
    };
    let d = per_die(db, read, reason.outcome);
    let table = joint(dice as usize, d);
    let n = dice as usize;
    let mut cancel = 0;
    if r.leader {
        cancel += db.rules.leader.cancels as usize;
        notes.push(
            Phrase::new(
                "note-leader-cancels",
                "a leader with the defender cancels {n} morale hit ({section})",
            )
            .count("n", db.rules.leader.cancels)
            .text("section", db.rules.leader.section.to_string()),
        );
    }
    if situation.conditions.contains("defender-supported") {
        cancel += db.rules.support.cancels as usize;
        notes.push(
            Phrase::new(
                "note-support-cancels",
                "the defender is supported: it cancels {n} morale hit ({section}, reading support-cancels)",
            )
            .count("n", db.rules.support.cancels)
            .text("section", db.rules.support.section.to_string()),
        );
    }
    let mut hits = vec![0.0; n + 1];
    let mut morale = vec![0.0; n + 1];
    let mut orders = vec![0.0; n + 1];
    let mut rows: std::collections::BTreeMap<(usize, usize, usize), f64> =
        std::collections::BTreeMap::new();
    for (h, plane) in table.iter().enumerate() {
        for (m, line) in plane.iter().enumerate() {
            for (o, p) in line.iter().enumerate() {
                if *p == 0.0 {
                    continue;
                }
                let m = m.saturating_sub(cancel);
                hits[h] += p;
                morale[m] += p;
                orders[o] += p;
                *rows.entry((h, m, o)).or_insert(0.0) += p;
            }
        }
    }
    let retreat = situation
        .defender_type
        .as_deref()
        .and_then(|t| db.types.get(t))
        .map(|t| {
            let step = t.retreat.max(1) as usize;
            let mut out = vec![0.0; n * step + 1];
            for (m, p) in morale.iter().enumerate() {
                out[m * step] += p;
            }
            out
        });
    let elements = r.defender_elements.or(defender.map(|d| d.elements));
    let elephant = situation.defender_type.as_deref() == Some("elephant");
    if elephant {
        notes.push(
            Phrase::new(
                "note-elephants",
                "the defender is elephants: each loss is a panicking elephant, not a figure removed ({section})",
            )
            .text("section", db.rules.panic.section.to_string()),
        );
    }
    let consequences = elements.map(|e| {
        let e = e as usize;
        let (mut destroyed, mut back, mut stands) = (0.0, 0.0, 0.0);
        for ((h, m, _), p) in &rows {
            if *h >= e {
                destroyed += p;
            } else if *m >= 1 {
                back += p;
            } else {
                stands += p;
            }
        }
        let pursuer = situation
            .attacker_type
            .as_deref()
            .is_some_and(|t| db.rules.pursuit.types.iter().any(|x| x == t));
        Consequences {
            elements: e as u32,
            p_destroyed: destroyed,
            p_falls_back: back,
            p_hex_freed: destroyed + back,
            p_riposte: (attack != "fire" && !r.riposte).then_some(stands),
            p_pursuit: (pursuer && !r.riposte).then_some(destroyed + back),
        }
    });
    let mean = hits.iter().enumerate().map(|(k, p)| k as f64 * p).sum();
    Ok(CombatReport {
        dice,
        armour: read.id.clone(),
        advantage: reason,
        per_die: d,
        hits,
        morale,
        orders,
        retreat,
        mean,
        consequences,
        notes,
        joint: rows
            .into_iter()
            .map(|((hits, morale, orders), p)| JointRow {
                hits,
                morale,
                orders,
                p,
            })
            .collect(),
    })
}

/// A panicking elephant's flight in one turn (TH, Éléphant en panique).
#[derive(Debug, Clone, Serialize)]
pub struct PanicReport {
    pub dice: u32,
    /// P(a die is a hex of flight).
    pub p_flight_die: f64,
    /// P(k hexes of flight), k = 0, 1, …
    pub hexes: Vec<f64>,
    pub mean: f64,
    /// P(it reaches its table edge and is gone), when the distance is given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub p_gone: Option<f64>,
}

/// The flight of a panicking elephant: the rules' dice, each face of `panic.faces` a hex.
pub fn panic(db: &Database, to_edge: Option<u32>) -> PanicReport {
    let panic = &db.rules.panic;
    let faces = db.faces.len().max(1) as f64;
    let q = db
        .faces
        .iter()
        .filter(|f| panic.faces.contains(&f.id))
        .count() as f64
        / faces;
    let hexes = crate::core::dice::binomial(panic.dice as usize, q);
    let mean = hexes.iter().enumerate().map(|(k, p)| k as f64 * p).sum();
    PanicReport {
        dice: panic.dice,
        p_flight_die: q,
        p_gone: to_edge.map(|d| hexes.iter().skip(d as usize).sum()),
        hexes,
        mean,
    }
}
