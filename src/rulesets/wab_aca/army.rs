//! Costing a list: each unit resolved to its army entry and priced (ACA p.5, p.7, p.13: figures
//! × cost per figure, +5 a flag, +5 a musician, +2 a figure of heavy armour; +5 an elite figure,
//! the cavalry's of p.7 and the infantry's as muster's reading elite-infantry; a battery's guns
//! and crew; the officer free). Exact integers throughout.

use super::database::{Army, Database};
use super::list::{ListFile, ListUnit};
use super::model::*;

/// A unit of the list, resolved and costed.
#[derive(Debug, Clone)]
pub struct Unit<'a> {
    /// Its place in the list (0-based).
    pub index: usize,
    pub entry: Option<&'a Entry>,
    pub label: String,
    /// Rank and file (a battery: its crew), as written; generals 1.
    pub figures: Option<i64>,
    pub guns: Option<i64>,
    pub cost: u64,
    /// Elite figures as costed: the list's count, at most the entry's maximum.
    pub elite: u64,
    /// What was bought: (option id, points).
    pub bought: Vec<(&'static str, u64)>,
}

impl Unit<'_> {
    pub fn kind(&self) -> Option<Kind> {
        self.entry.map(|e| e.kind)
    }
}

pub struct Evaluated<'a> {
    pub army: Option<&'a Army>,
    pub units: Vec<Unit<'a>>,
    pub total: u64,
    pub limit: u64,
}

/// Resolves `unit` to an entry of `army`: by `entry`, or by `general` word.
pub fn resolve<'a>(db: &'a Database, army: Option<&'a Army>, unit: &ListUnit) -> Option<&'a Entry> {
    let army = army?;
    match (&unit.entry, &unit.general) {
        (Some(id), _) => db.entry(id).filter(|e| e.army == army.header.id),
        (None, Some(word)) => db.general(army, word),
        (None, None) => None,
    }
}

/// The elite figures of `unit` as costed: bounded where they are read by the entry's maximum
/// (its figures' when it sets none), none for a negative count; the list's own count is
/// what `elite-over-max` reports.
pub fn elite_count(entry: &Entry, unit: &ListUnit) -> u64 {
    let max = u64::from(entry.max_elite.unwrap_or(entry.figures.max));
    u64::try_from(unit.elite).unwrap_or(0).min(max)
}

/// The points of one unit (`None` when its entry is unknown).
pub fn unit_cost(db: &Database, entry: &Entry, unit: &ListUnit) -> (u64, Vec<(&'static str, u64)>) {
    let costs = &db.rules.costs;
    let figures = match entry.kind {
        Kind::General => 1,
        _ => unit.figures.unwrap_or(0).max(0) as u64,
    };
    let mut bought = Vec::new();
    let base = match entry.kind {
        Kind::General => u64::from(entry.cost),
        Kind::Battery => {
            let guns = unit.guns.unwrap_or(1).max(0) as u64;
            let gun_cost = u64::from(entry.gun_cost.unwrap_or(0));
            bought.push(("guns", guns.saturating_mul(gun_cost)));
            figures.saturating_mul(u64::from(entry.cost))
        }
        Kind::Infantry | Kind::Cavalry => figures.saturating_mul(u64::from(entry.cost)),
    };
    if unit.flag {
        bought.push(("flag", u64::from(costs.flag)));
    }
    if unit.musician {
        bought.push(("musician", u64::from(costs.musician)));
    }
    let elite = elite_count(entry, unit);
    if elite > 0 {
        bought.push(("elite", elite.saturating_mul(u64::from(costs.elite))));
    }
    if unit.heavy_armour {
        bought.push((
            "heavy-armour",
            figures.saturating_mul(u64::from(costs.heavy_armour)),
        ));
    }
    let total = bought
        .iter()
        .fold(base, |sum, (_, pts)| sum.saturating_add(*pts));
    (total, bought)
}

pub fn evaluate<'a>(db: &'a Database, list: &ListFile) -> Evaluated<'a> {
    let army = db.army(&list.list.army);
    // Named in the list's language (its documents' until they say another; a language the
    // names lack falls back as `Names::get` says).
    let lang = list.list.lang.unwrap_or_default();
    let units: Vec<Unit> = list
        .units
        .iter()
        .enumerate()
        .map(|(index, u)| {
            let entry = resolve(db, army, u);
            let (cost, bought) = entry
                .map(|e| unit_cost(db, e, u))
                .unwrap_or((0, Vec::new()));
            let figures = match entry.map(|e| e.kind) {
                Some(Kind::General) => Some(1),
                _ => u.figures,
            };
            Unit {
                index,
                entry,
                label: u
                    .label
                    .clone()
                    .or_else(|| entry.map(|e| e.name.get(lang).to_owned()))
                    .unwrap_or_else(|| {
                        u.entry
                            .clone()
                            .or_else(|| u.general.clone())
                            .unwrap_or_default()
                    }),
                figures,
                guns: (entry.map(|e| e.kind) == Some(Kind::Battery)).then(|| u.guns.unwrap_or(1)),
                cost,
                elite: entry.map_or(0, |e| elite_count(e, u)),
                bought,
            }
        })
        .collect();
    let total = units.iter().fold(0u64, |s, u| s.saturating_add(u.cost));
    Evaluated {
        army,
        units,
        total,
        limit: list.list.points.max(0) as u64,
    }
}
