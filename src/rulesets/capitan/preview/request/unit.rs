//! The units a preview names, from sheets or from lists (with the skills bought for them),
//! and the skill each uses (one per activation, §11): what every procedure's request
//! shares.

use crate::core::error::Stop;
use crate::core::words::{Named, Phrase};
use crate::rulesets::capitan::army::{base_cost, skill_cost};
use crate::rulesets::capitan::database::Database;
use crate::rulesets::capitan::model::{Kind, Skill, SkillEffects, UnitSheet};
use crate::rulesets::UnitRow;

use super::limits;

/// The language of the previews' refusals (their errors are the command line's English); their
/// texts are said in the request's language (`muster preview --lang`).
const TEXT: crate::core::i18n::Lang = crate::core::i18n::Lang::En;

/// A unit bought in a list.
#[derive(Debug, Clone)]
pub struct FromList {
    /// "unit 3 of lists/sharpe-patrol.toml".
    pub origin: Phrase,
    pub label: String,
    /// Its skills, the §10.1 free one included, with what each cost it.
    pub skills: Vec<(String, u32)>,
    pub cost: u64,
}

/// A unit named on the command line: a sheet (`SHEET[:FIGURES]`) or a unit of a list.
#[derive(Debug, Clone)]
pub struct UnitChoice<'a> {
    pub sheet: &'a UnitSheet,
    pub figures: Option<u32>,
    pub list: Option<FromList>,
}

impl<'a> UnitChoice<'a> {
    /// A unit of a checked list, with its skills and cost there; `origin`: "unit 3 of FILE".
    pub fn listed(db: &'a Database, row: &UnitRow, origin: Phrase) -> Result<Self, String> {
        let sheet = db
            .sheet(&row.id)
            .ok_or_else(|| format!("{origin} is `{}`, a sheet the data does not have", row.id))?;
        Ok(UnitChoice {
            sheet,
            // Beyond u32 the count is refused as out of the rules (at most 12) all the same.
            figures: row.figures.map(|f| f.clamp(0, i64::from(u32::MAX)) as u32),
            list: Some(FromList {
                origin,
                label: row.label.clone(),
                skills: row.extras.iter().map(|e| (e.id.clone(), e.cost)).collect(),
                cost: row.cost,
            }),
        })
    }

    /// How the unit is named where its figures may not be known: a sheet named by its id
    /// alone stands for the unit as the sheet fields it.
    pub(crate) fn named(&self, figures: Option<u32>) -> Phrase {
        match (figures, &self.list) {
            (Some(f), _) => self.name(f),
            (None, Some(l)) => Phrase::new("preview-unit-listed", "{label} ({origin})")
                .text("label", l.label.clone())
                .phrase("origin", l.origin.clone()),
            (None, None) => {
                Phrase::new("series-unit", "{unit}").text("unit", self.sheet.name.clone())
            }
        }
    }

    /// How the unit is named in every line of a preview.
    pub fn name(&self, figures: u32) -> Phrase {
        match &self.list {
            Some(l) => Phrase::new(
                "preview-unit-listed-figures",
                "{label} ({figures|# figure|# figures}, {origin})",
            )
            .text("label", l.label.clone())
            .count("figures", figures)
            .phrase("origin", l.origin.clone()),
            None => Phrase::new(
                "preview-unit-figures",
                "{label} ({figures|# figure|# figures})",
            )
            .text("label", self.sheet.name.clone())
            .count("figures", figures),
        }
    }

    /// Figures for this preview: `given` (an ad-hoc flag), else the unit's; checked against
    /// the rules (troops and guns 1–12 on the table, command units at most their N°F).
    pub(crate) fn figures(&self, given: Option<u32>, role: &str, flag: &str) -> Result<u32, Stop> {
        let n = given.or(self.figures).ok_or_else(|| {
            format!(
                "give the {role}'s figures: --{flag} {}:N (a troop unit has 4 to 12 figures, §1)",
                self.sheet.id
            )
        })?;
        let max = match self.sheet.kind {
            Kind::Command => self.sheet.figures.unwrap_or(1),
            _ => *limits::FIGURES.end(),
        };
        if n == 0 || n > max {
            let cli = match self.sheet.kind {
                Kind::Command => format!(
                    "{role} `{}`: {n} figures; a command unit has at most its N°F, {max} (Capitán §1)",
                    self.sheet.id
                ),
                Kind::Troop => format!(
                    "{role} `{}`: {n} figures; troops have at most {max} (1–{max} on the table, 4–12 when bought, Capitán §1)",
                    self.sheet.id
                ),
                Kind::Artillery => format!(
                    "{role} `{}`: {n} gunners; a gun has at most {max} (Capitán §1, §12.15)",
                    self.sheet.id
                ),
            };
            let said = match self.sheet.kind {
                Kind::Command => Phrase::new(
                    "cannot-command-figures",
                    "{unit}: {n|# figure|# figures}; a command unit has at most its N°F, {max} (Capitán §1)",
                ),
                Kind::Troop => Phrase::new(
                    "cannot-troop-figures",
                    "{unit}: {n|# figure|# figures}; troops have at most {max} (1–{max} on the table, 4–12 when bought, Capitán §1)",
                ),
                Kind::Artillery => Phrase::new(
                    "cannot-gun-figures",
                    "{unit}: {n|# gunner|# gunners}; a gun has at most {max} (Capitán §1, §12.15)",
                ),
            };
            return Err(Stop::cannot(
                cli,
                said.text("unit", self.sheet.name.clone())
                    .count("n", n)
                    .count("max", max),
            ));
        }
        Ok(n)
    }

