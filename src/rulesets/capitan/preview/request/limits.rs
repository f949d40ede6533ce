//! Bounds of the numbers a preview accepts: the rules' where they give one, else documented
//! engine limits (docs/development.md, "Limits").

use std::ops::RangeInclusive;

/// §1: a troop unit has at most 12 figures (command units their N°F, guns at most 12).
pub const FIGURES: RangeInclusive<u32> = 1..=12;
/// Engine limit for an ad-hoc volley (a unit fires at most 12 × 2 + a volley gun's 8).
pub const SHOTS: RangeInclusive<u32> = 1..=100;
/// Engine limit: beyond ±20 every roll of a d12 succeeds or fails.
pub const MODIFIER: RangeInclusive<i32> = -20..=20;
/// As on the sheets (data check): morale 0–12, courage 1–18.
pub const MORALE: RangeInclusive<i32> = 0..=12;
pub const COURAGE: RangeInclusive<i32> = 1..=18;
/// §8.12, §11: 1 attack, 2 for riders against foot, +1 Sanguinaires, +1 Fureur.
pub const ATTACKS: RangeInclusive<u32> = 1..=4;
/// Engine limit for `--rounds`; the play-forward stops as soon as nothing is left engaged.
pub const ROUNDS: RangeInclusive<u32> = 1..=1000;
/// Engine limit: figures under one artillery template.
pub const UNDER_TEMPLATE: RangeInclusive<u32> = 0..=100;
