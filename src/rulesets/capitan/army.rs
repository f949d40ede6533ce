//! An army list evaluated against the database: each unit's sheet, figures and cost (§1.1,
//! §9.1, §10.1, §1.4), and the total. Pure: no I/O.

use super::database::Database;
use super::list::ListFile;
use super::model::{Kind, UnitSheet, UnitTrait};

/// One unit of a list, resolved.
#[derive(Debug, Clone)]
pub struct UnitLine<'a> {
    /// 0-based position in `[[units]]`.
    pub index: usize,
    pub sheet_id: &'a str,
    pub sheet: Option<&'a UnitSheet>,
    pub label: String,
    /// Figures on the table: the list's value, or the sheet's N°F for command units.
    pub figures: Option<u32>,
    /// Chosen skills with what each costs here (0 when free).
    pub skills: Vec<(String, u32)>,
    pub cost: u32,
}

/// What a list costs, unit by unit.
#[derive(Debug, Clone)]
pub struct Army<'a> {
    pub units: Vec<UnitLine<'a>>,
    pub total: u32,
    pub limit: u32,
}

/// The base cost of a unit before skills (§1.1, §9.1): troops PT × figures, command units PT,
/// artillery PT × crew + PC.
pub fn base_cost(sheet: &UnitSheet, figures: u32) -> u32 {
    match sheet.kind {
        Kind::Command => sheet.points,
        Kind::Troop => sheet.points.saturating_mul(figures),
        Kind::Artillery => sheet
            .points
            .saturating_mul(figures)
            .saturating_add(sheet.gun_points.unwrap_or(0)),
    }
}

/// What one chosen skill costs this unit: the table's cost, nothing for the §10.1 free skill,
/// nothing for Mouvement furtif on guerrillas (§1.4).
pub fn skill_cost(db: &Database, sheet: &UnitSheet, skill: &str, free: bool) -> u32 {
    let Some(s) = db.skill(skill) else {
        return 0;
    };
    if free || (s.effects.free_for_guerrillas && db.has_trait(sheet, UnitTrait::Guerrilla)) {
        0
    } else {
        s.cost
    }
}

impl<'a> Army<'a> {
    pub fn evaluate(db: &'a Database, list: &'a ListFile) -> Self {
        let free = list.list.free_skill.as_ref();
        let units: Vec<UnitLine> = list
            .units
            .iter()
            .enumerate()
            .map(|(index, u)| {
                let sheet = db.sheet(&u.sheet);
                let figures = match sheet {
                    Some(s) if s.kind == Kind::Command => u.figures.or(s.figures),
                    _ => u.figures,
                };
                let free_here = free
                    .filter(|f| f.unit == index + 1)
                    .map(|f| f.skill.as_str());
                let mut chosen: Vec<&str> = u.skills.iter().map(String::as_str).collect();
                if let Some(f) = free_here {
                    if !chosen.contains(&f) {
                        chosen.push(f);
                    }
                }
                let skills: Vec<(String, u32)> = chosen
                    .iter()
                    .map(|k| {
                        let cost = sheet
                            .map(|s| skill_cost(db, s, k, Some(*k) == free_here))
                            .unwrap_or(0);
                        (k.to_string(), cost)
                    })
                    .collect();
                let cost = sheet
                    .map(|s| base_cost(s, figures.unwrap_or(0)))
                    .unwrap_or(0)
                    .saturating_add(skills.iter().map(|(_, c)| c).sum());
                UnitLine {
                    index,
                    sheet_id: &u.sheet,
                    sheet,
                    label: u
                        .label
                        .clone()
                        .or_else(|| sheet.map(|s| s.name.clone()))
                        .unwrap_or_else(|| u.sheet.clone()),
                    figures,
                    skills,
                    cost,
                }
            })
            .collect();
        let total = units.iter().map(|u| u.cost).fold(0u32, u32::saturating_add);
        Army {
            units,
            total,
            limit: list.list.points,
        }
    }
}
