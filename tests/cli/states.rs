//! Every state and modifier a rulebook names reaches the probability it changes, in every
//! procedure of every ruleset: a table of cases, each the same preview without and with one
//! state, and the numbers of its JSON output that must differ (so a state that reached only
//! the break test, not the roll to hit, fails here). The table must name every flag a
//! procedure declares: a new flag without a case fails too.

use muster::rulesets::procedure::Kind;
use muster::rulesets::Ruleset;

use crate::{json, muster};

struct Case {
    ruleset: &'static str,
    procedure: &'static str,
    without: &'static [&'static str],
    with: &'static [&'static str],
    /// JSON pointers that must differ between the two.
    changes: &'static [&'static str],
}

const fn case(
    ruleset: &'static str,
    procedure: &'static str,
    without: &'static [&'static str],
    with: &'static [&'static str],
    changes: &'static [&'static str],
) -> Case {
    Case {
        ruleset,
        procedure,
        without,
        with,
        changes,
    }
}

const RIFLES: &[&str] = &[
    "--shooter",
    "gb-95th-riflemen:8",
    "--target",
    "fr-47e-fusiliers:10",
    "--range",
    "medium",
];
const HUSSARS: &[&str] = &["--a", "fr-1er-hussards:6", "--b", "gb-45th-line:10"];
const HUSSARS_CHARGING: &[&str] = &[
    "--a",
    "fr-1er-hussards:6",
    "--a-charges",
    "--b",
    "gb-45th-line:10",
];
const LINE_V_HUSSARS: &[&str] = &["--a", "gb-45th-line:10", "--b", "fr-1er-hussards:6"];
const CHARGE: &[&str] = &["--charger", "fr-47e-fusiliers", "--target", "gb-45th-line"];
const GUN: &[&str] = &[
    "--gun",
    "fr-foot-battery-8",
    "--ammo",
    "roundshot",
    "--range",
    "effective",
    "--under",
    "3",
];
const WAB_FIGHT: &[&str] = &[
    "--attacker",
    "fr-line-fusiliers:24",
    "--defender",
    "ru-musketeers:24",
];
const WAB_VETERANS: &[&str] = &[
    "--attacker",
    "fr-light-chasseurs:24",
    "--defender",
    "ru-grenadiers:24",
];
const WAB_DUEL: &[&str] = &[
    "--firer",
    "fr-light-chasseurs:24",
    "--target",
    "ru-grenadiers:24",
];
const WAB_CANISTER: &[&str] = &[
    "--battery",
    "medium",
    "--ammo",
    "canister",
    "--figures",
    "5",
    "--toughness",
    "3",
    "--no-save",
];
const WAB_SHOT: &[&str] = &[
    "--battery",
    "medium",
    "--ammo",
    "roundshot",
    "--figures",
    "5",
    "--toughness",
    "3",
    "--no-save",
];
const VOLLEY: &[&str] = &[
    "--shooters",
    "6",
    "--class",
    "line",
    "--situation",
    "volley",
];
const TH: &[&str] = &["--attacker", "hoplites", "--defender", "gaulois"];
const HM_SHOOT: &[&str] = &[
    "--shooter",
    "line-infantry",
    "--target",
    "line-infantry",
    "--casualties-before",
    "2",
];
const HM_MELEE: &[&str] = &["--a", "veteran-infantry", "--b", "line-infantry"];

/// `without` with `more` after it.
macro_rules! plus {
    ($base:expr, $($more:expr),+) => {{
        const A: &[&str] = $base;
        const B: &[&str] = &[$($more),+];
        const N: usize = A.len() + B.len();
        const OUT: [&str; N] = {
            let mut out = [""; N];
            let mut i = 0;
            while i < A.len() {
                out[i] = A[i];
                i += 1;
            }
            let mut j = 0;
            while j < B.len() {
                out[A.len() + j] = B[j];
                j += 1;
            }
            out
        };
        &OUT
    }};
}

