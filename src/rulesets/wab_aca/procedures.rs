//! The preview procedures of WAB "Au crépuscule de l'Aigle" as data (test, shoot, combat,
//! artillery: each parameter bounded by `preview::request::limits`), the duels two list units
//! play, and the reading of a checked request into the ruleset's own requests.

use super::preview::artillery::{Ammunition, At, Order};
use super::preview::request::{
    self, limits, ArtilleryRequest, CombatRequest, Defended, DuelRequest, FighterRequest, From,
    Listed, ShootRequest, TestRequest, UnitSpec,
};
use super::preview::text;
use super::Database;
use crate::core::error::Error;
use crate::core::i18n::Lang;
use crate::core::table::Series;
use crate::core::words::Say;
use crate::rulesets::duel::{DuelChoice, DuelDecl, Headline, Sets, Variant};
use crate::rulesets::gun_duels::{gun_variants, round_shot};
use crate::rulesets::procedure::{not_read, Chart, Param, Preview, Procedure, Request, UnitRef};

/// `--house-rule ID`: a house rule of rules.toml played (a list's units bring their list's).
macro_rules! house_rule_param {
    ($help:literal) => {
        Param::id(
            crate::rulesets::procedure::HOUSE_RULE,
            "ID",
            concat!("Play a house rule, not the book's (repeatable): ", $help),
        )
        .repeat()
    };
}

/// The flags of one side of a combat, `--attacker…` or `--defender…`.
macro_rules! combat_params {
    ($($who:literal $side:ident),+) => {
        &[
            $(
                Param::unit_with_figures($who, concat!("The ", $who, " (ENTRY:FIGURES, or a list's unit as bought)")).$side(),
                Param::int_u(concat!($who, "-fighting"), limits::FIGHTING, concat!("Figures of the ", $who, " that strike (default: its front rank, figures ÷ (ranks + 1), the part of it in contact from the front, and what its formation adds charging: readings who-fights, contact)")).value_name("N").$side(),
                Param::int(concat!($who, "-ranks"), 0, 10, concat!("Full ranks behind the ", $who, "'s front (the rank bonus, within its formation's and 3)")).value_name("N").default("0").$side(),
                Param::id(concat!($who, "-formation"), "ID", concat!("The ", $who, "'s formation (e.g. attack-column, hollow-square, echelon)")).$side(),
                Param::flag(concat!($who, "-flag"), concat!("The ", $who, " has a flag (+1)")).$side(),
                Param::flag(concat!($who, "-musician"), concat!("The ", $who, " has a musician (wins a tie)")).$side(),
                Param::flag(concat!($who, "-officer"), concat!("Count the ", $who, "'s officer's attack (ACA p.5, option)")).$side(),
                Param::int_u(concat!($who, "-elite"), limits::FIGURES, concat!("Elite figures of the ", $who, ": as many 1s to hit re-rolled")).value_name("N").$side(),
                Param::int_u(concat!($who, "-supports"), limits::SUPPORTS, concat!("Units supporting the ", $who, " (+1 each, ACA p.12)")).value_name("N").default("0").$side(),
                Param::flag(concat!($who, "-won-last-round"), concat!("The ", $who, " won the previous round (push, +1)")).$side(),
                Param::flag(concat!($who, "-reroll"), concat!("The ", $who, " uses its once-a-battle re-roll on the break test")).$side(),
                Param::flag(concat!($who, "-reformed"), concat!("The ", $who, " reformed to face a flank or rear charge: it strikes last (ACA p.12)")).$side(),
            )+
            Param::int_u("contact", limits::FIGHTING, "Figures of the defender's front rank in contact from the front (default: the charge placed to meet the most of the defender's figures, 20 mm a foot figure, 25 mm a horse; the attacker's in contact follow from the widths: reading contact)").value_name("N").second(),
            Param::flag("charge", "The attacker charged this turn (+1 to the result, bayonets or sabres +1 S, impact)").first(),
            Param::flag("counter-charge", "The defender counter-charged (its charge bonuses; the attacker keeps its +1)").second(),
            Param::choice(
                "defended",
                &[
                    ("open", ""),
                    ("obstacle", "A defended low wall, hedge or house: -1 to hit, charge bonuses lost"),
                    ("fortification", "Fortifications: -2 to hit"),
                ],
                "What the defender holds",
            )
            .default("open")
            .second(),
            Param::choice(
                "attack-from",
                &[
                    ("front", ""),
                    ("flank", "+1 to the attacker's result; the defender's rank bonus lost, only the figures on its flank fight (ACA p.12, reading flank-rear)"),
                    ("rear", "+2 to the attacker's result; the defender's rank bonus lost, its back rank fights (ACA p.12, reading flank-rear)"),
                ],
                "Where the attacker strikes the defender (a square has neither flank nor rear, ACA p.3)",
            )
            .default("front")
            .first(),
            house_rule_param!("elite-infantry-rerolls, double-six-fails"),
        ]
    };
}

