//! A volley, exactly (FC, table and weapons): N dice, the result is the best die, several 6s
//! make a 7 (and each further 6 one more) unless disordered, the elite shot adds 1 after the
//! roll, -1 to every die takes 1 off; then the chance of reaching each range band's score.

use crate::core::error::Stop;
use crate::core::words::{Named, Phrase};
use serde::Serialize;

use super::database::Database;
use super::model::*;
use crate::core::bounds::within;
use crate::core::dice::binomial;

/// Engine limit: dice of one volley (a company firing, one die a shooter).
pub const SHOOTERS: std::ops::RangeInclusive<u32> = 1..=200;

/// What modifies a volley.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Effects {
    pub elite: bool,
    pub disorder: bool,
    pub minus: bool,
}

impl Effects {
    fn from(effects: &[Effect]) -> Self {
        let mut e = Effects::default();
        for x in effects {
            match x {
                Effect::Elite => e.elite = true,
                Effect::Disorder => e.disorder = true,
                Effect::Minus => e.minus = true,
                Effect::Normal => {}
            }
        }
        e
    }
}

/// P(result = v) of `dice` dice with `effects`, as (v, p) for every v with p > 0, ascending.
pub fn results(dice: u32, e: Effects) -> Vec<(i64, f64)> {
    let n = dice as usize;
    let mut out: std::collections::BTreeMap<i64, f64> = std::collections::BTreeMap::new();
    let shift = i64::from(e.elite) - i64::from(e.minus);
    // No six: the best die is k with P((k/6)^n - ((k-1)/6)^n).
    for k in 1..=5i64 {
        let p = (k as f64 / 6.0).powi(dice as i32) - ((k - 1) as f64 / 6.0).powi(dice as i32);
        if p > 0.0 {
            *out.entry(k + shift).or_insert(0.0) += p;
        }
    }
    // s sixes: 6, or 5 + s when two or more count (not disordered).
    for (s, p) in binomial(n, 1.0 / 6.0).into_iter().enumerate().skip(1) {
        if p == 0.0 {
            continue;
        }
        let base = if s >= 2 && !e.disorder {
            5 + s as i64
        } else {
            6
        };
        *out.entry(base + shift).or_insert(0.0) += p;
    }
    out.into_iter().collect()
}

/// P(result + modifier ≥ needs).
pub fn p_reach(results: &[(i64, f64)], needs: i64, modifier: i64) -> f64 {
    results
        .iter()
        .filter(|(v, _)| v + modifier >= needs)
        .fold(0.0, |sum, (_, p)| sum + p)
}

/// Where the fire comes from and goes to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Situation {
    Volley,
    Loose,
    Skirmish,
}

#[derive(Debug, Clone, Default)]
pub struct VolleyRequest {
    pub shooters: u32,
    pub class: Option<String>,
    pub situation: Option<Situation>,
    pub against_skirmishers: bool,
    pub no_officer: bool,
    pub single_shooter: bool,
    /// Ad hoc effects (without --class, or added to it).
    pub elite: bool,
    pub disorder: bool,
    pub minus: bool,
    pub weapon: String,
    pub moving: bool,
    pub cuirass: bool,
    pub lang: Lang,
}

#[derive(Debug, Clone, Serialize)]
pub struct BandOut {
    pub from_cm: u32,
    pub to_cm: u32,
    pub needs: u32,
    pub modifier: i64,
    pub p: f64,
}

#[derive(Debug, Clone, Serialize)]
pub struct ResultOut {
    pub value: i64,
    pub p: f64,
}

#[derive(Debug, Clone, Serialize)]
pub struct VolleyReport {
    pub dice: u32,
    pub effects: Effects,
    /// The table's words for the situation, when a class was given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cell: Option<String>,
    /// The same words in each language, for the text said in the command line's language
    /// (the table's `--lang` chose `cell`; English text said the French cell).
    #[serde(skip)]
    pub cell_names: Option<crate::core::i18n::FrEn>,
    pub weapon: String,
    pub results: Vec<ResultOut>,
    pub reach: Vec<BandOut>,
    pub notes: Vec<Phrase>,
}

/// A situation the class's table says is impossible (reading impossible-first).
fn impossible(class: &Class, cell: &Cell) -> Stop {
    Stop::cannot(
        format!("{}: {} (FC, table)", class.name.en, cell.text.en),
        Phrase::new("cannot-fire-class", "{class}: {cell} (FC, table)")
            .name("class", Named::from(&class.name))
            .name("cell", Named::from(&cell.text)),
    )
}

