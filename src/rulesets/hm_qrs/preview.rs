//! Exact previews of the quick-reference sheet (HM): the command test (2D6 at or under the
//! rating), the break test (2D6 + modifiers read on the table), shooting and hand-to-hand
//! (dice by value, size, formation and situation; hits on 4+ and saves on the unit's value,
//! a natural 6 always succeeding and a natural 1 always failing), and the break test that
//! follows, its modifier growing with each casualty above stamina.

use std::collections::BTreeMap;

use serde::Serialize;

use super::database::Database;
use super::model::*;
use crate::core::bounds::within;
use crate::core::dice::binomial;
use crate::core::i18n::FrEn;
use crate::core::words::{Named, Phrase};

pub mod limits {
    use std::ops::RangeInclusive;
    /// Engine limit: a modifier to a 2D6 test (beyond ±20 the result never changes).
    pub const MODIFIER: RangeInclusive<i32> = -20..=20;
    /// Engine limit: dice of one unit (values of 12, a large unit in enfilade: about 30).
    pub const DICE: RangeInclusive<u32> = 0..=60;
    /// Engine limit: a commander's rating and a unit's values.
    pub const RATING: RangeInclusive<i32> = 2..=12;
    pub const VALUE: RangeInclusive<u32> = 0..=12;
    pub const SAVE: RangeInclusive<u32> = 2..=7;
    pub const CASUALTIES: RangeInclusive<u32> = 0..=60;
    pub const SIDES: RangeInclusive<u32> = 1..=4;
    pub const DISTANCE: RangeInclusive<u32> = 0..=400;
}

/// P(2D6 = s) for s = 2..=12.
fn two_d6() -> [(i64, f64); 11] {
    let mut out = [(0i64, 0.0f64); 11];
    for (i, slot) in out.iter_mut().enumerate() {
        let s = i as i64 + 2;
        let ways = 6 - (s - 7).abs();
        *slot = (s, ways as f64 / 36.0);
    }
    out
}

/// P(2D6 ≤ target).
pub fn p_command(target: i64) -> f64 {
    two_d6()
        .iter()
        .filter(|(s, _)| *s <= target)
        .fold(0.0, |a, (_, p)| a + p)
}

/// The break test's outcomes for 2D6 + `modifier`.
pub fn break_test(
    db: &Database,
    arm: Arm,
    combat: Combat,
    modifier: i64,
) -> BTreeMap<Verdict, f64> {
    let mut out: BTreeMap<Verdict, f64> = Verdict::ALL.iter().map(|v| (*v, 0.0)).collect();
    for (s, p) in two_d6() {
        *out.entry(db.verdict(s + modifier, arm, combat))
            .or_insert(0.0) += p;
    }
    out
}

/// P(a d6 succeeds) needing `needs` − `modifier`, a 6 always succeeding and a 1 always
/// failing.
pub fn p_d6(needs: i64, modifier: i64) -> f64 {
    let n = (needs - modifier).clamp(2, 6);
    (7 - n) as f64 / 6.0
}

/// The dice of a unit: its value, then its size, formation and situations (reading
/// dice-order); `None`: it may not shoot (or fight).
pub fn dice(value: u32, ops: &[DiceOp], sides: u32) -> Option<u32> {
    let mut n = i64::from(value);
    for op in ops {
        n = match *op {
            DiceOp::None => return None,
            DiceOp::Add(k) => n + i64::from(k),
            DiceOp::Set(k) => i64::from(k),
            DiceOp::Times(k) => n * i64::from(k),
            DiceOp::PerSide(k) => i64::from(k) * i64::from(sides),
        };
    }
    Some(u32::try_from(n.max(0)).unwrap_or(u32::MAX))
}

fn outcomes_json(m: &BTreeMap<Verdict, f64>) -> BTreeMap<&'static str, f64> {
    m.iter().map(|(v, p)| (v.as_str(), *p)).collect()
}

// ── command and break test ──────────────────────────────────────────────────────────────────

/// A modifier as a report shows it: its id in the data, its words, its value.
#[derive(Debug, Clone, Serialize)]
pub struct Line {
    pub id: String,
    pub name: Phrase,
    pub value: i64,
}

#[derive(Debug, Clone, Serialize)]
pub struct CommandReport {
    pub rating: i64,
    pub target: i64,
    pub p_success: f64,
    pub modifiers: Vec<Line>,
}

