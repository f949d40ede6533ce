//! `muster preview combat`: one round of close combat between two units, checked: each
//! side's formation (its line by default, reading who-fights), who is in contact (reading
//! contact, flank-rear), charges and counter-charges, and what each side fights with.

use serde::Serialize;

use crate::core::bounds::within;
use crate::core::error::Stop;
use crate::core::words::{Named, Phrase};
use crate::rulesets::wab_aca::database::Database;
use crate::rulesets::wab_aca::model::{Class, Entry, Kind, Lang, UnitOption, HOUSE_RULES};
use crate::rulesets::wab_aca::preview::combat::{self, CombatReport, Rerolls, Side, SideReport};
use crate::rulesets::wab_aca::preview::House;

use super::limits;
use super::unit::{
    default_formation, elite_playing, has, house, resolve, HouseApplied, Resolved, UnitSpec,
};

/// One side as the command line gives it.
#[derive(Debug, Clone, Default)]
pub struct FighterRequest {
    pub unit: Option<UnitSpec>,
    pub fighting: Option<u32>,
    pub ranks: u32,
    pub formation: Option<String>,
    pub flag: bool,
    pub musician: bool,
    pub officer: bool,
    pub elite: Option<u32>,
    pub supports: u32,
    pub won_last_round: bool,
    pub reroll: bool,
    /// Reformed after being charged in a flank or the rear: strikes last (ACA p.12).
    pub reformed: bool,
    /// The formation was not given: the unit's own line, as it fires (set by [`combat`]).
    pub formation_by_default: bool,
}

/// Where the attacker strikes the defender (ACA p.3, p.12; reading flank-rear).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum From {
    Front,
    Flank,
    Rear,
}

/// What the attacker is attacking.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Defended {
    Open,
    /// A defended obstacle (low wall, hedge, house): -1 to hit, charge bonuses lost.
    Obstacle,
    Fortification,
}

#[derive(Debug, Clone)]
pub struct CombatRequest {
    pub attacker: FighterRequest,
    pub defender: FighterRequest,
    /// The attacker charged this turn: +1 to the result, its charge bonuses.
    pub charge: bool,
    /// The defender counter-charged (ACA p.5, p.7): its charge bonuses, no +1.
    pub counter_charge: bool,
    pub defended: Defended,
    pub from: From,
    /// `--contact N`: the defender's figures in contact from the front (default: the
    /// attacker's frontage placed to meet the most of the defender's, reading contact).
    pub contact: Option<u32>,
    /// `--house-rule`: house rules turned on.
    pub house_rules: Vec<String>,
}

/// One side: what it fights with and what it gets.
#[derive(Debug, Clone, Serialize)]
pub struct SideOut {
    #[serde(flatten)]
    pub side: Side,
    /// How many fight and why (reading who-fights, reading contact).
    pub fighting_reason: Phrase,
    /// Its front rank as it meets the enemy's from the front (reading contact); none from a
    /// flank or the rear, or where muster counts no frontage (a battery, skirmishers,
    /// foragers).
    pub frontage: Option<FrontageOut>,
    #[serde(flatten)]
    pub report: SideReport,
}

/// A side's front rank and the part of it in contact (reading contact).
#[derive(Debug, Clone, Copy, Serialize)]
pub struct FrontageOut {
    /// Figures in its front rank (a square: of the face charged).
    pub front: u32,
    /// Millimetres a figure takes in its rank (core.toml `[contact]`).
    pub base_mm: u32,
    pub frontage_mm: u32,
    /// Its figures of the front rank that meet the enemy's frontage.
    pub in_contact: u32,
}

/// `muster preview combat --format json`: each side with its numbers and outcomes, the draw,
/// and the distribution of the result's difference.
#[derive(Debug, Clone, Serialize)]
pub struct CombatOut {
    pub attacker: SideOut,
    pub defender: SideOut,
    pub p_draw: f64,
    /// The house rules played (none: the book's rules).
    pub house_rules: Vec<HouseApplied>,
    /// The wounds the attacker is expected to cause (the matchup table's number).
    pub mean: f64,
    pub difference: std::collections::BTreeMap<i64, f64>,
}

