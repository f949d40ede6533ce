//! The event on paper and a player leaving it (issue 39): the booklet of the 17-player
//! event's lists (a title page with every player in order, then each entry's roster, a
//! player's own sheets included), each round's pairings and the standings as PDFs, their
//! text read back (pdftotext) against the event (the standings computed here from the
//! results entered), in the event's language; `event drop` and its undo; and `kill -9` at any
//! moment of a change to a large event leaving a whole file.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use super::{json, muster_in, root, Run};

fn run(dir: &Path, args: &[&str]) -> Run {
    muster_in(dir, args, &[])
}

fn ok(r: Run) -> Run {
    assert_eq!(r.code, 0, "stdout:\n{}\nstderr:\n{}", r.stdout, r.stderr);
    r
}

fn sample(name: &str) -> PathBuf {
    root().join("lists").join(name)
}

/// A PDF's text as pdftotext lays it out (`-layout`: a table's row on one line), page by
/// page.
fn pdf_pages(pdf: &Path) -> Vec<String> {
    let out = Command::new("pdftotext")
        .arg("-layout")
        .arg(pdf)
        .arg("-")
        .output()
        .expect("pdftotext (Debian's poppler-utils) on PATH");
    assert!(out.status.success(), "pdftotext {}", pdf.display());
    let text = String::from_utf8(out.stdout).unwrap();
    let mut pages: Vec<String> = text.split('\u{c}').map(str::to_owned).collect();
    if pages.last().is_some_and(|p| p.trim().is_empty()) {
        pages.pop();
    }
    pages
}

/// A line's words, its runs of blanks as one.
fn words(line: &str) -> Vec<&str> {
    line.split_whitespace().collect()
}

/// The result of a game in the event, drawn from its round and table (as tests/cli/event.rs
/// and scripts/event-demo enter them).
fn outcome(round: u32, table: u32) -> (&'static str, u32, u32) {
    match (round * 7 + table * 3) % 5 {
        0 => ("draw", 8, 8),
        1 | 3 => ("a", 10 + table, 4),
        _ => ("b", 3, 9 + round),
    }
}

/// A round as played: its tables (table, a, b) and its bye.
type PlayedRound = (Vec<(u32, String, String)>, Option<String>);

