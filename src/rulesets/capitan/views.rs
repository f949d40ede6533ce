//! View structs for the templates: what a card, the quick-reference sheet and a roster show,
//! as plain serializable data in the chosen language, taken from the sheets and the tables.

use serde::Serialize;

use crate::rulesets::label;

use super::database::Database;
use super::model::{Arm, Kind, Lang, Names, UnitSheet, UnitTrait};
use crate::core::catalog::Provenance;

/// Looks a label up in labels.toml (the id itself when missing).
#[derive(Debug, Clone, Serialize)]
pub struct Distance {
    pub cm: u32,
    pub hex: u32,
}

#[derive(Debug, Clone, Serialize)]
pub struct Three {
    pub a: Distance,
    pub b: Distance,
    pub c: Distance,
}

#[derive(Debug, Clone, Serialize)]
pub struct CommandView {
    pub radius: Distance,
    pub capacity: u32,
    pub mode: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct GunView {
    pub gun_type: String,
    pub model: String,
    pub limber: bool,
    pub min_crew: u32,
    /// Canister, roundshot and shell (§12.12–12.13).
    pub ammo: Vec<AmmoView>,
}

#[derive(Debug, Clone, Serialize)]
pub struct SkillView {
    pub name: String,
    pub cost: u32,
    pub free: bool,
    pub reminder: String,
}

/// One unit card.
#[derive(Debug, Clone, Serialize)]
pub struct CardView {
    pub id: String,
    pub name: String,
    pub label: Option<String>,
    /// The unit's number in its list.
    pub number: Option<usize>,
    pub nation: String,
    pub coalition: String,
    pub colours: Vec<String>,
    pub vertical: bool,
    pub origin: String,
    /// The name and origin, each thing said once and not what the title says.
    pub subtitle: String,
    pub unit_type: String,
    pub quality: String,
    pub kind: String,
    pub kind_id: String,
    pub arm: String,
    /// The kind and arm together as the language says them: "Mounted command", "Foot
    /// troops" (labels `kind_arm_<kind>_<arm>`), else the kind then the arm ("Commandement à
    /// cheval").
    pub kind_arm: String,
    /// Mounted troops fire at most at medium range (§7.2).
    pub mounted: bool,
    pub weapon: String,
    pub range: Option<Three>,
    pub initiative: i32,
    pub morale: i32,
    pub courage: i32,
    #[serde(rename = "move")]
    pub movement: Three,
    pub fire_die: String,
    pub combat_die: String,
    pub command: Option<CommandView>,
    pub specialists: Vec<String>,
    /// Rules the unit carries with it, one line each (§1.4, §7.2, §12.15).
    pub notes: Vec<String>,
    pub boxes: u32,
    pub figures: Option<u32>,
    pub max_units: u32,
    pub gun_points: Option<u32>,
    pub points: u32,
    pub gun: Option<GunView>,
    pub skills: Vec<SkillView>,
    pub sheet_number: Option<u32>,
    /// Where the sheet comes from: `official`, `illustrative` (the card says so) or `player`.
    pub provenance: Provenance,
    pub card_number: Option<u32>,
    pub campaign: String,
    pub cost: Option<u64>,
}

/// What a card is printed for: a sheet, and the unit of a list when there is one.
#[derive(Debug, Clone)]
pub struct CardUnit<'a> {
    pub sheet: &'a UnitSheet,
    pub label: Option<&'a str>,
    pub number: Option<usize>,
    /// Casualty boxes: the unit's figures.
    pub boxes: u32,
    /// Chosen skills (id, cost here), or those the sheet offers.
    pub skills: &'a [(String, u32)],
    pub cost: Option<u64>,
}

