//! Capitán's data model: unit sheets, skills, weapons and the rules tables, as plain serde
//! types without I/O. Field names follow `shared/GLOSSARY.md`.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use validator::Validate;

pub use crate::core::i18n::Lang;
use crate::core::ids::id_enum;
use crate::rulesets::trilingual;

/// A display label in the languages muster prints (French, Spanish, English).
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Names {
    pub fr: String,
    pub es: String,
    pub en: String,
    /// German, for officer ranks (§10.1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub de: Option<String>,
}

/// Text on a sheet: the same in every language, or one per language.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum Text {
    Same(String),
    ByLang(Names),
}

impl Text {
    pub fn get(&self, lang: Lang) -> &str {
        match self {
            Text::Same(s) => s,
            Text::ByLang(n) => n.get(lang),
        }
    }
}

impl Names {
    /// The name in each language muster prints.
    pub fn by_lang(&self) -> crate::core::names::Names {
        trilingual::by_lang([&self.fr, &self.es, &self.en])
    }

    pub fn get(&self, lang: Lang) -> &str {
        trilingual::in_lang(lang, [&self.fr, &self.es, &self.en])
    }
}

/// A rule summary in the three languages muster prints.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Summary {
    pub fr: String,
    pub es: String,
    pub en: String,
}

impl Summary {
    pub fn get(&self, lang: Lang) -> &str {
        trilingual::in_lang(lang, [&self.fr, &self.es, &self.en])
    }
}

id_enum!(
    /// A die of the game (§2.3).
    Die { D6 = "d6", D8 = "d8", D10 = "d10", D12 = "d12" }
);

impl Die {
    pub fn faces(self) -> u32 {
        match self {
            Die::D6 => 6,
            Die::D8 => 8,
            Die::D10 => 10,
            Die::D12 => 12,
        }
    }

    pub fn from_faces(faces: u32) -> Option<Die> {
        Die::ALL.iter().copied().find(|d| d.faces() == faces)
    }
}

id_enum!(
    /// The two sides (§1.1).
    Coalition { Allies = "allies", Empire = "empire" }
);
id_enum!(
    /// Command, troop or artillery unit (§1).
    Kind { Command = "command", Troop = "troop", Artillery = "artillery" }
);
id_enum!(
    /// On foot or mounted (§1.1).
    Arm { Infantry = "infantry", Cavalry = "cavalry" }
);
id_enum!(
    /// Troop quality (§3.1).
    Quality { Elite = "elite", Veteran = "veteran", Regular = "regular", Militia = "militia" }
);
id_enum!(
    /// Whom a command unit may activate (§4.2).
    Command { Subordinate = "subordinate", Independent = "independent" }
);
id_enum!(
    /// Specialists that accompany command units (§1.3).
    Specialist {
        StandardBearer = "standard_bearer",
        AideDeCamp = "aide_de_camp",
        Musician = "musician",
        Escort = "escort",
        Guides = "guides",
        Scouts = "scouts",
    }
);
id_enum!(
    /// Gun types of §12.
    GunType { I = "I", II = "II", III = "III", IV = "IV" }
);
id_enum!(
    /// Who may take a skill (§11).
    Restriction { Infantry = "infantry", Cavalry = "cavalry", Artillery = "artillery" }
);
id_enum!(
    /// Fire range bands (§7.6).
    Range { Short = "short", Medium = "medium", Long = "long" }
);
id_enum!(
    /// Cover levels (§6.11, §7.6).
    CoverLevel { Light = "light", Medium = "medium", Dense = "dense" }
);
id_enum!(
    /// Re-rolls of failed dodges granted by skills (§11).
    DodgeReroll { HardToKill = "hard-to-kill", ToTheDeath = "to-the-death" }
);

/// Short, medium and long range in cm (§7.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Ranges {
    pub short: u32,
    pub medium: u32,
    pub long: u32,
}

impl Ranges {
    pub fn get(&self, range: Range) -> u32 {
        match range {
            Range::Short => self.short,
            Range::Medium => self.medium,
            Range::Long => self.long,
        }
    }
}

