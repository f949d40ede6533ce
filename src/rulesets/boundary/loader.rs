//! A ruleset's loader (its `load`, which the registry's `Ruleset::load_data` calls), the same
//! for every ruleset: its `data::load` read from the data folders, and its engine made over
//! the database when one could be assembled.

/// `fn load`, a ruleset's loader: `$read(dirs, sources)` gives the database (when it could
/// be assembled) and the diagnostics, and `|ruleset, db| engine` the engine over it.
macro_rules! loader {
    ($read:path, |$ruleset:ident, $db:ident| $engine:expr) => {
        pub(super) fn load(
            $ruleset: $crate::rulesets::Ruleset,
            dirs: &[std::path::PathBuf],
            sources: &mut $crate::core::source::Sources,
        ) -> Result<$crate::rulesets::Loaded, $crate::core::error::Error> {
            let loaded = $read(dirs, sources)?;
            Ok($crate::rulesets::Loaded::of(
                $ruleset,
                loaded.database,
                loaded.diagnostics,
                |$db| $engine,
            ))
        }
    };
}

pub(crate) use loader;
