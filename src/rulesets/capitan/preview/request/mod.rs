//! What every procedure's request shares (each procedure's own is in its folder,
//! `preview/NAME/request.rs`): units from sheets or from lists (with the skills bought for
//! them), the skill each uses (one per activation, §11), and the documented engine limits
//! ([`limits`]) every value is checked against before any computation.

/// Bounds of the numbers a preview accepts: the rules' where they give one, else documented
/// engine limits (docs/development.md, "Limits").
pub mod limits;

pub(super) mod unit;

pub use unit::{joined, skill_named, FromList, UnitChoice, Use};
