//! A gun's shot in a matchup's fire cells, as the rulesets with guns declare it: its canister
//! and its round shot (`--ammo canister|roundshot` of their artillery procedure), variants of
//! their fire duel.

use super::duel_decl::{DuelDecl, Variant};

/// A gun's round shot: its `canister` duel with `--ammo roundshot`.
pub const fn round_shot(canister: DuelDecl) -> DuelDecl {
    DuelDecl {
        sets: &[("ammo", "roundshot")],
        title: "Artillery: {first} at {second} (round shot)",
        ..canister
    }
}

/// A fire duel's variants where the first unit is a gun: its `canister` and its `round_shot`
/// duels, each with what the legend says of its mark (`c`, `r`).
pub const fn gun_variants(
    canister: (&'static str, &'static DuelDecl),
    round_shot: (&'static str, &'static DuelDecl),
) -> [Variant; 2] {
    [
        shot("canister", ("c", canister.0), canister.1),
        shot("roundshot", ("r", round_shot.0), round_shot.1),
    ]
}

/// A variant any unit may play (no arm, no situation needed).
const fn shot(
    key: &'static str,
    mark: (&'static str, &'static str),
    decl: &'static DuelDecl,
) -> Variant {
    Variant {
        key,
        mark,
        decl,
        arm: None,
        enemy_arm: None,
        when: &[],
    }
}
