//! The data model of "Au crépuscule de l'Aigle" (ACA): the supplement's tables
//! (`rules.toml`, `artillery.toml`, `special.toml`), the WAB core tables it assumes
//! (`core.toml`) and the army lists (`armies/*.toml`), as plain serde types without I/O.

mod army;
mod artillery;
mod core_tables;
mod ids;
mod rules;
mod special;

pub use army::*;
pub use artillery::*;
pub use core_tables::*;
pub use ids::*;
pub use rules::*;
pub use special::*;

pub use crate::core::i18n::Lang;
