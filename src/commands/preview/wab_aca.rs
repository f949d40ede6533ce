//! `muster preview test|shoot|combat|artillery --ruleset wab-aca`: the flags become requests
//! (units from army entries, or read from lists with what was bought for them), the ruleset
//! resolves them, and the reports are printed as text tables or JSON.

use std::path::Path;

use super::{distribution_table, emit, Series};
use crate::cli::wab_aca::{
    ArtilleryArgs, CombatArgs, DefendedArg, OrderArg, ShootArgs, ShotArg, TestArgs, WabPreview,
    WabUnitArg,
};
use crate::cli::PreviewFormat;
use crate::commands::{print_out, to_json};
use crate::core::diagnostic;
use crate::core::error::Error;
use crate::core::i18n::Lang;
use crate::core::source::Sources;
use crate::rulesets::wab_aca::checker;
use crate::rulesets::wab_aca::preview::artillery::{Ammunition, Order};
use crate::rulesets::wab_aca::preview::request::{
    self, ArtilleryRequest, CombatRequest, Defended, FighterRequest, Listed, ShootRequest,
    TestRequest, UnitSpec,
};
use crate::rulesets::wab_aca::preview::text;
use crate::rulesets::wab_aca::Database;
use crate::rulesets::{self, Ruleset};

pub fn run(db: &Database, command: WabPreview) -> Result<u8, Error> {
    match command {
        WabPreview::Test(args) => run_test(db, &args),
        WabPreview::Shoot(args) => run_shoot(db, &args),
        WabPreview::Combat(args) => run_combat(db, &args),
        WabPreview::Artillery(args) => run_artillery(db, &args),
    }
}

fn usage(msg: impl Into<String>) -> Error {
    Error::Usage(msg.into())
}

