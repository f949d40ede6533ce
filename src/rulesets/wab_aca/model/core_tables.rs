//! `core.toml`: the WAB core tables the supplement assumes (to hit, to wound, saves, tests,
//! flanks, shooting, who is in contact).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use validator::Validate;

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ToHitRow {
    pub bs: u32,
    pub needs: u32,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BeyondSix {
    /// The second die a needed 7 takes, and so on.
    #[serde(rename = "7")]
    pub seven: u32,
    #[serde(rename = "8")]
    pub eight: u32,
    #[serde(rename = "9")]
    pub nine: u32,
    pub impossible_from: u32,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ToHitMelee {
    pub higher: u32,
    pub otherwise: u32,
    pub double: u32,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ToWoundRow {
    pub difference: i32,
    pub needs: u32,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SaveRule {
    pub free_strength: u32,
    pub per_point: u32,
    pub impossible_from: u32,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TestRule {
    pub dice: u32,
}

/// `core.toml`: the WAB core tables the supplement assumes.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Core {
    pub source: String,
    pub to_hit_shooting: Vec<ToHitRow>,
    pub beyond_six: BeyondSix,
    pub to_hit_melee: ToHitMelee,
    pub to_wound: Vec<ToWoundRow>,
    pub save: SaveRule,
    pub test: TestRule,
    pub flank: Flank,
    pub shooting: ShootingRule,
    pub contact: Contact,
}

/// Who is in contact from the front (reading contact): the width a figure takes in its rank
/// (WAB core's bases; the supplement leaves them to WAB) and whether figures touching the
/// enemy's frontage at a corner only fight.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields)]
pub struct Contact {
    /// Millimetres a foot figure takes in its rank.
    #[validate(range(min = 1, max = 200))]
    pub infantry: u32,
    /// Millimetres a mounted figure takes in its rank.
    #[validate(range(min = 1, max = 200))]
    pub cavalry: u32,
    /// A figure whose base touches the enemy's frontage at a corner only is in contact.
    pub corners: bool,
}

impl Contact {
    /// The figures of a front rank of `front` figures, `base` mm each, that another frontage
    /// of `other` mm, centred on it, meets: along a length, or also at a corner with
    /// `corners`. Exact in whole millimetres (the centring is counted in half millimetres).
    pub fn in_contact(&self, front: u32, base: u32, other: u32) -> u32 {
        let width = u64::from(front) * u64::from(base);
        if u64::from(other) >= width {
            return front;
        }
        // Centred: the other frontage from width − other to width + other, in half
        // millimetres.
        self.met_from(front, base, other, width - u64::from(other))
    }

    /// The most figures of a front rank of `front` figures, `base` mm each, that another
    /// frontage of `other` mm can meet, placed along it where it meets the most (a charge
    /// brings as many figures as it can into contact, reading contact).
    pub fn most_in_contact(&self, front: u32, base: u32, other: u32) -> u32 {
        let width = u64::from(front) * u64::from(base);
        let other_mm = u64::from(other);
        if other_mm >= width {
            return front;
        }
        if other == 0 {
            return 0;
        }
        // The count repeats with each base: one base's worth of placements, in half
        // millimetres, within the front.
        let last = 2 * (width - other_mm);
        (0..=last.min(2 * u64::from(base)))
            .map(|from| self.met_from(front, base, other, from))
            .max()
            .unwrap_or(0)
    }

    /// The figures met by a frontage of `other` mm starting `from` half millimetres along
    /// this front rank.
    fn met_from(&self, front: u32, base: u32, other: u32, from: u64) -> u32 {
        let to = from + 2 * u64::from(other);
        let base = 2 * u64::from(base);
        (0..u64::from(front))
            .filter(|&i| {
                let (left, right) = (i * base, (i + 1) * base);
                if self.corners {
                    left <= to && right >= from
                } else {
                    left < to && right > from
                }
            })
            .count() as u32
    }
}

/// Modifiers to hit when shooting that WAB core gives and the supplement assumes.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ShootingRule {
    /// Added to the roll to hit a unit in skirmish order (or one that counts as such under
    /// fire: the extended line, ACA p.3).
    pub at_skirmishers: i32,
}

/// Attacking a flank or the rear (reading flank-rear: the supplement names "le malus de prise
/// de flanc ou de dos", ACA p.12, and leaves its numbers to WAB).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields)]
pub struct Flank {
    /// Added to the result of a unit attacking a flank.
    #[validate(range(max = 5))]
    pub flank_bonus: u32,
    /// Added to the result of a unit attacking the rear.
    #[validate(range(max = 5))]
    pub rear_bonus: u32,
    /// An attacker of at least this many figures in a flank or the rear cancels the rank bonus.
    #[validate(range(min = 1, max = 100))]
    pub cancels_ranks_from: u32,
}

#[cfg(test)]
mod tests {
    use super::Contact;

    /// WAB's bases, as core.toml gives them.
    fn rule(corners: bool) -> Contact {
        Contact {
            infantry: 20,
            cavalry: 25,
            corners,
        }
    }

    /// A charge placed to meet the most (reading contact): a frontage of a whole number of
    /// bases meets one more, half a base over at each end; any other, the bases it spans
    /// whole and one at each end; never more than the front rank; touching at the corners,
    /// one more again where the ends fall on the bases' edges.
    #[test]
    fn a_charge_meets_the_most_figures_it_can() {
        let c = rule(false);
        assert_eq!(c.most_in_contact(12, 20, 8 * 25), 11);
        assert_eq!(c.most_in_contact(24, 20, 100), 6);
        assert_eq!(c.most_in_contact(24, 20, 25), 3);
        assert_eq!(c.most_in_contact(24, 20, 20), 2);
        assert_eq!(c.most_in_contact(24, 20, 30), 3);
        assert_eq!(c.most_in_contact(10, 20, 199), 10);
        assert_eq!(c.most_in_contact(8, 25, 12 * 20), 8);
        assert_eq!(c.most_in_contact(24, 20, 0), 0);
        assert_eq!(rule(true).most_in_contact(24, 20, 200), 12);
        for other in 1..=300 {
            let most = c.most_in_contact(24, 20, other);
            // Across a base's edge: the bases it spans whole, and one at each end.
            let bases = if other % 20 == 0 {
                other / 20 + 1
            } else {
                other / 20 + 2
            };
            assert_eq!(most, bases.min(24), "{other} mm");
            assert!(most >= c.in_contact(24, 20, other), "{other} mm");
        }
    }

    #[test]
    fn a_frontage_centred_covers_the_figures_it_meets() {
        let c = rule(false);
        // 8 horses (200 mm) on 24 foot (480 mm): from 140 to 340 mm, bases 7 to 16 of 20 mm.
        assert_eq!(c.in_contact(24, 20, 8 * 25), 10);
        // And the 24 foot, wider, on the 8 horses: all 8 meet them.
        assert_eq!(c.in_contact(8, 25, 24 * 20), 8);
        // 4 horses (100 mm) on 24 foot: from 190 to 290 mm, half a base at each end: 6.
        assert_eq!(c.in_contact(24, 20, 100), 6);
        // 24 foot (480 mm) on a face of 4 (80 mm): from 200 to 280 mm, bases 10 to 13.
        assert_eq!(c.in_contact(24, 20, 80), 4);
        // 8 horses on a face of 80 mm: from 60 to 140 mm, bases 2 to 5 of 25 mm.
        assert_eq!(c.in_contact(8, 25, 80), 4);
        // Nothing in contact, nobody.
        assert_eq!(c.in_contact(24, 20, 0), 0);
    }

    #[test]
    fn corners_count_only_when_the_rule_says_so() {
        // 200 mm on 480 mm ends on base edges: the figure beyond each end touches at a corner.
        assert_eq!(rule(false).in_contact(24, 20, 200), 10);
        assert_eq!(rule(true).in_contact(24, 20, 200), 12);
        // Ending within a base, a corner adds nobody.
        assert_eq!(rule(true).in_contact(24, 20, 100), 6);
        // Never more than the front rank.
        assert_eq!(rule(true).in_contact(10, 20, 199), 10);
    }
}