/// Normal, march (trot) and charge moves in cm (§6.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Movement {
    pub normal: u32,
    pub march: u32,
    pub charge: u32,
}

/// The officer a command sheet is named after (§1.1).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Officer {
    pub name: String,
    pub rank: String,
}

/// A skill offered by a sheet, with the cost printed on it (§1.1, §11).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OfferedSkill {
    pub id: String,
    pub cost: u32,
}

/// A unit sheet ("fiche-unité", §1.1).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields)]
pub struct UnitSheet {
    /// Unique id, referenced by army lists (e.g. `gb-95th-sharpe`).
    #[validate(length(min = 1, max = 64))]
    pub id: String,
    /// Origin as printed: regiment / officer or company.
    #[validate(length(min = 1))]
    pub name: String,
    /// Where the values come from: a rulebook section, or "illustrative". A sheet of the
    /// player's own layer (`my-sheets/`) needs none: it is the player's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    /// Nation id (catalogue.toml).
    pub nation: String,
    pub coalition: Coalition,
    pub kind: Kind,
    pub arm: Arm,
    /// Unit type id (catalogue.toml): hussars, voltigeurs, …
    pub unit_type: String,
    pub quality: Quality,
    /// Weapon id (weapons.toml).
    pub weapon: String,
    /// Ranges printed on the sheet; must equal the weapon's unless `range_override`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub range: Option<Ranges>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub range_override: bool,
    /// Regiment (a subordinate command activates only its own, §4.2).
    pub regiment: String,
    #[serde(default)]
    pub battalion: Option<String>,
    #[serde(default)]
    pub company: Option<String>,
    #[serde(default)]
    pub officer: Option<Officer>,
    /// I: added to 1d6 for activation (§2.2).
    #[validate(range(min = 0, max = 12))]
    pub initiative: i32,
    /// M: 1d6 + M against courage to charge (§5.1).
    #[validate(range(min = 0, max = 12))]
    pub morale: i32,
    /// C (§5.1–5.3).
    #[validate(range(min = 1, max = 18))]
    pub courage: i32,
    #[serde(rename = "move")]
    pub movement: Movement,
    /// DD (§7.5).
    pub fire_die: Die,
    /// DC (§8.12).
    pub combat_die: Die,
    /// R in cm (§4.1); command units only.
    #[serde(default)]
    #[validate(range(min = 5, max = 100))]
    pub command_radius: Option<u32>,
    /// L: units per activation, 1–4 (§4.2); command units only.
    #[serde(default)]
    #[validate(range(min = 1, max = 4))]
    pub command_capacity: Option<u32>,
    /// Subordinate or independent (§4.2); command units only.
    #[serde(default)]
    pub command: Option<Command>,
    #[serde(default)]
    pub specialists: Vec<Specialist>,
    /// N°F: fixed composition of command units; null for troops and artillery.
    #[serde(default)]
    #[validate(range(min = 1, max = 12))]
    pub figures: Option<u32>,
    /// N°U: units of this sheet allowed in one game.
    #[validate(range(min = 1, max = 20))]
    pub max_units: u32,
    /// PT: per figure for troops and gunners, for the whole unit for command units.
    #[validate(range(min = 1, max = 2000))]
    pub points: u32,
    /// PC: points per gun (artillery).
    #[serde(default)]
    pub gun_points: Option<u32>,
    #[serde(default)]
    pub gun_type: Option<GunType>,
    /// The gun's model, in one language or per language.
    #[serde(default)]
    pub gun_model: Option<Text>,
    /// "tiro": the gun has a limber and team (§12.17).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub limber: bool,
    /// Guerrillas armed with blunderbusses: -1 to the target's dodge (§1.4).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub blunderbusses: bool,
    #[serde(default)]
    pub skills: Vec<OfferedSkill>,
    #[serde(default)]
    pub sheet_number: Option<u32>,
    #[serde(default)]
    pub card_number: Option<u32>,
    /// Campaign ids (catalogue.toml).
    #[validate(length(min = 1))]
    pub campaigns: Vec<String>,
}

