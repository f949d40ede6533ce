//! The quick-reference sheet's preview procedures as data (command, break test, shooting,
//! hand-to-hand: each number bounded by `preview::limits`), the duels two units of orders of
//! battle play, and the reading of a checked request into the ruleset's own requests.

use super::database::Database;
use super::model::{Arm, Combat};
use super::preview::{
    self, limits, BreakRequest, CommandRequest, Fighter, MeleeSide, ShootRequest,
};
use super::text;
use crate::core::error::Error;
use crate::rulesets::duel::{DuelChoice, DuelDecl, Headline};
use crate::rulesets::procedure::{Chart, Param, Preview, Procedure, Request, UnitRef};

const ARMS: &[(&str, &str)] = &[("infantry", ""), ("cavalry", ""), ("artillery", "")];

/// The flags of one side of a hand-to-hand combat, `--a…` or `--b…`.
macro_rules! melee_params {
    ($($s:literal $S:literal $side:ident),+) => {
        &[
            $(
                Param::unit($s, concat!("Side ", $S, "'s unit: a unit type, or a unit of an order of battle (its type and size)")).$side(),
                Param::int_u(concat!($s, "-dice"), limits::VALUE, concat!("Side ", $S, "'s hand-to-hand value, 0–12 (replaces the type's)")).$side(),
                Param::id(concat!($s, "-size"), "ID", concat!("Side ", $S, "'s size: standard, large, small, reduced")).$side(),
                Param::id(concat!($s, "-formation"), "ID", concat!("Side ", $S, "'s formation")).$side(),
                Param::id(concat!($s, "-situation"), "ID", concat!("Side ", $S, "'s situation (repeatable): building")).repeat().$side(),
                Param::int_u(concat!($s, "-sides"), limits::SIDES, concat!("Sides of ", $S, "'s square or building engaged, 1–4")).default("1").$side(),
                Param::id(concat!($s, "-hit"), "ID", concat!("A to-hit modifier of ", $S, " by id (repeatable): charge, won-last, shaken, skirmishers, flank")).repeat().$side(),
                Param::id(concat!($s, "-result"), "ID", concat!("A result modifier of ", $S, " by id (repeatable): rear-support, flank-support, square-v-cavalry")).repeat().$side(),
                Param::int(concat!($s, "-building"), 0, 3, concat!($S, " holds a building: +1 to +3 by its size")).value_name("N").default("0").$side(),
                Param::id(concat!($s, "-save"), "ID", concat!("A save modifier of ", $S, " by id (repeatable): light-cover, heavy-cover, …")).repeat().$side(),
                Param::int_u(concat!($s, "-stamina"), limits::CASUALTIES, concat!($S, "'s stamina (default the type's)")).$side(),
                Param::int_u(concat!($s, "-casualties-before"), limits::CASUALTIES, concat!($S, "'s casualties before this round")).default("0").$side(),
                Param::flag(concat!($s, "-disordered"), concat!($S, " is disordered (-1 to hit, -1 to its break test)")).$side(),
            )+
        ]
    };
}

