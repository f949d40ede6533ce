//! The loaded fire-classes database: the classes, the weapons and the rules. Pure data, no
//! I/O (reading it: `data.rs`).

use super::model::*;
use crate::core::catalog::Catalog;

#[derive(Debug, Clone)]
pub struct Database {
    pub classes: Catalog<Class>,
    pub weapons: Catalog<Weapon>,
    pub rules: Rules,
}
