//! `muster preview shoot`: a unit's fire at a target, checked: who fires from its formation
//! and ranks (reading who-fights), a commanded volley's test, the numbers that override
//! the entries'.

use serde::Serialize;

use crate::core::bounds::within;
use crate::core::error::Stop;
use crate::core::words::{Named, Phrase};
use crate::rulesets::wab_aca::database::Database;
use crate::rulesets::wab_aca::model::{Class, Kind, Lang, HOUSE_ELITE_INFANTRY};
use crate::rulesets::wab_aca::preview::shoot::{self, ShootReport, Shot};
use crate::rulesets::wab_aca::preview::House;

use super::limits;
use super::unit::{
    default_formation, elite_playing, house, resolve, save, HouseApplied, Resolved, UnitSpec,
};

pub struct ShootRequest {
    pub firer: Option<UnitSpec>,
    pub target: Option<UnitSpec>,
    pub shots: Option<u32>,
    pub bs: Option<u32>,
    pub strength: Option<u32>,
    pub toughness: Option<u32>,
    /// 7 or more: no save.
    pub save: Option<u32>,
    pub no_save: bool,
    pub to_hit_modifier: i32,
    pub elite: Option<u32>,
    /// Rifles that did not move (ACA p.13).
    pub stationary: bool,
    /// The firer's formation (default: its line; reading who-fights).
    pub formation: Option<String>,
    /// The ranks the firer stands in (default: its formation's).
    pub ranks: Option<u32>,
    /// The commanded volley, after a passed manoeuvre test (ACA p.4).
    pub volley: bool,
    /// `--house-rule`: house rules turned on.
    pub house_rules: Vec<String>,
}

/// The manoeuvre test a commanded volley needs (ACA p.4), before the table's modifiers.
#[derive(Debug, Clone, Serialize)]
pub struct VolleyTest {
    pub leadership: u32,
    pub p_pass: f64,
}

