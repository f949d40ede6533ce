//! `muster event` (issue 39): an event of 17 players end to end (entries by code and by file,
//! every check the same as `muster check`'s, four Swiss rounds without a rematch or a second
//! bye, clubs apart in round 1, results from 8 writers at once, standings recomputed here),
//! the organiser's rules, hostile entries refused, and every action undone back to the file
//! as it was.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use super::{json, muster_in, root, Run};

/// Runs `muster` in `dir` (the built-in data: no ./unit-sheets there).
fn run(dir: &Path, args: &[&str]) -> Run {
    muster_in(dir, args, &[])
}

fn ok(r: Run) -> Run {
    assert_eq!(r.code, 0, "stdout:\n{}\nstderr:\n{}", r.stdout, r.stderr);
    r
}

/// Child processes killed and reaped whatever the test's outcome.
struct Children(Vec<Child>);

impl Drop for Children {
    fn drop(&mut self) {
        for c in &mut self.0 {
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}

/// `event new e.toml` in `dir`: the club event most tests start from (Capitán, 600 points).
pub(crate) fn club_event(dir: &Path) {
    ok(run(
        dir,
        &[
            "event",
            "new",
            "e.toml",
            "--name",
            "Club",
            "--ruleset",
            "capitan",
            "--points",
            "600",
        ],
    ));
}

fn sample(name: &str) -> PathBuf {
    root().join("lists").join(name)
}

/// The event file as TOML.
fn event_toml(path: &Path) -> toml::Table {
    toml::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// A diagnostic as compared: code, severity, message, and where when `located`.
fn said(d: &serde_json::Value, located: bool) -> String {
    let mut s = format!("{} {} {}", d["code"], d["severity"], d["message"]);
    if located {
        s.push_str(&format!(" @{}:{}", d["line"], d["column"]));
    }
    s
}

/// The result of a game in the test, drawn from its round and table.
fn outcome(round: u32, table: u32) -> (&'static str, u32, u32) {
    match (round * 7 + table * 3) % 5 {
        0 => ("draw", 8, 8),
        1 | 3 => ("a", 10 + table, 4),
        _ => ("b", 3, 9 + round),
    }
}

/// The event of 17 players in `dir` (e.toml: "Salamanca open", Capitán, 600 points,
/// 4 rounds, in `lang` when given): four clubs, two lists of each sample and two invalid
/// ones (over.toml over its points, unknown.toml with a sheet the data do not have), every
/// second valid list entered by its share code. Returns each player's name, club, list file
/// and whether it went by code, in the order of the entries.
pub(crate) fn entries_of_17(
    dir: &Path,
    lang: Option<&str>,
) -> Vec<(String, String, PathBuf, bool)> {
    let valid = [
        "sharpe-patrol.toml",
        "guerrilla-band.toml",
        "french-column.toml",
        "voltigeurs-hussars.toml",
    ];
    let over = std::fs::read_to_string(sample("sharpe-patrol.toml"))
        .unwrap()
        .replace("points = 600", "points = 400");
    std::fs::write(dir.join("over.toml"), &over).unwrap();
    let unknown = std::fs::read_to_string(sample("french-column.toml"))
        .unwrap()
        .replacen("sheet = \"", "sheet = \"no-such-", 1);
    assert!(unknown.contains("no-such-"));
    std::fs::write(dir.join("unknown.toml"), &unknown).unwrap();
    let new = [
        "event",
        "new",
        "e.toml",
        "--name",
        "Salamanca open",
        "--ruleset",
        "capitan",
        "--points",
        "600",
        "--rounds",
        "4",
    ];
    let english = lang.is_none();
    let lang: Vec<&str> = lang.map(|l| vec!["--lang", l]).unwrap_or_default();
    ok(run(dir, &[&new[..], &lang].concat()));
    let clubs = ["North", "South", "East", "West"];
    let mut players: Vec<(String, String, PathBuf, bool)> = Vec::new();
    for i in 0..17 {
        let (list, by_code) = match i {
            5 => (dir.join("over.toml"), false),
            11 => (dir.join("unknown.toml"), false),
            _ => (sample(valid[i % 4]), i % 2 == 0),
        };
        players.push((
            format!("P{:02}", i + 1),
            clubs[i % 4].to_owned(),
            list,
            by_code,
        ));
    }
    for (name, club, list, by_code) in &players {
        let list_arg = list.to_str().unwrap();
        let args = ["event", "add", "e.toml", "--player", name, "--club", club];
        let added = if *by_code {
            let code = ok(run(dir, &["list", "share", list_arg])).stdout;
            run(dir, &[&args[..], &["--code", code.trim()]].concat())
        } else {
            run(dir, &[&args[..], &["--list", list_arg]].concat())
        };
        let added = ok(added);
        assert!(
            !english || added.stdout.starts_with(&format!("added {name}:")),
            "{}",
            added.stdout
        );
    }
    players
}

#[test]
fn an_event_of_17_players_runs_end_to_end() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let players = entries_of_17(dir, None);
    let event = dir.join("e.toml");

    // Every entry's check is muster check's.
    let checked = run(dir, &["event", "check", "e.toml", "--format", "json"]);
    assert_eq!(checked.code, 1, "two invalid lists: {}", checked.stderr);
    let checked = json(&checked);
    let entries = checked["entries"].as_array().unwrap();
    assert_eq!(entries.len(), 17);
    for ((name, club, list, by_code), e) in players.iter().zip(entries) {
        assert_eq!(e["player"], name.as_str());
        assert_eq!(e["club"], club.as_str());
        let alone = json(&run(
            dir,
            &["check", "--format", "json", list.to_str().unwrap()],
        ));
        for key in ["valid", "total", "limit"] {
            assert_eq!(
                e[key], alone[key],
                "{name}'s {key}: {e}\nmuster check: {alone}"
            );
        }
        // A code carries the list without its comments: its lines are not the file's.
        let ours: Vec<String> = e["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| said(d, !by_code))
            .collect();
        let theirs: Vec<String> = alone["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| said(d, !by_code))
            .collect();
        assert_eq!(ours, theirs, "{name}");
        let problems = e["problems"].as_array().unwrap();
        assert_eq!(problems.is_empty(), e["valid"] == true, "{e}");
    }
    let invalid: Vec<&str> = entries
        .iter()
        .filter(|e| e["valid"] == false)
        .map(|e| e["player"].as_str().unwrap())
        .collect();
    assert_eq!(invalid, ["P06", "P12"]);
    // The table says the same in words.
    let table = run(dir, &["event", "check", "e.toml"]);
    let line = table.stdout.lines().find(|l| l.starts_with("P06")).unwrap();
    assert!(line.contains("NO") && line.contains("578 / 400"), "{line}");

    // Four rounds: each player once a round, no rematch, no second bye, clubs apart in
    // round 1; the results of a round entered by 8 processes at once.
    let club_of: BTreeMap<String, String> = players
        .iter()
        .map(|(n, c, _, _)| (n.clone(), c.clone()))
        .collect();
    let mut met: BTreeSet<(String, String)> = BTreeSet::new();
    let mut byes: BTreeSet<String> = BTreeSet::new();
    // What the test entered: (round, a, b, result, score a, score b), and each round's bye.
    let mut games: Vec<(String, String, &str, u32, u32)> = Vec::new();
    let mut bye_of: Vec<String> = Vec::new();
    for round in 1..=4u32 {
        let seed = (round * 1000 + 7).to_string();
        let paired = json(&ok(run(
            dir,
            &[
                "event", "pair", "e.toml", "--seed", &seed, "--format", "json",
            ],
        )));
        assert_eq!(paired["round"], round);
        let tables = paired["tables"].as_array().unwrap();
        assert_eq!(tables.len(), 8, "{paired}");
        let bye = paired["bye"].as_str().unwrap().to_owned();
        assert!(
            byes.insert(bye.clone()),
            "{bye} has a second bye in round {round}"
        );
        bye_of.push(bye.clone());
        let mut seen = BTreeSet::from([bye]);
        for t in tables {
            let (a, b) = (t["a"].as_str().unwrap(), t["b"].as_str().unwrap());
            assert!(
                seen.insert(a.to_owned()) && seen.insert(b.to_owned()),
                "{paired}"
            );
            let pair = (a.min(b).to_owned(), a.max(b).to_owned());
            assert!(met.insert(pair), "{a} and {b} meet again in round {round}");
            if round == 1 {
                assert_ne!(club_of[a], club_of[b], "{a} and {b}: one club in round 1");
            }
        }
        assert_eq!(seen.len(), 17);
        let mut writers = Children(Vec::new());
        for t in tables {
            let n = t["table"].as_u64().unwrap() as u32;
            let (result, sa, sb) = outcome(round, n);
            games.push((
                t["a"].as_str().unwrap().to_owned(),
                t["b"].as_str().unwrap().to_owned(),
                result,
                sa,
                sb,
            ));
            let child = Command::new(env!("CARGO_BIN_EXE_muster"))
                .args([
                    "event",
                    "result",
                    "e.toml",
                    "--round",
                    &round.to_string(),
                    "--table",
                    &n.to_string(),
                    "--result",
                    result,
                    "--score",
                    &format!("{sa}-{sb}"),
                ])
                .current_dir(dir)
                .stdout(Stdio::null())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap();
            writers.0.push(child);
        }
        for c in &mut writers.0 {
            let status = c.wait().unwrap();
            assert!(status.success(), "a writer failed");
        }
        // Every result kept.
        let file = event_toml(&event);
        let kept = file["rounds"].as_array().unwrap()[round as usize - 1]["tables"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|t| t.get("result").is_some())
            .count();
        assert_eq!(kept, 8, "round {round}: results lost");
    }
    assert!(run(dir, &["event", "pair", "e.toml"])
        .stderr
        .contains("played its 4 rounds"));

    // The standings recomputed from the results entered: 3, 1, 0 and the bye a win; then the
    // opponents' points; then the score difference.
    let mut points: BTreeMap<&str, u32> = BTreeMap::new();
    let mut diff: BTreeMap<&str, i64> = BTreeMap::new();
    let mut opponents: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for (name, ..) in &players {
        points.insert(name, 0);
        diff.insert(name, 0);
        opponents.insert(name, Vec::new());
    }
    for b in &bye_of {
        *points.get_mut(b.as_str()).unwrap() += 3;
    }
    for (a, b, result, sa, sb) in &games {
        let (pa, pb) = match *result {
            "a" => (3, 0),
            "b" => (0, 3),
            _ => (1, 1),
        };
        *points.get_mut(a.as_str()).unwrap() += pa;
        *points.get_mut(b.as_str()).unwrap() += pb;
        *diff.get_mut(a.as_str()).unwrap() += i64::from(*sa) - i64::from(*sb);
        *diff.get_mut(b.as_str()).unwrap() += i64::from(*sb) - i64::from(*sa);
        opponents.get_mut(a.as_str()).unwrap().push(b);
        opponents.get_mut(b.as_str()).unwrap().push(a);
    }
    let sos = |p: &str| -> u32 { opponents[p].iter().map(|o| points[o]).sum() };
    let standings = json(&ok(run(
        dir,
        &["event", "standings", "e.toml", "--format", "json"],
    )));
    let rows = standings["standings"].as_array().unwrap();
    assert_eq!(rows.len(), 17);
    let mut previous: Option<(u32, u32, i64)> = None;
    for (i, row) in rows.iter().enumerate() {
        let p = row["player"].as_str().unwrap();
        let mine = (points[p], sos(p), diff[p]);
        assert_eq!(
            (
                row["points"].as_u64().unwrap() as u32,
                row["sos"].as_u64().unwrap() as u32,
                row["score_diff"].as_i64().unwrap()
            ),
            mine,
            "{p}: {row}"
        );
        assert_eq!(row["club"], club_of[p].as_str());
        if let Some(prev) = previous {
            assert!(
                prev >= mine,
                "row {i} ({p}) is above its place: {prev:?} < {mine:?}"
            );
            let rank = row["rank"].as_u64().unwrap() as usize;
            assert_eq!(rank == i + 1, prev != mine, "{p}'s rank {rank}");
        }
        previous = Some(mine);
    }
}

#[test]
fn the_organisers_rules_are_errors_of_their_own_codes_in_the_events_language() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    ok(run(
        dir,
        &[
            "event",
            "new",
            "e.toml",
            "--name",
            "Club",
            "--ruleset",
            "capitan",
            "--points",
            "570",
            "--lang",
            "fr",
        ],
    ));
    let list = sample("sharpe-patrol.toml");
    ok(run(
        dir,
        &[
            "event",
            "add",
            "e.toml",
            "--player",
            "Ann",
            "--list",
            list.to_str().unwrap(),
        ],
    ));
    // The organiser's rules, written by hand.
    let path = dir.join("e.toml");
    let text = std::fs::read_to_string(&path).unwrap().replace(
        "[rules]\npoints = 570\nillustrative = true\nown_sheets = true\nbanned = []\n\n[rules.at_most]\n",
        "[rules]\npoints = 570\nillustrative = false\nown_sheets = true\nbanned = [\"gb-95th-sharpe\"]\n\n[rules.at_most]\ngb-95th-harper = 0\n",
    );
    assert!(text.contains("banned = [\"gb-95th-sharpe\"]"), "{text}");
    std::fs::write(&path, text).unwrap();
    let checked = run(dir, &["event", "check", "e.toml", "--format", "json"]);
    assert_eq!(checked.code, 1);
    let e = &json(&checked)["entries"][0];
    assert_eq!(e["valid"], false);
    let codes: Vec<&str> = e["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["code"].as_str().unwrap())
        .collect();
    assert_eq!(
        codes,
        [
            "event-points",
            "event-banned",
            "event-illustrative",
            "event-at-most",
            "event-illustrative"
        ],
        "{e}"
    );
    let problems = e["problems"].to_string();
    assert!(problems.contains("ce tournoi en permet 570"), "{problems}");
    assert!(problems.contains("que ce tournoi interdit"), "{problems}");
}

#[test]
fn a_check_under_other_data_says_so() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    club_event(dir);
    // The same data on disk: the same fingerprint, nothing said.
    let data = dir.join("data");
    let copy = |from: &Path, to: &Path| {
        for entry in walk(from) {
            let target = to.join(entry.strip_prefix(from).unwrap());
            std::fs::create_dir_all(target.parent().unwrap()).unwrap();
            std::fs::copy(&entry, &target).unwrap();
        }
    };
    copy(&root().join("unit-sheets/capitan"), &data.join("capitan"));
    let same = ok(run(dir, &["--data", "data", "event", "check", "e.toml"]));
    assert!(!same.stderr.contains("made over"), "{}", same.stderr);
    let skills = data.join("capitan/skills.toml");
    let text = std::fs::read_to_string(&skills).unwrap();
    std::fs::write(&skills, format!("{text}\n# changed\n")).unwrap();
    let other = ok(run(dir, &["--data", "data", "event", "check", "e.toml"]));
    assert!(
        other
            .stderr
            .contains("warning: the event was made over data"),
        "{}",
        other.stderr
    );
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            out.extend(walk(&p));
        } else {
            out.push(p);
        }
    }
    out
}

#[test]
fn hostile_entries_are_refused_with_a_clear_message() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    club_event(dir);
    let path = dir.join("e.toml");
    let before = std::fs::read_to_string(&path).unwrap();
    let list = sample("sharpe-patrol.toml");
    let list = list.to_str().unwrap();
    let refused = |args: &[&str], says: &str| {
        let r = run(dir, args);
        assert_eq!(r.code, 2, "{args:?}: {}", r.stderr);
        assert!(r.stderr.contains(says), "{args:?}: {}", r.stderr);
        assert!(!r.stderr.contains("panicked"), "{}", r.stderr);
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            before,
            "{args:?} wrote"
        );
    };
    let huge = format!("MU3:{}", "A".repeat(70_000));
    refused(
        &["event", "add", "e.toml", "--player", "Ann", "--code", &huge],
        "a share code has at most 65536",
    );
    // A file that is no list (a password file, a TOML without [list]) is no entry, and is
    // not kept in the event (they were taken as invalid lists, the whole file stored).
    std::fs::write(dir.join("passwd"), "root:x:0:0:root:/root:/bin/bash\n").unwrap();
    refused(
        &[
            "event", "add", "e.toml", "--player", "Ann", "--list", "passwd",
        ],
        "passwd:1:32: not a list file (key with no value, expected `=`); not added",
    );
    std::fs::write(dir.join("Cargo.toml"), "[package]\nname = \"x\"\n").unwrap();
    refused(
        &[
            "event",
            "add",
            "e.toml",
            "--player",
            "Ann",
            "--list",
            "Cargo.toml",
        ],
        "Cargo.toml is not a list file: it has no [list] table",
    );
    // A name with a character that shows as nothing would pass for another player's.
    refused(
        &[
            "event",
            "add",
            "e.toml",
            "--player",
            "Ann\u{200b}",
            "--list",
            list,
        ],
        "has an invisible character (U+200B, character 4)",
    );
    refused(
        &[
            "event",
            "add",
            "e.toml",
            "--player",
            "Ann",
            "--code",
            "MU3:NOT-A-CODE",
        ],
        "the code of Ann",
    );
    let wab = root().join("lists/wab-france-1809.toml");
    refused(
        &[
            "event",
            "add",
            "e.toml",
            "--player",
            "Ann",
            "--list",
            wab.to_str().unwrap(),
        ],
        "is a wab-aca list: this event plays",
    );
    let wab_code = ok(run(dir, &["list", "share", wab.to_str().unwrap()])).stdout;
    refused(
        &[
            "event",
            "add",
            "e.toml",
            "--player",
            "Ann",
            "--code",
            wab_code.trim(),
        ],
        "carries a wab-aca list",
    );
    refused(
        &[
            "event",
            "add",
            "e.toml",
            "--player",
            "A\u{1b}[2Jnn",
            "--list",
            list,
        ],
        "has a control character (U+001B",
    );
    refused(
        &[
            "event",
            "add",
            "e.toml",
            "--player",
            "Ann",
            "--club",
            "a\u{202e}b",
            "--list",
            list,
        ],
        "has a control character (U+202E",
    );
    // A list far larger than any army.
    let big = format!(
        "{}\n{}",
        std::fs::read_to_string(list).unwrap(),
        "# padding padding padding padding padding padding padding padding\n".repeat(3000)
    );
    std::fs::write(dir.join("big.toml"), big).unwrap();
    refused(
        &[
            "event", "add", "e.toml", "--player", "Ann", "--list", "big.toml",
        ],
        "an event keeps at most 131072",
    );
    // One entry too many: an event of 512 entries, written here, takes no 513th player.
    let mut full = before.clone();
    for i in 0..512 {
        full.push_str(&format!(
            "\n[[entries]]\nplayer = \"P{i}\"\nfrom = \"code\"\nlist = \"\"\"\n[list]\nname = \"x\"\nruleset = \"capitan\"\n\"\"\"\n"
        ));
    }
    std::fs::write(&path, &full).unwrap();
    let r = run(
        dir,
        &["event", "add", "e.toml", "--player", "Late", "--list", list],
    );
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(
        r.stderr.contains("the event has 512 entries"),
        "{}",
        r.stderr
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), full);
    // An existing player may still replace their entry.
    ok(run(
        dir,
        &["event", "add", "e.toml", "--player", "P7", "--list", list],
    ));
}

