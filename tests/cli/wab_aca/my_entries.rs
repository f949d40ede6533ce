//! The player's own WAB entries: a file of entries alone in `my-sheets/wab-aca/armies/`,
//! each naming the army it joins, read over the shipped armies (a data layer); `sheets new`
//! copying an entry there; where each entry comes from said on cards, in `sheets show`,
//! `check --format json` and `data check`.

use std::path::Path;

use crate::{json, muster_in};

fn run(dir: &Path, args: &[&str]) -> crate::Run {
    muster_in(dir, args, &[])
}

fn write(dir: &Path, name: &str, text: &str) {
    let path = dir.join("my-sheets/wab-aca/armies").join(name);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

/// Replaces `old` by `new` once in the file at `path`.
fn set_value(path: &Path, old: &str, new: &str) {
    let text = std::fs::read_to_string(path).unwrap();
    assert!(text.contains(old), "{old:?} in\n{text}");
    std::fs::write(path, text.replacen(old, new, 1)).unwrap();
}

#[test]
fn a_players_entry_takes_the_place_of_a_shipped_one_in_its_army() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let made = run(
        d,
        &[
            "sheets",
            "new",
            "fr-hussars",
            "--from",
            "fr-hussars",
            "--ruleset",
            "wab-aca",
        ],
    );
    assert_eq!(made.code, 0, "{}", made.stderr);
    assert_eq!(
        made.stderr,
        "wrote my-sheets/wab-aca/armies/fr-hussars.toml: a copy of `fr-hussars` (yours takes the place of `fr-hussars` of the data); change it, then `muster data check`\n"
    );
    let path = d.join("my-sheets/wab-aca/armies/fr-hussars.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    // A file of entries alone: the entry names the army it joins.
    assert!(!text.contains("[army]"), "{text}");
    assert!(
        text.contains("[[entry]]\nid = \"fr-hussars\"\nname = { fr = \"Régiment de hussards\", es = \"Regimiento de húsares\", en = \"Hussar regiment\" }\narmy = \"france-1809\"\n"),
        "{text}"
    );
    set_value(&path, "cost = 17", "cost = 19");
    set_value(&path, "ld = 7", "ld = 8");

    let check = run(d, &["data", "check", "--ruleset", "wab-aca"]);
    assert_eq!(check.code, 0, "{}", check.stderr);
    let note = check.stderr.lines().next().unwrap();
    assert_eq!(
        note,
        "note: my-sheets/wab-aca/armies/fr-hussars.toml:6: entry `fr-hussars` replaces the one of <built-in>/wab-aca/armies/france-1809.toml:173"
    );
    // Still one entry of that id, in its army.
    assert!(
        check.stderr.contains("3 armies, 51 entries"),
        "{}",
        check.stderr
    );

    // The card: the player's values, no "illustrative list" line; a shipped entry keeps it.
    let card = run(
        d,
        &[
            "sheets",
            "show",
            "fr-hussars",
            "--ruleset",
            "wab-aca",
            "--lang",
            "en",
        ],
    );
    assert_eq!(card.code, 0, "{}", card.stderr);
    assert!(card.stdout.contains("Ld 8"), "{}", card.stdout);
    assert!(card.stdout.contains("19 / fig."), "{}", card.stdout);
    assert!(
        !card.stdout.contains("illustrative list"),
        "{}",
        card.stdout
    );
    assert!(
        card.stdout.ends_with(&format!(
            "source: yours (my-sheets/wab-aca/armies/fr-hussars.toml:6), in the place of {}\n",
            note.rsplit(" replaces the one of ").next().unwrap()
        )),
        "{}",
        card.stdout
    );
    let other = run(
        d,
        &[
            "sheets",
            "show",
            "fr-dragoons",
            "--ruleset",
            "wab-aca",
            "--lang",
            "en",
        ],
    );
    assert!(
        other
            .stdout
            .contains("illustrative list (muster), not the army booklets'"),
        "{}",
        other.stdout
    );
    let shown = json(&run(
        d,
        &[
            "sheets",
            "show",
            "fr-hussars",
            "--ruleset",
            "wab-aca",
            "--format",
            "json",
        ],
    ));
    assert_eq!(shown["provenance"], "player");
    assert_eq!(shown["army"], "france-1809");

    // A list with it: its unit is the player's, priced with the player's cost.
    std::fs::create_dir_all(d.join("lists")).unwrap();
    std::fs::write(
        d.join("lists/l.toml"),
        "[list]\nname = \"Mine\"\nruleset = \"wab-aca\"\narmy = \"france-1809\"\npoints = 500\n\n[[units]]\nentry = \"fr-hussars\"\nfigures = 8\n\n[[units]]\nentry = \"fr-dragoons\"\nfigures = 8\n",
    )
    .unwrap();
    let v = json(&run(d, &["check", "lists/l.toml", "--format", "json"]));
    assert_eq!(v["units"][0]["provenance"], "player", "{v}");
    assert_eq!(v["units"][0]["cost"], 8 * 19, "{v}");
    assert_eq!(v["units"][1]["provenance"], "illustrative", "{v}");
    // The roster names the illustrative units only; a list of the player's own says nothing.
    let roster = |d: &Path| {
        let r = run(d, &["roster", "lists/l.toml", "-o", "r.md", "--lang", "en"]);
        assert_eq!(r.code, 0, "{}", r.stderr);
        std::fs::read_to_string(d.join("r.md")).unwrap()
    };
    let md = roster(d);
    assert!(
        md.contains(
            "\n_Illustrative values (written for muster, not the book's): Dragoon regiment_\n"
        ),
        "{md}"
    );
    let only_mine = std::fs::read_to_string(d.join("lists/l.toml"))
        .unwrap()
        .replace("entry = \"fr-dragoons\"", "entry = \"fr-hussars\"");
    std::fs::write(d.join("lists/l.toml"), only_mine).unwrap();
    let md = roster(d);
    assert!(!md.contains("Illustrative values"), "{md}");
}

#[test]
fn a_players_entry_may_join_another_army_and_a_later_army_replaces_its_header() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    assert_eq!(
        run(
            d,
            &[
                "sheets",
                "new",
                "fr-hussars",
                "--from",
                "fr-hussars",
                "--ruleset",
                "wab-aca"
            ]
        )
        .code,
        0
    );
    let path = d.join("my-sheets/wab-aca/armies/fr-hussars.toml");
    set_value(&path, "army = \"france-1809\"", "army = \"russia-1812\"");
    let ids = |army: &str| -> Vec<String> {
        let v = json(&run(
            d,
            &[
                "sheets",
                "--ruleset",
                "wab-aca",
                "--army",
                army,
                "--format",
                "json",
            ],
        ));
        v.as_array()
            .unwrap()
            .iter()
            .map(|e| e["id"].as_str().unwrap().to_owned())
            .collect()
    };
    assert!(ids("russia-1812").contains(&"fr-hussars".to_owned()));
    assert!(!ids("france-1809").contains(&"fr-hussars".to_owned()));

    // An army of the player's layer with a shipped army's id: its header in the place of the
    // shipped one's, the shipped entries kept.
    let shipped = std::fs::read_to_string(
        crate::root().join("unit-sheets/wab-aca/armies/great-britain-1812.toml"),
    )
    .unwrap();
    let head_end = shipped.find("[[entry]]").unwrap();
    let head = shipped[..head_end].replace(
        "name = { fr = \"Grande-Bretagne, 1812\", es = \"Gran Bretaña, 1812\", en = \"Great Britain, 1812\" }",
        "name = { fr = \"Mes Britanniques\", es = \"Mis británicos\", en = \"My British\" }",
    );
    assert_ne!(head, shipped[..head_end], "the header names the army");
    write(d, "great-britain-1812.toml", &head);
    let check = run(d, &["data", "check", "--ruleset", "wab-aca"]);
    assert_eq!(check.code, 0, "{}", check.stderr);
    assert!(
        check
            .stderr
            .contains("note: my-sheets/wab-aca/armies/great-britain-1812.toml:")
            && check
                .stderr
                .contains("army `great-britain-1812` replaces the one of "),
        "{}",
        check.stderr
    );
    let british = ids("great-britain-1812");
    assert!(british.len() > 5, "{british:?}");
    // The shipped entries under the player's header are still the shipped, illustrative ones.
    let shipped_entry = json(&run(
        d,
        &[
            "sheets",
            "show",
            &british[1],
            "--ruleset",
            "wab-aca",
            "--format",
            "json",
        ],
    ));
    assert_eq!(
        shipped_entry["provenance"], "illustrative",
        "{shipped_entry}"
    );
}