pub fn volley(db: &Database, r: &VolleyRequest) -> Result<VolleyReport, Stop> {
    let mut dice = within("--shooters", r.shooters, &SHOOTERS, "engine limit")?;
    let mut notes = Vec::new();
    let mut effects = Effects {
        elite: r.elite,
        disorder: r.disorder,
        minus: r.minus,
    };
    let mut cell_text = None;
    let mut cell_names = None;
    let mut class2 = false;
    if let Some(id) = &r.class {
        let class = db.classes.get(id).ok_or_else(|| {
            let mut known: Vec<&str> = db.classes.ids().collect();
            known.sort_unstable();
            format!("--class: unknown class `{id}`; known: {}", known.join(", "))
        })?;
        class2 = class.class == [2];
        let situation = r
            .situation
            .ok_or("--class needs --situation volley|loose|skirmish")?;
        let asked = match situation {
            Situation::Volley => &class.volley,
            Situation::Loose => &class.loose,
            Situation::Skirmish => &class.skirmish,
        };
        // Reading impossible-first: no officer does not make an impossible situation possible.
        if asked.impossible {
            return Err(impossible(class, asked));
        }
        let mut situation = situation;
        if r.no_officer && situation == Situation::Volley && class.no_officer.no_volley {
            notes.push(Phrase::new(
                "note-no-officer",
                "no officer within earshot: no volley, the fire is as without one",
            ));
            situation = Situation::Loose;
        }
        let base = match situation {
            Situation::Volley => &class.volley,
            Situation::Loose => &class.loose,
            Situation::Skirmish => &class.skirmish,
        };
        if base.impossible {
            return Err(impossible(class, base));
        }
        let cell = if r.against_skirmishers {
            &class.vs_skirmishers
        } else {
            base
        };
        let mut chosen: Vec<Effect> = match (&cell.skirmishing, situation) {
            (Some(s), Situation::Skirmish) if r.against_skirmishers => s.clone(),
            _ => cell.effects.clone(),
        };
        cell_text = Some(cell.text.get(r.lang).to_owned());
        cell_names = Some(cell.text.clone());
        if r.single_shooter {
            match cell.or {
                Some(Choice::SingleElite) => chosen = vec![Effect::Elite],
                Some(Choice::SingleNormal) => chosen = vec![Effect::Normal],
                None => {
                    return Err(format!(
                        "--single-shooter: {} have no single-shooter fire here ({})",
                        class.name.en, cell.text.en
                    )
                    .into())
                }
            }
            if dice != 1 {
                notes.push(
                    Phrase::new(
                        "note-single-shooter",
                        "a single shooter fires alone: 1 die, not {dice}",
                    )
                    .count("dice", dice),
                );
            }
            dice = 1;
        }
        if r.no_officer {
            chosen.extend(class.no_officer.adds.iter().copied());
        }
        let from_class = Effects::from(&chosen);
        effects = Effects {
            elite: effects.elite || from_class.elite,
            disorder: effects.disorder || from_class.disorder,
            minus: effects.minus || from_class.minus,
        };
    } else if r.single_shooter {
        dice = 1;
    }
    let mut weapon_id = r.weapon.clone();
    if class2 && weapon_id == "musket" {
        weapon_id = "musket-class2".into();
        notes.push(Phrase::new(
            "note-class2-musket",
            "class-2 shooters use the class-2 musket row (its scores hold their -1)",
        ));
    }
    let weapon = db.weapons.get(&weapon_id).ok_or_else(|| {
        let mut known: Vec<&str> = db.weapons.ids().collect();
        known.sort_unstable();
        format!(
            "--weapon: unknown weapon `{weapon_id}`; known: {}",
            known.join(", ")
        )
    })?;
    if weapon.class2 && effects.minus {
        effects.minus = false;
        notes.push(Phrase::new(
            "note-class2-minus",
            "the class-2 -1 is in the weapon's scores: not taken twice",
        ));
    }
    let moving = match (r.moving, weapon.moving) {
        (false, _) => 0,
        (true, Some(m)) => i64::from(m),
        (true, None) => {
            return Err(format!(
                "--moving: the {} {}",
                weapon.name.en.to_lowercase(),
                weapon.fires.en
            )
            .into())
        }
    };
    let results = results(dice, effects);
    let reach = weapon
        .bands
        .iter()
        .map(|b| {
            let modifier = moving + if r.cuirass { i64::from(b.cuirass) } else { 0 };
            BandOut {
                from_cm: b.from,
                to_cm: b.to,
                needs: b.needs,
                modifier,
                p: p_reach(&results, i64::from(b.needs), modifier),
            }
        })
        .collect();
    Ok(VolleyReport {
        dice,
        effects,
        cell: cell_text,
        cell_names,
        weapon: weapon.id.clone(),
        results: results
            .into_iter()
            .map(|(value, p)| ResultOut { value, p })
            .collect(),
        reach,
        notes,
    })
}
