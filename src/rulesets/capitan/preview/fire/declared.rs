//! `muster preview fire` declared (its parameters, chart and mean) and read: a checked request
//! made the ruleset's own [`FireRequest`](super::request::FireRequest), worked out and written.

use super::request::{self, *};
use super::text;
use crate::core::error::Error;
use crate::rulesets::capitan::database::Database;
use crate::rulesets::capitan::model::{DodgeReroll, Range};
use crate::rulesets::capitan::preview::fire::Situation;
use crate::rulesets::capitan::preview::reading::{
    cover, die, one_skill, pick, skill, unit, Previewed, COVER, DICE,
};
use crate::rulesets::capitan::preview::request::limits;
use crate::rulesets::procedure::{Chart, Param, Preview, Procedure, Request};

/// `muster preview fire`: declared and worked out.
pub const PREVIEW: Previewed = Previewed {
    run: fire,
    procedure: Procedure {
        name: "fire",
        summary: "A volley: casualties, reduced units and routs",
        rule: "§7.5–7.6, §5.3",
        sides: ["Shooter", "Target"],
        params: &[
            Param::unit_with_figures(
                "shooter",
                "The shooting unit (SHEET:FIGURES, or a list's unit: it uses the skills bought for it)",
            )
            .first()
            .legacy("list", "unit"),
            skill(
                "shooter-skill",
                "The skill the shooter uses (one per activation, §11); a list unit uses the first of its skills that acts on fire unless this names another",
            )
            .first()
            .repeat(),
            Param::flag("precision", "Aimed fire: did not move nor change target (+1)").first(),
            Param::flag("unprepared", "Regrouped this activation (-1)").first(),
            Param::flag("moved", "Mounted shooter moved or will move (-1)").first(),
            Param::flag("hidden", "Fires from hidden movement (+2, §7.4)").first(),
            Param::flag("fire-twice", "Elite: two volleys without moving (§3.1)").first(),
            Param::int_u("shots", limits::SHOTS, "Ad hoc: number of shots (1–100)").first(),
            Param::choice("die", DICE, "Ad hoc: fire die").first(),
            Param::int_i(
                "modifier",
                limits::MODIFIER,
                "Ad hoc: total fire modifier, -20 to 20 (replaces the computed one)",
            )
            .first(),
            Param::flag(
                "reroll-misses",
                "Ad hoc: re-roll missed to-hit dice (escort, §1.3)",
            )
            .first(),
            Param::choice(
                "range",
                &[("short", ""), ("medium", ""), ("long", "")],
                "Range band",
            ),
            Param::unit_with_figures("target", "The target unit")
                .second()
                .legacy("target-list", "target-unit"),
            skill(
                "target-skill",
                "The skill the target uses, by id or name (durs-a-tuer, combat-a-mort)",
            )
            .second()
            .repeat(),
            Param::choice("cover", COVER, "The target's cover (+1/+2/+4 to its dodge)").second(),
            Param::int_u("target-figures", limits::FIGURES, "Ad hoc: target figures (1–12)")
                .second(),
            Param::choice(
                "target-die",
                DICE,
                "Ad hoc: the target's highest die (its dodge die)",
            )
            .second(),
            Param::choice(
                "dodge-reroll",
                &[("none", ""), ("hard-to-kill", ""), ("to-the-death", "")],
                "Ad hoc: dodge re-roll of the target",
            )
            .second(),
            skill(
                "compare-skill",
                "Compare with the shooter using this skill in place of its current one (§11: one per activation)",
            )
            .conflicts(&["compare-shooter"]),
            Param::unit_with_figures("compare-shooter", "Compare with another shooter"),
        ],
        chart: Chart::Of("chart-casualties", "Chance of each number of casualties"),
        mean: Some("/mean"),
    },
};

pub fn fire(db: &Database, r: &Request) -> Result<Preview, Error> {
    let request = FireRequest {
        shooter: unit(db, r, "shooter")?,
        shooter_skill: one_skill(r, "shooter-skill", "shooter")?,
        target: unit(db, r, "target")?,
        target_skill: one_skill(r, "target-skill", "target")?,
        situation: Situation {
            range: pick(r.text("range"), Range::ALL, Range::as_str),
            cover: cover(r, "cover"),
            precision: r.flag("precision"),
            unprepared: r.flag("unprepared"),
            moved: r.flag("moved"),
            hidden: r.flag("hidden"),
            fire_twice: r.flag("fire-twice"),
        },
        overrides: FireOverrides {
            shots: r.u32("shots"),
            die: die(r, "die"),
            modifier: r.i32("modifier"),
            reroll_misses: r.flag("reroll-misses"),
            target_figures: r.u32("target-figures"),
            target_die: die(r, "target-die"),
            dodge_reroll: r.text("dodge-reroll").map(|_| {
                pick(
                    r.text("dodge-reroll"),
                    DodgeReroll::ALL,
                    DodgeReroll::as_str,
                )
            }),
        },
        compare: match (r.text("compare-skill"), unit(db, r, "compare-shooter")?) {
            (Some(k), _) => Some(FireCompare::Skill(k)),
            (None, Some(s)) => Some(FireCompare::Shooter(s)),
            (None, None) => None,
        },
    };
    let reports = request::fire(db, &request).map_err(Error::from)?;
    Preview::compared(
        r,
        &reports,
        || r.say(|say| text::fire(&reports, say)),
        text::fire_series(&reports),
    )
}