impl UnitSheet {
    /// The dodge die: the larger of the fire and combat dice (§2.4).
    pub fn dodge_die(&self) -> Die {
        self.fire_die.max(self.combat_die)
    }

    pub fn offers(&self, skill: &str) -> Option<&OfferedSkill> {
        self.skills.iter().find(|s| s.id == skill)
    }
}

/// The parts of a skill's rule that the engine computes with.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SkillEffects {
    #[serde(default)]
    pub fire_modifier: i32,
    #[serde(default)]
    pub fire_modifier_vs_infantry: i32,
    #[serde(default)]
    pub fire_modifier_vs_cavalry: i32,
    #[serde(default)]
    pub fire_modifier_pistol: i32,
    #[serde(default)]
    pub hidden_fire_modifier: i32,
    /// Range bands moved closer (Bon œil: 1).
    #[serde(default)]
    pub range_shift: u32,
    #[serde(default)]
    pub volley_gun_shots: u32,
    #[serde(default)]
    pub volley_gun_modifier: i32,
    #[serde(default)]
    pub dodge_reroll: Option<DodgeReroll>,
    #[serde(default)]
    pub combat_modifier: i32,
    #[serde(default)]
    pub charge_combat_modifier: i32,
    #[serde(default)]
    pub melee_dodge_modifier: i32,
    #[serde(default)]
    pub extra_attacks: u32,
    #[serde(default)]
    pub wins_ties: bool,
    #[serde(default)]
    pub ignore_dodge: bool,
    #[serde(default)]
    pub lance: bool,
    #[serde(default)]
    pub must_attack: bool,
    #[serde(default)]
    pub skip_charge_test: bool,
    #[serde(default)]
    pub double_courage_bonus: i32,
    #[serde(default)]
    pub deviation_reduction_cm: u32,
    /// Mouvement furtif costs nothing for guerrillas (§1.4).
    #[serde(default)]
    pub free_for_guerrillas: bool,
}

/// A specific skill ("habileté spécifique", §11).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Skill {
    pub id: String,
    pub name: Names,
    pub cost: u32,
    #[serde(default)]
    pub restriction: Option<Restriction>,
    pub summary: Summary,
    #[serde(default)]
    pub effects: SkillEffects,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Erratum {
    pub section: String,
    pub decision: String,
}

/// `skills.toml`
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SkillsFile {
    #[serde(default)]
    pub erratum: Option<Erratum>,
    #[serde(default)]
    pub skill: Vec<Skill>,
}

/// A firearm (§7.6).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Weapon {
    pub id: String,
    pub name: Names,
    pub range: Ranges,
    /// Counts as a pistol for Duelliste (§11).
    #[serde(default)]
    pub pistol: bool,
}

/// `weapons.toml`
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct WeaponsFile {
    #[serde(default)]
    pub weapon: Vec<Weapon>,
}

