//! `muster preview combat --ruleset thucydide`: the flags become a request, the ruleset
//! computes the combat exactly, and the report is printed as a table or JSON.

use super::{distribution_table, emit, Series};
use crate::cli::thucydide::{AdvantageArg, AttackArg, CombatArgs, ThucydidePreview};
use crate::core::error::Error;
use crate::rulesets::thucydide::data::Database;
use crate::rulesets::thucydide::model::Outcome;
use crate::rulesets::thucydide::preview::{self, CombatRequest};

pub fn run(db: &Database, command: ThucydidePreview) -> Result<u8, Error> {
    match command {
        ThucydidePreview::Combat(args) => run_combat(db, &args),
    }
}

fn run_combat(db: &Database, a: &CombatArgs) -> Result<u8, Error> {
    let r = preview::combat(
        db,
        &CombatRequest {
            dice: a.dice,
            attacker: a.attacker.clone(),
            attack: a.attack.map(|x| {
                match x {
                    AttackArg::Fire => "fire",
                    AttackArg::Assault => "assault",
                    AttackArg::Melee => "melee",
                }
                .to_owned()
            }),
            defender: a.defender.clone(),
            armour: a.armour.clone(),
            inverted: a.inverted,
            advantage: a.advantage.map(|x| match x {
                AdvantageArg::Hit => Outcome::Hit,
                AdvantageArg::Morale => Outcome::Morale,
                AdvantageArg::Miss => Outcome::Miss,
            }),
            leader: a.leader,
            attacker_type: a.attacker_type.clone(),
            defender_type: a.defender_type.clone(),
            conditions: a.conditions.clone(),
        },
    )
    .map_err(Error::Usage)?;
    let mut series: Vec<Series> = vec![
        ("hits".into(), r.hits.clone()),
        ("morale hits".into(), r.morale.clone()),
        ("order letters".into(), r.orders.clone()),
    ];
    if let Some(retreat) = &r.retreat {
        series.push(("hexes of retreat".into(), retreat.clone()));
    }
    let json = vec![serde_json::to_value(&r).unwrap_or_default()];
    emit(&a.output, "count", json, &series, |text| {
        text.push_str(&format!(
            "Combat (TH): {} dice against {} armour; the tactical advantage: {} ({})\n",
            r.dice,
            r.armour,
            r.advantage.outcome.as_str(),
            r.advantage.because
        ));
        text.push_str(&format!(
            "  a die: P(hit) {:.4}, P(morale hit) {:.4}, P(order letter) {:.4}\n",
            r.per_die.hit, r.per_die.morale, r.per_die.order
        ));
        text.push_str(&distribution_table("count", &series));
    })
}
