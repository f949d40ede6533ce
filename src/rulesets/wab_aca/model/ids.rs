//! The closed sets of the ACA data: a label in the three languages the supplement is printed
//! in ([`Names`]) and the ids a file may give (kinds, roles, classes, options, arms …).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::core::i18n::Lang;
use crate::core::ids::id_enum;
use crate::rulesets::trilingual;

/// A label in the three languages the supplement's cards, rosters and aide de jeu are printed
/// in: each is required, so the data check refuses a name a language lacks.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Names {
    pub fr: String,
    pub es: String,
    pub en: String,
}

impl Names {
    /// The name in each language muster prints the ruleset in.
    pub fn by_lang(&self) -> crate::core::names::Names {
        trilingual::by_lang([&self.fr, &self.es, &self.en])
    }

    pub fn get(&self, lang: Lang) -> &str {
        trilingual::in_lang(lang, [&self.fr, &self.es, &self.en])
    }
}

id_enum!(
    /// What an army entry is.
    Kind { General = "general", Infantry = "infantry", Cavalry = "cavalry", Battery = "battery" }
);
id_enum!(
    /// A general's place in the chain of command (ACA p.2).
    Role { Commander = "commander", Brigadier = "brigadier", Adc = "adc" }
);
id_enum!(
    /// The commander-in-chief's rank (ACA p.2).
    GeneralRank { Brigade = "brigade", Division = "division", Corps = "corps" }
);
id_enum!(
    /// Infantry and cavalry classes (ACA p.3, p.6, p.13).
    Class {
        LineInfantry = "line-infantry",
        LightInfantry = "light-infantry",
        Engineers = "engineers",
        LightCavalry = "light-cavalry",
        LineCavalry = "line-cavalry",
        HeavyCavalry = "heavy-cavalry",
    }
);
id_enum!(
    /// What a unit may buy (ACA p.5, p.7, p.13).
    UnitOption { Flag = "flag", Musician = "musician", Elite = "elite", HeavyArmour = "heavy-armour" }
);
id_enum!(
    /// Which arm a formation or a charge reaction is for.
    Arm { Infantry = "infantry", Cavalry = "cavalry" }
);
id_enum!(
    /// Whether a formation is a large target (ACA p.3).
    LargeTarget { Yes = "yes", Artillery = "artillery", No = "no" }
);
id_enum!(
    /// Where an army list comes from.
    ArmySource { Illustrative = "illustrative", Booklet = "booklet" }
);
id_enum!(
    /// What a manoeuvre condition does to its group of modifiers (ACA p.11, "***").
    ConditionEffect { Double = "double", Cancel = "cancel" }
);

impl Class {
    pub fn arm(self) -> Arm {
        match self {
            Class::LineInfantry | Class::LightInfantry | Class::Engineers => Arm::Infantry,
            Class::LightCavalry | Class::LineCavalry | Class::HeavyCavalry => Arm::Cavalry,
        }
    }
}