/// The target's Toughness and save as `shoot` and `artillery` take them (its entry's unless
/// given).
const TOUGHNESS: Param = Param::int_u(
    "toughness",
    limits::STRENGTH,
    "The target's Toughness, 1–10",
)
.second();
const SAVE: Param = Param::int_u(
    "save",
    limits::SAVE,
    "The target's armour save, 2–7 (7: none)",
)
.second();
const NO_SAVE: Param = Param::flag("no-save", "The target has no save")
    .second()
    .conflicts(&["save"]);

pub const PROCEDURES: &[Procedure] = &[
    Procedure {
        name: "test",
        summary: "A manoeuvre or morale test: 2d6 at or under Ld + modifiers",
        rule: "ACA p.11",
        sides: ["Unit", "Enemy"],
        params: &[
            Param::int_u("leadership", limits::LEADERSHIP, "The unit's Leadership, 2–10")
                .first(),
            Param::unit("unit", "Take the Leadership from a unit: an entry or a list's unit")
                .first()
                .conflicts(&["leadership"]),
            Param::flag(
                "reroll",
                "Use the once-a-battle re-roll of a failed test (veterans, elite, guard)",
            )
            .first(),
            Param::int_i(
                "modifier",
                limits::MODIFIER,
                "A modifier as a number, -20 to 20 (repeatable; all add up)",
            )
            .value_name("K")
            .repeat(),
            Param::id(
                "with",
                "ID",
                "A modifier of the table by id (repeatable), e.g. brigadier-in-unit, short-range; factors of one group (*, **, ***) do not add up",
            )
            .repeat(),
            Param::id(
                "condition",
                "ID",
                "A condition of the *** factors: charged-in-flank (doubled), unscathed-front (none)",
            )
            .repeat(),
            Param::choice(
                "lang",
                &[("fr", ""), ("es", ""), ("en", "")],
                "Language of the modifiers' names (default: English, the command line's)",
            )
            .default("en"),
            house_rule_param!("double-six-fails"),
        ],
        chart: Chart::None("a test is one chance"),
        mean: Some("/p_success"),
    },
    Procedure {
        name: "shoot",
        summary: "Shooting: casualties of a volley",
        rule: "WAB core; elite re-rolls ACA p.7 (the cavalry's; the infantry's with the house rule elite-infantry-rerolls)",
        sides: ["Firer", "Target"],
        params: &[
            Param::unit_with_figures(
                "firer",
                "The firing unit (its figures shoot, with its BS and weapon): ENTRY:FIGURES or a list's unit",
            )
            .first(),
            Param::int_u("shots", limits::SHOTS, "Shots (one per firing figure), 0–400 (default: the firer's formation: one rank, ACA p.4)").first(),
            Param::int_u("bs", limits::SKILL, "Ballistic Skill, 0–10").first(),
            Param::int_u("strength", limits::STRENGTH, "Strength of the weapon, 1–10").first(),
            Param::int_u(
                "elite",
                limits::SHOTS,
                "Elite figures among the firers: as many 1s to hit re-rolled (ACA p.7, the cavalry's; the infantry's with --house-rule elite-infantry-rerolls)",
            )
            .first(),
            Param::flag("stationary", "Rifles that did not move: 30\" and S4 (ACA p.13)").first(),
            Param::id("firer-formation", "ID", "The firer's formation: line (default; cavalry: cavalry-line), attack-column, extended-line, skirmish … (ACA p.3, p.4; reading who-fights)").first(),
            Param::int("firer-ranks", 1, 12, "The ranks the firer stands in (default: its formation's; a line 2, a single line 1)").value_name("N").first(),
            Param::flag("volley", "The commanded volley, after a passed manoeuvre test: two ranks fire (a single line: all) (ACA p.4)").first(),
            Param::unit("target", "The target (its T and save): an entry or a list's unit")
                .second(),
            TOUGHNESS,
            SAVE,
            NO_SAVE,
            Param::int_i(
                "to-hit-modifier",
                limits::TO_HIT_MODIFIER,
                "Added to the roll to hit, -10 to 10: +1 point blank, -1 after moving, -1/-2 cover",
            )
            .default("0"),
            house_rule_param!("elite-infantry-rerolls"),
        ],
        chart: Chart::Of("chart-casualties", "Chance of each number of casualties"),
        mean: Some("/mean"),
    },
    Procedure {
        name: "fire-duel",
        summary: "The fire duel: a volley, the answer of the unit fired at, the loser's morale test",
        rule: "ACA p.4, p.7",
        sides: ["Firer", "Target"],
        params: &[
            Param::unit_with_figures(
                "firer",
                "The unit that fires first (its figures shoot, with its BS and weapon): ENTRY:FIGURES or a list's unit",
            )
            .first()
            .required(),
            Param::int_u("shots", limits::SHOTS, "Shots of the first volley, 0–400 (default: the firer's formation: one rank, ACA p.4)").first(),
            Param::id("firer-formation", "ID", "The firer's formation: line (default; cavalry: cavalry-line), attack-column, extended-line, skirmish … (ACA p.3, p.4; reading who-fights)").first(),
            Param::int("firer-ranks", 1, 12, "The ranks the firer stands in (default: its formation's; a line 2, a single line 1)").value_name("N").first(),
            Param::flag("volley", "The commanded volley, after a passed manoeuvre test: two ranks fire (a single line: all) (ACA p.4)").first(),
            Param::int_i(
                "to-hit-modifier",
                limits::TO_HIT_MODIFIER,
                "Added to the first volley's roll to hit, -10 to 10: +1 point blank, -1 after moving, -1/-2 cover",
            )
            .default("0")
            .first(),
            Param::flag(
                "firer-skirmishers",
                "The firer is in skirmish order or an extended line: the unit fired at never routs (ACA p.4) and answers at -1 to hit (WAB core)",
            )
            .first(),
            Param::flag("stationary", "The firer's rifles did not move: S4 (ACA p.13)").first(),
            Param::flag("firer-reroll", "The firer uses its once-a-battle re-roll on its morale test").first(),
            Param::unit_with_figures(
                "target",
                "The formed infantry fired at, which answers on one rank (ENTRY:FIGURES, or a list's unit)",
            )
            .second()
            .required(),
            Param::flag(
                "single-line",
                "The unit fired at stands in a single line: all its survivors answer (default: a double line, its front rank)",
            )
            .second(),
            Param::int_i(
                "test-modifier",
                limits::MODIFIER,
                "The modifiers of its manoeuvre test to answer, added up (see `preview test`), -20 to 20; not its losses, counted after the volley (-1 from 25 %, -2 below half, ACA p.11)",
            )
            .value_name("K")
            .default("0")
            .second(),
            Param::int_i(
                "answer-to-hit-modifier",
                limits::TO_HIT_MODIFIER,
                "Added to the answer's roll to hit, -10 to 10",
            )
            .default("0")
            .second(),
            Param::flag("target-reroll", "The unit fired at uses its once-a-battle re-roll on its morale test").second(),
            house_rule_param!("elite-infantry-rerolls, double-six-fails"),
        ],
        chart: Chart::Of("chart-casualties", "Chance of each number of casualties"),
        mean: Some("/mean"),
    },
    Procedure {
        name: "combat",
        summary: "One round of close combat: wounds, result, win and break",
        rule: "ACA p.5, p.7, p.12",
        sides: ["Attacker", "Defender"],
        params: combat_params!("attacker" first, "defender" second),
        chart: Chart::Of("chart-wounds-caused", "Chance of each number of wounds caused"),
        mean: Some("/mean"),
    },
    Procedure {
        name: "artillery",
        summary: "Artillery: round shot or canister against the figures in its path",
        rule: "ACA p.8–9",
        sides: ["Battery", "Target"],
        params: &[
            Param::unit(
                "battery",
                "The battery: a type (light, medium, heavy), a battery entry, or a list's battery (FILE:N)",
            )
            .value_name("TYPE|UNIT")
            .first()
            .required(),
            Param::choice(
                "ammo",
                &[("roundshot", ""), ("canister", "")],
                "Round shot or canister",
            )
            .first()
            .required(),
            Param::int_u(
                "grand-battery",
                limits::GRAND_BATTERY,
                "Batteries grouped in a grand battery, 2–10 (+1 hit each, ACA p.8)",
            )
            .value_name("N")
            .first(),
            Param::choice(
                "at",
                &[
                    ("figures", "Figures on the path or under the template"),
                    ("battery", "A battery: 1d6 hits, 1–4 pieces, 5–6 gunners; Kaboum (ACA p.8–9)"),
                    ("limber", "A limber, T5 4 W: 1d6 hits (ACA p.9–10)"),
                    ("caisson", "A caisson, T6 4 W: 1d6 hits; it may explode (ACA p.9–10)"),
                ],
                "What the round shot is aimed at",
            )
            .default("figures")
            .second(),
            Param::int_u(
                "figures",
                limits::IN_PATH,
                "Figures on the path from the bounce (round shot) or under the template (canister), 0–100 (default: counted from --target, reading gun-path)",
            )
            .value_name("N")
            .second(),
            Param::int(
                "target-ranks",
                1,
                12,
                "The ranks the target stands in (default its formation's: a line of two on foot, one mounted): round shot hits one figure a rank, canister the figures its template covers in each (reading gun-path)",
            )
            .value_name("N")
            .conflicts(&["figures"])
            .second(),
            Param::flag(
                "large-target",
                "The target is a large target (march column, square; attack column for artillery)",
            )
            .second(),
            Param::choice(
                "order",
                &[
                    ("formed", ""),
                    ("skirmishers", "Skirmishers or an extended line: hits halved"),
                    ("foragers", "Foragers: round shot halved, canister not"),
                ],
                "How the target stands",
            )
            .default("formed")
            .second(),
            Param::flag(
                "heavy-cover",
                "Canister: the figures are behind heavy cover, a house or fortifications (hit on 6+ only, ACA p.9)",
            )
            .second(),
            Param::flag(
                "sheltered",
                "Canister: behind a low wall, hedge, barricade or gabions, or inside a wood: one covered figure in 2 hit (ACA p.10)",
            )
            .second(),
            Param::flag(
                "before-bounce",
                "Round shot: a unit at the battery's height crossed before the bounce: hits ÷ 3, rounded down, no bonus hit (ACA p.10)",
            )
            .second(),

            Param::unit_with_figures("target", "The target (its T and save, and the figures hit unless --figures says: reading gun-path): ENTRY:FIGURES or a list's unit")
                .second(),
            TOUGHNESS,
            SAVE,
            NO_SAVE,
        ],
        chart: Chart::Of("chart-casualties", "Chance of each number of casualties"),
        mean: Some("/mean"),
    },
];