/// A side given no formation stands in its own (`default_formation`), in the ranks that
/// formation has unless `--X-ranks` says otherwise.
fn with_default_formation(db: &Database, side: &mut FighterRequest, unit: &Resolved) {
    if side.formation.is_some() {
        return;
    }
    let Some(id) = default_formation(unit.entry) else {
        return;
    };
    let depth = db
        .formations
        .get(id)
        .and_then(|f| f.shooting.as_ref())
        .and_then(|s| s.depth)
        .unwrap_or(1);
    side.formation = Some(id.to_owned());
    side.formation_by_default = true;
    if side.ranks == 0 {
        side.ranks = depth.saturating_sub(1);
    }
}

fn is_foot(e: &Entry) -> bool {
    matches!(e.kind, Kind::Infantry | Kind::Battery)
}

/// The figures in contact when the attacker strikes a flank (one a rank of the defender) or
/// the rear (the defender's back rank); `None` from the front (reading flank-rear).
fn contact(cx: &CombatRequest, defender: &Resolved) -> Option<u32> {
    let depth = cx.defender.ranks + 1;
    match cx.from {
        From::Front => None,
        From::Flank => Some(depth.min(defender.figures)),
        From::Rear => Some(defender.figures.div_ceil(depth)),
    }
}

/// The figures of a side's front rank: figures ÷ (ranks + 1), rounded up, or a square's face
/// (reading square-face). An unknown formation counts as none here (its side refuses it).
fn front_rank(db: &Database, r: &FighterRequest, unit: &Resolved) -> u32 {
    let square = r
        .formation
        .as_deref()
        .and_then(|id| db.formations.get(id))
        .and_then(|f| f.square);
    match square {
        Some(s) => s.face(unit.figures),
        None => unit.figures.div_ceil(r.ranks + 1),
    }
}

/// A side's front rank and the width each figure takes (reading contact); `None` where muster
/// counts no frontage: a battery (its pieces' bases are not given), a unit whose figures stand
/// apart (skirmishers, foragers).
fn frontage(db: &Database, r: &FighterRequest, unit: &Resolved) -> Option<(u32, u32)> {
    let apart = r
        .formation
        .as_deref()
        .and_then(|id| db.formations.get(id))
        .is_some_and(|f| f.apart);
    let base = match unit.entry.kind {
        Kind::Infantry => db.core.contact.infantry,
        Kind::Cavalry => db.core.contact.cavalry,
        Kind::Battery | Kind::General => return None,
    };
    (!apart).then(|| (front_rank(db, r, unit), base))
}

/// One side's part of the front rank in contact from the front, and why.
#[derive(Debug, Clone)]
struct Met {
    out: FrontageOut,
    /// Why, when not all of its front rank is in contact.
    reason: Phrase,
}

impl Met {
    /// A front rank of `front` figures, `base` mm each, `in_contact` of them in contact.
    fn new(front: u32, base: u32, in_contact: u32, reason: Phrase) -> Self {
        Met {
            out: FrontageOut {
                front,
                base_mm: base,
                frontage_mm: front * base,
                in_contact,
            },
            reason,
        }
    }
}

