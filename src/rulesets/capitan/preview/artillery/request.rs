//! `muster preview artillery`: a gun's shot, checked: its ammunition, range and target.

use serde::Serialize;

use crate::core::bounds::within;
use crate::core::error::Stop;
use crate::core::words::Phrase;
use crate::rulesets::capitan::database::Database;
use crate::rulesets::capitan::model::{CoverLevel, GunType, Kind, Quality};
use crate::rulesets::capitan::preview::artillery::{self, Ammunition, GunRange};

use crate::rulesets::capitan::preview::request::limits;
use crate::rulesets::capitan::preview::request::unit::UnitChoice;

#[derive(Debug, Clone)]
pub struct ArtilleryRequest<'a> {
    pub gun: Option<UnitChoice<'a>>,
    pub gun_type: Option<GunType>,
    pub crew: Option<Quality>,
    /// Congreve rockets (§12.18).
    pub rockets: bool,
    pub ammunition: Ammunition,
    pub range: GunRange,
    /// The unit fired at: its figures are those under the template when `under_template`
    /// does not say (reading whole-unit-under-template).
    pub target: Option<UnitChoice<'a>>,
    pub under_template: Option<u32>,
    pub cover: Option<CoverLevel>,
    pub factors: Vec<String>,
    pub skills: Vec<String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct ArtilleryReport {
    pub label: Phrase,
    /// The unit fired at, when one was named.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<Phrase>,
    /// The figures under the template.
    pub under: u32,
    pub casualties: Vec<f64>,
    pub at_least: Vec<f64>,
    pub mean: f64,
    pub median: usize,
    pub mode: usize,
    pub p_blank: f64,
    pub p_dodge: f64,
    pub notes: Vec<Phrase>,
}

pub fn artillery(db: &Database, req: &ArtilleryRequest) -> Result<ArtilleryReport, Stop> {
    let mut notes = Vec::new();
    let under = match (req.under_template, &req.target) {
        (Some(n), _) => n,
        (None, Some(t)) => {
            let n = t.figures(None, "target", "target")?;
            notes.push(
                Phrase::new(
                    "note-whole-unit-under",
                    "{n|# figure|# figures} under the template: all of {unit}, the most the shot can do where it lands on them (reading whole-unit-under-template, Capitán §12.11, §12.13)",
                )
                .count("n", n)
                .phrase("unit", t.name(n)),
            );
            n
        }
        (None, None) => {
            return Err(
                "give --under N (the figures under the impact template) or --target UNIT".into(),
            )
        }
    };
    within("--under", under, &limits::UNDER_TEMPLATE, "engine limit")?;
    let mut seen = std::collections::HashSet::new();
    for f in &req.factors {
        if !seen.insert(f) {
            return Err(
                format!("--factor {f} is given twice: each factor of §12.13 counts once").into(),
            );
        }
    }
    if req.cover.is_some() && req.factors.iter().any(|f| f.starts_with("cover-")) {
        return Err(
            "give the target's cover once: --cover, or a --factor cover-…, not both".into(),
        );
    }
    if req.skills.len() > 1 {
        return Err(Stop::cannot(
            format!(
                "the gun uses {} skills: a unit uses one skill per activation (Capitán §11)",
                req.skills.len()
            ),
            crate::rulesets::capitan::preview::reading::one_skill_said(req.skills.len()),
        ));
    }
    let sheet = req.gun.as_ref().map(|g| g.sheet);
    if let Some(s) = sheet {
        if s.kind != Kind::Artillery {
            return Err(format!("`{}` is not an artillery sheet", s.id).into());
        }
        for k in &req.skills {
            let listed = req
                .gun
                .as_ref()
                .and_then(|g| g.list.as_ref())
                .map(|l| l.skills.iter().any(|(id, _)| id == k));
            if listed == Some(false) || (listed.is_none() && s.offers(k).is_none()) {
                return Err(format!("`{}` does not have skill `{k}`", s.id).into());
            }
        }
    }
    let gun = req
        .gun_type
        .or(sheet.and_then(|s| s.gun_type))
        .or(req.rockets.then_some(db.artillery.congreve.gun_type))
        .ok_or("give --gun SHEET or --gun-type")?;
    let crew = req
        .crew
        .or(sheet.map(|s| s.quality))
        .ok_or("give --gun SHEET or --crew")?;
    let shot = artillery::Shot {
        gun,
        crew,
        rockets: req.rockets,
        ammunition: req.ammunition,
        range: req.range,
        under_template: under,
        cover: req.cover,
        factors: req.factors.clone(),
        skills: req.skills.clone(),
    };
    let setup = artillery::setup(db, &shot, &mut notes)?;
    let out = artillery::resolve(&setup);
    let label = match (req.rockets, sheet) {
        (true, _) => Phrase::new("preview-rockets", "Congreve rockets"),
        (false, Some(s)) => Phrase::new("preview-gun-sheet", "{name} (type {gun})")
            .text("name", s.name.clone())
            .text("gun", gun.to_string()),
        (false, None) => {
            Phrase::new("preview-gun-type", "type {gun} gun").text("gun", gun.to_string())
        }
    };
    Ok(ArtilleryReport {
        label,
        target: req.target.as_ref().map(|t| t.named(t.figures)),
        under,
        casualties: out.casualties.p.clone(),
        at_least: out.casualties.at_least.clone(),
        mean: out.casualties.mean,
        median: out.casualties.median,
        mode: out.casualties.mode,
        p_blank: out.p_blank,
        p_dodge: out.p_dodge,
        notes,
    })
}
