//! Capitán's id and title, as the registry's `META` gives them and as the files that must
//! name the ruleset themselves (a career's header, its texts) write them without going
//! through `META`.

/// The ruleset's id (`META.id`): `--ruleset capitan`, a career's `ruleset = "capitan"`.
pub const ID: &str = "capitan";

/// The ruleset's title (`META.title`).
pub const TITLE: &str = "Capitán";
