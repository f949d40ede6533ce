//! Combat previews: exact outcome distributions of Capitán's procedures (fire §7.5–7.6,
//! melee §8.12, charge §5.1–5.2, artillery §12.10–12.13), from the same tables and sheets
//! that validate lists and print cards. Pure maths over `crate::core::dice`; no I/O.

pub mod reading;
pub mod request;
pub mod text;

/// Declares Capitán's preview procedures in `muster preview`'s order: each is its folder
/// below (its maths, request, text, and its declaration `declared::PREVIEW`), so that a new
/// procedure is its folder and its name here.
macro_rules! procedures {
    ($($procedure:ident),+) => {
        $(pub mod $procedure;)+

        /// Capitán's previews, in `muster preview`'s order.
        pub const PREVIEWS: &[reading::Previewed] = &[$($procedure::declared::PREVIEW),+];
    };
}

procedures!(fire, melee, charge, artillery);

use super::database::Database;
use super::model::{Quality, UnitSheet};
use crate::core::dice;
pub use crate::core::distribution::Distribution;

/// A unit as it takes part in a preview: its sheet, how many figures, the skills it uses.
#[derive(Debug, Clone)]
pub struct Unit<'a> {
    pub sheet: &'a UnitSheet,
    pub figures: u32,
    /// Skills in use (a unit uses one skill per activation, §11).
    pub skills: Vec<String>,
    /// What the unit costs (for casualties per 100 points).
    pub cost: u32,
}

impl Unit<'_> {
    pub fn uses(&self, skill: &str) -> bool {
        self.skills.iter().any(|s| s == skill)
    }
}

/// The reduced-unit courage test (§5.3): a troop unit brought down to `threshold` figures or
/// fewer rolls its highest die plus the quality modifier and must reach its courage.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CourageTest {
    pub threshold: u32,
    pub die: u32,
    pub modifier: i32,
    pub courage: i32,
}

impl CourageTest {
    /// The test of a unit, if it takes one (§5.3: not command units).
    pub fn of(db: &Database, sheet: &UnitSheet) -> Option<Self> {
        if sheet.kind == super::model::Kind::Command {
            return None;
        }
        Some(Self {
            threshold: db.rules.reduced.figures,
            die: sheet.dodge_die().faces(),
            modifier: quality_courage(db, sheet.quality),
            courage: sheet.courage,
        })
    }

    pub fn p_pass(&self) -> f64 {
        dice::p_at_least(self.die, self.modifier, self.courage)
    }

    /// Whether going from `before` to `after` figures triggers the test.
    pub fn triggered(&self, before: u32, after: u32) -> bool {
        before > self.threshold && after > 0 && after <= self.threshold
    }
}

fn quality_courage(db: &Database, q: Quality) -> i32 {
    db.rules.quality(q).map(|r| r.courage_test).unwrap_or(0)
}