pub const PROCEDURES: &[Procedure] = &[
    Procedure {
        name: "command",
        summary: "A command test: 2D6 at or under the commander's rating with the sheet's modifiers",
        rule: "HM, Commandement",
        sides: ["Commander", "Unit"],
        params: &[
            Param::int_i("rating", limits::RATING, "The commander's rating, 2–12")
                .first()
                .required(),
            Param::int_u(
                "distance",
                limits::DISTANCE,
                "Inches between the commander and the unit (-1 per full 8\")",
            )
            .value_name("INCHES")
            .default("0")
            .second(),
            Param::id(
                "with",
                "ID",
                "A modifier of the sheet by id (repeatable): enemy-near, attack-column, march-off-road, march-on-road",
            )
            .repeat(),
            Param::int_i(
                "modifier",
                limits::MODIFIER,
                "A modifier as a number, -20 to 20 (repeatable; all add up)",
            )
            .value_name("K")
            .repeat(),
        ],
        chart: Chart::None("a test is a few chances, printed as text or JSON"),
        mean: Some("/p_success"),
    },
    Procedure {
        name: "break-test",
        summary: "A break test: 2D6 + modifiers read on the table by arm and combat type",
        rule: "HM, Test de Rupture",
        sides: ["Unit", "Enemy"],
        params: &[
            Param::choice("arm", ARMS, "The unit's arm (the table's column)")
                .first()
                .required(),
            Param::int_u(
                "over-stamina",
                limits::CASUALTIES,
                "Casualties above the unit's stamina (-1 each)",
            )
            .default("0")
            .first(),
            Param::flag("disordered", "The unit is disordered (-1)").first(),
            Param::flag("artillery-losses", "The unit took losses from artillery (-1)").first(),
            Param::choice(
                "combat",
                &[
                    ("fire", "Shooting (tests A and B)"),
                    ("melee", "Hand-to-hand (tests C, D and E)"),
                ],
                "The combat the test follows (the table's line)",
            )
            .default("fire"),
            Param::id(
                "test",
                "A-E",
                "The test's condition instead, A to E: its line is the one of its combat (E, the supports' test, reads the melee line)",
            )
            .conflicts(&["combat"]),
            Param::int_i("modifier", limits::MODIFIER, "Any other modifier, -20 to 20").default("0"),
        ],
        chart: Chart::None("a test is a few chances, printed as text or JSON"),
        mean: None,
    },
    Procedure {
        name: "shoot",
        summary: "Shooting: casualties (hits on 4+, then saves) and the target's break test",
        rule: "HM, Tir",
        sides: ["Shooter", "Target"],
        params: &[
            Param::unit(
                "shooter",
                "The shooting unit: a unit type (its shooting value, size, formation, arm), or a unit of an order of battle",
            )
            .first(),
            Param::int_u(
                "shooter-dice",
                limits::VALUE,
                "The shooting value, 0–12 (replaces the type's)",
            )
            .first(),
            Param::id("shooter-size", "ID", "Its size: standard, large, small, reduced").first(),
            Param::id(
                "shooter-formation",
                "ID",
                "Its formation: line, attack-column, mixed, square, march-column, limbered",
            )
            .first(),
            Param::id(
                "shooter-situation",
                "ID",
                "Its tactical situation (repeatable): infantry-enfilade, artillery-enfilade, building",
            )
            .repeat()
            .first(),
            Param::int_u(
                "shooter-sides",
                limits::SIDES,
                "Sides of a square or faces of a building that shoot, 1–4",
            )
            .default("1")
            .first(),
            Param::flag("artillery", "The shooter is artillery (when not given by --shooter)")
                .first(),
            Param::id(
                "with",
                "ID",
                "A shooting modifier by id (repeatable): close, at-skirmishers, shaken, artillery-long, …",
            )
            .repeat()
            .first(),
            Param::int_i("modifier", limits::MODIFIER, "Another modifier to hit, -20 to 20")
                .default("0")
                .first(),
            Param::flag(
                "close",
                "Artillery at point blank: any casualty makes the target test (B)",
            )
            .first(),
            Param::flag(
                "shooter-disordered",
                "The shooter is disordered (-1 to hit)",
            )
            .first(),
            Param::int_u(
                "shooter-casualties-before",
                limits::CASUALTIES,
                "The shooter's casualties so far: at its stamina it is shaken (-1 to hit)",
            )
            .default("0")
            .first(),
            Param::unit(
                "target",
                "The target: a unit type (its save, stamina and arm), or a unit of an order of battle",
            )
            .second(),
            Param::int_u(
                "save",
                limits::SAVE,
                "The target's save, 2–7 (7: no save; default the type's, else 4)",
            )
            .second(),
            Param::id(
                "save-with",
                "ID",
                "A save modifier by id (repeatable): light-cover, heavy-cover, attack-column, …",
            )
            .repeat()
            .second(),
            Param::choice("target-arm", ARMS, "The target's arm (when not given by --target)")
                .second(),
            Param::int_u(
                "stamina",
                limits::CASUALTIES,
                "The target's stamina (default the type's)",
            )
            .second(),
            Param::int_u(
                "casualties-before",
                limits::CASUALTIES,
                "Casualties the target had before this volley",
            )
            .default("0")
            .second(),
            Param::flag("disordered", "The target is disordered").second(),
            Param::id(
                "target-formation",
                "ID",
                "The target's formation (default its type's): attack column +1 to save (not against artillery), march column -2, artillery at a column or square +1 to hit",
            )
            .second(),
        ],
        chart: Chart::Of("chart-casualties", "Chance of each number of casualties"),
        mean: Some("/mean"),
    },
    Procedure {
        name: "melee",
        summary: "A round of hand-to-hand: casualties both ways, who wins, and the loser's break test",
        rule: "HM, Corps à corps",
        sides: ["Side A", "Side B"],
        params: melee_params!("a" "A" first, "b" "B" second),
        chart: Chart::Of("chart-casualties", "Chance of each number of casualties"),
        mean: Some("/mean"),
    },
];

/// Shooting each way and a round of hand-to-hand.
pub const DUELS: &[DuelDecl] = &[
    DuelDecl {
        procedure: "shoot",
        first: "shooter",
        second: "target",
        both_ways: true,
        measures: "casualties",
        matchup: &[],
        headline: &[
            Headline::count("/mean", "headline_casualties"),
            Headline::chance("/p_test", "headline_break_test"),
        ],
        title: "Shooting: {first} at {second}",
        ..DuelDecl::PLAIN
    },
    DuelDecl {
        procedure: "melee",
        first: "a",
        second: "b",
        both_ways: false,
        measures: "casualties",
        matchup: &[],
        headline: &[
            Headline::count("/mean", "headline_caused"),
            Headline::chance("/a/p_win", "headline_a_wins"),
            Headline::chance("/b/p_win", "headline_b_wins"),
            Headline::chance("/p_draw", "headline_draw"),
        ],
        title: "Hand-to-hand: {first} against {second}",
        ..DuelDecl::PLAIN
    },
];

pub const DUEL_CHOICES: &[DuelChoice] = &[];

