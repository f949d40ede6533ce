//! Lists that notice when the data change: each unit records what it was priced with
//! (`priced = {…}`, written by `list add`/`set` and every edit), `muster check` says what the
//! data changed since (`data-changed`), `muster list update` and the builder's button accept
//! today's data. Each test changes a copy of the shipped data, as a player's update would.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::serve::{request, spawn};
use crate::{copy_shipped, json, muster_in, root, Run};

/// A folder with a copy of one ruleset's shipped data under `data/`.
struct Folder {
    tmp: tempfile::TempDir,
    ruleset: &'static str,
}

impl Folder {
    fn new(ruleset: &'static str) -> Self {
        let tmp = tempfile::tempdir().unwrap();
        copy_shipped(ruleset, tmp.path());
        std::fs::create_dir(tmp.path().join("lists")).unwrap();
        Folder { tmp, ruleset }
    }

    fn path(&self) -> &Path {
        self.tmp.path()
    }

    /// `muster --data data ARGS…` in the folder.
    fn run(&self, args: &[&str]) -> Run {
        let mut all = vec!["--data", "data"];
        all.extend_from_slice(args);
        muster_in(self.path(), &all, &[])
    }

    fn write(&self, list: &str, text: &str) {
        std::fs::write(self.path().join(list), text).unwrap();
    }

    fn read(&self, list: &str) -> String {
        std::fs::read_to_string(self.path().join(list)).unwrap()
    }

    /// Changes the data as an update of them would: in `file` of the ruleset's data, within
    /// the block that holds `anchor` (a sheet's or entry's id line, up to the next `[[`),
    /// `old` becomes `new`, found once there.
    fn change(&self, file: &str, anchor: &str, old: &str, new: &str) {
        let path = self.path().join("data").join(self.ruleset).join(file);
        let text = std::fs::read_to_string(&path).unwrap();
        let start = text
            .find(anchor)
            .unwrap_or_else(|| panic!("{anchor} in {file}"));
        let end = text[start..].find("\n[[").map_or(text.len(), |e| start + e);
        let block = &text[start..end];
        assert_eq!(block.matches(old).count(), 1, "`{old}` once in {anchor}");
        let changed = format!(
            "{}{}{}",
            &text[..start],
            block.replacen(old, new, 1),
            &text[end..]
        );
        std::fs::write(&path, changed).unwrap();
    }
}

/// The data-changed warnings of a check, by their message.
fn data_changed(run: &Run) -> Vec<String> {
    run.stderr
        .lines()
        .filter_map(|l| l.strip_prefix("warning[data-changed]: "))
        .map(str::to_owned)
        .collect()
}

const LIST: &str = "# My patrol
[list]
name = \"Patrol\"
ruleset = \"capitan\"
coalition = \"allies\"
campaign = \"peninsula\"
points = 380

# the captain leads
[[units]]
sheet = \"gb-95th-sharpe\"
label = \"Sharpe\"

# the light bobs, painted last winter
[[units]]
sheet = \"gb-43rd-light\"
label = \"43rd Light\"
figures = 6  # six on the table
";

