//! Bounds of the numbers a preview accepts (docs/development.md, "Limits").

use std::ops::RangeInclusive;

/// WAB characteristics run from 0 to 10; Leadership from 2.
pub const LEADERSHIP: RangeInclusive<u32> = 2..=10;
pub const SKILL: RangeInclusive<u32> = 0..=10;
pub const STRENGTH: RangeInclusive<u32> = 1..=10;
/// A save of 7 or more is none.
pub const SAVE: RangeInclusive<u32> = 2..=7;
/// Engine limit: beyond ±20 every 2d6 test passes or fails whatever the roll.
pub const MODIFIER: RangeInclusive<i32> = -20..=20;
/// Engine limit: modifiers given to one test.
pub const MODIFIERS: usize = 32;
/// Engine limit: beyond ±10 every d6 to hit succeeds or fails.
pub const TO_HIT_MODIFIER: RangeInclusive<i32> = -10..=10;
/// Engine limit: shots of one volley (two ranks of the largest unit an entry allows).
pub const SHOTS: RangeInclusive<u32> = 0..=400;
/// As the army entries (data check): at most 200 figures.
pub const FIGURES: RangeInclusive<u32> = 1..=200;
/// Engine limit: figures striking in one combat.
pub const FIGHTING: RangeInclusive<u32> = 0..=200;
/// ACA p.12: units in support.
pub const SUPPORTS: RangeInclusive<u32> = 0..=5;
/// Engine limit: figures on a shot's path or under the canister template.
pub const IN_PATH: RangeInclusive<u32> = 0..=100;
/// Engine limit: batteries grouped into one grand battery.
pub const GRAND_BATTERY: RangeInclusive<u32> = 2..=10;
