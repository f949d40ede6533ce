//! `muster preview artillery`: a battery's shot, checked against what the supplement
//! excludes, and the figures it hits counted from a target unit (reading gun-path).

use crate::core::words::Phrase;
use serde::Serialize;

use crate::core::bounds::within;
use crate::rulesets::wab_aca::database::Database;
use crate::rulesets::wab_aca::model::{Kind, Lang, LargeTarget};
use crate::rulesets::wab_aca::preview::artillery::{self, Ammunition, ArtilleryReport, At, Order};

use super::limits;
use super::unit::{default_formation, resolve, save, Resolved, UnitSpec};

pub struct ArtilleryRequest {
    /// A battery type (`medium`) or a battery entry (`fr-foot-battery-6`).
    pub battery: String,
    pub ammunition: Ammunition,
    pub at: At,
    pub figures: Option<u32>,
    pub large_target: bool,
    pub grand_battery: Option<u32>,
    pub order: Order,
    pub heavy_cover: bool,
    pub sheltered: bool,
    pub before_bounce: bool,
    pub target: Option<UnitSpec>,
    /// `--target-ranks N`: the ranks the target stands in (default its formation's), for the figures hit
    /// counted from it (reading gun-path).
    pub target_ranks: Option<u32>,
    pub toughness: Option<u32>,
    pub save: Option<u32>,
    pub no_save: bool,
}

/// The figures on the path or under the template, counted from the target unit (reading
/// gun-path): the battery faces it, round shot crosses its depth, canister's half template
/// covers a width of each rank, centred on its front.
#[derive(Debug, Clone, Serialize)]
pub struct Covered {
    /// Figures hit (before skirmishers' or foragers' halving).
    pub figures: u32,
    /// The ranks it stands in, each crossed.
    pub ranks: u32,
    /// Figures in its front rank.
    pub front: u32,
    /// Millimetres a figure takes in its rank (core.toml `[contact]`).
    pub base_mm: u32,
    /// Canister: the half template's width (artillery.toml `[template]`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub template_mm: Option<u32>,
    /// How the figures were counted, in words.
    pub why: Phrase,
}

#[derive(Debug, Clone, Serialize)]
pub struct ArtilleryOut {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<Phrase>,
    pub figures: u32,
    /// Where the figures come from the target (no `--figures`): how they were counted.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub covered: Option<Covered>,
    pub toughness: u32,
    #[serde(flatten)]
    pub report: ArtilleryReport,
}