pub struct CommandRequest {
    pub rating: i32,
    pub modifiers: Vec<i32>,
    pub with: Vec<String>,
    pub distance_inches: u32,
}

pub fn command(db: &Database, r: &CommandRequest) -> Result<CommandReport, String> {
    let rating = within("--rating", r.rating, &limits::RATING, "engine limit")?;
    let distance = within(
        "--distance",
        r.distance_inches,
        &limits::DISTANCE,
        "inches, engine limit",
    )?;
    let rules = &db.rules.command;
    let mut mods: Vec<Line> = Vec::new();
    let steps = distance / rules.distance_inches.max(1);
    if steps > 0 {
        mods.push(Line {
            id: "distance".into(),
            name: Phrase::new(
                "line-distance",
                "{distance}\" from the commander ({per} per full {inches}\")",
            )
            .count("distance", distance)
            .count("per", rules.per_distance)
            .count("inches", rules.distance_inches),
            value: i64::from(rules.per_distance) * i64::from(steps),
        });
    }
    for id in &r.with {
        let m = rules.modifier.iter().find(|m| &m.id == id).ok_or_else(|| {
            let known: Vec<&str> = rules.modifier.iter().map(|m| m.id.as_str()).collect();
            format!(
                "--with: unknown command modifier `{id}`; known: {}",
                known.join(", ")
            )
        })?;
        mods.push(Line {
            id: m.id.clone(),
            name: said_name(&m.name),
            value: i64::from(m.value),
        });
    }
    for k in &r.modifiers {
        within("--modifier", *k, &limits::MODIFIER, "engine limit")?;
        mods.push(Line {
            id: "modifier".into(),
            name: Phrase::new("line-modifier", "--modifier"),
            value: i64::from(*k),
        });
    }
    let target = i64::from(rating) + mods.iter().map(|l| l.value).sum::<i64>();
    Ok(CommandReport {
        rating: i64::from(rating),
        target,
        p_success: p_command(target),
        modifiers: mods,
    })
}

#[derive(Debug, Clone, Serialize)]
pub struct BreakReport {
    pub arm: Arm,
    /// The condition asked for (A to E), when the line was chosen by it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub test: Option<String>,
    pub combat: Combat,
    pub modifier: i64,
    pub outcomes: BTreeMap<&'static str, f64>,
}

pub struct BreakRequest {
    pub arm: Arm,
    pub combat: Combat,
    /// A condition of the sheet (A to E): the line is its combat's, not `combat`.
    pub test: Option<String>,
    pub modifier: i32,
    pub over_stamina: u32,
    pub disordered: bool,
    pub artillery_losses: bool,
}

/// The sheet's break-test modifier: per casualty above stamina, disorder, artillery losses.
fn break_modifier(db: &Database, over: u32, disordered: bool, artillery: bool) -> i64 {
    db.rules
        .break_test
        .modifier
        .iter()
        .map(|m| {
            let v = i64::from(m.value);
            match m.id.as_str() {
                "over-stamina" => v * i64::from(over),
                "disordered" if disordered => v,
                "artillery-losses" if artillery => v,
                _ => 0,
            }
        })
        .sum()
}

pub fn break_report(db: &Database, r: &BreakRequest) -> Result<BreakReport, String> {
    let k = within("--modifier", r.modifier, &limits::MODIFIER, "engine limit")?;
    let over = within(
        "--over-stamina",
        r.over_stamina,
        &limits::CASUALTIES,
        "engine limit",
    )?;
    let modifier = i64::from(k) + break_modifier(db, over, r.disordered, r.artillery_losses);
    let (test, combat) = match &r.test {
        None => (None, r.combat),
        Some(t) => {
            let c = db
                .rules
                .condition
                .iter()
                .find(|c| c.id.eq_ignore_ascii_case(t))
                .ok_or_else(|| {
                    let known: Vec<&str> =
                        db.rules.condition.iter().map(|c| c.id.as_str()).collect();
                    format!(
                        "--test {t}: not a test condition of the sheet; known: {}",
                        known.join(", ")
                    )
                })?;
            (Some(c.id.clone()), c.combat)
        }
    };
    Ok(BreakReport {
        arm: r.arm,
        test,
        combat,
        modifier,
        outcomes: outcomes_json(&break_test(db, r.arm, combat, modifier)),
    })
}

// ── shooting ────────────────────────────────────────────────────────────────────────────────