    /// What the unit costs: the list's (plus `skill` if it was not bought: a comparison),
    /// else the sheet's for these figures and skill.
    pub(crate) fn cost(&self, db: &Database, figures: u32, skill: Option<&str>) -> u64 {
        let price = |k: &str| u64::from(skill_cost(db, self.sheet, k, false));
        match &self.list {
            Some(l) => {
                let extra = skill
                    .filter(|k| !l.skills.iter().any(|(id, _)| id == k))
                    .map(price)
                    .unwrap_or(0);
                l.cost + extra
            }
            None => base_cost(self.sheet, figures) + skill.map(price).unwrap_or(0),
        }
    }
}

/// Which procedure a skill is chosen for (what its effects touch).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Use {
    Firing,
    FiredUpon,
    Melee,
    Charging,
    Gun,
}

fn acts(e: &SkillEffects, skill: &Skill, u: Use) -> bool {
    match u {
        Use::Firing => {
            e.fire_modifier != 0
                || e.fire_modifier_vs_infantry != 0
                || e.fire_modifier_vs_cavalry != 0
                || e.fire_modifier_pistol != 0
                || e.range_shift > 0
                || e.volley_gun_shots > 0
        }
        Use::FiredUpon => e.dodge_reroll.is_some(),
        Use::Melee => {
            e.combat_modifier != 0
                || e.charge_combat_modifier != 0
                || e.extra_attacks > 0
                || e.wins_ties
                || e.ignore_dodge
                || e.lance
                || e.dodge_reroll.is_some()
                || e.melee_dodge_modifier != 0
        }
        Use::Charging => e.skip_charge_test || e.double_courage_bonus != 0,
        Use::Gun => matches!(
            skill.id.as_str(),
            "tir-de-precision" | "grenades-explosives"
        ),
    }
}