/// A card for `unit`, in `lang`.
pub fn card(db: &Database, unit: &CardUnit, lang: Lang, labels: &toml::Table) -> CardView {
    let sheet = unit.sheet;
    let hex = |cm: u32| Distance {
        cm,
        hex: db.rules.hexes(cm),
    };
    let name_of = |n: Option<&Names>, fallback: &str| {
        n.map(|n| n.get(lang).to_owned())
            .unwrap_or_else(|| fallback.to_owned())
    };
    let nation = db.nations.get(&sheet.nation);
    let mut origin = vec![sheet.regiment.clone()];
    origin.extend(sheet.battalion.iter().cloned());
    origin.extend(sheet.company.iter().cloned());
    if let Some(o) = &sheet.officer {
        origin.push(format!("{} {}", o.rank, o.name));
    }
    let m = sheet.movement;
    let skills = unit
        .skills
        .iter()
        .map(|(id, cost)| {
            let skill = db.skill(id);
            SkillView {
                name: name_of(skill.map(|s| &s.name), id),
                cost: *cost,
                free: *cost == 0,
                reminder: skill
                    .map(|s| s.summary.get(lang).to_owned())
                    .unwrap_or_default(),
            }
        })
        .collect();
    let mounted = sheet.arm == Arm::Cavalry && sheet.kind != Kind::Artillery;
    let mut notes = Vec::new();
    if mounted && db.ranges_of(sheet).is_some() {
        notes.push(label(labels, "note_mounted_fire"));
    }
    if db.has_trait(sheet, UnitTrait::Guerrilla) {
        notes.push(label(labels, "note_guerrilla"));
    }
    if sheet.blunderbusses {
        notes.push(label(labels, "note_blunderbusses"));
    }
    let gun = sheet.gun_type.map(|g| {
        let row = db.artillery.gun(g);
        let min_crew = row.map(|x| x.min_crew).unwrap_or(0);
        notes.push(
            label(labels, "note_crew")
                .replace("{min}", &min_crew.to_string())
                .replace("{reduced}", &(min_crew + 1).to_string()),
        );
        GunView {
            gun_type: g.to_string(),
            model: sheet
                .gun_model
                .as_ref()
                .map(|t| t.get(lang).to_owned())
                .unwrap_or_default(),
            limber: sheet.limber,
            min_crew,
            ammo: row
                .map(|r| {
                    let mut out = vec![
                        ammo_view(
                            &r.canister,
                            label(labels, "canister"),
                            template_name(labels, "canister", &r.canister.template),
                        ),
                        ammo_view(
                            &r.roundshot,
                            label(labels, "roundshot"),
                            template_name(labels, "roundshot", &r.roundshot.template),
                        ),
                    ];
                    out.extend(r.shell.as_ref().map(|s| {
                        ammo_view(
                            s,
                            label(labels, "shell"),
                            template_name(labels, "shell", &s.template),
                        )
                    }));
                    out
                })
                .unwrap_or_default(),
        }
    });
    CardView {
        id: sheet.id.clone(),
        name: sheet.name.clone(),
        label: unit.label.map(str::to_owned).filter(|l| l != &sheet.name),
        number: unit.number,
        nation: name_of(nation.map(|n| &n.name), &sheet.nation),
        coalition: label(labels, &format!("coalition_{}", sheet.coalition)),
        colours: nation.map(|n| n.colours.clone()).unwrap_or_default(),
        vertical: nation.is_some_and(|n| n.vertical),
        subtitle: crate::core::text::subtitle(
            unit.label.unwrap_or(&sheet.name),
            &[
                if unit.label.is_some() {
                    &sheet.name
                } else {
                    ""
                },
                &origin.join(" · "),
            ],
        ),
        origin: origin.join(" · "),
        unit_type: name_of(
            db.unit_types.get(&sheet.unit_type).map(|u| &u.name),
            &sheet.unit_type,
        ),
        quality: name_of(
            db.rules.quality(sheet.quality).map(|q| &q.name),
            sheet.quality.as_str(),
        ),
        kind: label(labels, &format!("kind_{}", sheet.kind)),
        kind_id: sheet.kind.to_string(),
        arm: label(labels, &format!("arm_{}", sheet.arm)),
        kind_arm: labels
            .get(&format!("kind_arm_{}_{}", sheet.kind, sheet.arm))
            .and_then(|v| v.as_str())
            .map(str::to_owned)
            .unwrap_or_else(|| {
                format!(
                    "{} {}",
                    label(labels, &format!("kind_{}", sheet.kind)),
                    label(labels, &format!("arm_{}", sheet.arm))
                )
            }),
        mounted,
        weapon: name_of(db.weapon_of(sheet).map(|w| &w.name), &sheet.weapon),
        range: db.ranges_of(sheet).map(|r| Three {
            a: hex(r.short),
            b: hex(r.medium),
            c: hex(r.long),
        }),
        initiative: sheet.initiative,
        morale: sheet.morale,
        courage: sheet.courage,
        movement: Three {
            a: hex(m.normal),
            b: hex(m.march),
            c: hex(m.charge),
        },
        fire_die: sheet.fire_die.to_string(),
        combat_die: sheet.combat_die.to_string(),
        command: match (sheet.command_radius, sheet.command_capacity, sheet.command) {
            (Some(r), Some(l), Some(c)) => Some(CommandView {
                radius: hex(r),
                capacity: l,
                mode: label(labels, &format!("command_{c}")),
            }),
            _ => None,
        },
        specialists: sheet
            .specialists
            .iter()
            .map(|s| name_of(db.rules.specialist(*s).map(|r| &r.name), s.as_str()))
            .collect(),
        notes,
        boxes: unit.boxes,
        figures: sheet.figures,
        max_units: sheet.max_units,
        gun_points: sheet.gun_points,
        points: sheet.points,
        gun,
        skills,
        sheet_number: sheet.sheet_number,
        provenance: db.provenance(&sheet.id),
        card_number: sheet.card_number,
        campaign: sheet
            .campaigns
            .iter()
            .map(|c| name_of(db.campaigns.get(c).map(|x| &x.name), c))
            .collect::<Vec<_>>()
            .join(" · "),
        cost: unit.cost,
    }
}