/// Unit `index` (1-based) of an ACA list, with what was bought for it.
fn list_unit(db: &Database, path: &Path, index: usize) -> Result<UnitSpec, Error> {
    let mut sources = Sources::new();
    let file = sources.read(path)?;
    match rulesets::peek(&sources, file) {
        Ok(Ruleset::WabAca) => {}
        Ok(other) => {
            return Err(usage(format!(
                "{} is a {} list, not a WAB ACA one",
                path.display(),
                other.title()
            )))
        }
        Err(d) => {
            diagnostic::print_all(&[d], &sources);
            return Err(usage(format!("{} is not a WAB ACA list", path.display())));
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
    Listed::from_row(row, format!("unit {index} of {}", path.display()))
        .map(UnitSpec::Listed)
        .map_err(usage)
}

fn spec(db: &Database, arg: Option<&WabUnitArg>) -> Result<Option<UnitSpec>, Error> {
    match arg {
        None => Ok(None),
        Some(WabUnitArg::Entry { id, figures }) => Ok(Some(UnitSpec::Entry {
            id: id.clone(),
            figures: *figures,
        })),
        Some(WabUnitArg::Listed { list, unit }) => list_unit(db, list, *unit).map(Some),
    }
}

fn pct(p: f64) -> String {
    format!("{:.4}", p)
}

// ── test ────────────────────────────────────────────────────────────────────────────────────

fn run_test(db: &Database, a: &TestArgs) -> Result<u8, Error> {
    if a.output.plot.is_some() {
        return Err(usage("--plot draws distributions; a test is one chance"));
    }
    let r = request::test(
        db,
        &TestRequest {
            leadership: a.leadership,
            unit: spec(db, a.unit.as_ref())?,
            with: a.with.clone(),
            conditions: a.conditions.clone(),
            modifiers: a.modifier.clone(),
            reroll: a.reroll,
            lang: Lang::from(a.lang),
        },
    )
    .map_err(usage)?;
    match a.output.format {
        PreviewFormat::Json => print_out(&to_json(&r))?,
        PreviewFormat::Text => {
            let mut text = String::from("Test (ACA p.11): 2d6 at or under the value\n");
            if let Some(u) = &r.unit {
                text.push_str(&format!("  {u}\n"));
            }
            text.push_str(&format!("  Ld {}\n", r.report.leadership));
            for m in &r.report.modifiers {
                text.push_str(&format!(
                    "  {:>+3}  {}{}\n",
                    m.value,
                    m.name,
                    if m.counted {
                        ""
                    } else {
                        " (not counted: a stronger factor of its group applies)"
                    }
                ));
            }
            text.push_str(&format!(
                "  = {}\nP(success) {}{}\n",
                r.report.target,
                pct(r.report.p_success),
                if r.report.reroll {
                    " (with the once-a-battle re-roll)"
                } else {
                    ""
                }
            ));
            print_out(&text)?;
        }
    }
    Ok(0)
}

// ── shoot ───────────────────────────────────────────────────────────────────────────────────

fn run_shoot(db: &Database, a: &ShootArgs) -> Result<u8, Error> {
    let r = request::shoot(
        db,
        &ShootRequest {
            firer: spec(db, a.firer.as_ref())?,
            target: spec(db, a.target.as_ref())?,
            shots: a.shots,
            bs: a.bs,
            strength: a.strength,
            toughness: a.toughness,
            save: a.save,
            no_save: a.no_save,
            to_hit_modifier: a.to_hit_modifier,
            elite: a.elite,
            stationary: a.stationary,
        },
    )
    .map_err(usage)?;
    let series = text::shoot_series(&r);
    let json = vec![serde_json::to_value(&r).unwrap_or_default()];
    emit(&a.output, "casualties", json, &series, |out| {
        out.push_str(&text::shoot(&r))
    })
}

// ── combat ──────────────────────────────────────────────────────────────────────────────────

fn run_combat(db: &Database, a: &CombatArgs) -> Result<u8, Error> {
    let at = &a.attacker;
    let de = &a.defender;
    let request = CombatRequest {
        attacker: FighterRequest {
            unit: spec(db, at.unit.as_ref())?,
            fighting: at.fighting,
            ranks: at.ranks,
            formation: at.formation.clone(),
            flag: at.flag,
            musician: at.musician,
            officer: at.officer,
            elite: at.elite,
            supports: at.supports,
            won_last_round: at.won_last_round,
            reroll: at.reroll,
        },
        defender: FighterRequest {
            unit: spec(db, de.unit.as_ref())?,
            fighting: de.fighting,
            ranks: de.ranks,
            formation: de.formation.clone(),
            flag: de.flag,
            musician: de.musician,
            officer: de.officer,
            elite: de.elite,
            supports: de.supports,
            won_last_round: de.won_last_round,
            reroll: de.reroll,
        },
        charge: a.charge,
        counter_charge: a.counter_charge,
        defended: match a.defended {
            DefendedArg::Open => Defended::Open,
            DefendedArg::Obstacle => Defended::Obstacle,
            DefendedArg::Fortification => Defended::Fortification,
        },
    };
    let r = request::combat(db, &request).map_err(usage)?;
    let series = text::combat_series(&r);
    let json = vec![serde_json::to_value(&r).unwrap_or_default()];
    emit(&a.output, "wounds caused", json, &series, |out| {
        out.push_str(&text::combat(&r))
    })
}

// ── artillery ───────────────────────────────────────────────────────────────────────────────

fn run_artillery(db: &Database, a: &ArtilleryArgs) -> Result<u8, Error> {
    let r = request::artillery(
        db,
        &ArtilleryRequest {
            battery: a.battery.clone(),
            ammunition: match a.ammo {
                ShotArg::Roundshot => Ammunition::Roundshot,
                ShotArg::Canister => Ammunition::Canister,
            },
            figures: a.figures,
            large_target: a.large_target,
            grand_battery: a.grand_battery,
            order: match a.order {
                OrderArg::Formed => Order::Formed,
                OrderArg::Skirmishers => Order::Skirmishers,
                OrderArg::Foragers => Order::Foragers,
            },
            heavy_cover: a.heavy_cover,
            target: spec(db, a.target.as_ref())?,
            toughness: a.toughness,
            save: a.save,
            no_save: a.no_save,
        },
    )
    .map_err(usage)?;
    let series: Vec<Series> = vec![("casualties".into(), r.report.casualties.clone())];
    let json = vec![serde_json::to_value(&r).unwrap_or_default()];
    emit(&a.output, "casualties", json, &series, |text| {
        text.push_str(&format!(
            "Artillery (ACA p.8–9): {} piece, {}, {} figures {}\n",
            r.report.battery,
            match r.report.ammunition {
                Ammunition::Roundshot => "round shot",
                Ammunition::Canister => "canister",
            },
            r.figures,
            match r.report.ammunition {
                Ammunition::Roundshot => "on the path from the bounce",
                Ammunition::Canister => "under the template",
            }
        ));
        if let Some(t) = &r.target {
            text.push_str(&format!("  target: {t}\n"));
        }
        text.push_str(&format!(
            "  P(misfire) {:.4}; {} hits at S{} against T{}: to wound {}, save {}\n",
            r.report.p_misfire,
            r.report.hits,
            r.report.strength,
            r.toughness,
            r.report
                .to_wound
                .map(|n| format!("{n}+"))
                .unwrap_or_else(|| "impossible".into()),
            r.report
                .save
                .map(|n| format!("{n}+"))
                .unwrap_or_else(|| "none".into()),
        ));
        text.push_str(&distribution_table("casualties", &series));
        text.push_str(&format!("mean {:.3}\n", r.report.mean));
    })
}
