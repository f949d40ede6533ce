//! What a player asks of a preview, resolved against the database: units from sheets or from
//! lists (with the skills bought for them), the skill each uses (one per activation, §11),
//! ad-hoc numbers that override the sheets', and every value checked against the rules or a
//! documented engine limit ([`limits`]) before any computation. The results are serializable
//! reports; the command only prints them.

/// Bounds of the numbers a preview accepts: the rules' where they give one, else documented
/// engine limits (docs/development.md, "Limits").
pub mod limits;

mod artillery;
mod charge;
mod fire;
mod melee;
mod unit;

pub use artillery::{artillery, ArtilleryReport, ArtilleryRequest};
pub use charge::{charge, ChargeReport, ChargeRequest};
pub use fire::{fire, FireCompare, FireOverrides, FireReport, FireRequest};
pub use melee::{melee, MeleeReport, MeleeRequest, SideOverrides, SideRequest};
pub use unit::{FromList, UnitChoice, Use};