/// Works out a request of one of [`PROCEDURES`].
pub fn preview(db: &Database, r: &Request) -> Result<Preview, Error> {
    match r.procedure.name {
        "command" => command(db, r),
        "break-test" => break_test(db, r),
        "shoot" => shoot(db, r),
        "melee" => melee(db, r),
        other => Err(Error::Usage(format!("hm-qrs has no preview `{other}`"))),
    }
}

fn arm(text: Option<String>) -> Option<Arm> {
    match text.as_deref() {
        Some("infantry") => Some(Arm::Infantry),
        Some("cavalry") => Some(Arm::Cavalry),
        Some("artillery") => Some(Arm::Artillery),
        _ => None,
    }
}

/// A unit's type and, for a unit of an order of battle, its size there.
fn unit(r: &Request, name: &str) -> (Option<String>, Option<String>) {
    match r.unit(name) {
        None | Some(UnitRef::File { .. }) => (None, None),
        Some(UnitRef::Sheet { id, .. }) => (Some(id.clone()), None),
        Some(UnitRef::Listed(l)) => (
            Some(l.row.id.clone()),
            l.row.json["size"].as_str().map(str::to_owned),
        ),
    }
}

/// A fighter from the parameters `{prefix}` (its unit), `{prefix}-dice`, `-size`,
/// `-formation`, `-situation`, `-sides`; a size given wins over the list's.
fn fighter(r: &Request, prefix: &str) -> Fighter {
    let name = |what: &str| format!("{prefix}-{what}");
    let (unit, listed_size) = unit(r, prefix);
    Fighter {
        unit,
        value: r.u32(&name("dice")),
        size: r.text(&name("size")).or(listed_size),
        formation: r.text(&name("formation")),
        situations: r.texts(&name("situation")),
        sides: r.u32(&name("sides")).unwrap_or(1),
    }
}

fn command(db: &Database, r: &Request) -> Result<Preview, Error> {
    let report = preview::command(
        db,
        &CommandRequest {
            rating: r.i32("rating").unwrap_or(0),
            modifiers: r.ints("modifier"),
            with: r.texts("with"),
            distance_inches: r.u32("distance").unwrap_or(0),
        },
    )
    .map_err(Error::Usage)?;
    Preview::said(r, &report, |say| text::command(say, &report), Vec::new())
}

fn break_test(db: &Database, r: &Request) -> Result<Preview, Error> {
    let report = preview::break_report(
        db,
        &BreakRequest {
            arm: arm(r.text("arm")).unwrap_or(Arm::Infantry),
            combat: match r.text("combat").as_deref() {
                Some("melee") => Combat::Melee,
                _ => Combat::Fire,
            },
            test: r.text("test"),
            modifier: r.i32("modifier").unwrap_or(0),
            over_stamina: r.u32("over-stamina").unwrap_or(0),
            disordered: r.flag("disordered"),
            artillery_losses: r.flag("artillery-losses"),
        },
    )
    .map_err(Error::Usage)?;
    Preview::said(
        r,
        &report,
        |say| text::break_test(say, db, &report),
        Vec::new(),
    )
}

fn shoot(db: &Database, r: &Request) -> Result<Preview, Error> {
    let report = preview::shoot(
        db,
        &ShootRequest {
            shooter: fighter(r, "shooter"),
            with: r.texts("with"),
            modifier: r.i32("modifier").unwrap_or(0),
            target: unit(r, "target").0,
            save: r.u32("save"),
            save_with: r.texts("save-with"),
            target_arm: arm(r.text("target-arm")),
            stamina: r.u32("stamina"),
            casualties_before: r.u32("casualties-before").unwrap_or(0),
            disordered: r.flag("disordered"),
            target_formation: r.text("target-formation"),
            artillery: r.flag("artillery"),
            close: r.flag("close"),
            shooter_disordered: r.flag("shooter-disordered"),
            shooter_casualties_before: r.u32("shooter-casualties-before").unwrap_or(0),
        },
    )
    .map_err(Error::Usage)?;
    Preview::said(
        r,
        &report,
        |say| text::shoot(say, db, &report),
        text::shoot_series(&report),
    )
}

fn melee_side(r: &Request, s: &str) -> MeleeSide {
    let name = |what: &str| format!("{s}-{what}");
    MeleeSide {
        fighter: fighter(r, s),
        hit_with: r.texts(&name("hit")),
        result_with: r.texts(&name("result")),
        building: r.u32(&name("building")).unwrap_or(0),
        save_with: r.texts(&name("save")),
        stamina: r.u32(&name("stamina")),
        casualties_before: r.u32(&name("casualties-before")).unwrap_or(0),
        disordered: r.flag(&name("disordered")),
    }
}

fn melee(db: &Database, r: &Request) -> Result<Preview, Error> {
    let report =
        preview::melee(db, &melee_side(r, "a"), &melee_side(r, "b")).map_err(Error::Usage)?;
    Preview::said(
        r,
        &report,
        |say| text::melee(say, db, &report),
        text::melee_series(&report),
    )
}
