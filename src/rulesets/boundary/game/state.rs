//! A game as read, with its two armies ([`Game`]): its sides and unit keys (`a3`), what it
//! counts of each unit and what each has lost, the unit a name designates; and what changed
//! since it began, which the game does not follow ([`Note`]).

use std::path::PathBuf;

use serde::Serialize;

use super::file::{GameFile, GameUnit, MAX_LOST};
use super::rules::GameRules;
use super::ListCheck;
use crate::core::error::Error;
use crate::core::i18n::Lang;

/// A side of a game: `a` or `b`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    A,
    B,
}

impl Side {
    pub fn letter(self) -> &'static str {
        match self {
            Side::A => "a",
            Side::B => "b",
        }
    }
}

/// A unit's name in a game: `a3`.
pub fn unit_key(side: Side, number: usize) -> String {
    format!("{}{number}", side.letter())
}

/// Reads `a3`, `B12`: a side and a 1-based number.
pub fn parse_key(text: &str) -> Option<(Side, usize)> {
    let mut chars = text.chars();
    let side = match chars.next()?.to_ascii_lowercase() {
        'a' => Side::A,
        'b' => Side::B,
        _ => return None,
    };
    let rest = chars.as_str();
    if rest.is_empty() || !rest.bytes().all(|b| b.is_ascii_digit()) || rest.starts_with('0') {
        return None;
    }
    Some((side, rest.parse().ok()?))
}

/// A game read with its two armies: what the commands and pages show and preview.
pub struct Game {
    pub path: PathBuf,
    pub file: GameFile,
    /// Each side's army: the list kept in the game (or, for a game written before armies were
    /// kept, the list file as it is now), checked with its units priced as the game began.
    pub a: ListCheck,
    pub b: ListCheck,
    /// The lists' paths as the user would name them (the game's folder joined, `..` worked out).
    pub a_path: PathBuf,
    pub b_path: PathBuf,
    /// Each army's text, as the game keeps it.
    pub texts: [String; 2],
    /// Whether the game file keeps its armies (`[army]`); if not, its next mark keeps them.
    pub kept: bool,
    /// Each side's units' counts (the figures a game counts: [`Engine::game_count`]).
    pub(super) counts: [Vec<Option<i64>>; 2],
    /// What changed since the game began.
    pub notes: Vec<Note>,
}

/// Something that changed since a game began, which the game does not follow.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Note {
    /// A side's list file was edited since.
    ListChanged { side: Side, list: PathBuf },
    /// A side's list file is gone.
    ListGone { side: Side, list: PathBuf },
    /// A side's list file is there, but is no list of the game's ruleset muster can read now.
    ListUnreadable { side: Side, list: PathBuf },
    /// The data price a unit otherwise now.
    Repriced {
        key: String,
        label: String,
        now: u64,
        kept: u64,
    },
}

impl Note {
    /// The note in words, for the command line.
    pub fn words(&self) -> String {
        match self {
            Note::ListChanged { list, .. } => format!(
                "{} changed since the game began: the game keeps the army as it was",
                list.display()
            ),
            Note::ListGone { list, .. } => format!(
                "{} is gone: the game keeps the army as it was when it began",
                list.display()
            ),
            Note::ListUnreadable { list, .. } => format!(
                "{} is no list of this game's rules muster can read now: the game keeps the army as it was when it began",
                list.display()
            ),
            Note::Repriced {
                key,
                label,
                now,
                kept,
            } => format!(
                "{key} {}: the data price it {now} points now; the game keeps {kept}",
                crate::core::text::one_line(label)
            ),
        }
    }
}

impl Game {
    /// Both armies' units named in `lang` ([`ListCheck::in_lang`]).
    pub fn in_lang(&mut self, lang: Lang) {
        self.a.in_lang(lang);
        self.b.in_lang(lang);
    }

    pub fn list(&self, side: Side) -> &ListCheck {
        match side {
            Side::A => &self.a,
            Side::B => &self.b,
        }
    }