/// An impact template's name in the document's language: the data gives the book's ("Mitraille
/// 2"), whose number follows the ammunition's name (§12.13).
fn template_name(labels: &toml::Table, ammo: &str, data: &str) -> String {
    match data.rsplit_once(' ') {
        Some((_, n)) => format!("{} {n}", label(labels, ammo)),
        None => data.to_owned(),
    }
}

fn ammo_view(a: &super::model::Ammunition, name: String, template: String) -> AmmoView {
    AmmoView {
        name,
        effective: a.effective_cm,
        long: a.long_cm,
        template,
        dodge_effective: a.dodge_effective,
        dodge_long: a.dodge_long,
    }
}

/// How many casualty boxes a card shows when no list says: N°F for command units, the most
/// figures for troops (§1), the minimum crew for guns (§12.15).
pub fn default_boxes(db: &Database, sheet: &UnitSheet) -> u32 {
    match sheet.kind {
        Kind::Command => sheet.figures.unwrap_or(1),
        Kind::Troop => db.rules.troops.max_figures,
        Kind::Artillery => sheet
            .gun_type
            .and_then(|g| db.artillery.gun(g))
            .map(|g| g.min_crew)
            .unwrap_or(4),
    }
}

// ── quick-reference sheet ───────────────────────────────────────────────────────────────────

#[derive(Debug, Serialize)]
pub struct NamedValue {
    pub name: String,
    pub value: String,
}

