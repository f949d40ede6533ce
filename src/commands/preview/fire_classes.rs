//! `muster preview volley --ruleset fire-classes`: the flags become a request, the ruleset
//! computes the volley exactly, and the report is printed as a table or JSON.

use super::{distribution_table, emit, Series};
use crate::cli::fire_classes::{FirePreview, SituationArg, VolleyArgs};
use crate::core::error::Error;
use crate::core::i18n::Lang;
use crate::rulesets::fire_classes::data::Database;
use crate::rulesets::fire_classes::preview::{self, Situation, VolleyRequest};

pub fn run(db: &Database, command: FirePreview) -> Result<u8, Error> {
    match command {
        FirePreview::Volley(args) => run_volley(db, &args),
    }
}

fn run_volley(db: &Database, a: &VolleyArgs) -> Result<u8, Error> {
    let r = preview::volley(
        db,
        &VolleyRequest {
            shooters: a.shooters,
            class: a.class.clone(),
            situation: a.situation.map(|s| match s {
                SituationArg::Volley => Situation::Volley,
                SituationArg::Loose => Situation::Loose,
                SituationArg::Skirmish => Situation::Skirmish,
            }),
            against_skirmishers: a.against_skirmishers,
            no_officer: a.no_officer,
            single_shooter: a.single_shooter,
            elite: a.elite,
            disorder: a.disorder,
            minus: a.minus,
            weapon: a.weapon.clone(),
            moving: a.moving,
            cuirass: a.cuirass,
            lang: Lang::from(a.lang),
        },
    )
    .map_err(Error::Usage)?;
    // The plot and the table show the results from 0 up (a -1 can give 0).
    let lowest = r.results.first().map_or(0, |x| x.value.min(0));
    let top = r.results.last().map_or(0, |x| x.value);
    let mut dist = vec![0.0; (top - lowest + 1).max(1) as usize];
    for x in &r.results {
        dist[(x.value - lowest) as usize] += x.p;
    }
    let series: Vec<Series> = vec![("result".into(), dist)];
    let json = vec![serde_json::to_value(&r).unwrap_or_default()];
    emit(&a.output, "result of the volley", json, &series, |text| {
        text.push_str(&format!(
            "Volley (FC): {} dice{}{}{}{}\n",
            r.dice,
            if r.effects.elite {
                ", elite shot (+1 to one die)"
            } else {
                ""
            },
            if r.effects.disorder {
                ", disordered (several 6s make no 7)"
            } else {
                ""
            },
            if r.effects.minus {
                ", -1 to every die"
            } else {
                ""
            },
            r.cell
                .as_ref()
                .map(|c| format!(" — the table: {c}"))
                .unwrap_or_default()
        ));
        for n in &r.notes {
            text.push_str(&format!("  {n}\n"));
        }
        text.push_str(&distribution_table("result", &series));
        for b in &r.reach {
            text.push_str(&format!(
                "{} {}–{} cm: needs {}{}: P {:.4}\n",
                r.weapon,
                b.from_cm,
                b.to_cm,
                b.needs,
                if b.modifier != 0 {
                    format!(" ({:+})", b.modifier)
                } else {
                    String::new()
                },
                b.p
            ));
        }
    })
}
