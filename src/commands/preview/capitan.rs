//! `muster preview fire|melee|charge|artillery` (Capitán): the flags become requests (units
//! from sheets, or read from lists with the skills bought for them), the ruleset resolves them,
//! and the reports are printed as text tables or JSON.

use std::path::Path;

use super::{distribution_table, emit};
use crate::cli::capitan::{
    ArtilleryArgs, CapitanPreview, ChargeArgs, FireArgs, MeleeArgs, SideArgs,
};
use crate::cli::{PreviewFormat, UnitArg};
use crate::commands::{print_out, to_json};
use crate::core::diagnostic;
use crate::core::error::{unknown, Error};
use crate::core::source::Sources;
use crate::rulesets::capitan::checker;
use crate::rulesets::capitan::model::{GunType, Kind};
use crate::rulesets::capitan::preview::fire::Situation;
use crate::rulesets::capitan::preview::melee::Stance;
use crate::rulesets::capitan::preview::request::{
    self, ArtilleryRequest, ChargeRequest, FireCompare, FireOverrides, FireRequest, MeleeRequest,
    SideOverrides, SideRequest, UnitChoice,
};
use crate::rulesets::capitan::preview::text;
use crate::rulesets::capitan::Database;
use crate::rulesets::{self, Ruleset};

pub fn run(db: &Database, command: CapitanPreview) -> Result<u8, Error> {
    match command {
        CapitanPreview::Fire(args) => run_fire(db, &args),
        CapitanPreview::Melee(args) => run_melee(db, &args),
        CapitanPreview::Charge(args) => run_charge(db, &args),
        CapitanPreview::Artillery(args) => run_artillery(db, &args),
    }
}

fn usage(msg: impl Into<String>) -> Error {
    Error::Usage(msg.into())
}

/// At most one `--…-skill`: a unit uses one skill per activation (§11).
fn one_skill(role: &str, skills: &[String]) -> Result<Option<String>, Error> {
    match skills {
        [] => Ok(None),
        [one] => Ok(Some(one.clone())),
        more => Err(usage(format!(
            "the {role} uses {} skills: a unit uses one skill per activation (Capitán §11)",
            more.len()
        ))),
    }
}

/// A unit of a sheet: `SHEET[:FIGURES]` (command units default to their N°F).
fn sheet_unit<'a>(db: &'a Database, arg: &UnitArg) -> Result<UnitChoice<'a>, Error> {
    let sheet = db
        .sheet(&arg.sheet)
        .ok_or_else(|| unknown("sheet", &arg.sheet, db.sheets.ids()))?;
    let figures = arg.figures.or(if sheet.kind == Kind::Command {
        sheet.figures
    } else {
        None
    });
    Ok(UnitChoice {
        sheet,
        figures,
        list: None,
    })
}

/// Unit `index` (1-based) of a Capitán list file, with its skills and cost there.
fn list_unit<'a>(db: &'a Database, path: &Path, index: usize) -> Result<UnitChoice<'a>, Error> {
    let mut sources = Sources::new();
    let file = sources.read(path)?;
    match rulesets::peek(&sources, file) {
        Ok(Ruleset::Capitan) => {}
        Ok(other) => {
            return Err(usage(format!(
                "{} is a {} list, not a Capitán one",
                path.display(),
                other.title()
            )))
        }
        Err(d) => {
            diagnostic::print_all(&[d], &sources);
            return Err(usage(format!("{} is not a Capitán list", path.display())));
        }
    }
    let checked = checker::check_file(db, &sources, file).map_err(|d| {
        diagnostic::print_all(&[d], &sources);
        usage(format!("{} is not a valid list file", path.display()))
    })?;
    let n = checked.units.len();
    let row = checked.units.get(index.wrapping_sub(1)).ok_or_else(|| {
        usage(format!(
            "{} has {n} unit{}: there is no unit {index}",
            path.display(),
            if n == 1 { "" } else { "s" }
        ))
    })?;
    UnitChoice::listed(db, row, format!("unit {index} of {}", path.display())).map_err(usage)
}