/// Shooting each way, a round of close combat (the first unit attacking) and a battery's shot
/// each way. In a matchup's shooting cells a battery fires its deadliest shot (reading
/// gun-path), and in its combat cells cavalry charges when the situation does not say.
pub const DUELS: &[DuelDecl] = &[
    DuelDecl {
        procedure: "shoot",
        first: "firer",
        second: "target",
        both_ways: true,
        measures: "casualties",
        matchup: &[],
        headline: &[
            Headline::count("/mean", "headline_casualties"),
            Headline::chance("/p_test", "headline_panic"),
        ],
        title: "Shooting: {first} at {second}",
        variants: &gun_variants(
            (
                "the battery's canister (muster preview artillery)",
                &GUN_CANISTER,
            ),
            (
                "the battery's round shot (muster preview artillery)",
                &GUN_ROUNDSHOT,
            ),
        ),
        ..DuelDecl::PLAIN
    },
    DuelDecl {
        procedure: "combat",
        first: "attacker",
        second: "defender",
        both_ways: false,
        measures: "wounds caused",
        matchup: &[],
        headline: &[
            Headline::count("/mean", "headline_wounds"),
            Headline::chance("/attacker/p_win", "headline_attacker_wins"),
            Headline::chance("/defender/p_win", "headline_defender_wins"),
            Headline::chance("/defender/p_break", "headline_defender_breaks").done_when("routed"),
        ],
        title: "Close combat: {first} attacks {second}",
        variants: &[Variant {
            key: "charging",
            mark: ("ch", "the unit, cavalry, charges (ACA p.5)"),
            decl: &CAVALRY_CHARGING,
            arm: Some("cavalry"),
            enemy_arm: None,
            when: &[("charge", "no")],
        }],
        ..DuelDecl::PLAIN
    },
    ARTILLERY,
];

