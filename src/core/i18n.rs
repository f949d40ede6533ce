//! The languages muster prints in.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The language a document is printed in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, JsonSchema)]
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
    /// The label in each of its languages.
    pub fn by_lang(&self) -> Names {
        Names::new([(Lang::Fr, self.fr.clone()), (Lang::En, self.en.clone())])
    }

    pub fn get(&self, lang: Lang) -> &str {
        match lang {
            Lang::En => &self.en,
            Lang::Fr | Lang::Es => &self.fr,
        }
    }
}

/// A name in each language the data give it (empty names left out).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Names(Vec<(Lang, String)>);

impl Names {
    pub fn new(pairs: impl IntoIterator<Item = (Lang, String)>) -> Self {
        Names(
            pairs
                .into_iter()
                .filter(|(_, n)| !n.trim().is_empty())
                .collect(),
        )
    }

    /// One name, the same in each of `langs` (a proper name: "95th Rifles / Lieutenant Sharpe").
    pub fn same(name: &str, langs: &[Lang]) -> Self {
        Names::new(langs.iter().map(|l| (*l, name.to_owned())))
    }

    /// The name in `lang`, if the data give one.
    pub fn get(&self, lang: Lang) -> Option<&str> {
        self.0
            .iter()
            .find(|(l, _)| *l == lang)
            .map(|(_, n)| n.as_str())
    }

    pub fn iter(&self) -> impl Iterator<Item = (Lang, &str)> {
        self.0.iter().map(|(l, n)| (*l, n.as_str()))
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}
