//! The player's own units of hm-qrs and Thucydide: `./my-sheets/<ruleset>/units/*.toml` read
//! over the shipped data (a layer), `sheets new` copying a unit type there, where each unit
//! comes from (`data check`, `sheets show`, the card, `check --format json`), each unit's
//! diagnostics in its own file, and the sheet editor's API for these rulesets.

use std::path::Path;

use crate::serve::Server;
use crate::{json, muster_in, root};

fn run(dir: &Path, args: &[&str]) -> crate::Run {
    muster_in(dir, args, &[])
}

/// Replaces `line` by `new` (once) in the file at `path`.
fn set_value(path: &Path, line: &str, new: &str) {
    let text = std::fs::read_to_string(path).unwrap();
    assert!(text.contains(line), "{line:?} in\n{text}");
    std::fs::write(path, text.replacen(line, new, 1)).unwrap();
}

/// `FILE:LINE` of the shipped unit `id` (its `id = …` line), as `data check` places it.
fn shipped_at(ruleset: &str, id: &str) -> String {
    shipped_in("<built-in>", ruleset, id)
}

/// Where the shipped data's unit `id` is defined, the data folder named `folder`.
fn shipped_in(folder: &str, ruleset: &str, id: &str) -> String {
    let path = root().join("unit-sheets").join(ruleset).join("units.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    let line = text
        .lines()
        .position(|l| l == format!("id = \"{id}\""))
        .unwrap_or_else(|| panic!("{id} in {}", path.display()))
        + 1;
    format!("{folder}/{ruleset}/units.toml:{line}")
}

/// Each ruleset: a shipped unit, a value of it to change (the line as the copy has it, and
/// the new one), what the card then says in English, the card's illustrative mark, and a
/// list that takes the unit (`{unit}`) beside a shipped one.
struct Case {
    ruleset: &'static str,
    unit: &'static str,
    other: &'static str,
    line: &'static str,
    new: &'static str,
    shown: &'static str,
    mark: &'static str,
    list: &'static str,
}

const CASES: &[Case] = &[
    Case {
        ruleset: "hm-qrs",
        unit: "veteran-infantry",
        other: "line-infantry",
        line: "points = 52",
        new: "points = 60",
        shown: "Stamina 3 — 60 pts",
        mark: "illustrative unit type (muster)",
        list: "[list]\nname = \"Mine\"\nruleset = \"hm-qrs\"\npoints = 110\n\n[[brigade]]\nid = \"kempt\"\nname = \"8th brigade\"\ncommander = \"Kempt\"\nrating = 8\n\n[[units]]\nunit = \"{unit}\"\nbrigade = \"kempt\"\n\n[[units]]\nunit = \"line-infantry\"\nbrigade = \"kempt\"\n",
    },
    Case {
        ruleset: "thucydide",
        unit: "hoplites",
        other: "spartiates",
        line: "assault = 4",
        new: "assault = 5",
        shown: "Assault 5",
        mark: "illustrative troop type (muster)",
        list: "[list]\nname = \"Mine\"\nruleset = \"thucydide\"\n\n[[units]]\nunit = \"{unit}\"\ncharacter = \"general\"\n\n[[units]]\nunit = \"spartiates\"\n",
    },
];

#[test]
fn a_players_unit_takes_the_place_of_an_illustrative_one() {
    for c in CASES {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let r = c.ruleset;
        let made = run(
            d,
            &["--ruleset", r, "sheets", "new", c.unit, "--from", c.unit],
        );
        assert_eq!(made.code, 0, "{}", made.stderr);
        let file = format!("my-sheets/{r}/units/{}.toml", c.unit);
        assert_eq!(
            made.stderr,
            format!(
                "wrote {file}: a copy of `{}` (yours takes the place of `{}` of the data); change it, then `muster data check`\n",
                c.unit, c.unit
            )
        );
        set_value(&d.join(&file), c.line, c.new);
        // data check says which unit it replaces, FILE:LINE each.
        let check = run(d, &["data", "check", "--ruleset", r]);
        assert_eq!(check.code, 0, "{}", check.stderr);
        let first = shipped_at(r, c.unit);
        let note = format!(
            "note: {file}:5: unit `{}` replaces the one of {first}\n",
            c.unit
        );
        assert!(check.stderr.starts_with(&note), "{}", check.stderr);
        // sheets show: the player's value, no illustrative mark, whose it is.
        let shown = run(
            d,
            &["--ruleset", r, "sheets", "show", c.unit, "--lang", "en"],
        );
        assert_eq!(shown.code, 0, "{}", shown.stderr);
        assert!(shown.stdout.contains(c.shown), "{}", shown.stdout);
        assert!(!shown.stdout.contains(c.mark), "{}", shown.stdout);
        assert!(
            shown.stdout.ends_with(&format!(
                "source: yours ({file}:5), in the place of {first}\n"
            )),
            "{}",
            shown.stdout
        );
        let other = run(
            d,
            &["--ruleset", r, "sheets", "show", c.other, "--lang", "en"],
        );
        assert!(other.stdout.contains(c.mark), "{}", other.stdout);
        assert!(
            other.stdout.ends_with(
                "source: illustrative values written for muster, not an official sheet\n"
            ),
            "{}",
            other.stdout
        );
        // The card as it prints (SVG): the mark only on the shipped unit's.
        for (id, marked) in [(c.unit, false), (c.other, true)] {
            let svg = d.join(format!("{id}.svg"));
            let sheet = id.to_owned();
            let out = run(
                d,
                &[
                    "--ruleset",
                    r,
                    "cards",
                    "--sheet",
                    &sheet,
                    "--lang",
                    "en",
                    "-o",
                    svg.to_str().unwrap(),
                ],
            );
            assert_eq!(out.code, 0, "{}", out.stderr);
            let text = std::fs::read_to_string(&svg).unwrap();
            assert_eq!(
                text.contains(&format!(">{}<", c.mark)),
                marked,
                "{id}: {text}"
            );
        }
        // JSON: whose each unit is.
        let mine = json(&run(
            d,
            &["--ruleset", r, "sheets", "show", c.unit, "--format", "json"],
        ));
        assert_eq!(mine["provenance"], "player");
        let theirs = json(&run(
            d,
            &[
                "--ruleset",
                r,
                "sheets",
                "show",
                c.other,
                "--format",
                "json",
            ],
        ));
        assert_eq!(theirs["provenance"], "illustrative");
        // A list with it checks, its unit the player's.
        std::fs::create_dir_all(d.join("lists")).unwrap();
        std::fs::write(d.join("lists/l.toml"), c.list.replace("{unit}", c.unit)).unwrap();
        let checked = run(d, &["check", "lists/l.toml"]);
        assert_eq!(checked.code, 0, "{}", checked.stderr);
        let v = json(&run(d, &["check", "lists/l.toml", "--format", "json"]));
        assert_eq!(v["units"][0]["provenance"], "player", "{v}");
        assert_eq!(v["units"][1]["provenance"], "illustrative", "{v}");
        if r == "hm-qrs" {
            assert_eq!(v["units"][0]["cost"], 60, "{v}");
        }
    }
}

#[test]
fn sheets_new_copies_a_unit_into_the_players_units_folder() {
    for (r, from, new, what) in [
        ("hm-qrs", "riflemen", "my-rifles", "unit type"),
        ("thucydide", "peltastes", "my-peltasts", "troop type"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let made = run(d, &["--ruleset", r, "sheets", "new", new, "--from", from]);
        assert_eq!(made.code, 0, "{}", made.stderr);
        let file = format!("my-sheets/{r}/units/{new}.toml");
        assert_eq!(
            made.stderr,
            format!("wrote {file}: a copy of `{from}`; change it, then `muster data check`\n")
        );
        let text = std::fs::read_to_string(d.join(&file)).unwrap();
        assert!(
            text.starts_with("# Your own ") && text.contains(&format!("copied from `{from}`")),
            "{text}"
        );
        assert!(
            text.contains(&format!("[[unit]]\nid = \"{new}\"\nname = {{ fr = ")),
            "{text}"
        );
        // The copy reads back to the values of the unit it copies.
        let mut copy = json(&run(
            d,
            &["--ruleset", r, "sheets", "show", new, "--format", "json"],
        ));
        let mut original = json(&run(
            d,
            &["--ruleset", r, "sheets", "show", from, "--format", "json"],
        ));
        assert_eq!(copy["provenance"], "player");
        assert_eq!(original["provenance"], "illustrative");
        for v in [&mut copy, &mut original] {
            let o = v.as_object_mut().unwrap();
            o.remove("id");
            o.remove("provenance");
        }
        assert_eq!(copy, original);
        // data check: a unit of one's own replaces nothing.
        let check = run(d, &["data", "check", "--ruleset", r]);
        assert_eq!(check.code, 0, "{}", check.stderr);
        assert!(
            check.stderr.starts_with(&format!("ok: {r}: ")),
            "{}",
            check.stderr
        );
        // Never over a file already there.
        let again = run(d, &["--ruleset", r, "sheets", "new", new, "--from", from]);
        assert_eq!(again.code, 2);
        assert_eq!(
            again.stderr,
            format!("error: `{new}` is one of your own unit types already, in {file}: change it there (or in the builder's sheet editor), or give the new one another id; nothing written\n")
        );
        assert_eq!(std::fs::read_to_string(d.join(&file)).unwrap(), text);
        // A bad id; an unknown unit, with the ids it may have meant.
        let bad = run(
            d,
            &["--ruleset", r, "sheets", "new", "My Unit", "--from", from],
        );
        assert_eq!(bad.code, 2);
        assert_eq!(
            bad.stderr,
            format!(
                "error: `My Unit` is not a {what} id: 1 to 64 lowercase letters, digits and hyphens\n"
            )
        );
        let typo = &from[..from.len() - 1];
        let unknown = run(d, &["--ruleset", r, "sheets", "new", "x", "--from", typo]);
        assert_eq!(unknown.code, 2);
        assert!(
            unknown.stderr.contains(&format!("unknown {what} `{typo}`"))
                && unknown.stderr.contains(from),
            "{}",
            unknown.stderr
        );
    }
}

#[test]
fn ids_are_unique_inside_the_players_units_folder() {
    for (r, from) in [("hm-qrs", "militia"), ("thucydide", "hoplites")] {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        assert_eq!(
            run(
                d,
                &["--ruleset", r, "sheets", "new", "mine", "--from", from]
            )
            .code,
            0
        );
        let text =
            std::fs::read_to_string(d.join(format!("my-sheets/{r}/units/mine.toml"))).unwrap();
        std::fs::write(d.join(format!("my-sheets/{r}/units/again.toml")), &text).unwrap();
        let check = run(d, &["data", "check", "--ruleset", r]);
        assert_eq!(check.code, 1, "{}", check.stderr);
        assert_eq!(
            check.stderr,
            format!(
                "error[duplicate-id]: duplicate unit id `mine`
  ┌─ my-sheets/{r}/units/mine.toml:5:6
  │
5 │ id = \"mine\"
  │      ^^^^^^ defined again here
  │
  ┌─ my-sheets/{r}/units/again.toml:5:6
  │
5 │ id = \"mine\"
  │      ------ first defined here
  │
  = ids are unique inside a data directory (a later one, given by --data or the player's my-sheets/, may replace an entry of an earlier one)

data check failed: {r}: 1 error, 0 warnings
"
            )
        );
    }
}

#[test]
fn a_units_diagnostics_point_into_its_own_file() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // hm-qrs: a formation and a size the rules do not have, in the player's second unit
    // of a file of two.
    std::fs::create_dir_all(d.join("my-sheets/hm-qrs/units")).unwrap();
    std::fs::write(
        d.join("my-sheets/hm-qrs/units/mine.toml"),
        "# Two units of mine.\n[[unit]]\nid = \"my-line\"\nname = { fr = \"Ma ligne\", en = \"My line\" }\narm = \"infantry\"\nformation = \"line\"\nhand_to_hand = 6\nshooting = 3\nmorale = 4\nstamina = 3\nsize = \"standard\"\nweapon = \"smoothbore-musket\"\n\n[[unit]]\nid = \"my-column\"\nname = { fr = \"Ma colonne\", en = \"My column\" }\narm = \"infantry\"\nformation = \"attack-colum\"\nhand_to_hand = 6\nshooting = 3\nmorale = 4\nstamina = 3\nsize = \"huge\"\nweapon = \"smoothbore-musket\"\n",
    )
    .unwrap();
    let check = run(d, &["data", "check", "--ruleset", "hm-qrs"]);
    assert_eq!(check.code, 1, "{}", check.stderr);
    assert_eq!(
        check.stderr,
        "error[unknown-reference]: unknown formation `attack-colum`
   ┌─ my-sheets/hm-qrs/units/mine.toml:18:13
   │
18 │ formation = \"attack-colum\"
   │             ^^^^^^^^^^^^^^ not a formation of rules.toml
   │
   = help: did you mean `attack-column`?
   = rule: hm-qrs data (horse-and-musket-quick-reference)

error[unknown-reference]: unknown size `huge`
   ┌─ my-sheets/hm-qrs/units/mine.toml:23:8
   │
23 │ size = \"huge\"
   │        ^^^^^^ not a size of rules.toml
   │
   = rule: hm-qrs data (horse-and-musket-quick-reference)

data check failed: hm-qrs: 2 errors, 0 warnings
"
    );
    // Thucydide: an armour that is not one, and too many elements.
    std::fs::create_dir_all(d.join("my-sheets/thucydide/units")).unwrap();
    std::fs::write(
        d.join("my-sheets/thucydide/units/mine.toml"),
        "[[unit]]\nid = \"my-hoplites\"\nname = { fr = \"Mes hoplites\", en = \"My hoplites\" }\ntype = \"infantry\"\narmour = \"purple\"\nfire = 0\nassault = 4\nmelee = 3\nelements = 14\n",
    )
    .unwrap();
    let check = run(d, &["data", "check", "--ruleset", "thucydide"]);
    assert_eq!(check.code, 1, "{}", check.stderr);
    assert_eq!(
        check.stderr,
        "error[unknown-reference]: unknown armour `purple`
  ┌─ my-sheets/thucydide/units/mine.toml:5:10
  │
5 │ armour = \"purple\"
  │          ^^^^^^^^ no armour with this id
  │
  = rule: thucydide data (thucydide-combat)

error[out-of-range]: elements must be between 1 and 12, found 14
  ┌─ my-sheets/thucydide/units/mine.toml:9:12
  │
9 │ elements = 14
  │            ^^ 1 to 12
  │
  = rule: thucydide data (thucydide-combat)

data check failed: thucydide: 2 errors, 0 warnings
"
    );
}

#[test]
fn later_data_directories_add_units_but_not_a_second_rules_table() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // A second --data directory with a units.toml: its unit replaces the shipped one.
    std::fs::create_dir_all(d.join("more/hm-qrs")).unwrap();
    let shipped = root().join("unit-sheets");
    let units = "[[unit]]\nid = \"militia\"\nname = { fr = \"Milice aguerrie\", en = \"Seasoned militia\" }\narm = \"infantry\"\nformation = \"line\"\nhand_to_hand = 5\nshooting = 3\nmorale = 4\nstamina = 3\nsize = \"standard\"\nweapon = \"smoothbore-musket\"\npoints = 40\n";
    std::fs::write(d.join("more/hm-qrs/units.toml"), units).unwrap();
    let data = ["--data", shipped.to_str().unwrap(), "--data", "more"];
    let mut args = data.to_vec();
    args.extend(["data", "check", "--ruleset", "hm-qrs"]);
    let check = run(d, &args);
    assert_eq!(check.code, 0, "{}", check.stderr);
    assert!(
        check.stderr.starts_with(&format!(
            "note: more/hm-qrs/units.toml:2: unit `militia` replaces the one of {}\n",
            shipped_in(shipped.to_str().unwrap(), "hm-qrs", "militia")
        )),
        "{}",
        check.stderr
    );
    let mut args = data.to_vec();
    args.extend([
        "--ruleset",
        "hm-qrs",
        "sheets",
        "show",
        "militia",
        "--lang",
        "en",
    ]);
    assert!(run(d, &args).stdout.starts_with("Seasoned militia\n"));
    // A second rules.toml stays an error.
    std::fs::copy(
        shipped.join("hm-qrs/rules.toml"),
        d.join("more/hm-qrs/rules.toml"),
    )
    .unwrap();
    let mut args = data.to_vec();
    args.extend(["data", "check", "--ruleset", "hm-qrs"]);
    let check = run(d, &args);
    assert_eq!(check.code, 1, "{}", check.stderr);
    assert!(
        check.stderr.starts_with(
            "error[duplicate-table]: rules.toml is defined in two data directories\n"
        ) && check.stderr.contains(
            "= a later data directory may add or replace entries (units.toml, units/*.toml), not the other tables\n"
        ),
        "{}",
        check.stderr
    );
}

// ── the sheet editor's API for these rulesets ───────────────────────────────────────────────

/// The labels of a form's fields, by key (a group's as `key.sub`).
fn labels_of(form: &serde_json::Value) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for f in form["fields"].as_array().unwrap() {
        let key = f["key"].as_str().unwrap();
        out.push((key.to_owned(), f["label"].as_str().unwrap().to_owned()));
        for g in f["fields"].as_array().into_iter().flatten() {
            out.push((
                format!("{key}.{}", g["key"].as_str().unwrap()),
                g["label"].as_str().unwrap().to_owned(),
            ));
        }
    }
    out
}

