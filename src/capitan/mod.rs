//! The Capitán ruleset (`shared/rulebooks/capitan.fr.txt`): its data model, the loading and
//! checking of its data, and its rules. Everything that knows Capitán's field names is here.

pub mod army;
pub mod checker;
pub mod data;
pub mod database;
pub mod lint;
pub mod list;
pub mod model;
pub mod preview;
pub mod validate;
pub mod views;

pub use database::Database;