/// Who is in contact from the front (reading contact): the charge placed to bring the most
/// figures into contact, each side's figures whose bases meet the other's frontage; `--contact N` gives
/// the defender's, the attacker's following from the widths. `None` for a side muster counts
/// no frontage for, and for both from a flank or the rear (reading flank-rear).
fn meeting(
    db: &Database,
    cx: &CombatRequest,
    a_unit: &Resolved,
    d_unit: &Resolved,
) -> Result<(Option<Met>, Option<Met>), String> {
    if cx.from != From::Front {
        if let Some(n) = cx.contact {
            return Err(format!(
                "--contact {n}: from a flank or the rear the figures in contact are those of reading flank-rear (a flank: one a rank; the rear: the back rank); give --attacker-fighting and --defender-fighting"
            ));
        }
        return Ok((None, None));
    }
    let rule = &db.core.contact;
    let a = frontage(db, &cx.attacker, a_unit);
    let d = frontage(db, &cx.defender, d_unit);
    let d_front = d.map_or_else(|| front_rank(db, &cx.defender, d_unit), |(n, _)| n);
    if let Some(n) = cx.contact {
        if n > d_front {
            return Err(format!(
                "--contact {n}: the defender's front rank has {d_front} figure{}",
                if d_front == 1 { "" } else { "s" }
            ));
        }
    }
    let the = |n: u32, base: u32| format!("{n} × {base} mm = {} mm", n * base);
    let mut d_met = None;
    if let Some((front, base)) = d {
        let (in_contact, why) = match (cx.contact, a) {
            (Some(n), _) => (
                n,
                Phrase::new(
                    "wab-contact-given",
                    "{n} of its front rank of {front} in contact, given by --contact",
                )
                .count("n", n)
                .count("front", front),
            ),
            (None, Some((af, ab))) => {
                let n = rule.most_in_contact(front, base, af * ab);
                (
                    n,
                    Phrase::new(
                        "wab-contact-frontage",
                        "the attacker's frontage of {the}, placed to meet the most, meets {n} of the {front} figures of {base} mm of its front rank",
                    )
                    .text("the", the(af, ab))
                    .count("n", n)
                    .count("front", front)
                    .count("base", base),
                )
            }
            (None, None) => (front, nothing()),
        };
        d_met = Some(Met::new(front, base, in_contact, why));
    }
    let mut a_met = None;
    if let Some((front, base)) = a {
        // The defender's width in contact: the part --contact gives, else its whole front.
        let other = match (cx.contact, d) {
            (Some(n), Some((_, db_))) => Some((n, db_)),
            (None, Some(x)) => Some(x),
            (_, None) => None,
        };
        let (in_contact, why) = match other {
            Some((n, b)) => {
                let k = rule.most_in_contact(front, base, n * b);
                let what = if cx.contact.is_some() {
                    Phrase::new(
                        "wab-contact-defender-given",
                        "the defender's {n} figures in contact (--contact), {the},",
                    )
                    .count("n", n)
                    .text("the", the(n, b))
                } else {
                    Phrase::new("wab-contact-defender-frontage", "the defender's frontage of {the}")
                        .text("the", the(n, b))
                };
                (
                    k,
                    Phrase::new(
                        "wab-contact-meets",
                        "{what} meets {k} at most of the {front} figures of {base} mm of its front rank; the others are beyond it",
                    )
                    .phrase("what", what)
                    .count("k", k)
                    .count("front", front)
                    .count("base", base),
                )
            }
            None => match cx.contact {
                // No widths to compare: figure for figure.
                Some(n) if n < front => (
                    n,
                    Phrase::new(
                        "wab-contact-figure-for-figure",
                        "{n} of its front rank of {front} in contact, figure for figure, given by --contact",
                    )
                    .count("n", n)
                    .count("front", front),
                ),
                _ => (front, nothing()),
            },
        };
        a_met = Some(Met::new(front, base, in_contact, why));
    }
    Ok((a_met, d_met))
}