/// Who fires a normal fire or a commanded volley, from the firer's formation and its ranks
/// (ACA p.4, reading who-fights): the shots, why, and the volley's test.
fn firing(
    db: &Database,
    firer: &Resolved,
    r: &ShootRequest,
) -> Result<(u32, Phrase, Option<VolleyTest>), Stop> {
    let e = firer.entry;
    let figures = firer.figures;
    let id = match &r.formation {
        Some(id) => id.clone(),
        None => match default_formation(e) {
            Some(f) => f.to_owned(),
            None => {
                if r.volley {
                    return Err(Stop::cannot(
                        format!(
                            "--volley: {} has no formation that fires a commanded volley (ACA p.4)",
                            firer.name
                        ),
                        Phrase::new(
                            "cannot-volley-unit",
                            "{unit} has no formation that fires a commanded volley (ACA p.4)",
                        )
                        .phrase("unit", firer.name.clone()),
                    ));
                }
                return Ok((
                    figures,
                    Phrase::new(
                        "wab-firing-no-formation",
                        "{figures} firing: every figure ({unit} takes no formation)",
                    )
                    .count("figures", figures)
                    .phrase("unit", firer.name.clone()),
                    None,
                ));
            }
        },
    };
    let f = db.formations.get(&id).ok_or_else(|| {
        let mut known: Vec<&str> = db.formations.ids().collect();
        known.sort_unstable();
        format!(
            "--firer-formation: unknown formation `{id}`; known: {}",
            known.join(", ")
        )
    })?;
    if !e.formations.contains(&f.id) {
        return Err(format!(
            "--firer-formation: {} does not take the formation {} (it takes {})",
            firer.name,
            f.id,
            e.formations.join(", ")
        )
        .into());
    }
    let name = f.name.get(Lang::En).to_lowercase();
    let Some(sh) = &f.shooting else {
        return Err(format!(
            "--firer-formation {}: muster does not count who fires in a {name} (ACA: \"{}\"; reading who-fights); give --shots N",
            f.id,
            f.fire.get(Lang::Fr)
        ).into());
    };
    let depth = match r.ranks.or(sh.depth) {
        Some(d) => within("--firer-ranks", d, &(1..=12), "the ranks a unit stands in")?,
        None => {
            return Err(format!(
                "--firer-formation {}: give --firer-ranks N, the ranks the {name} stands in (its front rank fires, {})",
                f.id, sh.section
            ).into())
        }
    };
    let width = figures.div_ceil(depth);
    // The formation's name in each language, as the text says it (lower case).
    let named = Named::new(
        f.name.get(Lang::En).to_lowercase(),
        Some(f.name.get(Lang::Fr).to_lowercase()),
        Some(f.name.get(Lang::Es).to_lowercase()),
    );
    let ranks_of = |n: u32| {
        if depth == 1 {
            Phrase::new("wab-ranks-single", "a single rank of {figures}").count("figures", figures)
        } else if n == 1 {
            Phrase::new(
                "wab-ranks-one",
                "one rank of {width} ({figures} figures in {depth} ranks)",
            )
            .count("width", width)
            .count("figures", figures)
            .count("depth", depth)
        } else {
            Phrase::new(
                "wab-ranks-n",
                "{n} ranks of {width} ({figures} figures in {depth} ranks)",
            )
            .count("n", n)
            .count("width", width)
            .count("figures", figures)
            .count("depth", depth)
        }
    };
    if r.volley {
        let Some(v) = sh.volley_ranks else {
            return Err(Stop::cannot(
                format!(
                    "--volley: a {name} fires no commanded volley (ACA p.4: \"en double-ligne, en colonne d'assaut, les 2 premiers rangs tirent. En ligne simple, toutes les figurines tirent aussi\")"
                ),
                Phrase::new(
                    "cannot-volley-formation",
                    "{unit} in {formation} fires no commanded volley (ACA p.4)",
                )
                .phrase("unit", firer.name.clone())
                .name("formation", named.clone()),
            ));
        };
        let n = (width * v.min(depth)).min(figures);
        let ld = e.profile.ld;
        // By the book: the house rule double-six-fails changes a test of 12 or more only, and
        // no Ld is over 10.
        let p = super::super::p_test(i64::from(ld), House::default());
        return Ok((
            n,
            Phrase::new(
                "wab-firing-volley",
                "{n} firing: the commanded volley, {ranks}, after a passed manoeuvre test on Ld {ld} and its modifiers (P {p} unmodified; failed: the front rank fires at -1), {section}",
            )
            .count("n", n)
            .phrase("ranks", ranks_of(v.min(depth)))
            .count("ld", ld)
            .name("p", chance(p))
            .text("section", sh.section.clone()),
            Some(VolleyTest {
                leadership: ld,
                p_pass: p,
            }),
        ));
    }
    Ok(if sh.ranks == 0 {
        (
            figures,
            Phrase::new(
                "wab-firing-skirmish",
                "{figures} firing: every figure in {name} (WAB's skirmishers), {section}",
            )
            .count("figures", figures)
            .name("name", named.clone())
            .text("section", sh.section.clone()),
            None,
        )
    } else if sh.half {
        let n = figures.div_ceil(2);
        (
            n,
            Phrase::new(
                "wab-firing-half",
                "{n} firing: half of {figures} in {name}, rounded up, {section}",
            )
            .count("n", n)
            .count("figures", figures)
            .name("name", named.clone())
            .text("section", sh.section.clone()),
            None,
        )
    } else {
        let n = (width * sh.ranks.min(depth)).min(figures);
        (
            n,
            Phrase::new(
                "wab-firing-normal",
                "{n} firing: {ranks}, a normal fire in {name}, {section}",
            )
            .count("n", n)
            .phrase("ranks", ranks_of(sh.ranks.min(depth)))
            .name("name", named)
            .text("section", sh.section.clone()),
            None,
        )
    })
}

#[derive(Debug, Clone, Serialize)]
pub struct ShootOut {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub firer: Option<Phrase>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<Phrase>,
    pub shots: u32,
    pub bs: u32,
    pub strength: u32,
    pub toughness: u32,
    /// The elite figures among the firers, who re-roll their 1s to hit.
    pub elite: u32,
    /// Which figures re-roll and why (none without elite figures).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub elite_reason: Option<Phrase>,
    /// How many fire and why: the formation's rank, the volley, or `--shots`.
    pub shots_reason: Phrase,
    /// The commanded volley's test, when one is fired.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub volley_test: Option<VolleyTest>,
    /// The house rules played (none: the book's rules).
    pub house_rules: Vec<HouseApplied>,
    /// The firer's weapon, when a unit fires.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub weapon: Option<String>,
    /// Its name in each language, for the text (it said the id: "(musket)").
    #[serde(skip)]
    pub weapon_name: Option<Named>,
    #[serde(flatten)]
    pub report: ShootReport,
}

