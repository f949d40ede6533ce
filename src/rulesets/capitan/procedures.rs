//! Capitán's preview procedures listed (each declared in its folder under `preview/`), the
//! duels two list units play, and a checked request sent to its procedure.

use super::database::Database;
use super::preview::reading::declared;
use super::preview::PREVIEWS;
use crate::core::error::Error;
use crate::rulesets::duel::{DuelChoice, DuelDecl, Headline, Sets, Variant};
use crate::rulesets::gun_duels::{gun_variants, round_shot};
use crate::rulesets::procedure::{Preview, Procedure, Request};

/// What `muster preview` takes, in the order of [`PREVIEWS`].
pub const PROCEDURES: &[Procedure] = &declared::<{ PREVIEWS.len() }>(PREVIEWS);

/// Fire each way, a melee's first round, a charge each way and a gun's shot each way. In a
/// matchup's fire cells a gun fires its deadliest ammunition at the range (reading
/// gun-range-bands), and in its melee cells cavalry charges when no one is said to.
pub const DUELS: &[DuelDecl] = &[
    DuelDecl {
        procedure: "fire",
        first: "shooter",
        second: "target",
        both_ways: true,
        measures: "casualties",
        headline: &[
            Headline::count("/mean", "headline_casualties"),
            Headline::chance("/at_least/1", "headline_at_least_one"),
            Headline::chance("/p_rout", "headline_rout").done_when("routed"),
        ],
        title: "Fire: {first} at {second}",
        variants: &gun_variants(
            ("the gun's canister, all the target under the template: at most (muster preview artillery)", &GUN_CANISTER),
            ("the gun's round shot, all the target under the template: at most (muster preview artillery)", &GUN_ROUNDSHOT),
        ),
        ..DuelDecl::PLAIN
    },
    DuelDecl {
        procedure: "melee",
        first: "a",
        second: "b",
        measures: "casualties in the first round",
        matchup: &[("rounds", "1")],
        headline: MELEE_HEADLINE,
        title: "Melee: {first} against {second}",
        variants: &[
            Variant {
                key: "charging",
                mark: ("ch", "the unit, cavalry, charges (§8.12)"),
                decl: &CAVALRY_CHARGING,
                arm: Some("cavalry"),
                enemy_arm: None,
                when: &[("charge", "none")],
            },
            Variant {
                key: "charged",
                mark: ("x", "the enemy's cavalry charges (§8.12)"),
                decl: &CAVALRY_CHARGED,
                arm: None,
                enemy_arm: Some("cavalry"),
                when: &[("charge", "none")],
            },
        ],
        ..DuelDecl::PLAIN
    },
    DuelDecl {
        procedure: "charge",
        first: "charger",
        second: "target",
        both_ways: true,
        measures: "chance the charge goes in (§5.1)",
        headline: &[
            Headline::chance("/p_success", "headline_charge_goes_in"),
            Headline::chance("/p_double", "headline_courage_doubled").done_when("routed"),
        ],
        title: "Charge: {first} charges {second}",
        only_where_played: true,
        ..DuelDecl::PLAIN
    },
    DuelDecl {
        procedure: "artillery",
        first: "gun",
        second: "target",
        both_ways: true,
        measures: "casualties",
        headline: &[
            Headline::count("/mean", "headline_casualties"),
            Headline::chance("/at_least/1", "headline_at_least_one"),
            Headline::chance("/p_blank", "headline_blank"),
        ],
        title: "Artillery: {first} at {second} ({ammo})",
        maps: GUN_RANGES,
        only_where_played: true,
        table: false,
        ..DuelDecl::PLAIN
    },
];

const MELEE_HEADLINE: &[Headline] = &[
    Headline::chance("/p_a_wins", "headline_a_wins"),
    Headline::chance("/p_b_wins", "headline_b_wins"),
    Headline::chance("/p_b_destroyed", "headline_b_destroyed"),
    Headline::count("/mean", "headline_first_round"),
];

/// A fire's short and medium ranges are a gun's effective range, long its long (reading
/// gun-range-bands).
const GUN_RANGES: &[(&str, &str, &str, &str)] = &[
    ("range", "short", "range", "effective"),
    ("range", "medium", "range", "effective"),
    ("range", "long", "range", "long"),
];

/// A gun's canister at a fire's range, as a matchup's fire cell shows it.
const GUN_CANISTER: DuelDecl = DuelDecl {
    procedure: "artillery",
    first: "gun",
    second: "target",
    measures: "casualties",
    title: "Artillery: {first} at {second} (canister)",
    sets: &[("ammo", "canister")],
    maps: GUN_RANGES,
    table: false,
    ..DuelDecl::PLAIN
};

/// A gun's round shot at a fire's range.
const GUN_ROUNDSHOT: DuelDecl = round_shot(GUN_CANISTER);

/// The enemy's cavalry charging into the melee's first round (§8.12).
const CAVALRY_CHARGED: DuelDecl = DuelDecl {
    sets: &[("b-charges", "")],
    title: "Melee: {second} charges {first}",
    ..CAVALRY_CHARGING
};

/// Cavalry charging into the melee's first round (§8.12).
const CAVALRY_CHARGING: DuelDecl = DuelDecl {
    procedure: "melee",
    first: "a",
    second: "b",
    measures: "casualties in the first round",
    matchup: &[("rounds", "1")],
    sets: &[("a-charges", "")],
    headline: MELEE_HEADLINE,
    title: "Melee: {first} charges {second}",
    table: false,
    ..DuelDecl::PLAIN
};

/// The situation the duels offer to set (the rest as `muster preview` takes it by default).
pub const DUEL_CHOICES: &[DuelChoice] = &[
    DuelChoice {
        key: "range",
        label: "Fire range (§7.6)",
        values: &["short", "medium", "long"],
        default: "short",
        sets: Sets::Param("range"),
    },
    DuelChoice {
        key: "cover",
        label: "The target's cover (fire, §7.6)",
        values: &["none", "light", "medium", "dense"],
        default: "none",
        sets: Sets::Param("cover"),
    },
    DuelChoice {
        key: "ammo",
        label: "The gun's ammunition (artillery, §12.12)",
        values: &["canister", "roundshot", "shell"],
        default: "canister",
        sets: Sets::Param("ammo"),
    },
    DuelChoice {
        key: "charge",
        label: "Who charges into the melee (§8.12)",
        values: &["none", "a", "b"],
        default: "none",
        sets: Sets::Flags(&[("a", "a-charges"), ("b", "b-charges")]),
    },
];

/// Works out a request of one of [`PROCEDURES`].
pub fn preview(db: &Database, r: &Request) -> Result<Preview, Error> {
    match PREVIEWS
        .iter()
        .find(|p| p.procedure.name == r.procedure.name)
    {
        Some(p) => (p.run)(db, r),
        None => Err(Error::Usage(format!(
            "Capitán has no preview `{}`",
            r.procedure.name
        ))),
    }
}
