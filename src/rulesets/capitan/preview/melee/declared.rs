//! `muster preview melee` declared (its parameters, chart and mean) and read: a checked request
//! made the ruleset's own [`MeleeRequest`](super::request::MeleeRequest), worked out and written.

use super::request::{self, *};
use super::text;
use crate::core::error::Error;
use crate::rulesets::capitan::database::Database;
use crate::rulesets::capitan::preview::melee::Stance;
use crate::rulesets::capitan::preview::reading::{
    cover, die, one_skill, skill, unit, Previewed, COVER, DICE,
};
use crate::rulesets::capitan::preview::request::limits;
use crate::rulesets::procedure::{Chart, Param, Preview, Procedure, Request};

/// `muster preview melee`: declared and worked out.
pub const PREVIEW: Previewed = Previewed {
    run: melee,
    procedure: Procedure {
        name: "melee",
        summary: "A melee: one round, N rounds or to the end",
        rule: "§8.9–8.12",
        sides: ["Side A", "Side B"],
        params: &[
            Param::unit_with_figures(
                "a",
                "Side A (SHEET:FIGURES, or a list's unit: it uses the skills bought for it)",
            )
            .first()
            .legacy("a-list", "a-unit"),
            skill("a-skill", "The skill side A uses (one per activation, §11)")
                .first()
                .repeat(),
            Param::flag("a-charges", "Side A charges (+2 first round, §8.12)").first(),
            Param::flag(
                "a-led",
                "Side A's charge is led by a command unit (+1 first round)",
            )
            .first(),
            Param::choice("a-cover", COVER, "Side A's cover (combat factor +1/+2/+3)").first(),
            Param::flag(
                "a-standard",
                "Side A has a standard bearer within 25 cm (+1, §1.3)",
            )
            .first(),
            Param::flag("a-higher", "Side A fights from higher ground (+2)").first(),
            Param::flag("a-captured-flag", "Side A captured a flag (+2, §8.7)").first(),
            Param::int_u("a-figures", limits::FIGURES, "Ad hoc: A's figures (1–12)").first(),
            Param::choice("a-die", DICE, "Ad hoc: A's combat die").first(),
            Param::int_i(
                "a-modifier",
                limits::MODIFIER,
                "Ad hoc: A's total combat modifier, -20 to 20 (replaces the computed one)",
            )
            .first(),
            Param::int_u(
                "a-attacks",
                limits::ATTACKS,
                "Ad hoc: A's attacks per figure (1–4)",
            )
            .first(),
            Param::choice("a-dodge-die", DICE, "Ad hoc: A's dodge die").first(),
            Param::unit_with_figures(
                "b",
                "Side B (SHEET:FIGURES, or a list's unit: it uses the skills bought for it)",
            )
            .second()
            .legacy("b-list", "b-unit"),
            skill("b-skill", "The skill side B uses")
                .second()
                .repeat(),
            Param::flag("b-charges", "Side B charges (counter-charge, §8.12)").second(),
            Param::flag("b-led", "Side B's charge is led by a command unit").second(),
            Param::choice("b-cover", COVER, "Side B's cover").second(),
            Param::flag("b-standard", "Side B has a standard bearer within 25 cm").second(),
            Param::flag("b-higher", "Side B fights from higher ground").second(),
            Param::flag("b-captured-flag", "Side B captured a flag (+2, §8.7)").second(),
            Param::int_u("b-figures", limits::FIGURES, "Ad hoc: B's figures (1–12)").second(),
            Param::choice("b-die", DICE, "Ad hoc: B's combat die").second(),
            Param::int_i(
                "b-modifier",
                limits::MODIFIER,
                "Ad hoc: B's total combat modifier, -20 to 20",
            )
            .second(),
            Param::int_u(
                "b-attacks",
                limits::ATTACKS,
                "Ad hoc: B's attacks per figure (1–4)",
            )
            .second(),
            Param::choice("b-dodge-die", DICE, "Ad hoc: B's dodge die").second(),
            Param::int_u(
                "rounds",
                limits::ROUNDS,
                "Rounds to play, 1–1000 (default: until one side is destroyed or routs)",
            ),
            skill(
                "compare-skill",
                "Compare with side A using this skill in place of its current one (§11: one per activation)",
            ),
        ],
        chart: Chart::Of("chart-survivors", "Chance of each number of survivors of {b}"),
        mean: Some("/mean"),
    },
};

fn side<'a>(db: &'a Database, r: &Request, s: &str) -> Result<SideRequest<'a>, Error> {
    let name = |what: &str| format!("{s}-{what}");
    Ok(SideRequest {
        unit: unit(db, r, s)?,
        skill: one_skill(r, &name("skill"), &format!("side {}", s.to_uppercase()))?,
        stance: Stance {
            charging: r.flag(&name("charges")),
            led_by_command: r.flag(&name("led")),
            cover: cover(r, &name("cover")),
            standard_bearer: r.flag(&name("standard")),
            higher: r.flag(&name("higher")),
            in_woods: false,
            captured_flag: r.flag(&name("captured-flag")),
        },
        overrides: SideOverrides {
            figures: r.u32(&name("figures")),
            die: die(r, &name("die")),
            modifier: r.i32(&name("modifier")),
            attacks: r.u32(&name("attacks")),
            dodge_die: die(r, &name("dodge-die")),
        },
    })
}

pub fn melee(db: &Database, r: &Request) -> Result<Preview, Error> {
    let rounds = r.u32("rounds");
    let request = MeleeRequest {
        a: side(db, r, "a")?,
        b: side(db, r, "b")?,
        rounds,
        compare_skill: r.text("compare-skill"),
    };
    let reports = request::melee(db, &request).map_err(Error::from)?;
    Preview::compared(
        r,
        &reports,
        || r.say(|say| text::melee(&reports, rounds, say)),
        text::melee_series(&reports),
    )
}
