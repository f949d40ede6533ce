//! The rulesets. A ruleset is one rule system of `shared/rulebooks/`: its module under
//! `src/rulesets/<module>/`, its data folder `unit-sheets/<id>/`, its templates
//! `templates/<id>/`. Generic commands (data check, sheets, check, list edits, cards, QRS,
//! roster, previews, scoring, the web app) see a loaded ruleset only through the boundary,
//! `src/rulesets/boundary/` (re-exported here): the [`Engine`] and what a ruleset's [`Meta`]
//! declares (its preview procedures among them, as data: [`procedure::Procedure`]).
//!
//! Adding a ruleset: its module with a [`Meta`] (`META`: id, title, capabilities, templates,
//! procedures, …) and its `load`, its folders, and one line in the registry below. No other file
//! changes (a test holds every other file of `src/` and `templates/` to naming no ruleset).

mod boundary;
pub mod share;

pub use boundary::*;

/// A ruleset's built-in templates, compiled in: `templates/<folder>/<name>.tera` for each name,
/// `templates/<folder>/labels.toml` and its messages' words, `templates/<folder>/messages.toml`.
macro_rules! builtin_templates {
    ($folder:literal: $($name:literal),+ $(,)?) => {
        crate::render::templates::Builtin {
            folder: $folder,
            templates: &[$((
                $name,
                concat!($name, ".tera"),
                include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/templates/", $folder, "/", $name, ".tera")),
            )),+],
            labels: include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/templates/", $folder, "/labels.toml")),
            messages: include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/templates/", $folder, "/messages.toml")),
        }
    };
}

/// The registry: each ruleset's module, the first one the default ruleset.
macro_rules! registry {
    ($($module:ident),+ $(,)?) => {
        $(pub mod $module;)+
        impl Ruleset {
            /// Every ruleset muster knows, the default one first.
            pub const ALL: &'static [Ruleset] = &[$(Ruleset(&$module::META)),+];

            /// Reads and checks its data with its module's `load` (what [`load`] calls
            /// before checking its game rules).
            fn load_data(
                self,
                dirs: &[std::path::PathBuf],
                sources: &mut crate::core::source::Sources,
            ) -> Result<Loaded, crate::core::error::Error> {
                $(if self.id() == $module::META.id {
                    return $module::load(self, dirs, sources);
                })+
                unreachable!("every Ruleset is one of Ruleset::ALL, declared here")
            }
        }
    };
}

registry! {
    capitan,
    wab_aca,
    fire_classes,
    thucydide,
    hm_qrs,
}
