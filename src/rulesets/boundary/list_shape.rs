//! The shape every ruleset's list file shares, declared once: the `[list]` table's `name`,
//! `ruleset` and `lang` before the ruleset's own fields ([`list_header!`]), and the file as
//! that table, the ruleset's own tables, then its `[[units]]` ([`list_file!`]).

/// A ruleset's `ListHeader` (its list file's `[list]`): `name`, `ruleset` (with the doc
/// comment written above `ruleset;`) and `lang`, then the fields written after `ruleset;`.
macro_rules! list_header {
    (
        $(#[$meta:meta])*
        pub struct ListHeader {
            $(#[$ruleset_meta:meta])*
            ruleset;
            $($(#[$field_meta:meta])* pub $field:ident: $ty:ty,)*
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, serde::Serialize, serde::Deserialize, schemars::JsonSchema)]
        #[serde(deny_unknown_fields)]
        pub struct ListHeader {
            pub name: String,
            $(#[$ruleset_meta])*
            pub ruleset: String,
            /// The language its documents print in (`fr`, `es`, `en`, those its ruleset offers);
            /// default: the ruleset's first.
            #[serde(default, skip_serializing_if = "Option::is_none")]
            pub lang: Option<$crate::core::i18n::Lang>,
            $($(#[$field_meta])* pub $field: $ty,)*
        }
    };
}
pub(crate) use list_header;

/// A ruleset's `ListFile` (a whole list file): its `[list]` (`ListHeader`), the fields written
/// in it (the ruleset's own tables), then its `[[units]]` (`ListUnit`s); a
/// [`ListDoc`](super::list_doc::ListDoc).
macro_rules! list_file {
    (
        $(#[$meta:meta])*
        pub struct ListFile {
            $($(#[$field_meta:meta])* pub $field:ident: $ty:ty,)*
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, serde::Serialize, serde::Deserialize, schemars::JsonSchema)]
        #[serde(deny_unknown_fields)]
        pub struct ListFile {
            pub list: ListHeader,
            $($(#[$field_meta])* pub $field: $ty,)*
            #[serde(default)]
            pub units: Vec<ListUnit>,
        }

        impl $crate::rulesets::list_doc::ListDoc for ListFile {
            fn unit_count(&self) -> usize {
                self.units.len()
            }
        }
    };
}
pub(crate) use list_file;
