//! The languages muster prints in.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The language a document is printed in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    #[default]
    Fr,
    Es,
    En,
}

impl Lang {
    pub const ALL: [Lang; 3] = [Lang::Fr, Lang::Es, Lang::En];

    /// The key of the language in labels files and data (`fr`, `es`, `en`).
    pub fn id(self) -> &'static str {
        match self {
            Lang::Fr => "fr",
            Lang::Es => "es",
            Lang::En => "en",
        }
    }
}

/// A label in French and English, for the rulesets printed in those two languages (Spanish
/// falls back to French: such rulesets refuse `--lang es` before printing).
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FrEn {
    pub fr: String,
    pub en: String,
}

impl FrEn {
    pub fn get(&self, lang: Lang) -> &str {
        match lang {
            Lang::En => &self.en,
            Lang::Fr | Lang::Es => &self.fr,
        }
    }
}