/// A battery's shot each way, its ammunition a choice; between two units without a battery
/// it is left out. Its numbers show in the matchup's shooting cells instead (a battery's
/// deadliest shot).
const ARTILLERY: DuelDecl = DuelDecl {
    procedure: "artillery",
    first: "battery",
    second: "target",
    both_ways: true,
    measures: "casualties",
    headline: &[
        Headline::count("/mean", "headline_casualties"),
        Headline::chance("/p_misfire", "headline_misfire"),
    ],
    title: "Artillery: {first} at {second} ({ammo})",
    only_where_played: true,
    table: false,
    ..DuelDecl::PLAIN
};

/// A battery's canister at the figures its half template covers (reading gun-path), as a
/// matchup's shooting cell shows it.
const GUN_CANISTER: DuelDecl = DuelDecl {
    procedure: "artillery",
    first: "battery",
    second: "target",
    measures: "casualties",
    title: "Artillery: {first} at {second} (canister)",
    sets: &[("ammo", "canister")],
    table: false,
    ..DuelDecl::PLAIN
};

/// A battery's round shot through the target's ranks (reading gun-path).
const GUN_ROUNDSHOT: DuelDecl = round_shot(GUN_CANISTER);

/// Cavalry charging into the combat (ACA p.5): a matchup's cavalry attacks so while the
/// situation does not say the attacker charged.
const CAVALRY_CHARGING: DuelDecl = DuelDecl {
    procedure: "combat",
    first: "attacker",
    second: "defender",
    measures: "wounds caused",
    sets: &[("charge", "")],
    title: "Close combat: {first} charges {second}",
    table: false,
    ..DuelDecl::PLAIN
};