#[derive(Debug, Serialize)]
pub struct Qrs {
    pub turn_steps: Vec<String>,
    pub qualities: Vec<String>,
    pub actions: Vec<ActionRow>,
    pub dodge_target: u32,
    pub hex_cm: u32,
    pub weapons: Vec<WeaponRow>,
    pub difficulty: [u32; 3],
    pub fire_modifiers: Vec<NamedValue>,
    pub cover: Vec<CoverRow>,
    pub melee_factors: Vec<FactorRow>,
    pub quality_rows: Vec<QualityRow>,
    pub attacks: u32,
    pub cavalry_vs_infantry_attacks: u32,
    pub destruction_ratio: u32,
    pub charge: serde_json::Value,
    pub reduced_figures: u32,
    pub rout: serde_json::Value,
    pub terrain: Vec<TerrainRow>,
    pub guns: Vec<GunRow>,
    pub artillery_factors: Vec<NamedValue>,
    pub specialists: Vec<NamedValue>,
    pub skills: Vec<QrsSkill>,
    pub troops: [u32; 2],
    /// §1.2, §6.5, §6.7, §8.7, §11, §12.5, §12.14, §12.18, as in the data.
    pub unit_size: serde_json::Value,
    pub cohesion: serde_json::Value,
    pub command_dodge: serde_json::Value,
    pub melee: serde_json::Value,
    pub captured_flag: serde_json::Value,
    pub skill_use: serde_json::Value,
    pub artillery_general: serde_json::Value,
    pub structures: Vec<NamedValue>,
    pub congreve: CongreveView,
    /// How muster reads the ambiguous sentences (rules.toml [[reading]]).
    pub readings: Vec<ReadingView>,
    /// §10.1: each rank and what it gives.
    pub ranks: Vec<NamedValue>,
}

#[derive(Debug, Serialize)]
pub struct CongreveView {
    pub gun_type: String,
    pub template: String,
    pub effective: u32,
    pub long: u32,
    pub limber_move_cm: u32,
    pub deviation: String,
    pub save_short: u32,
    pub save_long: u32,
}

#[derive(Debug, Serialize)]
pub struct ReadingView {
    pub section: String,
    pub decision: String,
    pub quote: String,
}

#[derive(Debug, Serialize)]
pub struct ActionRow {
    pub name: String,
    pub allowed: Vec<bool>,
}

#[derive(Debug, Serialize)]
pub struct WeaponRow {
    pub name: String,
    pub short: Distance,
    pub medium: Distance,
    pub long: Distance,
}

#[derive(Debug, Serialize)]
pub struct CoverRow {
    pub name: String,
    pub dodge: i32,
    pub combat: i32,
    pub artillery: i32,
    pub canister_proof: bool,
}

#[derive(Debug, Serialize)]
pub struct FactorRow {
    pub name: String,
    pub value: i32,
    pub first_round_only: bool,
}

#[derive(Debug, Serialize)]
pub struct QualityRow {
    pub name: String,
    pub combat: i32,
    pub courage_test: i32,
    pub deviation_die: Option<String>,
    pub rate_of_fire: Option<String>,
}

