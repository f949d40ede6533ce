//! `muster preview artillery` declared (its parameters, chart and mean) and read: a checked
//! request made the ruleset's own [`ArtilleryRequest`](super::request::ArtilleryRequest), worked out
//! and written.

use super::request::{self, *};
use super::text;
use crate::core::error::Error;
use crate::rulesets::capitan::database::Database;
use crate::rulesets::capitan::model::{GunType, Quality};
use crate::rulesets::capitan::preview::artillery::{Ammunition, GunRange};
use crate::rulesets::capitan::preview::reading::{
    cover, pick, skill, unit, usage, Previewed, COVER,
};
use crate::rulesets::capitan::preview::request::limits;
use crate::rulesets::procedure::{Chart, Param, Preview, Procedure, Request};

/// `muster preview artillery`: declared and worked out.
pub const PREVIEW: Previewed = Previewed {
    run: artillery,
    procedure: Procedure {
        name: "artillery",
        summary: "An artillery shot: blank shots and casualties under the template",
        rule: "§12.10–12.13, §12.18",
        sides: ["Gun", "Target"],
        params: &[
            Param::unit(
                "gun",
                "The gun (its type, crew quality and skills; a list's unit uses the skills bought for it)",
            )
            .first()
            .legacy("list", "unit"),
            Param::id("gun-type", "I|II|III|IV", "Ad hoc: gun type").first(),
            Param::choice(
                "crew",
                &[
                    ("elite", ""),
                    ("veteran", ""),
                    ("regular", ""),
                    ("militia", ""),
                ],
                "Ad hoc: crew quality",
            )
            .first(),
            Param::flag(
                "rockets",
                "Congreve rockets (§12.18): a medium howitzer's shells with their own deviation and save",
            )
            .first()
            .conflicts(&["gun", "gun-type"]),
            skill("skill", "A skill the gun uses (tir-de-precision, grenades-explosives)")
            .first()
            .repeat(),
            Param::unit_with_figures(
                "target",
                "The unit fired at: all its figures are under the template unless --under says how many (reading whole-unit-under-template)",
            )
            .second(),
            Param::int_u(
                "under",
                limits::UNDER_TEMPLATE,
                "Figures under the impact template, 0–100 (default: the target's figures)",
            )
            .second(),
            Param::choice("cover", COVER, "The target's cover").second(),
            Param::choice(
                "ammo",
                &[("canister", ""), ("roundshot", ""), ("shell", "")],
                "Ammunition",
            )
            .required(),
            Param::choice("range", &[("effective", ""), ("long", "")], "Range").required(),
            Param::id(
                "factor",
                "ID",
                "An artillery factor of §12.13 that applies (repeatable, each once), e.g. moved-march",
            )
            .repeat(),
        ],
        chart: Chart::Of("chart-casualties", "Chance of each number of casualties"),
        mean: Some("/mean"),
    },
};

pub fn artillery(db: &Database, r: &Request) -> Result<Preview, Error> {
    let gun_type = r
        .text("gun-type")
        .map(|t| {
            pick(Some(t.clone()), GunType::ALL, GunType::as_str).ok_or_else(|| {
                usage(format!(
                    "--gun-type must be one of I, II, III, IV, found `{t}`"
                ))
            })
        })
        .transpose()?;
    let request = ArtilleryRequest {
        gun: unit(db, r, "gun")?,
        target: unit(db, r, "target")?,
        gun_type,
        crew: pick(r.text("crew"), Quality::ALL, Quality::as_str),
        rockets: r.flag("rockets"),
        ammunition: match r.text("ammo").as_deref() {
            Some("roundshot") => Ammunition::Roundshot,
            Some("shell") => Ammunition::Shell,
            _ => Ammunition::Canister,
        },
        range: match r.text("range").as_deref() {
            Some("long") => GunRange::Long,
            _ => GunRange::Effective,
        },
        under_template: r.u32("under"),
        cover: cover(r, "cover"),
        factors: r.texts("factor"),
        skills: r.texts("skill"),
    };
    let report = request::artillery(db, &request).map_err(Error::from)?;
    let series = text::artillery_series(&report);
    Preview::said(r, &report, |say| text::artillery(&report, say), series)
}
