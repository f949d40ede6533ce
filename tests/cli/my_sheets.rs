//! The player's own sheets: `./my-sheets/` read over the shipped data (a layer), `sheets new`
//! copying a sheet there, and where each sheet comes from said on cards, in `sheets show`,
//! `check --format json` and `data check`.

use std::path::Path;

use crate::{json, muster_in};

fn run(dir: &Path, args: &[&str]) -> crate::Run {
    muster_in(dir, args, &[])
}

/// Replaces `key = old` by `key = new` in the player's sheet file.
fn set_value(path: &Path, line: &str, new: &str) {
    let text = std::fs::read_to_string(path).unwrap();
    assert!(text.contains(line), "{line:?} in\n{text}");
    std::fs::write(path, text.replacen(line, new, 1)).unwrap();
}

#[test]
fn sheets_new_copies_a_sheet_into_the_players_folder_and_never_over_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let made = run(
        d,
        &["sheets", "new", "my-sergeant", "--from", "gb-95th-harper"],
    );
    assert_eq!(made.code, 0, "{}", made.stderr);
    assert_eq!(
        made.stderr,
        "wrote my-sheets/capitan/sheets/my-sergeant.toml: a copy of `gb-95th-harper`; change it, then `muster data check`\n"
    );
    let path = d.join("my-sheets/capitan/sheets/my-sergeant.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    // No source: what is in the player's folder is theirs.
    assert!(!text.contains("source"), "{text}");
    assert!(
        text.contains("[[sheet]]\nid = \"my-sergeant\"\nname = "),
        "{text}"
    );
    // The copy reads back to the same values as the sheet it copies.
    let mut copy = json(&run(
        d,
        &["sheets", "show", "my-sergeant", "--format", "json"],
    ));
    let mut original = json(&run(
        d,
        &["sheets", "show", "gb-95th-harper", "--format", "json"],
    ));
    assert_eq!(copy["provenance"], "player");
    assert_eq!(original["provenance"], "illustrative");
    for v in [&mut copy, &mut original] {
        let o = v.as_object_mut().unwrap();
        for k in ["id", "source", "provenance"] {
            o.remove(k);
        }
    }
    assert_eq!(copy, original);
    // Never over a file already there; the file is left as it was.
    let again = run(
        d,
        &["sheets", "new", "my-sergeant", "--from", "gb-95th-sharpe"],
    );
    assert_eq!(again.code, 2);
    assert_eq!(
        again.stderr,
        "error: `my-sergeant` is one of your own sheets already, in my-sheets/capitan/sheets/my-sergeant.toml: change it there (or in the builder's sheet editor), or give the new one another id; nothing written\n"
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
    // Nor through a dangling link.
    #[cfg(unix)]
    {
        let link = d.join("my-sheets/capitan/sheets/linked.toml");
        std::os::unix::fs::symlink(d.join("elsewhere.toml"), &link).unwrap();
        let linked = run(d, &["sheets", "new", "linked", "--from", "gb-95th-sharpe"]);
        assert_eq!(linked.code, 2, "{}", linked.stderr);
        assert!(!d.join("elsewhere.toml").exists());
    }
    // A bad id, an unknown sheet.
    let bad = run(
        d,
        &["sheets", "new", "My Sergeant", "--from", "gb-95th-sharpe"],
    );
    assert_eq!(bad.code, 2);
    assert!(
        bad.stderr.contains("`My Sergeant` is not a sheet id"),
        "{}",
        bad.stderr
    );
    let unknown = run(d, &["sheets", "new", "x", "--from", "gb-95th-sharp"]);
    assert_eq!(unknown.code, 2);
    assert!(
        unknown.stderr.contains("gb-95th-sharpe"),
        "{}",
        unknown.stderr
    );
}

#[test]
fn a_players_sheet_takes_the_place_of_an_illustrative_one() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    assert_eq!(
        run(
            d,
            &["sheets", "new", "gb-43rd-light", "--from", "gb-43rd-light"]
        )
        .code,
        0
    );
    let path = d.join("my-sheets/capitan/sheets/gb-43rd-light.toml");
    set_value(&path, "courage = 6", "courage = 7");
    set_value(&path, "points = 19", "points = 23");
    // data check says which sheet it replaces.
    let check = run(d, &["data", "check", "--ruleset", "capitan"]);
    assert_eq!(check.code, 0, "{}", check.stderr);
    let note = check.stderr.lines().next().unwrap();
    // The shipped sheet is named as built in, never by a folder of the build machine.
    assert_eq!(
        note,
        "note: my-sheets/capitan/sheets/gb-43rd-light.toml:5: sheet `gb-43rd-light` replaces the one of <built-in>/capitan/sheets/great-britain.toml:140"
    );
    // The card: the player's values, no illustrative mark; a shipped illustrative one keeps it.
    let card = run(d, &["sheets", "show", "gb-43rd-light", "--lang", "en"]);
    assert!(card.stdout.contains("PT 23"), "{}", card.stdout);
    assert!(
        !card.stdout.contains("illustrative sheet (muster)"),
        "{}",
        card.stdout
    );
    assert!(
        card.stdout.ends_with(&format!(
            "source: yours (my-sheets/capitan/sheets/gb-43rd-light.toml:5), in the place of {}\n",
            note.rsplit(" replaces the one of ").next().unwrap()
        )),
        "{}",
        card.stdout
    );
    let other = run(d, &["sheets", "show", "gb-45th-line", "--lang", "en"]);
    assert!(
        other
            .stdout
            .contains("Peninsular War 1808 - 1814 · illustrative sheet (muster)")
            || other.stdout.contains("· illustrative sheet (muster)"),
        "{}",
        other.stdout
    );
    let official = run(d, &["sheets", "show", "gb-95th-sharpe", "--lang", "es"]);
    assert!(
        !official.stdout.contains("ilustrativa"),
        "{}",
        official.stdout
    );
    assert!(official
        .stdout
        .ends_with("fuente: el reglamento (oficial)\n"));
    // A list with it: its unit is the player's, priced with the player's values.
    std::fs::create_dir_all(d.join("lists")).unwrap();
    std::fs::write(
        d.join("lists/l.toml"),
        "[list]\nname = \"Mine\"\nruleset = \"capitan\"\ncoalition = \"allies\"\ncampaign = \"peninsula\"\npoints = 400\n\n[[units]]\nsheet = \"gb-43rd-light\"\nfigures = 8\n\n[[units]]\nsheet = \"gb-45th-line\"\nfigures = 8\n",
    )
    .unwrap();
    let v = json(&run(d, &["check", "lists/l.toml", "--format", "json"]));
    assert_eq!(v["units"][0]["provenance"], "player");
    assert_eq!(v["units"][0]["cost"], 8 * 23);
    assert_eq!(v["units"][1]["provenance"], "illustrative");
}