/// The event as played: its players (name, club, whether the list is valid) in the
/// order of the entries, each round's tables (table, a, b) and bye, and each game's result
/// (a, b, result, score of a, score of b).
struct Played {
    players: Vec<(String, String, bool)>,
    rounds: Vec<PlayedRound>,
    games: Vec<(String, String, &'static str, u32, u32)>,
}

/// The 17-player, 4-round event of the issue in `dir` (e.toml, in `lang`): four clubs, two
/// invalid lists (one over its points, one with a sheet the data do not have), entries by
/// code and by file; each round paired with its PDF written (pairings-N.pdf) and its results
/// entered.
fn event_of_17(dir: &Path, lang: &str) -> Played {
    let players = super::event::entries_of_17(dir, Some(lang))
        .into_iter()
        .map(|(name, club, list, _)| {
            let valid = !list.ends_with("over.toml") && !list.ends_with("unknown.toml");
            (name, club, valid)
        })
        .collect();
    let mut rounds = Vec::new();
    let mut games = Vec::new();
    for round in 1..=4u32 {
        let seed = (round * 1000 + 7).to_string();
        let pdf = format!("pairings-{round}.pdf");
        let paired = json(&ok(run(
            dir,
            &[
                "event", "pair", "e.toml", "--seed", &seed, "--format", "json", "-o", &pdf,
            ],
        )));
        let mut tables = Vec::new();
        for t in paired["tables"].as_array().unwrap() {
            let n = t["table"].as_u64().unwrap() as u32;
            let (a, b) = (t["a"].as_str().unwrap(), t["b"].as_str().unwrap());
            tables.push((n, a.to_owned(), b.to_owned()));
            let (result, sa, sb) = outcome(round, n);
            ok(run(
                dir,
                &[
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
                ],
            ));
            games.push((a.to_owned(), b.to_owned(), result, sa, sb));
        }
        rounds.push((tables, paired["bye"].as_str().map(str::to_owned)));
    }
    Played {
        players,
        rounds,
        games,
    }
}

/// The standings computed here from what was entered: (player, points, SoS, score
/// difference, wins, draws, losses), best first (points, then SoS, then the difference).
fn standings_of(played: &Played) -> Vec<(String, u32, u32, i64, u32, u32, u32)> {
    let mut points: BTreeMap<&str, u32> = BTreeMap::new();
    let mut diff: BTreeMap<&str, i64> = BTreeMap::new();
    let mut wdl: BTreeMap<&str, [u32; 3]> = BTreeMap::new();
    let mut met: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for (p, ..) in &played.players {
        points.insert(p, 0);
        diff.insert(p, 0);
        wdl.insert(p, [0; 3]);
        met.insert(p, Vec::new());
    }
    for (_, bye) in &played.rounds {
        if let Some(b) = bye {
            *points.get_mut(b.as_str()).unwrap() += 3;
        }
    }
    for (a, b, result, sa, sb) in &played.games {
        let (pa, pb, ia, ib) = match *result {
            "a" => (3, 0, 0, 2),
            "b" => (0, 3, 2, 0),
            _ => (1, 1, 1, 1),
        };
        *points.get_mut(a.as_str()).unwrap() += pa;
        *points.get_mut(b.as_str()).unwrap() += pb;
        wdl.get_mut(a.as_str()).unwrap()[ia] += 1;
        wdl.get_mut(b.as_str()).unwrap()[ib] += 1;
        *diff.get_mut(a.as_str()).unwrap() += i64::from(*sa) - i64::from(*sb);
        *diff.get_mut(b.as_str()).unwrap() += i64::from(*sb) - i64::from(*sa);
        met.get_mut(a.as_str()).unwrap().push(b);
        met.get_mut(b.as_str()).unwrap().push(a);
    }
    let mut rows: Vec<_> = played
        .players
        .iter()
        .map(|(p, ..)| {
            let sos = met[p.as_str()].iter().map(|o| points[o]).sum();
            let [w, d, l] = wdl[p.as_str()];
            (
                p.clone(),
                points[p.as_str()],
                sos,
                diff[p.as_str()],
                w,
                d,
                l,
            )
        })
        .collect();
    rows.sort_by(|x, y| {
        (y.1, y.2, y.3)
            .cmp(&(x.1, x.2, x.3))
            .then_with(|| x.0.cmp(&y.0))
    });
    rows
}

/// The booklet, every round's pairings and the standings of the 17-player event, read back:
/// the title page names the event, its ruleset and points and every player in the order of
/// the entries with their club and whether their list is valid; each entry's roster follows
/// on a page of its own, headed by its player; each round's pairings name every table's
/// players and clubs and the bye; the standings rank the players as the results entered
/// give them.
#[test]
fn the_events_pdfs_say_what_the_event_is() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let played = event_of_17(dir, "en");
    let club_of: BTreeMap<&str, &str> = played
        .players
        .iter()
        .map(|(p, c, _)| (p.as_str(), c.as_str()))
        .collect();

