//! `muster preview combat --ruleset thucydide`: the flags become a request, the ruleset
//! computes the combat exactly, and the report is printed as a table or JSON.

use super::emit;
use crate::cli::thucydide::{AdvantageArg, AttackArg, CombatArgs, ThucydidePreview};
use crate::core::error::Error;
use crate::rulesets::thucydide::data::Database;
use crate::rulesets::thucydide::model::Outcome;
use crate::rulesets::thucydide::preview::{self, CombatRequest};
use crate::rulesets::thucydide::text;

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
    let series = text::combat_series(&r);
    let json = vec![serde_json::to_value(&r).unwrap_or_default()];
    emit(&a.output, "count", json, &series, |out| {
        out.push_str(&text::combat(&r))
    })
}