/// Refuses what the supplement excludes, naming the rule, before anything is computed.
fn artillery_situation(
    db: &Database,
    r: &ArtilleryRequest,
    grand_battery: u32,
) -> Result<(), String> {
    let canister = r.ammunition == Ammunition::Canister;
    let refuse = |flag: &str, why: &str| Err(format!("{flag}: {why}"));
    // The book names its large targets, each a formed body: the march column, the attack
    // column (for artillery), the squares (ACA p.3, p.6, rules.toml's formations); skirmishers,
    // an extended line and foragers stand apart and have their hits halved instead (p.3, p.6).
    if r.large_target && r.order != Order::Formed {
        let (order, formations): (&str, &[&str]) = match r.order {
            Order::Skirmishers => ("skirmishers", &["skirmish", "extended-line"]),
            _ => ("foragers", &["foragers"]),
        };
        let never = formations.iter().all(|id| {
            db.formations
                .get(id)
                .is_none_or(|f| f.large_target == LargeTarget::No)
        });
        if never {
            let mut large: Vec<String> = Vec::new();
            for f in db.formations.iter() {
                let name = match f.large_target {
                    LargeTarget::No => continue,
                    LargeTarget::Yes => f.name.get(Lang::En).to_lowercase(),
                    LargeTarget::Artillery => {
                        format!(
                            "{} (against artillery)",
                            f.name.get(Lang::En).to_lowercase()
                        )
                    }
                };
                if !large.contains(&name) {
                    large.push(name);
                }
            }
            let (who, halved) = if r.order == Order::Skirmishers {
                (
                    "skirmishers or an extended line",
                    "ACA p.3: \"Les touches d'artillerie sur des tirailleurs sont divisées par deux\"",
                )
            } else {
                (
                    "foragers",
                    "ACA p.6: \"Les touches d'artillerie sur des fourrageurs sont divisées par deux\"",
                )
            };
            return refuse(
                &format!("--large-target with --order {order}"),
                &format!(
                    "the book never makes {who} a large target (ACA p.3, p.6: its large targets are the {}); their hits are halved instead ({halved})",
                    large.join(", the ")
                ),
            );
        }
    }
    if canister && r.large_target {
        return refuse(
            "--large-target",
            "it adds hits to round shot only (ACA p.9: \"Tir à boulet plein … +1 touche contre grande cible\")",
        );
    }
    if r.heavy_cover && !canister {
        return refuse(
            "--heavy-cover",
            "it is for canister (ACA p.9: hit on 6+ only)",
        );
    }
    if r.sheltered && !canister {
        return refuse(
            "--sheltered",
            "it is for canister (ACA p.10: \"Tir de mitraille: Seule une figurine sur 2 recouverte par le gabarit est touchée\"); a low wall stops round shot by the d6 of p.10",
        );
    }
    if r.sheltered && r.heavy_cover {
        return refuse(
            "--sheltered with --heavy-cover",
            "behind a low wall, a hedge, gabions or in a wood one figure in 2 is hit (ACA p.10), the 6+ of heavy cover (p.9) is for other cover: the two do not add up (reading canister-cover)",
        );
    }
    if r.before_bounce && canister {
        return refuse("--before-bounce", "the bounce is round shot's (ACA p.9–10)");
    }
    let bonus = r.large_target || grand_battery > 0;
    if r.before_bounce && bonus {
        return refuse(
            "--before-bounce",
            "a unit crossed before the bounce takes \"pas de test, ni de touches supplémentaires\" (ACA p.10): no --large-target nor --grand-battery",
        );
    }
    if r.at != At::Figures {
        let what = match r.at {
            At::Battery => "a battery",
            At::Limber => "a limber",
            _ => "a caisson",
        };
        if canister {
            return refuse(
                "--at",
                &format!("shelling {what} is round shot's, 1d6 hits (ACA p.9: \"Pour bombarder un bâtiment, une batterie, un attelage le nombre de touches est déterminé par 1d6\")"),
            );
        }
        if r.figures.is_some() {
            return refuse(
                "--figures",
                &format!("at {what} the hits are 1d6 (ACA p.9), not the figures on the path"),
            );
        }
        if r.large_target || r.order != Order::Formed || r.before_bounce {
            return refuse(
                "--at",
                &format!(
                    "{what} is neither a large target nor in an order; give only --grand-battery"
                ),
            );
        }
    }
    Ok(())
}

/// The figures a shot hits in the target unit (reading gun-path): the battery faces the unit,
/// which stands in `--target-ranks` ranks (default its own formation's, as it fights: its line
/// of two ranks on foot), its front rank figures ÷ ranks rounded up. Round shot: the ball crosses its depth, one figure a rank. Canister: the half template
/// moved straight at the middle of its front covers, in each rank crossed, the figures whose
/// bases it overlaps (wholly or partly, ACA p.9), its width centred on the rank.
fn covered(db: &Database, r: &ArtilleryRequest, t: &Resolved) -> Result<Covered, String> {
    let base = match t.entry.kind {
        Kind::Infantry => db.core.contact.infantry,
        Kind::Cavalry | Kind::General => db.core.contact.cavalry,
        Kind::Battery => {
            return Err(format!(
                "--target: {} is a battery, whose pieces' bases are not given (reading contact): give --figures N, or --at battery for its pieces and gunners",
                t.name
            ))
        }
    };
    // Its own formation's ranks unless told (its line of two ranks on foot, reading
    // who-fights).
    let own = default_formation(t.entry)
        .and_then(|id| db.formations.get(id))
        .and_then(|f| f.shooting.as_ref())
        .and_then(|s| s.depth)
        .unwrap_or(1);
    let ranks = r.target_ranks.unwrap_or(own).min(t.figures.max(1));
    let front = t.figures.div_ceil(ranks);
    let mut rows = Vec::new();
    let mut left = t.figures;
    while left > 0 {
        rows.push(left.min(front));
        left -= left.min(front);
    }
    let stands = Phrase::new(
        "covered-stands",
        "{figures|# figure|# figures} in {ranks|# rank|# ranks} of {front}",
    )
    .count("figures", t.figures)
    .count("ranks", ranks)
    .count("front", front);
    let (figures, template_mm, why) = match r.ammunition {
        Ammunition::Roundshot => {
            let n = u32::try_from(rows.len()).unwrap_or(u32::MAX);
            (
                n,
                None,
                Phrase::new(
                    "covered-on-the-path",
                    "{n|# figure|# figures} on the path: the ball crosses the unit's depth, one figure a rank ({stands}; reading gun-path, ACA p.9)",
                )
                .count("n", n)
                .phrase("stands", stands),
            )
        }
        Ammunition::Canister => {
            let width = db.artillery.template.width_mm;
            let overlap = crate::rulesets::wab_aca::model::Contact {
                corners: false,
                ..db.core.contact.clone()
            };
            let n: u32 = rows
                .iter()
                .map(|&k| overlap.in_contact(k, base, width))
                .sum();
            (
                n,
                Some(width),
                Phrase::new(
                    "covered-under-the-template",
                    "{n|# figure|# figures} under the template: {width} mm wide ({source}) over {base} mm bases, centred on each rank crossed ({stands}; reading gun-path, ACA p.9)",
                )
                .count("n", n)
                .count("width", width)
                .label("source", "template_source", db.artillery.template.source.clone())
                .count("base", base)
                .phrase("stands", stands),
            )
        }
    };
    Ok(Covered {
        figures: within("--target", figures, &limits::IN_PATH, "engine limit")?,
        ranks,
        front,
        base_mm: base,
        template_mm,
        why,
    })
}

