//! A unit added to a list or changed where it stands (`muster list add`/`set`, the
//! builder), and a unit named from the database alone.

/// `muster list add`: what the command line gives.
#[derive(Debug, Default, Clone)]
pub struct NewUnit {
    pub id: String,
    pub figures: Option<u32>,
    pub label: Option<String>,
    /// Skills (rulesets whose units buy skills).
    pub extras: Vec<String>,
    /// Options (rulesets whose units buy options: `flag`, `elite=4`).
    pub options: Vec<String>,
    /// A battery's guns.
    pub guns: Option<u32>,
    /// A rank's free skill (rulesets with ranks): to a unit (`None` for the unit being added).
    pub free_skill: Option<FreeSkill>,
}

#[derive(Debug, Clone)]
pub struct FreeSkill {
    /// 1-based unit number; `None`: the unit being added.
    pub unit: Option<usize>,
    pub skill: String,
}

/// `muster list set`: what changes of a unit; what is `None` (or empty) stays as it is.
#[derive(Debug, Default, Clone)]
pub struct UnitChange {
    pub figures: Option<u32>,
    /// A new label; `Some("")` removes it.
    pub label: Option<String>,
    /// The unit's skills become these (`Some(vec![])`: none).
    pub skills: Option<Vec<String>>,
    /// Options given: each replaces the unit's option of its key (`elite=4` replaces `elite=2`).
    pub options: Vec<String>,
    /// The unit's options are cleared before `options` are given.
    pub clear_options: bool,
    pub guns: Option<u32>,
    /// The list's free skill (rulesets with ranks) goes to this unit (`Some(Some(skill))`), or
    /// leaves it (`Some(None)`).
    pub free_skill: Option<Option<String>>,
}

impl UnitChange {
    /// Whether the change changes nothing.
    pub fn is_empty(&self) -> bool {
        self.figures.is_none()
            && self.label.is_none()
            && self.skills.is_none()
            && self.options.is_empty()
            && !self.clear_options
            && self.guns.is_none()
            && self.free_skill.is_none()
    }

    /// Unit `index` (as `list add` would be asked for it) with this change made.
    pub fn apply(&self, mut unit: NewUnit, index: usize) -> NewUnit {
        if let Some(f) = self.figures {
            unit.figures = Some(f);
        }
        if let Some(l) = &self.label {
            unit.label = Some(l.clone()).filter(|l| !l.is_empty());
        }
        if let Some(s) = &self.skills {
            unit.extras = s.clone();
        }
        if self.clear_options {
            unit.options.clear();
        }
        let key = |o: &str| o.split(['=', ':']).next().unwrap_or(o).trim().to_owned();
        for o in &self.options {
            unit.options.retain(|old| key(old) != key(o));
            unit.options.push(o.clone());
        }
        if let Some(g) = self.guns {
            unit.guns = Some(g);
        }
        if let Some(free) = &self.free_skill {
            unit.free_skill = free.clone().map(|skill| FreeSkill {
                unit: Some(index),
                skill,
            });
        }
        unit
    }
}

/// A unit printed from the database alone: `--sheet ID[:FIGURES]`.
#[derive(Debug, Clone)]
pub struct SheetRef {
    pub id: String,
    pub figures: Option<u32>,
}