/// The situation the duels offer to set (the rest as `muster preview` takes it by default).
pub const DUEL_CHOICES: &[DuelChoice] = &[
    DuelChoice {
        key: "to_hit",
        label: "Shooting: to hit (+1 point blank, −1 moved, −1/−2 cover)",
        values: &["-3", "-2", "-1", "0", "+1"],
        default: "0",
        sets: Sets::Param("to-hit-modifier"),
    },
    DuelChoice {
        key: "ammo",
        label: "Artillery: the battery's ammunition (ACA p.9)",
        values: &["canister", "roundshot"],
        default: "canister",
        sets: Sets::Param("ammo"),
    },
    DuelChoice {
        key: "charge",
        label: "Combat: the attacker (A) charged this turn (ACA p.5)",
        values: &["no", "yes"],
        default: "no",
        sets: Sets::Flags(&[("yes", "charge")]),
    },
    DuelChoice {
        key: "attacker_formation",
        label: "Combat: A's formation (who fights, its frontage)",
        values: COMBAT_FORMATIONS,
        default: "none",
        sets: Sets::ParamUnless("attacker-formation", "none"),
    },
    DuelChoice {
        key: "attacker_ranks",
        label: "Combat: A's ranks behind its front",
        values: COMBAT_RANKS,
        default: "0",
        sets: Sets::ParamUnless("attacker-ranks", "0"),
    },
    DuelChoice {
        key: "defender_formation",
        label: "Combat: B's formation (who fights, its frontage)",
        values: COMBAT_FORMATIONS,
        default: "none",
        sets: Sets::ParamUnless("defender-formation", "none"),
    },
    DuelChoice {
        key: "defender_ranks",
        label: "Combat: B's ranks behind its front",
        values: COMBAT_RANKS,
        default: "0",
        sets: Sets::ParamUnless("defender-ranks", "0"),
    },
    DuelChoice {
        key: "contact",
        label: "Combat: B's figures in contact (by the book: A's charge placed to meet the most, reading contact)",
        values: &["book", "1", "2", "3", "4", "5", "6", "8", "10", "12", "16", "20", "24"],
        default: "book",
        sets: Sets::ParamUnless("contact", "book"),
    },
];

