//! `muster serve` sees the data as they are on disk: a sheet written, changed or removed in
//! the player's folder (made after the server started) by the command line or a text editor
//! is seen by the next request, without a restart.

use crate::muster_in;
use crate::root;
use crate::serve::Server;

/// `muster ARGS` in the server's working folder, on the data it serves.
fn cli(s: &Server, args: &[&str]) {
    let data = root().join("unit-sheets");
    let mut full = vec!["--data", data.to_str().unwrap()];
    full.extend_from_slice(args);
    let run = muster_in(s.dir.path(), &full, &[]);
    assert_eq!(run.code, 0, "muster {args:?}: {}", run.stderr);
}

/// Replaces `old` by `new` in the file at `path` (as a text editor would save it).
fn change(path: &std::path::Path, old: &str, new: &str) {
    let text = std::fs::read_to_string(path).unwrap();
    assert!(text.contains(old), "{old:?} in {text}");
    std::fs::write(path, text.replacen(old, new, 1)).unwrap();
}

/// The player's copy of gb-43rd-light (`muster sheets new`, into my-sheets/), then its cost
/// changed from 19 to 23 points in a text editor; its file.
fn own_light_at_23(s: &Server) -> std::path::PathBuf {
    cli(
        s,
        &["sheets", "new", "gb-43rd-light", "--from", "gb-43rd-light"],
    );
    let sheet = s
        .dir
        .path()
        .join("my-sheets/capitan/sheets/gb-43rd-light.toml");
    change(&sheet, "points = 19", "points = 23");
    sheet
}

/// The ids `GET /api/sheets` lists.
fn sheet_ids(s: &Server) -> Vec<String> {
    let r = s.get("/api/sheets?ruleset=capitan");
    assert_eq!(r.status, 200, "{}", r.text());
    r.json()
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x["id"].as_str().unwrap().to_owned())
        .collect()
}

#[test]
fn a_sheet_changed_on_disk_reprices_the_list_at_the_next_request() {
    let s = Server::start();
    // A list whose unit records what it was priced with (the builder's add does).
    let new = br#"{"name": "light.toml", "ruleset": "capitan", "title": "Light", "points": 600, "coalition": "allies", "campaign": "peninsula"}"#;
    let r = s.send("POST", "/api/lists", &[], new);
    assert_eq!(r.status, 201, "{}", r.text());
    let version = r.json()["version"].as_str().unwrap().to_owned();
    let add = br#"{"op": "add", "id": "gb-43rd-light", "figures": 6}"#;
    let r = s.send(
        "POST",
        "/api/lists/light.toml/edit",
        &[("If-Match", &version)],
        add,
    );
    assert_eq!(r.status, 200, "{}", r.text());
    let view = s.get("/api/lists/light.toml").json();
    assert_eq!(view["check"]["total"], 114, "{view}");
    assert_eq!(view["data_changes"], serde_json::json!([]));

    // The player's copy of the sheet, in a folder made after the server started, then its
    // cost changed in a text editor: the next view prices the unit with it and says so.
    assert!(!s.dir.path().join("my-sheets").exists());
    let sheet = own_light_at_23(&s);
    let view = s.get("/api/lists/light.toml").json();
    assert_eq!(view["check"]["total"], 138, "{view}");
    assert_eq!(view["units"][0]["cost"], 138, "{view}");
    assert_eq!(
        view["data_changes"][0]["cost"],
        serde_json::json!([114, 138])
    );
    assert_eq!(view["data_changes"][0]["words"], "114 → 138 points");
    assert!(
        view["check"]["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .any(|d| d["code"] == "data-changed"),
        "{view}"
    );
    // Changed again at once, to a value of the same length: seen too.
    change(&sheet, "points = 23", "points = 21");
    let view = s.get("/api/lists/light.toml").json();
    assert_eq!(view["check"]["total"], 126, "{view}");
    // The check says the same as the view.
    let text = std::fs::read(s.list("light.toml")).unwrap();
    let r = s.send("POST", "/api/check?name=light.toml", &[], &text);
    assert_eq!(r.json()["total"], 126, "{}", r.text());
    // The sheet removed: the shipped one prices it again, as recorded.
    std::fs::remove_file(&sheet).unwrap();
    let view = s.get("/api/lists/light.toml").json();
    assert_eq!(view["check"]["total"], 114, "{view}");
    assert_eq!(view["data_changes"], serde_json::json!([]));
}

#[test]
fn a_sheet_added_or_removed_on_disk_is_in_the_picker_at_the_next_request() {
    let s = Server::start();
    assert!(!sheet_ids(&s).contains(&"my-scout".to_owned()));
    cli(
        &s,
        &["sheets", "new", "my-scout", "--from", "gb-95th-harper"],
    );
    assert!(
        sheet_ids(&s).contains(&"my-scout".to_owned()),
        "a sheet added from the command line is offered"
    );
    // A second one, written by hand beside it.
    let folder = s.dir.path().join("my-sheets/capitan/sheets");
    let text = std::fs::read_to_string(folder.join("my-scout.toml")).unwrap();
    std::fs::write(
        folder.join("my-other.toml"),
        text.replace("id = \"my-scout\"", "id = \"my-other\""),
    )
    .unwrap();
    let ids = sheet_ids(&s);
    assert!(
        ids.contains(&"my-other".to_owned()) && ids.contains(&"my-scout".to_owned()),
        "{ids:?}"
    );
    std::fs::remove_file(folder.join("my-scout.toml")).unwrap();
    let ids = sheet_ids(&s);
    assert!(
        !ids.contains(&"my-scout".to_owned()),
        "a sheet removed is gone: {ids:?}"
    );
    assert!(ids.contains(&"my-other".to_owned()), "{ids:?}");
    // The picker of a list too.
    let offers = s.get("/api/lists/sharpe-patrol.toml/offers").json();
    let offered: Vec<&str> = offers["offers"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|o| o["id"].as_str())
        .collect();
    assert!(offered.contains(&"my-other") && !offered.contains(&"my-scout"));
}

/// The cost the offers (`GET …/offers`, or a view's `offers`) say of the sheet `id`.
fn offered_cost(offers: &serde_json::Value, id: &str) -> String {
    let offer = offers["offers"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["id"] == id)
        .unwrap_or_else(|| panic!("{id} offered: {offers}"));
    offer["cost"].as_str().unwrap().to_owned()
}

/// The picker's offers of a list follow the data on disk: the offers worked out once for a
/// list's context are kept with the data they were worked out over, never served once a
/// sheet changed.
#[test]
fn the_pickers_offers_follow_a_sheet_changed_on_disk() {
    let s = Server::start();
    let asked = |s: &Server| {
        let offers = s.get("/api/lists/sharpe-patrol.toml/offers").json();
        let view = s.get("/api/lists/sharpe-patrol.toml").json();
        (
            offered_cost(&offers, "gb-43rd-light"),
            offered_cost(&view["offers"], "gb-43rd-light"),
        )
    };
    // Asked twice: the second time read from those kept.
    for _ in 0..2 {
        let (offers, view) = asked(&s);
        assert!(
            offers.starts_with("19 ") && view == offers,
            "{offers} {view}"
        );
    }
    own_light_at_23(&s);
    let (offers, view) = asked(&s);
    assert!(
        offers.starts_with("23 ") && view == offers,
        "{offers} {view}"
    );
}