    // The booklet.
    let made = ok(run(dir, &["event", "booklet", "e.toml", "-o", "lists.pdf"]));
    assert!(
        made.stderr.starts_with("wrote lists.pdf: "),
        "{}",
        made.stderr
    );
    let pages = pdf_pages(&dir.join("lists.pdf"));
    assert!(pages.len() > 17, "{} pages", pages.len());
    let title = &pages[0];
    assert!(title.contains("Salamanca open"), "{title}");
    assert!(
        title.contains("Capitán · lists of at most 600 points"),
        "{title}"
    );
    assert!(title.contains("17 players"), "{title}");
    let rows: Vec<Vec<&str>> = title
        .lines()
        .map(words)
        .filter(|w| w.len() > 2 && w[1].starts_with('P') && w[0].parse::<u32>().is_ok())
        .collect();
    assert_eq!(rows.len(), 17, "{title}");
    for (row, (i, (player, club, valid))) in rows.iter().zip(played.players.iter().enumerate()) {
        assert_eq!(row[0], (i + 1).to_string(), "{row:?}");
        assert_eq!(row[1], player, "{row:?}");
        assert_eq!(row[2], club, "{row:?}");
        assert_eq!(
            *row.last().unwrap(),
            if *valid { "yes" } else { "NO" },
            "{row:?}"
        );
    }
    // Each entry's roster, in the order of the entries, its first page headed by its player.
    let mut next = 0;
    for (page, text) in pages.iter().enumerate().skip(1) {
        let Some((i, (player, club, _))) =
            played.players.iter().enumerate().find(|(i, (p, c, _))| {
                text.trim_start()
                    .starts_with(&format!("{}. {p} ({c})", i + 1))
            })
        else {
            continue;
        };
        assert_eq!(i, next, "page {}: {player}'s roster out of order", page + 1);
        next += 1;
        assert!(text.contains("Army list: "), "page {}: {text}", page + 1);
        assert!(text.contains(&format!("{player}'s list")), "{text}");
        let _ = club;
        if player == "P12" {
            assert!(text.contains("unknown-sheet"), "{text}");
        }
        if player == "P06" {
            assert!(text.contains("points-over-limit"), "{text}");
        }
    }
    assert_eq!(next, 17, "the booklet has {next} rosters");

    // Each round's pairings, written by `event pair -o`, and again by `event pairings`.
    for (round, (tables, bye)) in played.rounds.iter().enumerate() {
        let round = round as u32 + 1;
        let again = format!("again-{round}.pdf");
        ok(run(
            dir,
            &[
                "event",
                "pairings",
                "e.toml",
                "--round",
                &round.to_string(),
                "-o",
                &again,
            ],
        ));
        for pdf in [format!("pairings-{round}.pdf"), again] {
            let pages = pdf_pages(&dir.join(&pdf));
            assert_eq!(pages.len(), 1, "{pdf}");
            let text = &pages[0];
            assert!(text.contains(&format!("Round {round}: pairings")), "{text}");
            let lines: Vec<Vec<&str>> = text.lines().map(words).collect();
            for (n, a, b) in tables {
                let row = [
                    n.to_string().as_str(),
                    a,
                    club_of[a.as_str()],
                    b,
                    club_of[b.as_str()],
                ]
                .map(str::to_owned);
                assert!(
                    lines.iter().any(|l| *l == row),
                    "{pdf}: no row {row:?} in\n{text}"
                );
            }
            let bye = bye.as_deref().unwrap();
            let row = ["–", bye, club_of[bye], "(bye)"];
            assert!(
                lines.iter().any(|l| *l == row),
                "{pdf}: no bye {row:?} in\n{text}"
            );
        }
    }

    // The standings, ranked as computed here.
    ok(run(
        dir,
        &["event", "standings", "e.toml", "-o", "standings.pdf"],
    ));
    let pages = pdf_pages(&dir.join("standings.pdf"));
    let text = &pages[0];
    assert!(text.contains("Standings after round 4"), "{text}");
    let lines: Vec<Vec<&str>> = text
        .lines()
        .map(words)
        .filter(|w| w.len() == 8 && w[1].starts_with('P'))
        .collect();
    let expected = standings_of(&played);
    assert_eq!(lines.len(), 17, "{text}");
    let mut rank = 0;
    for (i, (line, (p, points, sos, diff, w, d, l))) in lines.iter().zip(&expected).enumerate() {
        if i == 0
            || (expected[i - 1].1, expected[i - 1].2, expected[i - 1].3) != (*points, *sos, *diff)
        {
            rank = i + 1;
        }
        let diff = if *diff > 0 {
            format!("+{diff}")
        } else {
            diff.to_string()
        };
        let byes = played
            .rounds
            .iter()
            .filter(|(_, b)| b.as_deref() == Some(p.as_str()))
            .count();
        let row = [
            rank.to_string(),
            p.clone(),
            club_of[p.as_str()].to_owned(),
            points.to_string(),
            sos.to_string(),
            diff,
            format!("{w}-{d}-{l}"),
            byes.to_string(),
        ];
        assert_eq!(*line, row, "row {}", i + 1);
    }
}