#[test]
fn every_action_is_undone_back_to_the_file_as_it_was() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    club_event(dir);
    let path = dir.join("e.toml");
    let read = || std::fs::read_to_string(&path).unwrap();
    let mut states = vec![read()];
    let lists = [
        "sharpe-patrol.toml",
        "guerrilla-band.toml",
        "french-column.toml",
    ];
    let mut step = |args: Vec<String>| {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        ok(run(dir, &args));
        states.push(read());
    };
    for (p, l) in ["Ann", "Bob", "Cid"].iter().zip(lists) {
        let l = sample(l);
        step(
            [
                "event",
                "add",
                "e.toml",
                "--player",
                p,
                "--list",
                l.to_str().unwrap(),
            ]
            .map(String::from)
            .to_vec(),
        );
    }
    // Ann's list again, under another spelling: her entry replaced, not a fourth.
    let l = sample("voltigeurs-hussars.toml");
    step(
        [
            "event",
            "add",
            "e.toml",
            "--player",
            "ANN",
            "--list",
            l.to_str().unwrap(),
        ]
        .map(String::from)
        .to_vec(),
    );
    step(
        ["event", "pair", "e.toml", "--seed", "5"]
            .map(String::from)
            .to_vec(),
    );
    let round: toml::Table = toml::from_str(&read()).unwrap();
    let r1 = &round["rounds"].as_array().unwrap()[0];
    let a = r1["tables"][0]["a"].as_str().unwrap().to_owned();
    let bye = r1["bye"].as_str().unwrap().to_owned();
    step(
        ["event", "swap", "e.toml", "--round", "1", &a, &bye]
            .map(String::from)
            .to_vec(),
    );
    for (result, score) in [("a", "10-2"), ("draw", "5-5")] {
        step(
            [
                "event", "result", "e.toml", "--round", "1", "--table", "1", "--result", result,
                "--score", score,
            ]
            .map(String::from)
            .to_vec(),
        );
    }
    let file: toml::Table = toml::from_str(&read()).unwrap();
    assert_eq!(file["entries"].as_array().unwrap().len(), 3);
    assert_eq!(file["entries"][0]["player"].as_str(), Some("ANN"));
    assert_eq!(file["log"].as_array().unwrap().len(), 9);
    // Each undo gives back the file as it was before the action, to the byte.
    states.pop();
    let mut undone = 0;
    while let Some(before) = states.pop() {
        ok(run(dir, &["event", "undo", "e.toml"]));
        undone += 1;
        assert_eq!(read(), before, "after {undone} undos");
    }
    assert_eq!(undone, 8);
    // Back to the event as made: nothing more to undo.
    let r = run(dir, &["event", "undo", "e.toml"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("nothing to undo"), "{}", r.stderr);
}

