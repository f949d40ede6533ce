//! `muster preview charge` declared (its parameters) and read: a checked request made the
//! ruleset's own [`ChargeRequest`](super::request::ChargeRequest), worked out and written.

use super::request::{self, *};
use super::text;
use crate::core::error::Error;
use crate::rulesets::capitan::database::Database;
use crate::rulesets::capitan::preview::reading::{one_skill, skill, unit, Previewed};
use crate::rulesets::capitan::preview::request::limits;
use crate::rulesets::procedure::{Chart, Param, Preview, Procedure, Request};

/// `muster preview charge`: declared and worked out.
pub const PREVIEW: Previewed = Previewed {
    run: charge,
    procedure: Procedure {
        name: "charge",
        summary: "A charge: the morale test and a doubled courage",
        rule: "§5.1–5.2",
        sides: ["Charger", "Target"],
        params: &[
            Param::unit_with_figures(
                "charger",
                "The charging unit (a sheet, SHEET:FIGURES, or a list's unit: it uses the skills bought for it; reduced, none)",
            )
            .first()
            .legacy("list", "unit"),
            skill("charger-skill", "The skill the charger uses, by id or name (vieille-garde)")
            .first()
            .repeat(),
            Param::int_i(
                "morale",
                limits::MORALE,
                "Ad hoc: the charger's morale, 0–12",
            )
            .first(),
            Param::flag(
                "charger-command",
                "A command unit within 5 cm of the charger (+1 morale)",
            )
            .first(),
            Param::flag(
                "captured-flag",
                "The charger captured a flag (+2 morale, §8.7)",
            )
            .first(),
            Param::unit("target", "The charged unit").second(),
            Param::int_i(
                "courage",
                limits::COURAGE,
                "Ad hoc: the target's courage, 1–18",
            )
            .second(),
            Param::flag(
                "target-command",
                "A command unit within 5 cm of the target (+1 courage)",
            )
            .second(),
        ],
        chart: Chart::None(
            "(fire, melee and artillery have one); a charge is two numbers",
        ),
        mean: Some("/p_success"),
    },
};

pub fn charge(db: &Database, r: &Request) -> Result<Preview, Error> {
    let request = ChargeRequest {
        charger: unit(db, r, "charger")?,
        charger_skill: one_skill(r, "charger-skill", "charger")?,
        target: unit(db, r, "target")?,
        morale: r.i32("morale"),
        courage: r.i32("courage"),
        charger_command: r.flag("charger-command"),
        target_command: r.flag("target-command"),
        captured_flag: r.flag("captured-flag"),
    };
    let report = request::charge(db, &request).map_err(Error::from)?;
    Preview::said(r, &report, |say| text::charge(&report, say), Vec::new())
}