/// The event's PDFs in French and Spanish: their headings and titles in the language, none
/// of English's words.
#[test]
fn the_events_pdfs_in_french_and_spanish() {
    for (lang, says, not) in [
        (
            "fr",
            [
                "17 joueurs",
                "Ronde 4 : appariements",
                "Classement après la ronde 4",
                "(exempt)",
                "Adversaire",
            ],
            ["players", "pairings", "Standings", "(bye)", "Opponent"],
        ),
        (
            "es",
            [
                "17 jugadores",
                "Ronda 4: emparejamientos",
                "Clasificación tras la ronda 4",
                "(descansa)",
                "Rival",
            ],
            ["players", "pairings", "Standings", "(bye)", "Opponent"],
        ),
    ] {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path();
        event_of_17(dir, lang);
        ok(run(dir, &["event", "booklet", "e.toml", "-o", "b.pdf"]));
        ok(run(dir, &["event", "standings", "e.toml", "-o", "s.pdf"]));
        let text = ["b.pdf", "pairings-4.pdf", "s.pdf"]
            .iter()
            .map(|p| pdf_pages(&dir.join(p)).join("\n"))
            .collect::<Vec<_>>()
            .join("\n");
        for s in says {
            assert!(text.contains(s), "{lang}: no “{s}”");
        }
        for w in not {
            assert!(
                !super::words::contains_word(&text, w),
                "{lang}: the English “{w}”"
            );
        }
    }
}

/// An entry by share code carrying a sheet of the player's own: the booklet prints its unit
/// as the player's sheet makes it (its name, its line of numbers), though the organiser's
/// data do not have the sheet.
#[test]
fn the_booklet_prints_a_players_own_sheets() {
    let tmp = tempfile::tempdir().unwrap();
    let player = tmp.path().join("player");
    let organiser = tmp.path().join("organiser");
    std::fs::create_dir_all(&player).unwrap();
    std::fs::create_dir_all(&organiser).unwrap();
    ok(run(
        &player,
        &["sheets", "new", "my-sergeant", "--from", "gb-95th-harper"],
    ));
    let sheet = player.join("my-sheets/capitan/sheets/my-sergeant.toml");
    let text = std::fs::read_to_string(&sheet).unwrap();
    assert!(text.contains("name = \"95th Rifles / Sergeant Harper\""));
    std::fs::write(
        &sheet,
        text.replace(
            "name = \"95th Rifles / Sergeant Harper\"",
            "name = \"Sergeant Hagman of the Rifles\"",
        ),
    )
    .unwrap();
    let list: String = std::fs::read_to_string(sample("sharpe-patrol.toml"))
        .unwrap()
        .replace("sheet = \"gb-95th-harper\"", "sheet = \"my-sergeant\"")
        .lines()
        .filter(|l| l.trim() != "label = \"Harper\"")
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(player.join("mine.toml"), list).unwrap();
    let code = ok(run(&player, &["list", "share", "mine.toml"])).stdout;
    super::event::club_event(&organiser);
    ok(run(
        &organiser,
        &[
            "event",
            "add",
            "e.toml",
            "--player",
            "Ann",
            "--code",
            code.trim(),
        ],
    ));
    ok(run(
        &organiser,
        &["event", "booklet", "e.toml", "-o", "b.pdf"],
    ));
    let text = pdf_pages(&organiser.join("b.pdf")).join("\n");
    assert!(
        text.contains("2 Sergeant Hagman of the Rifles my-sergeant") || {
            text.lines().any(|l| {
                words(l).starts_with(&[
                    "2",
                    "Sergeant",
                    "Hagman",
                    "of",
                    "the",
                    "Rifles",
                    "my-sergeant",
                ])
            })
        },
        "{text}"
    );
    // The unit's own paragraph: its type and quality, from the player's sheet.
    assert!(
        text.contains("2. Sergeant Hagman of the Rifles — Infantry officer or similar, on foot · Elite (118 pts)"),
        "{text}"
    );
}

