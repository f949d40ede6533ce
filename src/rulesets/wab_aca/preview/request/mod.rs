//! What a player asks of an ACA preview, resolved against the database: units given as army
//! entries (`ENTRY[:FIGURES]`) or as units of a list, numbers that override the entries', and
//! every value checked against the rules or a documented engine limit ([`limits`]) before
//! anything is computed.

/// Bounds of the numbers a preview accepts (docs/development.md, "Limits").
pub mod limits;

mod artillery;
mod combat;
mod duel;
mod shoot;
mod test;
mod unit;

pub use artillery::{artillery, ArtilleryOut, ArtilleryRequest, Covered};
pub use combat::{
    combat, CombatOut, CombatRequest, Defended, FighterRequest, From, FrontageOut, SideOut,
};
pub use duel::{fire_duel, DuelOut, DuelRequest};
pub use shoot::{shoot, ShootOut, ShootRequest, VolleyTest};
pub use test::{test, TestOut, TestRequest};
pub use unit::{resolve, HouseApplied, Listed, Resolved, UnitSpec};