#[test]
fn a_players_entries_are_checked_where_they_are_written() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let entry = |id: &str, army: &str| {
        format!(
            "[[entry]]\nid = \"{id}\"\nname = {{ fr = \"Mes chasseurs\", es = \"Mis cazadores\", en = \"My chasseurs\" }}\n{army}kind = \"cavalry\"\nclass = \"light-cavalry\"\nquality = \"veteran\"\nprofile = {{ m = 9, ws = 3, bs = 3, s = 3, t = 3, w = 1, i = 4, a = 1, ld = 7, sv = 6 }}\ncost = 17\nfigures = {{ min = 4, max = 16 }}\nweapon = \"sword\"\nformations = [\"cavalry-line\"]\n"
        )
    };
    write(
        d,
        "mine.toml",
        &format!(
            "{}\n{}\n{}",
            entry("my-chasseurs", "army = \"frnace-1809\"\n"),
            entry("my-other", ""),
            entry("my-third", "army = \"france-1809\"\n"),
        ),
    );
    // A second entry of the same id in the player's layer.
    write(
        d,
        "twice.toml",
        &entry("my-third", "army = \"france-1809\"\n"),
    );
    let check = run(d, &["data", "check", "--ruleset", "wab-aca"]);
    assert_eq!(check.code, 1, "{}", check.stderr);
    assert_eq!(
        check.stderr,
        "error[unknown-reference]: unknown army `frnace-1809`
  ┌─ my-sheets/wab-aca/armies/mine.toml:4:8
  │
4 │ army = \"frnace-1809\"
  │        ^^^^^^^^^^^^^ not an army of the data
  │
  = help: did you mean `france-1809`?
  = armies: france-1809 (France, 1809), great-britain-1812 (Great Britain, 1812), russia-1812 (Russia, 1812)

error[missing-field]: entry `my-other` names no army: missing field `army`
   ┌─ my-sheets/wab-aca/armies/mine.toml:15:6
   │
15 │ id = \"my-other\"
   │      ^^^^^^^^^^ a file without [army] names each entry's army
   │
   = armies: france-1809 (France, 1809), great-britain-1812 (Great Britain, 1812), russia-1812 (Russia, 1812)

error[duplicate-id]: duplicate entry id `my-third`
   ┌─ my-sheets/wab-aca/armies/twice.toml:2:6
   │
 2 │ id = \"my-third\"
   │      ^^^^^^^^^^ defined again here
   │
   ┌─ my-sheets/wab-aca/armies/mine.toml:27:6
   │
27 │ id = \"my-third\"
   │      ---------- first defined here
   │
   = ids are unique inside a data directory (a later one, given by --data or the player's my-sheets/, may replace an entry of an earlier one)

data check failed: wab-aca: 3 errors, 0 warnings
"
    );

    // An entry in an army's file that names another army.
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let shipped =
        std::fs::read_to_string(crate::root().join("unit-sheets/wab-aca/armies/russia-1812.toml"))
            .unwrap();
    let head_end = shipped.find("[[entry]]").unwrap();
    write(
        d,
        "russia-1812.toml",
        &format!(
            "{}{}",
            &shipped[..head_end],
            entry("my-cossacks", "army = \"france-1809\"\n")
        ),
    );
    let check = run(d, &["data", "check", "--ruleset", "wab-aca"]);
    assert_eq!(check.code, 1, "{}", check.stderr);
    assert!(
        check.stderr.starts_with("error[entry-army]: entry `my-cossacks` names army `france-1809` in the file of army `russia-1812`\n"),
        "{}",
        check.stderr
    );
    assert!(
        check
            .stderr
            .contains("^^^^^^^^^^^^^ an entry of this file is of `russia-1812`"),
        "{}",
        check.stderr
    );
}

