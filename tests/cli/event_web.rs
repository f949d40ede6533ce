//! `muster serve --event` over HTTP (issue 39, on the web): the organiser's API and the
//! players' pages by their join links. Two players' reports that agree make the table's
//! result; reports that differ make it disputed, and pairing waits until the organiser
//! decides; a player reports their own table only; the CLI and the web writing at once lose
//! nothing; hostile entries are refused in words, no machine path said; `event undo` takes a
//! report back.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use super::serve::{Reply, Server};
use super::{muster_in, root, Run};

/// Child processes killed and reaped whatever the test's outcome.
struct Children(Vec<std::process::Child>);

impl Drop for Children {
    fn drop(&mut self) {
        for c in &mut self.0 {
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}

fn ok(r: Run) -> Run {
    assert_eq!(r.code, 0, "stdout:\n{}\nstderr:\n{}", r.stdout, r.stderr);
    r
}

const LISTS: [&str; 4] = [
    "sharpe-patrol.toml",
    "guerrilla-band.toml",
    "french-column.toml",
    "voltigeurs-hussars.toml",
];

/// An event of `n` players (four clubs, the sample lists) made with the CLI, its first round
/// paired when `pair`.
fn event(n: usize, pair: bool) -> (tempfile::TempDir, PathBuf) {
    let names: Vec<String> = (0..n).map(|i| format!("Player {i:02}")).collect();
    let clubs: Vec<String> = (0..n).map(|i| format!("Club {}", i % 4)).collect();
    let players: Vec<(&str, &str)> = names
        .iter()
        .zip(&clubs)
        .map(|(n, c)| (n.as_str(), c.as_str()))
        .collect();
    event_of(&players, pair)
}

/// An event of these players (name, club; the sample lists in turn) made with the CLI, its
/// first round paired when `pair`.
pub fn event_of(players: &[(&str, &str)], pair: bool) -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let file = dir.join("open.toml");
    let f = file.to_str().unwrap();
    ok(muster_in(
        dir,
        &[
            "event",
            "new",
            f,
            "--name",
            "Club open",
            "--ruleset",
            "capitan",
            "--points",
            "600",
            "--rounds",
            "3",
        ],
        &[],
    ));
    for (i, (player, club)) in players.iter().enumerate() {
        let list = root().join("lists").join(LISTS[i % 4]);
        ok(muster_in(
            dir,
            &[
                "event",
                "add",
                f,
                "--player",
                player,
                "--club",
                club,
                "--list",
                list.to_str().unwrap(),
            ],
            &[],
        ));
    }
    if pair {
        ok(muster_in(dir, &["event", "pair", f, "--seed", "11"], &[]));
    }
    (tmp, file)
}

pub fn serve(file: &Path) -> Server {
    Server::launch(&["--event", file.to_str().unwrap()], &[])
}

pub fn post(s: &Server, path: &str, cookie: Option<&str>, body: &serde_json::Value) -> Reply {
    let body = body.to_string();
    let mut h = vec![("Content-Type", "application/json")];
    if let Some(c) = cookie {
        h.push(("Cookie", c));
    }
    s.send("POST", path, &h, body.as_bytes())
}

fn get_as(s: &Server, path: &str, cookie: &str) -> Reply {
    s.send("GET", path, &[("Cookie", cookie)], b"")
}

/// Each player's phone cookie, got by opening their join link as the organiser's page gives
/// it.
pub fn phones(s: &Server) -> HashMap<String, String> {
    let r = s.get("/api/event");
    assert_eq!(r.status, 200, "{}", r.text());
    let mut out = HashMap::new();
    for e in r.json()["entries"].as_array().unwrap() {
        let join = e["join"].as_str().unwrap();
        let r = s.get(join);
        assert_eq!(r.status, 200, "{join}: {}", r.text());
        let cookie = r.header("set-cookie").expect("a player's cookie");
        out.insert(
            e["player"].as_str().unwrap().to_owned(),
            cookie.split(';').next().unwrap().to_owned(),
        );
    }
    out
}

/// The tables of the last round: (table, a, b).
/// The player's page's words `key` in `lang` (templates/web/labels.toml), each `{name}` filled
/// from the server's reply as the page's `t(key, reply)` fills it.
fn page_words(lang: &str, key: &str, reply: &serde_json::Value) -> String {
    let labels: toml::Table =
        toml::from_str(&std::fs::read_to_string(root().join("templates/web/labels.toml")).unwrap())
            .unwrap();
    let mut words = labels[lang][key]
        .as_str()
        .unwrap_or_else(|| panic!("{lang} has no {key}"))
        .to_owned();
    if let Some(vars) = reply.as_object() {
        for (name, value) in vars {
            let value = match value {
                serde_json::Value::String(s) => s.clone(),
                other => other.to_string(),
            };
            words = words.replace(&format!("{{{name}}}"), &value);
        }
    }
    words
}

fn tables(file: &Path) -> Vec<(u32, String, String)> {
    let t: toml::Table = toml::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
    let rounds = t["rounds"].as_array().unwrap();
    rounds.last().unwrap()["tables"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            (
                t["table"].as_integer().unwrap() as u32,
                t["a"].as_str().unwrap().to_owned(),
                t["b"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

/// The last round's table `n` as the file has it.
fn table_in_file(file: &Path, n: u32) -> toml::Value {
    let t: toml::Table = toml::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
    let rounds = t["rounds"].as_array().unwrap();
    rounds.last().unwrap()["tables"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["table"].as_integer() == Some(i64::from(n)))
        .unwrap()
        .clone()
}

pub fn report(
    s: &Server,
    cookie: &str,
    table: u32,
    result: &str,
    score: Option<[u32; 2]>,
) -> Reply {
    post(
        s,
        "/api/event/me/result",
        Some(cookie),
        &serde_json::json!({ "round": 1, "table": table, "result": result, "score": score }),
    )
}

#[test]
fn reports_that_agree_stand_and_a_dispute_waits_for_the_organiser() {
    let (tmp, file) = event(4, true);
    let s = serve(&file);
    let phone = phones(&s);
    let t = tables(&file);
    let (one, two) = (&t[0], &t[1]);
    // Table 1: the two players agree (each from their side, the score as theirs first).
    let r = report(&s, &phone[&one.1], one.0, "win", Some([12, 5]));
    assert_eq!(r.status, 200, "{}", r.text());
    assert!(table_in_file(&file, one.0).get("result").is_none());
    let r = report(&s, &phone[&one.2], one.0, "loss", Some([5, 12]));
    assert_eq!(r.status, 200, "{}", r.text());
    let kept = table_in_file(&file, one.0);
    assert_eq!(kept["result"].as_str(), Some("a"), "{kept}");
    assert_eq!(kept["score"], toml::Value::try_from([12, 5]).unwrap());
    assert_eq!(kept["reports"].as_array().unwrap().len(), 2);
    // A result that stands is not reported again.
    let r = report(&s, &phone[&one.2], one.0, "win", None);
    assert_eq!(r.status, 422, "{}", r.text());
    assert!(r.json()["error"]
        .as_str()
        .unwrap()
        .contains("has its result already"));
    // Table 2: each says they won.
    assert_eq!(report(&s, &phone[&two.1], two.0, "win", None).status, 200);
    let r = report(&s, &phone[&two.2], two.0, "win", None);
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(r.json()["round"]["disputed"], true, "{}", r.text());
    assert!(table_in_file(&file, two.0).get("result").is_none());
    // The organiser's page shows both reports; pairing is refused, from the web and the CLI.
    let state = s.get("/api/event").json();
    let shown = &state["rounds"][0]["tables"][1];
    assert_eq!(shown["disputed"], true, "{shown}");
    assert_eq!(shown["reports"].as_array().unwrap().len(), 2, "{shown}");
    let r = post(
        &s,
        "/api/event/pair",
        None,
        &serde_json::json!({ "seed": 3 }),
    );
    assert_eq!(r.status, 422, "{}", r.text());
    let said = r.json()["error"].as_str().unwrap().to_owned();
    assert!(said.contains("disputed") && said.contains(&two.1), "{said}");
    let cli = muster_in(tmp.path(), &["event", "pair", file.to_str().unwrap()], &[]);
    assert_ne!(cli.code, 0, "{}", cli.stderr);
    assert!(cli.stderr.contains("disputed"), "{}", cli.stderr);
    // The organiser decides (logged as a result); the next round pairs.
    let r = post(
        &s,
        "/api/event/result",
        None,
        &serde_json::json!({ "round": 1, "table": two.0, "result": "b", "score": [3, 9] }),
    );
    assert_eq!(r.status, 200, "{}", r.text());
    let r = post(
        &s,
        "/api/event/pair",
        None,
        &serde_json::json!({ "seed": 3 }),
    );
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(r.json()["round"], 2);
    drop(tmp);
}

#[test]
fn a_player_reports_their_own_table_only() {
    let (_tmp, file) = event(4, true);
    let s = serve(&file);
    let phone = phones(&s);
    let t = tables(&file);
    let before = std::fs::read(&file).unwrap();
    // The other table, a table that is not there, another round: refused, nothing written.
    for (table, round) in [(t[1].0, 1), (9, 1), (t[0].0, 2)] {
        let r = post(
            &s,
            "/api/event/me/result",
            Some(&phone[&t[0].1]),
            &serde_json::json!({ "round": round, "table": table, "result": "win" }),
        );
        assert_eq!(r.status, 403, "{}", r.text());
        let said = r.json()["error"].as_str().unwrap().to_owned();
        assert!(said.contains("your own table"), "{said}");
        // The page says it in its own words.
        assert_eq!(r.json()["code"], "not_your_table");
    }
    // A result that is none of win, loss or draw.
    let r = report(&s, &phone[&t[0].1], t[0].0, "a", None);
    assert_eq!(r.status, 400, "{}", r.text());
    // A score out of bounds, said as the player wrote it (theirs first; the second player's
    // was said turned round, in the table's order).
    let r = report(&s, &phone[&t[0].2], t[0].0, "win", Some([99_999, 2]));
    assert_eq!(r.status, 422, "{}", r.text());
    assert!(r.text().contains("the score 99999-2"), "{}", r.text());
    // The page says it in its own words.
    assert_eq!(r.json()["code"], "score_bound");
    assert_eq!(
        page_words("fr", "ev_err_score_bound", &r.json()),
        "Le score de chaque camp va de 0 à 10000."
    );
    // No cookie, a forged token: no player.
    let r = post(
        &s,
        "/api/event/me/result",
        None,
        &serde_json::json!({ "round": 1, "table": t[0].0, "result": "win" }),
    );
    assert_eq!(r.status, 401, "{}", r.text());
    assert_eq!(s.get("/join/AAAAAAAAAAAAAAAAAAAAAA").status, 401);
    let forged = phone[&t[0].1].split('=').next().unwrap().to_owned() + "=AAAAAAAAAAAAAAAAAAAAAA";
    assert_eq!(get_as(&s, "/api/event/me", &forged).status, 401);
    // A picture is read for a player only: one sent without their cookie is refused before
    // it is decoded (a large photo takes a core and 100 MB for seconds; it was read first).
    let png = std::fs::read(root().join("templates/web/icon.svg")).unwrap();
    let mut big = b"\x89PNG\r\n\x1a\n".to_vec();
    big.extend_from_slice(&png);
    for cookie in [None, Some(forged.as_str())] {
        let mut h = vec![("content-type", "image/png")];
        if let Some(c) = cookie {
            h.push(("cookie", c));
        }
        let r = s.send("POST", "/api/event/me/picture", &h, &big);
        assert_eq!(r.status, 401, "{cookie:?}: {}", r.text());
    }
    assert_eq!(std::fs::read(&file).unwrap(), before, "nothing written");
    // A player's page names their own table and opponent, and no one's join link.
    let me = get_as(&s, "/api/event/me", &phone[&t[0].1]);
    assert_eq!(me.status, 200, "{}", me.text());
    let me_json = me.json();
    assert_eq!(me_json["round"]["table"], t[0].0);
    assert_eq!(me_json["round"]["b"].as_str(), Some(t[0].2.as_str()));
    assert!(!me.text().contains("/join/"), "{}", me.text());
    for cookie in phone.values() {
        let token = cookie.split('=').nth(1).unwrap();
        assert!(!me.text().contains(token));
    }
    // The organiser's API is not a player's, on a network: only the paired organiser's.
    let lan = Server::start_lan(&["--event", file.to_str().unwrap()]);
    let cookie = &phone[&t[0].1];
    assert_eq!(get_as(&lan, "/api/event", cookie).status, 401);
}

#[test]
fn a_report_is_undone_by_event_undo_back_to_the_file_as_it_was() {
    let (tmp, file) = event(4, true);
    let s = serve(&file);
    let phone = phones(&s);
    let t = tables(&file);
    let f = file.to_str().unwrap();
    let mut states = vec![std::fs::read(&file).unwrap()];
    for (who, result) in [(&t[0].1, "win"), (&t[0].1, "draw"), (&t[0].2, "draw")] {
        let r = report(&s, &phone[who], t[0].0, result, None);
        assert_eq!(r.status, 200, "{}", r.text());
        states.push(std::fs::read(&file).unwrap());
    }
    assert_eq!(
        table_in_file(&file, t[0].0)["result"].as_str(),
        Some("draw")
    );
    states.pop();
    while let Some(state) = states.pop() {
        ok(muster_in(tmp.path(), &["event", "undo", f], &[]));
        assert_eq!(
            String::from_utf8_lossy(&std::fs::read(&file).unwrap()),
            String::from_utf8_lossy(&state)
        );
    }
}

#[test]
fn the_cli_and_the_web_writing_at_once_lose_nothing() {
    let (tmp, file) = event(16, true);
    let s = serve(&file);
    let phone = phones(&s);
    let t = tables(&file);
    assert_eq!(t.len(), 8);
    let f = file.to_str().unwrap().to_owned();
    let log_before = {
        let t: toml::Table = toml::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
        t["log"].as_array().unwrap().len()
    };
    // Tables 1 to 4: both players report from their phones; tables 5 to 8: the organiser's
    // terminal enters the result. All at once.
    let mut cli = Vec::new();
    for (n, _, _) in &t[4..] {
        cli.push(
            std::process::Command::new(env!("CARGO_BIN_EXE_muster"))
                .args(["event", "result", &f, "--round", "1", "--table"])
                .arg(n.to_string())
                .args(["--result", "b", "--score", "2-7"])
                .current_dir(tmp.path())
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap(),
        );
    }
    let guard = Children(cli);
    std::thread::scope(|scope| {
        for (n, a, b) in &t[..4] {
            for (who, result) in [(a, "win"), (b, "loss")] {
                let cookie = phone[who].clone();
                let s = &s;
                scope.spawn(move || {
                    let r = report(
                        s,
                        &cookie,
                        *n,
                        result,
                        Some(if result == "win" { [10, 4] } else { [4, 10] }),
                    );
                    assert_eq!(r.status, 200, "{}", r.text());
                });
            }
        }
    });
    let mut guard = guard;
    for c in &mut guard.0 {
        let out = c.wait().unwrap();
        assert!(out.success());
    }
    let kept: toml::Table = toml::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(kept["log"].as_array().unwrap().len(), log_before + 12);
    for (i, (n, _, _)) in t.iter().enumerate() {
        let tb = table_in_file(&file, *n);
        if i < 4 {
            assert_eq!(tb["result"].as_str(), Some("a"), "{tb}");
            assert_eq!(tb["reports"].as_array().unwrap().len(), 2, "{tb}");
        } else {
            assert_eq!(tb["result"].as_str(), Some("b"), "{tb}");
        }
    }
    // What the CLI wrote shows on the organiser's page.
    let state = s.get("/api/event").json();
    let standings = state["standings"].as_array().unwrap();
    assert_eq!(
        standings
            .iter()
            .map(|r| r["played"].as_u64().unwrap())
            .sum::<u64>(),
        16
    );
}

#[test]
fn hostile_entries_are_refused_in_words_without_a_machine_path() {
    let (tmp, file) = event(2, false);
    let s = serve(&file);
    let before = std::fs::read(&file).unwrap();
    let code = |list: &str| {
        let r = muster_in(
            &root(),
            &[
                "list",
                "share",
                root().join("lists").join(list).to_str().unwrap(),
            ],
            &[],
        );
        ok(r).stdout.trim().to_owned()
    };
    let good = code("guerrilla-band.toml");
    let huge = format!("MU3:{}", "A".repeat(70_000));
    for (player, code, expect) in [
        ("Ann", huge.as_str(), "65536"),
        ("Ann", &code("wab-france-1809.toml"), "this event plays"),
        ("Ann\u{1b}[2J", good.as_str(), "control character"),
        ("", good.as_str(), "empty"),
        ("Ann", "MU3:not a code", "the code of Ann"),
    ] {
        let r = post(
            &s,
            "/api/event/entries",
            None,
            &serde_json::json!({ "player": player, "club": "Bath", "code": code }),
        );
        assert_eq!(r.status, 422, "{player:?}: {}", r.text());
        let said = r.json()["error"].as_str().unwrap().to_owned();
        assert!(said.contains(expect), "{player:?}: {said}");
        assert!(!said.contains(tmp.path().to_str().unwrap()), "{said}");
    }
    assert_eq!(std::fs::read(&file).unwrap(), before, "nothing written");
    // A player sends another ruleset's list from their phone: refused the same way.
    let phone = phones(&s);
    let r = post(
        &s,
        "/api/event/me/code",
        Some(&phone["Player 00"]),
        &serde_json::json!({ "code": code("wab-france-1809.toml") }),
    );
    assert_eq!(r.status, 422, "{}", r.text());
    assert_eq!(std::fs::read(&file).unwrap(), before, "nothing written");
    // Each of the phone's refusals carries its name and values, which the page says in its
    // own words in each of its languages (`ev_err_NAME`, every placeholder filled).
    let wab = code("wab-france-1809.toml");
    for (code, name) in [
        (huge.as_str(), "code_too_long"),
        (wab.as_str(), "code_other_ruleset"),
        ("MU3:not a code", "code_unreadable"),
    ] {
        let r = post(
            &s,
            "/api/event/me/code",
            Some(&phone["Player 00"]),
            &serde_json::json!({ "code": code }),
        );
        assert_eq!(r.status, 422, "{}", r.text());
        let said = r.json();
        assert_eq!(said["code"], name, "{said}");
        for lang in ["en", "fr", "es"] {
            let words = page_words(lang, &format!("ev_err_{name}"), &said);
            assert!(!words.contains('{'), "{lang} {name}: {words}");
        }
    }
    assert_eq!(std::fs::read(&file).unwrap(), before, "nothing written");
    let r = post(
        &s,
        "/api/event/me/code",
        Some(&phone["Player 00"]),
        &serde_json::json!({ "code": huge }),
    );
    assert_eq!(
        page_words("fr", "ev_err_code_too_long", &r.json()),
        "Ceci fait 70004 caractères : un code de partage en a au plus 65536. Copiez le code seul depuis le message reçu."
    );
    let r = post(
        &s,
        "/api/event/me/code",
        Some(&phone["Player 00"]),
        &serde_json::json!({ "code": wab }),
    );
    let (theirs, ours) = (r.json()["theirs"].clone(), r.json()["ours"].clone());
    assert_ne!(theirs, ours);
    assert_eq!(
        page_words("es", "ev_err_code_other_ruleset", &r.json()),
        format!(
            "Este código lleva una lista de {}: el torneo se juega a {}.",
            theirs.as_str().unwrap(),
            ours.as_str().unwrap()
        )
    );
    // A good code replaces the player's entry, checked at once, their club kept.
    let r = post(
        &s,
        "/api/event/me/code",
        Some(&phone["Player 00"]),
        &serde_json::json!({ "code": good }),
    );
    assert_eq!(r.status, 200, "{}", r.text());
    let entry = &r.json()["entry"];
    assert_eq!(entry["list"], "La partida del Empecinado", "{entry}");
    assert_eq!(entry["valid"], true);
    assert_eq!(entry["club"], "Club 0");
    // An error reading the event names it by its file name only.
    std::fs::write(&file, "[event\n").unwrap();
    let r = s.get("/api/event");
    assert_eq!(r.status, 422, "{}", r.text());
    assert!(r.text().contains("open.toml"), "{}", r.text());
    assert!(
        !r.text().contains(tmp.path().to_str().unwrap()),
        "{}",
        r.text()
    );
}

#[test]
fn the_event_pages_load_common_js_and_their_own_script_and_nothing_else_is_served() {
    let (_tmp, file) = event(2, false);
    let s = serve(&file);
    let phone = phones(&s);
    let join = s.get("/api/event").json()["entries"][0]["join"]
        .as_str()
        .unwrap()
        .to_owned();
    for (page, cookie, scripts) in [
        ("/event", None, ["common.js", "event.js"]),
        (join.as_str(), None, ["common.js", "player.js"]),
        (
            "/player",
            Some(&phone["Player 00"]),
            ["common.js", "player.js"],
        ),
    ] {
        let r = match cookie {
            Some(c) => s.send("GET", page, &[("Cookie", c)], b""),
            None => s.get(page),
        };
        assert_eq!(r.status, 200, "{page}: {}", r.text());
        let html = r.text();
        // The page speaks the event's language until the reader picks another.
        assert!(html.contains("data-event-lang=\"en\""), "{page}");
        assert_eq!(super::scripts_loaded(&html), scripts, "{page}");
        for script in scripts {
            let r = s.get(&format!("/assets/{script}"));
            assert_eq!(r.status, 200, "{script}");
            assert!(r.text().starts_with("// muster serve: "), "{script}");
        }
    }
    // The player's page without their cookie: no page.
    assert_eq!(s.get("/player").status, 401);
    // Serving an event, no list, game or sheet is served: only the event.
    for path in [
        "/api/lists",
        "/lists/sharpe-patrol.toml",
        "/api/games",
        "/sheets/edit",
    ] {
        assert_eq!(s.get(path).status, 404, "{path}");
    }
    assert_eq!(s.get("/").header("location"), Some("/event"));
}

/// The organiser's page links the event's printed documents, and each is what the command
/// line prints (`event booklet`, `event pairings --round N`, `event standings -o`): the same
/// pages and text. A paper that is not one is refused in words.
#[test]
fn the_organisers_page_serves_the_events_pdfs_as_the_command_line_prints_them() {
    let (tmp, file) = event(4, true);
    let s = serve(&file);
    let state = s.get("/api/event?lang=en").json();
    let links: Vec<(String, String)> = state["pdfs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["kind"].as_str().unwrap().to_owned(),
                p["href"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    let kinds: Vec<&str> = links.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(kinds, ["booklet", "pairings", "standings"], "{links:?}");
    let f = file.to_str().unwrap();
    for (kind, href) in &links {
        let r = s.get(href);
        assert_eq!(r.status, 200, "{href}: {}", r.text());
        assert!(
            r.headers
                .iter()
                .any(|(k, v)| k.eq_ignore_ascii_case("content-type") && v == "application/pdf"),
            "{href}: {:?}",
            r.headers
        );
        let served = tmp.path().join(format!("served-{kind}.pdf"));
        std::fs::write(&served, &r.body).unwrap();
        let printed = tmp.path().join(format!("printed-{kind}.pdf"));
        let p = printed.to_str().unwrap();
        let args: Vec<&str> = match kind.as_str() {
            "booklet" => vec!["event", "booklet", f, "-o", p],
            "pairings" => vec!["event", "pairings", f, "--round", "1", "-o", p],
            _ => vec!["event", "standings", f, "-o", p],
        };
        ok(muster_in(tmp.path(), &args, &[]));
        let (a, b) = (
            crate::print::read_pdf(&served),
            crate::print::read_pdf(&printed),
        );
        assert_eq!(a.pages, b.pages, "{kind}");
        assert_eq!(a.text, b.text, "{kind}");
        assert!(!a.text.is_empty(), "{kind}");
    }
    let r = s.get("/event/standings.pdf?paper=a3");
    assert_eq!(r.status, 400, "{}", r.text());
    assert!(r.text().contains("a4 or letter"), "{}", r.text());
}