/// The formations a page offers a side in close combat ("none": not given, the front rank
/// of a unit standing in `ranks + 1` ranks); a unit that does not take one is refused, saying
/// so. Checked against rules.toml by a test.
const COMBAT_FORMATIONS: &[&str] = &[
    "none",
    "line",
    "attack-column",
    "hollow-square",
    "solid-square",
    "cavalry-line",
    "echelon",
];

/// The ranks behind a side's front a page offers (the rank bonus counts 3 at most).
const COMBAT_RANKS: &[&str] = &["0", "1", "2", "3", "4", "5"];

/// Works out a request of one of [`PROCEDURES`].
pub fn preview(db: &Database, r: &Request) -> Result<Preview, Error> {
    match r.procedure.name {
        "test" => test(db, r),
        "shoot" => shoot(db, r),
        "combat" => combat(db, r),
        "fire-duel" => fire_duel(db, r),
        "artillery" => artillery(db, r),
        other => Err(Error::Usage(format!("WAB ACA has no preview `{other}`"))),
    }
}

/// A report written in the request's language, with its chart's series.
fn said<T: serde::Serialize>(
    r: &Request,
    out: &T,
    text: fn(&T, Say) -> String,
    series: fn(&T) -> Vec<Series>,
) -> Result<Preview, Error> {
    Preview::said(r, out, |say| text(out, say), series(out))
}

fn usage(msg: impl Into<String>) -> Error {
    Error::Usage(msg.into())
}

