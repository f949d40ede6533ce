//! `muster serve --lan` (issue 26): a browser pairs once with the token URL printed at start
//! and keeps a session cookie; every other request without it is refused (401, a page in the
//! browser's language); Host names this machine or a name it was given (403 otherwise); the
//! token is printed once and never again, in no page and in no redirect; the QR code printed
//! in the terminal reads back to the pairing URL.

use crate::serve::{Reply, Server};
use crate::{muster, root};

fn no_token(s: &Server, r: &Reply) {
    let token = s.token();
    assert!(
        !r.text().contains(&token),
        "the token in a body: {}",
        r.text()
    );
    for (k, v) in &r.headers {
        assert!(!v.contains(&token), "the token in a header: {k}: {v}");
    }
}

#[test]
fn a_browser_pairs_once_and_every_other_request_is_refused() {
    let mut s = Server::start_lan(&["--name", "phone.test"]);
    let token = s.token();
    assert_eq!(token.len(), 22, "128 bits in URL-safe base64: {token}");
    assert!(
        s.first_line.starts_with(&format!(
            "muster serve: http://127.0.0.1:{}/pair?token={token} (lists in ",
            s.port
        )),
        "{}",
        s.first_line
    );
    let phone_host = format!("phone.test:{}", s.port);
    let phone = [("Host", phone_host.as_str())];

    // No session: pages, API and assets refused, the page in the browser's language.
    for path in [
        "/",
        "/games/x.toml",
        "/lists/sharpe-patrol.toml",
        "/assets/common.js",
    ] {
        let r = s.send("GET", path, &phone, b"");
        assert_eq!(r.status, 401, "{path}");
        assert_eq!(r.header("content-type"), Some("text/html; charset=utf-8"));
        assert!(
            r.text()
                .contains("<h1>Scan the code shown on the laptop</h1>"),
            "{}",
            r.text()
        );
        assert!(
            !r.text().contains("refresh"),
            "no retry asked for: {}",
            r.text()
        );
        no_token(&s, &r);
    }
    for (accept, lang, words) in [
        (
            "fr-FR,fr;q=0.9,en;q=0.8",
            "fr",
            "Scannez le code affiché sur l'ordinateur",
        ),
        (
            "de-DE,es;q=0.7",
            "es",
            "Escanea el código que muestra el ordenador",
        ),
    ] {
        let r = s.send("GET", "/", &[phone[0], ("Accept-Language", accept)], b"");
        assert_eq!(r.status, 401);
        assert!(
            r.text().contains(&format!("<html lang=\"{lang}\">")),
            "{}",
            r.text()
        );
        assert!(r.text().contains(words), "{}", r.text());
    }
    let r = s.send("GET", "/api/lists", &phone, b"");
    assert_eq!(r.status, 401);
    assert_eq!(
        r.json()["error"],
        "This browser is not paired with muster: scan the code shown on the laptop."
    );
    let r = s.send("POST", "/api/games", &phone, b"{}");
    assert_eq!(r.status, 401);
    // A navigation from another site: the page asks once more from itself (where a browser
    // that paired sends its SameSite=Strict cookie).
    let r = s.send(
        "GET",
        "/",
        &[
            phone[0],
            ("Sec-Fetch-Site", "cross-site"),
            ("Sec-Fetch-Mode", "navigate"),
        ],
        b"",
    );
    assert_eq!(r.status, 401);
    assert!(
        r.text()
            .contains("<meta http-equiv=\"refresh\" content=\"0\">"),
        "{}",
        r.text()
    );

    // What a browser fetches without cookies: the manifest and the icons.
    let r = s.send("GET", "/manifest.webmanifest", &phone, b"");
    assert_eq!(r.status, 200);
    assert_eq!(r.header("content-type"), Some("application/manifest+json"));
    let m = r.json();
    assert_eq!(
        (
            m["name"].as_str(),
            m["start_url"].as_str(),
            m["display"].as_str()
        ),
        (Some("muster"), Some("/"), Some("standalone"))
    );
    for icon in m["icons"].as_array().unwrap() {
        let r = s.send("GET", icon["src"].as_str().unwrap(), &phone, b"");
        assert_eq!(r.status, 200, "{icon}");
        assert_eq!(r.header("content-type"), icon["type"].as_str());
        if let Some((w, _)) = icon["sizes"].as_str().unwrap().split_once('x') {
            // A PNG of the size said: its header's width.
            assert_eq!(&r.body[..8], b"\x89PNG\r\n\x1a\n");
            let width = u32::from_be_bytes(r.body[16..20].try_into().unwrap());
            assert_eq!(width.to_string(), w);
        }
    }

    // Wrong tokens: 401, no cookie, the page says the code is not this muster's.
    for bad in [
        "/pair".to_owned(),
        "/pair?token=".to_owned(),
        "/pair?token=AAAAAAAAAAAAAAAAAAAAAA".to_owned(),
        format!("/pair?token={}", &token[..21]),
        format!("/pair?token={token}x"),
        format!("/pair?tokens={token}"),
    ] {
        let r = s.send("GET", &bad, &phone, b"");
        assert_eq!(r.status, 401, "{bad}");
        assert!(r.header("set-cookie").is_none(), "{bad}");
        assert!(
            r.text()
                .contains("This code is not the one muster shows now"),
            "{}",
            r.text()
        );
        no_token(&s, &r);
    }

    // The token: a session cookie, HttpOnly and SameSite=Strict, and a redirect without it.
    let r = s.send("GET", &format!("/pair?token={token}"), &phone, b"");
    assert_eq!(r.status, 303, "{}", r.text());
    assert_eq!(r.header("location"), Some("/"));
    let set = r.header("set-cookie").unwrap().to_owned();
    let attributes: Vec<&str> = set.split("; ").skip(1).collect();
    assert_eq!(
        attributes,
        ["Path=/", "HttpOnly", "SameSite=Strict"],
        "{set}"
    );
    let cookie = set.split(';').next().unwrap().to_owned();
    assert!(
        cookie.starts_with(&format!("muster-{}=", s.port)),
        "{cookie}"
    );
    no_token(&s, &r);
    s.cookie = Some(cookie.clone());
    for path in [
        "/",
        "/games/x.toml",
        "/assets/common.js",
        "/assets/labels.json",
        "/api/lists",
        "/api/games",
    ] {
        let r = s.send("GET", path, &phone, b"");
        assert!(
            r.status == 200 || path.starts_with("/games/"),
            "{path}: {} {}",
            r.status,
            r.text()
        );
        no_token(&s, &r);
    }
    let r = s.send("GET", "/", &phone, b"");
    assert!(r
        .text()
        .contains("<link rel=\"manifest\" href=\"/manifest.webmanifest\">"));
    assert!(r
        .text()
        .contains("<meta name=\"theme-color\" content=\"#2b3a55\">"));
    // The same session from the desktop's address; a made-up one is none.
    assert_eq!(s.get("/api/lists").status, 200);
    let forged = format!("muster-{}=AAAAAAAAAAAAAAAAAAAAAA", s.port);
    assert_eq!(
        s.send("GET", "/api/lists", &[("Cookie", &forged)], b"")
            .status,
        401
    );
    let as_token = format!("muster-{}={token}", s.port);
    assert_eq!(
        s.send("GET", "/api/lists", &[("Cookie", &as_token)], b"")
            .status,
        401
    );

    // The codes for the phones: on the desktop's own page only, never a phone's.
    let r = s.send("GET", "/api/pairing", &phone, b"");
    assert_eq!(r.status, 403, "{}", r.text());
    no_token(&s, &r);
    let r = s.get("/api/pairing");
    assert_eq!(r.status, 200, "{}", r.text());
    for a in r.json()["addresses"].as_array().unwrap() {
        let origin = a["origin"].as_str().unwrap();
        assert!(
            origin.starts_with("http://") && origin.ends_with(&format!(":{}", s.port)),
            "{origin}"
        );
        assert!(a["svg"].as_str().unwrap().starts_with("<svg "));
    }
    assert_eq!(
        s.send("GET", "/api/pairing", &[("Cookie", "")], b"").status,
        401
    );

    // Host: this machine's addresses, the names given, loopback; nothing else, session or not
    // (DNS rebinding).
    for host in [
        "evil.example",
        &format!("evil.example:{}", s.port),
        "phone.test",
        "phone.test:1",
        "127.0.0.1",
    ] {
        let r = s.send("GET", "/api/lists", &[("Host", host)], b"");
        assert_eq!(r.status, 403, "{host}");
        assert!(
            r.text().contains("not this server's address"),
            "{}",
            r.text()
        );
        let r = s.send(
            "GET",
            &format!("/pair?token={token}"),
            &[("Host", host)],
            b"",
        );
        assert_eq!(r.status, 403, "{host}");
        no_token(&s, &r);
    }
    for host in [
        format!("localhost:{}", s.port),
        format!("PHONE.test:{}", s.port),
    ] {
        assert_eq!(
            s.send("GET", "/api/lists", &[("Host", &host)], b"").status,
            200,
            "{host}"
        );
    }
    // Origin: the same names.
    let r = s.send(
        "POST",
        "/api/check",
        &[phone[0], ("Origin", "http://evil.example")],
        b"",
    );
    assert_eq!(r.status, 403);
    let origin = format!("http://phone.test:{}", s.port);
    let list = std::fs::read(root().join("lists/sharpe-patrol.toml")).unwrap();
    let r = s.send(
        "POST",
        "/api/check",
        &[phone[0], ("Origin", &origin)],
        &list,
    );
    assert_eq!(r.status, 200, "{}", r.text());

    // The token was printed in the start lines only: stdout after them holds nothing, stderr
    // never had it.
    let port = s.port;
    let (code, out, err) = s.stop_all();
    assert_eq!(code, Some(0), "{err}");
    assert!(!err.contains(&token), "{err}");
    let mut lines = out.lines();
    assert!(lines.next().unwrap().starts_with("Pairing: "), "{out}");
    let mut urls = 0;
    for line in lines {
        if let Some(url) = line.strip_prefix("On a phone on this network, scan the code or open ") {
            assert!(
                url.starts_with("http://") && url.ends_with(&format!(":{port}/pair?token={token}")),
                "{url}"
            );
            urls += 1;
        } else if !line.starts_with("This computer has no network address yet") {
            assert!(
                line.chars().all(|c| "█▀▄ ".contains(c)),
                "a line after the start: {line:?}"
            );
        }
    }
    assert_eq!(out.matches(&token).count(), urls, "{out}");
}

