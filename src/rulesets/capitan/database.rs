//! The loaded Capitán database: every table and sheet, indexed by id. Pure data, no I/O.

use super::model::*;
pub use crate::core::catalog::Catalog;

/// Everything the Capitán engine knows: rules tables, reference data and unit sheets.
#[derive(Debug, Clone)]
pub struct Database {
    pub rules: Rules,
    pub artillery: Artillery,
    pub terrain: Vec<Terrain>,
    pub ranks: Catalog<Rank>,
    /// §10: how victory points make ranks (ranks.toml `[career]`), when the data has it.
    pub career: Option<CareerRules>,
    pub skills: Catalog<Skill>,
    pub weapons: Catalog<Weapon>,
    pub nations: Catalog<Nation>,
    pub campaigns: Catalog<Campaign>,
    pub unit_types: Catalog<UnitType>,
    pub sheets: Catalog<UnitSheet>,
    pub errata: Vec<Erratum>,
    /// What the game companion tracks (game.toml).
    pub game: crate::rulesets::game::GameRules,
    /// Where each sheet comes from (the book, muster, or the player's own layer) and the file
    /// it is read from.
    pub provenance: std::collections::HashMap<String, (crate::core::catalog::Provenance, String)>,
    /// Sheets and entries a later data layer replaced.
    pub replaced: Vec<crate::rulesets::Replaced>,
}

impl Database {
    pub fn sheet(&self, id: &str) -> Option<&UnitSheet> {
        self.sheets.get(id)
    }

    /// Where the sheet `id` comes from (illustrative when unknown).
    pub fn provenance(&self, id: &str) -> crate::core::catalog::Provenance {
        self.provenance
            .get(id)
            .map(|(p, _)| *p)
            .unwrap_or(crate::core::catalog::Provenance::Illustrative)
    }

    pub fn skill(&self, id: &str) -> Option<&Skill> {
        self.skills.get(id)
    }

    pub fn weapon_of(&self, sheet: &UnitSheet) -> Option<&Weapon> {
        self.weapons.get(&sheet.weapon)
    }

    /// The ranges a sheet fires at: its own when it overrides, else its weapon's (§7.6).
    pub fn ranges_of(&self, sheet: &UnitSheet) -> Option<Ranges> {
        match sheet.range {
            Some(r) if sheet.range_override => Some(r),
            _ => self.weapon_of(sheet).map(|w| w.range),
        }
    }

    pub fn has_trait(&self, sheet: &UnitSheet, t: UnitTrait) -> bool {
        self.unit_types
            .get(&sheet.unit_type)
            .is_some_and(|u| u.traits.contains(&t))
    }

    /// Whether a skill's restriction (§11) allows it on this sheet.
    pub fn skill_allowed(skill: &Skill, sheet: &UnitSheet) -> bool {
        match skill.restriction {
            None => true,
            Some(Restriction::Artillery) => sheet.kind == Kind::Artillery,
            Some(Restriction::Cavalry) => {
                sheet.kind != Kind::Artillery && sheet.arm == Arm::Cavalry
            }
            Some(Restriction::Infantry) => {
                sheet.kind != Kind::Artillery && sheet.arm == Arm::Infantry
            }
        }
    }
}
