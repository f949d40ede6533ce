//! `muster serve` over HTTP: the real binary on a free loopback port, every route, the
//! security cases and concurrent edits. A minimal HTTP/1.1 client on std's TcpStream.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdout, Command, Stdio};

use crate::{muster_in, root};

/// Starts a `muster serve … --port 0` command and reads the port it says it listens on.
pub fn spawn(cmd: Command) -> (Child, u16) {
    let (child, port, _, _) = spawn_reading(cmd);
    (child, port)
}

/// [`spawn`], keeping the first line printed and the rest of stdout to read.
pub fn spawn_reading(mut cmd: Command) -> (Child, u16, String, BufReader<ChildStdout>) {
    let mut child = cmd
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("muster serve starts");
    let mut line = String::new();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    out.read_line(&mut line).unwrap();
    let port = line
        .split("http://127.0.0.1:")
        .nth(1)
        .and_then(|r| r.split('/').next())
        .and_then(|p| p.parse().ok())
        .unwrap_or_else(|| panic!("no address in {line:?}"));
    (child, port, line, out)
}

pub struct Server {
    child: Child,
    pub port: u16,
    pub dir: tempfile::TempDir,
    /// The first line printed (the address, with its pairing token on a network).
    pub first_line: String,
    out: Option<BufReader<ChildStdout>>,
    /// The session cookie (`name=value`) sent with every request once paired.
    pub cookie: Option<String>,
}

impl Server {
    /// Starts `muster serve --port 0` on a copy of the shipped lists.
    pub fn start() -> Self {
        Self::launch(&[], &[])
    }

    /// Starts `muster serve --lan --port 0 ARGS` (every address, browsers paired) on a copy
    /// of the shipped lists. Requests still go to 127.0.0.1, as a desktop's would: they are
    /// paired too ([`Server::pair`]).
    pub fn start_lan(args: &[&str]) -> Self {
        let mut all = vec!["--lan"];
        all.extend_from_slice(args);
        Self::launch(&all, &[])
    }

    /// Starts `muster serve --port 0 ARGS` with `env`, on a copy of the shipped lists.
    pub fn launch(args: &[&str], env: &[(&str, String)]) -> Self {
        Self::launch_with(args, env, |_| {})
    }

    /// [`Server::launch`], the command prepared further by `prepare` before it starts.
    pub fn launch_with(
        args: &[&str],
        env: &[(&str, String)],
        prepare: impl FnOnce(&mut Command),
    ) -> Self {
        let dir = tempfile::tempdir().unwrap();
        for e in std::fs::read_dir(root().join("lists")).unwrap() {
            let p = e.unwrap().path();
            if p.extension().is_some_and(|x| x == "toml") {
                std::fs::copy(&p, dir.path().join(p.file_name().unwrap())).unwrap();
            }
        }
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_muster"));
        cmd.args(["--data", root().join("unit-sheets").to_str().unwrap()])
            .args(["serve", "--port", "0", "--lists"])
            .arg(dir.path())
            .arg("--games")
            .arg(dir.path().join("games"))
            .args(args)
            .env("NO_COLOR", "1")
            // The player's own sheets (my-sheets/) are the working folder's.
            .current_dir(dir.path());
        for (k, v) in env {
            cmd.env(k, v);
        }
        prepare(&mut cmd);
        let (child, port, first_line, out) = spawn_reading(cmd);
        Server {
            child,
            port,
            dir,
            first_line,
            out: Some(out),
            cookie: None,
        }
    }

    /// The pairing token the first line prints (a server on a network).
    pub fn token(&self) -> String {
        self.first_line
            .split("/pair?token=")
            .nth(1)
            .and_then(|r| r.split_whitespace().next())
            .unwrap_or_else(|| panic!("no pairing link in {:?}", self.first_line))
            .to_owned()
    }

    /// Opens the pairing link on 127.0.0.1 and keeps the session cookie it gives.
    pub fn pair(&mut self) {
        let r = self.get(&format!("/pair?token={}", self.token()));
        assert_eq!(r.status, 303, "{}", r.text());
        let cookie = r.header("set-cookie").expect("a session cookie");
        self.cookie = Some(cookie.split(';').next().unwrap().to_owned());
    }

