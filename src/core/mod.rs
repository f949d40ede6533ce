//! Generic machinery that knows no rulebook: source files and located diagnostics, TOML
//! reading, typed errors, suggestions, exact dice maths and distributions, catalogues of
//! entries by id, languages, rules with stable codes, safe output files.

pub mod base41;
pub mod base45;
pub mod bounds;
pub mod builtin;
pub mod catalog;
pub mod diagnostic;
pub mod dice;
pub mod distribution;
pub mod error;
pub mod i18n;
pub mod ids;
pub mod names;
pub mod output;
pub mod paths;
pub mod qr_read;
pub mod rule;
pub mod share_code;
pub mod source;
pub mod stamp;
pub mod suggest;
pub mod table;
pub mod text;
pub mod toml_file;
pub mod words;