/// A player who leaves (`event drop`) is paired in no later round, stays in the standings
/// marked (text, JSON and PDF), and `event undo` takes the drop back to the file as it was;
/// a file without a drop never says `dropped_after`.
#[test]
fn a_dropped_player_is_paired_no_more_and_stays_in_the_standings() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    super::event::club_event(dir);
    let lists = [
        "sharpe-patrol.toml",
        "guerrilla-band.toml",
        "french-column.toml",
        "voltigeurs-hussars.toml",
    ];
    let names = ["Ann", "Bob", "Cid", "Dee", "Eve"];
    for (i, p) in names.iter().enumerate() {
        let l = sample(lists[i % 4]);
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
    let path = dir.join("e.toml");
    let paired = json(&ok(run(
        dir,
        &["event", "pair", "e.toml", "--seed", "3", "--format", "json"],
    )));
    for t in paired["tables"].as_array().unwrap() {
        let n = t["table"].to_string();
        ok(run(
            dir,
            &[
                "event", "result", "e.toml", "--round", "1", "--table", &n, "--result", "a",
            ],
        ));
    }
    let before = std::fs::read_to_string(&path).unwrap();
    assert!(!before.contains("dropped_after"), "{before}");
    // Bob leaves, named in another case.
    let dropped = ok(run(dir, &["event", "drop", "e.toml", "--player", "bob"]));
    assert!(
        dropped
            .stdout
            .starts_with("Bob leaves the event after round 1"),
        "{}",
        dropped.stdout
    );
    let again = run(dir, &["event", "drop", "e.toml", "--player", "Bob"]);
    assert_eq!(again.code, 2);
    assert!(again
        .stderr
        .contains("left the event after round 1 already"));
    // Undone, the file is as it was, to the byte; dropped again for the rest.
    ok(run(dir, &["event", "undo", "e.toml"]));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), before);
    ok(run(dir, &["event", "drop", "e.toml", "--player", "Bob"]));
    let paired = json(&ok(run(
        dir,
        &["event", "pair", "e.toml", "--seed", "4", "--format", "json"],
    )));
    let mut seated: Vec<&str> = paired["tables"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|t| [t["a"].as_str().unwrap(), t["b"].as_str().unwrap()])
        .collect();
    assert!(paired["bye"].is_null(), "four players left: {paired}");
    seated.sort();
    assert_eq!(seated, ["Ann", "Cid", "Dee", "Eve"], "{paired}");
    // The standings keep Bob, marked.
    let rows = json(&ok(run(
        dir,
        &["event", "standings", "e.toml", "--format", "json"],
    )));
    let rows = rows["standings"].as_array().unwrap();
    assert_eq!(rows.len(), 5);
    for r in rows {
        let marked = r.get("dropped_after");
        if r["player"] == "Bob" {
            assert_eq!(marked, Some(&serde_json::json!(1)), "{r}");
        } else {
            assert_eq!(marked, None, "{r}");
        }
    }
    let text = ok(run(dir, &["event", "standings", "e.toml"])).stdout;
    assert!(
        text.lines()
            .any(|l| l.contains("Bob (dropped after round 1)")),
        "{text}"
    );
    ok(run(dir, &["event", "standings", "e.toml", "-o", "s.pdf"]));
    let pdf = pdf_pages(&dir.join("s.pdf")).join("\n");
    // The mark may wrap in its cell: its words follow each other, row after row.
    let lines: Vec<&str> = pdf.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.contains("Bob (dropped"))
        .unwrap_or_else(|| panic!("{pdf}"));
    let cell: Vec<&str> = lines[at..at + 2]
        .iter()
        .flat_map(|l| words(l))
        .filter(|w| w.chars().any(char::is_alphabetic) || w.ends_with(')'))
        .collect();
    assert_eq!(cell.join(" "), "Bob (dropped after round 1)", "{pdf}");
    // A hand-edited round naming him after he left is refused.
    let text = std::fs::read_to_string(&path).unwrap();
    let first_a = paired["tables"][0]["a"].as_str().unwrap();
    let at = text.find("round = 2").unwrap();
    let edited = format!(
        "{}{}",
        &text[..at],
        text[at..].replacen(&format!("a = \"{first_a}\""), "a = \"Bob\"", 1)
    );
    assert_ne!(edited, text);
    std::fs::write(&path, &edited).unwrap();
    let r = run(dir, &["event", "standings", "e.toml"]);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(
        r.stderr
            .contains("round 2 names Bob, who left the event after round 1"),
        "{}",
        r.stderr
    );
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

