//! The units a preview names, resolved against the database (an army entry or a unit of a
//! list, with what it has), and the house rules a preview plays: what every procedure's
//! request shares.

use crate::core::words::{Named, Phrase};
use serde::Serialize;

use crate::core::bounds::within;
use crate::core::error::Stop;
use crate::rulesets::wab_aca::database::Database;
use crate::rulesets::wab_aca::model::{Arm, Entry, Kind, Lang};
use crate::rulesets::wab_aca::preview::House;
use crate::rulesets::UnitRow;

use super::limits;

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
    pub origin: Phrase,
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
    pub fn from_row(row: &UnitRow, origin: Phrase) -> Result<Self, String> {
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
    pub name: Phrase,
    /// Its name without where it comes from: a list's label, an entry's name in each language.
    pub label: Named,
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
pub(super) fn house(
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

/// Why a unit may not re-roll a failed test, in the player's words: its quality has no
/// re-roll (ACA p.13).
pub(super) fn no_reroll_said(db: &Database, u: &Resolved) -> Phrase {
    let quality = db.quality(u.entry).map_or_else(
        || Named::same(u.entry.quality.clone()),
        |q| crate::rulesets::wab_aca::validate::named(&q.name),
    );
    Phrase::new(
        "cannot-wab-reroll",
        "{unit} ({quality}) has no re-roll of a failed test (ACA p.13)",
    )
    .phrase("unit", u.name.clone())
    .name("quality", quality)
}

/// The elite figures that re-roll their 1s to hit: the cavalry's (ACA p.7); the infantry's
/// only with the house rule elite-infantry-rerolls. `given`: asked with a flag (refused for
/// infantry by the book, saying how to turn the house rule on).
pub(super) fn elite_playing(
    flag: &str,
    unit: Option<&Resolved>,
    given: Option<u32>,
    house: House,
) -> Result<u32, Stop> {
    let elite = given.or(unit.map(|u| u.elite)).unwrap_or(0);
    match unit {
        Some(u) if u.entry.kind == Kind::Infantry && !house.elite_infantry_rerolls => {
            if given.is_some_and(|n| n > 0) {
                return Err(Stop::cannot(
                    format!(
                        "{flag}: {} is infantry, whose elite figures re-roll no 1s by the book (ACA p.7 gives the re-roll to the cavalry's); the house rule elite-infantry-rerolls gives it to them: --house-rule elite-infantry-rerolls, or house_rules = [\"elite-infantry-rerolls\"] in the list's [list]",
                        u.name
                    ),
                    Phrase::new(
                        "cannot-elite-infantry-reroll",
                        "{unit} is infantry, whose elite figures re-roll no 1s by the book (ACA p.7 gives the re-roll to the cavalry's); the house rule “elite-infantry-rerolls” gives it to them",
                    )
                    .phrase("unit", u.name.clone()),
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
            &format!(
                "the figures {} has left",
                listed.map_or("", |l| l.label.as_str())
            ),
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
            name: Phrase::new("preview-unit-listed", "{label} ({origin})")
                .text("label", l.label.clone())
                .phrase("origin", l.origin.clone()),
            label: Named::same(l.label.clone()),
            figures,
            start: l.bought.unwrap_or(figures).max(figures),
            flag: l.flag,
            musician: l.musician,
            elite: l.elite,
            house_rules: l.house_rules.clone(),
        },
        None => Resolved {
            entry,
            // Named in the preview's language, as the data name it.
            name: Phrase::new("as-is", "{text}").name(
                "text",
                crate::rulesets::wab_aca::validate::named(&entry.name),
            ),
            label: crate::rulesets::wab_aca::validate::named(&entry.name),
            figures,
            start: figures,
            flag: false,
            musician: false,
            elite: 0,
            house_rules: Vec::new(),
        },
    })
}

/// The target's armour save: `--save` (7 or more: none), else the target's own; one of them
/// must be given.
pub(super) fn save(given: Option<u32>, target: Option<&Resolved>) -> Result<Option<u32>, String> {
    match (given, target) {
        (Some(s), _) => {
            let s = within("--save", s, &limits::SAVE, "7 or more: no save")?;
            Ok((s < 7).then_some(s))
        }
        (None, Some(t)) => Ok(t.entry.profile.sv),
        (None, None) => Err("give --save SV (7: none), --no-save or --target ENTRY".into()),
    }
}

/// The formation a unit stands in when none is given, to fire and to fight (reading
/// who-fights): skirmish order for a unit that always skirmishes, the cavalry's line, the
/// infantry's line of two ranks (ACA p.3: « Formation d'une ligne de deux rangs »), else the
/// first it takes; none for a unit that takes none (a battery, a general).
pub(super) fn default_formation(e: &Entry) -> Option<&str> {
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

pub(super) fn has(e: &Entry, special: &str) -> bool {
    e.special.iter().any(|s| s == special)
}