/// A unit as the previews take it: a type of the data, or plain values.
#[derive(Debug, Clone, Default)]
pub struct Fighter {
    pub unit: Option<String>,
    pub value: Option<u32>,
    pub size: Option<String>,
    pub formation: Option<String>,
    pub situations: Vec<String>,
    pub sides: u32,
}

fn resolve_dice<'a>(
    db: &'a Database,
    f: &Fighter,
    flag: &str,
    shooting: bool,
) -> Result<(u32, Option<&'a Unit>), String> {
    let unit = f
        .unit
        .as_deref()
        .map(|id| {
            db.units.get(id).ok_or_else(|| {
                let mut known: Vec<&str> = db.units.ids().collect();
                known.sort_unstable();
                format!("{flag}: unknown unit `{id}`; known: {}", known.join(", "))
            })
        })
        .transpose()?;
    let value = match (f.value, unit) {
        (Some(v), _) => within(&format!("{flag}-dice"), v, &limits::VALUE, "engine limit")?,
        (None, Some(u)) => {
            if shooting {
                u.shooting
            } else {
                u.hand_to_hand
            }
        }
        (None, None) => return Err(format!("give {flag} UNIT or {flag}-dice N")),
    };
    let op = |row: &DiceRow| if shooting { row.shoot } else { row.combat };
    let mut ops = Vec::new();
    let size = f.size.clone().or(unit.map(|u| u.size.clone()));
    if let Some(s) = size {
        let row = db
            .size(&s)
            .ok_or_else(|| format!("{flag}-size: unknown size `{s}`"))?;
        ops.extend(op(row));
    }
    let formation = f.formation.clone().or(unit.map(|u| u.formation.clone()));
    if let Some(id) = formation {
        let row = db
            .formation(&id)
            .ok_or_else(|| format!("{flag}-formation: unknown formation `{id}`"))?;
        ops.extend(op(row));
    }
    for s in &f.situations {
        let row = db
            .situation(s)
            .ok_or_else(|| format!("{flag}-situation: unknown situation `{s}`"))?;
        ops.extend(op(row));
    }
    let sides = within(
        &format!("{flag}-sides"),
        f.sides.max(1),
        &limits::SIDES,
        "a square or a building's faces",
    )?;
    let n = dice(value, &ops, sides).ok_or_else(|| {
        format!(
            "{flag}: in that formation the unit may not {}",
            if shooting { "shoot" } else { "fight" }
        )
    })?;
    let n = within(&format!("{flag} dice"), n, &limits::DICE, "engine limit")?;
    Ok((n, unit))
}

fn sum_modifiers(table: &[Modifier], ids: &[String], flag: &str) -> Result<i64, String> {
    let mut total = 0;
    for id in ids {
        let m = table.iter().find(|m| &m.id == id).ok_or_else(|| {
            let known: Vec<&str> = table.iter().map(|m| m.id.as_str()).collect();
            format!(
                "{flag}: unknown modifier `{id}`; known: {}",
                known.join(", ")
            )
        })?;
        total += i64::from(m.value);
    }
    Ok(total)
}

/// Save modifiers that hold only against artillery fire, or never against it.
fn check_save_against(
    db: &Database,
    ids: &[String],
    flag: &str,
    artillery: bool,
) -> Result<(), String> {
    for id in ids {
        let Some(m) = db.rules.save.modifier.iter().find(|m| &m.id == id) else {
            continue; // unknown ids are reported by sum_modifiers
        };
        match m.artillery {
            Some(true) if !artillery => {
                return Err(format!(
                    "{flag} {id}: only against artillery fire (“{}”); the shooter is not artillery",
                    m.name.en
                ))
            }
            Some(false) if artillery => {
                return Err(format!(
                    "{flag} {id}: not against artillery fire (“{}”)",
                    m.name.en
                ))
            }
            _ => {}
        }
    }
    Ok(())
}

/// A modifier of the sheet the preview applied because of a state the user gave (a unit
/// disordered or shaken, a formation): never twice, never when the user named it.
#[derive(Debug, Clone, Serialize)]
pub struct Applied {
    /// "hit", "save" or "shoot": the sheet's table it comes from.
    pub table: &'static str,
    pub id: String,
    pub value: i32,
    pub name: Phrase,
    /// The state that ties it: "disordered", "shaken", "formation attack-column".
    pub because: Phrase,
}

