//! What a player asks of an ACA preview, resolved against the database: units given as army
//! entries (`ENTRY[:FIGURES]`) or as units of a list, numbers that override the entries', and
//! every value checked against the rules or a documented engine limit ([`limits`]) before
//! anything is computed.

use serde::Serialize;

use crate::core::bounds::within;
use crate::core::error::Stop;
use crate::core::words::Phrase;

use super::artillery::{self, Ammunition, ArtilleryReport, At, Order};
use super::combat::{self, CombatReport, Rerolls, Side, SideReport};
use super::shoot::{self, ShootReport, Shot};
use super::test::{self, TestInput, TestReport};
use crate::rulesets::wab_aca::database::Database;
use super::House;
use crate::rulesets::wab_aca::model::{
    Arm, Class, Entry, Kind, Lang, LargeTarget, UnitOption, HOUSE_DOUBLE_SIX, HOUSE_ELITE_INFANTRY,
    HOUSE_RULES,
};
use crate::rulesets::UnitRow;

/// Bounds of the numbers a preview accepts (docs/development.md, "Limits").
pub mod limits {
    use std::ops::RangeInclusive;

    /// WAB characteristics run from 0 to 10; Leadership from 2.
    pub const LEADERSHIP: RangeInclusive<u32> = 2..=10;
    pub const SKILL: RangeInclusive<u32> = 0..=10;
    pub const STRENGTH: RangeInclusive<u32> = 1..=10;
    /// A save of 7 or more is none.
    pub const SAVE: RangeInclusive<u32> = 2..=7;
    /// Engine limit: beyond ±20 every 2d6 test passes or fails whatever the roll.
    pub const MODIFIER: RangeInclusive<i32> = -20..=20;
    /// Engine limit: modifiers given to one test.
    pub const MODIFIERS: usize = 32;
    /// Engine limit: beyond ±10 every d6 to hit succeeds or fails.
    pub const TO_HIT_MODIFIER: RangeInclusive<i32> = -10..=10;
    /// Engine limit: shots of one volley (two ranks of the largest unit an entry allows).
    pub const SHOTS: RangeInclusive<u32> = 0..=400;
    /// As the army entries (data check): at most 200 figures.
    pub const FIGURES: RangeInclusive<u32> = 1..=200;
    /// Engine limit: figures striking in one combat.
    pub const FIGHTING: RangeInclusive<u32> = 0..=200;
    /// ACA p.12: units in support.
    pub const SUPPORTS: RangeInclusive<u32> = 0..=5;
    /// Engine limit: figures on a shot's path or under the canister template.
    pub const IN_PATH: RangeInclusive<u32> = 0..=100;
    /// Engine limit: batteries grouped into one grand battery.
    pub const GRAND_BATTERY: RangeInclusive<u32> = 2..=10;
}

/// A unit named on the command line: an entry of the data, or a unit of a list.
#[derive(Debug, Clone)]
pub enum UnitSpec {
    Entry { id: String, figures: Option<u32> },
    Listed(Listed),
}

/// A unit of a list, as the list bought it.
#[derive(Debug, Clone)]
pub struct Listed {
    /// "unit 3 of lists/wab-france-1809.toml".
    pub origin: String,
    pub entry: String,
    pub label: String,
    pub figures: u32,
    pub flag: bool,
    pub musician: bool,
    pub elite: u32,
    /// For a unit of a game: the figures it was bought with (it may have fewer left than a
    /// new unit may be bought with).
    pub bought: Option<u32>,
    /// The house rules its list turned on (`house_rules` in `[list]`).
    pub house_rules: Vec<String>,
}

impl Listed {
    /// Unit `row` of a checked list (as `muster check --format json` prints it, with what was
    /// bought for it); `origin`: "unit 3 of FILE".
    pub fn from_row(row: &UnitRow, origin: String) -> Result<Self, String> {
        let has = |id: &str| {
            row.json["options"]
                .as_array()
                .is_some_and(|o| o.iter().any(|x| x["id"] == id))
        };
        let figures = row
            .figures
            .and_then(|f| u32::try_from(f).ok())
            .ok_or_else(|| format!("{origin} has no valid figures (muster check says more)"))?;
        Ok(Listed {
            entry: row.id.clone(),
            label: row.label.clone(),
            figures,
            flag: has("flag"),
            musician: has("musician"),
            elite: row.json["elite"]
                .as_u64()
                .map_or(0, |e| u32::try_from(e).unwrap_or(u32::MAX)),
            house_rules: row.json["house_rules"]
                .as_array()
                .map(|a| {
                    a.iter()
                        .filter_map(|v| v.as_str().map(str::to_owned))
                        .collect()
                })
                .unwrap_or_default(),
            origin,
            bought: None,
        })
    }
}

/// A unit resolved: its entry and what it has.
#[derive(Debug, Clone)]
pub struct Resolved<'a> {
    pub entry: &'a Entry,
    pub name: String,
    /// Its name without where it comes from: a list's label, an entry's English name.
    pub label: String,
    pub figures: u32,
    /// Its figures at the start of the battle: a game's unit as bought, else `figures`.
    pub start: u32,
    pub flag: bool,
    pub musician: bool,
    pub elite: u32,
    /// The house rules of its list (none for an entry).
    pub house_rules: Vec<String>,
}

/// A house rule a preview played, as its output names it.
#[derive(Debug, Clone, Serialize)]
pub struct HouseApplied {
    pub id: String,
    pub name: String,
    pub text: String,
}

/// The house rules a preview plays: those asked with `--house-rule` (each a house rule of
/// the data, else refused naming them) and those the lists of its units turned on, kept to
/// the ones the procedure uses (`uses`), in the data's order.
fn house(
    db: &Database,
    asked: &[String],
    units: &[Option<&Resolved>],
    uses: &[&str],
) -> Result<(House, Vec<HouseApplied>), String> {
    for id in asked {
        if db.house_rule(id).is_none() {
            let known: Vec<String> = db.rules.house_rule.iter().map(|h| h.id.clone()).collect();
            return Err(crate::rulesets::procedure::unknown_house_rule(id, &known));
        }
    }
    let on = |id: &str| {
        asked.iter().any(|a| a == id)
            || units
                .iter()
                .flatten()
                .any(|u| u.house_rules.iter().any(|h| h == id))
    };
    let applied: Vec<HouseApplied> = db
        .rules
        .house_rule
        .iter()
        .filter(|h| uses.contains(&h.id.as_str()) && on(&h.id))
        .map(|h| HouseApplied {
            id: h.id.clone(),
            name: h.name.get(Lang::En).to_owned(),
            text: h.text.get(Lang::En).to_owned(),
        })
        .collect();
    Ok((House::of(applied.iter().map(|h| h.id.as_str())), applied))
}