/// `--x SHEET[:N]` or `--x-list FILE --x-unit N`, if either is given.
fn choice<'a>(
    db: &'a Database,
    arg: Option<&UnitArg>,
    list: Option<&Path>,
    index: Option<usize>,
) -> Result<Option<UnitChoice<'a>>, Error> {
    match (arg, list, index) {
        (_, Some(path), Some(i)) => list_unit(db, path, i).map(Some),
        (_, Some(path), None) => Err(usage(format!(
            "{}: say which unit of the list, by its number",
            path.display()
        ))),
        (Some(a), None, _) => sheet_unit(db, a).map(Some),
        (None, None, _) => Ok(None),
    }
}

// ── fire ────────────────────────────────────────────────────────────────────────────────────

fn run_fire(db: &Database, a: &FireArgs) -> Result<u8, Error> {
    let request = FireRequest {
        shooter: choice(db, a.shooter.as_ref(), a.list.as_deref(), a.unit)?,
        shooter_skill: one_skill("shooter", &a.shooter_skill)?,
        target: choice(
            db,
            a.target.as_ref(),
            a.target_list.as_deref(),
            a.target_unit,
        )?,
        target_skill: one_skill("target", &a.target_skill)?,
        situation: Situation {
            range: a.range.map(Into::into),
            cover: a.cover.and_then(|c| c.level()),
            precision: a.precision,
            unprepared: a.unprepared,
            moved: a.moved,
            hidden: a.hidden,
            fire_twice: a.fire_twice,
        },
        overrides: FireOverrides {
            shots: a.shots,
            die: a.die.map(Into::into),
            modifier: a.modifier,
            reroll_misses: a.reroll_misses,
            target_figures: a.target_figures,
            target_die: a.target_die.map(Into::into),
            dodge_reroll: a.dodge_reroll.map(|r| r.reroll()),
        },
        compare: match (&a.compare_skill, &a.compare_shooter) {
            (Some(k), _) => Some(FireCompare::Skill(k.clone())),
            (None, Some(s)) => Some(FireCompare::Shooter(sheet_unit(db, s)?)),
            (None, None) => None,
        },
    };
    let reports = request::fire(db, &request).map_err(usage)?;
    let series = text::fire_series(&reports);
    let json: Vec<serde_json::Value> = reports
        .iter()
        .map(|r| serde_json::to_value(r).unwrap_or_default())
        .collect();
    emit(&a.output, "casualties", json, &series, |out| {
        out.push_str(&text::fire(&reports))
    })
}

// ── melee ───────────────────────────────────────────────────────────────────────────────────

fn side<'a>(db: &'a Database, s: &SideArgs, name: &str) -> Result<SideRequest<'a>, Error> {
    Ok(SideRequest {
        unit: choice(db, s.unit.as_ref(), s.list.as_deref(), s.index)?,
        skill: one_skill(&format!("side {name}"), &s.skill)?,
        stance: Stance {
            charging: s.charges,
            led_by_command: s.led,
            cover: s.cover.and_then(|c| c.level()),
            standard_bearer: s.standard,
            higher: s.higher,
            in_woods: false,
            captured_flag: s.captured_flag,
        },
        overrides: SideOverrides {
            figures: s.figures,
            die: s.die.map(Into::into),
            modifier: s.modifier,
            attacks: s.attacks,
            dodge_die: s.dodge_die.map(Into::into),
        },
    })
}

fn run_melee(db: &Database, a: &MeleeArgs) -> Result<u8, Error> {
    let request = MeleeRequest {
        a: side(db, &a.side_a(), "A")?,
        b: side(db, &a.side_b(), "B")?,
        rounds: a.rounds,
        compare_skill: a.compare_skill.clone(),
    };
    let reports = request::melee(db, &request).map_err(usage)?;
    let series = text::melee_series(&reports);
    let json: Vec<serde_json::Value> = reports
        .iter()
        .map(|r| serde_json::to_value(r).unwrap_or_default())
        .collect();
    emit(&a.output, "survivors of B", json, &series, |out| {
        out.push_str(&text::melee(&reports, a.rounds))
    })
}

// ── charge ──────────────────────────────────────────────────────────────────────────────────

