//! Manoeuvre and morale tests (ACA p.11): 2d6 at or under Ld plus the modifiers. The
//! modifiers of the table come from `rules.toml` with their groups (the supplement's
//! asterisks, reading manoeuvre-groups); ad-hoc modifiers add as given.

use serde::Serialize;

use super::super::database::Database;
use super::super::model::{ConditionEffect, Entry, Lang, ManoeuvreCondition, ManoeuvreModifier};
use super::{p_test_with_reroll, House};

/// A modifier as the test used it.
#[derive(Debug, Clone, Serialize)]
pub struct Applied {
    /// The table's id; `None` for a `--modifier` given as a number.
    pub id: Option<String>,
    pub name: String,
    pub value: i64,
    /// Whether it counts (a weaker factor of the same group does not).
    pub counted: bool,
}

#[derive(Debug, Clone, Serialize)]
pub struct TestReport {
    pub leadership: u32,
    pub target: i64,
    pub p_success: f64,
    pub reroll: bool,
    pub modifiers: Vec<Applied>,
}

/// A test: the unit's Ld, the table's modifiers by id, conditions of the `***` group, plain
/// numbers, and the once-a-battle re-roll.
pub struct TestInput<'a> {
    pub leadership: u32,
    pub with: &'a [String],
    pub conditions: &'a [String],
    pub numbers: &'a [i32],
    pub reroll: bool,
    pub lang: Lang,
    /// The unit tested, when given (`--unit`): a condition for another arm is refused.
    pub unit: Option<&'a Entry>,
    /// The house rules turned on (double-six-fails).
    pub house: House,
}

/// The table's modifiers with their groups applied: per group, the largest bonus and the
/// largest penalty; conditions double or cancel their group's penalties.
pub fn applied(db: &Database, input: &TestInput) -> Result<Vec<Applied>, String> {
    let table = &db.rules.manoeuvre;
    let mut chosen: Vec<(&ManoeuvreModifier, i64)> = Vec::new();
    for id in input.with {
        let m =
            table.modifier.iter().find(|m| &m.id == id).ok_or_else(|| {
                unknown("modifier", id, table.modifier.iter().map(|m| m.id.as_str()))
            })?;
        if chosen.iter().any(|(c, _)| c.id == m.id) {
            return Err(format!(
                "--with {id}: given twice (each factor counts once)"
            ));
        }
        chosen.push((m, i64::from(m.value)));
    }
    let mut conditions = Vec::new();
    for id in input.conditions {
        let c = table
            .condition
            .iter()
            .find(|c| &c.id == id)
            .ok_or_else(|| {
                unknown(
                    "condition",
                    id,
                    table.condition.iter().map(|c| c.id.as_str()),
                )
            })?;
        if conditions
            .iter()
            .any(|o: &&ManoeuvreCondition| o.id == c.id)
        {
            return Err(format!(
                "--condition {id}: given twice (each condition counts once)"
            ));
        }
        conditions.push(c);
    }
    for c in &conditions {
        let rule = c.quote.as_deref().unwrap_or("ACA p.11");
        if let (Some(arm), Some(unit)) = (c.arm, input.unit) {
            if unit.arm() != Some(arm) {
                let what = unit
                    .class
                    .map(|c| c.to_string())
                    .unwrap_or_else(|| unit.kind.to_string());
                return Err(format!(
                    "--condition {}: `{}` is {what}, and the condition is for {arm} only: {rule}",
                    c.id, unit.id
                ));
            }
        }
        let given = input
            .with
            .iter()
            .chain(input.conditions.iter())
            .find(|x| c.excludes.contains(x));
        if let Some(x) = given {
            return Err(format!("--condition {} cannot go with {x}: {rule}", c.id));
        }
        if !chosen
            .iter()
            .any(|(m, _)| m.group.as_deref() == Some(c.group.as_str()))
        {
            let factors: Vec<&str> = table
                .modifier
                .iter()
                .filter(|m| m.group.as_deref() == Some(c.group.as_str()))
                .map(|m| m.id.as_str())
                .collect();
            return Err(format!(
                "--condition {}: it changes a factor of the {} group, and none is given (--with {})",
                c.id,
                c.group,
                factors.join(" or --with ")
            ));
        }
    }
    for c in conditions {
        for (m, value) in chosen.iter_mut() {
            if m.group.as_deref() == Some(c.group.as_str()) && *value < 0 {
                *value = match c.effect {
                    ConditionEffect::Double => *value * 2,
                    ConditionEffect::Cancel => 0,
                };
            }
        }
    }
    let mut out = Vec::new();
    for (i, (m, value)) in chosen.iter().enumerate() {
        let counted = match &m.group {
            None => true,
            Some(g) => {
                // The strongest of its sign in the group; the first given on a tie.
                !chosen.iter().enumerate().any(|(j, (o, v))| {
                    j != i
                        && o.group.as_ref() == Some(g)
                        && v.signum() == value.signum()
                        && (v.abs() > value.abs() || (v.abs() == value.abs() && j < i))
                })
            }
        };
        out.push(Applied {
            id: Some(m.id.clone()),
            name: m.name.get(input.lang).to_owned(),
            value: *value,
            counted: counted && *value != 0,
        });
    }
    for n in input.numbers {
        out.push(Applied {
            id: None,
            name: "--modifier".into(),
            value: i64::from(*n),
            counted: true,
        });
    }
    Ok(out)
}

pub fn test(db: &Database, input: &TestInput) -> Result<TestReport, String> {
    let modifiers = applied(db, input)?;
    let target = i64::from(input.leadership)
        + modifiers
            .iter()
            .filter(|m| m.counted)
            .map(|m| m.value)
            .sum::<i64>();
    Ok(TestReport {
        leadership: input.leadership,
        target,
        p_success: p_test_with_reroll(target, input.reroll, input.house),
        reroll: input.reroll,
        modifiers,
    })
}

fn unknown<'a>(what: &str, id: &str, known: impl Iterator<Item = &'a str>) -> String {
    let known: Vec<&str> = known.collect();
    let hint = match crate::core::suggest::nearest(id, known.iter().copied()) {
        Some(n) => format!("did you mean {n}?"),
        None => format!("known: {}", known.join(", ")),
    };
    format!("unknown {what} `{id}`; {hint}")
}