/// The unit a parameter names: an entry with its figures, or a list's unit as bought.
fn spec(r: &Request, name: &str) -> Result<Option<UnitSpec>, Error> {
    match r.unit(name) {
        None => Ok(None),
        Some(UnitRef::Sheet { id, figures }) => Ok(Some(UnitSpec::Entry {
            id: id.clone(),
            figures: *figures,
        })),
        Some(UnitRef::Listed(l)) => Listed::from_row(&l.row, l.origin_said())
            .map(|mut listed| {
                listed.bought = l
                    .game
                    .as_ref()
                    .and_then(|g| g.bought)
                    .and_then(|b| u32::try_from(b).ok());
                if listed.bought.is_some() {
                    // Elite figures fall with the others: no more of them than are left.
                    listed.elite = listed.elite.min(listed.figures);
                }
                Some(UnitSpec::Listed(listed))
            })
            .map_err(usage),
        Some(UnitRef::File { path, .. }) => Err(not_read(path)),
    }
}

fn test(db: &Database, r: &Request) -> Result<Preview, Error> {
    let out = request::test(
        db,
        &TestRequest {
            leadership: r.u32("leadership"),
            unit: spec(r, "unit")?,
            with: r.texts("with"),
            conditions: r.texts("condition"),
            modifiers: r.ints("modifier"),
            reroll: r.flag("reroll"),
            lang: match r.text("lang").as_deref() {
                Some("en") => Lang::En,
                Some("es") => Lang::Es,
                _ => Lang::Fr,
            },
            house_rules: r.texts("house-rule"),
        },
    )
    .map_err(Error::from)?;
    Preview::said(r, &out, |say| text::test(&out, say), Vec::new())
}

/// The volley `shoot` and `fire-duel` both read: the units, the shots and the fire's situation
/// (the firer's skill, the target's toughness and save are its entries' unless `shoot` says).
fn volley(r: &Request) -> Result<ShootRequest, Error> {
    Ok(ShootRequest {
        firer: spec(r, "firer")?,
        target: spec(r, "target")?,
        shots: r.u32("shots"),
        bs: None,
        strength: None,
        toughness: None,
        save: None,
        no_save: false,
        to_hit_modifier: r.i32("to-hit-modifier").unwrap_or(0),
        elite: None,
        stationary: r.flag("stationary"),
        formation: r.text("firer-formation"),
        ranks: r.u32("firer-ranks"),
        volley: r.flag("volley"),
        house_rules: r.texts("house-rule"),
    })
}

fn shoot(db: &Database, r: &Request) -> Result<Preview, Error> {
    let out = request::shoot(
        db,
        &ShootRequest {
            bs: r.u32("bs"),
            strength: r.u32("strength"),
            toughness: r.u32("toughness"),
            save: r.u32("save"),
            no_save: r.flag("no-save"),
            elite: r.u32("elite"),
            ..volley(r)?
        },
    )
    .map_err(Error::from)?;
    said(r, &out, text::shoot, text::shoot_series)
}

fn fire_duel(db: &Database, r: &Request) -> Result<Preview, Error> {
    let out = request::fire_duel(
        db,
        &DuelRequest {
            first: volley(r)?,
            skirmishers: r.flag("firer-skirmishers"),
            single_line: r.flag("single-line"),
            answer_to_hit_modifier: r.i32("answer-to-hit-modifier").unwrap_or(0),
            test_modifier: r.i32("test-modifier").unwrap_or(0),
            firer_reroll: r.flag("firer-reroll"),
            target_reroll: r.flag("target-reroll"),
        },
    )
    .map_err(Error::from)?;
    said(r, &out, text::fire_duel, text::duel_series)
}

fn fighter(r: &Request, who: &str) -> Result<FighterRequest, Error> {
    let name = |what: &str| format!("{who}-{what}");
    Ok(FighterRequest {
        unit: spec(r, who)?,
        fighting: r.u32(&name("fighting")),
        ranks: r.u32(&name("ranks")).unwrap_or(0),
        formation: r.text(&name("formation")),
        flag: r.flag(&name("flag")),
        musician: r.flag(&name("musician")),
        officer: r.flag(&name("officer")),
        elite: r.u32(&name("elite")),
        supports: r.u32(&name("supports")).unwrap_or(0),
        won_last_round: r.flag(&name("won-last-round")),
        reformed: r.flag(&name("reformed")),
        reroll: r.flag(&name("reroll")),
        formation_by_default: false,
    })
}