#[allow(clippy::too_many_arguments)]
fn side(
    db: &Database,
    who: &str,
    r: &FighterRequest,
    unit: &Resolved,
    other: &Resolved,
    cx: &CombatRequest,
    contact: Option<u32>,
    met: Option<&Met>,
    house: House,
) -> Result<(Side, Phrase), Stop> {
    // The attacker charged (+1 and its bonuses); a counter-charging defender has the
    // bonuses but the attacker keeps the +1 (ACA p.5, p.7).
    let (charging, charge_bonus) = if who == "attacker" {
        (cx.charge, cx.charge)
    } else {
        (cx.counter_charge, false)
    };
    let e = unit.entry;
    let p = e.profile;
    let rules = &db.rules.combat;
    let formation = match &r.formation {
        Some(id) => Some(db.formations.get(id).ok_or_else(|| {
            let mut known: Vec<&str> = db.formations.ids().collect();
            known.sort_unstable();
            format!(
                "--{who}-formation: unknown formation `{id}`; known: {}",
                known.join(", ")
            )
        })?),
        None => None,
    };
    if let Some(f) = formation {
        if !e.formations.contains(&f.id) {
            return Err(format!(
                "--{who}-formation: {} does not take the formation {} (it takes {})",
                e.name.get(Lang::En),
                f.id,
                e.formations.join(", ")
            )
            .into());
        }
    }
    let other_formation = if who == "attacker" {
        cx.defender.formation.as_deref()
    } else {
        cx.attacker.formation.as_deref()
    };
    let other_square = other_formation
        .and_then(|id| db.formations.get(id))
        .is_some_and(|f| f.square.is_some());
    // A square's rank bonus is its formation's, and it fights with the front rank of the face
    // charged (ACA p.3, reading square-face).
    let square = formation.and_then(|f| f.square.map(|s| (f, s)));
    if let Some((f, _)) = square {
        if r.ranks > 0 {
            return Err(format!(
                "--{who}-ranks: the rank bonus of a square is set by its formation (ACA p.3: a hollow square of 12 figures or more +3, +2 light infantry; a solid square +1); give no ranks with --{who}-formation {}",
                f.id
            )
            .into());
        }
        if let Some(min) = f.min_figures {
            if unit.figures < min {
                return Err(Stop::cannot(
                    format!(
                        "--{who}-formation {}: {} figures; a hollow square needs at least {min} (ACA p.3: \"tant qu'il comporte au moins 12 figurines\"); a smaller unit forms a solid square",
                        f.id, unit.figures
                    ),
                    Phrase::new(
                        "cannot-hollow-square",
                        "{unit}: {n|# figure|# figures}; a hollow square needs at least {min} (ACA p.3); a smaller unit forms a solid square",
                    )
                    .phrase("unit", unit.name.clone())
                    .count("n", unit.figures)
                    .count("min", min),
                ));
            }
        }
    }
    // A square cancels every advantage of a cavalry charge (ACA p.3); an obstacle the charge
    // bonuses, unless open order (ACA p.12).
    let cancelled = (e.kind == Kind::Cavalry && other_square)
        || (who == "attacker" && cx.defended != Defended::Open && !has(e, "open-order"));
    let strength_bonus = if charging && !cancelled {
        match e.kind {
            Kind::Cavalry => db
                .weapons
                .get(&e.weapon)
                .map_or(0, |w| w.charge_strength_bonus),
            Kind::Infantry => rules.bayonet_charge_strength,
            _ => 0,
        }
    } else {
        0
    };
    // Who fights (reading who-fights, reading contact): the front rank, a square's face, the
    // part of it in contact from the front, and in the turn it charges from the front, what its
    // formation adds; the figures in contact from a flank or the rear; or the number given.
    let depth = r.ranks + 1;
    let front = match square {
        Some((_, s)) => s.face(unit.figures),
        None => unit.figures.div_ceil(depth),
    };
    // The front rank's figures in contact, and why when not all of them are.
    let (in_contact, cut) = match met {
        Some(m) if m.out.in_contact < front => (m.out.in_contact, Some(m.reason.clone())),
        _ => (front, None),
    };
    let rear = unit.figures - unit.figures.div_ceil(depth);
    let added = formation
        .and_then(|f| f.charging.as_ref())
        .filter(|_| square.is_none() && charging && contact.is_none())
        .and_then(|c| {
            if c.rear_half {
                // Half the figures of the ranks behind those in contact (all of them behind a
                // front rank wholly in contact).
                let behind = rear.min(in_contact * r.ranks);
                Some((
                    behind.div_ceil(2),
                    if cut.is_none() {
                        Phrase::new(
                            "wab-half-behind",
                            "half the {rear} figures of the ranks behind",
                        )
                        .count("rear", rear)
                    } else {
                        Phrase::new(
                            "wab-half-behind-them",
                            "half the {behind} figures behind them",
                        )
                        .count("behind", behind)
                    },
                    c,
                ))
            } else if c.flank_per_rank > 0 && r.ranks > 0 && cut.is_none() {
                // The flank figures stand behind the front rank's ends: in contact only
                // when those are.
                Some((
                    (c.flank_per_rank * r.ranks).min(rear),
                    Phrase::new(
                        "wab-flank-figures",
                        "{flank} flank figures × {ranks|# rank|# ranks}",
                    )
                    .count("flank", c.flank_per_rank)
                    .count("ranks", r.ranks),
                    c,
                ))
            } else {
                None
            }
        });
    // What the formation gives with its front rank wholly in contact (said beside a number
    // given), and whether an attack column's flank figures are beyond the enemy's front.
    let charging_adds = formation
        .and_then(|f| f.charging.as_ref())
        .filter(|_| square.is_none() && charging && contact.is_none());
    let formation_gives = front
        + charging_adds.map_or(0, |c| {
            if c.rear_half {
                rear.div_ceil(2)
            } else if r.ranks > 0 {
                (c.flank_per_rank * r.ranks).min(rear)
            } else {
                0
            }
        });
    let flanks_beyond = cut.is_some()
        && charging_adds.is_some_and(|c| !c.rear_half && c.flank_per_rank > 0 && r.ranks > 0);
    let (fighting_default, reason) = match (square, cut, &added) {
        (_, Some(why), Some((n, what, c))) => (
            in_contact + n,
            Phrase::new(
                "wab-fighting-contact-charging",
                "{total} fighting: {in_contact} in contact ({why}, reading contact, ACA p.5, p.7) + {what}, charging, {section}",
            )
            .count("total", in_contact + n)
            .count("in_contact", in_contact)
            .phrase("why", why)
            .phrase("what", what.clone())
            .text("section", c.section.clone()),
        ),
        (_, Some(why), None) => (
            in_contact,
            Phrase::new(
                "wab-fighting-contact",
                "{in_contact} fighting: {why}{flanks} (reading contact, ACA p.5, p.7)",
            )
            .count("in_contact", in_contact)
            .phrase("why", why)
            .phrase(
                "flanks",
                if flanks_beyond {
                    Phrase::new(
                        "wab-flanks-beyond",
                        ", its flank figures behind the front rank's ends too",
                    )
                } else {
                    nothing()
                },
            ),
        ),
        (Some((f, _)), None, _) => (
            front,
            Phrase::new(
                "wab-fighting-square",
                "{front} fighting: the front rank of a face of the {name} (ACA p.3, reading square-face)",
            )
            .count("front", front)
            .name("name", lower(&f.name)),
        ),
        (None, None, Some((n, what, c))) => (
            front + n,
            Phrase::new(
                "wab-fighting-charging",
                "{total} fighting: front rank {front} + {what}, charging, {section}",
            )
            .count("total", front + n)
            .count("front", front)
            .phrase("what", what.clone())
            .text("section", c.section.clone()),
        ),
        (None, None, None) => (
            front,
            Phrase::new(
                "wab-fighting-front",
                "{front} fighting: the front rank ({figures} figures in {depth|# rank|# ranks}{by_default})",
            )
            .count("front", front)
            .count("figures", unit.figures)
            .count("depth", depth)
            .phrase(
                "by_default",
                match formation.filter(|_| r.formation_by_default) {
                    Some(f) => Phrase::new(
                        "wab-fighting-by-default",
                        ", its {name} when no formation is given, reading who-fights",
                    )
                    .name("name", lower(&f.name)),
                    None => nothing(),
                },
            ),
        ),
    };
    let (fighting_default, reason) = match contact {
        Some(c) if c < fighting_default => (
            c,
            if cx.from == From::Rear {
                Phrase::new(
                    "wab-fighting-rear",
                    "{c} fighting: the figures in contact from the rear (reading flank-rear)",
                )
            } else {
                Phrase::new(
                    "wab-fighting-flank",
                    "{c} fighting: the figures in contact from the flank (reading flank-rear)",
                )
            }
            .count("c", c),
        ),
        _ => (fighting_default, reason),
    };
    let fighting = within(
        &format!("--{who}-fighting"),
        r.fighting.unwrap_or(fighting_default),
        &limits::FIGHTING,
        "engine limit",
    )?;
    let reason = if r.fighting.is_none() {
        reason
    } else if fighting_default == formation_gives {
        Phrase::new(
            "wab-fighting-given",
            "{fighting} fighting: given by --{who}-fighting (the formation gives {gives})",
        )
        .count("fighting", fighting)
        .text("who", who)
        .count("gives", fighting_default)
    } else {
        Phrase::new(
            "wab-fighting-given-contact",
            "{fighting} fighting: given by --{who}-fighting (the formation gives {gives}, {contact} of them in contact)",
        )
        .count("fighting", fighting)
        .text("who", who)
        .count("gives", formation_gives)
        .count("contact", fighting_default)
    };
    if fighting > unit.figures {
        return Err(format!(
            "--{who}-fighting: {fighting} figures fighting, but the unit has {}",
            unit.figures
        )
        .into());
    }
    let cap = formation
        .map(|f| match (e.class, f.rank_bonus_light) {
            (Some(Class::LightInfantry), Some(light)) => light,
            _ => f.rank_bonus,
        })
        .unwrap_or(rules.max_rank_bonus)
        .min(rules.max_rank_bonus);
    let ranks = if square.is_some() {
        cap
    } else {
        r.ranks.min(cap)
    };
    // Attacked in a flank or the rear by 5 figures or more: no rank bonus (reading flank-rear).
    let flank = &db.core.flank;
    let ranks =
        if who == "defender" && cx.from != From::Front && other.figures >= flank.cancels_ranks_from
        {
            0
        } else {
            ranks
        };
    let elite = elite_playing(&format!("--{who}-elite"), Some(unit), r.elite, house)?;
    if elite > 0 && !e.offers(UnitOption::Elite) {
        return Err(format!(
            "--{who}-elite: {} has no elite figures to buy",
            e.name.get(Lang::En)
        )
        .into());
    }
    if elite > unit.figures {
        return Err(format!(
            "--{who}-elite: {elite} elite figures among {}",
            unit.figures
        )
        .into());
    }
    let rerolls = if has(e, "pistols") {
        Rerolls::All
    } else if elite > 0 {
        Rerolls::Elite(elite.min(fighting))
    } else {
        Rerolls::None
    };
    let impact = charging && !cancelled && has(e, "impact") && is_foot(other.entry);
    let quality = db.quality(e);
    if r.reroll && quality.is_none_or(|q| q.rerolls == 0) {
        return Err(Stop::cannot(
            format!(
                "--{who}-reroll: {} is {}, which has no re-roll of a failed test (ACA p.13)",
                e.name.get(Lang::En),
                e.quality
            ),
            super::unit::no_reroll_said(db, unit),
        ));
    }
    let supports = within(
        &format!("--{who}-supports"),
        r.supports,
        &limits::SUPPORTS,
        "ACA p.12",
    )?;
    let officer = matches!(e.kind, Kind::Infantry | Kind::Cavalry);
    if r.officer && !officer {
        return Err(format!(
            "--{who}-officer: {} has no unit officer",
            e.name.get(Lang::En)
        )
        .into());
    }
    Ok((
        Side {
            name: unit.name.clone(),
            figures: unit.figures + u32::from(officer),
            fighting,
            attacks: p.a,
            extra_attacks: u32::from(r.officer),
            ws: p.ws,
            strength: p.s,
            strength_bonus,
            toughness: p.t,
            wounds: p.w,
            save: p.sv,
            leadership: p.ld,
            to_hit_modifier: if who == "attacker" {
                match cx.defended {
                    Defended::Open => 0,
                    Defended::Obstacle => rules.obstacle_to_hit,
                    Defended::Fortification => rules.fortification_to_hit,
                }
            } else {
                0
            },
            rerolls,
            impact_attacks: if impact { fighting } else { 0 },
            impact_ws: rules.heavy_impact_ws,
            first_strike: db.weapons.get(&e.weapon).is_some_and(|w| w.strikes_first)
                && matches!(other.entry.kind, Kind::Infantry | Kind::Cavalry),
            strikes_last: r.reformed,
            position_bonus: match (who, cx.from) {
                ("attacker", From::Flank) => flank.flank_bonus,
                ("attacker", From::Rear) => flank.rear_bonus,
                _ => 0,
            },
            ranks,
            charge_bonus: if charge_bonus && !cancelled {
                rules.charge_bonus
            } else {
                0
            },
            flag_bonus: if r.flag || unit.flag {
                rules.flag_bonus
            } else {
                0
            },
            musician: r.musician || unit.musician,
            support_bonus: supports * rules.support_bonus,
            push_bonus: if r.won_last_round {
                rules.push_bonus
            } else {
                0
            },
            outnumber_bonus: rules.outnumber_bonus,
            stubborn: has(e, "stubborn") || quality.is_some_and(|q| q.stubborn),
            reroll_break: r.reroll,
            house,
        },
        reason,
    ))
}