/// WAB prints in Spanish too, so a name without `es` is refused like any missing field, where
/// it is written; the player's layer is no exception (the test failed before `Names` had `es`:
/// the entry was read and its Spanish cards printed its French name).
#[test]
fn a_players_entry_without_its_spanish_name_is_refused_where_it_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(
        d,
        "mine.toml",
        "[[entry]]\nid = \"my-chasseurs\"\nname = { fr = \"Mes chasseurs\", en = \"My chasseurs\" }\narmy = \"france-1809\"\nkind = \"cavalry\"\nclass = \"light-cavalry\"\nquality = \"veteran\"\nprofile = { m = 9, ws = 3, bs = 3, s = 3, t = 3, w = 1, i = 4, a = 1, ld = 7, sv = 6 }\ncost = 17\nfigures = { min = 4, max = 16 }\nweapon = \"sword\"\nformations = [\"cavalry-line\"]\n",
    );
    let check = run(d, &["data", "check", "--ruleset", "wab-aca"]);
    assert_eq!(check.code, 1, "{}", check.stderr);
    assert_eq!(
        check.stderr,
        "error[missing-field]: missing field `es`
  ┌─ my-sheets/wab-aca/armies/mine.toml:3:8
  │
3 │ name = { fr = \"Mes chasseurs\", en = \"My chasseurs\" }
  │        ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ this table needs `es`

data check failed: wab-aca: 1 error, 0 warnings
"
    );
}