fn combat(db: &Database, r: &Request) -> Result<Preview, Error> {
    let out = request::combat(
        db,
        &CombatRequest {
            attacker: fighter(r, "attacker")?,
            defender: fighter(r, "defender")?,
            charge: r.flag("charge"),
            counter_charge: r.flag("counter-charge"),
            defended: match r.text("defended").as_deref() {
                Some("obstacle") => Defended::Obstacle,
                Some("fortification") => Defended::Fortification,
                _ => Defended::Open,
            },
            from: match r.text("attack-from").as_deref() {
                Some("flank") => From::Flank,
                Some("rear") => From::Rear,
                _ => From::Front,
            },
            contact: r.u32("contact"),
            house_rules: r.texts("house-rule"),
        },
    )
    .map_err(Error::from)?;
    said(r, &out, text::combat, text::combat_series)
}

/// The battery of an artillery preview: a type or an entry as given, or a list's unit's entry.
fn battery(db: &Database, r: &Request) -> Result<String, Error> {
    match r.unit("battery") {
        None => Ok(String::new()),
        Some(UnitRef::Sheet { id, .. }) => Ok(id.clone()),
        Some(UnitRef::Listed(l)) => match db.entry(&l.row.id) {
            Some(e) if e.battery.is_none() => Err(usage(format!(
                "--battery: {} ({}) is a {}, not a battery",
                l.origin(),
                l.row.label,
                e.kind
            ))),
            _ => Ok(l.row.id.clone()),
        },
        Some(UnitRef::File { path, .. }) => Err(not_read(path)),
    }
}

fn artillery(db: &Database, r: &Request) -> Result<Preview, Error> {
    let out = request::artillery(
        db,
        &ArtilleryRequest {
            battery: battery(db, r)?,
            ammunition: match r.text("ammo").as_deref() {
                Some("canister") => Ammunition::Canister,
                _ => Ammunition::Roundshot,
            },
            at: match r.text("at").as_deref() {
                Some("battery") => At::Battery,
                Some("limber") => At::Limber,
                Some("caisson") => At::Caisson,
                _ => At::Figures,
            },
            figures: r.u32("figures"),
            large_target: r.flag("large-target"),
            grand_battery: r.u32("grand-battery"),
            order: match r.text("order").as_deref() {
                Some("skirmishers") => Order::Skirmishers,
                Some("foragers") => Order::Foragers,
                _ => Order::Formed,
            },
            heavy_cover: r.flag("heavy-cover"),
            sheltered: r.flag("sheltered"),
            before_bounce: r.flag("before-bounce"),
            target: spec(r, "target")?,
            target_ranks: r.u32("target-ranks"),
            toughness: r.u32("toughness"),
            save: r.u32("save"),
            no_save: r.flag("no-save"),
        },
    )
    .map_err(usage)?;
    said(r, &out, text::artillery, text::artillery_series)
}

#[cfg(test)]
mod tests {
    use super::{COMBAT_FORMATIONS, DUEL_CHOICES};

    /// Every formation a page offers is one of rules.toml's (but "none", which sets none).
    #[test]
    fn the_formations_offered_are_the_datas() {
        let rules: toml::Table =
            toml::from_str(include_str!("../../../unit-sheets/wab-aca/rules.toml")).unwrap();
        let known: Vec<&str> = rules["formation"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f["id"].as_str().unwrap())
            .collect();
        for id in COMBAT_FORMATIONS.iter().filter(|id| **id != "none") {
            assert!(known.contains(id), "{id} is not a formation of rules.toml");
        }
        assert!(DUEL_CHOICES
            .iter()
            .any(|c| c.values == COMBAT_FORMATIONS && c.key == "defender_formation"));
    }
}