/// The skill a unit uses in this activation (§11: one per activation), with a note saying
/// which and how to pick another. `asked`: the one the player names, refused when the unit
/// cannot use it (never dropped). A compared skill (`--compare-skill`) need not have been
/// bought, only be on the unit's sheet. `figures`: `None` for a sheet named by its id alone
/// where the procedure takes no figures: the unit as the sheet fields it, not reduced.
#[allow(clippy::too_many_arguments)]
pub(crate) fn chosen_skill(
    db: &Database,
    unit: &UnitChoice,
    figures: Option<u32>,
    asked: Option<&str>,
    compared: bool,
    purpose: Use,
    flag: &str,
    notes: &mut Vec<Phrase>,
) -> Result<Option<String>, Stop> {
    let name = unit.named(figures);
    let reduced =
        unit.sheet.kind != Kind::Command && figures.is_some_and(|f| f <= db.rules.reduced.figures);
    if let Some(k) = asked {
        let skill = db
            .skill(k)
            .ok_or_else(|| format!("unknown skill `{k}` (muster skills lists them)"))?;
        match &unit.list {
            Some(l) if !compared && !l.skills.iter().any(|(id, _)| id == k) => {
                let bought: Vec<&str> = l.skills.iter().map(|(id, _)| id.as_str()).collect();
                return Err(Stop::cannot(
                    format!(
                        "{} did not take skill `{k}`; it has: {}",
                        l.origin,
                        if bought.is_empty() {
                            "no skills".to_owned()
                        } else {
                            bought.join(", ")
                        }
                    ),
                    Phrase::new("cannot-skill-not-bought", "{unit} did not take {skill}")
                        .phrase("unit", l.origin.clone())
                        .name("skill", skill_named(skill)),
                ));
            }
            _ if (compared || unit.list.is_none()) && unit.sheet.offers(k).is_none() => {
                return Err(Stop::cannot(
                    format!("sheet `{}` does not offer skill `{k}`", unit.sheet.id),
                    Phrase::new("cannot-skill-not-offered", "{unit} does not offer {skill}")
                        .text("unit", unit.sheet.name.clone())
                        .name("skill", skill_named(skill)),
                ))
            }
            _ => {}
        }
        // « Les unités réduites, fuyant ou désorganisées ne peuvent pas utiliser leurs HE »
        // (§11): a skill asked for that the unit cannot use is refused, not left out.
        if reduced {
            return Err(Stop::cannot(
                format!(
                    "--{flag} {k}: {name} is reduced (2 figures or fewer, Capitán §5.3): it cannot use {} (« Les unités réduites […] ne peuvent pas utiliser leurs HE », Capitán §11)",
                    skill.name.get(TEXT)
                ),
                Phrase::new(
                    "cannot-reduced-skill",
                    "{unit} is reduced (2 figures or fewer, Capitán §5.3): it cannot use {skill} (Capitán §11)",
                )
                .phrase("unit", name.clone())
                .name("skill", skill_named(skill)),
            ));
        }
        if !compared {
            notes.push(
                Phrase::new(
                    "note-uses-skill",
                    "{name} uses {skill} (--{flag}, Capitán §11)",
                )
                .phrase("name", name.clone())
                .name("skill", skill_named(skill))
                .text("flag", flag),
            );
        }
        return Ok(Some(k.to_owned()));
    }
    let Some(list) = &unit.list else {
        return Ok(None);
    };
    let useful: Vec<&Skill> = list
        .skills
        .iter()
        .filter_map(|(id, _)| db.skill(id))
        .filter(|s| acts(&s.effects, s, purpose))
        .collect();
    match useful.split_first() {
        None if !list.skills.is_empty() => {
            let names: Vec<Named> = list
                .skills
                .iter()
                .map(|(id, _)| db.skill(id).map_or(Named::same(id), skill_named))
                .collect();
            notes.push(
                Phrase::new(
                    "note-skills-change-nothing",
                    "{name}: its skills ({skills}) do not change this roll",
                )
                .phrase("name", name.clone())
                .name("skills", joined(&names)),
            );
            Ok(None)
        }
        None => Ok(None),
        Some(_) if reduced => {
            notes.push(
                Phrase::new(
                    "note-reduced-no-skills",
                    "{name} is reduced: it cannot use its skills (Capitán §11)",
                )
                .phrase("name", name.clone()),
            );
            Ok(None)
        }
        Some((first, others)) => {
            let uses = Phrase::new(
                "note-uses-bought-skill",
                "{name} uses {skill}, bought in the list (one skill per activation, Capitán §11)",
            )
            .phrase("name", name.clone())
            .name("skill", skill_named(first));
            let ids: Vec<&str> = others.iter().map(|s| s.id.as_str()).collect();
            let note = match ids.as_slice() {
                [] => uses,
                [one] => Phrase::new(
                    "note-uses-bought-skill-or-it",
                    "{uses}; --{flag} {id} to use it instead",
                )
                .phrase("uses", uses)
                .text("flag", flag)
                .text("id", *one),
                [first_id, ..] => Phrase::new(
                    "note-uses-bought-skill-or-another",
                    "{uses}; --{flag} {id} to use another ({ids}) instead",
                )
                .phrase("uses", uses)
                .text("flag", flag)
                .text("id", *first_id)
                .text("ids", ids.join(", ")),
            };
            notes.push(note);
            Ok(Some(first.id.clone()))
        }
    }
}

/// "X with Keen eye instead of Expert marksman": the skills by their names (their ids where
/// the data has none).
pub(crate) fn compared_label(
    db: &crate::rulesets::capitan::database::Database,
    unit: &Phrase,
    skill: &str,
    current: Option<&str>,
) -> Phrase {
    let name = |id: &str| db.skill(id).map_or(Named::same(id), skill_named);
    match current {
        Some(cur) => Phrase::new(
            "preview-with-skill-instead",
            "{unit} with {skill} instead of {current}",
        )
        .phrase("unit", unit.clone())
        .name("skill", name(skill))
        .name("current", name(cur)),
        None => Phrase::new("preview-with-skill", "{unit} with {skill}")
            .phrase("unit", unit.clone())
            .name("skill", name(skill)),
    }
}

/// "compared: X uses SKILL in place of its current skill": the skill by its name in the
/// language, its id in English (as it was said).
pub(crate) fn compared_note(db: &Database, unit: &Phrase, skill: &str) -> Phrase {
    let named = db.skill(skill).map_or(Named::same(skill), skill_named);
    Phrase::new(
        "note-compared",
        "compared: {unit} uses {skill} in place of its current skill (Capitán §11)",
    )
    .phrase("unit", unit.clone())
    .name("skill", Named::new(skill, named.fr, named.es))
}

/// A skill's name in each language.
pub fn skill_named(k: &Skill) -> Named {
    let n = &k.name;
    Named::new(n.en.clone(), Some(n.fr.clone()), Some(n.es.clone()))
}

/// Names joined by commas, in each language.
pub fn joined(names: &[Named]) -> Named {
    let join = |f: &dyn Fn(&Named) -> &str| names.iter().map(f).collect::<Vec<_>>().join(", ");
    Named::new(
        join(&|n| n.en.as_str()),
        Some(join(&|n| n.get(crate::core::i18n::Lang::Fr))),
        Some(join(&|n| n.get(crate::core::i18n::Lang::Es))),
    )
}
