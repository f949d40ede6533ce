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
    /// Figures on the table: the list's value (any integer the file holds: the rules check
    /// it), or the sheet's N°F for command units.
    pub figures: Option<i64>,
    /// Chosen skills with what each costs here (0 when free).
    pub skills: Vec<(String, u32)>,
    /// Exact: u64 holds any u32 figures × PT.
    pub cost: u64,
}

/// What a list costs, unit by unit.
#[derive(Debug, Clone)]
pub struct Army<'a> {
    pub units: Vec<UnitLine<'a>>,
    pub total: u64,
    pub limit: u64,
}

/// The base cost of a unit before skills (§1.1, §9.1): troops PT × figures, command units PT,
/// artillery PT × crew + PC. Exact for any u32 figures.
pub fn base_cost(sheet: &UnitSheet, figures: u32) -> u64 {
    let points = u64::from(sheet.points);
    let figures = u64::from(figures);
    match sheet.kind {
        Kind::Command => points,
        Kind::Troop => points * figures,
        Kind::Artillery => points * figures + u64::from(sheet.gun_points.unwrap_or(0)),
    }
}

/// Figures as the cost counts them: a negative count (an error of its own) counts none, and
/// counts beyond u32 (errors too) are capped there; exact for every count the rules allow.
fn counted(figures: Option<i64>) -> u32 {
    figures.map_or(0, |f| f.clamp(0, i64::from(u32::MAX)) as u32)
}

/// What one chosen skill costs this unit: the table's cost, nothing for the §10.1 free skill,
/// nothing for Mouvement furtif on guerrillas (§1.4).
pub fn skill_cost(db: &Database, sheet: &UnitSheet, skill: &str, free: bool) -> u32 {
    let Some(s) = db.skill(skill) else {
        return 0;
    };
    if free || given(db, sheet, skill) {
        0
    } else {
        s.cost
    }
}

/// Whether the rules give this unit `skill` free: a guerrilla unit uses its Mouvement furtif
/// "sans surcoût" (§1.4). [`Army::evaluate`] gives a unit each such skill its sheet offers,
/// whether or not the list names it.
pub fn given(db: &Database, sheet: &UnitSheet, skill: &str) -> bool {
    db.skill(skill)
        .is_some_and(|s| s.effects.free_for_guerrillas && db.has_trait(sheet, UnitTrait::Guerrilla))
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
                    Some(s) if s.kind == Kind::Command => u.figures.or(s.figures.map(i64::from)),
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
                // What the rules give it (§1.4), after what the player chose.
                if let Some(s) = sheet {
                    for o in &s.skills {
                        if given(db, s, &o.id) && !chosen.contains(&o.id.as_str()) {
                            chosen.push(&o.id);
                        }
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
                let cost = sheet.map(|s| base_cost(s, counted(figures))).unwrap_or(0)
                    + skills.iter().map(|(_, c)| u64::from(*c)).sum::<u64>();
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
        let total = units.iter().map(|u| u.cost).fold(0u64, u64::saturating_add);
        Army {
            units,
            total,
            limit: u64::from(list.list.points),
        }
    }
}
