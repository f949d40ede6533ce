//! The player's data layer under attack: every sheet or entry defined once, where it is
//! (the sheet editor and `sheets new` save an id in the file that holds it); an import that
//! writes all its files or none, only where its ruleset reads them, and says what does not
//! read by the code's parts, never by a temporary path; one bound for a record's cost.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use muster::core::share_code::{self, Shared, SharedSheet};

use crate::serve::Server;
use crate::{muster_in, root, tree, Run};

fn run(dir: &Path, args: &[&str]) -> Run {
    muster_in(dir, args, &[])
}

/// Two WAB entries of the player's in one file, as docs/wab-aca.md lays them out.
const MY_ARMY: &str = "# My French, two regiments of hussars
[[entry]]
id = \"my-hussars-7\"
name = { fr = \"7e hussards\", es = \"7.º de húsares\", en = \"7th Hussars\" }
army = \"france-1809\"
kind = \"cavalry\"
class = \"light-cavalry\"
quality = \"veteran\"
profile = { m = 9, ws = 3, bs = 3, s = 3, t = 3, w = 1, i = 4, a = 1, ld = 8, sv = 6 }
cost = 19 # as painted
figures = { min = 4, max = 16 }
weapon = \"sword\"
formations = [\"cavalry-march-column\", \"cavalry-line\", \"foragers\"]

[[entry]]
id = \"my-hussars-8\"
name = { fr = \"8e hussards\", es = \"8.º de húsares\", en = \"8th Hussars\" }
army = \"france-1809\"
kind = \"cavalry\"
class = \"light-cavalry\"
quality = \"veteran\"
profile = { m = 9, ws = 3, bs = 3, s = 3, t = 3, w = 1, i = 4, a = 1, ld = 7, sv = 6 }
cost = 18
figures = { min = 4, max = 16 }
weapon = \"sword\"
formations = [\"cavalry-march-column\", \"cavalry-line\", \"foragers\"]
";

/// The sheet editor saves a player's entry in the file that holds it, among others: the
/// form answers that file's version, the save changes that entry's keys there and writes no
/// second file (it wrote `armies/my-hussars-7.toml`, defining the id twice, and every WAB
/// command failed).
#[test]
fn the_editor_saves_an_entry_in_the_file_that_holds_it() {
    let mut s = Server::launch(&[], &[]);
    let armies = s.dir.path().join("my-sheets/wab-aca/armies");
    std::fs::create_dir_all(&armies).unwrap();
    let file = armies.join("my-army.toml");
    std::fs::write(&file, MY_ARMY).unwrap();
    s.cookie = None;
    let form = s
        .get("/api/sheets/form?ruleset=wab-aca&lang=en&from=my-hussars-7")
        .json();
    assert_eq!(form["provenance"], "player", "{form}");
    let version = form["version"].as_str().unwrap_or_else(|| {
        panic!("the form answers the version of the file that holds the entry: {form}")
    });
    assert_eq!(form["editing"], "my-hussars-7", "{form}");
    let mut values = form["values"].clone();
    values["cost"] = 21.into();
    let body =
        serde_json::json!({ "values": values, "version": version, "editing": form["editing"] })
            .to_string();
    let r = s.send(
        "POST",
        "/api/sheets/save?ruleset=wab-aca&lang=en",
        &[],
        body.as_bytes(),
    );
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(r.json()["file"], "my-sheets/wab-aca/armies/my-army.toml");
    // One file, the entry's key changed in it, its comment and the other entry kept.
    let names: Vec<String> = std::fs::read_dir(&armies)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["my-army.toml"]);
    let text = std::fs::read_to_string(&file).unwrap();
    assert_eq!(
        text,
        MY_ARMY.replacen("cost = 19 # as painted", "cost = 21 # as painted", 1)
    );
    // Every WAB command still reads the data, and the page too.
    let check = muster_in(
        s.dir.path(),
        &[
            "--data",
            root().join("unit-sheets").to_str().unwrap(),
            "--data",
            "my-sheets",
            "data",
            "check",
            "--ruleset",
            "wab-aca",
        ],
        &[],
    );
    assert_eq!(check.code, 0, "{}", check.stderr);
    let again = s.get("/api/sheets/form?ruleset=wab-aca&lang=en&from=my-hussars-8");
    assert_eq!(again.status, 200, "{}", again.text());
    // A copy saved under an id the file holds, without its version, is refused: never a
    // second definition.
    let mut copy = values.clone();
    copy["id"] = "my-hussars-8".into();
    let body = serde_json::json!({ "values": copy }).to_string();
    let r = s.send(
        "POST",
        "/api/sheets/save?ruleset=wab-aca&lang=en",
        &[],
        body.as_bytes(),
    );
    assert_eq!(r.status, 409, "{}", r.text());
    assert_eq!(
        std::fs::read_dir(&armies).unwrap().count(),
        1,
        "no second file"
    );
}

/// `sheets new ID --from X` where ID is already one of the player's sheets, in a file of
/// another name, is refused (it wrote a second definition, and every Capitán command failed).
#[test]
fn sheets_new_refuses_an_id_the_players_layer_defines() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let made = run(
        d,
        &["sheets", "new", "my-light", "--from", "gb-95th-riflemen"],
    );
    assert_eq!(made.code, 0, "{}", made.stderr);
    let sheets = d.join("my-sheets/capitan/sheets");
    std::fs::rename(sheets.join("my-light.toml"), sheets.join("mine.toml")).unwrap();
    let before = tree(d);
    let r = run(d, &["sheets", "new", "my-light", "--from", "gb-43rd-light"]);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert_eq!(
        r.stderr,
        "error: `my-light` is one of your own sheets already, in my-sheets/capitan/sheets/mine.toml: change it there (or in the builder's sheet editor), or give the new one another id; nothing written\n"
    );
    assert_eq!(tree(d), before, "nothing written");
    assert_eq!(run(d, &["data", "check"]).code, 0);
}

/// A code carrying the player's own sheet `my-light` (courage 8), made the way another muster
/// would make it; `path` is where the code says the sheet goes.
fn code_with(sheets: &[(&str, &str, String)]) -> String {
    let list = std::fs::read_to_string(root().join("lists/sharpe-patrol.toml")).unwrap();
    let list = list.replacen("sheet = \"gb-95th-riflemen\"", "sheet = \"my-light\"", 1);
    assert!(list.contains("my-light"), "{list}");
    share_code::encode(&Shared {
        ruleset: "capitan".into(),
        name: "light".into(),
        list,
        sheets: sheets
            .iter()
            .map(|(id, path, text)| SharedSheet {
                id: (*id).into(),
                path: (*path).into(),
                text: text.clone(),
            })
            .collect(),
    })
    .unwrap()
}

/// The text of a copy of the shipped riflemen as `my-light`, courage 8 (with `extra` after
/// its id line).
fn my_light(extra: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let r = run(
        dir.path(),
        &["sheets", "new", "my-light", "--from", "gb-95th-riflemen"],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let text =
        std::fs::read_to_string(dir.path().join("my-sheets/capitan/sheets/my-light.toml")).unwrap();
    assert!(text.contains("courage = 7"), "{text}");
    text.replacen("courage = 7", "courage = 8", 1).replacen(
        "id = \"my-light\"\n",
        &format!("id = \"my-light\"\n{extra}"),
        1,
    )
}

/// An import writes all its files or none: when the list cannot be written, the sheets it
/// carried are not left in `my-sheets/` (they were), and the error names the file asked
/// for, never muster's temporary file (it said `at path ".muster-…"`).
#[test]
fn an_import_writes_all_its_files_or_none() {
    let code = code_with(&[("my-light", "sheets/my-light.toml", my_light(""))]);
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("afile"), "a file, not a folder\n").unwrap();
    let before = tree(d);
    let r = run(d, &["list", "import", &code, "-o", "afile/x.toml"]);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert_eq!(
        r.stderr,
        "error: cannot write afile/x.toml: afile is not a folder\n"
    );
    assert_eq!(tree(d), before, "nothing left behind, no folder made");
    // The same import where it can be written: the sheet and the list, both.
    let r = run(d, &["list", "import", &code, "-o", "lists/x.toml"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(d.join("my-sheets/capitan/sheets/my-light.toml").is_file());
    assert!(d.join("lists/x.toml").is_file());
    assert_eq!(run(d, &["check", "lists/x.toml"]).code, 0);
}

/// A code's sheet goes where its ruleset reads sheets, whatever folder the code names (a
/// Capitán sheet placed in `armies/` was written where Capitán never reads it, and the list
/// came out invalid).
#[test]
fn a_codes_sheet_goes_where_its_ruleset_reads_it() {
    let code = code_with(&[("my-light", "armies/my-light.toml", my_light(""))]);
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let r = run(d, &["list", "import", &code]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stderr.contains(
            "note: their own sheet `my-light`: new here, written to my-sheets/capitan/sheets/my-light.toml\n"
        ),
        "{}",
        r.stderr
    );
    assert!(!d.join("my-sheets/capitan/armies").exists());
    let check = run(d, &["check", "lists/light.toml"]);
    assert_eq!(check.code, 0, "{}", check.stderr);
}

/// A code carrying one sheet twice is refused as such, on the command line and on the web
/// (the web answered 409 "a list `dupx.toml` is there already" though there was none; with
/// two files of one id, the command line cited a temporary folder).
#[test]
fn a_code_carrying_a_sheet_twice_is_refused_as_such() {
    let said = "error: the code carries the sheet `my-light` twice: a code made by `muster list share` carries each once; nothing written\n";
    for second in ["sheets/my-light.toml", "sheets/other.toml"] {
        let code = code_with(&[
            ("my-light", "sheets/my-light.toml", my_light("")),
            ("my-light", second, my_light("")),
        ]);
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let r = run(d, &["list", "import", &code]);
        assert_eq!((r.code, r.stderr.as_str()), (1, said), "{second}");
        assert!(tree(d).is_empty(), "nothing written");

        let mut s = Server::launch(&[], &[]);
        s.cookie = None;
        let before = tree(s.dir.path());
        let body = serde_json::json!({ "code": code, "name": "dupx.toml" }).to_string();
        let r = s.send("POST", "/api/import", &[], body.as_bytes());
        assert_eq!(r.status, 422, "{}", r.text());
        assert_eq!(
            r.json()["error"],
            said.trim_start_matches("error: ").trim_end()
        );
        assert_eq!(tree(s.dir.path()), before, "nothing written");
    }
}

/// A carried sheet that does not read over the importer's data is said by the code's part,
/// line and column, on the command line and on the web (the web said only "1 error", the
/// details going to the server's stderr).
#[test]
fn what_does_not_read_is_said_by_the_codes_part() {
    let code = code_with(&[(
        "my-light",
        "sheets/my-light.toml",
        my_light("").replacen("courage = 8", "courage = 99", 1),
    )]);
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let r = run(d, &["list", "import", &code]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    let tmp = std::env::temp_dir().display().to_string();
    assert!(!r.stderr.contains(&tmp), "{}", r.stderr);
    assert!(!r.stderr.contains(".tmp"), "{}", r.stderr);
    assert!(
        r.stderr.contains("┌─ the code's sheet `my-light`:"),
        "{}",
        r.stderr
    );
    assert!(
        r.stderr.ends_with(
            "error: the sheets the code carries do not read over your data (1 error); nothing written\n"
        ),
        "{}",
        r.stderr
    );
    assert!(tree(d).is_empty(), "nothing written");

    let mut s = Server::launch(&[], &[]);
    s.cookie = None;
    let body = serde_json::json!({ "code": code, "lang": "en" }).to_string();
    let r = s.send("POST", "/api/import", &[], body.as_bytes());
    assert_eq!(r.status, 422, "{}", r.text());
    let v = r.json();
    assert_eq!(
        v["error"],
        "the sheets the code carries do not read over your data (1 error); nothing written"
    );
    let d = &v["diagnostics"][0];
    assert_eq!(d["part"], "the code's sheet `my-light`", "{v}");
    assert!(d["line"].as_u64().unwrap() > 1, "{v}");
    assert!(d["message"].as_str().unwrap().contains("courage"), "{v}");
    // The refusal's heading in the page's language (it was said in English on every page).
    for (lang, heading) in [
        ("fr", "les fiches que porte le code ne se lisent pas sur vos données (1 erreur) ; rien n'est écrit"),
        ("es", "las fichas que lleva el código no se leen sobre sus datos (1 error); no se escribe nada"),
    ] {
        let body = serde_json::json!({ "code": code, "lang": lang }).to_string();
        let r = s.send("POST", "/api/import", &[], body.as_bytes());
        assert_eq!(r.status, 422, "{}", r.text());
        assert_eq!(r.json()["error"], heading, "{lang}");
    }
    let (_, stderr) = s.stop();
    assert!(
        !stderr.contains("courage"),
        "the details go to the page: {stderr}"
    );
}

/// A code whose list is not TOML says so as `muster check` would, in a few lines: a bracket
/// bomb of 200 KB was echoed whole by the command line and the web's JSON.
#[test]
fn a_code_whose_list_is_no_toml_says_it_briefly() {
    let bomb = "[".repeat(200_000);
    let code = share_code::encode(&Shared {
        ruleset: "capitan".into(),
        name: "bomb".into(),
        list: bomb,
        sheets: vec![],
    })
    .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let r = run(d, &["list", "import", &code]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(
        r.stderr.len() < 1500,
        "{} bytes: {}",
        r.stderr.len(),
        r.stderr
    );
    assert!(r.stderr.contains("┌─ the code's list:1:"), "{}", r.stderr);
    assert!(
        r.stderr
            .ends_with("error: the code's list is not a list file; nothing written\n"),
        "{}",
        r.stderr
    );
    let mut s = Server::launch(&[], &[]);
    s.cookie = None;
    let body = serde_json::json!({ "code": code }).to_string();
    let r = s.send("POST", "/api/import", &[], body.as_bytes());
    assert_eq!(r.status, 422, "{}", r.text());
    assert!(r.body.len() < 1500, "{} bytes: {}", r.body.len(), r.text());
}

/// A ruleset without a sheet editor says so in English ("has no a sheet editor" before).
#[test]
fn a_ruleset_without_a_sheet_editor_says_so() {
    let mut s = Server::launch(&[], &[]);
    s.cookie = None;
    let r = s.get("/api/sheets/form?ruleset=fire-classes&lang=en");
    assert_eq!(r.status, 422, "{}", r.text());
    assert_eq!(
        r.json()["error"],
        "Infantry fire capability has no sheet editor; see `muster rulesets` for what each rule system supports"
    );
}

/// A record's cost has one bound, read the same by `check` and every edit: past it, the same
/// located error from each (`check` passed a cost of 2^64 − 1 that `list update`, `list set`
/// and `list share` refused with a raw parser error).
#[test]
fn a_records_cost_has_one_bound() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::create_dir(d.join("lists")).unwrap();
    std::fs::copy(
        root().join("lists/sharpe-patrol.toml"),
        d.join("lists/p.toml"),
    )
    .unwrap();
    let r = run(d, &["list", "update", "lists/p.toml"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let recorded = std::fs::read_to_string(d.join("lists/p.toml")).unwrap();
    assert!(recorded.contains("priced = { cost = 244,"), "{recorded}");
    let at_bound = recorded.replacen("priced = { cost = 244,", "priced = { cost = 1000000000,", 1);
    std::fs::write(d.join("lists/p.toml"), &at_bound).unwrap();
    let r = run(d, &["check", "lists/p.toml"]);
    assert_eq!(r.code, 0, "the bound itself is read: {}", r.stderr);
    for cost in ["1000000001", "9223372036854775807", "18446744073709551615"] {
        let text = recorded.replacen(
            "priced = { cost = 244,",
            &format!("priced = {{ cost = {cost},"),
            1,
        );
        std::fs::write(d.join("lists/p.toml"), &text).unwrap();
        let check = run(d, &["check", "lists/p.toml"]);
        assert_eq!(check.code, 2, "{cost}: {}", check.stderr);
        assert!(
            check.stderr.contains(&format!(
                "┌─ lists/p.toml:17:19\n   │\n17 │ priced = {{ cost = {cost}, quality"
            )) && check
                .stderr
                .contains("expected a whole number of points from 0 to 1000000000"),
            "{}",
            check.stderr
        );
        for edit in [
            &["list", "update", "lists/p.toml"][..],
            &["list", "set", "lists/p.toml", "2", "--label", "Pat"],
            &["list", "share", "lists/p.toml"],
        ] {
            let r = run(d, edit);
            assert_eq!(
                (r.code, r.stderr.as_str()),
                (2, check.stderr.as_str()),
                "{edit:?} with cost {cost}"
            );
            assert_eq!(
                std::fs::read_to_string(d.join("lists/p.toml")).unwrap(),
                text,
                "{edit:?}: the list untouched"
            );
        }
    }
}

/// What a player does to their own layer of one ruleset (Capitán, or WAB), in any order.
#[derive(Debug, Clone)]
enum Op {
    /// `muster sheets new ID --from FROM`.
    New { id: usize, from: usize },
    /// The sheet editor: opened on the player's ID when they have it (with its file's
    /// version), else on a copy of a shipped sheet given the id ID; its cost changed; saved.
    Save { id: usize, from: usize, cost: u32 },
    /// `muster list import` of a code carrying the sharer's own sheet ID (Capitán; for WAB,
    /// a copy made with `sheets new`).
    Import { id: usize, courage: u8 },
    /// The player gathers two of their files into one, as docs/wab-aca.md lays entries out.
    Merge,
    /// The player renames one of their files.
    Rename,
}

const IDS: [&str; 2] = ["mine-a", "mine-b"];
const CAPITAN_FROM: [&str; 2] = ["gb-95th-riflemen", "gb-43rd-light"];
const WAB_FROM: [&str; 2] = ["fr-hussars", "fr-line-fusiliers"];

fn op() -> impl proptest::strategy::Strategy<Value = Op> {
    use proptest::prelude::*;
    prop_oneof![
        (0..IDS.len(), 0..2usize).prop_map(|(id, from)| Op::New { id, from }),
        (0..IDS.len(), 0..2usize, 10..40u32).prop_map(|(id, from, cost)| Op::Save {
            id,
            from,
            cost
        }),
        (0..IDS.len(), 6..10u8).prop_map(|(id, courage)| Op::Import { id, courage }),
        Just(Op::Merge),
        Just(Op::Rename),
    ]
}

/// The player's files of a ruleset's folder, sorted.
fn layer_files(dir: &Path, wab: bool) -> Vec<PathBuf> {
    let folder = if wab {
        "my-sheets/wab-aca/armies"
    } else {
        "my-sheets/capitan/sheets"
    };
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir.join(folder))
        .map(|r| {
            r.map(|e| e.unwrap().path())
                .filter(|p| p.extension().is_some_and(|x| x == "toml"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}

/// The ids the player's layer defines, each with how many times.
fn defined_ids(dir: &Path, wab: bool) -> BTreeMap<String, usize> {
    let mut ids = BTreeMap::new();
    for f in layer_files(dir, wab) {
        let text = std::fs::read_to_string(&f).unwrap();
        for line in text.lines() {
            if let Some(id) = line.strip_prefix("id = \"") {
                *ids.entry(id.trim_end_matches('"').to_owned()).or_default() += 1;
            }
        }
    }
    ids
}

fn apply(s: &Server, wab: bool, step: usize, op: &Op) -> String {
    let d = s.dir.path();
    let data = root().join("unit-sheets");
    let data = data.to_str().unwrap();
    let cli = |args: &[&str]| {
        let mut all = vec!["--data", data, "--data", "my-sheets"];
        all.extend_from_slice(args);
        let r = run(d, &all);
        assert!(
            r.code <= 2 && !r.stderr.contains("panicked"),
            "{args:?}: {}",
            r.stderr
        );
        format!("{args:?} → {}: {}", r.code, r.stderr.trim())
    };
    match op {
        Op::New { id, from } => {
            let (ruleset, from) = if wab {
                ("wab-aca", WAB_FROM[*from])
            } else {
                ("capitan", CAPITAN_FROM[*from])
            };
            cli(&[
                "--ruleset",
                ruleset,
                "sheets",
                "new",
                IDS[*id],
                "--from",
                from,
            ])
        }
        Op::Save { id, from, cost } => {
            let (ruleset, from, key) = if wab {
                ("wab-aca", WAB_FROM[*from], "cost")
            } else {
                ("capitan", CAPITAN_FROM[*from], "points")
            };
            let mine = s.get(&format!(
                "/api/sheets/form?ruleset={ruleset}&lang=en&from={}",
                IDS[*id]
            ));
            let form = if mine.status == 200 && mine.json()["provenance"] == "player" {
                mine.json()
            } else {
                let f = s
                    .get(&format!(
                        "/api/sheets/form?ruleset={ruleset}&lang=en&from={from}"
                    ))
                    .json();
                let mut f = f.clone();
                f["values"]["id"] = IDS[*id].into();
                f["version"] = serde_json::Value::Null;
                f
            };
            let mut values = form["values"].clone();
            values[key] = (*cost).into();
            let body = serde_json::json!({
                "values": values,
                "version": form["version"],
                "editing": form["editing"],
            })
            .to_string();
            let r = s.send(
                "POST",
                &format!("/api/sheets/save?ruleset={ruleset}&lang=en"),
                &[],
                body.as_bytes(),
            );
            assert!(
                [200, 404, 409, 412, 422].contains(&r.status),
                "save {}: {} {}",
                IDS[*id],
                r.status,
                r.text()
            );
            format!("save {} → {} {}", IDS[*id], r.status, r.text())
        }
        Op::Import { id, .. } if wab => cli(&[
            "--ruleset",
            "wab-aca",
            "sheets",
            "new",
            IDS[*id],
            "--from",
            WAB_FROM[0],
        ]),
        Op::Import { id, courage } => {
            let text = my_light("")
                .replacen("id = \"my-light\"", &format!("id = \"{}\"", IDS[*id]), 1)
                .replacen("courage = 8", &format!("courage = {courage}"), 1);
            let list = std::fs::read_to_string(root().join("lists/sharpe-patrol.toml"))
                .unwrap()
                .replacen(
                    "sheet = \"gb-95th-riflemen\"",
                    &format!("sheet = \"{}\"", IDS[*id]),
                    1,
                );
            let code = share_code::encode(&Shared {
                ruleset: "capitan".into(),
                name: "light".into(),
                list,
                sheets: vec![SharedSheet {
                    id: IDS[*id].into(),
                    path: format!("sheets/{}.toml", IDS[*id]),
                    text,
                }],
            })
            .unwrap();
            let out = format!("imported/{step}.toml");
            cli(&["list", "import", &code, "-o", &out])
        }
        Op::Merge => {
            let files = layer_files(d, wab);
            if let [a, b, ..] = files.as_slice() {
                let mut text = std::fs::read_to_string(a).unwrap();
                text.push('\n');
                text.push_str(&std::fs::read_to_string(b).unwrap());
                std::fs::write(a, text).unwrap();
                std::fs::remove_file(b).unwrap();
                format!("merged {} into {}", b.display(), a.display())
            } else {
                "nothing to merge".into()
            }
        }
        Op::Rename => match layer_files(d, wab).first() {
            Some(a) => {
                let to = a.with_file_name(format!("renamed-{step}.toml"));
                std::fs::rename(a, &to).unwrap();
                format!("renamed {} to {}", a.display(), to.display())
            }
            None => "nothing to rename".into(),
        },
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig {
        cases: crate::cases(10),
        failure_persistence: None,
        ..proptest::prelude::ProptestConfig::default()
    })]

    /// Whatever a player does to their layer with the editor, `sheets new`, imports and
    /// their own hands (gathering files, renaming them), the ruleset's data still reads and
    /// every id is defined once in the layer, after each step.
    #[test]
    fn the_players_layer_stays_readable(
        wab in proptest::prelude::any::<bool>(),
        ops in proptest::collection::vec(op(), 2..10),
    ) {
        let mut s = Server::launch(&[], &[]);
        s.cookie = None;
        let d = s.dir.path().to_path_buf();
        let data = root().join("unit-sheets");
        let ruleset = if wab { "wab-aca" } else { "capitan" };
        let mut log = Vec::new();
        for (step, op) in ops.iter().enumerate() {
            log.push(apply(&s, wab, step, op));
            let check = run(
                &d,
                &["--data", data.to_str().unwrap(), "--data", "my-sheets", "data", "check", "--ruleset", ruleset],
            );
            proptest::prop_assert_eq!(check.code, 0, "{}\n{}", log.join("\n"), check.stderr);
            let twice: Vec<(String, usize)> =
                defined_ids(&d, wab).into_iter().filter(|(_, n)| *n > 1).collect();
            proptest::prop_assert!(twice.is_empty(), "{:?}\n{}", twice, log.join("\n"));
        }
    }
}

/// Opens the editor's form on `from` and saves its values with `change` applied, as the page
/// does (its version and the id it opened to change): the reply.
fn edit_and_save(
    s: &Server,
    ruleset: &str,
    from: &str,
    change: impl FnOnce(&mut serde_json::Value),
) -> crate::serve::Reply {
    let form = s
        .get(&format!(
            "/api/sheets/form?ruleset={ruleset}&lang=en&from={from}"
        ))
        .json();
    let mut values = form["values"].clone();
    change(&mut values);
    let body = serde_json::json!({
        "values": values,
        "version": form["version"],
        "editing": form["editing"],
    })
    .to_string();
    s.send(
        "POST",
        &format!("/api/sheets/save?ruleset={ruleset}&lang=en"),
        &[],
        body.as_bytes(),
    )
}

/// A sheet renamed in the editor to another of the player's ids is refused: it replaced that
/// other entry's values in the file they share (hostile run, R1).
#[test]
fn a_sheet_renamed_onto_another_of_the_players_is_refused() {
    let mut s = Server::launch(&[], &[]);
    s.cookie = None;
    let armies = s.dir.path().join("my-sheets/wab-aca/armies");
    std::fs::create_dir_all(&armies).unwrap();
    std::fs::write(armies.join("my-army.toml"), MY_ARMY).unwrap();
    let r = edit_and_save(&s, "wab-aca", "my-hussars-7", |v| {
        v["id"] = "my-hussars-8".into()
    });
    assert_eq!(r.status, 409, "{}", r.text());
    assert_eq!(
        r.json()["error"],
        "`my-hussars-8` is one of your own sheets already, in my-sheets/wab-aca/armies/my-army.toml: open it from the picker to change it, or give this one another id; nothing written"
    );
    assert_eq!(
        std::fs::read_to_string(armies.join("my-army.toml")).unwrap(),
        MY_ARMY
    );
}

/// The editor sees a file changed by hand while the server runs, and gathered files: a save
/// keeps the hand's change (it reverted it) and goes to the file that now holds the entry
/// (it wrote a second definition) (hostile run, R2 and R3).
#[test]
fn the_editor_sees_the_players_files_as_they_are_now() {
    let mut s = Server::launch(&[], &[]);
    s.cookie = None;
    let armies = s.dir.path().join("my-sheets/wab-aca/armies");
    std::fs::create_dir_all(&armies).unwrap();
    let (seven, eight) =
        MY_ARMY.split_at(MY_ARMY.find("\n[[entry]]\nid = \"my-hussars-8\"").unwrap());
    std::fs::write(armies.join("seven.toml"), seven).unwrap();
    std::fs::write(armies.join("eight.toml"), eight).unwrap();
    let r = edit_and_save(&s, "wab-aca", "my-hussars-8", |v| v["cost"] = 20.into());
    assert_eq!(r.status, 200, "{}", r.text());
    // By hand: a comment and a changed Ld, then both files gathered into one.
    let eight_now = std::fs::read_to_string(armies.join("eight.toml")).unwrap();
    assert!(eight_now.contains("cost = 20"), "{eight_now}");
    let by_hand = eight_now.replacen("ld = 7", "ld = 9", 1);
    std::fs::write(armies.join("all.toml"), format!("{seven}{by_hand}")).unwrap();
    std::fs::remove_file(armies.join("seven.toml")).unwrap();
    std::fs::remove_file(armies.join("eight.toml")).unwrap();
    let r = edit_and_save(&s, "wab-aca", "my-hussars-8", |v| v["cost"] = 21.into());
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(r.json()["file"], "my-sheets/wab-aca/armies/all.toml");
    let names: Vec<String> = std::fs::read_dir(&armies)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["all.toml"]);
    let all = std::fs::read_to_string(armies.join("all.toml")).unwrap();
    assert!(all.contains("ld = 9") && all.contains("cost = 21"), "{all}");
}

/// A sheet file of the layer that is a link out of it still defines its id there: `sheets
/// new` and a copy saved in the editor under that id are refused (both wrote a second
/// definition) (hostile run, R4).
#[cfg(unix)]
#[test]
fn a_sheet_defined_through_a_link_is_defined_once() {
    let mut s = Server::launch(&[], &[]);
    s.cookie = None;
    let d = s.dir.path();
    std::fs::create_dir_all(d.join("outside")).unwrap();
    std::fs::create_dir_all(d.join("my-sheets/capitan/sheets")).unwrap();
    let made = run(
        d,
        &["sheets", "new", "mine-b", "--from", "gb-95th-riflemen"],
    );
    assert_eq!(made.code, 0, "{}", made.stderr);
    std::fs::rename(
        d.join("my-sheets/capitan/sheets/mine-b.toml"),
        d.join("outside/b.toml"),
    )
    .unwrap();
    std::os::unix::fs::symlink(
        "../../../outside/b.toml",
        d.join("my-sheets/capitan/sheets/b.toml"),
    )
    .unwrap();
    let r = run(d, &["sheets", "new", "mine-b", "--from", "gb-43rd-light"]);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(
        r.stderr
            .contains("is one of your own sheets already, in my-sheets/capitan/sheets/b.toml"),
        "{}",
        r.stderr
    );
    let form = s
        .get("/api/sheets/form?ruleset=capitan&lang=en&from=gb-43rd-light")
        .json();
    let mut values = form["values"].clone();
    values["id"] = "mine-b".into();
    let body = serde_json::json!({ "values": values }).to_string();
    let r = s.send(
        "POST",
        "/api/sheets/save?ruleset=capitan&lang=en",
        &[],
        body.as_bytes(),
    );
    assert_eq!(r.status, 409, "{}", r.text());
    let names: Vec<String> = std::fs::read_dir(d.join("my-sheets/capitan/sheets"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["b.toml"]);
    assert_eq!(run(d, &["data", "check"]).code, 0);
}

/// An entry of a file with its army's header: saved, it gains no `army` key (its header says
/// it), and moved to another army it is refused with why (it broke every WAB command and the
/// editor with them) (hostile run, R5).
#[test]
fn an_entry_saved_is_read_with_its_whole_file() {
    let mut s = Server::launch(&[], &[]);
    s.cookie = None;
    let armies = s.dir.path().join("my-sheets/wab-aca/armies");
    std::fs::create_dir_all(&armies).unwrap();
    let shipped =
        std::fs::read_to_string(root().join("unit-sheets/wab-aca/armies/france-1809.toml"))
            .unwrap();
    let header = &shipped[..shipped.find("\n[[entry]]").unwrap()];
    let entry = &MY_ARMY[MY_ARMY.find("[[entry]]").unwrap()
        ..MY_ARMY.find("\n[[entry]]\nid = \"my-hussars-8\"").unwrap()];
    let entry = entry.replace("army = \"france-1809\"\n", "");
    let text = format!("{header}\n\n{entry}");
    std::fs::write(armies.join("my-france.toml"), &text).unwrap();
    let r = edit_and_save(&s, "wab-aca", "my-hussars-7", |v| v["cost"] = 20.into());
    assert_eq!(r.status, 200, "{}", r.text());
    let saved = std::fs::read_to_string(armies.join("my-france.toml")).unwrap();
    assert_eq!(
        saved,
        text.replacen("cost = 19 # as painted", "cost = 20 # as painted", 1)
    );
    let r = edit_and_save(&s, "wab-aca", "my-hussars-7", |v| {
        v["army"] = "great-britain-1812".into()
    });
    assert_eq!(r.status, 422, "{}", r.text());
    let error = r.json()["error"].as_str().unwrap().to_owned();
    assert!(
        error.starts_with("saved so, your data would not read (")
            && error.ends_with("): nothing written"),
        "{error}"
    );
    assert_eq!(
        std::fs::read_to_string(armies.join("my-france.toml")).unwrap(),
        saved
    );
    let again = s.get("/api/sheets/form?ruleset=wab-aca&lang=en&from=my-hussars-7");
    assert_eq!(again.status, 200, "{}", again.text());
}

/// What a code may not carry or where an import may not write: an army's header with an
/// entry (it replaced a shipped army's settings), a list into the sheets' folder (every
/// Capitán command then failed), a sheet no unit uses (written, filling the folder) (hostile
/// run, R6 and R7).
#[test]
fn an_import_writes_only_what_the_list_uses_where_it_belongs() {
    let shipped =
        std::fs::read_to_string(root().join("unit-sheets/wab-aca/armies/france-1809.toml"))
            .unwrap();
    let header = &shipped[..shipped.find("\n[[entry]]").unwrap()];
    let entry = &MY_ARMY[..MY_ARMY.find("\n[[entry]]\nid = \"my-hussars-8\"").unwrap()];
    let list = "[list]\nname = \"Mine\"\nruleset = \"wab-aca\"\narmy = \"france-1809\"\npoints = 2000\n\n[[units]]\nentry = \"my-hussars-7\"\nfigures = 8\n";
    let code = share_code::encode(&Shared {
        ruleset: "wab-aca".into(),
        name: "mine".into(),
        list: list.into(),
        sheets: vec![SharedSheet {
            id: "my-hussars-7".into(),
            path: "armies/my-hussars-7.toml".into(),
            text: format!("{header}\n{entry}"),
        }],
    })
    .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let r = run(d, &["list", "import", &code]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert_eq!(
        r.stderr,
        "error: the code's sheet `my-hussars-7` holds `army` besides its `[[entry]]`: a carried sheet is one `[[entry]]` alone; nothing written\n"
    );
    assert!(tree(d).is_empty());

    let code = code_with(&[
        ("my-light", "sheets/my-light.toml", my_light("")),
        (
            "my-other",
            "sheets/my-other.toml",
            my_light("").replacen("id = \"my-light\"", "id = \"my-other\"", 1),
        ),
    ]);
    let r = run(
        d,
        &[
            "list",
            "import",
            &code,
            "-o",
            "my-sheets/capitan/sheets/list.toml",
        ],
    );
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert_eq!(
        r.stderr,
        "error: my-sheets/capitan/sheets/list.toml is in your sheets' folder my-sheets: a list goes elsewhere (lists/NAME.toml); nothing written\n"
    );
    assert!(tree(d).is_empty());
    let r = run(d, &["list", "import", &code]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stderr.contains(
            "note: their own sheet `my-other`: no unit of the list uses it, not written\n"
        ),
        "{}",
        r.stderr
    );
    assert!(!d.join("my-sheets/capitan/sheets/my-other.toml").exists());
    assert!(d.join("my-sheets/capitan/sheets/my-light.toml").exists());
}

/// A sheet file with CRLF line endings and a byte-order mark keeps them when the editor
/// saves into it (they were dropped).
#[test]
fn the_editor_keeps_a_files_line_endings() {
    let mut s = Server::launch(&[], &[]);
    s.cookie = None;
    let armies = s.dir.path().join("my-sheets/wab-aca/armies");
    std::fs::create_dir_all(&armies).unwrap();
    let crlf = format!("\u{feff}{}", MY_ARMY.replace('\n', "\r\n"));
    std::fs::write(armies.join("my-army.toml"), &crlf).unwrap();
    let r = edit_and_save(&s, "wab-aca", "my-hussars-8", |v| v["cost"] = 20.into());
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(
        std::fs::read_to_string(armies.join("my-army.toml")).unwrap(),
        crlf.replacen("cost = 18\r\n", "cost = 20\r\n", 1)
    );
}
