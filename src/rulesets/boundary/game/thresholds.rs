//! The thresholds a unit of a game reaches by its losses, from the values its ruleset's
//! engine knows.

use super::rules::{GameRules, Reached};
use super::state::{Game, Side};

impl Game {
    /// The thresholds of unit `number` of `side` its ruleset knows a value for, with whether
    /// its losses reach them.
    pub fn thresholds<'r>(
        &self,
        engine: &crate::rulesets::Rules,
        rules: &'r GameRules,
        side: Side,
        number: usize,
    ) -> Vec<Reached<'r>> {
        let Some(row) = self.list(side).units.get(number.wrapping_sub(1)) else {
            return Vec::new();
        };
        let lost = self.unit(side, number).lost;
        rules
            .threshold
            .iter()
            .filter_map(|t| {
                engine
                    .games()
                    .and_then(|g| g.unit_value(&row.id, &t.value))
                    .map(|at| Reached {
                        id: &t.id,
                        at,
                        reached: lost >= at,
                    })
            })
            .collect()
    }
}
