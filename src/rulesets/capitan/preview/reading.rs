//! What Capitán's procedures share in their declarations and their reading of a checked
//! request: the dice and covers a parameter offers, and the units, skills, dice and covers a
//! request names, as the ruleset's own types.

use crate::core::error::Error;
use crate::core::names::NameKind;
use crate::core::words::Phrase;
use crate::rulesets::capitan::database::Database;
use crate::rulesets::capitan::model::{CoverLevel, Die, Kind};
use crate::rulesets::capitan::preview::request::UnitChoice;
use crate::rulesets::procedure::{not_read, Param, Preview, Procedure, Request, UnitRef};

/// A procedure as its folder declares it (`declared.rs`): what `muster preview NAME` takes, and
/// how a checked request of it is worked out.
pub struct Previewed {
    pub procedure: Procedure,
    pub run: fn(&Database, &Request) -> Result<Preview, Error>,
}

/// The declarations of `all`, in their order (`N`: how many).
pub(crate) const fn declared<const N: usize>(all: &[Previewed]) -> [Procedure; N] {
    let mut out = [all[0].procedure; N];
    let mut i = 1;
    while i < N {
        out[i] = all[i].procedure;
        i += 1;
    }
    out
}

pub(crate) const DICE: &[(&str, &str)] = &[("d6", ""), ("d8", ""), ("d10", ""), ("d12", "")];

pub(crate) const COVER: &[(&str, &str)] =
    &[("none", ""), ("light", ""), ("medium", ""), ("dense", "")];

/// A skill a side uses (`ID`), given by its id or its name.
pub(crate) const fn skill(name: &'static str, help: &'static str) -> Param {
    Param::id(name, "ID", help).names(NameKind::Skill)
}

pub(crate) fn usage(msg: impl Into<String>) -> Error {
    Error::Usage(msg.into())
}

/// The value of an enum of the model named by a choice.
pub(crate) fn pick<T: Copy>(
    text: Option<String>,
    all: &[T],
    id: fn(T) -> &'static str,
) -> Option<T> {
    let text = text?;
    all.iter().copied().find(|v| id(*v) == text)
}

pub(crate) fn die(r: &Request, name: &str) -> Option<Die> {
    pick(r.text(name), Die::ALL, Die::as_str)
}

/// `none` or a cover level.
pub(crate) fn cover(r: &Request, name: &str) -> Option<CoverLevel> {
    pick(r.text(name), CoverLevel::ALL, CoverLevel::as_str)
}

/// At most one skill: a unit uses one skill per activation (§11).
pub(crate) fn one_skill(r: &Request, name: &str, role: &str) -> Result<Option<String>, Error> {
    match r.texts(name).as_slice() {
        [] => Ok(None),
        [one] => Ok(Some(one.clone())),
        more => Err(Error::cannot(
            format!(
                "the {role} uses {} skills: a unit uses one skill per activation (Capitán §11)",
                more.len()
            ),
            one_skill_said(more.len()),
        )),
    }
}

/// Why a unit is given one skill only, in the player's words.
pub(crate) fn one_skill_said(n: usize) -> Phrase {
    Phrase::new(
        "cannot-skills",
        "a unit uses one skill per activation (Capitán §11); {n|# skill was|# skills were} given",
    )
    .count("n", n)
}

/// The unit a parameter names: a sheet (command units default to their N°F) or a list's unit.
pub(crate) fn unit<'a>(
    db: &'a Database,
    r: &Request,
    name: &str,
) -> Result<Option<UnitChoice<'a>>, Error> {
    match r.unit(name) {
        None => Ok(None),
        Some(UnitRef::Sheet { id, figures }) => {
            let sheet = db.sheet(id).ok_or_else(|| {
                crate::rulesets::procedure::unknown_unit("sheet", id, db.sheets.ids())
            })?;
            let figures = figures.or(if sheet.kind == Kind::Command {
                sheet.figures
            } else {
                None
            });
            Ok(Some(UnitChoice {
                sheet,
                figures,
                list: None,
            }))
        }
        Some(UnitRef::Listed(l)) => UnitChoice::listed(db, &l.row, l.origin_said())
            .map(Some)
            .map_err(usage),
        Some(UnitRef::File { path, .. }) => Err(not_read(path)),
    }
}
