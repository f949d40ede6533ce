//! `muster sheets` and `muster sheets show ID`.

use super::{print_out, text_table, to_json};
use crate::capitan::model::{Arm, Coalition, Kind, UnitSheet};
use crate::capitan::Database;
use crate::cli::Format;
use crate::error::Error;
use crate::suggest::nearest;

/// Which sheets to list; every filter is optional.
#[derive(Debug, Default)]
pub struct Filter {
    pub nation: Option<String>,
    pub coalition: Option<Coalition>,
    pub kind: Option<Kind>,
    pub arm: Option<Arm>,
    pub campaign: Option<String>,
}

impl Filter {
    /// Unknown nation or campaign ids are usage errors, with the nearest ids suggested.
    pub fn check(&self, db: &Database) -> Result<(), Error> {
        if let Some(n) = &self.nation {
            if !db.nations.contains(n) {
                return Err(unknown("nation", n, db.nations.ids()));
            }
        }
        if let Some(c) = &self.campaign {
            if !db.campaigns.contains(c) {
                return Err(unknown("campaign", c, db.campaigns.ids()));
            }
        }
        Ok(())
    }

    fn matches(&self, s: &UnitSheet) -> bool {
        self.nation.as_ref().is_none_or(|n| &s.nation == n)
            && self.coalition.is_none_or(|c| s.coalition == c)
            && self.kind.is_none_or(|k| s.kind == k)
            && self.arm.is_none_or(|a| s.arm == a)
            && self
                .campaign
                .as_ref()
                .is_none_or(|c| s.campaigns.contains(c))
    }
}

pub fn unknown<'a>(what: &str, id: &str, known: impl Iterator<Item = &'a str>) -> Error {
    let mut known: Vec<&str> = known.collect();
    known.sort_unstable();
    let hint = match nearest(id, known.iter().copied()) {
        Some(n) => format!("did you mean {n}?"),
        None => format!("known: {}", known.join(", ")),
    };
    Error::Usage(format!("unknown {what} `{id}`; {hint}"))
}

pub fn list(db: &Database, filter: &Filter, format: Format) -> Result<u8, Error> {
    filter.check(db)?;
    let sheets: Vec<&UnitSheet> = db.sheets.iter().filter(|s| filter.matches(s)).collect();
    match format {
        Format::Json => print_out(&to_json(&sheets))?,
        Format::Table => {
            let opt = |v: Option<u32>| v.map(|v| v.to_string()).unwrap_or_else(|| "-".into());
            let rows: Vec<Vec<String>> = sheets
                .iter()
                .map(|s| {
                    vec![
                        s.id.clone(),
                        s.name.clone(),
                        s.nation.clone(),
                        s.kind.to_string(),
                        s.arm.to_string(),
                        s.quality.to_string(),
                        opt(s.figures),
                        s.max_units.to_string(),
                        s.points.to_string(),
                        opt(s.gun_points),
                    ]
                })
                .collect();
            let mut out = text_table(
                &[
                    "id", "name", "nation", "kind", "arm", "quality", "N°F", "N°U", "PT", "PC",
                ],
                &rows,
            );
            out.push_str(&format!("{} sheets\n", sheets.len()));
            print_out(&out)?;
        }
    }
    Ok(0)
}

pub fn show(db: &Database, id: &str, format: Format) -> Result<u8, Error> {
    let Some(s) = db.sheet(id) else {
        return Err(unknown("sheet", id, db.sheets.ids()));
    };
    match format {
        Format::Json => print_out(&to_json(s))?,
        Format::Table => print_out(&describe(db, s))?,
    }
    Ok(0)
}

/// Every field of a sheet as text, in the order of §1.1.
fn describe(db: &Database, s: &UnitSheet) -> String {
    let hex = |cm: u32| db.rules.hexes(cm);
    let mut lines = vec![format!("{}  [{}]", s.name, s.id)];
    let nation = db
        .nations
        .get(&s.nation)
        .map(|n| n.name.en.as_str())
        .unwrap_or(&s.nation);
    lines.push(format!("nation       {nation} ({})", s.coalition));
    let mut origin = s.regiment.clone();
    for part in [&s.battalion, &s.company].into_iter().flatten() {
        origin.push_str(" / ");
        origin.push_str(part);
    }
    if let Some(o) = &s.officer {
        origin.push_str(&format!(" / {} {}", o.rank, o.name));
    }
    lines.push(format!("origin       {origin}"));
    let unit_type = db
        .unit_types
        .get(&s.unit_type)
        .map(|u| u.name.en.as_str())
        .unwrap_or(&s.unit_type);
    lines.push(format!(
        "type         {unit_type} — {} {}, {}",
        s.arm, s.kind, s.quality
    ));
    if let (Some(w), Some(r)) = (db.weapon_of(s), db.ranges_of(s)) {
        lines.push(format!(
            "weapon       {}: short {} ({}), medium {} ({}), long {} ({}) cm (hexes)",
            w.name.en,
            r.short,
            hex(r.short),
            r.medium,
            hex(r.medium),
            r.long,
            hex(r.long)
        ));
    }
    lines.push(format!(
        "I / M / C    {} / {} / {}",
        s.initiative, s.morale, s.courage
    ));
    let m = s.movement;
    lines.push(format!(
        "move         normal {} ({}), march {} ({}), charge {} ({}) cm (hexes)",
        m.normal,
        hex(m.normal),
        m.march,
        hex(m.march),
        m.charge,
        hex(m.charge)
    ));
    lines.push(format!(
        "dice         DD {}  DC {}  (dodge {})",
        s.fire_die,
        s.combat_die,
        s.dodge_die()
    ));
    if let (Some(r), Some(l), Some(c)) = (s.command_radius, s.command_capacity, s.command) {
        lines.push(format!("command      R {r} ({}), L {l}, {c}", hex(r)));
    }
    if !s.specialists.is_empty() {
        let names: Vec<String> = s.specialists.iter().map(|x| x.to_string()).collect();
        lines.push(format!("specialists  {}", names.join(", ")));
    }
    if let Some(g) = s.gun_type {
        lines.push(format!(
            "gun          type {g}{}{}",
            s.gun_model
                .as_ref()
                .map(|m| format!(", {m}"))
                .unwrap_or_default(),
            if s.limber { ", limber (tiro)" } else { "" }
        ));
    }
    let opt = |v: Option<u32>| v.map(|v| v.to_string()).unwrap_or_else(|| "--".into());
    lines.push(format!(
        "N°F {}  N°U {}  PC {}  PT {}",
        opt(s.figures),
        s.max_units,
        opt(s.gun_points),
        s.points
    ));
    for o in &s.skills {
        let name = db.skill(&o.id).map(|k| k.name.fr.as_str()).unwrap_or(&o.id);
        lines.push(format!("skill        {name} ({}) [{}]", o.cost, o.id));
    }
    if s.sheet_number.is_some() || s.card_number.is_some() {
        lines.push(format!(
            "numbers      sheet {}  card {}",
            opt(s.sheet_number),
            opt(s.card_number)
        ));
    }
    let campaigns: Vec<&str> = s
        .campaigns
        .iter()
        .map(|c| db.campaigns.get(c).map(|x| x.name.fr.as_str()).unwrap_or(c))
        .collect();
    lines.push(format!("campaign     {}", campaigns.join("; ")));
    lines.push(format!("source       {}", s.source));
    lines.join("\n") + "\n"
}