/// The elite figures that re-roll their 1s to hit: the cavalry's (ACA p.7); the infantry's
/// only with the house rule elite-infantry-rerolls. `given`: asked with a flag (refused for
/// infantry by the book, saying how to turn the house rule on).
fn elite_playing(
    flag: &str,
    unit: Option<&Resolved>,
    given: Option<u32>,
    house: House,
) -> Result<u32, String> {
    let elite = given.or(unit.map(|u| u.elite)).unwrap_or(0);
    match unit {
        Some(u) if u.entry.kind == Kind::Infantry && !house.elite_infantry_rerolls => {
            if given.is_some_and(|n| n > 0) {
                return Err(format!(
                    "{flag}: {} is infantry, whose elite figures re-roll no 1s by the book (ACA p.7 gives the re-roll to the cavalry's); the house rule elite-infantry-rerolls gives it to them: --house-rule elite-infantry-rerolls, or house_rules = [\"elite-infantry-rerolls\"] in the list's [list]",
                    u.name
                ));
            }
            Ok(0)
        }
        _ => Ok(elite),
    }
}

pub fn resolve<'a>(db: &'a Database, flag: &str, spec: &UnitSpec) -> Result<Resolved<'a>, String> {
    let (id, figures, listed) = match spec {
        UnitSpec::Entry { id, figures } => (id.as_str(), *figures, None),
        UnitSpec::Listed(l) => (l.entry.as_str(), Some(l.figures), Some(l)),
    };
    let entry = db.entry(id).ok_or_else(|| {
        let mut known: Vec<&str> = db.entries.ids().collect();
        known.sort_unstable();
        match crate::core::suggest::nearest(id, known.iter().copied()) {
            Some(n) => format!("{flag}: unknown entry `{id}`; did you mean {n}?"),
            None => format!(
                "{flag}: unknown entry `{id}` (`muster sheets --ruleset wab-aca` lists them)"
            ),
        }
    })?;
    let figures = match (figures, listed.and_then(|l| l.bought)) {
        // A unit of a game as it stands: worn down from what it was bought with.
        (Some(n), Some(bought)) => within(
            flag,
            n,
            &(0..=bought),
            &format!("the figures {} has left", listed.map_or("", |l| l.label.as_str())),
        )?,
        (Some(n), None) => within(
            flag,
            n,
            &(entry.figures.min..=entry.figures.max),
            &format!("the figures {} takes", entry.name.get(Lang::En)),
        )?,
        (None, _) => entry.figures.max,
    };
    Ok(match listed {
        Some(l) => Resolved {
            entry,
            name: format!("{} ({})", l.label, l.origin),
            label: l.label.clone(),
            figures,
            start: l.bought.unwrap_or(figures).max(figures),
            flag: l.flag,
            musician: l.musician,
            elite: l.elite,
            house_rules: l.house_rules.clone(),
        },
        None => Resolved {
            entry,
            // The previews' text is English, and so are the names in it.
            name: entry.name.get(Lang::En).to_owned(),
            label: entry.name.get(Lang::En).to_owned(),
            figures,
            start: figures,
            flag: false,
            musician: false,
            elite: 0,
            house_rules: Vec::new(),
        },
    })
}

// ── test ────────────────────────────────────────────────────────────────────────────────────

