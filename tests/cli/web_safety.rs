//! `muster serve` against a hostile or careless client (issue 24): the web reads only the
//! folders it was given, bounds its work, answers in the page's words without machine paths,
//! and stops promptly.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command};
use std::time::{Duration, Instant};

use crate::serve::{request, Reply};
use crate::{json, muster_in, root};

/// `muster serve` started in a player's folder (`lists/`, `games/`, `careers/` beside each
/// other, the defaults), with the shipped Capitán lists.
struct Served {
    child: Child,
    port: u16,
    dir: tempfile::TempDir,
}

impl Served {
    fn start() -> Self {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("lists")).unwrap();
        for name in ["sharpe-patrol.toml", "voltigeurs-hussars.toml"] {
            std::fs::copy(
                root().join("lists").join(name),
                dir.path().join("lists").join(name),
            )
            .unwrap();
        }
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_muster"));
        cmd.args(["--data", root().join("unit-sheets").to_str().unwrap()])
            .args(["serve", "--port", "0"])
            .current_dir(dir.path());
        let (child, port) = crate::serve::spawn(cmd);
        Served { child, port, dir }
    }

    fn path(&self, rel: &str) -> PathBuf {
        self.dir.path().join(rel)
    }

    fn send(&self, method: &str, path: &str, headers: &[(&str, &str)], body: &[u8]) -> Reply {
        let r = request(self.port, method, path, headers, body);
        self.no_machine_path(&r.text());
        r
    }

    fn get(&self, path: &str) -> Reply {
        self.send("GET", path, &[], b"")
    }

    /// No answer names where the player's files are on this machine, nor Rust's debug form.
    fn no_machine_path(&self, text: &str) {
        let at = self.dir.path().canonicalize().unwrap();
        for bad in [
            at.to_str().unwrap(),
            self.dir.path().to_str().unwrap(),
            "Io(",
            "os error",
        ] {
            assert!(!text.contains(bad), "`{bad}` in an answer: {text}");
        }
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The CLI run in `dir` with the shipped data.
fn cli(dir: &Path, args: &[&str]) -> crate::Run {
    let data = root().join("unit-sheets");
    let mut full = vec!["--data", data.to_str().unwrap()];
    full.extend_from_slice(args);
    muster_in(dir, &full, &[])
}

fn with_career(career: &str) -> String {
    let shipped = std::fs::read_to_string(root().join("lists/voltigeurs-hussars.toml")).unwrap();
    shipped.replace("[list]\n", &format!("[list]\ncareer = \"{career}\"\n"))
}

/// A career outside the served folders is neither read nor quoted: the list's diagnostic says
/// where a career may be, the same for a file that exists and for one that does not.
#[test]
fn a_career_outside_the_served_folders_is_refused_unread() {
    let s = Served::start();
    std::fs::write(
        s.path("secret.toml"),
        "[career]\nruleset = \"capitan\"\nhidden_value = \"PRIVATE\"\n",
    )
    .unwrap();
    for career in [
        "/etc/passwd",
        "../secret.toml",
        "../../../../../../../etc/passwd",
        "/nonexistent/x.toml",
    ] {
        let r = s.send(
            "POST",
            "/api/check?name=mine.toml",
            &[],
            with_career(career).as_bytes(),
        );
        assert_eq!(r.status, 200, "{}", r.text());
        let text = r.text();
        for leak in ["root:", "PRIVATE", "hidden_value", "No such file"] {
            assert!(!text.contains(leak), "{career}: {text}");
        }
        let d = &r.json()["diagnostics"];
        assert_eq!(d.as_array().unwrap().len(), 1, "{text}");
        assert_eq!(d[0]["code"], "career-unreadable");
        assert_eq!(
            d[0]["message"].as_str().unwrap(),
            format!("career `{career}`: a career muster serve reads is a file inside its lists, games or careers folder")
        );
    }
}

/// A list's career is found from the list's folder, on the web as on the command line.
#[test]
fn a_career_beside_the_lists_is_read_on_the_web_as_on_the_cli() {
    let s = Served::start();
    let r = cli(
        s.dir.path(),
        &[
            "career",
            "new",
            "careers/me.toml",
            "--nation",
            "france",
            "--arm",
            "infantry",
        ],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let text = with_career("../careers/me.toml");
    std::fs::write(s.path("lists/mine.toml"), &text).unwrap();
    let r = cli(
        s.dir.path(),
        &["check", "lists/mine.toml", "--format", "json"],
    );
    let on_cli = json(&r);
    assert_eq!(on_cli["valid"], true, "{}", r.stdout);
    let r = s.get("/api/lists/mine.toml");
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(r.json()["check"]["valid"], true, "{}", r.text());
    assert_eq!(r.json()["check"]["diagnostics"], on_cli["diagnostics"]);
    // A list posted to be checked is in the lists folder.
    let r = s.send("POST", "/api/check?name=mine.toml", &[], text.as_bytes());
    assert_eq!(r.json()["valid"], true, "{}", r.text());
    // A career that is not there: named as the list names it, once.
    let r = s.send(
        "POST",
        "/api/check?name=mine.toml",
        &[],
        with_career("../careers/other.toml").as_bytes(),
    );
    assert_eq!(
        r.json()["diagnostics"][0]["message"].as_str().unwrap(),
        "career `../careers/other.toml`: no such file",
        "{}",
        r.text()
    );
}

/// A mebibyte of one skill chosen over and over: answered in seconds, one diagnostic with the
/// count of the others.
#[test]
fn a_mebibyte_of_duplicate_skills_is_one_counted_diagnostic() {
    let s = Served::start();
    let head = "[list]\nname = \"x\"\nruleset = \"capitan\"\ncoalition = \"empire\"\ncampaign = \"peninsula\"\npoints = 600\n\n[[units]]\nsheet = \"fr-6e-leger-voltigeurs\"\nfigures = 8\nskills = [";
    let one = "\"tireur-expert\", ";
    let n = (1024 * 1024 - head.len() - 8) / one.len();
    let body = format!("{head}{}]\n", one.repeat(n));
    assert!(body.len() <= 1024 * 1024);
    let start = Instant::now();
    let mut stream = TcpStream::connect(("127.0.0.1", s.port)).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .unwrap();
    write!(
        stream,
        "POST /api/check?name=x.toml HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        s.port,
        body.len()
    )
    .unwrap();
    let mut raw = Vec::new();
    stream
        .read_to_end(&mut raw)
        .expect("an answer within a minute");
    let took = start.elapsed();
    assert!(took < Duration::from_secs(20), "took {took:?}");
    let text = String::from_utf8_lossy(&raw).into_owned();
    let j: serde_json::Value = serde_json::from_str(&text[text.find("\r\n\r\n").unwrap() + 4..])
        .unwrap_or_else(|e| panic!("{e}: {}", &text[..text.len().min(500)]));
    let dups: Vec<&serde_json::Value> = j["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["code"] == "duplicate-skill")
        .collect();
    assert_eq!(dups.len(), 1, "{}", &text[..text.len().min(2000)]);
    assert_eq!(
        dups[0]["message"].as_str().unwrap(),
        "unit 1 (6e Léger / Compagnie de voltigeurs): Expert marksman is chosen twice"
    );
    assert_eq!(
        dups[0]["notes"],
        serde_json::json!([
            "rule: a unit takes each skill once (Capitán §11)",
            format!(
                "and {} more [duplicate-skill] on this line",
                muster::core::words::number(muster::core::i18n::Lang::En, n as i64 - 2)
            )
        ])
    );
}

/// A list muster cannot read (not UTF-8, over 4 MiB) is named by its name only, refused in
/// words, and can still be moved to the trash.
#[test]
fn an_unreadable_list_is_named_not_located_and_can_be_trashed() {
    let s = Served::start();
    std::fs::write(s.path("lists/bad.toml"), b"\xff\xfe[list]\n").unwrap();
    std::fs::write(s.path("lists/big.toml"), vec![b'#'; 4 * 1024 * 1024 + 1]).unwrap();
    let rows = s.get("/api/lists").json();
    let row = |name: &str| {
        rows.as_array()
            .unwrap()
            .iter()
            .find(|r| r["name"] == name)
            .unwrap()
            .clone()
    };
    let bad_why =
        "the list `bad.toml` cannot be opened: it is not UTF-8 text (invalid byte at offset 0)";
    let big_why =
        "the list `big.toml` cannot be opened: it is 4194305 bytes, over the 4194304 muster reads";
    assert_eq!(row("bad.toml")["error"], bad_why);
    assert_eq!(row("big.toml")["error"], big_why);
    for (name, why) in [("bad.toml", bad_why), ("big.toml", big_why)] {
        let r = s.get(&format!("/api/lists/{name}"));
        assert_eq!((r.status, r.json()["error"].as_str().unwrap()), (422, why));
        let r = s.send(
            "POST",
            &format!("/api/lists/{name}/duplicate"),
            &[],
            br#"{"to": "copy.toml"}"#,
        );
        assert_eq!((r.status, r.json()["error"].as_str().unwrap()), (422, why));
        let version = row(name)["version"].as_str().unwrap().to_owned();
        let r = s.send(
            "POST",
            &format!("/api/lists/{name}/edit"),
            &[("If-Match", &version)],
            br#"{"op": "remove", "unit": 1}"#,
        );
        assert_eq!((r.status, r.json()["error"].as_str().unwrap()), (422, why));
        let r = s.send(
            "DELETE",
            &format!("/api/lists/{name}"),
            &[("If-Match", &version)],
            b"",
        );
        assert_eq!(r.status, 200, "{}", r.text());
        assert!(!s.path(&format!("lists/{name}")).exists());
        assert!(s.path(&format!("lists/.trash/{name}")).exists());
    }
    assert!(!s.path("lists/copy.toml").exists());
}

/// The games API: a mark is one thing at a time, refused in the page's words (no flags), and a
/// refused mark writes nothing; a stale or unversioned edit is told in words.
#[test]
fn web_errors_are_in_the_pages_words() {
    let s = Served::start();
    let r = s.send(
        "POST",
        "/api/games",
        &[],
        br#"{"name":"g.toml","a":"sharpe-patrol.toml","b":"voltigeurs-hussars.toml"}"#,
    );
    assert_eq!(r.status, 201, "{}", r.text());
    let version = r.json()["version"].as_str().unwrap().to_owned();
    let file = s.path("games/g.toml");
    let before = std::fs::read(&file).unwrap();
    for (body, status, error) in [
        (
            r#"{"unit":"a1","lost":1,"back":1}"#,
            400,
            "a mark says one thing: lost, back, state, value or turn (this one says lost and back)",
        ),
        (
            r#"{"unit":"a1","lost":0}"#,
            400,
            "lost: from 1 to 1000, found 0",
        ),
        (
            r#"{"unit":"a1","back":1001}"#,
            400,
            "back: from 1 to 1000, found 1001",
        ),
        (
            r#"{"turn":true,"state":"routed"}"#,
            400,
            "a mark says one thing: lost, back, state, value or turn (this one says state and turn)",
        ),
    ] {
        let r = s.send(
            "POST",
            "/api/games/g.toml/mark",
            &[("If-Match", &version)],
            body.as_bytes(),
        );
        assert_eq!(
            (r.status, r.json()["error"].as_str().unwrap()),
            (status, error),
            "{body}"
        );
    }
    assert_eq!(std::fs::read(&file).unwrap(), before, "nothing written");
    let r = s.send(
        "PUT",
        "/api/lists/sharpe-patrol.toml",
        &[],
        &std::fs::read(s.path("lists/sharpe-patrol.toml")).unwrap(),
    );
    assert_eq!(
        (r.status, r.json()["error"].as_str().unwrap()),
        (428, "this edit does not say which version of the list it was made on: reload the list and make it again")
    );
    let r = s.send(
        "POST",
        "/api/lists/sharpe-patrol.toml/edit",
        &[("If-Match", "\"0-0\"")],
        br#"{"op": "remove", "unit": 1}"#,
    );
    assert_eq!(
        (r.status, r.json()["error"].as_str().unwrap()),
        (412, "the list changed on disk since you opened it (in another tab or device, or by the command line): reload it and make the edit again")
    );
}

/// Trashing a list that a game names says which games, before (the list's row) and after.
#[test]
fn trashing_a_list_a_game_names_says_which_games() {
    let s = Served::start();
    let r = s.send(
        "POST",
        "/api/games",
        &[],
        br#"{"name":"g.toml","a":"sharpe-patrol.toml","b":"voltigeurs-hussars.toml"}"#,
    );
    assert_eq!(r.status, 201, "{}", r.text());
    let rows = s.get("/api/lists").json();
    let row = rows
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["name"] == "sharpe-patrol.toml")
        .unwrap()
        .clone();
    assert_eq!(row["games"], serde_json::json!(["g.toml"]));
    let r = s.send(
        "DELETE",
        "/api/lists/sharpe-patrol.toml",
        &[("If-Match", row["version"].as_str().unwrap())],
        b"",
    );
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(
        r.json(),
        serde_json::json!({
            "trashed": "sharpe-patrol.toml",
            "to": ".trash/sharpe-patrol.toml",
            "games": ["g.toml"],
        })
    );
}

/// SIGTERM ends the server within seconds, even with a long request under way.
#[test]
fn sigterm_stops_the_server_during_heavy_work() {
    let s = Served::start();
    // Two lists of 110 units: a matchup table of 36,300 previews, seconds of work.
    let mut big = std::fs::read_to_string(root().join("lists/voltigeurs-hussars.toml")).unwrap();
    let unit = "\n[[units]]\nsheet = \"fr-6e-leger-voltigeurs\"\nfigures = 8\n";
    for _ in 0..107 {
        big.push_str(unit);
    }
    std::fs::write(s.path("lists/big.toml"), &big).unwrap();
    std::fs::write(s.path("lists/big2.toml"), &big).unwrap();
    let port = s.port;
    let heavy = std::thread::spawn(move || {
        let _ = std::panic::catch_unwind(|| {
            request(
                port,
                "GET",
                "/api/lists/big.toml/matchups?against=big2.toml",
                &[],
                b"",
            )
        });
    });
    std::thread::sleep(Duration::from_millis(1500));
    let start = Instant::now();
    let _ = Command::new("kill")
        .args(["-TERM", &s.child.id().to_string()])
        .status();
    let mut s = s;
    loop {
        if let Some(status) = s.child.try_wait().unwrap() {
            assert_eq!(status.code(), Some(0));
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(6),
            "still running {:?} after SIGTERM",
            start.elapsed()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    let _ = heavy.join();
}

/// A game file naming a list outside the served folders (a path of its own, `..`, absolute):
/// the list is never read, for a game that keeps its army (said gone) or one that does not
/// (refused, named by its file name only).
#[test]
fn a_game_naming_a_list_outside_the_folders_is_not_read() {
    let s = Served::start();
    let r = s.send(
        "POST",
        "/api/games",
        &[],
        br#"{"name":"g.toml","a":"sharpe-patrol.toml","b":"voltigeurs-hussars.toml"}"#,
    );
    assert_eq!(r.status, 201, "{}", r.text());
    std::fs::create_dir(s.path("outside")).unwrap();
    let secret = std::fs::read_to_string(root().join("lists/sharpe-patrol.toml"))
        .unwrap()
        .replace("label = \"Sharpe\"", "label = \"SECRET-OUTSIDE\"");
    std::fs::write(s.path("outside/sp.toml"), &secret).unwrap();
    let kept = std::fs::read_to_string(s.path("games/g.toml")).unwrap();
    let absolute = s.path("outside/sp.toml").display().to_string();
    for named in ["../outside/sp.toml", absolute.as_str()] {
        let text = kept.replace("../lists/sharpe-patrol.toml", named);
        std::fs::write(s.path("games/k.toml"), &text).unwrap();
        let r = s.get("/api/games/k.toml");
        assert_eq!(r.status, 200, "{}", r.text());
        assert!(!r.text().contains("SECRET"), "{}", r.text());
        assert_eq!(r.json()["notes"][0]["kind"], "list-gone", "{}", r.text());
        // The same game without its kept armies: refused, the outside list unread.
        let old = &text[..text.find("\n# The armies as they stood").unwrap()];
        std::fs::write(s.path("games/o.toml"), old).unwrap();
        for path in ["/api/games/o.toml", "/api/games/o.toml/odds?a=a1&b=b1"] {
            let r = s.get(path);
            assert_eq!(r.status, 422, "{}", r.text());
            assert!(!r.text().contains("SECRET"), "{}", r.text());
            assert_eq!(
                r.json()["error"],
                "o.toml: side a's list (sp.toml) is outside the folders muster serve was given, and the game does not keep its army",
                "{}",
                r.text()
            );
        }
    }
}