    /// The figures unit `number` of `side` counts in the game (its card's boxes), if it has a
    /// count.
    pub fn count(&self, side: Side, number: usize) -> Option<i64> {
        let i = usize::from(side == Side::B);
        self.counts[i]
            .get(number.wrapping_sub(1))
            .copied()
            .flatten()
    }

    /// Figures left of unit `number` of `side`, if it has a count.
    pub fn left(&self, side: Side, number: usize) -> Option<i64> {
        self.count(side, number).map(|c| {
            c.saturating_sub(i64::from(self.unit(side, number).lost))
                .max(0)
        })
    }

    /// The most a unit without a count may have lost: the smallest bound of the preview
    /// parameters its losses reach (so that every preview of it can still be made), else
    /// [`MAX_LOST`].
    pub fn lost_limit(&self, rules: &GameRules) -> u32 {
        let ruleset = self.a.ruleset;
        rules
            .lost_param
            .iter()
            .filter_map(|lp| {
                let p = ruleset.procedure(&lp.procedure)?.param(&lp.param)?;
                match p.kind {
                    super::procedure::Kind::Int { max, .. } => u32::try_from(max).ok(),
                    _ => None,
                }
            })
            .min()
            .unwrap_or(MAX_LOST)
            .min(MAX_LOST)
    }

    /// The unit a name (`a3`, or a label of either list) designates, with its side and number.
    pub fn find(&self, name: &str) -> Result<(Side, usize), Error> {
        if let Some((side, n)) = parse_key(name) {
            let count = self.list(side).units.len();
            if n <= count {
                return Ok((side, n));
            }
            return Err(Error::Usage(format!(
                "`{name}`: side {} has {count} unit{}, {}",
                side.letter(),
                if count == 1 { "" } else { "s" },
                self.names()
            )));
        }
        let mut found = Vec::new();
        for side in [Side::A, Side::B] {
            for (i, u) in self.list(side).units.iter().enumerate() {
                if u.label == name {
                    found.push((side, i + 1));
                }
            }
        }
        if found.is_empty() {
            // Case and accents aside; a unit the data name, by its name in any language.
            use crate::core::names::fold;
            let folded = fold(name);
            for side in [Side::A, Side::B] {
                for (i, u) in self.list(side).units.iter().enumerate() {
                    if fold(&u.label) == folded
                        || !u.own_label && u.names.iter().any(|(_, n)| fold(n) == folded)
                    {
                        found.push((side, i + 1));
                    }
                }
            }
        }
        match found.as_slice() {
            [one] => Ok(*one),
            [] => Err(Error::Usage(format!(
                "`{}` is not a unit of this game: {}",
                name.escape_debug(),
                self.names()
            ))),
            many => Err(Error::Usage(format!(
                "`{}` is the label of {}: name one by its key",
                name.escape_debug(),
                many.iter()
                    .map(|(s, n)| unit_key(*s, *n))
                    .collect::<Vec<_>>()
                    .join(" and ")
            ))),
        }
    }

    /// "units are a1 … a3 (Sharpe's patrol) and b1 … b3 (…), or their labels".
    pub fn names(&self) -> String {
        let side = |s: Side| {
            let n = self.list(s).units.len();
            let l = s.letter();
            match n {
                0 => format!("side {l} has none"),
                1 => format!("{l}1 ({})", self.list(s).name),
                _ => format!("{l}1 … {l}{n} ({})", self.list(s).name),
            }
        };
        format!(
            "units are {} and {}, or their labels",
            side(Side::A),
            side(Side::B)
        )
    }

    /// The unit as the game has it now.
    pub fn unit(&self, side: Side, number: usize) -> GameUnit {
        self.file
            .units
            .get(&unit_key(side, number))
            .cloned()
            .unwrap_or(GameUnit {
                label: None,
                cost: None,
                lost: 0,
                left: None,
                states: Vec::new(),
            })
    }
}