/// A Capitán list whose units are recorded with the shipped data (a `list set` records them:
/// the list was written before records).
fn recorded() -> Folder {
    let f = Folder::new("capitan");
    f.write("lists/patrol.toml", LIST);
    let run = f.run(&[
        "list",
        "set",
        "lists/patrol.toml",
        "1",
        "--label",
        "Sharpe's",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stderr.contains(
            "note: recorded what 2 units are priced with (`priced = {…}`): `muster check` now says when the data change"
        ),
        "{}",
        run.stderr
    );
    assert_eq!(
        f.read("lists/patrol.toml").matches("\npriced = {").count(),
        2
    );
    let run = f.run(&["check", "lists/patrol.toml"]);
    assert_eq!(
        (run.code, data_changed(&run)),
        (0, vec![]),
        "{}",
        run.stderr
    );
    f
}

#[test]
fn a_cost_change_is_said_in_points() {
    let f = recorded();
    // The 43rd's sheet costs 23 points a figure instead of 19: six figures, 114 → 138.
    f.change(
        "sheets/great-britain.toml",
        "id = \"gb-43rd-light\"",
        "points = 19",
        "points = 23",
    );
    let run = f.run(&["check", "lists/patrol.toml"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        data_changed(&run),
        ["the data changed for unit 2 (43rd Light): 114 → 138 points"]
    );
    assert!(
        run.stderr.contains(
            "^^^ priced at 114 points\n   │\n   = rule: a list keeps what each unit was priced with, and says when the data price it otherwise (muster)\n   = help: to accept today's data: muster list update lists/patrol.toml\n"
        ),
        "{}",
        run.stderr
    );
    // The JSON report carries it, located at the record.
    let report = json(&f.run(&["check", "lists/patrol.toml", "--format", "json"]));
    let d = report["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["code"] == "data-changed")
        .expect("a data-changed diagnostic");
    assert_eq!(d["severity"], "warning");
    assert_eq!(
        d["message"],
        "the data changed for unit 2 (43rd Light): 114 → 138 points"
    );
    assert_eq!(d["line"], 20);
    assert_eq!(report["valid"], true);
    assert_eq!(report["units"][1]["cost"], 138);
}

#[test]
fn a_profile_change_is_said_by_its_value() {
    let f = recorded();
    f.change(
        "sheets/great-britain.toml",
        "id = \"gb-43rd-light\"",
        "courage = 6",
        "courage = 7",
    );
    f.change(
        "sheets/great-britain.toml",
        "id = \"gb-43rd-light\"",
        "move = { normal = 15, march = 25, charge = 30 }",
        "move = { normal = 15, march = 25, charge = 35 }",
    );
    let run = f.run(&["check", "lists/patrol.toml"]);
    assert_eq!(
        data_changed(&run),
        ["the data changed for unit 2 (43rd Light): courage 6 → 7; move 15/25/30 → 15/25/35"]
    );
    // Together with a cost, as the issue's example.
    f.change(
        "sheets/great-britain.toml",
        "id = \"gb-43rd-light\"",
        "points = 19",
        "points = 23",
    );
    let run = f.run(&["check", "lists/patrol.toml"]);
    assert_eq!(
        data_changed(&run),
        ["the data changed for unit 2 (43rd Light): 114 → 138 points; courage 6 → 7; move 15/25/30 → 15/25/35"]
    );
}

/// A stale record's warning as a player reads it, whole: each of its lines, in English and in
/// French (the values of text named in the language, the label at the record's first changed
/// value). A check says each stale unit's words once in each language the ruleset prints in;
/// those words are read once a process now (they were read again for each unit, seconds for
/// a list of 1,000 units): what is said must not change with it.
#[test]
fn a_stale_records_warning_is_said_whole() {
    let f = recorded();
    f.change(
        "sheets/great-britain.toml",
        "id = \"gb-43rd-light\"",
        "points = 19",
        "points = 23",
    );
    f.change(
        "sheets/great-britain.toml",
        "id = \"gb-43rd-light\"",
        "quality = \"veteran\"",
        "quality = \"elite\"",
    );
    f.change(
        "sheets/great-britain.toml",
        "id = \"gb-43rd-light\"",
        "courage = 6",
        "courage = 7",
    );
    f.change(
        "sheets/great-britain.toml",
        "id = \"gb-95th-sharpe\"",
        "weapon = \"rifle\"",
        "weapon = \"musket\"",
    );
    f.change(
        "sheets/great-britain.toml",
        "id = \"gb-95th-sharpe\"",
        "courage = 10",
        "courage = 9",
    );
    let run = f.run(&["check", "lists/patrol.toml", "--lang", "en"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        run.stderr,
        r#"warning[data-changed]: the data changed for unit 1 (Sharpe's): courage 10 → 9; and more of its sheet
   ┌─ lists/patrol.toml:13:81
   │
13 │ priced = { cost = 229, quality = "elite", initiative = 6, morale = 5, courage = 10, move = "15/20/25", fire_die = "d12", combat_die = "d10", fingerprint = "5c5ef534" }
   │                                                                                 ^^ courage 10 when priced
   │
   = rule: a list keeps what each unit was priced with, and says when the data price it otherwise (muster)
   = help: to accept today's data: muster list update lists/patrol.toml

warning[data-changed]: the data changed for unit 2 (43rd Light): 114 → 138 points; quality veteran → elite; courage 6 → 7
   ┌─ lists/patrol.toml:20:19
   │
20 │ priced = { cost = 114, quality = "veteran", initiative = 4, morale = 3, courage = 6, move = "15/25/30", fire_die = "d8", combat_die = "d8", fingerprint = "83d02a18" }
   │                   ^^^ priced at 114 points
   │
   = rule: a list keeps what each unit was priced with, and says when the data price it otherwise (muster)
   = help: to accept today's data: muster list update lists/patrol.toml

lists/patrol.toml: valid (0 errors, 2 warnings)
"#
    );
    let run = f.run(&["check", "lists/patrol.toml", "--lang", "fr"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        run.stderr,
        r#"warning[data-changed]: les données ont changé pour l'unité 1 (Sharpe's) : courage 10 → 9 ; et d'autres valeurs de sa fiche
   ┌─ lists/patrol.toml:13:81
   │
13 │ priced = { cost = 229, quality = "elite", initiative = 6, morale = 5, courage = 10, move = "15/20/25", fire_die = "d12", combat_die = "d10", fingerprint = "5c5ef534" }
   │                                                                                 ^^ courage 10 lors du chiffrage
   │
   = règle : une liste garde ce avec quoi chaque unité a été chiffrée, et dit quand les données la chiffrent autrement (muster)
   = aide : pour accepter les données d'aujourd'hui : muster list update lists/patrol.toml

warning[data-changed]: les données ont changé pour l'unité 2 (43rd Light) : 114 → 138 points ; qualité vétérans → élite ; courage 6 → 7
   ┌─ lists/patrol.toml:20:19
   │
20 │ priced = { cost = 114, quality = "veteran", initiative = 4, morale = 3, courage = 6, move = "15/25/30", fire_die = "d8", combat_die = "d8", fingerprint = "83d02a18" }
   │                   ^^^ chiffrée à 114 points
   │
   = règle : une liste garde ce avec quoi chaque unité a été chiffrée, et dit quand les données la chiffrent autrement (muster)
   = aide : pour accepter les données d'aujourd'hui : muster list update lists/patrol.toml

lists/patrol.toml : valide (0 erreur, 2 avertissements)
"#
    );
}

#[test]
fn a_change_the_list_does_not_keep_is_said_of_the_sheet() {
    let f = recorded();
    // Sharpe's weapon: not a value the record keeps, but one its fingerprint covers.
    f.change(
        "sheets/great-britain.toml",
        "id = \"gb-95th-sharpe\"",
        "weapon = \"rifle\"",
        "weapon = \"musket\"",
    );
    let run = f.run(&["check", "lists/patrol.toml"]);
    assert_eq!(
        data_changed(&run),
        ["the data changed for unit 1 (Sharpe's): its sheet changed"]
    );
    assert!(
        run.stderr.contains("^^^^^^^^^^ its sheet when priced"),
        "{}",
        run.stderr
    );
    // What does not matter to the unit (its sheet number, its source) changes nothing.
    let f = recorded();
    f.change(
        "sheets/great-britain.toml",
        "id = \"gb-43rd-light\"",
        "sheet_number = 105",
        "sheet_number = 205",
    );
    let run = f.run(&["check", "lists/patrol.toml"]);
    assert_eq!(data_changed(&run), Vec::<String>::new(), "{}", run.stderr);
}

#[test]
fn the_lists_own_changes_are_not_the_datas() {
    let f = recorded();
    // By hand, in an editor: 8 figures instead of 6. Its cost changes, the data did not.
    let text = f.read("lists/patrol.toml").replace(
        "figures = 6  # six on the table",
        "figures = 8  # eight now",
    );
    f.write("lists/patrol.toml", &text);
    let run = f.run(&["check", "lists/patrol.toml"]);
    assert_eq!(data_changed(&run), Vec::<String>::new(), "{}", run.stderr);
    // An edit brings the record's points up to date (the data did not change).
    let run = f.run(&["list", "set", "lists/patrol.toml", "1", "--label", "Sharpe"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(f
        .read("lists/patrol.toml")
        .contains("priced = { cost = 152, "));
}

#[test]
fn list_update_accepts_todays_data_and_keeps_the_rest() {
    let f = recorded();
    let before = f.read("lists/patrol.toml");
    f.change(
        "sheets/great-britain.toml",
        "id = \"gb-43rd-light\"",
        "points = 19",
        "points = 23",
    );
    f.change(
        "sheets/great-britain.toml",
        "id = \"gb-43rd-light\"",
        "courage = 6",
        "courage = 7",
    );
    // An edit of the unit does not accept the data's change: the warning stays.
    let run = f.run(&["list", "set", "lists/patrol.toml", "2", "--label", "43rd"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        data_changed(&f.run(&["check", "lists/patrol.toml"])),
        ["the data changed for unit 2 (43rd): 114 → 138 points; courage 6 → 7"]
    );
    let run = f.run(&[
        "list",
        "set",
        "lists/patrol.toml",
        "2",
        "--label",
        "43rd Light",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(f.read("lists/patrol.toml"), before);

    let run = f.run(&["list", "update", "lists/patrol.toml"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stderr
            .starts_with("updated unit 2 (43rd Light): 114 → 138 points; courage 6 → 7\n"),
        "{}",
        run.stderr
    );
    assert_eq!(
        run.stdout,
        "lists/patrol.toml: 1 unit priced again with today's data; 367 / 380 points; valid (0 errors, 0 warnings)\n"
    );
    // Only the 43rd's record changed: the comments, the other keys, Sharpe's record stay.
    let after = f.read("lists/patrol.toml");
    let line = |t: &str, n: usize| t.lines().nth(n - 1).unwrap().to_owned();
    let changed: Vec<usize> = (1..=before.lines().count())
        .filter(|n| line(&before, *n) != line(&after, *n))
        .collect();
    assert_eq!(changed, [20], "{after}");
    assert!(line(&after, 20).starts_with(
        "priced = { cost = 138, quality = \"veteran\", initiative = 4, morale = 3, courage = 7, "
    ));
    assert_eq!(before.lines().count(), after.lines().count());
    assert!(after.contains("# the light bobs, painted last winter\n[[units]]\n"));
    assert!(after.contains("figures = 6  # six on the table\n"));
    // The check is clean; a second update writes nothing.
    let run = f.run(&["check", "lists/patrol.toml"]);
    assert_eq!(
        (run.code, data_changed(&run)),
        (0, vec![]),
        "{}",
        run.stderr
    );
    let modified = std::fs::metadata(f.path().join("lists/patrol.toml"))
        .unwrap()
        .modified()
        .unwrap();
    let run = f.run(&["list", "update", "lists/patrol.toml"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        run.stderr,
        "nothing to update: every unit of lists/patrol.toml is priced with today's data; nothing written\n"
    );
    assert_eq!(f.read("lists/patrol.toml"), after);
    assert_eq!(
        std::fs::metadata(f.path().join("lists/patrol.toml"))
            .unwrap()
            .modified()
            .unwrap(),
        modified
    );
}

#[test]
fn a_list_without_records_is_checked_as_before_and_gains_them_at_its_next_edit() {
    let f = Folder::new("capitan");
    f.write("lists/patrol.toml", LIST);
    let shipped = f.run(&["check", "lists/patrol.toml", "--format", "json"]);
    f.change(
        "sheets/great-britain.toml",
        "id = \"gb-43rd-light\"",
        "courage = 6",
        "courage = 7",
    );
    // No record: nothing to compare, the check is today's check (and the data's new courage
    // is not a cost: the report is the same).
    let run = f.run(&["check", "lists/patrol.toml"]);
    assert_eq!(
        (run.code, data_changed(&run)),
        (0, vec![]),
        "{}",
        run.stderr
    );
    assert_eq!(
        f.run(&["check", "lists/patrol.toml", "--format", "json"])
            .stdout,
        shipped.stdout
    );
    // `list update` records them, and says so unit by unit.
    let run = f.run(&["list", "update", "lists/patrol.toml"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stderr.starts_with(
            "recorded unit 1 (Sharpe): 229 points\nrecorded unit 2 (43rd Light): 114 points\n"
        ),
        "{}",
        run.stderr
    );
    assert_eq!(crate::without_records(&f.read("lists/patrol.toml")), LIST);
    // A list written before records gains them at any edit (a move here).
    f.write("lists/old.toml", LIST);
    let run = f.run(&["list", "move", "lists/old.toml", "2", "--to", "1"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stderr
            .contains("note: recorded what 2 units are priced with"),
        "{}",
        run.stderr
    );
    assert_eq!(f.read("lists/old.toml").matches("\npriced = {").count(), 2);
}

#[test]
fn a_sheet_gone_is_the_unknown_sheet_error() {
    let f = recorded();
    // The data renamed the 43rd's sheet.
    f.change(
        "sheets/great-britain.toml",
        "id = \"gb-43rd-light\"",
        "id = \"gb-43rd-light\"",
        "id = \"gb-43rd-light-infantry\"",
    );
    let run = f.run(&["check", "lists/patrol.toml"]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert_eq!(data_changed(&run), Vec::<String>::new());
    assert!(
        run.stderr
            .contains("error[unknown-sheet]: unit 2: unknown sheet `gb-43rd-light`"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr
            .contains("= help: did you mean `gb-43rd-light-infantry`?"),
        "{}",
        run.stderr
    );
    // `list update` cannot price it: its record stays, and it says so.
    let before = f.read("lists/patrol.toml");
    let run = f.run(&["list", "update", "lists/patrol.toml"]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(
        run.stderr.contains(
            "note: unit 2 (43rd Light): `gb-43rd-light` is not in the data, so its record stays as it was (`muster check` says what to fix)\nnothing to update"
        ),
        "{}",
        run.stderr
    );
    assert_eq!(f.read("lists/patrol.toml"), before);
}

#[test]
fn every_ruleset_with_lists_notices() {
    // (ruleset, list, data file, anchor, old, new, what the check says)
    let cases: &[(&str, &str, &str, &str, &str, &str, &str)] = &[
        (
            "wab-aca",
            "[list]\nname = \"W\"\nruleset = \"wab-aca\"\narmy = \"france-1809\"\npoints = 400\n\n[[units]]\ngeneral = \"division\"\n\n[[units]]\nentry = \"fr-light-chasseurs\"\nlabel = \"10e léger\"\nfigures = 20\n",
            "armies/france-1809.toml",
            "id = \"fr-light-chasseurs\"",
            "ld = 7",
            "ld = 8",
            "the data changed for unit 2 (10e léger): Ld 7 → 8",
        ),
        (
            "wab-aca",
            "[list]\nname = \"W\"\nruleset = \"wab-aca\"\narmy = \"france-1809\"\npoints = 400\n\n[[units]]\ngeneral = \"division\"\n\n[[units]]\nentry = \"fr-light-chasseurs\"\nlabel = \"10e léger\"\nfigures = 20\n",
            "armies/france-1809.toml",
            "id = \"fr-light-chasseurs\"",
            "cost = 8",
            "cost = 9",
            "the data changed for unit 2 (10e léger): 160 → 180 points",
        ),
        (
            "hm-qrs",
            "[list]\nname = \"H\"\nruleset = \"hm-qrs\"\n\n[[brigade]]\nid = \"kempt\"\nname = \"Kempt\"\ncommander = \"Sir James Kempt\"\nrating = 8\n\n[[units]]\nunit = \"militia\"\nbrigade = \"kempt\"\n",
            "units.toml",
            "id = \"militia\"",
            "stamina = 3",
            "stamina = 4",
            "the data changed for unit 1 (Militia): stamina 3 → 4",
        ),
        (
            "thucydide",
            "[list]\nname = \"T\"\nruleset = \"thucydide\"\n\n[[units]]\nunit = \"peltastes\"\ncharacter = \"general\"\n",
            "units.toml",
            "id = \"peltastes\"",
            "assault = 2",
            "assault = 3",
            "the data changed for unit 1 (Peltasts): assault 2 → 3",
        ),
    ];
    for (ruleset, list, file, anchor, old, new, says) in cases {
        let f = Folder::new(ruleset);
        f.write("lists/l.toml", list);
        let run = f.run(&["list", "update", "lists/l.toml"]);
        assert!(run.code <= 1, "{ruleset}: {}", run.stderr);
        let run = f.run(&["check", "lists/l.toml"]);
        assert_eq!(
            data_changed(&run),
            Vec::<String>::new(),
            "{ruleset}: {}",
            run.stderr
        );
        f.change(file, anchor, old, new);
        let run = f.run(&["check", "lists/l.toml"]);
        assert_eq!(data_changed(&run), [*says], "{ruleset}: {}", run.stderr);
        let run = f.run(&["list", "update", "lists/l.toml"]);
        // The update names the unit as the check does: in English, the command line's
        // language, whatever language the list is in (it said "Peltastes").
        let who = says.strip_prefix("the data changed for ").unwrap();
        assert_eq!(
            run.stderr.lines().next().unwrap(),
            format!("updated {who}"),
            "{ruleset}: {}",
            run.stderr
        );
        let run = f.run(&["check", "lists/l.toml"]);
        assert_eq!(
            data_changed(&run),
            Vec::<String>::new(),
            "{ruleset}: {}",
            run.stderr
        );
    }
}

/// The builder's view says what changed, in the page's language, and one request accepts
/// today's data as `muster list update` does.
#[test]
fn the_builder_shows_the_changes_and_accepts_them() {
    let f = recorded();
    f.change(
        "sheets/great-britain.toml",
        "id = \"gb-43rd-light\"",
        "points = 19",
        "points = 23",
    );
    f.change(
        "sheets/great-britain.toml",
        "id = \"gb-43rd-light\"",
        "courage = 6",
        "courage = 7",
    );
    // A value of text, named in the page's language where the data name it.
    f.change(
        "sheets/great-britain.toml",
        "id = \"gb-43rd-light\"",
        "quality = \"veteran\"",
        "quality = \"elite\"",
    );
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_muster"));
    let data: PathBuf = f.path().join("data");
    cmd.args(["--data", data.to_str().unwrap()])
        .args(["serve", "--port", "0", "--lists"])
        .arg(f.path().join("lists"))
        .arg("--games")
        .arg(f.path().join("games"));
    let (mut child, port) = spawn(cmd);
    let get = |lang: &str| {
        request(
            port,
            "GET",
            &format!("/api/lists/patrol.toml?lang={lang}"),
            &[],
            b"",
        )
    };
    let view = get("en").json();
    assert_eq!(
        view["data_changes"],
        serde_json::json!([{
            "unit": 2,
            "label": "43rd Light",
            "words": "114 → 138 points; quality veteran → elite; courage 6 → 7",
            "cost": [114, 138],
            "values": [
                { "key": "quality", "word": "quality", "was": "veteran", "now": "elite" },
                { "key": "courage", "word": "courage", "was": 6, "now": 7 },
            ],
            "more": true,
        }])
    );
    assert_eq!(
        get("fr").json()["data_changes"][0]["words"],
        "114 → 138 points\u{a0}; qualité vétérans → élite\u{a0}; courage 6 → 7"
    );
    assert_eq!(
        get("es").json()["data_changes"][0]["words"],
        "114 → 138 puntos; calidad veteranos → élite; valor 6 → 7"
    );
    let before = f.read("lists/patrol.toml");
    // Without the version it was made on: refused, nothing written.
    let r = request(port, "POST", "/api/lists/patrol.toml/update", &[], b"");
    assert_eq!(r.status, 428, "{}", r.text());
    let stale = request(
        port,
        "POST",
        "/api/lists/patrol.toml/update",
        &[("If-Match", "\"0-0\"")],
        b"",
    );
    assert_eq!(stale.status, 412, "{}", stale.text());
    assert_eq!(f.read("lists/patrol.toml"), before);
    let version = view["version"].as_str().unwrap().to_owned();
    let r = request(
        port,
        "POST",
        "/api/lists/patrol.toml/update",
        &[("If-Match", &version)],
        b"",
    );
    assert_eq!(r.status, 200, "{}", r.text());
    let after = r.json();
    assert_eq!(after["data_changes"], serde_json::json!([]));
    assert!(!after["check"]["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .any(|d| d["code"] == "data-changed"));
    // The same file as `muster list update` writes.
    let text = f.read("lists/patrol.toml");
    assert_eq!(after["toml"], text.as_str());
    let g = recorded();
    g.change(
        "sheets/great-britain.toml",
        "id = \"gb-43rd-light\"",
        "points = 19",
        "points = 23",
    );
    g.change(
        "sheets/great-britain.toml",
        "id = \"gb-43rd-light\"",
        "courage = 6",
        "courage = 7",
    );
    g.change(
        "sheets/great-britain.toml",
        "id = \"gb-43rd-light\"",
        "quality = \"veteran\"",
        "quality = \"elite\"",
    );
    assert_eq!(g.run(&["list", "update", "lists/patrol.toml"]).code, 0);
    assert_eq!(g.read("lists/patrol.toml"), text);
    let _ = child.kill();
    let _ = child.wait();
    let _ = root();
}

// What `muster serve` keeps of each load of the data (ops::ready, the price memo of each
// load): a price is never served from an earlier load.

/// The list's text with what its one unit is priced with recorded over `ready`'s data.
fn recorded_over(ready: &muster::ops::ready::Ready, path: &std::path::Path, list: &str) -> String {
    let checked = ready
        .check_unfolded(
            &muster::ops::ready::ListAt {
                roots: None,
                path: path.to_path_buf(),
                name: "t.toml".to_owned(),
            },
            list.to_owned(),
        )
        .unwrap_or_else(|(d, _)| panic!("a list: {}", d.message));
    let mut doc: toml_edit::DocumentMut = list.parse().expect("TOML");
    assert_eq!(
        ready.record(&checked.check, &mut doc).ok().map(|w| w.first),
        Some(1)
    );
    doc.to_string()
}

/// A price is kept with the data it was worked out from: a unit type of the player's layer
/// changed on disk (the data read again, as `muster serve` reads them) prices the unit
/// with its new values, never the ones the earlier data gave it.
#[test]
fn the_web_prices_a_unit_with_the_data_read_last() {
    let dir = tempfile::tempdir().expect("a folder");
    let layer = dir.path().join("data");
    let units = layer.join("hm-qrs").join("units");
    std::fs::create_dir_all(&units).expect("the layer");
    let unit = |morale: u32| {
        format!(
            "[[unit]]\nid = \"my-foot\"\nname = {{ fr = \"Mes fantassins\", en = \"My foot\" }}\n\
             arm = \"infantry\"\nformation = \"line\"\nhand_to_hand = 6\nshooting = 3\n\
             morale = {morale}\nstamina = 3\nsize = \"standard\"\n\
             weapon = \"smoothbore-musket\"\npoints = 44\n"
        )
    };
    let list = "[list]\nname = \"T\"\nruleset = \"hm-qrs\"\n\n[[brigade]]\nid = \"b\"\n\
                name = \"B\"\ncommander = \"C\"\nrating = 8\n\n[[units]]\nunit = \"my-foot\"\n\
                brigade = \"b\"\n";
    let path = dir.path().join("t.toml");
    let mut probe = muster::core::source::Sources::new();
    let id = probe.add(&path, list.to_owned());
    let ruleset = muster::rulesets::peek(&probe, id).expect("hm-qrs");
    let shipped = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("unit-sheets");
    let dirs = vec![shipped, layer];
    let load = || {
        muster::ops::ready::Ready::load(
            ruleset,
            &dirs,
            muster::ops::ready::data_stamp(ruleset, &dirs),
        )
        .expect("the data")
    };

    std::fs::write(units.join("mine.toml"), unit(4)).expect("the unit");
    let before = recorded_over(&load(), &path, list);
    assert!(before.contains("morale = 4"), "{before}");
    std::fs::write(units.join("mine.toml"), unit(5)).expect("the unit changed");
    let after = recorded_over(&load(), &path, list);
    assert!(after.contains("morale = 5"), "{after}");
}

/// A shipped list's data, loaded as `muster serve` keeps them.
fn ready_for(text: &str, path: &Path) -> muster::ops::ready::Ready {
    let mut probe = muster::core::source::Sources::new();
    let id = probe.add(path, text.to_owned());
    let ruleset = muster::rulesets::peek(&probe, id).expect("a ruleset");
    let dirs = vec![root().join("unit-sheets")];
    muster::ops::ready::Ready::load(
        ruleset,
        &dirs,
        muster::ops::ready::data_stamp(ruleset, &dirs),
    )
    .expect("the data")
}

/// The builder's view of a checked list, as JSON, for a page that holds no offers (the tag
/// they are given, new at each view, aside).
fn view_json(
    ready: &muster::ops::ready::Ready,
    c: &mut muster::ops::ready::Checked,
    text: &str,
) -> String {
    let lang = c.check.lang.unwrap_or(c.check.ruleset.languages()[0]);
    let labels = ready.words(lang);
    let asked = muster::ops::view::Asked {
        name: "l.toml",
        version: "v",
        text,
        lang,
        held: None,
    };
    let mut view = muster::ops::view::list_view(ready, c, None, &asked, &labels);
    assert!(view.offers_tag.take().is_some() == view.offers.is_some());
    muster::commands::to_json(&view)
}

/// The shipped lists, by name.
fn shipped_lists() -> Vec<PathBuf> {
    let mut lists: Vec<PathBuf> = std::fs::read_dir(root().join("lists"))
        .expect("the lists")
        .map(|e| e.expect("a list").path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    lists.sort();
    lists
}

/// The web's edit of the list `text` read `at` its place: its first unit's label set.
fn label_first(
    ready: &muster::ops::ready::Ready,
    at: &muster::ops::ready::ListAt,
    text: &str,
    label: &str,
) -> Result<muster::ops::edit::Edited, muster::core::error::Error> {
    let change = muster::rulesets::UnitChange {
        label: Some(label.to_owned()),
        ..muster::rulesets::UnitChange::default()
    };
    muster::ops::edit::edit(ready, at, text, |engine, doc| {
        engine
            .ruleset()
            .need(engine.lists(), "army lists")
            .and_then(|lists| lists.set_unit(doc, 1, &change))
    })
}

/// An edit checks its list once: the check of its text is carried over to the text with
/// the records it wrote (or made again when the diagnostics would move), and its view is the
/// view of the text it writes checked afresh, byte for byte: for each shipped list, as
/// shipped (no records: each edit writes them) and with a mistake after its units (its
/// place moved by the records), edited once and twice (the second edit's original read
/// from the first's kept check).
#[test]
fn an_edits_check_is_the_check_of_the_text_it_writes() {
    let lists = shipped_lists();
    assert!(lists.len() >= 8, "{lists:?}");
    let mut mistakes = 0;
    for path in lists {
        let shipped = std::fs::read_to_string(&path).expect("the list");
        let ready = ready_for(&shipped, &path);
        // The last unit again, its sheet or entry one the data do not have.
        let last = &shipped[shipped.rfind("[[units]]").expect("units")..];
        let again: String = last
            .lines()
            .map(|l| match l.split_once(" = ") {
                Some((k, _)) if ["unit", "sheet", "entry", "general"].contains(&k) => {
                    format!("{k} = \"no-such-unit\"\n")
                }
                _ => format!("{l}\n"),
            })
            .collect();
        let wrong = format!("{shipped}\n{again}");
        let at = muster::ops::ready::ListAt {
            roots: None,
            path: path.clone(),
            name: "l.toml".to_owned(),
        };
        for original in [shipped.clone(), wrong] {
            let mut text = original;
            for label in ["Bench", "Bench 2"] {
                let edited = label_first(&ready, &at, &text, label);
                let Ok(mut edited) = edited else {
                    // A list whose mistake stops its edits: nothing to compare.
                    break;
                };
                let mut fresh = ready
                    .check(&at, edited.text.clone())
                    .unwrap_or_else(|(d, _)| panic!("{}: {}", path.display(), d.message));
                let priced = |c: &muster::ops::ready::Checked| {
                    c.check
                        .units
                        .iter()
                        .map(|u| u.priced.clone())
                        .collect::<Vec<_>>()
                };
                assert_eq!(
                    priced(&edited.checked),
                    priced(&fresh),
                    "{}",
                    path.display()
                );
                mistakes += usize::from(!fresh.check.is_valid());
                assert_eq!(
                    view_json(&ready, &mut edited.checked, &edited.text),
                    view_json(&ready, &mut fresh, &edited.text),
                    "{}",
                    path.display()
                );
                text = edited.text;
            }
        }
    }
    assert!(mistakes > 0, "no edit of a list with a mistake compared");
}

/// An edit made on the document the last edit kept (`Ready::take_document`) writes what the
/// same edit made on the text parsed again writes, whatever the edits before it: random
/// sequences of the web's edits (a unit's label or figures set, its skills and options
/// cleared, a unit copied, moved, removed, counted, the records updated) over every shipped list, as shipped, with CRLF
/// line endings and with a byte-order mark, each step made twice: on the list as its last
/// edit kept it, and under a name never edited (its text parsed). Same texts, same refusals.
#[test]
fn an_edit_of_a_kept_document_writes_what_an_edit_of_the_text_writes() {
    use muster::ops::ready::{ListAt, Ready};
    use muster::rulesets::{Rules, UnitChange};
    use proptest::prelude::*;
    use proptest::test_runner::{Config, TestRunner};

    #[derive(Debug, Clone)]
    enum Step {
        Label(usize, &'static str),
        Figures(usize, u32),
        Clear(usize),
        Copy(usize),
        Move(usize, usize),
        Remove(usize),
        Count(usize, u32),
        Update,
    }
    fn apply(
        step: &Step,
        engine: &Rules,
        path: &Path,
        doc: &mut toml_edit::DocumentMut,
    ) -> Result<Vec<String>, muster::core::error::Error> {
        let lists = engine.ruleset().need(engine.lists(), "army lists")?;
        let set = |unit: usize, change: UnitChange, doc: &mut toml_edit::DocumentMut| {
            lists.set_unit(doc, unit, &change)
        };
        match *step {
            Step::Label(unit, label) => set(
                unit,
                UnitChange {
                    label: Some(label.to_owned()),
                    ..UnitChange::default()
                },
                doc,
            ),
            Step::Figures(unit, figures) => set(
                unit,
                UnitChange {
                    figures: Some(figures),
                    ..UnitChange::default()
                },
                doc,
            ),
            Step::Clear(unit) => set(
                unit,
                UnitChange {
                    skills: Some(Vec::new()),
                    clear_options: true,
                    ..UnitChange::default()
                },
                doc,
            ),
            Step::Copy(unit) => {
                let mut new = lists.unit_of(doc, unit)?;
                new.label = Some(format!("copy of {unit}"));
                new.free_skill = None;
                lists.add_unit(doc, &new).map(|()| Vec::new())
            }
            Step::Move(from, to) => lists.move_unit(doc, from, to),
            Step::Remove(unit) => lists.remove_unit(doc, unit),
            Step::Count(unit, count) => {
                muster::rulesets::set_count(engine.ruleset(), doc, unit, count).map(|()| Vec::new())
            }
            Step::Update => muster::rulesets::priced::update(engine, path, doc).map(|_| Vec::new()),
        }
    }
    let step = prop_oneof![
        3 => (1usize..=6, prop::sample::select(vec!["A", "B", ""])).prop_map(|(u, l)| Step::Label(u, l)),
        2 => (1usize..=6, 1u32..=30).prop_map(|(u, f)| Step::Figures(u, f)),
        1 => (1usize..=6).prop_map(Step::Clear),
        2 => (1usize..=6).prop_map(Step::Copy),
        2 => (1usize..=6, 1usize..=6).prop_map(|(f, t)| Step::Move(f, t)),
        1 => (1usize..=6).prop_map(Step::Remove),
        1 => (1usize..=6, 1u32..=30).prop_map(|(u, c)| Step::Count(u, c)),
        1 => Just(Step::Update),
    ];
    let paths = shipped_lists();
    let lists: Vec<(PathBuf, String, Ready)> = paths
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(&path).expect("the list");
            let ready = ready_for(&text, &path);
            (path, text, ready)
        })
        .collect();
    let shape = prop_oneof![Just("plain"), Just("crlf"), Just("bom")];
    let case = (0..lists.len(), shape, prop::collection::vec(step, 1..12));
    let fresh = std::sync::atomic::AtomicUsize::new(0);
    let reused = std::sync::atomic::AtomicUsize::new(0);
    let mut runner = TestRunner::new(Config {
        cases: crate::cases(32),
        failure_persistence: None,
        ..Config::default()
    });
    runner
        .run(&case, |(which, shape, steps)| {
            let (path, shipped, ready) = &lists[which];
            let mut text = match shape {
                "crlf" => shipped.replace('\n', "\r\n"),
                "bom" => format!("\u{feff}{shipped}"),
                _ => shipped.clone(),
            };
            let at = |name: String| ListAt {
                roots: None,
                path: path.clone(),
                name,
            };
            let kept = at("l.toml".to_owned());
            for step in &steps {
                // Whether the list's last edit kept its document (put back as it was).
                if let Some(doc) = ready.take_document(&kept, &text) {
                    reused.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let c = ready.check_kept(&kept, &text).expect("kept");
                    ready.keep(&kept, &text, c, Some(doc));
                }
                let n = fresh.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let parsed = at(format!("fresh-{n}.toml"));
                let edit = |at: &ListAt| {
                    muster::ops::edit::edit(ready, at, &text, |engine, doc| {
                        apply(step, engine, path, doc)
                    })
                    .map(|e| (e.text, e.notes))
                    .map_err(|e| e.to_string().replace(&parsed.name, "l.toml"))
                };
                let on_kept = edit(&kept);
                let on_parsed = edit(&parsed);
                prop_assert_eq!(&on_kept, &on_parsed, "{} {:?}", path.display(), step);
                if let Ok((edited, _)) = on_kept {
                    text = edited;
                }
            }
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{e}"));
    // The kept documents were edited (not each step: a refused edit keeps none).
    let (fresh, reused) = (fresh.into_inner(), reused.into_inner());
    assert!(
        reused * 2 > fresh,
        "{reused} of {fresh} edits on a kept document"
    );
}

/// A web edit checks its list once, the first after the page opened the list included (the
/// view's check is kept for it: it checked twice before), for every shipped list as its
/// edits find it (each unit's record written).
#[test]
fn a_web_edit_checks_its_list_once() {
    let paths = shipped_lists();
    for path in paths {
        let shipped = std::fs::read_to_string(&path).expect("the list");
        let ready = ready_for(&shipped, &path);
        let mut doc: toml_edit::DocumentMut = shipped.parse().expect("TOML");
        muster::rulesets::priced::update(&ready.engine, &path, &mut doc).expect("recorded");
        let text = doc.to_string();
        let at = muster::ops::ready::ListAt {
            roots: None,
            path: path.clone(),
            name: "l.toml".to_owned(),
        };
        let mut made = ready.checks_made();
        let mut checks = |what: &str| {
            let now = ready.checks_made();
            let n = now - made;
            made = now;
            format!("{what}: {n}")
        };
        ready
            .check_for_edits(&at, text.clone())
            .unwrap_or_else(|(d, _)| panic!("{}: {}", path.display(), d.message));
        let mut seen = vec![checks("view")];
        let mut text = text;
        for label in ["A", "B", "B"] {
            let edited = label_first(&ready, &at, &text, label)
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            text = edited.text;
            seen.push(checks(&format!("label {label}")));
        }
        assert_eq!(
            seen,
            ["view: 1", "label A: 1", "label B: 1", "label B: 1"],
            "{}",
            path.display()
        );
    }
}

/// An edit keeps the document it wrote a list's text from for the next edit only when the
/// list is at most `KEPT_DOCUMENT_BYTES` (a document takes many times its text in memory):
/// a larger list is parsed again.
#[test]
fn an_edit_keeps_its_document_for_lists_of_a_bounded_size() {
    use muster::ops::ready::KEPT_DOCUMENT_BYTES;
    let path = root().join("lists").join("sharpe-patrol.toml");
    let shipped = std::fs::read_to_string(&path).expect("the list");
    let ready = ready_for(&shipped, &path);
    let at = muster::ops::ready::ListAt {
        roots: None,
        path: path.clone(),
        name: "l.toml".to_owned(),
    };
    let comment = format!("# {}\n", "x".repeat(78));
    let padded = |bytes: usize| {
        let mut text = shipped.clone();
        while text.len() < bytes {
            text.push_str(&comment);
        }
        text
    };
    let mut kept = Vec::new();
    for text in [
        padded(KEPT_DOCUMENT_BYTES - 4096),
        padded(KEPT_DOCUMENT_BYTES + 1),
    ] {
        let edited = label_first(&ready, &at, &text, "Kept").expect("an edit");
        kept.push((
            edited.text.len() <= KEPT_DOCUMENT_BYTES,
            ready.take_document(&at, &edited.text).is_some(),
        ));
    }
    assert_eq!(kept, [(true, true), (false, false)]);
}