const CASES: &[Case] = &[
    // Capitán fire (§7.4–7.6, §3.1, §1.3): each modifier moves the casualties.
    case(
        "capitan",
        "fire",
        RIFLES,
        plus!(RIFLES, "--precision"),
        &["/mean"],
    ),
    case(
        "capitan",
        "fire",
        RIFLES,
        plus!(RIFLES, "--unprepared"),
        &["/mean"],
    ),
    case(
        "capitan",
        "fire",
        RIFLES,
        plus!(RIFLES, "--hidden"),
        &["/mean"],
    ),
    case(
        "capitan",
        "fire",
        RIFLES,
        plus!(RIFLES, "--fire-twice"),
        &["/mean"],
    ),
    case(
        "capitan",
        "fire",
        RIFLES,
        plus!(RIFLES, "--reroll-misses"),
        &["/mean"],
    ),
    case(
        "capitan",
        "fire",
        RIFLES,
        plus!(RIFLES, "--cover", "light"),
        &["/mean"],
    ),
    case(
        "capitan",
        "fire",
        &[
            "--shooter",
            "fr-1er-hussards:6",
            "--target",
            "gb-45th-line:10",
            "--range",
            "short",
        ],
        &[
            "--shooter",
            "fr-1er-hussards:6",
            "--target",
            "gb-45th-line:10",
            "--range",
            "short",
            "--moved",
        ],
        &["/mean"],
    ),
    // Capitán melee (§8.7, §8.12, §1.3): each side's factors move who wins.
    case(
        "capitan",
        "melee",
        HUSSARS,
        HUSSARS_CHARGING,
        &["/p_a_wins"],
    ),
    case(
        "capitan",
        "melee",
        HUSSARS_CHARGING,
        plus!(HUSSARS_CHARGING, "--a-led"),
        &["/p_a_wins"],
    ),
    case(
        "capitan",
        "melee",
        HUSSARS,
        plus!(HUSSARS, "--a-standard"),
        &["/p_a_wins"],
    ),
    case(
        "capitan",
        "melee",
        HUSSARS,
        plus!(HUSSARS, "--a-higher"),
        &["/p_a_wins"],
    ),
    case(
        "capitan",
        "melee",
        HUSSARS,
        plus!(HUSSARS, "--a-captured-flag"),
        &["/p_a_wins"],
    ),
    case(
        "capitan",
        "melee",
        HUSSARS,
        plus!(HUSSARS, "--a-cover", "light"),
        &["/p_a_wins"],
    ),
    case(
        "capitan",
        "melee",
        LINE_V_HUSSARS,
        plus!(LINE_V_HUSSARS, "--b-charges"),
        &["/p_b_wins"],
    ),
    case(
        "capitan",
        "melee",
        plus!(LINE_V_HUSSARS, "--b-charges"),
        plus!(LINE_V_HUSSARS, "--b-charges", "--b-led"),
        &["/p_b_wins"],
    ),
    case(
        "capitan",
        "melee",
        HUSSARS,
        plus!(HUSSARS, "--b-standard"),
        &["/p_b_wins"],
    ),
    case(
        "capitan",
        "melee",
        HUSSARS,
        plus!(HUSSARS, "--b-higher"),
        &["/p_b_wins"],
    ),
    case(
        "capitan",
        "melee",
        HUSSARS,
        plus!(HUSSARS, "--b-captured-flag"),
        &["/p_b_wins"],
    ),
    // Capitán charge (§5.1–5.2, §8.7).
    case(
        "capitan",
        "charge",
        CHARGE,
        plus!(CHARGE, "--charger-command"),
        &["/p_success"],
    ),
    case(
        "capitan",
        "charge",
        CHARGE,
        plus!(CHARGE, "--captured-flag"),
        &["/p_success"],
    ),
    case(
        "capitan",
        "charge",
        CHARGE,
        plus!(CHARGE, "--target-command"),
        &["/p_success"],
    ),
    // Capitán artillery (§12.10–12.13, §12.18).
    case(
        "capitan",
        "artillery",
        GUN,
        plus!(GUN, "--cover", "light"),
        &["/mean"],
    ),
    case(
        "capitan",
        "artillery",
        &[
            "--gun-type",
            "III",
            "--crew",
            "veteran",
            "--ammo",
            "shell",
            "--range",
            "long",
            "--under",
            "4",
        ],
        &[
            "--rockets",
            "--crew",
            "veteran",
            "--ammo",
            "shell",
            "--range",
            "long",
            "--under",
            "4",
        ],
        &["/mean"],
    ),
    // WAB tests (ACA p.11).
    case(
        "wab-aca",
        "test",
        &["--leadership", "7"],
        &["--leadership", "7", "--reroll"],
        &["/p_success"],
    ),
    case(
        "wab-aca",
        "test",
        &["--leadership", "7"],
        &["--leadership", "7", "--with", "short-range"],
        &["/p_success"],
    ),
    // WAB shooting (WAB core, ACA p.7, p.13).
    case(
        "wab-aca",
        "shoot",
        &[
            "--firer",
            "gb-95th-rifles:10",
            "--target",
            "fr-line-fusiliers",
        ],
        &[
            "--firer",
            "gb-95th-rifles:10",
            "--target",
            "fr-line-fusiliers",
            "--stationary",
        ],
        &["/mean"],
    ),
    case(
        "wab-aca",
        "shoot",
        &[
            "--shots",
            "10",
            "--bs",
            "3",
            "--strength",
            "3",
            "--toughness",
            "3",
            "--save",
            "5",
        ],
        &[
            "--shots",
            "10",
            "--bs",
            "3",
            "--strength",
            "3",
            "--toughness",
            "3",
            "--no-save",
        ],
        &["/mean"],
    ),
    case(
        "wab-aca",
        "shoot",
        &[
            "--firer",
            "fr-line-fusiliers:24",
            "--target",
            "ru-musketeers",
        ],
        &[
            "--firer",
            "fr-line-fusiliers:24",
            "--target",
            "ru-musketeers",
            "--to-hit-modifier=-1",
        ],
        &["/mean"],
    ),
    // WAB close combat (ACA p.5, p.7, p.12).
    case(
        "wab-aca",
        "combat",
        WAB_FIGHT,
        plus!(WAB_FIGHT, "--defender-reformed"),
        &["/defender/mean_wounds"],
    ),
    case(
        "wab-aca",
        "combat",
        WAB_FIGHT,
        plus!(WAB_FIGHT, "--attacker-reformed"),
        &["/attacker/mean_wounds"],
    ),
    // The commanded volley: two ranks of the line instead of one (ACA p.4).
    case(
        "wab-aca",
        "shoot",
        &[
            "--firer",
            "fr-line-fusiliers:24",
            "--target",
            "ru-musketeers",
        ],
        &[
            "--firer",
            "fr-line-fusiliers:24",
            "--target",
            "ru-musketeers",
            "--volley",
        ],
        &["/shots", "/mean"],
    ),
    // The WAB fire duel (ACA p.4, p.7).
    case(
        "wab-aca",
        "fire-duel",
        WAB_DUEL,
        plus!(WAB_DUEL, "--volley"),
        &["/shots", "/first"],
    ),
    case(
        "wab-aca",
        "fire-duel",
        WAB_DUEL,
        plus!(WAB_DUEL, "--firer-skirmishers"),
        &["/p_answer_routs", "/answer", "/p_firer_wins"],
    ),
    // Rifles that did not move: S4 (ACA p.13).
    case(
        "wab-aca",
        "fire-duel",
        &[
            "--firer",
            "gb-95th-rifles:8",
            "--target",
            "fr-line-fusiliers:24",
        ],
        &[
            "--firer",
            "gb-95th-rifles:8",
            "--target",
            "fr-line-fusiliers:24",
            "--stationary",
        ],
        &["/first", "/p_answer"],
    ),
    case(
        "wab-aca",
        "fire-duel",
        WAB_DUEL,
        plus!(WAB_DUEL, "--firer-reroll"),
        &["/p_firer_routs"],
    ),
    case(
        "wab-aca",
        "fire-duel",
        WAB_DUEL,
        plus!(WAB_DUEL, "--target-reroll"),
        &["/p_answer_routs"],
    ),
    case(
        "wab-aca",
        "fire-duel",
        WAB_DUEL,
        plus!(WAB_DUEL, "--single-line"),
        &["/p_firer_wins", "/answer"],
    ),
    // WAB artillery and terrain (ACA p.10).
    case(
        "wab-aca",
        "artillery",
        WAB_CANISTER,
        plus!(WAB_CANISTER, "--sheltered"),
        &["/mean", "/hits"],
    ),
    case(
        "wab-aca",
        "artillery",
        WAB_SHOT,
        plus!(WAB_SHOT, "--before-bounce"),
        &["/mean", "/hits"],
    ),
    case(
        "wab-aca",
        "combat",
        WAB_FIGHT,
        plus!(WAB_FIGHT, "--charge"),
        &["/attacker/p_win"],
    ),
    case(
        "wab-aca",
        "combat",
        plus!(WAB_FIGHT, "--charge"),
        plus!(WAB_FIGHT, "--charge", "--counter-charge"),
        &["/defender/p_win"],
    ),
    case(
        "wab-aca",
        "combat",
        WAB_FIGHT,
        plus!(WAB_FIGHT, "--attacker-flag"),
        &["/attacker/p_win"],
    ),
    case(
        "wab-aca",
        "combat",
        WAB_FIGHT,
        plus!(WAB_FIGHT, "--attacker-musician"),
        &["/attacker/p_win"],
    ),
    case(
        "wab-aca",
        "combat",
        WAB_FIGHT,
        plus!(WAB_FIGHT, "--attacker-officer"),
        &["/attacker/mean_wounds"],
    ),
    case(
        "wab-aca",
        "combat",
        WAB_FIGHT,
        plus!(WAB_FIGHT, "--attacker-won-last-round"),
        &["/attacker/p_win"],
    ),
    case(
        "wab-aca",
        "combat",
        WAB_VETERANS,
        plus!(WAB_VETERANS, "--attacker-reroll"),
        &["/attacker/p_break"],
    ),
    case(
        "wab-aca",
        "combat",
        WAB_FIGHT,
        plus!(WAB_FIGHT, "--defender-flag"),
        &["/defender/p_win"],
    ),
    case(
        "wab-aca",
        "combat",
        WAB_FIGHT,
        plus!(WAB_FIGHT, "--defender-musician"),
        &["/defender/p_win"],
    ),
    case(
        "wab-aca",
        "combat",
        WAB_FIGHT,
        plus!(WAB_FIGHT, "--defender-officer"),
        &["/defender/mean_wounds"],
    ),
    case(
        "wab-aca",
        "combat",
        WAB_FIGHT,
        plus!(WAB_FIGHT, "--defender-won-last-round"),
        &["/defender/p_win"],
    ),
    case(
        "wab-aca",
        "combat",
        WAB_VETERANS,
        plus!(WAB_VETERANS, "--defender-reroll"),
        &["/defender/p_break"],
    ),
    case(
        "wab-aca",
        "combat",
        WAB_FIGHT,
        plus!(WAB_FIGHT, "--defended", "obstacle"),
        &["/attacker/mean_wounds"],
    ),
    // WAB artillery (ACA p.8–9).
    case(
        "wab-aca",
        "artillery",
        WAB_SHOT,
        plus!(WAB_SHOT, "--large-target"),
        &["/mean"],
    ),
    case(
        "wab-aca",
        "artillery",
        WAB_SHOT,
        plus!(WAB_SHOT, "--order", "skirmishers"),
        &["/mean"],
    ),
    case(
        "wab-aca",
        "artillery",
        WAB_SHOT,
        plus!(WAB_SHOT, "--grand-battery", "2"),
        &["/mean"],
    ),
    case(
        "wab-aca",
        "artillery",
        &[
            "--battery",
            "medium",
            "--ammo",
            "canister",
            "--figures",
            "5",
            "--toughness",
            "3",
            "--save",
            "6",
        ],
        &[
            "--battery",
            "medium",
            "--ammo",
            "canister",
            "--figures",
            "5",
            "--toughness",
            "3",
            "--save",
            "6",
            "--heavy-cover",
        ],
        &["/mean"],
    ),
    case(
        "wab-aca",
        "artillery",
        &[
            "--battery",
            "medium",
            "--ammo",
            "canister",
            "--figures",
            "5",
            "--toughness",
            "3",
            "--save",
            "4",
        ],
        &[
            "--battery",
            "medium",
            "--ammo",
            "canister",
            "--figures",
            "5",
            "--toughness",
            "3",
            "--no-save",
        ],
        &["/mean"],
    ),
    // The fire table (FC): each effect moves the result.
    case(
        "fire-classes",
        "volley",
        VOLLEY,
        plus!(VOLLEY, "--no-officer"),
        &["/results"],
    ),
    case(
        "fire-classes",
        "volley",
        VOLLEY,
        plus!(VOLLEY, "--elite"),
        &["/results"],
    ),
    case(
        "fire-classes",
        "volley",
        VOLLEY,
        plus!(VOLLEY, "--disorder"),
        &["/results"],
    ),
    case(
        "fire-classes",
        "volley",
        VOLLEY,
        plus!(VOLLEY, "--minus"),
        &["/results"],
    ),
    case(
        "fire-classes",
        "volley",
        VOLLEY,
        plus!(VOLLEY, "--against-skirmishers"),
        &["/results"],
    ),
    case(
        "fire-classes",
        "volley",
        VOLLEY,
        plus!(VOLLEY, "--cuirass"),
        &["/reach"],
    ),
    case(
        "fire-classes",
        "volley",
        &[
            "--shooters",
            "6",
            "--class",
            "elite-light",
            "--situation",
            "loose",
        ],
        &[
            "--shooters",
            "6",
            "--class",
            "elite-light",
            "--situation",
            "loose",
            "--single-shooter",
        ],
        &["/dice", "/results"],
    ),
    case(
        "fire-classes",
        "volley",
        &["--shooters", "3", "--weapon", "carbine"],
        &["--shooters", "3", "--weapon", "carbine", "--moving"],
        &["/reach"],
    ),
    // Thucydide (TH): inversion, the leader, support, the riposte's factor.
    case(
        "thucydide",
        "combat",
        &["--attacker", "hoplites", "--defender", "hoplites"],
        &[
            "--attacker",
            "hoplites",
            "--defender",
            "hoplites",
            "--inverted",
        ],
        &["/per_die/hit"],
    ),
    case(
        "thucydide",
        "combat",
        TH,
        plus!(TH, "--leader"),
        &["/morale"],
    ),
    case(
        "thucydide",
        "combat",
        TH,
        plus!(TH, "--condition", "defender-supported"),
        &["/morale"],
    ),
    case(
        "thucydide",
        "combat",
        TH,
        plus!(TH, "--condition", "attacker-supported"),
        &["/per_die"],
    ),
    case(
        "thucydide",
        "combat",
        TH,
        plus!(TH, "--riposte"),
        &["/dice"],
    ),
    case(
        "thucydide",
        "panic",
        &["--to-edge", "2"],
        &["--to-edge", "1"],
        &["/p_gone"],
    ),
    // hm-qrs command and break tests (HM, Commandement; Test de Rupture).
    case(
        "hm-qrs",
        "command",
        &["--rating", "8"],
        &["--rating", "8", "--with", "enemy-near"],
        &["/p_success"],
    ),
    case(
        "hm-qrs",
        "command",
        &["--rating", "8"],
        &["--rating", "8", "--distance", "8"],
        &["/p_success"],
    ),
    case(
        "hm-qrs",
        "break-test",
        &["--arm", "infantry"],
        &["--arm", "infantry", "--disordered"],
        &["/outcomes"],
    ),
    case(
        "hm-qrs",
        "break-test",
        &["--arm", "infantry"],
        &["--arm", "infantry", "--artillery-losses"],
        &["/outcomes"],
    ),
    case(
        "hm-qrs",
        "break-test",
        &["--arm", "infantry"],
        &["--arm", "infantry", "--over-stamina", "1"],
        &["/outcomes"],
    ),
    // hm-qrs shooting (HM, Tirs; Moral): the shooter's states reach its roll to hit, the
    // target's its save and its break test.
    case(
        "hm-qrs",
        "shoot",
        HM_SHOOT,
        plus!(HM_SHOOT, "--shooter-disordered"),
        &["/p_hit", "/mean"],
    ),
    case(
        "hm-qrs",
        "shoot",
        HM_SHOOT,
        plus!(HM_SHOOT, "--shooter-casualties-before", "3"),
        &["/p_hit", "/mean"],
    ),
    case(
        "hm-qrs",
        "shoot",
        HM_SHOOT,
        plus!(HM_SHOOT, "--disordered"),
        &["/outcomes"],
    ),
    case(
        "hm-qrs",
        "shoot",
        HM_SHOOT,
        plus!(HM_SHOOT, "--target-formation", "attack-column"),
        &["/p_save"],
    ),
    case(
        "hm-qrs",
        "shoot",
        HM_SHOOT,
        plus!(HM_SHOOT, "--target-formation", "march-column"),
        &["/p_save"],
    ),
    case(
        "hm-qrs",
        "shoot",
        &[
            "--shooter-dice",
            "3",
            "--target",
            "line-infantry",
            "--casualties-before",
            "2",
        ],
        &[
            "--shooter-dice",
            "3",
            "--target",
            "line-infantry",
            "--casualties-before",
            "2",
            "--artillery",
        ],
        &["/outcomes"],
    ),
    case(
        "hm-qrs",
        "shoot",
        &["--shooter", "foot-artillery", "--target", "line-infantry"],
        &[
            "--shooter",
            "foot-artillery",
            "--target",
            "line-infantry",
            "--close",
        ],
        &["/p_test"],
    ),
    case(
        "hm-qrs",
        "shoot",
        &["--shooter", "foot-artillery", "--target", "line-infantry"],
        &[
            "--shooter",
            "foot-artillery",
            "--target",
            "line-infantry",
            "--target-formation",
            "square",
        ],
        &["/p_hit"],
    ),
    // hm-qrs hand-to-hand (HM, Combat au corps à corps): disorder and being shaken reach the
    // roll to hit as well as the break test; a formation reaches the save.
    case(
        "hm-qrs",
        "melee",
        HM_MELEE,
        plus!(HM_MELEE, "--a-disordered"),
        &["/a/p_casualty", "/a/if_lost"],
    ),
    case(
        "hm-qrs",
        "melee",
        HM_MELEE,
        plus!(HM_MELEE, "--a-casualties-before", "3"),
        &["/a/p_casualty"],
    ),
    case(
        "hm-qrs",
        "melee",
        HM_MELEE,
        plus!(HM_MELEE, "--b-disordered"),
        &["/b/p_casualty", "/b/if_lost"],
    ),
    case(
        "hm-qrs",
        "melee",
        HM_MELEE,
        plus!(HM_MELEE, "--b-casualties-before", "3"),
        &["/b/p_casualty"],
    ),
    case(
        "hm-qrs",
        "melee",
        HM_MELEE,
        plus!(HM_MELEE, "--a-formation", "attack-column"),
        &["/b/p_casualty"],
    ),
    case(
        "hm-qrs",
        "melee",
        HM_MELEE,
        plus!(HM_MELEE, "--a-hit", "charge"),
        &["/a/p_casualty"],
    ),
];