pub fn shoot(db: &Database, r: &ShootRequest) -> Result<ShootOut, Stop> {
    let firer = r
        .firer
        .as_ref()
        .map(|u| resolve(db, "--firer", u))
        .transpose()?;
    let target = r
        .target
        .as_ref()
        .map(|u| resolve(db, "--target", u))
        .transpose()?;
    let need = |v: Option<u32>, from: Option<u32>, flag: &str, what: &str| {
        v.or(from).ok_or_else(|| format!("give {flag} (or {what})"))
    };
    if let Some(f) = &firer {
        if f.entry.class == Some(Class::HeavyCavalry) {
            return Err(Stop::cannot(
                format!(
                    "--firer: {} is heavy cavalry (ACA p.6: \"Pas de tir possible pour la cavalerie lourde\")",
                    f.name
                ),
                Phrase::new(
                    "cannot-heavy-cavalry-shoot",
                    "{unit} is heavy cavalry, which does not shoot ({rule})",
                )
                .name("unit", f.label.clone())
                .text("rule", "ACA p.6"),
            ));
        }
    }
    // A unit armed for close combat shoots with its firearm: light cavalry's and dragoons'
    // carbines (ACA p.6–7, p.13), always one rank (p.7).
    let weapon = firer.as_ref().and_then(|f| {
        db.weapons
            .get(f.entry.firearm.as_deref().unwrap_or(&f.entry.weapon))
    });
    let weapon_strength = weapon.map(|w| match (r.stationary, w.stationary) {
        (true, Some(s)) => s.strength,
        _ => w.strength,
    });
    if let Some(w) = weapon {
        if w.range == 0 && r.strength.is_none() {
            return Err(Stop::cannot(
                format!(
                    "--firer: {} carries {}, a close-combat weapon; give --strength to shoot anyway",
                    firer.as_ref().map(|f| f.name.to_string()).unwrap_or_default(),
                    w.id
                ),
                Phrase::new(
                    "cannot-shoot-close-combat",
                    "{unit} fights with a close-combat weapon ({weapon}), which does not shoot",
                )
                .name(
                    "unit",
                    firer.as_ref().map(|f| f.label.clone()).unwrap_or_default(),
                )
                .name("weapon", crate::rulesets::wab_aca::validate::named(&w.name)),
            ));
        }
    }
    if firer.is_none() && (r.volley || r.formation.is_some() || r.ranks.is_some()) {
        return Err(
            "--volley, --firer-formation and --firer-ranks are the firer's: give --firer".into(),
        );
    }
    let (shots, shots_reason, volley_test) = match (r.shots, &firer) {
        (Some(n), Some(f)) => {
            // What the formation gives, to say what --shots replaced; a formation, ranks or
            // volley asked for with --shots must still be one the firer has.
            let asked = r.volley || r.formation.is_some() || r.ranks.is_some();
            let formation = if asked {
                Some(firing(db, f, r)?)
            } else {
                firing(db, f, r).ok()
            };
            (
                n,
                match formation {
                    Some((m, _, _)) => Phrase::new(
                        "wab-firing-shots-formation",
                        "{n} firing: given by --shots (the formation gives {m})",
                    )
                    .count("n", n)
                    .count("m", m),
                    None => Phrase::new("wab-firing-shots", "{n} firing: given by --shots")
                        .count("n", n),
                },
                None,
            )
        }
        (Some(n), None) => (
            n,
            Phrase::new("wab-firing-shots", "{n} firing: given by --shots").count("n", n),
            None,
        ),
        (None, Some(f)) => firing(db, f, r)?,
        (None, None) => return Err("give --shots N (or --firer ENTRY)".into()),
    };
    let shots = within("--shots", shots, &limits::SHOTS, "engine limit")?;
    let bs = need(
        r.bs,
        firer.as_ref().map(|f| f.entry.profile.bs),
        "--bs BS",
        "--firer ENTRY",
    )?;
    let bs = within("--bs", bs, &limits::SKILL, "WAB characteristics")?;
    let strength = need(r.strength, weapon_strength, "--strength S", "--firer ENTRY")?;
    let strength = within(
        "--strength",
        strength,
        &limits::STRENGTH,
        "WAB characteristics",
    )?;
    let toughness = need(
        r.toughness,
        target.as_ref().map(|t| t.entry.profile.t),
        "--toughness T",
        "--target ENTRY",
    )?;
    let toughness = within(
        "--toughness",
        toughness,
        &limits::STRENGTH,
        "WAB characteristics",
    )?;
    let save = if r.no_save {
        None
    } else {
        save(r.save, target.as_ref())?
    };
    let to_hit_modifier = within(
        "--to-hit-modifier",
        r.to_hit_modifier,
        &limits::TO_HIT_MODIFIER,
        "engine limit",
    )?;
    let (house_on, house_rules) = house(
        db,
        &r.house_rules,
        &[firer.as_ref(), target.as_ref()],
        &[HOUSE_ELITE_INFANTRY],
    )?;
    let elite = elite_playing("--elite", firer.as_ref(), r.elite, house_on)?;
    // Which of its elite figures fire (one rank of a line fires): the cavalry's all, the
    // infantry's pro rata of the firers (elite_firing).
    let (elite, elite_reason) = match (r.elite, &firer) {
        (Some(_), _) if elite > 0 => (
            elite,
            Some(
                Phrase::new(
                    "wab-elite-given",
                    "{elite|# elite among the firers re-rolls|# elite among the firers re-roll} their 1s to hit: given by --elite",
                )
                .count("elite", elite),
            ),
        ),
        (None, Some(f)) if elite > 0 => {
            let infantry = f.entry.kind == Kind::Infantry;
            let n = super::super::elite_firing(elite, shots, f.start, infantry);
            let why = if infantry {
                let of = if f.start == f.figures {
                    Phrase::new("wab-elite-of-its", "its {n} figures").count("n", f.start)
                } else {
                    Phrase::new("wab-elite-of-bought", "the {n} it was bought with")
                        .count("n", f.start)
                };
                // A part of a figure, rounded up (all fire when the shots are its figures).
                let rounded = if shots < f.start
                    && u64::from(elite) * u64::from(shots) % u64::from(f.start) != 0
                {
                    Phrase::new("wab-rounded-up", ", rounded up")
                } else {
                    Phrase::new("nothing", "")
                };
                Phrase::new(
                    "wab-elite-pro-rata",
                    "{n|# elite re-rolls|# elite re-roll} their 1s to hit: {elite} elite of {of}, pro rata of the {shots} firing{rounded} (house rule elite-infantry-rerolls: its elite companies stand in every rank, its losses pro rata, ACA p.5)",
                )
                .count("n", n)
                .count("elite", elite)
                .phrase("of", of)
                .count("shots", shots)
                .phrase("rounded", rounded)
            } else if n < elite {
                Phrase::new(
                    "wab-elite-up-to",
                    "{n|# elite re-rolls|# elite re-roll} their 1s to hit: the unit's {elite} elite figures (ACA p.7), up to its {shots} shots",
                )
                .count("n", n)
                .count("elite", elite)
                .count("shots", shots)
            } else {
                Phrase::new(
                    "wab-elite-unit",
                    "{n|# elite re-rolls|# elite re-roll} their 1s to hit: the unit's {elite} elite figures (ACA p.7)",
                )
                .count("n", n)
                .count("elite", elite)
            };
            (n, Some(why))
        }
        _ => (elite, None),
    };
    if elite > shots {
        return Err(format!(
            "--elite: {elite} elite figures among {shots} shots; elite figures are among the firers"
        )
        .into());
    }
    let report = shoot::shoot(
        db,
        &Shot {
            shots,
            bs,
            strength,
            toughness,
            save,
            to_hit_modifier,
            elite,
        },
    );
    Ok(ShootOut {
        firer: firer.map(|f| f.name),
        target: target.map(|t| t.name),
        weapon: weapon.map(|w| w.id.clone()),
        weapon_name: weapon.map(|w| {
            Named::new(
                w.name.get(Lang::En).to_lowercase(),
                Some(w.name.get(Lang::Fr).to_lowercase()),
                Some(w.name.get(Lang::Es).to_lowercase()),
            )
        }),
        shots,
        bs,
        strength,
        toughness,
        elite,
        elite_reason,
        shots_reason,
        volley_test,
        house_rules,
        report,
    })
}

/// A chance said as each language's page writes it (a percentage), for a phrase.
fn chance(p: f64) -> Named {
    use crate::core::i18n::Lang as L;
    let pc = |l| crate::core::words::percent(l, p);
    Named::new(pc(L::En), Some(pc(L::Fr)), Some(pc(L::Es)))
}
