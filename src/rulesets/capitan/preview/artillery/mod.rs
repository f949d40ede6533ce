//! Artillery fire (§12.10–12.13): the crew's deviation die (d6 elite, d8 veteran, d10
//! regular) gives a blank shot on 1–3; otherwise every figure under the impact template
//! dodges on 1d6 + factors, needing the gun type's number for that ammunition and range.

pub mod declared;
pub mod request;
pub mod text;

use super::request::skill_named;
use crate::core::dice;
use crate::core::error::Stop;
use crate::core::words::{Named, Phrase};
use crate::rulesets::capitan::database::Database;
use crate::rulesets::capitan::model::{CoverLevel, GunType, Quality};

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Ammunition {
    Canister,
    Roundshot,
    Shell,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum GunRange {
    Effective,
    Long,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ArtillerySetup {
    /// Faces of the deviation die; None when no deviation roll is made (Tir de précision).
    pub deviation_die: Option<u32>,
    pub blank_max: u32,
    pub under_template: u32,
    /// 1d6 + factors must reach this to dodge; None: no dodge (Grenades explosives).
    pub dodge_needed: Option<i32>,
    pub dodge_factors: i32,
    /// Canister does nothing against medium or dense cover (§12.13).
    pub no_effect: bool,
}

#[derive(Debug, Clone, serde::Serialize)]
pub struct ArtilleryOutcome {
    pub p_blank: f64,
    pub p_dodge: f64,
    pub casualties: super::Distribution,
}

/// A skill's name in the previews' language (its id when the data lack it).
/// A template by its name: the data's ("Mitraille 2"), its kind in the language of the text
/// where the labels name it (`canister`: "Metralla 2" in Spanish).
fn template_name(template: &str, ammo: &str) -> Phrase {
    let (kind, number) = template.rsplit_once(' ').unwrap_or((template, ""));
    Phrase::new("template-name", "{kind} {number}")
        .label("kind", ammo, kind)
        .text("number", number)
}

fn skill_name(db: &Database, id: &str) -> Named {
    db.skill(id).map_or(Named::same(id), skill_named)
}

pub fn resolve(s: &ArtillerySetup) -> ArtilleryOutcome {
    let n = s.under_template as usize;
    let p_blank = match s.deviation_die {
        Some(f) => (s.blank_max.min(f)) as f64 / f as f64,
        None => 0.0,
    };
    let p_dodge = match s.dodge_needed {
        _ if s.no_effect => 1.0,
        Some(need) => dice::p_at_least(6, s.dodge_factors, need),
        None => 0.0,
    };
    let hit = dice::binomial(n, 1.0 - p_dodge);
    let mut dist: Vec<f64> = hit.iter().map(|p| p * (1.0 - p_blank)).collect();
    dist[0] += p_blank;
    ArtilleryOutcome {
        p_blank,
        p_dodge,
        casualties: super::Distribution::new(dist),
    }
}

/// What the player says about the shot.
#[derive(Debug, Clone)]
pub struct Shot {
    pub gun: GunType,
    pub crew: Quality,
    /// Congreve rockets (§12.18): a medium howitzer's shells, with their own deviation dice
    /// and save.
    pub rockets: bool,
    pub ammunition: Ammunition,
    pub range: GunRange,
    pub under_template: u32,
    pub cover: Option<CoverLevel>,
    /// Ids of artillery.toml [[factor]] that apply.
    pub factors: Vec<String>,
    pub skills: Vec<String>,
}

pub fn setup(db: &Database, shot: &Shot, notes: &mut Vec<Phrase>) -> Result<ArtillerySetup, Stop> {
    let art = &db.artillery;
    let rockets = shot.rockets.then_some(&art.congreve);
    let gun_type = rockets.map(|c| c.gun_type).unwrap_or(shot.gun);
    let gun = art
        .gun(gun_type)
        .ok_or_else(|| format!("no gun type {gun_type} in artillery.toml"))?;
    if rockets.is_some() && shot.ammunition != Ammunition::Shell {
        return Err(Stop::cannot(
            "Congreve rockets fire as a howitzer: --ammo shell (Capitán §12.18)",
            Phrase::new(
                "cannot-rockets-ammunition",
                "Congreve rockets fire as a howitzer, with shells (Capitán §12.18)",
            ),
        ));
    }
    let ammo = match shot.ammunition {
        Ammunition::Canister => &gun.canister,
        Ammunition::Roundshot => &gun.roundshot,
        Ammunition::Shell => gun
            .shell
            .as_ref()
            .ok_or_else(|| format!("type {gun_type} guns fire no shells (Capitán §12.12–12.13)"))?,
    };
    let (range_cm, mut need) = match shot.range {
        GunRange::Effective => (ammo.effective_cm, ammo.dodge_effective),
        GunRange::Long => (ammo.long_cm, ammo.dodge_long),
    };
    let range_name = match shot.range {
        GunRange::Effective => "effective",
        GunRange::Long => "long",
    };
    let ammo_name = match shot.ammunition {
        Ammunition::Canister => "canister",
        Ammunition::Roundshot => "roundshot",
        Ammunition::Shell => "shell",
    };
    let shot_note = if let Some(c) = rockets {
        need = match shot.range {
            GunRange::Effective => c.save_short,
            GunRange::Long => c.save_long,
        };
        Phrase::new(
            "note-rockets",
            "Congreve rockets: a type {gun} howitzer's {ammo} at {range} range (up to {cm} cm), template {template}, figures hit save on {need}+ (Capitán §12.18)",
        )
    } else {
        Phrase::new(
            "note-gun",
            "type {gun} {ammo} at {range} range (up to {cm} cm): template {template}, dodge {need}+ on 1d6 (Capitán §12.12–12.13)",
        )
    };
    notes.push(
        shot_note
            .text("gun", gun_type.to_string())
            .label("ammo", format!("choice_ammo_{ammo_name}"), ammo_name)
            .label("range", format!("gun_range_{range_name}"), range_name)
            .count("cm", range_cm)
            .phrase("template", template_name(&ammo.template, ammo_name))
            .count("need", need),
    );
    let row = db.rules.quality(shot.crew).ok_or("unknown crew quality")?;
    let precise = shot.skills.iter().any(|k| k == "tir-de-precision");
    let deviation_die = if precise {
        notes.push(
            Phrase::new(
                "note-no-deviation",
                "{skill}: no deviation roll (Capitán §11)",
            )
            .name("skill", skill_name(db, "tir-de-precision")),
        );
        None
    } else {
        let die = match rockets {
            Some(c) => c.deviation_die(shot.crew),
            None => row.deviation_die,
        }
        .ok_or_else(|| format!("there are no {} gunners (Capitán §12.10)", shot.crew))?;
        notes.push(
            Phrase::new(
                "note-gunners",
                "{crew} gunners: deviation {die}, blank on 1–{max} (Capitán §12.11{more})",
            )
            .label(
                "crew",
                format!("quality_{}", shot.crew),
                shot.crew.to_string(),
            )
            .text("die", die.to_string())
            .count("max", art.general.blank_shot_max)
            .text("more", if rockets.is_some() { ", §12.18" } else { "" }),
        );
        Some(die.faces())
    };
    let mut factors = 0;
    if let Some(c) = shot.cover.and_then(|c| db.rules.cover(c)) {
        factors += c.artillery;
        notes.push(
            Phrase::new(
                "note-gun-cover",
                "{value} target in {cover} cover (Capitán §12.13)",
            )
            .text("value", format!("{:+}", c.artillery))
            .label("cover", format!("choice_cover_{}", c.id), c.id.to_string()),
        );
    }
    for id in &shot.factors {
        let f = art.factor.iter().find(|f| &f.id == id).ok_or_else(|| {
            let known: Vec<&str> = art.factor.iter().map(|f| f.id.as_str()).collect();
            format!(
                "unknown artillery factor `{id}` (known: {})",
                known.join(", ")
            )
        })?;
        factors += f.value;
        let lower = |n: &str| n.to_lowercase();
        notes.push(
            Phrase::new("note-gun-factor", "{value} {factor} (Capitán §12.13)")
                .text("value", format!("{:+}", f.value))
                .name(
                    "factor",
                    Named::new(
                        lower(&f.name.en),
                        Some(lower(&f.name.fr)),
                        Some(lower(&f.name.es)),
                    ),
                ),
        );
    }
    let no_effect = shot.ammunition == Ammunition::Canister
        && shot
            .cover
            .and_then(|c| db.rules.cover(c))
            .is_some_and(|c| c.canister_proof);
    if no_effect {
        notes.push(Phrase::new(
            "note-canister-no-effect",
            "canister has no effect on medium or dense cover (Capitán §12.13)",
        ));
    }
    let explosive = shot.skills.iter().any(|k| k == "grenades-explosives");
    if explosive {
        notes.push(
            Phrase::new("note-no-dodge", "{skill}: no dodge (Capitán §11)")
                .name("skill", skill_name(db, "grenades-explosives")),
        );
    }
    Ok(ArtillerySetup {
        deviation_die,
        blank_max: art.general.blank_shot_max,
        under_template: shot.under_template,
        dodge_needed: if explosive { None } else { Some(need as i32) },
        dodge_factors: factors,
        no_effect,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blank_shots_and_dodges_by_hand() {
        // Regular gunners (d10): blank 3/10. Roundshot type I effective: dodge 6+ on 1d6 with +1 cover: 2/6.
        let out = resolve(&ArtillerySetup {
            deviation_die: Some(10),
            blank_max: 3,
            under_template: 4,
            dodge_needed: Some(6),
            dodge_factors: 1,
            no_effect: false,
        });
        assert!((out.p_blank - 0.3).abs() < 1e-15);
        assert!((out.p_dodge - 2.0 / 6.0).abs() < 1e-15);
        let p0 = 0.3 + 0.7 * (2.0f64 / 6.0).powi(4);
        assert!((out.casualties.p[0] - p0).abs() < 1e-12);
        assert!((out.casualties.p.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    }
}