#[test]
fn ids_are_unique_inside_the_players_folder() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    assert_eq!(
        run(d, &["sheets", "new", "mine", "--from", "gb-45th-line"]).code,
        0
    );
    let text = std::fs::read_to_string(d.join("my-sheets/capitan/sheets/mine.toml")).unwrap();
    let body = &text[text.find("[[sheet]]").unwrap()..];
    std::fs::write(d.join("my-sheets/capitan/sheets/again.toml"), body).unwrap();
    let check = run(d, &["data", "check", "--ruleset", "capitan"]);
    assert_eq!(check.code, 1, "{}", check.stderr);
    assert!(
        check
            .stderr
            .starts_with("error[duplicate-id]: duplicate sheet id `mine`"),
        "{}",
        check.stderr
    );
}

/// `sheets new --edit` finds the player's editor before it writes: with none ($VISUAL and
/// $EDITOR empty, none of the usual ones on the PATH) it refuses, exit 2, and writes nothing
/// (before, it wrote the copy and then exited 2); with one, the copy is opened in it.
#[test]
fn sheets_new_edit_without_an_editor_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let empty = tempfile::tempdir().unwrap();
    let args = [
        "sheets",
        "new",
        "mine",
        "--from",
        "gb-95th-harper",
        "--edit",
    ];
    let none = [
        ("VISUAL", ""),
        ("EDITOR", ""),
        ("PATH", empty.path().to_str().unwrap()),
    ];
    let refused = crate::muster_in(d, &args, &none);
    assert_eq!(refused.code, 2, "{}", refused.stderr);
    assert_eq!(
        refused.stderr,
        "error: --edit: no text editor found: neither $VISUAL nor $EDITOR is set, and none of editor, nano, vi is on the PATH; nothing written (set EDITOR, e.g. `EDITOR=nano muster sheets new …`, or leave out --edit and open the file yourself)\n"
    );
    assert!(!d.join("my-sheets").exists());
    // An editor that records what it was given: the copy, written before it opens.
    let seen = d.join("seen");
    let script = empty.path().join("ed.sh");
    std::fs::write(
        &script,
        format!("#!/bin/sh\ncat \"$1\" > '{}'\n", seen.display()),
    )
    .unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
        let opened = crate::muster_in(d, &args, &[("VISUAL", script.to_str().unwrap())]);
        assert_eq!(opened.code, 0, "{}", opened.stderr);
        let written =
            std::fs::read_to_string(d.join("my-sheets/capitan/sheets/mine.toml")).unwrap();
        assert_eq!(std::fs::read_to_string(&seen).unwrap(), written);
    }
}