/// The sheet's modifier `id` of `table`, applied for `because`, unless `given` names it.
fn state_modifier(
    table: &'static str,
    modifiers: &[Modifier],
    id: &str,
    given: &[String],
    because: Phrase,
) -> Option<Applied> {
    if given.iter().any(|g| g == id) {
        return None;
    }
    let m = modifiers.iter().find(|m| m.id == id)?;
    Some(Applied {
        table,
        id: m.id.clone(),
        value: m.value,
        name: said_name(&m.name),
        because,
    })
}

/// "disordered", "shaken (3 casualties, stamina 3)", or neither (HM: "Ebranlée ou En
/// désordre"; a unit is shaken when its casualties reach its stamina, reading `shaken`).
fn shaken_or_disordered(disordered: bool, casualties: u32, stamina: Option<u32>) -> Option<Phrase> {
    if disordered {
        return Some(Phrase::new("state-disordered", "disordered"));
    }
    let s = stamina?;
    (casualties >= s).then(|| {
        Phrase::new(
            "state-shaken",
            "shaken ({casualties} casualties, stamina {stamina})",
        )
        .count("casualties", casualties)
        .count("stamina", s)
    })
}

/// A name of the data in each of its languages, as a report's phrase (its JSON, the
/// English).
fn said_name(name: &FrEn) -> Phrase {
    Phrase::new("said-name", "{name}").name(
        "name",
        Named::new(name.en.clone(), Some(name.fr.clone()), None),
    )
}

/// A formation by its name in the data (its id when the data has none).
fn formation_name(db: &Database, id: &str) -> Named {
    db.formation(id).map_or(Named::same(id), |f| {
        Named::new(id, Some(f.name.fr.clone()), None)
    })
}

/// The save modifiers a formation ties to an infantry unit (HM, Moral): attack column +1
/// (never against artillery fire), march column -2 (reading formation-states).
fn formation_saves(
    db: &Database,
    formation: Option<&str>,
    arm: Arm,
    artillery_fire: bool,
    given: &[String],
) -> Vec<Applied> {
    let Some(f) = formation else {
        return Vec::new();
    };
    let id = match f {
        "attack-column" if arm == Arm::Infantry && !artillery_fire => "attack-column",
        "march-column" => "march-column",
        _ => return Vec::new(),
    };
    state_modifier(
        "save",
        &db.rules.save.modifier,
        id,
        given,
        Phrase::new("state-formation", "formation {f}").name("f", formation_name(db, f)),
    )
    .into_iter()
    .collect()
}

pub struct ShootRequest {
    pub shooter: Fighter,
    /// Shooting modifiers by id, and a number.
    pub with: Vec<String>,
    pub modifier: i32,
    pub target: Option<String>,
    pub save: Option<u32>,
    pub save_with: Vec<String>,
    pub target_arm: Option<Arm>,
    pub stamina: Option<u32>,
    pub casualties_before: u32,
    pub disordered: bool,
    /// The target's formation (default: its type's).
    pub target_formation: Option<String>,
    /// The shooter is artillery (losses give the target -1 on its test).
    pub artillery: bool,
    /// Artillery at close range: a test (B) on any casualty.
    pub close: bool,
    /// The shooter is disordered, or has had casualties (shaken at its stamina).
    pub shooter_disordered: bool,
    pub shooter_casualties_before: u32,
}

#[derive(Debug, Clone, Serialize)]
pub struct ShootReport {
    pub dice: u32,
    pub p_hit: f64,
    pub p_save: f64,
    pub casualties: Vec<f64>,
    pub mean: f64,
    /// P(the target must take a break test: condition A or B).
    pub p_test: f64,
    /// P(no test, or the test's outcome): "untested", "lache", "recule", "tient".
    pub outcomes: BTreeMap<&'static str, f64>,
    /// Modifiers applied for the states given (disordered, shaken, formations).
    pub applied: Vec<Applied>,
}