fn run_charge(db: &Database, a: &ChargeArgs) -> Result<u8, Error> {
    if a.output.plot.is_some() {
        return Err(usage(
            "--plot draws distributions (fire, melee and artillery have one); a charge is two numbers",
        ));
    }
    let charger = match (&a.charger, &a.list, a.unit) {
        (_, Some(path), Some(i)) => Some(list_unit(db, path, i)?),
        (Some(id), _, _) => Some(sheet_unit(
            db,
            &UnitArg {
                sheet: id.clone(),
                figures: None,
            },
        )?),
        _ => None,
    };
    let target = a
        .target
        .as_ref()
        .map(|id| {
            sheet_unit(
                db,
                &UnitArg {
                    sheet: id.clone(),
                    figures: None,
                },
            )
        })
        .transpose()?;
    let request = ChargeRequest {
        charger,
        charger_skill: one_skill("charger", &a.charger_skill)?,
        target,
        morale: a.morale,
        courage: a.courage,
        charger_command: a.charger_command,
        target_command: a.target_command,
        captured_flag: a.captured_flag,
    };
    let r = request::charge(db, &request).map_err(usage)?;
    match a.output.format {
        PreviewFormat::Json => print_out(&to_json(&r))?,
        PreviewFormat::Text => {
            let mut text = format!("Charge: {} charges {}\n", r.charger, r.target);
            for n in &r.notes {
                text.push_str(&format!("  {n}\n"));
            }
            text.push_str(&format!(
                "  1d{} + morale {} against courage {} (modified values)\n",
                r.die, r.morale, r.courage
            ));
            text.push_str(&format!(
                "P(the charge goes in) {:.4}{}\nP(courage doubled: {} routs, Capitán §5.2) {:.4}\n",
                r.p_success,
                if r.test_required {
                    format!(" (1d{} + {} > {})", r.die, r.morale, r.courage)
                } else {
                    " (no test needed)".to_owned()
                },
                r.target,
                r.p_double
            ));
            print_out(&text)?;
        }
    }
    Ok(0)
}

// ── artillery ───────────────────────────────────────────────────────────────────────────────

fn run_artillery(db: &Database, a: &ArtilleryArgs) -> Result<u8, Error> {
    let gun = match (&a.gun, &a.list, a.unit) {
        (_, Some(path), Some(i)) => Some(list_unit(db, path, i)?),
        (Some(id), _, _) => Some(sheet_unit(
            db,
            &UnitArg {
                sheet: id.clone(),
                figures: None,
            },
        )?),
        _ => None,
    };
    let gun_type = a
        .gun_type
        .as_ref()
        .map(|t| {
            GunType::ALL
                .iter()
                .copied()
                .find(|g| g.as_str() == t)
                .ok_or_else(|| {
                    usage(format!(
                        "--gun-type must be one of I, II, III, IV, found `{t}`"
                    ))
                })
        })
        .transpose()?;
    let request = ArtilleryRequest {
        gun,
        gun_type,
        crew: a.crew.map(Into::into),
        rockets: a.rockets,
        ammunition: a.ammo.into(),
        range: a.range.into(),
        under_template: a.under,
        cover: a.cover.and_then(|c| c.level()),
        factors: a.factors.clone(),
        skills: a.skills.clone(),
    };
    let r = request::artillery(db, &request).map_err(usage)?;
    let series = vec![(r.label.clone(), r.casualties.clone())];
    let json = vec![serde_json::to_value(&r).unwrap_or_default()];
    emit(&a.output, "casualties", json, &series, |text| {
        text.push_str(&format!(
            "Artillery: {}, {} figures under the template\n",
            r.label, a.under
        ));
        for n in &r.notes {
            text.push_str(&format!("  {n}\n"));
        }
        text.push_str(&format!(
            "P(blank shot) {:.4}  P(dodge) {:.4}\n",
            r.p_blank, r.p_dodge
        ));
        text.push_str(&distribution_table("casualties", &series));
        text.push_str(&format!(
            "mean {:.3}, median {}, mode {}\n",
            r.mean, r.median, r.mode
        ));
    })
}
