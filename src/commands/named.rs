//! What a player types on the command line for a unit's sheet or entry, a skill or an option:
//! its id, or its name in any language its ruleset offers ([`crate::core::names`] matches
//! them), put as the id the engine takes. An unknown one is refused with the names it could be,
//! in the command's language.

use toml_edit::DocumentMut;

use crate::core::error::Error;
use crate::core::i18n::Lang;
use crate::core::names::{self, NameKind};
use crate::render::templates::Templates;
use crate::rulesets::{Naming, Rules};
use crate::rulesets::{NewUnit, Ruleset, UnitChange};

/// The language of the command line's own words: English where the ruleset's words have it,
/// else its first language.
pub fn cli_lang(ruleset: Ruleset) -> Lang {
    if ruleset.languages().contains(&Lang::En) {
        Lang::En
    } else {
        ruleset.languages().first().copied().unwrap_or_default()
    }
}

/// The names of one loaded ruleset, said in `lang` when refused.
pub struct Namer<'a> {
    engine: &'a Rules,
    labels: Vec<(Lang, toml::Table)>,
    lang: Lang,
}

impl<'a> Namer<'a> {
    /// `lang`: the command's language (its `--lang`), else the command line's.
    pub fn new(engine: &'a Rules, lang: Option<Lang>) -> Result<Self, Error> {
        let ruleset = engine.ruleset();
        let templates = Templates::load(ruleset.templates(), None, &[])?;
        let labels = ruleset
            .languages()
            .iter()
            .map(|l| (*l, templates.labels(l.id())))
            .collect();
        let lang = lang
            .filter(|l| ruleset.languages().contains(l))
            .unwrap_or_else(|| cli_lang(ruleset));
        Ok(Namer {
            engine,
            labels,
            lang,
        })
    }

    fn what(&self, kind: NameKind) -> &'static str {
        match kind {
            NameKind::Unit => self.engine.ruleset().list_words().unit,
            NameKind::Skill => "skill",
            NameKind::Option => "option",
        }
    }

    /// The id `wanted` names (as it is when the ruleset names no such thing); `list`: the list
    /// it goes into, whose own (its army's entries) are taken first.
    pub fn id(
        &self,
        kind: NameKind,
        wanted: &str,
        list: Option<&DocumentMut>,
    ) -> Result<String, Error> {
        let candidates = self.engine.names(kind, &self.naming(list));
        if candidates.is_empty() {
            return Ok(wanted.to_owned());
        }
        names::resolve(wanted, self.what(kind), &candidates, self.lang).map_err(Error::Usage)
    }

    /// What an argument is named in: the ruleset's labels, and the list `list`.
    fn naming<'b>(&'b self, list: Option<&'b DocumentMut>) -> Naming<'b> {
        Naming {
            labels: &self.labels,
            list,
        }
    }

    /// An option as given (`Drapeau`, `Elite figures=4`, `size=Grande unité`), as its id.
    pub fn option(&self, given: &str, list: Option<&DocumentMut>) -> Result<String, Error> {
        let candidates = self.engine.names(NameKind::Option, &self.naming(list));
        names::resolve_option(given, &candidates, self.lang).map_err(Error::Usage)
    }

    /// A unit to add, its sheet, skills, options and free skill named by id.
    pub fn new_unit(&self, unit: &mut NewUnit, list: &DocumentMut) -> Result<(), Error> {
        unit.id = self.id(NameKind::Unit, &unit.id, Some(list))?;
        for s in &mut unit.extras {
            *s = self.id(NameKind::Skill, s, Some(list))?;
        }
        for o in &mut unit.options {
            *o = self.option(o, Some(list))?;
        }
        if let Some(free) = &mut unit.free_skill {
            free.skill = self.id(NameKind::Skill, &free.skill, Some(list))?;
        }
        Ok(())
    }

    /// A change of a unit, its skills, options and free skill named by id.
    pub fn change(&self, change: &mut UnitChange, list: &DocumentMut) -> Result<(), Error> {
        if let Some(skills) = &mut change.skills {
            for s in skills {
                *s = self.id(NameKind::Skill, s, Some(list))?;
            }
        }
        for o in &mut change.options {
            *o = self.option(o, Some(list))?;
        }
        if let Some(Some(free)) = &mut change.free_skill {
            *free = self.id(NameKind::Skill, free, Some(list))?;
        }
        Ok(())
    }
}