pub fn shoot(db: &Database, r: &ShootRequest) -> Result<ShootReport, String> {
    let (n, shooter_unit) = resolve_dice(db, &r.shooter, "--shooter", true)?;
    let k = within("--modifier", r.modifier, &limits::MODIFIER, "engine limit")?;
    let mut hit_mod = sum_modifiers(&db.rules.shoot_modifier, &r.with, "--with")? + i64::from(k);
    let shooter_before = within(
        "--shooter-casualties-before",
        r.shooter_casualties_before,
        &limits::CASUALTIES,
        "engine limit",
    )?;
    let mut applied = Vec::new();
    if let Some(why) = shaken_or_disordered(
        r.shooter_disordered,
        shooter_before,
        shooter_unit.map(|u| u.stamina),
    ) {
        applied.extend(state_modifier(
            "shoot",
            &db.rules.shoot_modifier,
            "shaken",
            &r.with,
            Phrase::new("state-shooter-is", "the shooter is {why}").phrase("why", why),
        ));
    }
    let target = r
        .target
        .as_deref()
        .map(|id| {
            db.units
                .get(id)
                .ok_or_else(|| format!("--target: unknown unit `{id}`"))
        })
        .transpose()?;
    let save = match (r.save, target) {
        (Some(s), _) => within("--save", s, &limits::SAVE, "7: no save")?,
        (None, Some(t)) => t.morale,
        (None, None) => db.rules.save.default,
    };
    let mut save_mod = sum_modifiers(&db.rules.save.modifier, &r.save_with, "--save-with")?;
    let artillery = r.artillery || shooter_unit.is_some_and(|u| u.arm == Arm::Artillery);
    check_save_against(db, &r.save_with, "--save-with", artillery)?;
    let arm = r
        .target_arm
        .or(target.map(|t| t.arm))
        .unwrap_or(Arm::Infantry);
    let formation = r
        .target_formation
        .clone()
        .or(target.map(|t| t.formation.clone()));
    if let Some(f) = &formation {
        if db.formation(f).is_none() {
            return Err(format!("--target-formation: unknown formation `{f}`"));
        }
    }
    applied.extend(formation_saves(
        db,
        formation.as_deref(),
        arm,
        artillery,
        &r.save_with,
    ));
    if artillery
        && matches!(
            formation.as_deref(),
            Some("attack-column" | "march-column" | "square")
        )
    {
        applied.extend(state_modifier(
            "shoot",
            &db.rules.shoot_modifier,
            "artillery-v-column",
            &r.with,
            Phrase::new("state-artillery-v-column", "artillery at a target in {f}").name(
                "f",
                formation_name(db, formation.as_deref().unwrap_or_default()),
            ),
        ));
    }
    for a in &applied {
        match a.table {
            "save" => save_mod += i64::from(a.value),
            _ => hit_mod += i64::from(a.value),
        }
    }
    let p_hit = p_d6(i64::from(db.rules.hit.needs), hit_mod);
    let p_save = if save >= 7 {
        0.0
    } else {
        p_d6(i64::from(save), save_mod)
    };
    let casualties = binomial(n as usize, p_hit * (1.0 - p_save));
    let stamina = r.stamina.or(target.map(|t| t.stamina));
    let before = within(
        "--casualties-before",
        r.casualties_before,
        &limits::CASUALTIES,
        "engine limit",
    )?;
    let mut outcomes: BTreeMap<&'static str, f64> = ["untested", "lache", "recule", "tient"]
        .iter()
        .map(|k| (*k, 0.0))
        .collect();
    let mut p_test = 0.0;
    for (c, p) in casualties.iter().enumerate() {
        let total = before + c as u32;
        let over = stamina.map_or(0, |s| total.saturating_sub(s));
        // A: casualties above stamina; B: shaken (casualties at or above stamina, reading
        // `shaken`) by this volley, or hit by artillery at close range. A is inside B.
        let shaken = stamina.is_some_and(|s| total >= s) && c > 0;
        let b = shaken || (r.close && artillery && c > 0);
        if !b {
            *outcomes.entry("untested").or_insert(0.0) += p;
            continue;
        }
        p_test += p;
        let m = break_modifier(db, over, r.disordered, artillery && c > 0);
        for (v, q) in break_test(db, arm, Combat::Fire, m) {
            *outcomes.entry(v.as_str()).or_insert(0.0) += p * q;
        }
    }
    Ok(ShootReport {
        dice: n,
        p_hit,
        p_save,
        mean: crate::core::dice::mean(&casualties),
        casualties,
        p_test,
        outcomes,
        applied,
    })
}

// ── hand-to-hand ────────────────────────────────────────────────────────────────────────────

pub struct MeleeSide {
    pub fighter: Fighter,
    pub hit_with: Vec<String>,
    pub result_with: Vec<String>,
    pub building: u32,
    pub save_with: Vec<String>,
    pub stamina: Option<u32>,
    pub casualties_before: u32,
    pub disordered: bool,
}