/// Each address printed comes with its QR code in half blocks, and a real QR decoder reads
/// the code back to the address printed above it.
#[test]
fn the_terminal_qr_code_reads_back_to_the_pairing_url() {
    let s = Server::start_lan(&[]);
    let token = s.token();
    let (_, out, _) = s.stop_all();
    let mut codes: Vec<(String, Vec<String>)> = Vec::new();
    for line in out.lines().skip(1) {
        if let Some(url) = line.strip_prefix("On a phone on this network, scan the code or open ") {
            codes.push((url.to_owned(), Vec::new()));
        } else if let Some((_, rows)) = codes.last_mut() {
            rows.push(line.to_owned());
        }
    }
    if codes.is_empty() {
        // A machine on no network: said so.
        assert!(
            out.contains("This computer has no network address yet"),
            "{out}"
        );
        return;
    }
    for (url, rows) in codes {
        assert!(url.ends_with(&format!("/pair?token={token}")), "{url}");
        assert!(
            !url.contains("127.0.0.1") && !url.contains("[::1]"),
            "{url}"
        );
        let drawing = rows.join("\n");
        let modules = muster::render::qr::read_half_blocks(&drawing).unwrap();
        // A terminal cell is about twice as tall as wide: each module 4 pixels wide, a
        // half-block row 8 pixels tall (4 each half).
        let (w, h) = (modules[0].len() * 4, modules.len() * 4);
        let mut img = rqrr::PreparedImage::prepare_from_greyscale(w, h, |x, y| {
            if modules[y / 4][x / 4] {
                0
            } else {
                255
            }
        });
        let grids = img.detect_grids();
        assert_eq!(grids.len(), 1, "{drawing}");
        assert_eq!(grids[0].decode().unwrap().1, url);
    }
}

/// What cannot be: a clear message, exit 2.
#[test]
fn lan_and_names_refuse_what_cannot_be() {
    let r = muster(&["serve", "--lan", "--host", "127.0.0.1", "--port", "0"]);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert_eq!(
        r.stderr,
        "error: --lan listens on the network, --host 127.0.0.1 on this computer only: give one of them\n"
    );
    for name in [
        "laptop.local:8808",
        "http://laptop.local",
        "",
        ".local",
        "a b",
    ] {
        let r = muster(&["serve", "--lan", "--name", name, "--port", "0"]);
        assert_eq!(r.code, 2, "{name}: {}", r.stderr);
        assert!(
            r.stderr
                .contains("a host name is letters, digits, `-` and `.`"),
            "{}",
            r.stderr
        );
    }
}