/// `kill -9` at any moment of a change leaves the event file whole: as it was before the
/// change or after it, never half written.
#[cfg(unix)]
#[test]
fn a_writer_killed_at_any_moment_leaves_a_valid_file() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    club_event(dir);
    for (p, l) in [
        ("Ann", "sharpe-patrol.toml"),
        ("Bob", "guerrilla-band.toml"),
    ] {
        let l = sample(l);
        ok(run(
            dir,
            &[
                "event",
                "add",
                "e.toml",
                "--player",
                p,
                "--list",
                l.to_str().unwrap(),
            ],
        ));
    }
    ok(run(dir, &["event", "pair", "e.toml", "--seed", "1"]));
    let path = dir.join("e.toml");
    for i in 0..24u64 {
        let mut child = Children(vec![Command::new(env!("CARGO_BIN_EXE_muster"))
            .args([
                "event", "result", "e.toml", "--round", "1", "--table", "1", "--result",
            ])
            .arg(if i % 2 == 0 { "a" } else { "b" })
            .current_dir(dir)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap()]);
        // Killed after 0 to 23 ms: before, while or after it writes.
        std::thread::sleep(std::time::Duration::from_millis(i));
        child.0[0].kill().unwrap();
        child.0[0].wait().unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        let file: toml::Table = toml::from_str(&text)
            .unwrap_or_else(|e| panic!("killed after {i} ms: not TOML ({e}):\n{text}"));
        assert_eq!(file["entries"].as_array().unwrap().len(), 2);
        ok(run(dir, &["event", "standings", "e.toml"]));
    }
}

