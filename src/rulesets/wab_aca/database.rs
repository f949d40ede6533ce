//! The loaded ACA database: tables, special rules and armies, indexed by id. Pure data.

use super::model::*;
use crate::core::catalog::Catalog;

/// An army: its header and its entries' ids, in file order.
#[derive(Debug, Clone)]
pub struct Army {
    pub header: ArmyHeader,
    pub entries: Vec<String>,
}

#[derive(Debug, Clone)]
pub struct Database {
    pub rules: Rules,
    pub core: Core,
    pub artillery: Artillery,
    pub specials: Catalog<Special>,
    pub armies: Catalog<Army>,
    /// Every entry of every army: ids are unique across armies.
    pub entries: Catalog<Entry>,
    pub formations: Catalog<Formation>,
    pub weapons: Catalog<Weapon>,
    pub qualities: Catalog<Quality>,
    pub batteries: Catalog<BatteryType>,
    /// What the game companion tracks (game.toml).
    pub game: crate::rulesets::game::GameRules,
    /// Where each entry comes from (an army booklet, muster, or the player's own data layer)
    /// and the file it was read from.
    pub provenance: std::collections::HashMap<String, (crate::core::catalog::Provenance, String)>,
    /// Armies and entries a later data layer replaced.
    pub replaced: Vec<crate::core::catalog::Replaced>,
}

impl Database {
    pub fn army(&self, id: &str) -> Option<&Army> {
        self.armies.get(id)
    }

    pub fn entry(&self, id: &str) -> Option<&Entry> {
        self.entries.get(id)
    }

    /// Where an entry's values come from: the player's own data layer, else its army's
    /// source (an army booklet's, or written for muster).
    pub fn provenance(&self, entry: &str) -> crate::core::catalog::Provenance {
        use crate::core::catalog::Provenance;
        if let Some((p, _)) = self.provenance.get(entry) {
            return *p;
        }
        match self
            .armies
            .iter()
            .find(|a| a.entries.iter().any(|e| e == entry))
        {
            Some(a) if a.header.source == ArmySource::Booklet => Provenance::Official,
            _ => Provenance::Illustrative,
        }
    }

    /// The entries of an army, in file order.
    pub fn entries_of<'a>(&'a self, army: &'a Army) -> impl Iterator<Item = &'a Entry> + 'a {
        army.entries.iter().filter_map(|id| self.entries.get(id))
    }

    /// The general of `army` named by rank (`division`) or role (`brigadier`, `adc`).
    pub fn general<'a>(&'a self, army: &'a Army, word: &str) -> Option<&'a Entry> {
        self.entries_of(army).find(|e| {
            e.kind == Kind::General
                && (e.rank.is_some_and(|r| r.as_str() == word)
                    || e.role
                        .is_some_and(|r| r != Role::Commander && r.as_str() == word))
        })
    }

    /// The words `general = "…"` accepts for an army.
    pub fn general_words(&self, army: &Army) -> Vec<&'static str> {
        self.entries_of(army)
            .filter(|e| e.kind == Kind::General)
            .filter_map(|e| match (e.role, e.rank) {
                (_, Some(rank)) => Some(rank.as_str()),
                (Some(Role::Commander), None) | (None, _) => None,
                (Some(role), None) => Some(role.as_str()),
            })
            .collect()
    }

    pub fn battery_type(&self, entry: &Entry) -> Option<&BatteryType> {
        entry.battery.as_deref().and_then(|b| self.batteries.get(b))
    }

    /// A house rule of `rules.toml` by its id.
    pub fn house_rule(&self, id: &str) -> Option<&HouseRule> {
        self.rules.house_rule.iter().find(|h| h.id == id)
    }

    pub fn quality(&self, entry: &Entry) -> Option<&Quality> {
        self.qualities.get(&entry.quality)
    }

    /// The batteries an army may field at `points` (ACA p.10), and the band that says so.
    pub fn battery_allowance<'a>(&self, army: &'a Army, points: u64) -> Option<&'a Band> {
        army.header
            .artillery
            .bands
            .iter()
            .find(|b| b.up_to.is_none_or(|u| points <= u64::from(u)))
    }

    /// The score needed on a d6 to hit by shooting at `bs` (WAB core), before modifiers;
    /// `None` for BS 0 (troops that do not shoot). A BS above the table takes its last row.
    pub fn to_hit_shooting(&self, bs: u32) -> Option<u32> {
        let rows = &self.core.to_hit_shooting;
        if bs == 0 {
            return None;
        }
        rows.iter()
            .find(|r| r.bs == bs)
            .or_else(|| rows.iter().max_by_key(|r| r.bs).filter(|r| bs > r.bs))
            .map(|r| r.needs)
    }

    /// The score needed to wound (`None`: cannot wound), from strength minus toughness.
    pub fn to_wound(&self, strength: i64, toughness: i64) -> Option<u32> {
        let d = strength - toughness;
        let rows = &self.core.to_wound;
        let max = rows.iter().map(|r| r.difference).max()?;
        let min = rows.iter().map(|r| r.difference).min()?;
        if d > i64::from(max) {
            return rows.iter().find(|r| r.difference == max).map(|r| r.needs);
        }
        if d < i64::from(min) {
            return None;
        }
        rows.iter()
            .find(|r| i64::from(r.difference) == d)
            .map(|r| r.needs)
    }

    /// The score needed to hit in close combat (WAB core).
    pub fn to_hit_melee(&self, ws: u32, enemy_ws: u32) -> u32 {
        let t = &self.core.to_hit_melee;
        if ws > enemy_ws {
            t.higher
        } else if enemy_ws > ws.saturating_mul(2) {
            t.double
        } else {
            t.otherwise
        }
    }

    /// The armour save after the strength of the hit (`None`: no save).
    pub fn save_against(&self, save: Option<u32>, strength: i64) -> Option<u32> {
        let rule = &self.core.save;
        let base = i64::from(save?);
        let worse = (strength - i64::from(rule.free_strength)).max(0) * i64::from(rule.per_point);
        let needed = base + worse;
        (needed < i64::from(rule.impossible_from)).then_some(needed.max(2) as u32)
    }
}