    /// The server's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://127.0.0.1:{}{path}", self.port)
    }

    pub fn list(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    pub fn get(&self, path: &str) -> Reply {
        self.send("GET", path, &[], b"")
    }

    /// One request, with the session cookie once paired; `headers` may override Host.
    pub fn send(&self, method: &str, path: &str, headers: &[(&str, &str)], body: &[u8]) -> Reply {
        let mut all: Vec<(&str, &str)> = Vec::new();
        if let Some(c) = &self.cookie {
            if !headers
                .iter()
                .any(|(k, _)| k.eq_ignore_ascii_case("cookie"))
            {
                all.push(("Cookie", c));
            }
        }
        all.extend_from_slice(headers);
        request(self.port, method, path, &all, body)
    }

    /// SIGTERM, and the exit status and stderr.
    pub fn stop(self) -> (Option<i32>, String) {
        let (code, _, err) = self.stop_all();
        (code, err)
    }

    /// SIGTERM, and the exit status, what stdout printed after its first line, and stderr.
    pub fn stop_all(mut self) -> (Option<i32>, String, String) {
        unsafe_kill(self.child.id());
        let status = self.child.wait().unwrap();
        let mut out = String::new();
        if let Some(mut o) = self.out.take() {
            let _ = o.read_to_string(&mut out);
        }
        let mut err = String::new();
        if let Some(mut e) = self.child.stderr.take() {
            let _ = e.read_to_string(&mut err);
        }
        (status.code(), out, err)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn unsafe_kill(pid: u32) {
    let _ = Command::new("kill")
        .args(["-TERM", &pid.to_string()])
        .status();
}

pub struct Reply {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Reply {
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.text()))
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

pub fn request(
    port: u16,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> Reply {
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    let mut head = format!("{method} {path} HTTP/1.1\r\n");
    if !headers.iter().any(|(k, _)| k.eq_ignore_ascii_case("host")) {
        head.push_str(&format!("Host: 127.0.0.1:{port}\r\n"));
    }
    for (k, v) in headers {
        head.push_str(&format!("{k}: {v}\r\n"));
    }
    head.push_str(&format!(
        "Content-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    ));
    s.write_all(head.as_bytes()).unwrap();
    let _ = s.write_all(body);
    let mut raw = Vec::new();
    let _ = s.read_to_end(&mut raw);
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("a response head");
    let head = String::from_utf8_lossy(&raw[..split]).into_owned();
    let mut lines = head.lines();
    let status = lines
        .next()
        .and_then(|l| l.split(' ').nth(1))
        .and_then(|c| c.parse().ok())
        .unwrap();
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_owned(), v.trim().to_owned()))
        .collect();
    let mut body = raw[split + 4..].to_vec();
    if headers
        .iter()
        .any(|(k, v)| k.eq_ignore_ascii_case("transfer-encoding") && v.contains("chunked"))
    {
        body = dechunk(&body);
    }
    Reply {
        status,
        headers,
        body,
    }
}

fn dechunk(mut b: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    while let Some(end) = b.windows(2).position(|w| w == b"\r\n") {
        let size =
            usize::from_str_radix(String::from_utf8_lossy(&b[..end]).trim(), 16).unwrap_or(0);
        if size == 0 {
            break;
        }
        out.extend_from_slice(&b[end + 2..end + 2 + size]);
        b = &b[end + 2 + size + 2..];
    }
    out
}

/// The CLI's stdout in `dir`.
fn cli(dir: &Path, args: &[&str]) -> String {
    let data = root().join("unit-sheets");
    let mut full = vec!["--data", data.to_str().unwrap()];
    full.extend_from_slice(args);
    muster_in(dir, &full, &[]).stdout
}

#[test]
fn the_api_answers_as_the_cli() {
    let s = Server::start();
    let d = s.dir.path().to_path_buf();
    // POST /api/check is `muster check --format json`, valid or not, with --against.
    for (list, against) in [
        ("sharpe-patrol.toml", Some("voltigeurs-hussars.toml")),
        ("wab-russia-1812.toml", None),
        ("hm-qrs-picton-1815.toml", Some("hm-qrs-donzelot-1815.toml")),
    ] {
        let text = std::fs::read(d.join(list)).unwrap();
        let mut path = format!("/api/check?name={list}");
        let mut args = vec!["check", list, "--format", "json"];
        if let Some(a) = against {
            path.push_str(&format!("&against={a}"));
            args.extend(["--against", a]);
        }
        let r = s.send("POST", &path, &[], &text);
        assert_eq!(r.status, 200, "{}", r.text());
        assert_eq!(r.text(), cli(&d, &args), "{list}");
    }
    // An invalid list: its diagnostics, located, as the CLI gives them.
    let bad = root().join("tests/fixtures/lists/figures-out-of-range.toml");
    std::fs::copy(&bad, d.join("bad.toml")).unwrap();
    let r = s.send(
        "POST",
        "/api/check?name=bad.toml",
        &[],
        &std::fs::read(&bad).unwrap(),
    );
    assert_eq!(
        r.text(),
        cli(&d, &["check", "bad.toml", "--format", "json"])
    );
    assert_eq!(r.json()["valid"], false);
    // Not a list: 422 with the reason.
    let r = s.send("POST", "/api/check", &[], b"[list\nname = 1");
    assert_eq!(r.status, 422, "{}", r.text());
    assert!(r.json()["error"]
        .as_str()
        .unwrap()
        .contains("not a list file"));
    // GET /api/sheets and /api/rulesets.
    for ruleset in ["capitan", "wab-aca", "hm-qrs", "thucydide"] {
        let r = s.get(&format!("/api/sheets?ruleset={ruleset}"));
        assert_eq!(r.status, 200);
        assert_eq!(
            r.text(),
            cli(&d, &["--ruleset", ruleset, "sheets", "--format", "json"]),
            "{ruleset}"
        );
    }
    assert_eq!(s.get("/api/sheets?ruleset=capitain").status, 400);
    assert_eq!(
        s.get("/api/rulesets").text(),
        cli(&d, &["rulesets", "--format", "json"])
    );
    // GET /api/lists: every list with its check.
    let lists = s.get("/api/lists").json();
    let sharpe = lists
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["name"] == "sharpe-patrol.toml")
        .unwrap();
    assert_eq!(
        (sharpe["total"].as_u64(), sharpe["valid"].as_bool()),
        (Some(578), Some(true))
    );
    // Pages, assets, documents.
    for (path, kind) in [
        ("/", "text/html"),
        ("/lists/sharpe-patrol.toml", "text/html"),
        ("/assets/common.js", "text/javascript"),
        ("/assets/app.css", "text/css"),
        ("/lists/sharpe-patrol.toml/cards.pdf", "application/pdf"),
        (
            "/lists/wab-russia-1812.toml/cards.pdf?lang=en",
            "application/pdf",
        ),
        (
            "/lists/hm-qrs-picton-1815.toml/roster.pdf",
            "application/pdf",
        ),
        ("/lists/sharpe-patrol.toml/roster.html?lang=en", "text/html"),
    ] {
        let r = s.get(path);
        assert_eq!(r.status, 200, "{path}: {}", r.text());
        assert!(
            r.header("content-type").unwrap().starts_with(kind),
            "{path}"
        );
        if kind == "application/pdf" {
            assert!(r.body.starts_with(b"%PDF"), "{path}");
        }
    }
    let r = s.get("/lists/bad.toml/cards.pdf");
    assert_eq!(r.status, 422);
    assert!(r.text().contains("not a legal list"), "{}", r.text());
    assert_eq!(
        s.get("/lists/bad.toml/cards.pdf?allow_invalid=true").status,
        200
    );
    assert_eq!(
        s.get("/lists/sharpe-patrol.toml/cards.pdf?lang=de").status,
        400
    );
    assert_eq!(s.get("/lists/nope.toml").status, 404);
    assert_eq!(s.get("/assets/nope.js").status, 404);
    let r = s.get("/nowhere");
    assert_eq!(r.status, 404);
    assert!(
        r.text().starts_with("404 Not Found: no such page"),
        "{}",
        r.text()
    );
}

/// `GET /api/lists/{name}/duel`: for a unit of each list, every procedure of the ruleset as
/// the CLI gives it. Each duel's command, run by the CLI, prints the duel's text, and its
/// `--plot x.svg` draws the duel's chart byte for byte.
/// Each page loads common.js, then its own script (the builder's matchups.js and picker.js
/// before builder.js, which starts the page); every script is served as JavaScript, and app.js, once
/// every page's, is no more.
#[test]
fn each_page_loads_common_js_and_its_own_script() {
    let s = Server::start();
    let r = s.send(
        "POST",
        "/api/games",
        &[],
        br#"{"name":"g.toml","a":"sharpe-patrol.toml","b":"voltigeurs-hussars.toml"}"#,
    );
    assert_eq!(r.status, 201, "{}", r.text());
    for (page, scripts) in [
        ("/", &["common.js", "lists.js"][..]),
        (
            "/lists/sharpe-patrol.toml",
            &["common.js", "matchups.js", "picker.js", "builder.js"],
        ),
        ("/games/g.toml", &["common.js", "game.js"]),
        ("/sheets/edit?ruleset=capitan", &["common.js", "sheet.js"]),
    ] {
        let r = s.get(page);
        assert_eq!(r.status, 200, "{page}");
        let html = r.text();
        assert_eq!(super::scripts_loaded(&html), scripts, "{page}");
        for script in scripts {
            let r = s.get(&format!("/assets/{script}"));
            assert_eq!(r.status, 200, "{script}");
            assert_eq!(
                r.header("content-type"),
                Some("text/javascript; charset=utf-8"),
                "{script}"
            );
            assert!(r.text().starts_with("// muster serve: "), "{script}");
        }
    }
    assert_eq!(s.get("/assets/app.js").status, 404);
}

#[test]
fn previews_between_two_lists_answer_as_the_cli() {
    let s = Server::start();
    let d = s.dir.path().to_path_buf();
    let plot = d.join("plot.svg");
    for (list, unit, other, enemy, situation, procedures) in [
        (
            "sharpe-patrol.toml",
            1,
            "voltigeurs-hussars.toml",
            3,
            "&range=medium&cover=light&charge=a",
            &["fire", "fire", "melee", "charge", "charge"][..],
        ),
        (
            "wab-france-1809.toml",
            5,
            "wab-russia-1812.toml",
            5,
            "&to_hit=-1&charge=yes",
            &["shoot", "shoot", "combat"][..],
        ),
        (
            "wab-france-1809.toml",
            13,
            "wab-russia-1812.toml",
            5,
            "&ammo=roundshot",
            &["shoot", "shoot", "combat", "artillery"][..],
        ),
        (
            "hm-qrs-picton-1815.toml",
            1,
            "hm-qrs-donzelot-1815.toml",
            2,
            "",
            &["shoot", "shoot", "melee"][..],
        ),
        (
            "thucydide-macedoniens.toml",
            4,
            "thucydide-perses.toml",
            4,
            "&attack=melee",
            &["combat", "combat"][..],
        ),
    ] {
        let r = s.get(&format!(
            "/api/lists/{list}/duel?against={other}&unit={unit}&enemy={enemy}{situation}"
        ));
        assert_eq!(r.status, 200, "{list}: {}", r.text());
        let v = r.json();
        assert_eq!(v["a"]["unit"], unit);
        assert_eq!(v["b"]["list"], other);
        let duels = v["duels"].as_array().unwrap();
        let got: Vec<&str> = duels
            .iter()
            .map(|x| x["procedure"].as_str().unwrap())
            .collect();
        assert_eq!(got, procedures, "{list}");
        for duel in duels {
            assert!(duel["refused"].is_null(), "{list}: {duel}");
            let command = duel["command"].as_str().unwrap();
            assert!(!command.contains('\''), "plain words: {command}");
            let words: Vec<&str> = command.split(' ').collect();
            assert_eq!(&words[..2], ["muster", "preview"], "{command}");
            let text = cli(&d, &words[1..]);
            assert_eq!(duel["text"].as_str().unwrap(), text, "{command}");
            // A charge is two chances: no chart, on the page or by --plot.
            if duel["procedure"] == "charge" {
                assert!(duel.get("svg").is_none(), "{command}");
                continue;
            }
            let mut with_plot = words[1..].to_vec();
            let plot_arg = format!("--plot={}", plot.display());
            with_plot.push(&plot_arg);
            cli(&d, &with_plot);
            // The page's chart draws the command's bars (its words are the page's).
            let bars = |svg: &str| -> Vec<String> {
                svg.split("<title>")
                    .skip(1)
                    .map(|t| t.split('<').next().unwrap().to_owned())
                    .collect()
            };
            let drawn = bars(&std::fs::read_to_string(&plot).unwrap());
            assert!(!drawn.is_empty(), "{command}");
            assert_eq!(bars(duel["svg"].as_str().unwrap()), drawn, "{command}");
        }
        // The situation is in the commands (range, cover, charge, modifiers).
        for part in situation.split('&').filter(|p| !p.is_empty()) {
            let (key, value) = part.split_once('=').unwrap();
            assert_eq!(v["situation"][key], value, "{list}");
        }
    }
    let commands = |path: &str| -> Vec<String> {
        s.get(path).json()["duels"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d["command"].as_str().unwrap().to_owned())
            .collect()
    };
    let capitan = commands(
        "/api/lists/sharpe-patrol.toml/duel?against=voltigeurs-hussars.toml&unit=1&enemy=3&range=long&cover=dense&charge=b",
    );
    // Without lang=, the page's language is the ruleset's first (French for Capitán): the
    // command says it, to print what the page shows.
    assert!(
        capitan[0].ends_with(" --range long --cover dense --lang fr"),
        "{capitan:?}"
    );
    assert!(
        capitan[2].ends_with(" --b-charges --lang fr"),
        "{capitan:?}"
    );

    // Refusals: each says what is wrong.
    for (query, status, error) in [
        (
            "sharpe-patrol.toml/duel?unit=1&enemy=1",
            400,
            "against= names the opponent's list, whose units face this one's",
        ),
        (
            "sharpe-patrol.toml/duel?against=voltigeurs-hussars.toml&unit=0&enemy=1",
            400,
            "unit= is a unit number of sharpe-patrol.toml (1, 2, …), found `0`",
        ),
        (
            "sharpe-patrol.toml/duel?against=voltigeurs-hussars.toml&unit=1&enemy=99999999999999999999999",
            400,
            "enemy= is a unit number of voltigeurs-hussars.toml (1, 2, …), found `99999999999999999999999`",
        ),
        (
            "sharpe-patrol.toml/duel?against=voltigeurs-hussars.toml&unit=1&enemy=9",
            400,
            "voltigeurs-hussars.toml has 3 units: there is no unit 9",
        ),
        (
            "sharpe-patrol.toml/duel?against=voltigeurs-hussars.toml&unit=1&enemy=1&range=far",
            400,
            "range=far: one of short, medium, long",
        ),
        (
            "sharpe-patrol.toml/duel?against=voltigeurs-hussars.toml&unit=1&enemy=1&weather=rain",
            400,
            "`weather` is not a choice of these previews; known: range, cover, ammo, charge",
        ),
        (
            "hm-qrs-picton-1815.toml/duel?against=hm-qrs-donzelot-1815.toml&unit=1&enemy=1&range=short",
            400,
            "`range` is not a choice of these previews; known: none",
        ),
        (
            "sharpe-patrol.toml/duel?against=wab-russia-1812.toml&unit=1&enemy=1",
            422,
            "wab-russia-1812.toml is a wab-aca list: it cannot face a capitan list",
        ),
        (
            "sharpe-patrol.toml/duel?against=..%2Fsecret.toml&unit=1&enemy=1",
            400,
            "list name `../secret.toml`: a plain file name inside the lists directory (no `/`, `\\` or `..`)",
        ),
    ] {
        let r = s.get(&format!("/api/lists/{query}"));
        assert_eq!(r.status, status, "{query}: {}", r.text());
        assert_eq!(r.json(), serde_json::json!({ "error": error }), "{query}");
    }
}

#[test]
fn edits_keep_comments_and_stale_edits_are_refused() {
    let s = Server::start();
    let name = "sharpe-patrol.toml";
    let path = s.list(name);
    let original = std::fs::read_to_string(&path).unwrap();
    assert!(original.contains('#'), "the sample list has comments");
    let r = s.get(&format!("/api/lists/{name}"));
    let v = r.header("etag").unwrap().to_owned();
    assert_eq!(r.json()["version"], v.as_str());
    // No version: 428. A wrong one: 412, file untouched.
    let add = br#"{"op": "add", "id": "gb-95th-riflemen", "figures": 3, "label": "Recrues"}"#;
    assert_eq!(
        s.send("POST", &format!("/api/lists/{name}/edit"), &[], add)
            .status,
        428
    );
    let r = s.send(
        "POST",
        &format!("/api/lists/{name}/edit"),
        &[("If-Match", "\"0-0\"")],
        add,
    );
    assert_eq!(r.status, 412, "{}", r.text());
    assert_eq!(std::fs::read_to_string(&path).unwrap(), original);
    // An edit made on the current version lands, comments kept; the diagnostic is placed on
    // the new unit (3 figures: below the rule).
    let r = s.send(
        "POST",
        &format!("/api/lists/{name}/edit"),
        &[("If-Match", &v)],
        add,
    );
    assert_eq!(r.status, 200, "{}", r.text());
    let view = r.json();
    let text = std::fs::read_to_string(&path).unwrap();
    // Every edit records what the units without a record are priced with (tests/cli/priced.rs).
    assert!(
        crate::without_records(&text).starts_with(original.trim_end()),
        "comments and layout kept:\n{text}"
    );
    assert!(text.contains("label = \"Recrues\""));
    let diags = view["check"]["diagnostics"].as_array().unwrap();
    let i = diags
        .iter()
        .position(|d| d["code"] == "figures-out-of-range")
        .expect("figures-out-of-range");
    assert_eq!(view["placement"][i], 3);
    let v2 = view["version"].as_str().unwrap().to_owned();
    // Fix it: 8 figures.
    let r = s.send(
        "POST",
        &format!("/api/lists/{name}/edit"),
        &[("If-Match", &v2)],
        br#"{"op": "count", "unit": 4, "count": 8}"#,
    );
    assert_eq!(r.status, 200, "{}", r.text());
    assert!(std::fs::read_to_string(&path)
        .unwrap()
        .contains("figures = 8"));
    // The CLI edits the file meanwhile: the page's version is stale.
    let v3 = r.json()["version"].as_str().unwrap().to_owned();
    let run = muster_in(
        s.dir.path(),
        &[
            "--data",
            root().join("unit-sheets").to_str().unwrap(),
            "list",
            "remove",
            name,
            "4",
        ],
        &[],
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let r = s.send(
        "POST",
        &format!("/api/lists/{name}/edit"),
        &[("If-Match", &v3)],
        br#"{"op": "remove", "unit": 1}"#,
    );
    assert_eq!(r.status, 412);
    assert!(r.text().contains("changed on disk"));
    assert_eq!(
        crate::without_records(&std::fs::read_to_string(&path).unwrap()),
        original
    );
    // Bad edits: 422 with the engine's message, 400 for a malformed one.
    let v = s.get(&format!("/api/lists/{name}")).json()["version"]
        .as_str()
        .unwrap()
        .to_owned();
    let r = s.send(
        "POST",
        &format!("/api/lists/{name}/edit"),
        &[("If-Match", &v)],
        br#"{"op": "add", "id": "gb-95th-rifleman", "figures": 8}"#,
    );
    assert_eq!(r.status, 422);
    assert!(r.text().contains("gb-95th-riflemen"), "{}", r.text());
    let r = s.send(
        "POST",
        &format!("/api/lists/{name}/edit"),
        &[("If-Match", &v)],
        b"{\"op\": \"fly\"}",
    );
    assert_eq!(r.status, 400);
}

/// Two PUTs made on one version, at once: one lands, the other gets 412, and the file holds
/// the winner's text.
#[test]
fn concurrent_puts_one_wins() {
    let s = Server::start();
    let name = "french-column.toml";
    let original = std::fs::read_to_string(s.list(name)).unwrap();
    let v = s.get(&format!("/api/lists/{name}")).json()["version"]
        .as_str()
        .unwrap()
        .to_owned();
    let texts: Vec<String> = ["Première", "Seconde"]
        .iter()
        .map(|who| format!("# edited by the {who} tab\n{original}"))
        .collect();
    let port = s.port;
    let handles: Vec<_> = texts
        .iter()
        .cloned()
        .map(|t| {
            let v = v.clone();
            std::thread::spawn(move || {
                request(
                    port,
                    "PUT",
                    &format!("/api/lists/{name}"),
                    &[("If-Match", &v)],
                    t.as_bytes(),
                )
            })
        })
        .collect();
    let replies: Vec<Reply> = handles.into_iter().map(|h| h.join().unwrap()).collect();
    let mut statuses: Vec<u16> = replies.iter().map(|r| r.status).collect();
    statuses.sort();
    assert_eq!(
        statuses,
        [200, 412],
        "{:?}",
        replies.iter().map(Reply::text).collect::<Vec<_>>()
    );
    let winner = replies.iter().position(|r| r.status == 200).unwrap();
    assert_eq!(
        std::fs::read_to_string(s.list(name)).unwrap(),
        texts[winner]
    );
    // A text that is not a list is never written.
    let v = s.get(&format!("/api/lists/{name}")).json()["version"]
        .as_str()
        .unwrap()
        .to_owned();
    let r = s.send(
        "PUT",
        &format!("/api/lists/{name}"),
        &[("If-Match", &v)],
        b"oops = [",
    );
    assert_eq!(r.status, 422);
    assert_eq!(
        std::fs::read_to_string(s.list(name)).unwrap(),
        texts[winner]
    );
}

#[test]
fn lists_are_created_duplicated_and_trashed() {
    let s = Server::start();
    let r = s.send(
        "POST",
        "/api/lists",
        &[],
        br#"{"name": "new.toml", "ruleset": "capitan", "title": "Essai", "points": 400, "coalition": "allies", "campaign": "peninsula"}"#,
    );
    assert_eq!(r.status, 201, "{}", r.text());
    assert!(std::fs::read_to_string(s.list("new.toml"))
        .unwrap()
        .contains("points = 400"));
    let again = s.send(
        "POST",
        "/api/lists",
        &[],
        br#"{"name": "new.toml", "ruleset": "capitan", "title": "x"}"#,
    );
    assert_eq!(again.status, 409);
    let r = s.send(
        "POST",
        "/api/lists/new.toml/duplicate",
        &[],
        br#"{"to": "copy.toml"}"#,
    );
    assert_eq!(r.status, 201, "{}", r.text());
    assert_eq!(
        std::fs::read(s.list("copy.toml")).unwrap(),
        std::fs::read(s.list("new.toml")).unwrap()
    );
    // A copy of its own name: that name in its `[list]`, the rest as it was; an empty name
    // is refused, nothing written.
    let r = s.send(
        "POST",
        "/api/lists/new.toml/duplicate",
        &[],
        br#"{"to": "named.toml", "title": "Essai \"bis\""}"#,
    );
    assert_eq!(r.status, 201, "{}", r.text());
    assert_eq!(r.json()["list_name"], "Essai \"bis\"");
    assert_eq!(
        std::fs::read_to_string(s.list("named.toml")).unwrap(),
        std::fs::read_to_string(s.list("new.toml"))
            .unwrap()
            .replace("name = \"Essai\"", "name = 'Essai \"bis\"'")
    );
    let r = s.send(
        "POST",
        "/api/lists/new.toml/duplicate",
        &[],
        br#"{"to": "unnamed.toml", "title": "  "}"#,
    );
    assert_eq!(r.status, 422, "{}", r.text());
    assert!(
        r.text().contains("the list's name is missing"),
        "{}",
        r.text()
    );
    assert!(!s.list("unnamed.toml").exists());
    let v = s.get("/api/lists/copy.toml").json()["version"]
        .as_str()
        .unwrap()
        .to_owned();
    assert_eq!(
        s.send("DELETE", "/api/lists/copy.toml", &[], b"").status,
        428
    );
    let r = s.send("DELETE", "/api/lists/copy.toml", &[("If-Match", &v)], b"");
    assert_eq!(r.status, 200, "{}", r.text());
    assert!(!s.list("copy.toml").exists());
    assert!(s.dir.path().join(".trash/copy.toml").exists());
    let r = s.send(
        "POST",
        "/api/lists",
        &[],
        br#"{"name": "f.toml", "ruleset": "fire-classes", "title": "x"}"#,
    );
    assert_eq!(r.status, 422, "fire-classes has no lists");
}

#[test]
fn security() {
    let s = Server::start();
    // DNS rebinding: a Host that is not ours; another site's page.
    let r = s.send("GET", "/api/lists", &[("Host", "evil.example:8808")], b"");
    assert_eq!(r.status, 403);
    assert!(
        r.text().contains("not this server's address"),
        "{}",
        r.text()
    );
    let r = s.send(
        "POST",
        "/api/check",
        &[("Origin", "http://evil.example")],
        b"",
    );
    assert_eq!(r.status, 403);
    let origin = format!("http://localhost:{}", s.port);
    let ok = s.send("GET", "/api/lists", &[("Origin", &origin)], b"");
    assert_eq!(ok.status, 200);
    // Names: plain .toml files inside the directory.
    for (path, status) in [
        ("/api/lists/..%2F..%2Fetc%2Fpasswd", 400),
        ("/api/lists/%2Fetc%2Fpasswd.toml", 400),
        ("/api/lists/.hidden.toml", 400),
        ("/api/lists/notes.txt", 400),
        ("/api/lists/missing.toml", 404),
    ] {
        assert_eq!(s.get(path).status, status, "{path}");
    }
    let outside = tempfile::NamedTempFile::new().unwrap();
    std::fs::copy(root().join("lists/sharpe-patrol.toml"), outside.path()).unwrap();
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink(outside.path(), s.list("escape.toml")).unwrap();
        assert_eq!(s.get("/api/lists/escape.toml").status, 404);
        std::os::unix::fs::symlink(s.list("sharpe-patrol.toml"), s.list("inside.toml")).unwrap();
        assert_eq!(s.get("/api/lists/inside.toml").status, 200);
    }
    // Bodies over 1 MiB.
    let big = vec![b'#'; 1024 * 1024 + 1];
    assert_eq!(s.send("POST", "/api/check", &[], &big).status, 413);
    // Errors say what went wrong, no backtrace.
    let r = s.send("POST", "/api/lists", &[], b"{not json");
    assert_eq!(r.status, 400);
    assert!(!r.text().contains("panicked") && !r.text().contains("backtrace"));
    // SIGTERM stops it cleanly.
    let (code, stderr) = s.stop();
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stderr.contains("muster serve: stopped"), "{stderr}");
}

/// `--host` elsewhere than loopback pairs as `--lan` does (it only warned before): the first
/// line is the pairing link, and a request without a session is refused.
#[test]
fn binding_elsewhere_pairs() {
    let mut s = Server::launch(&["--host", "0.0.0.0"], &[]);
    assert!(s.first_line.contains("/pair?token="), "{}", s.first_line);
    assert_eq!(s.get("/api/lists").status, 401);
    s.pair();
    assert_eq!(s.get("/api/lists").status, 200);
    let (code, out, err) = s.stop_all();
    assert_eq!(code, Some(0), "{err}");
    assert!(out.starts_with("Pairing: "), "{out}");
    assert!(!err.contains("warning"), "{err}");
}

/// On loopback (the default) nothing pairs: no token printed, `/pair` and the pairing API do
/// not exist, every page answers as before.
#[test]
fn loopback_needs_no_pairing() {
    let s = Server::start();
    assert!(
        s.first_line.starts_with(&format!(
            "muster serve: http://127.0.0.1:{}/ (lists in ",
            s.port
        )),
        "{}",
        s.first_line
    );
    assert_eq!(s.get("/").status, 200);
    assert_eq!(s.get("/pair?token=x").status, 404);
    assert_eq!(s.get("/api/pairing").status, 404);
    assert_eq!(s.get("/manifest.webmanifest").status, 200);
    let (code, out, err) = s.stop_all();
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out, "");
}