/// A table's result from a WAB game the companion kept (`event result --game`): the game
/// scored by its victory rules, the higher score winning, both scores kept as the table's
/// players' (the game's sides matched to them by their lists, whichever side each began
/// on); a game whose armies are not the table's lists asks for `--game-sides`; a Capitán
/// game, scored by its losses without victory points, is refused.
#[test]
fn a_table_result_from_a_wab_game_of_the_companion() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let e = d.join("wab.toml");
    let e = e.to_str().unwrap();
    ok(run(
        d,
        &[
            "event",
            "new",
            e,
            "--name",
            "WAB day",
            "--ruleset",
            "wab-aca",
            "--points",
            "2200",
        ],
    ));
    let (fr, gb) = (
        sample("wab-france-1809.toml"),
        sample("wab-great-britain-1812.toml"),
    );
    let (fr, gb) = (fr.to_str().unwrap(), gb.to_str().unwrap());
    ok(run(
        d,
        &["event", "add", e, "--player", "Ann", "--list", fr],
    ));
    ok(run(d, &["event", "add", e, "--player", "Bo", "--list", gb]));
    ok(run(d, &["event", "pair", e, "--seed", "1"]));
    let table = &event_toml(Path::new(e))["rounds"][0]["tables"][0];
    let first = table["a"].as_str().unwrap().to_owned();
    // The game's side a is Bo's list (GB) whoever the table's first player is.
    let g = d.join("game.toml");
    let g = g.to_str().unwrap();
    ok(run(d, &["game", "new", g, "--list", gb, "--against", fr]));
    ok(run(d, &["game", "mark", g, "b5", "--lost", "25"]));
    ok(run(d, &["game", "mark", g, "b6", "--lost", "2"]));
    ok(run(d, &["game", "mark", g, "a6", "--lost", "1"]));
    let scored = json(&ok(run(d, &["game", "score", g, "--format", "json"])));
    let (bo, ann) = (
        scored["sides"][0]["score"].as_u64().unwrap() as i64,
        scored["sides"][1]["score"].as_u64().unwrap() as i64,
    );
    assert_ne!(bo, ann, "{scored}");
    ok(run(
        d,
        &[
            "event", "result", e, "--round", "1", "--table", "1", "--game", g,
        ],
    ));
    let kept = &event_toml(Path::new(e))["rounds"][0]["tables"][0];
    let (sa, sb) = if first == "Bo" { (bo, ann) } else { (ann, bo) };
    let want = if sa > sb { "a" } else { "b" };
    assert_eq!(kept["result"].as_str(), Some(want), "{kept}");
    assert_eq!(
        kept["score"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_integer().unwrap())
            .collect::<Vec<_>>(),
        [sa, sb],
        "{kept}"
    );
    // A game between lists the event does not hold asks whose side is whose.
    let other = d.join("other.toml");
    let other = other.to_str().unwrap();
    let ru = sample("wab-russia-1812.toml");
    ok(run(
        d,
        &[
            "game",
            "new",
            other,
            "--list",
            ru.to_str().unwrap(),
            "--against",
            fr,
        ],
    ));
    let r = run(
        d,
        &[
            "event", "result", e, "--round", "1", "--table", "1", "--game", other,
        ],
    );
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(r.stderr.contains("--game-sides ab"), "{}", r.stderr);
    ok(run(
        d,
        &[
            "event",
            "result",
            e,
            "--round",
            "1",
            "--table",
            "1",
            "--game",
            other,
            "--game-sides",
            "ab",
        ],
    ));
    let kept = &event_toml(Path::new(e))["rounds"][0]["tables"][0];
    assert_eq!(kept["result"].as_str(), Some("draw"), "{kept}");
    // A Capitán game has no victory points.
    let c = d.join("capitan.toml");
    let c = c.to_str().unwrap();
    ok(run(
        d,
        &[
            "event",
            "new",
            c,
            "--name",
            "C",
            "--ruleset",
            "capitan",
            "--points",
            "600",
        ],
    ));
    let (sp, fc) = (sample("sharpe-patrol.toml"), sample("french-column.toml"));
    ok(run(
        d,
        &[
            "event",
            "add",
            c,
            "--player",
            "Cy",
            "--list",
            sp.to_str().unwrap(),
        ],
    ));
    ok(run(
        d,
        &[
            "event",
            "add",
            c,
            "--player",
            "Di",
            "--list",
            fc.to_str().unwrap(),
        ],
    ));
    ok(run(d, &["event", "pair", c, "--seed", "1"]));
    let cg = d.join("cg.toml");
    let cg = cg.to_str().unwrap();
    ok(run(
        d,
        &[
            "game",
            "new",
            cg,
            "--list",
            sp.to_str().unwrap(),
            "--against",
            fc.to_str().unwrap(),
        ],
    ));
    let r = run(
        d,
        &[
            "event", "result", c, "--round", "1", "--table", "1", "--game", cg,
        ],
    );
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(r.stderr.contains("without victory points"), "{}", r.stderr);
    // Neither --result nor --game: clap says what is missing.
    let r = run(d, &["event", "result", c, "--round", "1", "--table", "1"]);
    assert_eq!(r.code, 2, "{}", r.stderr);
}

/// A list the checker cannot read (a [list] of the wrong shape) is an invalid entry held to
/// the event's points: it showed "0 / 0 points".
#[test]
fn a_list_that_cannot_be_checked_is_held_to_the_events_points() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    ok(run(
        d,
        &[
            "event",
            "new",
            "e.toml",
            "--name",
            "C",
            "--ruleset",
            "capitan",
            "--points",
            "600",
        ],
    ));
    std::fs::write(d.join("odd.toml"), "[list]\nname = 5\n").unwrap();
    ok(run(
        d,
        &[
            "event", "add", "e.toml", "--player", "Ann", "--list", "odd.toml",
        ],
    ));
    let r = run(d, &["event", "check", "e.toml", "--format", "json"]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    let e = &json(&r)["entries"][0];
    assert_eq!(e["valid"], false, "{e}");
    assert_eq!(e["limit"], 600, "{e}");
}