#[derive(Debug, Serialize)]
pub struct TerrainRow {
    pub name: String,
    pub infantry: String,
    pub cavalry: String,
    pub cover_infantry: String,
    pub cover_cavalry: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct AmmoView {
    pub name: String,
    pub effective: u32,
    pub long: u32,
    pub template: String,
    pub dodge_effective: u32,
    pub dodge_long: u32,
}

#[derive(Debug, Serialize)]
pub struct GunRow {
    pub gun_type: String,
    pub calibres: String,
    pub move_cm: u32,
    pub limbered_foot: u32,
    pub limbered_horse: u32,
    pub min_crew: u32,
    pub structure: u32,
    pub canister: AmmoView,
    pub roundshot: AmmoView,
    pub shell: Option<AmmoView>,
}

#[derive(Debug, Serialize)]
pub struct QrsSkill {
    pub name: String,
    pub cost: u32,
    pub summary: String,
}

pub fn qrs(db: &Database, lang: Lang, labels: &toml::Table) -> Qrs {
    let r = &db.rules;
    let n = |names: &Names| names.get(lang).to_owned();
    let hex = |cm: u32| Distance {
        cm,
        hex: r.hexes(cm),
    };
    let effect = |e: &Option<super::model::TerrainEffect>| match e {
        None => "—".to_owned(),
        Some(e) if e.impassable => label(labels, "impassable"),
        Some(e) => {
            let mut s = if e.movement == 0 {
                String::new()
            } else {
                format!("{:+} cm", e.movement)
            };
            if e.no_march {
                s.push_str(" #");
            }
            if e.no_charge {
                s.push_str(" @");
            }
            s.trim().to_owned()
        }
    };
    let cover_name = |c: Option<super::model::CoverLevel>| match c.and_then(|c| r.cover(c)) {
        Some(c) => n(&c.name),
        None => "—".into(),
    };
    let ammo = |a: &super::model::Ammunition, kind: &str| AmmoView {
        name: String::new(),
        effective: a.effective_cm,
        long: a.long_cm,
        template: template_name(labels, kind, &a.template),
        dodge_effective: a.dodge_effective,
        dodge_long: a.dodge_long,
    };
    Qrs {
        turn_steps: r.turn_step.iter().map(|s| n(&s.name)).collect(),
        qualities: r.quality.iter().map(|q| n(&q.name)).collect(),
        actions: r
            .action
            .iter()
            .map(|a| ActionRow {
                name: n(&a.name),
                allowed: r
                    .quality
                    .iter()
                    .map(|q| q.actions.contains(&a.id))
                    .collect(),
            })
            .collect(),
        dodge_target: r.dodge.target,
        hex_cm: r.scale.hex_cm,
        weapons: db
            .weapons
            .iter()
            .map(|w| WeaponRow {
                name: n(&w.name),
                short: hex(w.range.short),
                medium: hex(w.range.medium),
                long: hex(w.range.long),
            })
            .collect(),
        difficulty: [
            r.fire.difficulty.short,
            r.fire.difficulty.medium,
            r.fire.difficulty.long,
        ],
        fire_modifiers: r
            .fire
            .modifier
            .iter()
            .map(|m| NamedValue {
                name: n(&m.name),
                value: format!("{:+}", m.value),
            })
            .collect(),
        cover: r
            .cover
            .iter()
            .map(|c| CoverRow {
                name: n(&c.name),
                dodge: c.dodge,
                combat: c.combat,
                artillery: c.artillery,
                canister_proof: c.canister_proof,
            })
            .collect(),
        melee_factors: r
            .melee
            .factor
            .iter()
            .map(|f| FactorRow {
                name: n(&f.name),
                value: f.value,
                first_round_only: f.first_round_only,
            })
            .collect(),
        quality_rows: r
            .quality
            .iter()
            .map(|q| QualityRow {
                name: n(&q.name),
                combat: q.combat,
                courage_test: q.courage_test,
                deviation_die: q.deviation_die.map(|d| d.to_string()),
                rate_of_fire: q.rate_of_fire.as_ref().map(n),
            })
            .collect(),
        attacks: r.melee.attacks_per_figure,
        cavalry_vs_infantry_attacks: r.melee.cavalry_vs_infantry_attacks,
        destruction_ratio: r.melee.destruction_ratio,
        charge: serde_json::to_value(&r.charge).unwrap_or_default(),
        reduced_figures: r.reduced.figures,
        rout: serde_json::to_value(&r.rout).unwrap_or_default(),
        terrain: db
            .terrain
            .iter()
            .map(|t| TerrainRow {
                name: n(&t.name),
                infantry: effect(&t.infantry),
                cavalry: effect(&t.cavalry),
                cover_infantry: cover_name(t.cover_infantry),
                cover_cavalry: cover_name(t.cover_cavalry),
            })
            .collect(),
        guns: db
            .artillery
            .gun
            .iter()
            .map(|g| GunRow {
                gun_type: g.gun_type.to_string(),
                calibres: n(&g.calibres),
                move_cm: g.move_cm,
                limbered_foot: g.limbered_foot_cm,
                limbered_horse: g.limbered_horse_cm,
                min_crew: g.min_crew,
                structure: g.structure_damage,
                canister: ammo(&g.canister, "canister"),
                roundshot: ammo(&g.roundshot, "roundshot"),
                shell: g.shell.as_ref().map(|s| ammo(s, "shell")),
            })
            .collect(),
        artillery_factors: db
            .artillery
            .factor
            .iter()
            .map(|f| NamedValue {
                name: n(&f.name),
                value: format!("{:+}", f.value),
            })
            .collect(),
        specialists: r
            .specialist
            .iter()
            .map(|s| NamedValue {
                name: n(&s.name),
                value: n(&s.effect),
            })
            .collect(),
        skills: db
            .skills
            .iter()
            .map(|s| QrsSkill {
                name: n(&s.name),
                cost: s.cost,
                summary: s.summary.get(lang).to_owned(),
            })
            .collect(),
        troops: [r.troops.min_figures, r.troops.max_figures],
        unit_size: serde_json::to_value(&r.unit_size).unwrap_or_default(),
        cohesion: serde_json::to_value(&r.cohesion).unwrap_or_default(),
        command_dodge: serde_json::to_value(&r.command_dodge).unwrap_or_default(),
        melee: serde_json::to_value(&r.melee).unwrap_or_default(),
        captured_flag: serde_json::to_value(&r.captured_flag).unwrap_or_default(),
        skill_use: serde_json::to_value(&r.skill_use).unwrap_or_default(),
        artillery_general: serde_json::to_value(&db.artillery.general).unwrap_or_default(),
        structures: db
            .artillery
            .structure
            .iter()
            .map(|x| NamedValue {
                name: n(&x.name),
                value: x.points.to_string(),
            })
            .collect(),
        congreve: {
            let c = &db.artillery.congreve;
            let shell = db.artillery.gun(c.gun_type).and_then(|g| g.shell.as_ref());
            CongreveView {
                gun_type: c.gun_type.to_string(),
                template: shell
                    .map(|s| template_name(labels, "shell", &s.template))
                    .unwrap_or_default(),
                effective: shell.map(|s| s.effective_cm).unwrap_or(0),
                long: shell.map(|s| s.long_cm).unwrap_or(0),
                limber_move_cm: c.limber_move_cm,
                deviation: format!(
                    "{} / {} / {}",
                    c.deviation.elite, c.deviation.veteran, c.deviation.regular
                ),
                save_short: c.save_short,
                save_long: c.save_long,
            }
        },
        ranks: db
            .ranks
            .iter()
            .map(|x| NamedValue {
                name: n(&x.name),
                value: super::career::rank_advantages(x, labels),
            })
            .collect(),
        readings: r
            .readings
            .iter()
            .map(|x| ReadingView {
                section: x.section.clone(),
                decision: n(&x.decision),
                quote: x.quote.clone(),
            })
            .collect(),
    }
}

// ── sheets show ─────────────────────────────────────────────────────────────────────────────

/// Every field of a sheet as text, in the order of §1.1.
pub fn describe(db: &Database, s: &UnitSheet) -> String {
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
                .map(|m| format!(", {}", m.get(Lang::En)))
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
        let name = db.skill(&o.id).map(|k| k.name.en.as_str()).unwrap_or(&o.id);
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
        .map(|c| db.campaigns.get(c).map(|x| x.name.en.as_str()).unwrap_or(c))
        .collect();
    lines.push(format!("campaign     {}", campaigns.join("; ")));
    let file = db
        .provenance
        .get(&s.id)
        .map(|(_, f)| f.as_str())
        .unwrap_or("");
    lines.push(match db.provenance(&s.id) {
        Provenance::Official => format!(
            "source       {} (official)",
            s.source.as_deref().unwrap_or("")
        ),
        Provenance::Illustrative => {
            "source       illustrative (written for muster, not an official sheet)".to_owned()
        }
        Provenance::Player => format!("source       yours ({file})"),
    });
    for r in db
        .replaced
        .iter()
        .filter(|r| r.what == "sheet" && r.id == s.id)
    {
        lines.push(format!("replaces     the sheet of {}", r.first));
    }
    lines.join("\n") + "\n"
}