#[derive(Debug, Clone, Serialize)]
pub struct MeleeSideReport {
    pub dice: u32,
    pub p_casualty: f64,
    /// P(k casualties inflicted on the enemy).
    pub casualties: Vec<f64>,
    pub result_bonus: i64,
    pub p_win: f64,
    /// The break test (C) when it loses: P(lache), P(recule); P(tient) the rest of a loss.
    pub if_lost: BTreeMap<&'static str, f64>,
    /// The break test (D) on a draw when it is shaken (casualties at or above stamina);
    /// empty when it cannot be.
    pub if_draw: BTreeMap<&'static str, f64>,
    /// Result modifiers the preview applied by itself (a square against cavalry).
    pub applied: Vec<String>,
    /// To-hit and save modifiers applied for the states given (disordered, shaken, formation).
    pub states: Vec<Applied>,
}

/// The result modifier a square has against cavalry, applied when the formations say so.
const SQUARE_V_CAVALRY: &str = "square-v-cavalry";

#[derive(Debug, Clone, Serialize)]
pub struct MeleeReport {
    pub a: MeleeSideReport,
    pub b: MeleeSideReport,
    pub p_draw: f64,
    /// The casualties A is expected to inflict (the matchup table's number).
    pub mean: f64,
}

struct Prepared<'a> {
    dice: u32,
    unit: Option<&'a Unit>,
    hit_mod: i64,
    result: i64,
    save_mod: i64,
    states: Vec<Applied>,
}

fn prepare<'a>(db: &'a Database, s: &MeleeSide, flag: &str) -> Result<Prepared<'a>, String> {
    let (dice, unit) = resolve_dice(db, &s.fighter, flag, false)?;
    let hit_mod = sum_modifiers(&db.rules.hit.modifier, &s.hit_with, &format!("{flag}-hit"))?;
    let mut result = sum_modifiers(
        &db.rules.result_modifier,
        &s.result_with,
        &format!("{flag}-result"),
    )?;
    if s.building > 0 {
        let m = db.rules.result_modifier.iter().find(|m| m.id == "building");
        let top = m.and_then(|m| m.up_to).unwrap_or(3) as u32;
        result += i64::from(within(
            &format!("{flag}-building"),
            s.building,
            &(1..=top),
            "HM: 1 to 3 by size",
        )?);
    }
    let save_mod = sum_modifiers(
        &db.rules.save.modifier,
        &s.save_with,
        &format!("{flag}-save"),
    )?;
    check_save_against(db, &s.save_with, &format!("{flag}-save"), false)?;
    let before = within(
        &format!("{flag}-casualties-before"),
        s.casualties_before,
        &limits::CASUALTIES,
        "engine limit",
    )?;
    let mut states = Vec::new();
    let stamina = s.stamina.or(unit.map(|u| u.stamina));
    if let Some(why) = shaken_or_disordered(s.disordered, before, stamina) {
        states.extend(state_modifier(
            "hit",
            &db.rules.hit.modifier,
            "shaken",
            &s.hit_with,
            why,
        ));
    }
    let formation = s
        .fighter
        .formation
        .as_deref()
        .or(unit.map(|u| u.formation.as_str()));
    let arm = unit.map_or(Arm::Infantry, |u| u.arm);
    states.extend(formation_saves(db, formation, arm, false, &s.save_with));
    let (mut hit_mod, mut save_mod) = (hit_mod, save_mod);
    for a in &states {
        match a.table {
            "save" => save_mod += i64::from(a.value),
            _ => hit_mod += i64::from(a.value),
        }
    }
    Ok(Prepared {
        dice,
        unit,
        hit_mod,
        result,
        save_mod,
        states,
    })
}

