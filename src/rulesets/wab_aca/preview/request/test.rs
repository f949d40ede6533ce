//! `muster preview test`: a manoeuvre or morale test asked of a Leadership or a unit, checked
//! (its modifiers bounded, a re-roll only where the unit has one).

use crate::core::words::Phrase;
use serde::Serialize;

use crate::core::bounds::within;
use crate::core::error::Stop;
use crate::rulesets::wab_aca::database::Database;
use crate::rulesets::wab_aca::model::{Lang, HOUSE_DOUBLE_SIX};
use crate::rulesets::wab_aca::preview::test::{self, TestInput, TestReport};

use super::limits;
use super::unit::{house, resolve, HouseApplied, UnitSpec};

pub struct TestRequest {
    pub leadership: Option<u32>,
    pub unit: Option<UnitSpec>,
    pub with: Vec<String>,
    pub conditions: Vec<String>,
    pub modifiers: Vec<i32>,
    pub reroll: bool,
    pub lang: Lang,
    /// `--house-rule`: house rules turned on.
    pub house_rules: Vec<String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct TestOut {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unit: Option<Phrase>,
    /// The house rules played (none: the book's rules).
    pub house_rules: Vec<HouseApplied>,
    #[serde(flatten)]
    pub report: TestReport,
}

pub fn test(db: &Database, r: &TestRequest) -> Result<TestOut, Stop> {
    let unit = r
        .unit
        .as_ref()
        .map(|u| resolve(db, "--unit", u))
        .transpose()?;
    let leadership = match (r.leadership, &unit) {
        (Some(ld), _) => within("--leadership", ld, &limits::LEADERSHIP, "WAB Leadership")?,
        (None, Some(u)) => u.entry.profile.ld,
        (None, None) => return Err("give --leadership LD or --unit ENTRY (its Leadership)".into()),
    };
    let count = r.with.len() + r.conditions.len() + r.modifiers.len();
    if count > limits::MODIFIERS {
        return Err(format!(
            "{count} modifiers; at most {} (engine limit)",
            limits::MODIFIERS
        )
        .into());
    }
    for m in &r.modifiers {
        within("--modifier", *m, &limits::MODIFIER, "engine limit")?;
    }
    if r.reroll {
        if let Some(u) = &unit {
            let rerolls = db.quality(u.entry).map_or(0, |q| q.rerolls);
            if rerolls == 0 {
                return Err(Stop::cannot(
                    format!(
                        "--reroll: {} is {}, which has no re-roll of a failed test (ACA p.13)",
                        u.name, u.entry.quality
                    ),
                    super::unit::no_reroll_said(db, u),
                ));
            }
        }
    }
    let (house_on, house_rules) = house(db, &r.house_rules, &[unit.as_ref()], &[HOUSE_DOUBLE_SIX])?;
    let report = test::test(
        db,
        &TestInput {
            house: house_on,
            leadership,
            with: &r.with,
            conditions: &r.conditions,
            numbers: &r.modifiers,
            reroll: r.reroll,
            lang: r.lang,
            unit: unit.as_ref().map(|u| u.entry),
        },
    )?;
    Ok(TestOut {
        unit: unit.map(|u| u.name),
        house_rules,
        report,
    })
}
