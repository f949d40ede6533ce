//! WAB "Au crépuscule de l'Aigle": data and its lint, lists and their rules, previews against
//! closed forms and a Monte Carlo simulator, scoring, printed documents.

mod book;
mod citations;
mod data;
mod house;
mod lists;
mod monte_carlo;
mod my_entries;
mod preview;
mod print;
mod properties;
mod score;

/// A WAB preview's JSON (`muster preview --ruleset wab-aca ARGS --format json`), which must
/// succeed.
pub fn preview(args: &[&str]) -> serde_json::Value {
    let mut full = vec!["preview", "--ruleset", "wab-aca"];
    full.extend_from_slice(args);
    full.extend(["--format", "json"]);
    let run = crate::muster(&full);
    assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
    crate::json(&run)
}

/// Two probabilities equal but for rounding.
pub fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

/// The ACA database of the shipped data.
pub fn database() -> muster::rulesets::wab_aca::Database {
    let mut sources = muster::core::source::Sources::new();
    let loaded =
        muster::rulesets::wab_aca::data::load(&[super::root().join("unit-sheets")], &mut sources)
            .expect("loads");
    assert!(
        !loaded.diagnostics.iter().any(|d| d.is_error()),
        "shipped WAB data has errors"
    );
    loaded.database.expect("database")
}

/// A table of one of the shipped data's files (`unit-sheets/wab-aca/FILE`).
fn data_file(file: &str) -> toml::Table {
    std::fs::read_to_string(super::root().join("unit-sheets/wab-aca").join(file))
        .unwrap()
        .parse()
        .unwrap()
}

/// An entry of the shipped armies, by id.
fn entry(id: &str) -> toml::Value {
    let dir = super::root().join("unit-sheets/wab-aca/armies");
    for f in std::fs::read_dir(dir).unwrap() {
        let army: toml::Table = std::fs::read_to_string(f.unwrap().path())
            .unwrap()
            .parse()
            .unwrap();
        if let Some(e) = army
            .get("entry")
            .and_then(|e| e.as_array())
            .and_then(|e| e.iter().find(|e| e["id"].as_str() == Some(id)))
        {
            return e.clone();
        }
    }
    panic!("no entry {id}");
}

/// What a battery's shot does to a formed unit facing it, by the data's numbers and reading
/// gun-path, worked out here apart from muster's code: (figures hit, expected casualties).
/// The target of `figures` figures stands in `ranks` ranks (its front rank figures ÷ ranks,
/// rounded up). Round shot hits one figure a rank; canister, in each rank, the figures whose
/// bases (core.toml `[contact]`) the half template's width (artillery.toml `[template]`),
/// centred on the rank, overlaps along a length. Each hit, when the piece does not misfire
/// (artillery.toml `[misfire]`: the faces of the artillery die besides it), wounds by the
/// piece's strength against the target's toughness (core.toml `[[to_wound]]`), then its
/// save worsened by the strength above `free_strength` (core.toml `[save]`) fails.
pub fn battery_shot(
    battery: &str,
    ammo: &str,
    target: &str,
    figures: u32,
    ranks: u32,
) -> (u32, f64) {
    let (artillery, core) = (data_file("artillery.toml"), data_file("core.toml"));
    let (gun, unit) = (entry(battery), entry(target));
    let kind = gun["battery"].as_str().unwrap();
    let piece = artillery["battery"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["id"].as_str() == Some(kind))
        .unwrap();
    let strength = piece[ammo]["strength"].as_integer().unwrap();
    let faces = artillery["misfire"]["artillery_die"]
        .as_array()
        .unwrap()
        .len();
    let p_fires = faces as f64 / (faces + 1) as f64;
    let base = match unit["kind"].as_str().unwrap() {
        "infantry" => core["contact"]["infantry"].as_integer().unwrap() as f64,
        _ => core["contact"]["cavalry"].as_integer().unwrap() as f64,
    };
    let width = artillery["template"]["width_mm"].as_integer().unwrap() as f64;
    let front = figures.div_ceil(ranks);
    let mut hit = 0;
    let mut left = figures;
    while left > 0 {
        let rank = left.min(front);
        left -= rank;
        hit += match ammo {
            "roundshot" => 1,
            _ => {
                let whole = f64::from(rank) * base;
                let (from, to) = ((whole - width) / 2.0, (whole + width) / 2.0);
                (0..rank)
                    .filter(|&i| {
                        let (l, r) = (f64::from(i) * base, f64::from(i + 1) * base);
                        l < to && r > from
                    })
                    .count() as u32
            }
        };
    }
    let t = unit["profile"]["t"].as_integer().unwrap();
    let difference = (strength - t).min(2);
    let p_wound = core["to_wound"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["difference"].as_integer() == Some(difference))
        .map_or(0.0, |r| (7 - r["needs"].as_integer().unwrap()) as f64 / 6.0);
    let p_saved = match unit["profile"].get("sv").and_then(|s| s.as_integer()) {
        None => 0.0,
        Some(sv) => {
            let save = &core["save"];
            let free = save["free_strength"].as_integer().unwrap();
            let per = save["per_point"].as_integer().unwrap();
            let needs = sv + (strength - free).max(0) * per;
            if needs >= save["impossible_from"].as_integer().unwrap() {
                0.0
            } else {
                (7 - needs) as f64 / 6.0
            }
        }
    };
    (hit, f64::from(hit) * p_fires * p_wound * (1.0 - p_saved))
}