pub fn melee(db: &Database, a: &MeleeSide, b: &MeleeSide) -> Result<MeleeReport, String> {
    let mut pa = prepare(db, a, "--a")?;
    let mut pb = prepare(db, b, "--b")?;
    let arm = |p: &Prepared| p.unit.map_or(Arm::Infantry, |u| u.arm);
    // A square fighting cavalry has the sheet's result bonus without being told.
    let square_bonus = |s: &MeleeSide, p: &Prepared, other: &Prepared| -> Option<String> {
        let m = db
            .rules
            .result_modifier
            .iter()
            .find(|m| m.id == SQUARE_V_CAVALRY)?;
        let formation = s
            .fighter
            .formation
            .as_deref()
            .or(p.unit.map(|u| u.formation.as_str()));
        (formation == Some("square")
            && arm(other) == Arm::Cavalry
            && !s.result_with.iter().any(|w| w == SQUARE_V_CAVALRY))
        .then(|| m.id.clone())
    };
    let (auto_a, auto_b) = (square_bonus(a, &pa, &pb), square_bonus(b, &pb, &pa));
    let bonus = |id: &Option<String>| {
        id.as_ref().map_or(0, |id| {
            db.rules
                .result_modifier
                .iter()
                .find(|m| &m.id == id)
                .map_or(0, |m| i64::from(m.value))
        })
    };
    pa.result += bonus(&auto_a);
    pb.result += bonus(&auto_b);
    let save = |p: &Prepared| p.unit.map_or(db.rules.save.default, |u| u.morale);
    let needs = i64::from(db.rules.hit.needs);
    let kill = |from: &Prepared, to: &Prepared| {
        p_d6(needs, from.hit_mod) * (1.0 - p_d6(i64::from(save(to)), to.save_mod))
    };
    let (ka, kb) = (kill(&pa, &pb), kill(&pb, &pa));
    let ca = binomial(pa.dice as usize, ka);
    let cb = binomial(pb.dice as usize, kb);
    let (mut a_win, mut b_win, mut draw) = (0.0, 0.0, 0.0);
    let mut a_lost: BTreeMap<&'static str, f64> = BTreeMap::new();
    let mut b_lost: BTreeMap<&'static str, f64> = BTreeMap::new();
    let mut a_draw: BTreeMap<&'static str, f64> = BTreeMap::new();
    let mut b_draw: BTreeMap<&'static str, f64> = BTreeMap::new();
    let stamina = |s: &MeleeSide, p: &Prepared| s.stamina.or(p.unit.map(|u| u.stamina));
    for (i, p) in ca.iter().enumerate() {
        for (j, q) in cb.iter().enumerate() {
            let pq = p * q;
            let ra = i as i64 + pa.result;
            let rb = j as i64 + pb.result;
            if ra > rb {
                a_win += pq;
                // b loses: it took i casualties this round.
                let over = stamina(b, &pb)
                    .map_or(0, |s| (b.casualties_before + i as u32).saturating_sub(s));
                for (v, x) in break_test(
                    db,
                    arm(&pb),
                    Combat::Melee,
                    break_modifier(db, over, b.disordered, false),
                ) {
                    *b_lost.entry(v.as_str()).or_insert(0.0) += pq * x;
                }
            } else if rb > ra {
                b_win += pq;
                let over = stamina(a, &pa)
                    .map_or(0, |s| (a.casualties_before + j as u32).saturating_sub(s));
                for (v, x) in break_test(
                    db,
                    arm(&pa),
                    Combat::Melee,
                    break_modifier(db, over, a.disordered, false),
                ) {
                    *a_lost.entry(v.as_str()).or_insert(0.0) += pq * x;
                }
            } else {
                draw += pq;
                // D: a side left shaken by a drawn round tests (reading `shaken`).
                for (side, p, took, lost) in [(a, &pa, j, &mut a_draw), (b, &pb, i, &mut b_draw)] {
                    let Some(s) = stamina(side, p) else { continue };
                    let total = side.casualties_before + took as u32;
                    if total < s {
                        continue;
                    }
                    for (v, x) in break_test(
                        db,
                        arm(p),
                        Combat::Melee,
                        break_modifier(db, total - s, side.disordered, false),
                    ) {
                        *lost.entry(v.as_str()).or_insert(0.0) += pq * x;
                    }
                }
            }
        }
    }
    let mean = ca.iter().enumerate().map(|(k, p)| k as f64 * p).sum();
    Ok(MeleeReport {
        mean,
        a: MeleeSideReport {
            dice: pa.dice,
            p_casualty: ka,
            casualties: ca,
            result_bonus: pa.result,
            p_win: a_win,
            if_lost: a_lost,
            if_draw: a_draw,
            applied: auto_a.into_iter().collect(),
            states: pa.states,
        },
        b: MeleeSideReport {
            dice: pb.dice,
            p_casualty: kb,
            casualties: cb,
            result_bonus: pb.result,
            p_win: b_win,
            if_lost: b_lost,
            if_draw: b_draw,
            applied: auto_b.into_iter().collect(),
            states: pb.states,
        },
        p_draw: draw,
    })
}