fn run(ruleset: &str, procedure: &str, args: &[&str]) -> serde_json::Value {
    let mut full = vec!["preview", "--ruleset", ruleset, procedure];
    full.extend_from_slice(args);
    full.extend(["--format", "json"]);
    let r = muster(&full);
    assert_eq!(r.code, 0, "{full:?}: {}", r.stderr);
    json(&r)
}

#[test]
fn every_state_reaches_the_numbers_it_changes() {
    let mut wrong = Vec::new();
    for c in CASES {
        let (a, b) = (
            run(c.ruleset, c.procedure, c.without),
            run(c.ruleset, c.procedure, c.with),
        );
        for p in c.changes {
            let (x, y) = (a.pointer(p), b.pointer(p));
            assert!(
                x.is_some() && y.is_some(),
                "{} {}: no {p} in {a}",
                c.ruleset,
                c.procedure
            );
            if x == y {
                wrong.push(format!(
                    "{} {} {:?}: {p} stays {}",
                    c.ruleset,
                    c.procedure,
                    c.with,
                    x.unwrap()
                ));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "states that do not reach their numbers:\n{}",
        wrong.join("\n")
    );
}

/// Every flag a procedure declares has a case above (given in `with`, not in `without`).
#[test]
fn every_flag_has_a_case() {
    let mut missing = Vec::new();
    for r in Ruleset::ALL {
        for p in r.procedures() {
            for param in p.params.iter().filter(|x| matches!(x.kind, Kind::Flag)) {
                let flag = format!("--{}", param.name);
                let covered = CASES.iter().any(|c| {
                    c.ruleset == r.id()
                        && c.procedure == p.name
                        && c.with.contains(&flag.as_str())
                        && !c.without.contains(&flag.as_str())
                });
                if !covered {
                    missing.push(format!("{} {} {flag}", r.id(), p.name));
                }
            }
        }
    }
    assert!(
        missing.is_empty(),
        "flags without a case:\n{}",
        missing.join("\n")
    );
}