fn field<'a>(form: &'a serde_json::Value, key: &str) -> &'a serde_json::Value {
    form["fields"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["key"] == key)
        .unwrap_or_else(|| panic!("no field {key} in {form}"))
}

fn choice_labels(f: &serde_json::Value) -> Vec<&str> {
    f["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["label"].as_str().unwrap())
        .collect()
}

#[test]
fn the_unit_editor_answers_in_french_draws_the_card_and_saves_into_the_units_folder() {
    let s = Server::start();
    // The form, in French: every field named, the ids' choices by name, units and bounds.
    let r = s.get("/api/sheets/form?ruleset=hm-qrs&lang=fr");
    assert_eq!(r.status, 200, "{}", r.text());
    let v = r.json();
    let form = &v["form"];
    assert_eq!(form["table"], "unit");
    assert_eq!(form["folder"], "units");
    let labels = labels_of(form);
    for (key, label) in &labels {
        assert!(
            !label.is_empty() && label != key.rsplit('.').next().unwrap(),
            "field {key} is named by its key: {labels:?}"
        );
    }
    assert_eq!(field(form, "hand_to_hand")["label"], "Corps à corps (CàC)");
    assert_eq!(field(form, "hand_to_hand")["unit"], "dés");
    assert_eq!(field(form, "morale")["min"], 2);
    assert_eq!(field(form, "morale")["max"], 6);
    assert_eq!(field(form, "points")["unit"], "pts");
    assert_eq!(
        choice_labels(field(form, "arm")),
        ["Infanterie", "Cavalerie", "Artillerie"]
    );
    assert!(choice_labels(field(form, "formation")).contains(&"Carré"));
    assert!(choice_labels(field(form, "size")).contains(&"Grande unité"));
    assert!(
        choice_labels(field(form, "weapon")).contains(&"Mousquets à âme lisse (12\" / 30 cm)"),
        "{:?}",
        choice_labels(field(form, "weapon"))
    );
    // Thucydide's, in French too.
    let t = s
        .get("/api/sheets/form?ruleset=thucydide&lang=fr&from=peltastes")
        .json();
    let tf = &t["form"];
    for (key, label) in labels_of(tf) {
        assert_ne!(label, key.rsplit('.').next().unwrap(), "{key}");
    }
    assert_eq!(field(tf, "range")["unit"], "cases");
    assert_eq!(field(tf, "elements")["max"], 12);
    assert_eq!(field(tf, "traits")["kind"], "many");
    assert!(choice_labels(field(tf, "traits")).contains(&"Insaisissable"));
    assert!(choice_labels(field(tf, "armour")).contains(&"Vert (légère)"));
    assert_eq!(t["provenance"], "illustrative");
    assert_eq!(t["values"]["traits"], serde_json::json!(["elusive"]));

    // A draft with a wrong value: the problem at its field with its bounds and the field's
    // name in the page's language (the data's check, which says the same, is not said
    // twice), and the card drawn all the same.
    let mut values = serde_json::json!({
        "id": "my-line",
        "name": { "fr": "Ma ligne", "en": "My line" },
        "arm": "infantry",
        "formation": "line",
        "hand_to_hand": 6,
        "shooting": 3,
        "morale": 9,
        "stamina": 3,
        "size": "standard",
        "weapon": "smoothbore-musket",
        "points": 40,
    });
    // With the version of the player's file the page opened, the page sends the id it opened
    // to change (the editor's form says it: `editing`).
    let body = |values: &serde_json::Value, version: Option<&str>| {
        let editing = version.map(|_| values["id"].clone());
        serde_json::json!({ "values": values, "version": version, "editing": editing }).to_string()
    };
    let r = s.send(
        "POST",
        "/api/sheets/draft?ruleset=hm-qrs&lang=fr",
        &[],
        body(&values, None).as_bytes(),
    );
    assert_eq!(r.status, 200, "{}", r.text());
    let draft = r.json();
    assert_eq!(
        draft["problems"],
        serde_json::json!([{
            "field": "morale",
            "path": "morale",
            "labels": ["Sauvegarde de moral"],
            "kind": "bounds",
            "min": 2,
            "max": 6,
            "found": 9,
        }])
    );
    assert_eq!(draft["diagnostics"], serde_json::json!([]));
    let svg = draft["svg"].as_str().unwrap();
    assert!(
        svg.starts_with("<svg") && svg.contains(">Ma ligne<"),
        "{svg}"
    );
    // The player's unit: no illustrative mark.
    assert!(!svg.contains("illustratif"), "{svg}");
    // Saving is refused while it has an error.
    let r = s.send(
        "POST",
        "/api/sheets/save?ruleset=hm-qrs&lang=fr",
        &[],
        body(&values, None).as_bytes(),
    );
    assert_eq!(r.status, 422, "{}", r.text());
    // Fixed, it is saved into the player's units folder.
    values["morale"] = 4.into();
    let r = s.send(
        "POST",
        "/api/sheets/save?ruleset=hm-qrs&lang=fr",
        &[],
        body(&values, None).as_bytes(),
    );
    assert_eq!(r.status, 200, "{}", r.text());
    let saved = r.json();
    assert_eq!(saved["file"], "my-sheets/hm-qrs/units/my-line.toml");
    let path = s.dir.path().join("my-sheets/hm-qrs/units/my-line.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(
        text,
        "# Your own sheet `my-line`, written by muster's sheet editor; yours to change.
[[unit]]
id = \"my-line\"
name = { fr = \"Ma ligne\", en = \"My line\" }
arm = \"infantry\"
formation = \"line\"
hand_to_hand = 6
shooting = 3
morale = 4
stamina = 3
size = \"standard\"
weapon = \"smoothbore-musket\"
points = 40
"
    );
    // In the data at once: the API's unit types, the player's.
    let sheets = s.get("/api/sheets?ruleset=hm-qrs").json();
    assert!(
        sheets
            .as_array()
            .unwrap()
            .iter()
            .any(|u| u["id"] == "my-line"),
        "{sheets}"
    );
    let opened = s
        .get("/api/sheets/form?ruleset=hm-qrs&lang=fr&from=my-line")
        .json();
    assert_eq!(opened["provenance"], "player");
    let version = opened["version"].as_str().unwrap().to_owned();
    // Saved again with a comment of the player's in the file: the comment stays.
    std::fs::write(
        &path,
        text.replace("morale = 4\n", "morale = 4 # after Ligny\n"),
    )
    .unwrap();
    let stale = s.send(
        "POST",
        "/api/sheets/save?ruleset=hm-qrs&lang=fr",
        &[],
        body(&values, Some(&version)).as_bytes(),
    );
    assert_eq!(
        stale.status,
        412,
        "a file changed on disk is not overwritten: {}",
        stale.text()
    );
    let version = s
        .get("/api/sheets/form?ruleset=hm-qrs&lang=fr&from=my-line")
        .json()["version"]
        .as_str()
        .unwrap()
        .to_owned();
    values["points"] = 44.into();
    let r = s.send(
        "POST",
        "/api/sheets/save?ruleset=hm-qrs&lang=fr",
        &[],
        body(&values, Some(&version)).as_bytes(),
    );
    assert_eq!(r.status, 200, "{}", r.text());
    let again = std::fs::read_to_string(&path).unwrap();
    assert!(again.contains("morale = 4 # after Ligny\n"), "{again}");
    assert!(again.contains("\npoints = 44\n"), "{again}");
    // The CLI reads it as every command does.
    let check = muster_in(
        s.dir.path(),
        &[
            "--data",
            root().join("unit-sheets").to_str().unwrap(),
            "data",
            "check",
            "--ruleset",
            "hm-qrs",
        ],
        &[],
    );
    assert_eq!(check.code, 0, "{}", check.stderr);

    // A name given in one language only: the missing one is said at the name's field.
    let r = s.send(
        "POST",
        "/api/sheets/draft?ruleset=thucydide&lang=fr",
        &[],
        body(
            &serde_json::json!({ "id": "x", "name": { "fr": "X" }, "type": "infantry",
                "armour": "red", "fire": 0, "assault": 3, "melee": 3, "elements": 4 }),
            None,
        )
        .as_bytes(),
    );
    let draft = r.json();
    assert_eq!(
        draft["problems"],
        serde_json::json!([{ "field": "name", "path": "name.en", "labels": ["Nom", "en anglais"],
            "kind": "missing" }])
    );
    assert_eq!(draft["diagnostics"], serde_json::json!([]));
    // Thucydide: a draft of a troop type with its traits; its card drawn, in English.
    let troop = serde_json::json!({
        "id": "my-slingers",
        "name": { "fr": "Mes frondeurs", "en": "My slingers" },
        "type": "infantry",
        "armour": "yellow",
        "fire": 2,
        "range": 3,
        "assault": 1,
        "melee": 1,
        "elements": 2,
        "traits": ["elusive"],
    });
    let r = s.send(
        "POST",
        "/api/sheets/draft?ruleset=thucydide&lang=en",
        &[],
        body(&troop, None).as_bytes(),
    );
    let draft = r.json();
    assert_eq!(draft["diagnostics"], serde_json::json!([]), "{draft}");
    let svg = draft["svg"].as_str().unwrap();
    assert!(svg.contains(">My slingers<"), "{svg}");
    assert!(!svg.contains("illustrative"), "{svg}");
    let r = s.send(
        "POST",
        "/api/sheets/save?ruleset=thucydide&lang=en",
        &[],
        body(&troop, None).as_bytes(),
    );
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(
        r.json()["file"],
        "my-sheets/thucydide/units/my-slingers.toml"
    );
}
