//! Scoring a finished battle: the [`Scoring`] capability, the [`Battle`] it reads and what
//! it gives ([`Scored`], also a game's and a career's score).

use crate::core::error::Error;
use crate::core::i18n::Lang;
use crate::core::source::{FileId, Sources};

/// A ruleset that scores a finished battle from its file.
pub trait Scoring {
    /// Scores a finished battle (`muster score FILE`).
    fn score(&self, battle: Battle) -> Result<Scored, Error>;
}

/// A finished battle to score: its file (read into `sources`), the folder its side lists are
/// named from, the language of the result's words.
pub struct Battle<'a> {
    pub sources: &'a mut Sources,
    pub file: FileId,
    pub path: &'a std::path::Path,
    pub lang: Lang,
}

/// A scored battle: what `--format json` prints, and the text.
pub struct Scored {
    pub json: serde_json::Value,
    pub text: String,
}
