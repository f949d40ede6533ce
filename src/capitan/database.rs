//! The loaded Capitán database: every table and sheet, indexed by id. Pure data, no I/O.

use std::collections::HashMap;

use super::model::*;

/// Entries with an id, in file order, with an index by id.
#[derive(Debug, Clone)]
pub struct Catalog<T> {
    items: Vec<T>,
    index: HashMap<String, usize>,
}

impl<T> Default for Catalog<T> {
    fn default() -> Self {
        Self {
            items: Vec::new(),
            index: HashMap::new(),
        }
    }
}

impl<T> Catalog<T> {
    /// Adds an entry; returns false (and keeps the first) when the id is taken.
    pub fn insert(&mut self, id: &str, item: T) -> bool {
        if self.index.contains_key(id) {
            return false;
        }
        self.index.insert(id.to_owned(), self.items.len());
        self.items.push(item);
        true
    }

    pub fn get(&self, id: &str) -> Option<&T> {
        self.index.get(id).map(|&i| &self.items[i])
    }

    pub fn contains(&self, id: &str) -> bool {
        self.index.contains_key(id)
    }

    pub fn iter(&self) -> std::slice::Iter<'_, T> {
        self.items.iter()
    }

    pub fn ids(&self) -> impl Iterator<Item = &str> {
        self.index.keys().map(String::as_str)
    }

    pub fn len(&self) -> usize {
        self.items.len()
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }
}

/// Everything the Capitán engine knows: rules tables, reference data and unit sheets.
#[derive(Debug, Clone)]
pub struct Database {
    pub rules: Rules,
    pub artillery: Artillery,
    pub terrain: Vec<Terrain>,
    pub ranks: Catalog<Rank>,
    pub skills: Catalog<Skill>,
    pub weapons: Catalog<Weapon>,
    pub nations: Catalog<Nation>,
    pub campaigns: Catalog<Campaign>,
    pub unit_types: Catalog<UnitType>,
    pub sheets: Catalog<UnitSheet>,
    pub errata: Vec<Erratum>,
}

impl Database {
    pub fn sheet(&self, id: &str) -> Option<&UnitSheet> {
        self.sheets.get(id)
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