pub fn artillery(db: &Database, r: &ArtilleryRequest) -> Result<ArtilleryOut, String> {
    let battery = if db.batteries.contains(&r.battery) {
        r.battery.clone()
    } else if let Some(e) = db.entry(&r.battery) {
        e.battery.clone().ok_or_else(|| {
            format!(
                "--battery: {} is a {} entry, not a battery",
                e.name.get(Lang::En),
                e.kind
            )
        })?
    } else {
        let mut known: Vec<&str> = db.batteries.ids().collect();
        known.sort_unstable();
        return Err(format!(
            "--battery: unknown battery `{}`; a type ({}) or a battery entry",
            r.battery,
            known.join(", ")
        ));
    };
    let grand_battery = r
        .grand_battery
        .map(|n| {
            within(
                "--grand-battery",
                n,
                &limits::GRAND_BATTERY,
                "ACA p.8: two batteries or more",
            )
        })
        .transpose()?
        .unwrap_or(0);
    artillery_situation(db, r, grand_battery)?;
    let target = r
        .target
        .as_ref()
        .map(|u| resolve(db, "--target", u))
        .transpose()?;
    if let Some(n) = r.target_ranks {
        within("--target-ranks", n, &(1..=12), "a unit of 1 to 12 ranks")?;
        if r.figures.is_some() || r.at != At::Figures {
            return Err(format!(
                "--target-ranks {n}: the ranks count the figures hit from --target; give it without --figures and --at"
            ));
        }
    }
    let (figures, covered) = match (r.at, r.figures, &target) {
        (At::Figures, None, Some(t)) => {
            let c = covered(db, r, t)?;
            (c.figures, Some(c))
        }
        (At::Figures, None, None) => {
            return Err(
                "give --figures N (the figures on the path, round shot, or under the template, canister) or --target UNIT to count them from it (reading gun-path)"
                    .into(),
            )
        }
        (_, Some(n), _) => (within("--figures", n, &limits::IN_PATH, "engine limit")?, None),
        (_, None, _) => (0, None),
    };
    if let (At::Battery, Some(t)) = (r.at, &target) {
        if t.entry.kind != Kind::Battery {
            return Err(format!(
                "--target: {} is {}, and --at battery fires at a battery's gunners",
                t.name, t.entry.kind
            ));
        }
    }
    // A limber or a caisson: its own toughness (artillery.toml), no save.
    let materiel = matches!(r.at, At::Limber | At::Caisson);
    let toughness = match (r.toughness, &target) {
        (Some(t), _) => within("--toughness", t, &limits::STRENGTH, "WAB characteristics")?,
        (None, Some(t)) => t.entry.profile.t,
        (None, None) if materiel => 1,
        (None, None) => return Err("give --toughness T or --target ENTRY".into()),
    };
    let save = if r.no_save || materiel {
        None
    } else {
        save(r.save, target.as_ref())?
    };
    let report = artillery::fire(
        db,
        &artillery::Fire {
            battery: &battery,
            ammunition: r.ammunition,
            at: r.at,
            figures,
            large_target: r.large_target,
            grand_battery,
            order: r.order,
            heavy_cover: r.heavy_cover,
            sheltered: r.sheltered,
            before_bounce: r.before_bounce,
            toughness,
            save,
        },
    )?;
    Ok(ArtilleryOut {
        target: target.map(|t| t.name),
        figures,
        covered,
        toughness,
        report,
    })
}