/// `sheets/*.toml`
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SheetsFile {
    #[serde(default)]
    pub sheet: Vec<UnitSheet>,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Nation {
    pub id: String,
    pub name: Names,
    /// Flag stripes, as #RRGGBB, printed as a band on cards.
    pub colours: Vec<String>,
    /// Stripes run vertically (tricolours).
    #[serde(default)]
    pub vertical: bool,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Campaign {
    pub id: String,
    pub name: Names,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct UnitType {
    pub id: String,
    pub name: Names,
    /// `guerrilla` (§1.4), `lance`, `cuirassier` (§8.12).
    #[serde(default)]
    pub traits: Vec<UnitTrait>,
}

id_enum!(
    /// What a unit type implies for the rules.
    UnitTrait { Guerrilla = "guerrilla", Lance = "lance", Cuirassier = "cuirassier" }
);

/// `catalogue.toml`
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CatalogueFile {
    #[serde(default)]
    pub nation: Vec<Nation>,
    #[serde(default)]
    pub campaign: Vec<Campaign>,
    #[serde(default)]
    pub unit_type: Vec<UnitType>,
}

// ── rules.toml ──────────────────────────────────────────────────────────────────────────────

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scale {
    pub hex_cm: u32,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Troops {
    pub min_figures: u32,
    pub max_figures: u32,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Dodge {
    pub target: u32,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Modifier {
    pub id: String,
    pub value: i32,
    pub name: Names,
    #[serde(default)]
    pub first_round_only: bool,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Fire {
    pub difficulty: Ranges,
    pub modifier: Vec<Modifier>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Cover {
    pub id: CoverLevel,
    pub name: Names,
    /// Added to the dodge against fire (§7.6).
    pub dodge: i32,
    /// Combat factor in melee (§8.12).
    pub combat: i32,
    /// Added to the dodge against artillery (§12.13).
    pub artillery: i32,
    #[serde(default)]
    pub canister_proof: bool,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Action {
    pub id: String,
    pub name: Names,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QualityRow {
    pub id: Quality,
    pub name: Names,
    pub actions: Vec<String>,
    /// Added to the reduced unit's courage test (§5.3).
    pub courage_test: i32,
    /// Combat factor (§8.12).
    pub combat: i32,
    /// Gunners' deviation die (§12.11); none for militia (§12.10).
    #[serde(default)]
    pub deviation_die: Option<Die>,
    #[serde(default)]
    pub rate_of_fire: Option<Names>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Activation {
    pub initiative_die: Die,
    pub reaction_fire_modifier: i32,
    pub counter_charge_modifier: i32,
    pub aide_de_camp_modifier: i32,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Charge {
    pub die: Die,
    pub command_bonus: i32,
    pub command_distance_cm: u32,
    pub double_factor: i32,
    pub failed_test_courage_penalty: i32,
    pub min_distance_infantry_cm: u32,
    pub min_distance_cavalry_cm: u32,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reduced {
    pub figures: u32,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rout {
    pub extra_move_infantry_cm: u32,
    pub extra_move_cavalry_cm: u32,
    pub pursuit_combat_bonus: i32,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Melee {
    pub attacks_per_figure: u32,
    pub cavalry_vs_infantry_attacks: u32,
    pub destruction_ratio: u32,
    pub break_off_morale_modifier: i32,
    pub failed_break_off_combat: i32,
    pub factor: Vec<Modifier>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpecialistRow {
    pub id: Specialist,
    pub name: Names,
    pub effect: Names,
    #[serde(default)]
    pub command_radius_bonus_cm: u32,
    #[serde(default)]
    pub reroll_misses: bool,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Balance {
    pub tolerance_percent: u32,
}

#[derive(Debug, Clone, Copy, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SizeRange {
    pub min: u32,
    pub max: u32,
}

/// §1.2: the figures a section of infantry or cavalry represents.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitSize {
    pub infantry: SizeRange,
    pub cavalry: SizeRange,
}

/// §1.2, §11 Déploiement.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Cohesion {
    pub distance_cm: u32,
    pub deployment_infantry_cm: u32,
    pub deployment_cavalry_cm: u32,
}

/// §6.5: a charged command unit stepping behind a friendly unit.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CommandDodge {
    pub infantry_officer_cm: u32,
    pub mounted_officer_cm: u32,
    pub behind_cm: u32,
    pub initiative_penalty: i32,
}

/// §8.7.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CapturedFlag {
    pub morale: i32,
    pub combat: i32,
}

/// §11: how many skills a unit uses per activation.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SkillUse {
    pub per_activation: u32,
}

/// A reading of an ambiguous sentence of the rulebook, with the quote (printed on the QRS).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reading {
    pub id: String,
    pub section: String,
    pub quote: String,
    pub decision: Names,
}

/// One step of the turn sequence (§2.2).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TurnStep {
    pub name: Names,
}

/// `rules.toml`: the core tables.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rules {
    pub turn_step: Vec<TurnStep>,
    pub scale: Scale,
    pub troops: Troops,
    pub dodge: Dodge,
    pub fire: Fire,
    pub cover: Vec<Cover>,
    pub action: Vec<Action>,
    pub quality: Vec<QualityRow>,
    pub activation: Activation,
    pub charge: Charge,
    pub reduced: Reduced,
    pub rout: Rout,
    pub melee: Melee,
    pub specialist: Vec<SpecialistRow>,
    pub balance: Balance,
    pub unit_size: UnitSize,
    pub cohesion: Cohesion,
    pub command_dodge: CommandDodge,
    pub captured_flag: CapturedFlag,
    pub skill_use: SkillUse,
    #[serde(default, rename = "reading")]
    pub readings: Vec<Reading>,
}

impl Rules {
    pub fn reading(&self, id: &str) -> Option<&Reading> {
        self.readings.iter().find(|r| r.id == id)
    }

    pub fn quality(&self, q: Quality) -> Option<&QualityRow> {
        self.quality.iter().find(|r| r.id == q)
    }

    pub fn cover(&self, c: CoverLevel) -> Option<&Cover> {
        self.cover.iter().find(|r| r.id == c)
    }

    pub fn fire_modifier(&self, id: &str) -> Option<&Modifier> {
        self.fire.modifier.iter().find(|m| m.id == id)
    }

    pub fn melee_factor(&self, id: &str) -> Option<&Modifier> {
        self.melee.factor.iter().find(|m| m.id == id)
    }

    pub fn specialist(&self, s: Specialist) -> Option<&SpecialistRow> {
        self.specialist.iter().find(|r| r.id == s)
    }

    /// cm → hexes (§6.1).
    pub fn hexes(&self, cm: u32) -> u32 {
        cm / self.scale.hex_cm.max(1)
    }
}

// ── terrain.toml, ranks.toml, artillery.toml ────────────────────────────────────────────────

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TerrainEffect {
    #[serde(default, rename = "move")]
    pub movement: i32,
    #[serde(default)]
    pub impassable: bool,
    #[serde(default)]
    pub no_march: bool,
    #[serde(default)]
    pub no_charge: bool,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Terrain {
    pub id: String,
    pub name: Names,
    #[serde(default)]
    pub infantry: Option<TerrainEffect>,
    #[serde(default)]
    pub cavalry: Option<TerrainEffect>,
    #[serde(default)]
    pub cover_infantry: Option<CoverLevel>,
    #[serde(default)]
    pub cover_cavalry: Option<CoverLevel>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TerrainFile {
    #[serde(default)]
    pub terrain: Vec<Terrain>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rank {
    pub id: String,
    pub name: Names,
    #[serde(default)]
    pub initiative_bonus: i32,
    #[serde(default)]
    pub initiative_rerolls: u32,
    /// Most expensive skill the rank may give free once a game (§10.1).
    pub free_skill_max: u32,
    pub rerolls: Vec<String>,
    /// A nation's name for the rank in the infantry, where `name` gives both arms' (keyed
    /// es/en/fr/de like `name`).
    #[serde(default)]
    pub infantry: BTreeMap<String, String>,
    /// The same in the cavalry: "Rittmeister", "Chef d'escadron".
    #[serde(default)]
    pub cavalry: BTreeMap<String, String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RanksFile {
    #[serde(default)]
    pub rank: Vec<Rank>,
    /// §10: careers (ranks.toml `[career]`).
    #[serde(default)]
    pub career: Option<CareerRules>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ammunition {
    pub effective_cm: u32,
    pub long_cm: u32,
    /// Impact template name (§12.13).
    pub template: String,
    /// 1d6 + factors must reach this to dodge, at effective and long range.
    pub dodge_effective: u32,
    pub dodge_long: u32,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Gun {
    #[serde(rename = "type")]
    pub gun_type: GunType,
    pub calibres: Names,
    pub move_cm: u32,
    pub limbered_foot_cm: u32,
    pub limbered_horse_cm: u32,
    pub min_crew: u32,
    pub structure_damage: u32,
    pub canister: Ammunition,
    pub roundshot: Ammunition,
    #[serde(default)]
    pub shell: Option<Ammunition>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArtilleryGeneral {
    pub blank_shot_max: u32,
    pub long_range_deviation_factor: u32,
    pub roundshot_min_distance_cm: u32,
    pub mortar_min_distance_cm: u32,
    pub mortar_structure_bonus: BTreeMap<GunType, u32>,
    pub rotate_deviation_modifier: i32,
    pub horse_unlimber_deviation_modifier: i32,
}

/// Something artillery may destroy, and its structure points (§12.14).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Structure {
    pub id: String,
    pub points: u32,
    pub name: Names,
}

/// Deviation dice by crew quality.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeviationDice {
    pub elite: Die,
    pub veteran: Die,
    pub regular: Die,
}

/// Congreve rockets (§12.18).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Congreve {
    /// They follow this gun type's shell rules (a medium howitzer).
    pub gun_type: GunType,
    pub limber_move_cm: u32,
    pub deviation: DeviationDice,
    /// The dodge ("sauvegarde") needed at effective (short) and long range.
    pub save_short: u32,
    pub save_long: u32,
}

impl Congreve {
    /// The crew's deviation die; none for militia, who do not serve guns (§12.10).
    pub fn deviation_die(&self, q: Quality) -> Option<Die> {
        match q {
            Quality::Elite => Some(self.deviation.elite),
            Quality::Veteran => Some(self.deviation.veteran),
            Quality::Regular => Some(self.deviation.regular),
            Quality::Militia => None,
        }
    }
}

/// `artillery.toml`
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Artillery {
    pub general: ArtilleryGeneral,
    pub gun: Vec<Gun>,
    pub factor: Vec<Modifier>,
    #[serde(default)]
    pub structure: Vec<Structure>,
    pub congreve: Congreve,
}

impl Artillery {
    pub fn gun(&self, t: GunType) -> Option<&Gun> {
        self.gun.iter().find(|g| g.gun_type == t)
    }
}

// ── the rules, ranks.toml [career] ───────────────────────────────────────────────────────────

/// §10: how victory points make ranks, and the nations a career serves.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CareerRules {
    pub rule: String,
    /// How many victory points make one rank (rules.toml, reading `promotion`).
    pub points_per_rank: u32,
    /// muster's bound on one game's victory points.
    pub max_game_points: u32,
    pub nation: Vec<CareerNation>,
}

/// A nation of §10: its name, the key of its ranks' names (`es`, `en`, `fr`, `de`), the
/// coalitions its lists may be of.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CareerNation {
    pub id: String,
    pub name: Names,
    pub ranks: String,
    pub coalitions: Vec<Coalition>,
}

/// The keys a nation's rank names may use (the four armies of §10.1).
pub const RANK_KEYS: [&str; 4] = ["es", "en", "fr", "de"];

/// Checks the `[career]` table of ranks.toml against the ranks: each nation's rank key is one
/// of the four armies, ids unique, at least one coalition.
pub fn check_career_rules(rules: &CareerRules) -> Vec<String> {
    let mut out = Vec::new();
    if rules.points_per_rank == 0 {
        out.push("[career] points_per_rank: expected at least 1, found 0".to_owned());
    }
    for (i, n) in rules.nation.iter().enumerate() {
        if !RANK_KEYS.contains(&n.ranks.as_str()) {
            out.push(format!(
                "[[career.nation]] `{}`: ranks = `{}`: expected one of {}",
                n.id,
                n.ranks,
                RANK_KEYS.join(", ")
            ));
        }
        if n.coalitions.is_empty() {
            out.push(format!(
                "[[career.nation]] `{}`: coalitions: expected at least one",
                n.id
            ));
        }
        if rules.nation[..i].iter().any(|m| m.id == n.id) {
            out.push(format!("[[career.nation]] `{}` is given twice", n.id));
        }
    }
    out
}