pub struct TestRequest {
    pub leadership: Option<u32>,
    pub unit: Option<UnitSpec>,
    pub with: Vec<String>,
    pub conditions: Vec<String>,
    pub modifiers: Vec<i32>,
    pub reroll: bool,
    pub lang: Lang,
    /// `--house-rule`: house rules turned on.
    pub house_rules: Vec<String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct TestOut {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unit: Option<String>,
    /// The house rules played (none: the book's rules).
    pub house_rules: Vec<HouseApplied>,
    #[serde(flatten)]
    pub report: TestReport,
}

pub fn test(db: &Database, r: &TestRequest) -> Result<TestOut, String> {
    let unit = r
        .unit
        .as_ref()
        .map(|u| resolve(db, "--unit", u))
        .transpose()?;
    let leadership = match (r.leadership, &unit) {
        (Some(ld), _) => within("--leadership", ld, &limits::LEADERSHIP, "WAB Leadership")?,
        (None, Some(u)) => u.entry.profile.ld,
        (None, None) => return Err("give --leadership LD or --unit ENTRY (its Leadership)".into()),
    };
    let count = r.with.len() + r.conditions.len() + r.modifiers.len();
    if count > limits::MODIFIERS {
        return Err(format!(
            "{count} modifiers; at most {} (engine limit)",
            limits::MODIFIERS
        ));
    }
    for m in &r.modifiers {
        within("--modifier", *m, &limits::MODIFIER, "engine limit")?;
    }
    if r.reroll {
        if let Some(u) = &unit {
            let rerolls = db.quality(u.entry).map_or(0, |q| q.rerolls);
            if rerolls == 0 {
                return Err(format!(
                    "--reroll: {} is {}, which has no re-roll of a failed test (ACA p.13)",
                    u.name, u.entry.quality
                ));
            }
        }
    }
    let (house_on, house_rules) = house(db, &r.house_rules, &[unit.as_ref()], &[HOUSE_DOUBLE_SIX])?;
    let report = test::test(
        db,
        &TestInput {
            house: house_on,
            leadership,
            with: &r.with,
            conditions: &r.conditions,
            numbers: &r.modifiers,
            reroll: r.reroll,
            lang: r.lang,
            unit: unit.as_ref().map(|u| u.entry),
        },
    )?;
    Ok(TestOut {
        unit: unit.map(|u| u.name),
        house_rules,
        report,
    })
}

// ── shoot ───────────────────────────────────────────────────────────────────────────────────

pub struct ShootRequest {
    pub firer: Option<UnitSpec>,
    pub target: Option<UnitSpec>,
    pub shots: Option<u32>,
    pub bs: Option<u32>,
    pub strength: Option<u32>,
    pub toughness: Option<u32>,
    /// 7 or more: no save.
    pub save: Option<u32>,
    pub no_save: bool,
    pub to_hit_modifier: i32,
    pub elite: Option<u32>,
    /// Rifles that did not move (ACA p.13).
    pub stationary: bool,
    /// The firer's formation (default: its line; reading who-fights).
    pub formation: Option<String>,
    /// The ranks the firer stands in (default: its formation's).
    pub ranks: Option<u32>,
    /// The commanded volley, after a passed manoeuvre test (ACA p.4).
    pub volley: bool,
    /// `--house-rule`: house rules turned on.
    pub house_rules: Vec<String>,
}

/// The manoeuvre test a commanded volley needs (ACA p.4), before the table's modifiers.
#[derive(Debug, Clone, Serialize)]
pub struct VolleyTest {
    pub leadership: u32,
    pub p_pass: f64,
}

/// Who fires a normal fire or a commanded volley, from the firer's formation and its ranks
/// (ACA p.4, reading who-fights): the shots, why, and the volley's test.
/// The formation a unit stands in when none is given, to fire and to fight (reading
/// who-fights): skirmish order for a unit that always skirmishes, the cavalry's line, the
/// infantry's line of two ranks (ACA p.3: « Formation d'une ligne de deux rangs »), else the
/// first it takes; none for a unit that takes none (a battery, a general).
fn default_formation(e: &Entry) -> Option<&str> {
    let wanted = if has(e, "skirmishers") {
        "skirmish"
    } else if e.arm() == Some(Arm::Cavalry) {
        "cavalry-line"
    } else {
        "line"
    };
    e.formations
        .iter()
        .find(|f| *f == wanted)
        .or(e.formations.first())
        .map(String::as_str)
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

fn firing(
    db: &Database,
    firer: &Resolved,
    r: &ShootRequest,
) -> Result<(u32, String, Option<VolleyTest>), String> {
    let e = firer.entry;
    let figures = firer.figures;
    let id = match &r.formation {
        Some(id) => id.clone(),
        None => {
            match default_formation(e) {
                Some(f) => f.to_owned(),
                None => {
                    if r.volley {
                        return Err(format!(
                            "--volley: {} has no formation that fires a commanded volley (ACA p.4)",
                            firer.name
                        ));
                    }
                    return Ok((
                        figures,
                        format!("{figures} firing: every figure ({} takes no formation)", firer.name),
                        None,
                    ));
                }
            }
        }
    };
    let f = db.formations.get(&id).ok_or_else(|| {
        let mut known: Vec<&str> = db.formations.ids().collect();
        known.sort_unstable();
        format!(
            "--firer-formation: unknown formation `{id}`; known: {}",
            known.join(", ")
        )
    })?;
    if !e.formations.contains(&f.id) {
        return Err(format!(
            "--firer-formation: {} does not take the formation {} (it takes {})",
            firer.name,
            f.id,
            e.formations.join(", ")
        ));
    }
    let name = f.name.get(Lang::En).to_lowercase();
    let Some(sh) = &f.shooting else {
        return Err(format!(
            "--firer-formation {}: muster does not count who fires in a {name} (ACA: \"{}\"; reading who-fights); give --shots N",
            f.id,
            f.fire.get(Lang::Fr)
        ));
    };
    let depth = match r.ranks.or(sh.depth) {
        Some(d) => within("--firer-ranks", d, &(1..=12), "the ranks a unit stands in")?,
        None => {
            return Err(format!(
                "--firer-formation {}: give --firer-ranks N, the ranks the {name} stands in (its front rank fires, {})",
                f.id, sh.section
            ))
        }
    };
    let width = figures.div_ceil(depth);
    let ranks_of = |n: u32| {
        if depth == 1 {
            format!("a single rank of {figures}")
        } else if n == 1 {
            format!("one rank of {width} ({figures} figures in {depth} ranks)")
        } else {
            format!("{n} ranks of {width} ({figures} figures in {depth} ranks)")
        }
    };
    if r.volley {
        let Some(v) = sh.volley_ranks else {
            return Err(format!(
                "--volley: a {name} fires no commanded volley (ACA p.4: \"en double-ligne, en colonne d'assaut, les 2 premiers rangs tirent. En ligne simple, toutes les figurines tirent aussi\")"
            ));
        };
        let n = (width * v.min(depth)).min(figures);
        let ld = e.profile.ld;
        // By the book: the house rule double-six-fails changes a test of 12 or more only, and
        // no Ld is over 10.
        let p = super::p_test(i64::from(ld), House::default());
        return Ok((
            n,
            format!(
                "{n} firing: the commanded volley, {}, after a passed manoeuvre test on Ld {ld} and its modifiers (P {p:.4} unmodified; failed: the front rank fires at -1), {}",
                ranks_of(v.min(depth)),
                sh.section
            ),
            Some(VolleyTest {
                leadership: ld,
                p_pass: p,
            }),
        ));
    }
    Ok(if sh.ranks == 0 {
        (
            figures,
            format!("{figures} firing: every figure in {name} (WAB's skirmishers), {}", sh.section),
            None,
        )
    } else if sh.half {
        let n = figures.div_ceil(2);
        (
            n,
            format!("{n} firing: half of {figures} in {name}, rounded up, {}", sh.section),
            None,
        )
    } else {
        let n = (width * sh.ranks.min(depth)).min(figures);
        (
            n,
            format!(
                "{n} firing: {}, a normal fire in {name}, {}",
                ranks_of(sh.ranks.min(depth)),
                sh.section
            ),
            None,
        )
    })
}

#[derive(Debug, Clone, Serialize)]
pub struct ShootOut {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub firer: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<String>,
    pub shots: u32,
    pub bs: u32,
    pub strength: u32,
    pub toughness: u32,
    /// The elite figures among the firers, who re-roll their 1s to hit.
    pub elite: u32,
    /// Which figures re-roll and why (none without elite figures).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub elite_reason: Option<String>,
    /// How many fire and why: the formation's rank, the volley, or `--shots`.
    pub shots_reason: String,
    /// The commanded volley's test, when one is fired.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub volley_test: Option<VolleyTest>,
    /// The house rules played (none: the book's rules).
    pub house_rules: Vec<HouseApplied>,
    /// The firer's weapon, when a unit fires.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub weapon: Option<String>,
    #[serde(flatten)]
    pub report: ShootReport,
}

pub fn shoot(db: &Database, r: &ShootRequest) -> Result<ShootOut, Stop> {
    let firer = r
        .firer
        .as_ref()
        .map(|u| resolve(db, "--firer", u))
        .transpose()?;
    let target = r
        .target
        .as_ref()
        .map(|u| resolve(db, "--target", u))
        .transpose()?;
    let need = |v: Option<u32>, from: Option<u32>, flag: &str, what: &str| {
        v.or(from).ok_or_else(|| format!("give {flag} (or {what})"))
    };
    if let Some(f) = &firer {
        if f.entry.class == Some(Class::HeavyCavalry) {
            return Err(Stop::cannot(
                format!(
                    "--firer: {} is heavy cavalry (ACA p.6: \"Pas de tir possible pour la cavalerie lourde\")",
                    f.name
                ),
                Phrase::new(
                    "cannot-heavy-cavalry-shoot",
                    "{unit} is heavy cavalry, which does not shoot ({rule})",
                )
                .text("unit", f.label.clone())
                .text("rule", "ACA p.6"),
            ));
        }
    }
    // A unit armed for close combat shoots with its firearm: light cavalry's and dragoons'
    // carbines (ACA p.6–7, p.13), always one rank (p.7).
    let weapon = firer.as_ref().and_then(|f| {
        db.weapons
            .get(f.entry.firearm.as_deref().unwrap_or(&f.entry.weapon))
    });
    let weapon_strength = weapon.map(|w| match (r.stationary, w.stationary) {
        (true, Some(s)) => s.strength,
        _ => w.strength,
    });
    if let Some(w) = weapon {
        if w.range == 0 && r.strength.is_none() {
            return Err(Stop::cannot(
                format!(
                    "--firer: {} carries {}, a close-combat weapon; give --strength to shoot anyway",
                    firer.as_ref().map(|f| f.name.as_str()).unwrap_or(""),
                    w.id
                ),
                Phrase::new(
                    "cannot-shoot-close-combat",
                    "{unit} fights with a close-combat weapon ({weapon}), which does not shoot",
                )
                .text(
                    "unit",
                    firer.as_ref().map(|f| f.label.clone()).unwrap_or_default(),
                )
                .name("weapon", crate::rulesets::wab_aca::validate::named(&w.name)),
            ));
        }
    }
    if firer.is_none() && (r.volley || r.formation.is_some() || r.ranks.is_some()) {
        return Err("--volley, --firer-formation and --firer-ranks are the firer's: give --firer".into());
    }
    let (shots, shots_reason, volley_test) = match (r.shots, &firer) {
        (Some(n), Some(f)) => {
            // What the formation gives, to say what --shots replaced; a formation, ranks or
            // volley asked for with --shots must still be one the firer has.
            let asked = r.volley || r.formation.is_some() || r.ranks.is_some();
            let formation = if asked {
                Some(firing(db, f, r)?)
            } else {
                firing(db, f, r).ok()
            };
            (
                n,
                format!(
                    "{n} firing: given by --shots{}",
                    formation
                        .map(|(m, _, _)| format!(" (the formation gives {m})"))
                        .unwrap_or_default()
                ),
                None,
            )
        }
        (Some(n), None) => (n, format!("{n} firing: given by --shots"), None),
        (None, Some(f)) => firing(db, f, r)?,
        (None, None) => return Err("give --shots N (or --firer ENTRY)".into()),
    };
    let shots = within("--shots", shots, &limits::SHOTS, "engine limit")?;
    let bs = need(
        r.bs,
        firer.as_ref().map(|f| f.entry.profile.bs),
        "--bs BS",
        "--firer ENTRY",
    )?;
    let bs = within("--bs", bs, &limits::SKILL, "WAB characteristics")?;
    let strength = need(r.strength, weapon_strength, "--strength S", "--firer ENTRY")?;
    let strength = within(
        "--strength",
        strength,
        &limits::STRENGTH,
        "WAB characteristics",
    )?;
    let toughness = need(
        r.toughness,
        target.as_ref().map(|t| t.entry.profile.t),
        "--toughness T",
        "--target ENTRY",
    )?;
    let toughness = within(
        "--toughness",
        toughness,
        &limits::STRENGTH,
        "WAB characteristics",
    )?;
    let save = if r.no_save {
        None
    } else {
        match (r.save, &target) {
            (Some(s), _) => {
                let s = within("--save", s, &limits::SAVE, "7 or more: no save")?;
                (s < 7).then_some(s)
            }
            (None, Some(t)) => t.entry.profile.sv,
            (None, None) => {
                return Err("give --save SV (7: none), --no-save or --target ENTRY".into())
            }
        }
    };
    let to_hit_modifier = within(
        "--to-hit-modifier",
        r.to_hit_modifier,
        &limits::TO_HIT_MODIFIER,
        "engine limit",
    )?;
    let (house_on, house_rules) = house(
        db,
        &r.house_rules,
        &[firer.as_ref(), target.as_ref()],
        &[HOUSE_ELITE_INFANTRY],
    )?;
    let elite = elite_playing("--elite", firer.as_ref(), r.elite, house_on)?;
    // Which of its elite figures fire (one rank of a line fires): the cavalry's all, the
    // infantry's pro rata of the firers (elite_firing).
    let (elite, elite_reason) = match (r.elite, &firer) {
        (Some(_), _) if elite > 0 => (
            elite,
            Some(format!(
                "{elite} elite among the firers re-roll{} their 1s to hit: given by --elite",
                if elite == 1 { "s" } else { "" }
            )),
        ),
        (None, Some(f)) if elite > 0 => {
            let infantry = f.entry.kind == Kind::Infantry;
            let n = super::elite_firing(elite, shots, f.start, infantry);
            let verb = if n == 1 { "re-rolls" } else { "re-roll" };
            let why = if infantry {
                let of = if f.start == f.figures {
                    format!("its {} figures", f.start)
                } else {
                    format!("the {} it was bought with", f.start)
                };
                // A part of a figure, rounded up (all fire when the shots are its figures).
                let rounded = if shots < f.start
                    && u64::from(elite) * u64::from(shots) % u64::from(f.start) != 0
                {
                    ", rounded up"
                } else {
                    ""
                };
                format!(
                    "{n} elite {verb} their 1s to hit: {elite} elite of {of}, pro rata of the {shots} firing{rounded} (house rule elite-infantry-rerolls: its elite companies stand in every rank, its losses pro rata, ACA p.5)"
                )
            } else if n < elite {
                format!(
                    "{n} elite {verb} their 1s to hit: the unit's {elite} elite figures (ACA p.7), up to its {shots} shots"
                )
            } else {
                format!(
                    "{n} elite {verb} their 1s to hit: the unit's {elite} elite figures (ACA p.7)"
                )
            };
            (n, Some(why))
        }
        _ => (elite, None),
    };
    if elite > shots {
        return Err(format!(
            "--elite: {elite} elite figures among {shots} shots; elite figures are among the firers"
        ).into());
    }
    let report = shoot::shoot(
        db,
        &Shot {
            shots,
            bs,
            strength,
            toughness,
            save,
            to_hit_modifier,
            elite,
        },
    );
    Ok(ShootOut {
        firer: firer.map(|f| f.name),
        target: target.map(|t| t.name),
        weapon: weapon.map(|w| w.id.clone()),
        shots,
        bs,
        strength,
        toughness,
        elite,
        elite_reason,
        shots_reason,
        volley_test,
        house_rules,
        report,
    })
}

// ── fire duel ───────────────────────────────────────────────────────────────────────────────

pub struct DuelRequest {
    /// The unit that fires first, and its volley as `shoot` takes it.
    pub first: ShootRequest,
    /// The first fire is from skirmishers (or an extended line): the unit fired at never
    /// routs (ACA p.4), and its answer is at skirmishers (WAB core: -1 to hit).
    pub skirmishers: bool,
    pub single_line: bool,
    pub answer_to_hit_modifier: i32,
    /// The modifiers of the answer's manoeuvre test, added up.
    pub test_modifier: i32,
    pub firer_reroll: bool,
    pub target_reroll: bool,
}

#[derive(Debug, Clone, Serialize)]
pub struct DuelOut {
    /// The house rules played (none: the book's rules).
    pub house_rules: Vec<HouseApplied>,
    pub firer: String,
    pub target: String,
    pub shots: u32,
    /// Who fires the first volley and why (reading who-fights).
    pub shots_reason: String,
    /// Which of the firer's figures re-roll their 1s to hit and why (none without elite).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub elite_reason: Option<String>,
    pub test_target: i64,
    #[serde(flatten)]
    pub report: super::duel::DuelReport,
}

pub fn fire_duel(db: &Database, r: &DuelRequest) -> Result<DuelOut, Stop> {
    let firer_spec = r
        .first
        .firer
        .as_ref()
        .ok_or("give the unit that fires first: --firer ENTRY[:FIGURES] or LIST.toml:N")?;
    let target_spec = r
        .first
        .target
        .as_ref()
        .ok_or("give the unit fired at, which answers: --target ENTRY[:FIGURES] or LIST.toml:N")?;
    let firer = resolve(db, "--firer", firer_spec)?;
    let target = resolve(db, "--target", target_spec)?;
    match target.entry.arm() {
        Some(Arm::Infantry) => {}
        Some(Arm::Cavalry) => {
            return Err(format!(
                "--target: {} is cavalry (ACA p.7: \"La cavalerie ne peut répondre par un duel de feu\")",
                target.name
            ).into())
        }
        None => {
            return Err(format!(
                "--target: {} is a {}; the fire duel is a formed unit's in line (ACA p.4), the artillery duel a battery's (ACA p.8)",
                target.name, target.entry.kind
            ).into())
        }
    }
    if firer.entry.kind == Kind::Battery || firer.entry.kind == Kind::General {
        return Err(format!(
            "--firer: {} is a {}; the fire duel answers infantry or cavalry fire (ACA p.4)",
            firer.name, firer.entry.kind
        ).into());
    }
    if has(target.entry, "skirmishers") {
        return Err(format!(
            "--target: {} always skirmishes; the fire duel is \"une unité formée en ligne ou en double-ligne\" (ACA p.4)",
            target.name
        ).into());
    }
    let first = shoot(db, &r.first)?;
    let weapon = db
        .weapons
        .get(target.entry.firearm.as_deref().unwrap_or(&target.entry.weapon))
        .ok_or_else(|| format!("--target: {} has no weapon", target.name))?;

    if weapon.range == 0 {
        return Err(format!(
            "--target: {} carries {}, which does not shoot",
            target.name, weapon.id
        ).into());
    }
    let test_modifier = within(
        "--test-modifier",
        r.test_modifier,
        &limits::MODIFIER,
        "engine limit",
    )?;
    let answer_to_hit = within(
        "--answer-to-hit-modifier",
        r.answer_to_hit_modifier,
        &limits::TO_HIT_MODIFIER,
        "engine limit",
    )?;
    for (flag, unit, asked) in [
        ("--firer-reroll", &firer, r.firer_reroll),
        ("--target-reroll", &target, r.target_reroll),
    ] {
        if asked && db.quality(unit.entry).is_none_or(|q| q.rerolls == 0) {
            return Err(format!(
                "{flag}: {} is {}, which has no re-roll of a failed test (ACA p.13)",
                unit.name, unit.entry.quality
            ).into());
        }
    }
    let (house_on, house_rules) = house(
        db,
        &r.first.house_rules,
        &[Some(&firer), Some(&target)],
        HOUSE_RULES,
    )?;
    let test_target = i64::from(target.entry.profile.ld) + i64::from(test_modifier);
    // The first fire from skirmishers (the flag, a unit that always skirmishes, or a formation
    // that counts as skirmishers under fire: skirmish order, foragers, the extended line, ACA
    // p.3): the unit fired at never routs (ACA p.4), and answers at skirmishers, at -1 to hit
    // (WAB core, core.toml [shooting]).
    let skirmishers = r.skirmishers
        || has(firer.entry, "skirmishers")
        || matches!(
            r.first.formation.as_deref(),
            Some("skirmish" | "foragers" | "extended-line")
        );
    let never_routs = skirmishers || firer.entry.arm() == Some(Arm::Cavalry);
    let answer_to_hit = if skirmishers {
        answer_to_hit + db.core.shooting.at_skirmishers
    } else {
        answer_to_hit
    };
    // The losses' factors of its test, after the volley (ACA p.11, group **).
    let factor = |id: &str| {
        db.rules
            .manoeuvre
            .modifier
            .iter()
            .find(|m| m.id == id)
            .map(|m| i64::from(m.value))
            .ok_or_else(|| format!("rules.toml: the manoeuvre table has no modifier `{id}`"))
    };
    let (losses_25, below_half) = (factor("losses-25")?, factor("below-half")?);
    let report = super::duel::duel(
        db,
        &first.report.casualties,
        &super::duel::Answer {
            figures: target.figures,
            start: target.start,
            double_line: !r.single_line,
            bs: target.entry.profile.bs,
            strength: weapon.strength,
            to_hit_modifier: answer_to_hit,
            elite: elite_playing("--target", Some(&target), None, house_on)?,
            elite_pro_rata: target.entry.kind == Kind::Infantry,
            test_target,
            losses_25,
            below_half,
            leadership: target.entry.profile.ld,
            reroll: r.target_reroll,
            never_routs,
        },
        &super::duel::Firer {
            toughness: firer.entry.profile.t,
            save: firer.entry.profile.sv,
            leadership: firer.entry.profile.ld,
            reroll: r.firer_reroll,
        },
        house_on,
    );
    Ok(DuelOut {
        house_rules,
        firer: firer.name,
        target: target.name,
        shots: first.shots,
        shots_reason: first.shots_reason,
        elite_reason: first.elite_reason,
        test_target,
        report,
    })
}

// ── combat ──────────────────────────────────────────────────────────────────────────────────

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
    pub fighting_reason: String,
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

fn has(e: &Entry, special: &str) -> bool {
    e.special.iter().any(|s| s == special)
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
    reason: String,
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
            (Some(n), _) => (n, format!("{n} of its front rank of {front} in contact, given by --contact")),
            (None, Some((af, ab))) => {
                let n = rule.most_in_contact(front, base, af * ab);
                (
                    n,
                    format!(
                        "the attacker's frontage of {}, placed to meet the most, meets {n} of the {front} figures of {base} mm of its front rank",
                        the(af, ab)
                    ),
                )
            }
            (None, None) => (front, String::new()),
        };
        d_met = Some(Met {
            out: FrontageOut {
                front,
                base_mm: base,
                frontage_mm: front * base,
                in_contact,
            },
            reason: why,
        });
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
                    format!("the defender's {n} figures in contact (--contact), {},", the(n, b))
                } else {
                    format!("the defender's frontage of {}", the(n, b))
                };
                (
                    k,
                    format!(
                        "{what} meets {k} at most of the {front} figures of {base} mm of its front rank; the others are beyond it"
                    ),
                )
            }
            None => match cx.contact {
                // No widths to compare: figure for figure.
                Some(n) if n < front => (n, format!("{n} of its front rank of {front} in contact, figure for figure, given by --contact")),
                _ => (front, String::new()),
            },
        };
        a_met = Some(Met {
            out: FrontageOut {
                front,
                base_mm: base,
                frontage_mm: front * base,
                in_contact,
            },
            reason: why,
        });
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
) -> Result<(Side, String), String> {
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
            ));
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
            ));
        }
        if let Some(min) = f.min_figures {
            if unit.figures < min {
                return Err(format!(
                    "--{who}-formation {}: {} figures; a hollow square needs at least {min} (ACA p.3: \"tant qu'il comporte au moins 12 figurines\"); a smaller unit forms a solid square",
                    f.id, unit.figures
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
        Some(m) if m.out.in_contact < front => (m.out.in_contact, Some(m.reason.as_str())),
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
                        format!("half the {rear} figures of the ranks behind")
                    } else {
                        format!("half the {behind} figures behind them")
                    },
                    c,
                ))
            } else if c.flank_per_rank > 0 && r.ranks > 0 && cut.is_none() {
                // The flank figures stand behind the front rank's ends: in contact only
                // when those are.
                Some((
                    (c.flank_per_rank * r.ranks).min(rear),
                    format!(
                        "{} flank figures × {} rank{}",
                        c.flank_per_rank,
                        r.ranks,
                        if r.ranks == 1 { "" } else { "s" }
                    ),
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
            format!(
                "{} fighting: {in_contact} in contact ({why}, reading contact, ACA p.5, p.7) + {what}, charging, {}",
                in_contact + n,
                c.section
            ),
        ),
        (_, Some(why), None) => (
            in_contact,
            format!(
                "{in_contact} fighting: {why}{} (reading contact, ACA p.5, p.7)",
                if flanks_beyond {
                    ", its flank figures behind the front rank's ends too"
                } else {
                    ""
                }
            ),
        ),
        (Some((f, _)), None, _) => (
            front,
            format!(
                "{front} fighting: the front rank of a face of the {} (ACA p.3, reading square-face)",
                f.name.get(Lang::En).to_lowercase()
            ),
        ),
        (None, None, Some((n, what, c))) => (
            front + n,
            format!(
                "{} fighting: front rank {front} + {what}, charging, {}",
                front + n,
                c.section
            ),
        ),
        (None, None, None) => (
            front,
            format!(
                "{front} fighting: the front rank ({} figures in {depth} rank{}{})",
                unit.figures,
                if depth == 1 { "" } else { "s" },
                match formation.filter(|_| r.formation_by_default) {
                    Some(f) => format!(
                        ", its {} when no formation is given, reading who-fights",
                        f.name.get(Lang::En).to_lowercase()
                    ),
                    None => String::new(),
                }
            ),
        ),
    };
    let (fighting_default, reason) = match contact {
        Some(c) if c < fighting_default => (
            c,
            format!(
                "{c} fighting: the figures in contact from the {} (reading flank-rear)",
                if cx.from == From::Rear { "rear" } else { "flank" }
            ),
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
        format!("{fighting} fighting: given by --{who}-fighting (the formation gives {fighting_default})")
    } else {
        format!("{fighting} fighting: given by --{who}-fighting (the formation gives {formation_gives}, {fighting_default} of them in contact)")
    };
    if fighting > unit.figures {
        return Err(format!(
            "--{who}-fighting: {fighting} figures fighting, but the unit has {}",
            unit.figures
        ));
    }
    let cap = formation
        .map(|f| match (e.class, f.rank_bonus_light) {
            (Some(Class::LightInfantry), Some(light)) => light,
            _ => f.rank_bonus,
        })
        .unwrap_or(rules.max_rank_bonus)
        .min(rules.max_rank_bonus);
    let ranks = if square.is_some() { cap } else { r.ranks.min(cap) };
    // Attacked in a flank or the rear by 5 figures or more: no rank bonus (reading flank-rear).
    let flank = &db.core.flank;
    let ranks = if who == "defender"
        && cx.from != From::Front
        && other.figures >= flank.cancels_ranks_from
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
        ));
    }
    if elite > unit.figures {
        return Err(format!(
            "--{who}-elite: {elite} elite figures among {}",
            unit.figures
        ));
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
        return Err(format!(
            "--{who}-reroll: {} is {}, which has no re-roll of a failed test (ACA p.13)",
            e.name.get(Lang::En), e.quality
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
        return Err(format!("--{who}-officer: {} has no unit officer", e.name.get(Lang::En)));
    }
    Ok((Side {
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
    }, reason))
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
                format!("{flag}: {} is a general; combat previews are for units", u.name),
                Phrase::new(
                    "cannot-general-combat",
                    "{unit} is a general: close combat is previewed between units",
                )
                .text("unit", u.label.clone()),
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
                return Err(format!(
                    "--counter-charge: {} is {}, and {} is {}: {} counter-charges {only} only (ACA p.5: \"Contre-charger (uniquement face à de l'infanterie)\")",
                    d_unit.name,
                    d_unit.entry.kind,
                    a_unit.name,
                    a_unit.entry.kind,
                    d_unit.entry.kind,
                ).into());
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
            return Err(format!(
                "--attack-from {}: the defender is in {} (ACA p.3: \"Un carré n'a ni flanc ni arrière\")",
                if r.from == From::Flank { "flank" } else { "rear" },
                f.id
            ).into());
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
    let (attacker, a_reason) =
        side(db, "attacker", &r.attacker, &a_unit, &d_unit, r, contact, a_met.as_ref(), house_on)?;
    let (defender, d_reason) =
        side(db, "defender", &r.defender, &d_unit, &a_unit, r, contact, d_met.as_ref(), house_on)?;
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

// ── artillery ───────────────────────────────────────────────────────────────────────────────

pub struct ArtilleryRequest {
    /// A battery type (`medium`) or a battery entry (`fr-foot-battery-6`).
    pub battery: String,
    pub ammunition: Ammunition,
    pub at: At,
    pub figures: Option<u32>,
    pub large_target: bool,
    pub grand_battery: Option<u32>,
    pub order: Order,
    pub heavy_cover: bool,
    pub sheltered: bool,
    pub before_bounce: bool,
    pub target: Option<UnitSpec>,
    /// `--target-ranks N`: the ranks the target stands in (default its formation's), for the figures hit
    /// counted from it (reading gun-path).
    pub target_ranks: Option<u32>,
    pub toughness: Option<u32>,
    pub save: Option<u32>,
    pub no_save: bool,
}

/// The figures on the path or under the template, counted from the target unit (reading
/// gun-path): the battery faces it, round shot crosses its depth, canister's half template
/// covers a width of each rank, centred on its front.
#[derive(Debug, Clone, Serialize)]
pub struct Covered {
    /// Figures hit (before skirmishers' or foragers' halving).
    pub figures: u32,
    /// The ranks it stands in, each crossed.
    pub ranks: u32,
    /// Figures in its front rank.
    pub front: u32,
    /// Millimetres a figure takes in its rank (core.toml `[contact]`).
    pub base_mm: u32,
    /// Canister: the half template's width (artillery.toml `[template]`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub template_mm: Option<u32>,
    /// How the figures were counted, in words.
    pub why: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct ArtilleryOut {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<String>,
    pub figures: u32,
    /// Where the figures come from the target (no `--figures`): how they were counted.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub covered: Option<Covered>,
    pub toughness: u32,
    #[serde(flatten)]
    pub report: ArtilleryReport,
}

/// Refuses what the supplement excludes, naming the rule, before anything is computed.
fn artillery_situation(
    db: &Database,
    r: &ArtilleryRequest,
    grand_battery: u32,
) -> Result<(), String> {
    let canister = r.ammunition == Ammunition::Canister;
    let refuse = |flag: &str, why: &str| Err(format!("{flag}: {why}"));
    // The book names its large targets, each a formed body: the march column, the attack
    // column (for artillery), the squares (ACA p.3, p.6, rules.toml's formations); skirmishers,
    // an extended line and foragers stand apart and have their hits halved instead (p.3, p.6).
    if r.large_target && r.order != Order::Formed {
        let (order, formations): (&str, &[&str]) = match r.order {
            Order::Skirmishers => ("skirmishers", &["skirmish", "extended-line"]),
            _ => ("foragers", &["foragers"]),
        };
        let never = formations.iter().all(|id| {
            db.formations
                .get(id)
                .is_none_or(|f| f.large_target == LargeTarget::No)
        });
        if never {
            let mut large: Vec<String> = Vec::new();
            for f in db.formations.iter() {
                let name = match f.large_target {
                    LargeTarget::No => continue,
                    LargeTarget::Yes => f.name.get(Lang::En).to_lowercase(),
                    LargeTarget::Artillery => {
                        format!("{} (against artillery)", f.name.get(Lang::En).to_lowercase())
                    }
                };
                if !large.contains(&name) {
                    large.push(name);
                }
            }
            let (who, halved) = if r.order == Order::Skirmishers {
                (
                    "skirmishers or an extended line",
                    "ACA p.3: \"Les touches d'artillerie sur des tirailleurs sont divisées par deux\"",
                )
            } else {
                (
                    "foragers",
                    "ACA p.6: \"Les touches d'artillerie sur des fourrageurs sont divisées par deux\"",
                )
            };
            return refuse(
                &format!("--large-target with --order {order}"),
                &format!(
                    "the book never makes {who} a large target (ACA p.3, p.6: its large targets are the {}); their hits are halved instead ({halved})",
                    large.join(", the ")
                ),
            );
        }
    }
    if canister && r.large_target {
        return refuse(
            "--large-target",
            "it adds hits to round shot only (ACA p.9: \"Tir à boulet plein … +1 touche contre grande cible\")",
        );
    }
    if r.heavy_cover && !canister {
        return refuse("--heavy-cover", "it is for canister (ACA p.9: hit on 6+ only)");
    }
    if r.sheltered && !canister {
        return refuse(
            "--sheltered",
            "it is for canister (ACA p.10: \"Tir de mitraille: Seule une figurine sur 2 recouverte par le gabarit est touchée\"); a low wall stops round shot by the d6 of p.10",
        );
    }
    if r.sheltered && r.heavy_cover {
        return refuse(
            "--sheltered with --heavy-cover",
            "behind a low wall, a hedge, gabions or in a wood one figure in 2 is hit (ACA p.10), the 6+ of heavy cover (p.9) is for other cover: the two do not add up (reading canister-cover)",
        );
    }
    if r.before_bounce && canister {
        return refuse("--before-bounce", "the bounce is round shot's (ACA p.9–10)");
    }
    let bonus = r.large_target || grand_battery > 0;
    if r.before_bounce && bonus {
        return refuse(
            "--before-bounce",
            "a unit crossed before the bounce takes \"pas de test, ni de touches supplémentaires\" (ACA p.10): no --large-target nor --grand-battery",
        );
    }
    if r.at != At::Figures {
        let what = match r.at {
            At::Battery => "a battery",
            At::Limber => "a limber",
            _ => "a caisson",
        };
        if canister {
            return refuse(
                "--at",
                &format!("shelling {what} is round shot's, 1d6 hits (ACA p.9: \"Pour bombarder un bâtiment, une batterie, un attelage le nombre de touches est déterminé par 1d6\")"),
            );
        }
        if r.figures.is_some() {
            return refuse(
                "--figures",
                &format!("at {what} the hits are 1d6 (ACA p.9), not the figures on the path"),
            );
        }
        if r.large_target || r.order != Order::Formed || r.before_bounce {
            return refuse(
                "--at",
                &format!("{what} is neither a large target nor in an order; give only --grand-battery"),
            );
        }
    }
    Ok(())
}

/// The figures a shot hits in the target unit (reading gun-path): the battery faces the unit,
/// which stands in `--target-ranks` ranks (default its own formation's, as it fights: its line
/// of two ranks on foot), its front rank figures ÷ ranks rounded up. Round shot: the ball crosses its depth, one figure a rank. Canister: the half template
/// moved straight at the middle of its front covers, in each rank crossed, the figures whose
/// bases it overlaps (wholly or partly, ACA p.9), its width centred on the rank.
fn covered(db: &Database, r: &ArtilleryRequest, t: &Resolved) -> Result<Covered, String> {
    let base = match t.entry.kind {
        Kind::Infantry => db.core.contact.infantry,
        Kind::Cavalry | Kind::General => db.core.contact.cavalry,
        Kind::Battery => {
            return Err(format!(
                "--target: {} is a battery, whose pieces' bases are not given (reading contact): give --figures N, or --at battery for its pieces and gunners",
                t.name
            ))
        }
    };
    // Its own formation's ranks unless told (its line of two ranks on foot, reading
    // who-fights).
    let own = default_formation(t.entry)
        .and_then(|id| db.formations.get(id))
        .and_then(|f| f.shooting.as_ref())
        .and_then(|s| s.depth)
        .unwrap_or(1);
    let ranks = r.target_ranks.unwrap_or(own).min(t.figures.max(1));
    let front = t.figures.div_ceil(ranks);
    let mut rows = Vec::new();
    let mut left = t.figures;
    while left > 0 {
        rows.push(left.min(front));
        left -= left.min(front);
    }
    let plural = |n: u32, one: &str, many: &str| {
        if n == 1 {
            format!("{n} {one}")
        } else {
            format!("{n} {many}")
        }
    };
    let stands = format!(
        "{} in {} of {front}",
        plural(t.figures, "figure", "figures"),
        plural(ranks, "rank", "ranks")
    );
    let (figures, template_mm, why) = match r.ammunition {
        Ammunition::Roundshot => {
            let n = u32::try_from(rows.len()).unwrap_or(u32::MAX);
            (
                n,
                None,
                format!(
                    "{} on the path: the ball crosses the unit's depth, one figure a rank ({stands}; reading gun-path, ACA p.9)",
                    plural(n, "figure", "figures")
                ),
            )
        }
        Ammunition::Canister => {
            let width = db.artillery.template.width_mm;
            let overlap = crate::rulesets::wab_aca::model::Contact {
                corners: false,
                ..db.core.contact.clone()
            };
            let n: u32 = rows.iter().map(|&k| overlap.in_contact(k, base, width)).sum();
            (
                n,
                Some(width),
                format!(
                    "{} under the template: {width} mm wide ({}) over {base} mm bases, centred on each rank crossed ({stands}; reading gun-path, ACA p.9)",
                    plural(n, "figure", "figures"),
                    db.artillery.template.source
                ),
            )
        }
    };
    Ok(Covered {
        figures: within("--target", figures, &limits::IN_PATH, "engine limit")?,
        ranks,
        front,
        base_mm: base,
        template_mm,
        why,
    })
}

pub fn artillery(db: &Database, r: &ArtilleryRequest) -> Result<ArtilleryOut, String> {
    let battery = if db.batteries.contains(&r.battery) {
        r.battery.clone()
    } else if let Some(e) = db.entry(&r.battery) {
        e.battery
            .clone()
            .ok_or_else(|| format!("--battery: {} is a {} entry, not a battery", e.name.get(Lang::En), e.kind))?
    } else {
        let mut known: Vec<&str> = db.batteries.ids().collect();
        known.sort_unstable();
        return Err(format!(
            "--battery: unknown battery `{}`; a type ({}) or a battery entry",
            r.battery,
            known.join(", ")
        ));
    };
    let grand_battery = r
        .grand_battery
        .map(|n| {
            within(
                "--grand-battery",
                n,
                &limits::GRAND_BATTERY,
                "ACA p.8: two batteries or more",
            )
        })
        .transpose()?
        .unwrap_or(0);
    artillery_situation(db, r, grand_battery)?;
    let target = r
        .target
        .as_ref()
        .map(|u| resolve(db, "--target", u))
        .transpose()?;
    if let Some(n) = r.target_ranks {
        within("--target-ranks", n, &(1..=12), "a unit of 1 to 12 ranks")?;
        if r.figures.is_some() || r.at != At::Figures {
            return Err(format!(
                "--target-ranks {n}: the ranks count the figures hit from --target; give it without --figures and --at"
            ));
        }
    }
    let (figures, covered) = match (r.at, r.figures, &target) {
        (At::Figures, None, Some(t)) => {
            let c = covered(db, r, t)?;
            (c.figures, Some(c))
        }
        (At::Figures, None, None) => {
            return Err(
                "give --figures N (the figures on the path, round shot, or under the template, canister) or --target UNIT to count them from it (reading gun-path)"
                    .into(),
            )
        }
        (_, Some(n), _) => (within("--figures", n, &limits::IN_PATH, "engine limit")?, None),
        (_, None, _) => (0, None),
    };
    if let (At::Battery, Some(t)) = (r.at, &target) {
        if t.entry.kind != Kind::Battery {
            return Err(format!(
                "--target: {} is {}, and --at battery fires at a battery's gunners",
                t.name, t.entry.kind
            ));
        }
    }
    // A limber or a caisson: its own toughness (artillery.toml), no save.
    let materiel = matches!(r.at, At::Limber | At::Caisson);
    let toughness = match (r.toughness, &target) {
        (Some(t), _) => within("--toughness", t, &limits::STRENGTH, "WAB characteristics")?,
        (None, Some(t)) => t.entry.profile.t,
        (None, None) if materiel => 1,
        (None, None) => return Err("give --toughness T or --target ENTRY".into()),
    };
    let save = if r.no_save || materiel {
        None
    } else {
        match (r.save, &target) {
            (Some(s), _) => {
                let s = within("--save", s, &limits::SAVE, "7 or more: no save")?;
                (s < 7).then_some(s)
            }
            (None, Some(t)) => t.entry.profile.sv,
            (None, None) => {
                return Err("give --save SV (7: none), --no-save or --target ENTRY".into())
            }
        }
    };
    let report = artillery::fire(
        db,
        &artillery::Fire {
            battery: &battery,
            ammunition: r.ammunition,
            at: r.at,
            figures,
            large_target: r.large_target,
            grand_battery,
            order: r.order,
            heavy_cover: r.heavy_cover,
            sheltered: r.sheltered,
            before_bounce: r.before_bounce,
            toughness,
            save,
        },
    )?;
    Ok(ArtilleryOut {
        target: target.map(|t| t.name),
        figures,
        covered,
        toughness,
        report,
    })
}