pub fn combat(db: &Database, r: &CombatRequest) -> Result<CombatOut, Stop> {
    let a_spec = r
        .attacker
        .unit
        .as_ref()
        .ok_or("give the attacker: --attacker ENTRY[:FIGURES] or LIST.toml:N")?;
    let d_spec = r
        .defender
        .unit
        .as_ref()
        .ok_or("give the defender: --defender ENTRY[:FIGURES] or LIST.toml:N")?;
    let a_unit = resolve(db, "--attacker", a_spec)?;
    let d_unit = resolve(db, "--defender", d_spec)?;
    // A side given no formation stands in its line, as it fires (reading who-fights).
    let mut r = r.clone();
    with_default_formation(db, &mut r.attacker, &a_unit);
    with_default_formation(db, &mut r.defender, &d_unit);
    let r = &r;
    for (flag, u) in [("--attacker", &a_unit), ("--defender", &d_unit)] {
        if u.entry.kind == Kind::General {
            return Err(Stop::cannot(
                format!(
                    "{flag}: {} is a general; combat previews are for units",
                    u.name
                ),
                Phrase::new(
                    "cannot-general-combat",
                    "{unit} is a general: close combat is previewed between units",
                )
                .name("unit", u.label.clone()),
            ));
        }
    }
    if r.won_last_round_both() {
        return Err("only one side won the previous round".into());
    }
    if r.counter_charge && !r.charge {
        return Err("--counter-charge answers a charge: give --charge too".into());
    }
    if r.counter_charge {
        // The infantry counter-charges infantry only (ACA p.5).
        let reaction = d_unit.entry.arm().and_then(|arm| {
            db.rules
                .reaction
                .iter()
                .find(|x| x.id == "counter-charge" && x.arm == arm)
        });
        if let Some(only) = reaction.and_then(|x| x.only_against) {
            if a_unit.entry.arm() != Some(only) {
                return Err(Stop::cannot(
                    format!(
                        "--counter-charge: {} is {}, and {} is {}: {} counter-charges {only} only (ACA p.5: \"Contre-charger (uniquement face à de l'infanterie)\")",
                        d_unit.name,
                        d_unit.entry.kind,
                        a_unit.name,
                        a_unit.entry.kind,
                        d_unit.entry.kind,
                    ),
                    Phrase::new(
                        "cannot-counter-charge",
                        "{unit} counter-charges infantry only (ACA p.5), and {charger} is not",
                    )
                    .phrase("unit", d_unit.name.clone())
                    .phrase("charger", a_unit.name.clone()),
                ));
            }
        }
    }
    if r.from != From::Front {
        let square = r
            .defender
            .formation
            .as_deref()
            .and_then(|id| db.formations.get(id))
            .filter(|f| f.square.is_some());
        if let Some(f) = square {
            return Err(Stop::cannot(
                format!(
                    "--attack-from {}: the defender is in {} (ACA p.3: \"Un carré n'a ni flanc ni arrière\")",
                    if r.from == From::Flank { "flank" } else { "rear" },
                    f.id
                ),
                Phrase::new(
                    "cannot-square-flank",
                    "{unit} is in {formation}: a square has neither flank nor rear (ACA p.3)",
                )
                .phrase("unit", d_unit.name.clone())
                .name(
                    "formation",
                    Named::new(
                        f.name.get(Lang::En).to_lowercase(),
                        Some(f.name.get(Lang::Fr).to_lowercase()),
                        Some(f.name.get(Lang::Es).to_lowercase()),
                    ),
                ),
            ));
        }
        if r.defender.reformed {
            return Err(format!(
                "--attack-from {} with --defender-reformed: a unit that reformed faces its enemy (ACA p.12: \"afin de ne plus subir le malus de prise de flanc ou de dos\")",
                if r.from == From::Flank { "flank" } else { "rear" },
            ).into());
        }
    }
    if r.attacker.reformed && r.defender.reformed {
        return Err("--attacker-reformed and --defender-reformed: only the unit charged in a flank or the rear reforms, and it strikes last (ACA p.12)".into());
    }
    let contact = contact(r, &d_unit);
    let (a_met, d_met) = meeting(db, r, &a_unit, &d_unit)?;
    let (house_on, house_rules) = house(
        db,
        &r.house_rules,
        &[Some(&a_unit), Some(&d_unit)],
        HOUSE_RULES,
    )?;
    let (attacker, a_reason) = side(
        db,
        "attacker",
        &r.attacker,
        &a_unit,
        &d_unit,
        r,
        contact,
        a_met.as_ref(),
        house_on,
    )?;
    let (defender, d_reason) = side(
        db,
        "defender",
        &r.defender,
        &d_unit,
        &a_unit,
        r,
        contact,
        d_met.as_ref(),
        house_on,
    )?;
    let report: CombatReport = combat::round(db, &attacker, &defender);
    Ok(CombatOut {
        attacker: SideOut {
            side: attacker,
            fighting_reason: a_reason,
            frontage: a_met.map(|m| m.out),
            report: report.attacker,
        },
        defender: SideOut {
            side: defender,
            fighting_reason: d_reason,
            frontage: d_met.map(|m| m.out),
            report: report.defender,
        },
        p_draw: report.p_draw,
        house_rules,
        mean: report.mean,
        difference: report.difference,
    })
}

impl CombatRequest {
    fn won_last_round_both(&self) -> bool {
        self.attacker.won_last_round && self.defender.won_last_round
    }
}

/// A phrase that says nothing (a part of a sentence left out).
fn nothing() -> Phrase {
    Phrase::new("nothing", "")
}

/// A formation's name in each language, as a sentence says it (lower case).
fn lower(name: &crate::rulesets::wab_aca::model::Names) -> Named {
    Named::new(
        name.get(Lang::En).to_lowercase(),
        Some(name.get(Lang::Fr).to_lowercase()),
        Some(name.get(Lang::Es).to_lowercase()),
    )
}