/// `kill -9` at any moment of a change to a large event (400 entries, about 4 MB: its
/// writing takes milliseconds) leaves the file whole: each writer is killed at a moment
/// further into its run than the one before, from its start to past its end, and the file
/// is read as an event after each kill. (Written in place instead of renamed over, the file
/// is caught half written: this test failed so.)
#[cfg(unix)]
#[test]
fn a_large_event_killed_at_any_moment_of_a_change_is_whole() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    ok(run(
        dir,
        &[
            "event",
            "new",
            "e.toml",
            "--name",
            "Big",
            "--ruleset",
            "capitan",
            "--points",
            "600",
        ],
    ));
    let path = dir.join("e.toml");
    // 400 entries of a list, written here (adding 400 entries one by one takes long).
    let list = std::fs::read_to_string(sample("sharpe-patrol.toml")).unwrap();
    let list: String = list
        .lines()
        .filter(|l| !l.trim_start().starts_with('#'))
        .map(|l| format!("{l}\n"))
        .collect::<String>()
        + &"# a player's note, kept with the list\n".repeat(200);
    let mut text = std::fs::read_to_string(&path).unwrap();
    for i in 0..200 {
        text.push_str(&format!(
            "\n[[entries]]\nplayer = \"P{i:03}\"\nfrom = \"list.toml\"\nlist = '''\n{list}'''\n"
        ));
    }
    std::fs::write(&path, &text).unwrap();
    ok(run(dir, &["event", "pair", "e.toml", "--seed", "1"]));
    let size = std::fs::metadata(&path).unwrap().len();
    assert!(size > 1_500_000, "{size} bytes");
    // How long a result takes, unkilled.
    let result = |table: u32, r: &str| {
        let mut c = Command::new(env!("CARGO_BIN_EXE_muster"));
        c.args(["event", "result", "e.toml", "--round", "1", "--table"])
            .arg(table.to_string())
            .args(["--result", r])
            .current_dir(dir)
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        c
    };
    let t0 = std::time::Instant::now();
    assert!(result(1, "a").status().unwrap().success());
    let whole = t0.elapsed();
    let kills = 40u32;
    let mut landed_during = 0;
    for i in 0..kills {
        // Every other writer killed at a moment further into its run than the one before
        // (from its start to past its end); the others when the file is seen being written
        // (shorter than the event), else after twice its time.
        let at = if i % 2 == 0 {
            whole.mul_f64(1.2 * f64::from(i) / f64::from(kills))
        } else {
            whole * 2
        };
        let mut child = Children(vec![result(
            1 + i % 100,
            if i % 2 == 0 { "b" } else { "a" },
        )
        .spawn()
        .unwrap()]);
        let c = &mut child.0[0];
        let start = std::time::Instant::now();
        let mut seen_writing = false;
        while start.elapsed() < at {
            if std::fs::metadata(&path).is_ok_and(|m| m.len() < size / 2) {
                seen_writing = true;
                break;
            }
            std::thread::yield_now();
        }
        let killed = start.elapsed();
        if c.try_wait().unwrap().is_none() {
            landed_during += 1;
        }
        c.kill().unwrap();
        c.wait().unwrap();
        let r = run(dir, &["event", "standings", "e.toml", "--format", "json"]);
        assert_eq!(
            r.code,
            0,
            "writer {i} killed after {killed:?} (a whole run: {whole:?}{}): the file does not read: {}",
            if seen_writing {
                ", when the file was seen half written"
            } else {
                ""
            },
            r.stderr
        );
        assert_eq!(json(&r)["standings"].as_array().unwrap().len(), 200);
    }
    // Kills that land while the writer runs, not all after its end (how many depends on the
    // machine's load: at least a few).
    eprintln!("{landed_during} kills of {kills} landed while the writer ran");
    assert!(
        landed_during >= kills / 8,
        "{landed_during} kills of {kills} landed while it ran"
    );
}