/// 50 concurrent clients posting a 100-unit list to `/api/check` for a bounded time
/// (MUSTER_LOAD_SECONDS, default 3, at most 30): no errors; the latencies are printed
/// (`cargo test --release --test cli load -- --nocapture` gives the README's figures).
#[test]
fn load_50_clients_posting_a_100_unit_list() {
    let s = Server::start();
    let sample = std::fs::read_to_string(root().join("lists/sharpe-patrol.toml")).unwrap();
    let head = &sample[..sample.find("[[units]]").unwrap()];
    let mut list = head.to_owned();
    for i in 0..100 {
        list.push_str(&format!(
            "[[units]]\nsheet = \"gb-95th-riflemen\"\nfigures = 8\nlabel = \"Section {i}\"\n\n"
        ));
    }
    let first = s.send("POST", "/api/check", &[], list.as_bytes());
    assert_eq!(first.status, 200);
    assert_eq!(first.json()["units"].as_array().unwrap().len(), 100);
    let seconds: u64 = std::env::var("MUSTER_LOAD_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3)
        .clamp(1, 30);
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(seconds);
    let port = s.port;
    let list = std::sync::Arc::new(list);
    let clients: Vec<_> = (0..50)
        .map(|_| {
            let list = list.clone();
            std::thread::spawn(move || {
                let mut latencies = Vec::new();
                let mut errors = 0;
                while std::time::Instant::now() < deadline {
                    let t = std::time::Instant::now();
                    let r = request(port, "POST", "/api/check", &[], list.as_bytes());
                    latencies.push(t.elapsed());
                    if r.status != 200 || !r.body.starts_with(b"{") {
                        errors += 1;
                    }
                }
                (latencies, errors)
            })
        })
        .collect();
    let mut all = Vec::new();
    let mut errors = 0;
    for c in clients {
        let (l, e) = c.join().unwrap();
        all.extend(l);
        errors += e;
    }
    all.sort();
    let at = |q: f64| all[((all.len() as f64 * q) as usize).min(all.len() - 1)];
    println!(
        "load: 50 clients, {seconds} s: {} requests, {:.0} req/s, p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms, {errors} errors",
        all.len(),
        all.len() as f64 / seconds as f64,
        at(0.50).as_secs_f64() * 1e3,
        at(0.99).as_secs_f64() * 1e3,
        all.last().unwrap().as_secs_f64() * 1e3,
    );
    assert_eq!(errors, 0);
}

/// The games API refuses bad input with a status and a message in the game's words (never
/// the lists', never a path of the machine): bad names, lists of two rulesets, unknown units
/// and states, malformed marks, a stale version; the refused marks leave the file as it was.
#[test]
fn games_api_refuses_bad_input_in_words() {
    let s = Server::start();
    let r = s.get("/api/games");
    assert_eq!(
        (r.status, r.text()),
        (200, "[]".to_owned()),
        "no games folder yet: no games"
    );
    let r = s.send("GET", "/games/nope.toml", &[], b"");
    assert_eq!(r.status, 404);
    let create = |body: &str| s.send("POST", "/api/games", &[], body.as_bytes());
    for (body, status, error) in [
        (
            r#"{"name":"../x.toml","a":"sharpe-patrol.toml","b":"voltigeurs-hussars.toml"}"#,
            400,
            "game name `../x.toml`: a plain file name inside the games directory (no `/`, `\\` or `..`)",
        ),
        (
            r#"{"name":"x.toml","a":"sharpe-patrol.toml","b":"wab-france-1809.toml"}"#,
            422,
            "a game is between two lists of one ruleset: sharpe-patrol.toml is a list of Capitán, wab-france-1809.toml of WAB: Au crépuscule de l'Aigle",
        ),
        (
            r#"{"name":"x.toml","a":"sharpe-patrol.toml","b":"nope.toml"}"#,
            404,
            "no list `nope.toml` in the lists directory",
        ),
    ] {
        let r = create(body);
        assert_eq!((r.status, r.json()["error"].as_str().unwrap()), (status, error), "{body}");
    }
    assert!(!s.dir.path().join("games/x.toml").exists());
    let r = create(
        r#"{"name":"g.toml","a":"sharpe-patrol.toml","b":"voltigeurs-hussars.toml","scenario":" "}"#,
    );
    assert_eq!(r.status, 201, "{}", r.text());
    let version = r.json()["version"].as_str().unwrap().to_owned();
    let r = create(r#"{"name":"g.toml","a":"sharpe-patrol.toml","b":"voltigeurs-hussars.toml"}"#);
    assert_eq!(
        (r.status, r.json()["error"].as_str().unwrap()),
        (409, "a game `g.toml` already exists")
    );
    let file = s.dir.path().join("games/g.toml");
    let before = std::fs::read(&file).unwrap();
    let mark = |body: &str, v: &str| {
        s.send(
            "POST",
            "/api/games/g.toml/mark",
            &[("If-Match", v)],
            body.as_bytes(),
        )
    };
    for (body, status, error) in [
        (
            r#"{"unit":"z9","lost":1}"#,
            422,
            "`z9` is not a unit of this game: units are a1 … a3 (Sharpe's patrol) and b1 … b3 (Voltigeurs du 6e Léger et hussards), or their labels",
        ),
        (
            r#"{"unit":"a1","state":"flying"}"#,
            422,
            "unknown state `flying`; known: activated, captured-flag, reduced, routed",
        ),
        (
            r#"{"unit":"a1"}"#,
            400,
            "a mark says what happened: lost, back, state (with on), value (with set) or turn",
        ),
        (
            r#"{"unit":"a1","lost":4294967296}"#,
            400,
            "a mark is a unit and what happened to it: lost or back (a whole number from 1 to 1000), a state (with on), a side's value (with set), or the turn",
        ),
    ] {
        let r = mark(body, &version);
        assert_eq!((r.status, r.json()["error"].as_str().unwrap()), (status, error), "{body}");
    }
    let r = mark(r#"{"unit":"a1","lost":1}"#, "\"stale\"");
    assert_eq!(r.status, 412);
    assert!(
        r.json()["error"]
            .as_str()
            .unwrap()
            .starts_with("the game changed on disk"),
        "{}",
        r.text()
    );
    assert_eq!(
        std::fs::read(&file).unwrap(),
        before,
        "refused marks write nothing"
    );
    let r = s.get("/api/games/g.toml/odds?a=a1&b=zz");
    assert_eq!(r.status, 400);
    let r = s.get("/api/games/g.toml/odds?a=a1&b=b1&range=far");
    assert_eq!(
        (r.status, r.json()["error"].as_str().unwrap()),
        (400, "range=far: one of short, medium, long")
    );
    let r = s.get("/api/games/nope.toml/score");
    assert_eq!(
        (r.status, r.json()["error"].as_str().unwrap()),
        (404, "no game `nope.toml` in the games directory")
    );
}

/// A new list refused with every field's problem at once, the file name's among them (at its
/// own key, `file`, with a kind the page words), and nothing written.
#[test]
fn a_new_list_is_refused_with_every_fields_problem() {
    let s = Server::start();
    let kinds = |r: &Reply| -> Vec<(String, String)> {
        let mut v: Vec<(String, String)> = r.json()["fields"]
            .as_object()
            .unwrap_or_else(|| panic!("no fields: {}", r.text()))
            .iter()
            .map(|(k, p)| (k.clone(), p["kind"].as_str().unwrap().to_owned()))
            .collect();
        v.sort();
        v
    };
    let pairs = |v: &[(&str, &str)]| -> Vec<(String, String)> {
        v.iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect()
    };
    // An empty form: the file, the name and the ruleset's required fields.
    let r = s.send(
        "POST",
        "/api/lists",
        &[],
        br#"{"name": "", "ruleset": "capitan", "title": ""}"#,
    );
    assert_eq!(r.status, 400, "{}", r.text());
    assert_eq!(
        kinds(&r),
        pairs(&[
            ("campaign", "missing"),
            ("coalition", "missing"),
            ("file", "missing"),
            ("name", "missing"),
            ("points", "missing"),
        ])
    );
    // A list's name typed where its file's goes: not a file name, said with the rest.
    let r = s.send(
        "POST",
        "/api/lists",
        &[],
        br#"{"name": "My Light Bobs", "ruleset": "capitan", "title": "My Light Bobs", "coalition": "allies", "campaign": "peninsula"}"#,
    );
    assert_eq!(r.status, 400, "{}", r.text());
    assert_eq!(
        kinds(&r),
        pairs(&[("file", "file-name"), ("points", "missing")])
    );
    // A file that is there already: 409, with the other problems.
    let before = std::fs::read(s.list("sharpe-patrol.toml")).unwrap();
    let r = s.send(
        "POST",
        "/api/lists",
        &[],
        br#"{"name": "sharpe-patrol.toml", "ruleset": "capitan", "title": "x", "points": 0}"#,
    );
    assert_eq!(r.status, 409, "{}", r.text());
    assert_eq!(
        kinds(&r),
        pairs(&[
            ("campaign", "missing"),
            ("coalition", "missing"),
            ("file", "exists"),
            ("points", "out-of-bounds"),
        ])
    );
    assert_eq!(std::fs::read(s.list("sharpe-patrol.toml")).unwrap(), before);
    // Only the ruleset's problems: 422, as before.
    let r = s.send(
        "POST",
        "/api/lists",
        &[],
        br#"{"name": "fine.toml", "ruleset": "capitan", "title": "Fine"}"#,
    );
    assert_eq!(r.status, 422, "{}", r.text());
    assert!(!kinds(&r).iter().any(|(k, _)| k == "file"));
    assert!(!s.list("fine.toml").exists());
}

/// The builder's view of a list gives each diagnostic what to do about it and its rule,
/// apart from its sentence, quoted for a player (no backticks).
#[test]
fn a_diagnostics_help_and_rule_in_the_view() {
    let s = Server::start();
    std::fs::write(
        s.list("typo.toml"),
        "[list]\nname = \"Typo\"\nruleset = \"capitan\"\ncoalition = \"allies\"\ncampaign = \"peninsula\"\npoints = 600\n\n[[units]]\nsheet = \"gb-95th-riflemen\"\nfigures = 6\nskills = [\"tireur-expret\"]\n",
    )
    .unwrap();
    let view = s.get("/api/lists/typo.toml?lang=en").json();
    let said = view["said"].as_array().unwrap();
    let skill = said
        .iter()
        .find(|d| d["code"] == "unknown-skill")
        .unwrap_or_else(|| panic!("{view}"));
    assert_eq!(
        skill["help"],
        serde_json::json!(["did you mean “tireur-expert”?"])
    );
    assert_eq!(skill["rule"], "skills are those of §11 (Capitán §11)");
    let command = said.iter().find(|d| d["code"] == "no-command").unwrap();
    assert_eq!(
        command["help"],
        serde_json::json!([
            "add an officer (a command unit): without one, each unit is activated on its own"
        ])
    );
    assert_eq!(
        command["rule"],
        "command units activate the troops under their orders (Capitán §3.2-5, §4)"
    );
    // The notes stay as the CLI gives them, for scripts.
    assert_eq!(
        skill["notes"],
        serde_json::json!([
            "rule: skills are those of §11 (Capitán §11)",
            "help: did you mean `tireur-expert`?"
        ])
    );
}

/// The pages' small text, in CSS pixels: app.css's `.small { font-size: …rem }` of the
/// browser's 16 px.
fn small_text_px() -> f64 {
    let css = std::fs::read_to_string(root().join("templates/web/app.css")).unwrap();
    let rule = css
        .split(".small {")
        .nth(1)
        .expect("app.css has a .small rule");
    let size = rule
        .split("font-size:")
        .nth(1)
        .and_then(|r| r.split("rem").next())
        .expect(".small sets a font-size in rem");
    size.trim().parse::<f64>().unwrap() * 16.0
}

/// Every `font-size` an SVG sets, the root's too.
fn font_sizes(svg: &str) -> Vec<f64> {
    svg.split("font-size=\"")
        .skip(1)
        .map(|r| r.split('"').next().unwrap().parse::<f64>().unwrap())
        .collect()
}

/// A duel's chart as the pages show it: drawn as wide as the page asks (`chart=`, the width it
/// is shown at), every text at the pages' small size or larger, whatever the width; the
/// command line's `--plot` too. A width outside those a chart is drawn at is refused.
#[test]
fn duel_charts_set_their_text_no_smaller_than_the_pages_small_text() {
    let small = small_text_px();
    assert!((13.0..=16.0).contains(&small), "{small}");
    let s = Server::start();
    for (list, unit, other, enemy) in [
        ("sharpe-patrol.toml", 3, "voltigeurs-hussars.toml", 3),
        ("wab-france-1809.toml", 5, "wab-russia-1812.toml", 5),
    ] {
        for width in [240, 318, 560, 1200] {
            let r = s.get(&format!(
                "/api/lists/{list}/duel?against={other}&unit={unit}&enemy={enemy}&chart={width}"
            ));
            assert_eq!(r.status, 200, "{}", r.text());
            for duel in r.json()["duels"].as_array().unwrap() {
                let Some(svg) = duel["svg"].as_str() else {
                    continue;
                };
                assert!(
                    svg.starts_with(&format!(
                        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" "
                    )),
                    "{list} at {width}: {}",
                    &svg[..120]
                );
                let sizes = font_sizes(svg);
                assert!(sizes.len() > 5, "{svg}");
                assert!(
                    sizes.iter().all(|&px| px >= small),
                    "{list} at {width}: text under {small} px: {sizes:?}"
                );
            }
        }
    }
    for bad in ["10", "5000", "wide"] {
        let r = s.get(&format!(
            "/api/lists/sharpe-patrol.toml/duel?against=voltigeurs-hussars.toml&unit=1&enemy=1&chart={bad}"
        ));
        assert_eq!(r.status, 400, "{bad}");
        assert!(
            r.json()["error"]
                .as_str()
                .unwrap()
                .starts_with("chart= is the width a chart is shown at, 240 to 1200 CSS pixels"),
            "{}",
            r.text()
        );
    }
    // The command line's chart, 720 wide.
    let plot = s.dir.path().join("chart.svg");
    let arg = format!("--plot={}", plot.display());
    cli(
        s.dir.path(),
        &[
            "preview",
            "fire",
            "--shooter",
            "sharpe-patrol.toml:3",
            "--target",
            "voltigeurs-hussars.toml:3",
            "--range",
            "short",
            &arg,
        ],
    );
    let svg = std::fs::read_to_string(&plot).unwrap();
    assert!(svg.contains(" width=\"720\" "), "{svg}");
    assert!(font_sizes(&svg).iter().all(|&px| px >= small), "{svg}");
}

/// The sheet editor's help is written for players, in each language the ruleset offers: no
/// file name, no key or code, no `null`, and not the English of another page.
#[test]
fn the_editors_help_is_written_for_players_in_each_language() {
    let s = Server::start();
    for ruleset in ["capitan", "wab-aca", "hm-qrs", "thucydide"] {
        let mut english = Vec::new();
        let languages = s.get(&format!("/api/sheets/form?ruleset={ruleset}")).json()["languages"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l.as_str().unwrap().to_owned())
            .collect::<Vec<_>>();
        assert!(languages.len() >= 2, "{ruleset}: {languages:?}");
        // English first, to compare the others with.
        let mut languages: Vec<&str> = languages.iter().map(String::as_str).collect();
        languages.sort_by_key(|l| *l != "en");
        for lang in languages {
            let v = s
                .get(&format!("/api/sheets/form?ruleset={ruleset}&lang={lang}"))
                .json();
            let helps: Vec<(String, String)> = v["form"]["fields"]
                .as_array()
                .unwrap()
                .iter()
                .filter_map(|f| {
                    Some((
                        f["key"].as_str()?.to_owned(),
                        f["help"].as_str()?.to_owned(),
                    ))
                })
                .collect();
            assert!(helps.len() >= 9, "{ruleset} {lang}: {helps:?}");
            for (key, help) in &helps {
                for bad in [".toml", "`", "null", "_", " id "] {
                    assert!(!help.contains(bad), "{ruleset} {lang} {key}: {help}");
                }
            }
            if lang == "en" {
                english = helps;
            } else {
                for (key, help) in &helps {
                    let en = english.iter().find(|(k, _)| k == key);
                    assert!(
                        en.is_none_or(|(_, e)| e != help),
                        "{ruleset} {lang} {key} is the English: {help}"
                    );
                }
            }
        }
    }
}

/// The game page gives no chance of what has already happened (issue 38: "The target routs
/// 0 %" for a target already routed): once b2 is marked routed, the fire at it and the charge
/// on it say no chance of its routing, which they said before.
#[test]
fn the_game_pages_odds_give_no_chance_of_a_rout_already_done() {
    let s = Server::start();
    let r = s.send(
        "POST",
        "/api/games",
        &[("Content-Type", "application/json")],
        br#"{"name":"g.toml","a":"sharpe-patrol.toml","b":"voltigeurs-hussars.toml"}"#,
    );
    assert_eq!(r.status, 201, "{}", r.text());
    let version = r.json()["version"].as_str().unwrap().to_owned();
    let routs = || -> Vec<String> {
        let r = s.get("/api/games/g.toml/odds?a=a2&b=b2&lang=en");
        assert_eq!(r.status, 200, "{}", r.text());
        r.json()["duels"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|d| d["headline"].as_array().cloned().unwrap_or_default())
            .map(|h| h["label"].as_str().unwrap().to_owned())
            .filter(|l| l == "The target routs" || l.starts_with("Courage doubled"))
            .collect()
    };
    assert!(!routs().is_empty(), "before the mark, b2 may rout");
    let r = s.send(
        "POST",
        "/api/games/g.toml/mark",
        &[("Content-Type", "application/json"), ("If-Match", &version)],
        br#"{"unit":"b2","state":"routed","on":true}"#,
    );
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(routs(), Vec::<String>::new());
}

/// A duel's text in full ("in full" under its chart) is said in the page's language, as
/// `muster preview --lang` says it: it was English on French and Spanish pages.
#[test]
fn a_duels_text_in_full_is_in_the_pages_language() {
    let s = Server::start();
    let r = s.send(
        "POST",
        "/api/games",
        &[("Content-Type", "application/json")],
        br#"{"name":"g.toml","a":"sharpe-patrol.toml","b":"voltigeurs-hussars.toml"}"#,
    );
    assert_eq!(r.status, 201, "{}", r.text());
    let texts = |lang: &str| -> Vec<String> {
        let r = s.get(&format!("/api/games/g.toml/odds?a=a3&b=b2&lang={lang}"));
        assert_eq!(r.status, 200, "{}", r.text());
        r.json()["duels"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|d| d["refused"].is_null())
            .map(|d| d["text"].as_str().unwrap().to_owned())
            .collect()
    };
    let fr = texts("fr");
    assert!(
        fr.iter().any(|t| t.starts_with("Tir : ")),
        "no French fire: {fr:?}"
    );
    assert!(fr.iter().all(|t| !t.contains("casualties")), "{fr:?}");
    let en = texts("en");
    assert!(en.iter().any(|t| t.starts_with("Fire: ")), "{en:?}");
}

/// `--host` on a loopback address other than 127.0.0.1 (127.0.0.2): the page is where the
/// server says it is, and answers there. It printed http://127.0.0.1:…, where nothing
/// listened, and refused its own address with 403 ("not this server's address").
#[test]
fn a_server_on_another_loopback_address_answers_there() {
    struct Killed(Child);
    impl Drop for Killed {
        fn drop(&mut self) {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }
    let dir = tempfile::tempdir().unwrap();
    let mut child = Killed(
        Command::new(env!("CARGO_BIN_EXE_muster"))
            .args(["serve", "--host", "127.0.0.2", "--port", "0", "--lists"])
            .arg(dir.path())
            .current_dir(dir.path())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("muster serve starts"),
    );
    let mut line = String::new();
    BufReader::new(child.0.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let port: u16 = line
        .split("http://127.0.0.2:")
        .nth(1)
        .and_then(|r| r.split('/').next())
        .and_then(|p| p.parse().ok())
        .unwrap_or_else(|| panic!("not at 127.0.0.2: {line:?}"));
    let mut s = TcpStream::connect(("127.0.0.2", port)).unwrap();
    s.write_all(
        format!("GET / HTTP/1.1\r\nHost: 127.0.0.2:{port}\r\nConnection: close\r\n\r\n").as_bytes(),
    )
    .unwrap();
    let mut raw = String::new();
    let _ = s.read_to_string(&mut raw);
    assert!(
        raw.starts_with("HTTP/1.1 200"),
        "{}",
        raw.lines().next().unwrap_or("")
    );
}

/// An edit's answer sends the picker's offers again only when they changed from those the
/// page holds (named by their tag): otherwise how many of each the list takes, and the
/// page's offers patched with them are the offers a page opened afresh reads. A tag the
/// server does not hold, or offers that changed (another language), are answered whole.
#[test]
fn an_edits_answer_sends_only_the_offers_counts_the_page_lacks() {
    let s = Server::start();
    let name = "sharpe-patrol.toml";
    s.list(name);
    let opened = s.get(&format!("/api/lists/{name}?lang=en")).json();
    let tag = opened["offers_tag"].as_str().expect("a tag").to_owned();
    assert!(
        opened["taken"].is_null(),
        "a page opened gets the offers whole"
    );
    let mut held = opened["offers"].clone();
    let riflemen = held["offers"]
        .as_array()
        .unwrap()
        .iter()
        .position(|o| o["id"] == "gb-95th-riflemen")
        .expect("the riflemen offered");
    let before = held["offers"][riflemen]["taken"].as_u64().unwrap();
    let add = br#"{"op": "add", "id": "gb-95th-riflemen", "figures": 8}"#;
    let r = s.send(
        "POST",
        &format!("/api/lists/{name}/edit?lang=en&offers={tag}"),
        &[("If-Match", opened["version"].as_str().unwrap())],
        add,
    );
    assert_eq!(r.status, 200, "{}", r.text());
    let view = r.json();
    assert!(view["offers"].is_null(), "held offers not sent again");
    assert_eq!(view["offers_tag"], tag.as_str());
    let taken = view["taken"].as_array().expect("the counts");
    assert_eq!(taken.len(), held["offers"].as_array().unwrap().len());
    assert_eq!(taken[riflemen], before + 1);
    for (o, n) in held["offers"].as_array_mut().unwrap().iter_mut().zip(taken) {
        o["taken"] = n.clone();
    }
    let fresh = s.get(&format!("/api/lists/{name}?lang=en")).json();
    assert_eq!(fresh["version"], view["version"]);
    assert_eq!(
        held, fresh["offers"],
        "the held offers patched are a fresh page's"
    );
    // A replacement of the text names the tag too: counts only.
    let toml = fresh["toml"].as_str().unwrap();
    let r = s.send(
        "PUT",
        &format!("/api/lists/{name}?lang=en&offers={tag}"),
        &[("If-Match", fresh["version"].as_str().unwrap())],
        format!("{toml}\n# kept\n").as_bytes(),
    );
    assert_eq!(r.status, 200, "{}", r.text());
    assert!(r.json()["offers"].is_null() && r.json()["taken"].is_array());
    // A tag the server never gave, and the offers of another language: whole again.
    let mut version = r.json()["version"].as_str().unwrap().to_owned();
    for (lang, asked) in [("en", "987654321"), ("fr", tag.as_str())] {
        let r = s.send(
            "POST",
            &format!("/api/lists/{name}/edit?lang={lang}&offers={asked}"),
            &[("If-Match", &version)],
            br#"{"op": "move", "unit": 1, "to": 2}"#,
        );
        assert_eq!(r.status, 200, "{lang}: {}", r.text());
        let view = r.json();
        assert!(view["offers"]["offers"].is_array(), "{lang}: whole offers");
        assert!(view["taken"].is_null());
        assert_ne!(view["offers_tag"], asked, "{lang}: a new tag");
        version = view["version"].as_str().unwrap().to_owned();
    }
}
