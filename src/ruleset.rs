//! The ruleset boundary: which rule systems muster knows and where their data lives.
//! Capitán is the first; the other rulebooks of `shared/rulebooks/` will be added here as
//! further variants, each with its own module, data folder and procedures.

use std::fmt;
use std::str::FromStr;

use crate::suggest::nearest;

/// A rule system muster implements.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Ruleset {
    #[default]
    Capitan,
}

impl Ruleset {
    pub const ALL: &'static [Ruleset] = &[Ruleset::Capitan];

    /// The id used in list files (`ruleset = "capitan"`) and as the data folder name.
    pub fn id(self) -> &'static str {
        match self {
            Ruleset::Capitan => "capitan",
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            Ruleset::Capitan => "Capitán",
        }
    }
}

impl fmt::Display for Ruleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for Ruleset {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Ruleset::ALL
            .iter()
            .copied()
            .find(|r| r.id() == s)
            .ok_or_else(|| {
                let known: Vec<&str> = Ruleset::ALL.iter().map(|r| r.id()).collect();
                let mut msg = format!("unknown ruleset `{s}`, known: {}", known.join(", "));
                if let Some(n) = nearest(s, known) {
                    msg.push_str(&format!(" (did you mean {n}?)"));
                }
                msg
            })
    }
}
