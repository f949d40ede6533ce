//! Every citation of "Au crépuscule de l'Aigle" in muster's WAB files (the data under
//! unit-sheets/wab-aca/, the aide de jeu's template and labels, docs/wab-aca.md) is paired
//! here with a few words of the rule it cites, and those words must be on that page of the
//! rulebook (`../shared/rulebooks/wab-crepuscule-de-l-aigle.fr.txt`): a rule cited to the
//! book that the book does not contain, or a page that does not hold it, fails. Every «quote»
//! of a reading must be in the book word for word. A citation without a pairing fails too, so
//! a new citation comes with its words.
//!
//! The text file has no page numbers. A page is found from the book's own table of contents
//! (each entry located at its heading in the text) and from its running heads ("Warhammer
//! Ancient Battle" on even pages, "Au crépuscule de l'Aigle" on odd ones, where the text broke
//! the page). The two do not always agree on where a page starts (a heading at the foot of a
//! page is listed on the next one), so a page runs from the earlier of its two starts to the
//! later of the next page's.

use std::collections::BTreeMap;

use crate::root;

/// The table of contents as the book prints it, with each entry's heading as the text prints
/// it (found in this order after the contents).
const CONTENTS: &[(&str, &str)] = &[
    ("Tour de jeu", "Tour de jeu:"),
    ("Les Officiers", "Les Officiers :"),
    ("L'infanterie", "L'infanterie :"),
    ("Formations", "Les formations de l'infanterie :"),
    ("Tirailleurs", "6. La formation en tirailleurs"),
    ("Manoeuvres", "Les manœuvres de l'infanterie:"),
    ("Mouvement", "Mouvement et formation:"),
    ("Tir", "Tir :"),
    ("Corps à corps", "Corps à corps :"),
    ("Réactions aux charges", "Réactions face aux charges:"),
    (
        "Etat-Major & élites",
        "État-major d'infanterie et compagnies d'élite :",
    ),
    ("La cavalerie", "La cavalerie"),
    ("Formations", "Les formations de la cavalerie"),
    ("Manoeuvres", "Les manœuvres de la cavalerie :"),
    ("Mouvement", "Mouvement et formation:"),
    ("Tir", "Tir :"),
    ("Corps à corps", "Corps à corps :"),
    ("Réactions aux charges", "Réactions face aux charges:"),
    (
        "Etat-Major & elites",
        "État-major de cavalerie et compagnies d'élite :",
    ),
    ("L'artillerie", "L'artillerie"),
    ("Type de batterie", "Les différents types de batterie:"),
    ("Capture, déplacement", "Canons capturés :"),
    (
        "Effets des obstacles, dégâts collatéraux",
        "Artillerie, terrain et obstacle:",
    ),
    (
        "Ordre et test de manœuvre",
        "Ordres et tests de manoeuvre :",
    ),
    (
        "Tableau des modificateurs",
        "Les modificateurs suivants s'appliquent :",
    ),
    (
        "Précisions et règles avancées",
        "Précisions et Règles avancées",
    ),
    ("Soutien", "Le soutien et l'attaque soutenue :"),
    ("Bâtiment", "Règles d'utilisation des bâtiments:"),
    ("Armement", "Armement et tir:"),
    ("Qualité des troupes", "Qualité des troupes:"),
    ("Le Génie", "Le Génie"),
    ("Visibilité", "Visibilité (optionnel)"),
    ("Conditions de victoire", "Conditions de victoire:"),
];

/// Lowercase, without accents, typographic quotes, markup or hyphens, one space between
/// words and none before a colon, a semicolon or a comma: the book and the words compared
/// alike.
pub fn normalise(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    // A word cut at a line's end ("corps-\nà-corps") is joined first.
    let text = text.replace("-\n", "");
    for c in text.chars() {
        let mapped: &str = match c {
            'à' | 'â' | 'ä' | 'À' | 'Â' => "a",
            'é' | 'è' | 'ê' | 'ë' | 'É' | 'È' | 'Ê' => "e",
            'î' | 'ï' | 'Î' => "i",
            'ô' | 'ö' | 'Ô' => "o",
            'ù' | 'û' | 'ü' | 'Ù' => "u",
            'ç' | 'Ç' => "c",
            'œ' | 'Œ' => "oe",
            'æ' => "ae",
            '’' | '‘' | '`' => "'",
            '«' | '»' | '"' | '“' | '”' | '●' => " ",
            // Markup ("d'*Impact*", "1^{er}") is part of its word.
            '*' | '_' | '^' | '{' | '}' => "",
            '-' | '–' | '—' | '\u{a0}' | '\u{202f}' | '\t' | '\n' => " ",
            '…' => " ",
            _ => {
                for l in c.to_lowercase() {
                    out.push(l);
                }
                continue;
            }
        };
        out.push_str(mapped);
    }
    let mut squeezed = String::with_capacity(out.len());
    for word in out.split_whitespace() {
        if !squeezed.is_empty() && !word.starts_with([':', ';', ',', '.', '!', '?', ')']) {
            squeezed.push(' ');
        }
        squeezed.push_str(word);
    }
    squeezed.replace("( ", "(")
}

/// The book, page by page (1 to 14), each page's text normalised.
pub struct Book {
    pub pages: BTreeMap<u32, String>,
    pub whole: String,
}

/// The book, when `../shared/rulebooks/` is beside this clone (muster's own CI has it); a
/// public clone has none: the tests that read it then say they are skipped, unless
/// MUSTER_REQUIRE_RULEBOOKS is set (`.ci/run` sets it, so that CI never skips them).
pub fn book() -> Option<Book> {
    let path = root().join("../shared/rulebooks/wab-crepuscule-de-l-aigle.fr.txt");
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) if std::env::var_os("MUSTER_REQUIRE_RULEBOOKS").is_some() => {
            panic!("{}: {e} (MUSTER_REQUIRE_RULEBOOKS is set)", path.display())
        }
        Err(_) => {
            eprintln!(
                "skipped: the rulebook ../shared/rulebooks/wab-crepuscule-de-l-aigle.fr.txt is not beside this clone (a public clone has none)"
            );
            return None;
        }
    };
    let lines: Vec<&str> = text.lines().collect();
    // The table of contents: "Title<tab>N" or "Title.....<tab>N", after "Sommaire".
    let start = lines
        .iter()
        .position(|l| l.trim() == "Sommaire")
        .expect("Sommaire");
    let mut contents = Vec::new();
    for line in &lines[start + 1..] {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let Some((title, page)) = line.rsplit_once('\t') else {
            break;
        };
        let page: u32 = page.trim().parse().expect("a page number");
        contents.push((title.trim_end_matches('.').trim().to_owned(), page));
    }
    assert_eq!(
        contents.iter().map(|(t, _)| t.as_str()).collect::<Vec<_>>(),
        CONTENTS.iter().map(|(t, _)| *t).collect::<Vec<_>>(),
        "the book's table of contents"
    );
    let body = start + 1 + contents.len();
    // Each entry at its heading, in order; a page's first heading starts it.
    let mut from: BTreeMap<u32, (usize, usize)> = BTreeMap::new();
    let mut at = body;
    for ((_, page), (_, heading)) in contents.iter().zip(CONTENTS) {
        let found = lines[at..]
            .iter()
            .position(|l| l.trim().starts_with(heading))
            .unwrap_or_else(|| panic!("heading `{heading}` not found after line {at}"));
        at += found;
        from.entry(*page).or_insert((at, at));
        at += 1;
    }
    // Running heads: each starts the page of its parity at or after the page of the last
    // heading before it.
    for (i, line) in lines.iter().enumerate().skip(body) {
        let parity = match line.trim() {
            "Warhammer Ancient Battle" => 0,
            "Au crépuscule de l'Aigle" => 1,
            _ => continue,
        };
        let last = from
            .iter()
            .filter(|(_, (toc, _))| *toc < i)
            .map(|(p, _)| *p)
            .max()
            .unwrap_or(2);
        let page = (last..).find(|p| p % 2 == parity).unwrap();
        let e = from.entry(page).or_insert((i, i));
        *e = (e.0.min(i), e.1.max(i));
    }
    let last = *from.keys().max().unwrap();
    let mut pages = BTreeMap::new();
    for page in 1..=last {
        let lo = if page == 1 { 0 } else { from[&page].0 };
        let hi = if page == last {
            lines.len()
        } else {
            from.get(&(page + 1)).map_or(lines.len(), |b| b.1)
        };
        pages.insert(page, normalise(&lines[lo..hi].join("\n")));
    }
    Some(Book {
        pages,
        whole: normalise(&text),
    })
}

/// One line of muster's files that cites the book: where, "[id] line" with the id of the table
/// it is in (the last `id = "…"` above it), and the pages it cites (a range by its two ends).
#[derive(Debug)]
struct Citing {
    file: String,
    line: usize,
    key: String,
    pages: Vec<u32>,
}

/// The pages a line cites: "p.N", "p. N", "p.N–M" (not "p. ex."), each after a non-letter.
fn cited_pages(line: &str) -> Vec<u32> {
    let chars: Vec<char> = line.chars().collect();
    let mut pages = Vec::new();
    let number = |i: &mut usize| {
        let s = *i;
        while *i < chars.len() && chars[*i].is_ascii_digit() {
            *i += 1;
        }
        chars[s..*i].iter().collect::<String>().parse::<u32>().ok()
    };
    let mut i = 0;
    while i + 2 < chars.len() {
        let starts =
            chars[i] == 'p' && chars[i + 1] == '.' && (i == 0 || !chars[i - 1].is_alphanumeric());
        if !starts {
            i += 1;
            continue;
        }
        let mut j = i + 2;
        if j < chars.len() && chars[j] == ' ' {
            j += 1;
        }
        if let Some(first) = number(&mut j) {
            pages.push(first);
            if j + 1 < chars.len()
                && (chars[j] == '–' || chars[j] == '-')
                && chars[j + 1].is_ascii_digit()
            {
                j += 1;
                if let Some(last) = number(&mut j) {
                    pages.push(last);
                }
            }
        }
        i = j.max(i + 1);
    }
    pages
}

/// The files whose citations are checked, relative to the repository.
fn cited_files() -> Vec<String> {
    let mut files = Vec::new();
    let mut walk = vec![root().join("unit-sheets/wab-aca")];
    while let Some(dir) = walk.pop() {
        for e in std::fs::read_dir(&dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                walk.push(p);
            } else if p.extension().is_some_and(|x| x == "toml") {
                files.push(p);
            }
        }
    }
    for e in std::fs::read_dir(root().join("templates/wab-aca")).unwrap() {
        let p = e.unwrap().path();
        if p.file_name()
            .is_some_and(|n| n == "qrs.tera" || n == "labels.toml")
        {
            files.push(p);
        }
    }
    files.push(root().join("docs/wab-aca.md"));
    let mut files: Vec<String> = files
        .iter()
        .map(|p| {
            p.strip_prefix(root())
                .unwrap()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    files.sort();
    files
}

fn citing_lines() -> Vec<Citing> {
    let mut out = Vec::new();
    for file in cited_files() {
        let text = std::fs::read_to_string(root().join(&file)).unwrap();
        let mut context = String::new();
        for (n, line) in text.lines().enumerate() {
            if let Some(id) = line.strip_prefix("id = \"") {
                context = id.trim_end_matches('"').to_owned();
            }
            let pages = cited_pages(line);
            if !pages.is_empty() {
                out.push(Citing {
                    file: file.clone(),
                    line: n + 1,
                    key: format!("[{context}] {}", line.trim()),
                    pages,
                });
            }
        }
    }
    out
}

/// What a citation says, per page: (file, a part of "[id] line" that picks the line out, and
/// for each page it cites, a few words of the rule on that page).
type Pairing = (&'static str, &'static str, &'static [(u32, &'static str)]);

// Words of the book, by page, that the citations below share.
const LISTS_BOOKLETS: (u32, &str) = (1, "Deux livrets présentent les listes d'armées");
const WAB_BOOK: (u32, &str) = (1, "Il faut posséder le livret WAB pour pouvoir jouer");
const AIDE: (u32, &str) = (
    1,
    "Une aide de jeu en 4 pages reprend les principales tables",
);
const TURN: (u32, &str) = (2, "Test obligatoire: panique, impétuosité");
const GENERAL: (u32, &str) = (2, "le général en chef peut avoir un grade différent");
const ADCS: (u32, &str) = (
    2,
    "peut être accompagné de plusieurs adjoints ou aides de camp",
);
const ROUNDING: (u32, &str) = (2, "Tous les arrondis sont au supérieur");
const WAB_DEFAULT: (u32, &str) = (
    1,
    "Tout point non précisé dans le présent livret se joue selon la règle WAB de base",
);
const FIGURE_SCALE: (u32, &str) = (2, "Cette règle est conçue pour des figurines de 25/28mm");
const ADC_BASE: (u32, &str) = (2, "sur un socle de 25x50mm");
const CONTACT_FOOT: (u32, &str) = (5, "c'est la position des unités qui détermine les contacts");
const CONTACT_HORSE: (u32, &str) = (7, "c'est la position des unités qui détermine les contacts");
const LINE_TWO_RANKS: (u32, &str) = (3, "Formation d'une ligne de deux rangs de figurines");
const COLUMN_FLANKS: (u32, &str) = (
    3,
    "les figurines des flancs peuvent frapper dans le tour où l'unité charge (ou contre-charge)",
);
const EXTENDED_FIRE: (u32, &str) = (3, "(1 figurine sur 2 tire)");
const SKIRMISH_WAB: (u32, &str) = (3, "L'unité obéit aux règles de tirailleurs de WAB");
const NORMAL_FIRE: (u32, &str) = (
    4,
    "le tir normal sans test s'effectue sur un rang avec toutes les figurines et avec la moitié en ligne étendue",
);
const VOLLEY: (u32, &str) = (
    4,
    "en double-ligne, en colonne d'assaut, les 2 premiers rangs tirent",
);
const CAV_LINE: (u32, &str) = (6, "Formation d'une ligne simple de figurines");
const ECHELON_REAR: (u32, &str) = (
    6,
    "la moitié des figurines des rangs arrières peuvent porter leurs attaques",
);
const FORAGERS_WAB: (u32, &str) = (6, "L'unité obéit aux règles de tirailleurs de WAB");
const CAV_ONE_RANK: (u32, &str) = (7, "sur un seul rang");
const INF_FORMATIONS: (u32, &str) = (3, "Les formations de l'infanterie");
const SQUARE: (u32, &str) = (3, "un carré creux d'un ou deux rangs de profondeur");
const NO_FLANK: (u32, &str) = (3, "Un carré n'a ni flanc ni arrière");
const SQUARE_CANCELS: (u32, &str) = (3, "annule tous les avantages de la charge de la cavalerie");
const LIGHT_INF: (u32, &str) = (
    3,
    "L'infanterie légère, obéit aux règles de Light Infantry de WAB",
);
const SKIRMISH: (u32, &str) = (
    3,
    "Les touches d'artillerie sur des tirailleurs sont divisées par deux",
);
const MUSKET: (u32, &str) = (4, "Elle est équipée de mousquets: Force 3, portée 18p");
const PONDEROUS: (u32, &str) = (4, "sauf si elle est « lourde à manœuvrer »");
const DUEL: (u32, &str) = (
    4,
    "peut riposter par un tir sur 1 rang avec les figurines survivantes",
);
const CHARGE_INF: (u32, &str) = (
    4,
    "un obstacle (haies, fossés, barrières,...) retire 3p au mouvement total de charge",
);
const OFFICER_HIT: (u32, &str) = (
    5,
    "sur un résultat de 1, une touche est allouée à l'officier",
);
const INF_CHARGE: (u32, &str) = (
    5,
    "L'unité qui charge bénéficie d'un bonus de +1 au résultat du combat",
);
const SIMULTANEOUS_5: (u32, &str) = (5, "Les combats sont résolus de manière simultanée");
const INF_REACTIONS: (u32, &str) = (5, "Une unité chargée peut choisir librement une réaction");
const COUNTER_INF: (u32, &str) = (5, "Contre-charger (uniquement face à de l'infanterie)");
const BAYONETS: (u32, &str) = (5, "+1 en force du fait des baïonnettes");
const HOLD_FIRE: (u32, &str) = (5, "sans le malus de -1 habituel");
const FIRE_FLEE_MINUS: (u32, &str) = (
    5,
    "Un seul rang fait feu en tir de contre charge avec un malus de -1",
);
const SUPPORT_5: (u32, &str) = (
    5,
    "Une unité de statut vétéran ou supérieur dans les 3 pas d'une autre unité",
);
const OFFICER: (u32, &str) = (5, "doit comporter une figurine d'officier (coût 0)");
const OFFICER_ATTACK: (u32, &str) = (5, "qui ajoute +1 attaque à l'unité (option)");
const FLAG_5: (u32, &str) = (5, "rajouter +5 pts chacun au coût de l'unité");
const ELITE_5: (u32, &str) = (
    5,
    "les compagnies d'élite des bataillons peuvent se déployer en tirailleurs",
);
const LOSSES_PRO_RATA_5: (u32, &str) = (
    5,
    "Les pertes au feu sont décomptées au prorata de la composition des troupes",
);
const ELITE_PRESENT_7: (u32, &str) = (7, "qu'il y a de figurines d'élite présentes dans l'unité");
const IMPETUOUS_5: (u32, &str) = (
    5,
    "Les unités impulsives, hatred ou frenzy ne doivent pas tester pour contre-charger",
);
const CAVALRY: (u32, &str) = (6, "On distingue la cavalerie lourde");
const CAV_FORMATIONS: (u32, &str) = (6, "Les formations de la cavalerie");
const FORCED_MARCH: (u32, &str) = (6, "Elle permet roues et marches forcées");
const TRIPLED: (u32, &str) = (6, "interdit les marches forcées (mouvement triplé)");
const SABRE: (u32, &str) = (
    6,
    "des sabres qui donnent un bonus de +1 en force lors de la charge",
);
const LANCE: (u32, &str) = (
    6,
    "permet de toujours frapper en premier face à la cavalerie ou l'infanterie ennemie",
);
const IMPACT: (u32, &str) = (6, "résolue avec une CC et une Force de 2 ou 3");
const PISTOLS: (u32, &str) = (
    6,
    "L'utilisation éventuelle des pistolets au corps-à-corps permet de relancer les 1 pour toucher",
);
const CHARGE_CAV: (u32, &str) = (6, "chaque pouce de terrain difficile compte triple");
const LIGHT_FIRES: (u32, &str) = (6, "Tir possible à la phase adéquate");
const HEAVY_NO_FIRE: (u32, &str) = (6, "Pas de tir possible pour la cavalerie lourde");
const OPEN_ORDER: (u32, &str) = (6, "La cavalerie légère est toujours Open Order");
const CARBINE: (u32, &str) = (7, "équipée de mousquetons: Force 3, portée 12p");
const CAV_NO_DUEL: (u32, &str) = (7, "La cavalerie ne peut répondre par un duel de feu");
const BREAK_OFF: (u32, &str) = (7, "peut rompre le combat en réussissant un test de moral");
const CAV_REACTIONS: (u32, &str) = (
    7,
    "Les combats sont résolus de manière simultanée: l'attaquant et le défenseur",
);
const CAV_COUNTER: (u32, &str) = (
    7,
    "les cavaliers se ruent sabre au clair contre leurs opposants",
);
const SUPPORT_7: (u32, &str) = (
    7,
    "se placer en soutien pour le corps à corps (seulement si les 2 unités sont du même type",
);
const CAV_OFFICER: (u32, &str) = (
    7,
    "Un régiment de cavalerie doit comporter une figurine d'officier (gratuit)",
);
const ELITE_7: (u32, &str) = (
    7,
    "Payées 5pts de plus, elles permettent de relancer autant de 1 au jet pour toucher",
);
const FLAG_7: (u32, &str) = (
    7,
    "Un étendard ainsi qu'un musicien peuvent être affectés à l'unité (+5 pts chacun)",
);
const ARTILLERY: (u32, &str) = (8, "Elle peut être de 4 types");
const GUNNERS_VETERAN: (u32, &str) = (
    8,
    "sauf indiqué les unités d'artillerie sont de cette classe",
);
const LIMBERED: (u32, &str) = (
    8,
    "Attelée, l'artillerie à pied peut se déplacer de 8 pouces",
);
const CREW_SKIP: (u32, &str) = (
    8,
    "Pour chaque servant manquant en dessous du nombre minimal",
);
const CREW_EXAMPLE: (u32, &str) = (
    8,
    "une batterie moyenne qui n'a plus que deux servants - 3 étant l'effectif minimum",
);
const GRAND: (u32, &str) = (8, "Elles bénéficient d'un bonus en matière de touches infligées égal au nombre de batteries regroupées");
const GRAND_2500: (u32, &str) = (
    8,
    "Les grandes batteries ne sont permises qu'à partir de 2500 pts",
);
const GRAND_NATIONS: (u32, &str) = (
    8,
    "Certaines nations (voir livret de listes) autorisent le regroupement",
);
const SUPPORT_8: (u32, &str) = (
    8,
    "Une batterie dans les 3 pas d'une unité d'infanterie formée de niveau vétéran",
);
const KABOUM: (u32, &str) = (
    8,
    "Sur un nouveau jet de 6, les caissons sont touchés et explosent",
);
const ARTILLERY_DUEL: (u32, &str) = (8, "peut effectuer un tir de contre si elle réussit un test de manoeuvre avec un modificateur supplémentaire de -1");
const BATTERY_HITS: (u32, &str) = (8, "1-2-3-4: pièces touchées, 5-6: servants");
const MISFIRE: (u32, &str) = (
    9,
    "En cas de « Misfire » sur le premier dé d'artillerie, le tir est sans effet",
);
const SHELLING: (u32, &str) = (9, "Pour bombarder un bâtiment, une batterie, un attelage le nombre de touches est déterminé par 1d6");
const HEAVY_COVER: (u32, &str) = (
    9,
    "Seul un couvert lourd réduit la probabilité d'être touché",
);
const MEDIUM_CREW: (u32, &str) = (9, "Pièce moyenne : Quatre servants sont nécessaires");
const LARGE_TARGET: (u32, &str) = (9, "+1 touche contre grande cible");
const PATH: (u32, &str) = (
    9,
    "située sur la trajectoire depuis le point de rebond subit une touche",
);
const HALF_TEMPLATE: (u32, &str) = (
    9,
    "ce gabarit correspond au gabarit d'explosion wab coupé en deux par son diamètre",
);
const PIECE_T7: (u32, &str) = (9, "Toutes les pièces d'artillerie ont une endurance 7");
const CAPTURED: (u32, &str) = (
    10,
    "les pertes occasionnées par ces équipages improvisés sont divisées par deux",
);
const LIMBER: (u32, &str) = (
    10,
    "Un attelage d'artillerie possède une endurance de 5 et 4 PV",
);
const CAISSON: (u32, &str) = (10, "CAISSON: Mouvement à 12 pas");
const BANDS: (u32, &str) = (
    10,
    "un nombre de batteries par tranche de points d'armée est prévu dans chaque liste",
);
const FIRST_BATTERY: (u32, &str) = (10, "la 1ère devant obligatoirement être légère ou moyenne");
const RUSSIAN: (u32, &str) = (
    10,
    "un joueur russe peut avoir 4 batteries mais pas plus de 2 batteries lourdes",
);
const AMMUNITION: (u32, &str) = (10, "Chaque batterie peut tirer 6 boulets et 3 mitraille");
const SHELTERED: (u32, &str) = (
    10,
    "Seule une figurine sur 2 recouverte par le gabarit est touchée derrière un muret",
);
const THIRD: (u32, &str) = (
    10,
    "les touches sont divisées par 3 (arrondies à l'inférieur)",
);
const COLLATERAL: (u32, &str) = (
    10,
    "ne sont pas impactées par les effets de gross'batterie ou grande cible",
);
const MODIFIERS: (u32, &str) = (11, "Les modificateurs suivants s'appliquent");
const NOT_CUMULATIVE: (u32, &str) = (11, "ces facteurs ne sont pas cumulatifs");
const LOSSES_QUARTER: (u32, &str) = (11, "L'unité a subi 25% de pertes");
const BELOW_HALF: (u32, &str) = (
    11,
    "Si l'unité est réduite à moins de 50% de ses effectifs de départ",
);
const EXTENDED_SKIRMISHERS: (u32, &str) = (3, "considérée en tirailleurs face au feu adverse");
const UNSCATHED: (u32, &str) = (
    11,
    "Mais ne s'applique pas pour une unité d'infanterie qui n'a subi aucune perte",
);
const BRIGADIER: (u32, &str) = (11, "Le brigadier (ou un aide de camp) est dans l'unité");
const GENERAL_RANGE: (u32, &str) = (
    11,
    "Le général en chef est à portée de commandement de l'unité",
);
const FEWER: (u32, &str) = (11, "Pour charger un ennemi moins nombreux");
const UNDER_TEN: (u32, &str) = (
    11,
    "Il effectue donc un test de moral sous une valeur de 10",
);
const FLANK_MALUS: (u32, &str) = (
    12,
    "afin de ne plus subir le malus de prise de flanc ou de dos",
);
const STRIKES_LAST: (u32, &str) = (
    12,
    "Elle frappera en dernier durant la phase de corps à corps",
);
const SUPPORT_12: (u32, &str) = (
    12,
    "un bonus de +1 au résultat final du combat est ajouté pour chaque unité en soutien",
);
const OBSTACLE: (u32, &str) = (
    12,
    "perd ses bonus de charge (baïonnette, attaques supplémentaire des chevaux)",
);
const OBSTACLE_HIT: (u32, &str) = (
    12,
    "elle subit un malus de -1 pour toucher; de -2 contre des Fortifications",
);
const FLANKS_OFF: (u32, &str) = (
    12,
    "elles seront retirées des flancs de la formation et non du rang arrière",
);
const BUILDINGS: (u32, &str) = (12, "Endurance des bâtiments selon leur type");
const BUILDING_DAMAGE: (u32, &str) = (
    12,
    "A chaque dommage sur le bâtiment, sur 1D6 (2 jets par tour max)",
);
const COVER: (u32, &str) = (12, "muret, forêt, maison: abri dur: -2 pour toucher");
const ARMEMENT: (u32, &str) = (13, "Mousqueton: portée: 12\", force: 3");
const MOUNTED_FIRE: (u32, &str) = (
    13,
    "peuvent bouger et faire feu montés (1er rang seulement)",
);
const RIFLES: (u32, &str) = (
    13,
    "Portée: 30\" et force 4 pour un tir forcé sans mouvement",
);
const MILITIA: (u32, &str) = (13, "Ce type de troupe a peur de toutes les troupes montées");
const QUALITIES: (u32, &str) = (13, "Ces troupes n'ont ni bonus ni malus");
const GUARD: (u32, &str) = (
    13,
    "Les troupes de Garde sont obstinées (règles « stubborn »)",
);
const DRILLED: (u32, &str) = (
    13,
    "Les troupes de Garde sont entraînées (règles « drilled »",
);
const ENGINEERS: (u32, &str) = (13, "avec un surcoût de 4 pts");
const SAPPERS: (u32, &str) = (13, "2 touches automatiques de force 5 par sapeur");
const OBSTACLES_2D6: (u32, &str) = (13, "Obstacle lourd (fortification ou assimilée).....9+");
const HEAVY_ARMOUR: (u32, &str) = (13, "ils peuvent porter une armure lourde (+ 2pts)");
const SMOKE: (u32, &str) = (14, "Un nuage de fumée est placé devant chaque batterie");
const OWN_MORALE: (u32, &str) = (
    14,
    "Moral: moral propre de l'unité ou officier dans son rayon de commandement",
);
const HOW_TO_TEST: (u32, &str) = (
    14,
    "le test de moral se fait selon 3 procédures différentes",
);
const VICTORY: (u32, &str) = (
    14,
    "chaque camp décompte ses pertes à la valeur d'achat des unités",
);
const LOSSES_25: (u32, &str) = (14, "quand elles sont supérieures à 25% du total de départ");
const ROUTED_LOST: (u32, &str) = (14, "Les unités en déroute, capturées ou sorties en fuite sont considérées comme totalement perdues");
const BANDS_14: (u32, &str) = (
    14,
    "Pour une partie en 2000pts, différence de moins de 100pts",
);

const PAIRINGS: &[Pairing] = &[
    // unit-sheets/wab-aca/core.toml, game.toml
    ("core.toml", "livret WAB", &[WAB_BOOK]),
    (
        "game.toml",
        "as the victory conditions count it",
        &[VICTORY],
    ),
    ("game.toml", "Conditions de victoire (ACA p.14)", &[VICTORY]),
    ("game.toml", "rule = \"ACA p.14\"", &[ROUTED_LOST]),
    ("game.toml", "totalement perdues", &[ROUTED_LOST]),
    // rules.toml
    ("rules.toml", "[[turn_step]]", &[TURN]),
    (
        "rules.toml",
        "Formations (ACA p.3 infantry, p.6 cavalry)",
        &[INF_FORMATIONS, CAV_FORMATIONS],
    ),
    (
        "rules.toml",
        "[cavalry-line] march = 3",
        &[FORCED_MARCH, TRIPLED],
    ),
    (
        "rules.toml",
        "Weapons (ACA p.4, p.7, p.13",
        &[MUSKET, CARBINE, ARMEMENT],
    ),
    (
        "rules.toml",
        "Troop qualities (ACA p.13",
        &[QUALITIES, GUNNERS_VETERAN],
    ),
    ("rules.toml", "Manoeuvre tests (ACA p.11)", &[MODIFIERS]),
    ("rules.toml", "[unscathed-front] quote", &[UNSCATHED]),
    ("rules.toml", "How to test morale (ACA p.14", &[HOW_TO_TEST]),
    ("rules.toml", "[manoeuvre] rule = ", &[MODIFIERS]),
    ("rules.toml", "Smoke (ACA p.14", &[SMOKE]),
    (
        "rules.toml",
        "Support (ACA p.5, p.7, p.8",
        &[SUPPORT_5, SUPPORT_7, SUPPORT_8, SUPPORT_12],
    ),
    (
        "rules.toml",
        "Charge reactions (ACA p.5 infantry, p.7 cavalry)",
        &[INF_REACTIONS, CAV_COUNTER],
    ),
    ("rules.toml", "only_against = \"infantry\"", &[COUNTER_INF]),
    (
        "rules.toml",
        "Close combat (ACA p.5, p.7, p.12)",
        &[SIMULTANEOUS_5, CAV_REACTIONS, SUPPORT_12],
    ),
    ("rules.toml", "support_bonus = 1", &[SUPPORT_12]),
    ("rules.toml", "bayonet_charge_strength", &[BAYONETS]),
    ("rules.toml", "sabre_charge_strength", &[SABRE]),
    ("rules.toml", "obstacle_to_hit", &[OBSTACLE_HIT]),
    ("rules.toml", "heavy_impact_ws", &[IMPACT]),
    ("rules.toml", "Engineers (ACA p.13", &[ENGINEERS]),
    ("rules.toml", "Buildings (ACA p.12)", &[BUILDINGS]),
    ("rules.toml", "[cover] # ACA p.12", &[COVER]),
    (
        "rules.toml",
        "Costs of a unit's options",
        &[FLAG_5, FLAG_7, ELITE_7, HEAVY_ARMOUR],
    ),
    ("rules.toml", "elite = 5", &[ELITE_7]),
    ("rules.toml", "Victory conditions (ACA p.14)", &[VICTORY]),
    (
        "rules.toml",
        "[manoeuvre-groups] section",
        &[NOT_CUMULATIVE],
    ),
    ("rules.toml", "[charge-fewer-half] section", &[FEWER]),
    ("rules.toml", "[test-doubles] section", &[UNDER_TEN]),
    ("rules.toml", "[officer] section", &[OFFICER]),
    (
        "rules.toml",
        "[elite-infantry] section",
        &[ELITE_5, ELITE_7],
    ),
    ("rules.toml", "[elite-infantry] quote", &[ELITE_5, ELITE_7]),
    (
        "rules.toml",
        "[elite-infantry-rerolls] section",
        &[ELITE_5, ELITE_7],
    ),
    (
        "rules.toml",
        "[elite-infantry-rerolls] quote",
        &[ELITE_7, ELITE_5],
    ),
    (
        "rules.toml",
        "[elite-infantry-rerolls] text",
        &[ELITE_7, ELITE_5, LOSSES_PRO_RATA_5],
    ),
    ("rules.toml", "[double-six-fails] section", &[UNDER_TEN]),
    (
        "rules.toml",
        "[heavy-batteries] section",
        &[FIRST_BATTERY, RUSSIAN],
    ),
    (
        "rules.toml",
        "[medium-crew] section",
        &[CREW_EXAMPLE, MEDIUM_CREW],
    ),
    (
        "rules.toml",
        "[medium-crew] quote",
        &[CREW_EXAMPLE, MEDIUM_CREW],
    ),
    (
        "rules.toml",
        "[medium-crew] decision",
        &[CREW_EXAMPLE, MEDIUM_CREW],
    ),
    ("rules.toml", "[losses] section", &[LOSSES_25]),
    ("rules.toml", "[rounding] section", &[ROUNDING, THIRD]),
    ("rules.toml", "[rounding] quote", &[ROUNDING, THIRD]),
    ("rules.toml", "[rounding] decision", &[SHELTERED]),
    (
        "rules.toml",
        "[canister-cover] section",
        &[HEAVY_COVER, SHELTERED, COVER],
    ),
    (
        "rules.toml",
        "[canister-cover] quote",
        &[HEAVY_COVER, SHELTERED],
    ),
    (
        "rules.toml",
        "[canister-cover] decision",
        &[HEAVY_COVER, SHELTERED],
    ),
    ("rules.toml", "[grand-battery-canister] section", &[GRAND]),
    (
        "rules.toml",
        "[grand-battery-canister] decision",
        &[LARGE_TARGET],
    ),
    (
        "rules.toml",
        "[simultaneous] section",
        &[SIMULTANEOUS_5, LANCE],
    ),
    (
        "rules.toml",
        "[combat-result] section",
        &[INF_CHARGE, SUPPORT_12],
    ),
    ("rules.toml", "[square-face] section", &[SQUARE]),
    ("rules.toml", "[line] shooting", &[NORMAL_FIRE, VOLLEY]),
    ("rules.toml", "[attack-column] charging", &[COLUMN_FLANKS]),
    (
        "rules.toml",
        "[attack-column] shooting",
        &[NORMAL_FIRE, VOLLEY],
    ),
    (
        "rules.toml",
        "[extended-line] shooting",
        &[EXTENDED_FIRE, NORMAL_FIRE],
    ),
    ("rules.toml", "[skirmish] shooting", &[SKIRMISH_WAB]),
    (
        "rules.toml",
        "[cavalry-line] shooting",
        &[CAV_LINE, CAV_ONE_RANK],
    ),
    ("rules.toml", "[echelon] charging", &[ECHELON_REAR]),
    ("rules.toml", "[echelon] shooting", &[CAV_ONE_RANK]),
    ("rules.toml", "[foragers] shooting", &[FORAGERS_WAB]),
    (
        "rules.toml",
        "[who-fights] section",
        &[ROUNDING, COLUMN_FLANKS, NORMAL_FIRE, ECHELON_REAR],
    ),
    (
        "rules.toml",
        "[who-fights] quote",
        &[ROUNDING, COLUMN_FLANKS, NORMAL_FIRE, ECHELON_REAR],
    ),
    ("rules.toml", "[who-fights] decision", &[LINE_TWO_RANKS]),
    ("rules.toml", "[contact] decision", &[WAB_DEFAULT]),
    ("rules.toml", "[gun-path] section", &[PATH, HALF_TEMPLATE]),
    (
        "rules.toml",
        "[contact] section",
        &[
            WAB_DEFAULT,
            FIGURE_SCALE,
            ADC_BASE,
            CONTACT_FOOT,
            CONTACT_HORSE,
        ],
    ),
    (
        "rules.toml",
        "[contact] quote",
        &[
            WAB_DEFAULT,
            FIGURE_SCALE,
            ADC_BASE,
            CONTACT_FOOT,
            CONTACT_HORSE,
        ],
    ),
    (
        "rules.toml",
        "[charge-cancelled] section",
        &[SQUARE_CANCELS, OBSTACLE],
    ),
    (
        "rules.toml",
        "[flank-rear] section",
        &[NO_FLANK, FLANK_MALUS],
    ),
    (
        "rules.toml",
        "[fire-duel] section",
        &[DUEL, CAV_NO_DUEL, FLANKS_OFF],
    ),
    ("rules.toml", "[fire-duel] quote", &[DUEL, FLANKS_OFF]),
    ("rules.toml", "[fire-duel] decision", &[OWN_MORALE]),
    ("rules.toml", "[flank-rear] quote", &[NO_FLANK, FLANK_MALUS]),
    ("rules.toml", "[flank-rear] decision", &[STRIKES_LAST]),
    ("core.toml", "flanc ou de dos\" (p.12)", &[FLANK_MALUS]),
    (
        "core.toml",
        "A square has no flank nor rear (p.3)",
        &[NO_FLANK],
    ),
    ("1809.toml", "équipée de mousquetons", &[CARBINE]),
    ("1812.toml", "équipée de mousquetons", &[CARBINE]),
    (
        "rules.toml",
        "[charge-cancelled] quote",
        &[SQUARE_CANCELS, OBSTACLE],
    ),
    ("rules.toml", "[impact-strength] section", &[IMPACT]),
    ("rules.toml", "[pistols] section", &[PISTOLS]),
    ("rules.toml", "[echelon-march] section", &[TRIPLED]),
    (
        "rules.toml",
        "[hold-and-fire] section",
        &[HOLD_FIRE, FIRE_FLEE_MINUS],
    ),
    (
        "rules.toml",
        "[officer-attack] section",
        &[OFFICER_ATTACK, CAV_OFFICER],
    ),
    ("rules.toml", "[victory-difference] section", &[BANDS_14]),
    // special.toml
    (
        "special.toml",
        "[general] section",
        &[GENERAL, GENERAL_RANGE],
    ),
    ("special.toml", "[brigadier] section", &[BRIGADIER]),
    ("special.toml", "[adc] section", &[ADCS, BRIGADIER]),
    ("special.toml", "[elite-skirmishers] section", &[ELITE_5]),
    ("special.toml", "[light-infantry] section", &[LIGHT_INF]),
    ("special.toml", "[fears-cavalry] section", &[MILITIA]),
    ("special.toml", "[drilled] section", &[DRILLED]),
    ("special.toml", "[stubborn] section", &[GUARD]),
    ("special.toml", "[ponderous] section", &[PONDEROUS]),
    ("special.toml", "[engineers] section", &[OBSTACLES_2D6]),
    ("special.toml", "[sappers] section", &[SAPPERS]),
    ("special.toml", "[open-order] section", &[OPEN_ORDER]),
    ("special.toml", "[carbines] section", &[CARBINE]),
    ("special.toml", "[mounted-fire] section", &[MOUNTED_FIRE]),
    ("special.toml", "[impact] section", &[IMPACT]),
    ("special.toml", "[pistols] section", &[PISTOLS]),
    ("special.toml", "[lance] section", &[LANCE]),
    ("special.toml", "[rifles] section", &[RIFLES]),
    ("special.toml", "[skirmishers] section", &[SKIRMISH]),
    ("special.toml", "[impetuous] section", &[TURN, IMPETUOUS_5]),
    // artillery.toml
    (
        "artillery.toml",
        "Artillery of \"Au crépuscule",
        &[ARTILLERY, AMMUNITION],
    ),
    ("artillery.toml", "[piece]", &[PIECE_T7]),
    ("artillery.toml", "[limber]", &[LIMBER]),
    ("artillery.toml", "move_foot", &[LIMBERED]),
    ("artillery.toml", "[caisson]", &[CAISSON]),
    ("artillery.toml", "[misfire]", &[MISFIRE]),
    ("artillery.toml", "[grand_battery]", &[GRAND_2500]),
    ("artillery.toml", "[ammunition]", &[AMMUNITION]),
    ("artillery.toml", "[battery_hits]", &[BATTERY_HITS]),
    ("artillery.toml", "kaboum_gunners_percent", &[KABOUM]),
    ("artillery.toml", "[duel]", &[ARTILLERY_DUEL]),
    ("artillery.toml", "[terrain]", &[SHELTERED, THIRD]),
    ("artillery.toml", "[captured]", &[CAPTURED]),
    ("artillery.toml", "[template]", &[HALF_TEMPLATE]),
    (
        "rules.toml",
        "Charge distances (ACA p.4 infantry, p.6 cavalry)",
        &[CHARGE_INF, CHARGE_CAV],
    ),
    ("rules.toml", "A damage on a building", &[BUILDING_DAMAGE]),
    // armies/*.toml
    ("1809.toml", "d'armées\", ACA p.1", &[LISTS_BOOKLETS]),
    ("1812.toml", "listes d'armées\", ACA p.1", &[LISTS_BOOKLETS]),
    ("1809.toml", "adcs = 3", &[ADCS]),
    ("1809.toml", "batteries per points band", &[BANDS]),
    ("1809.toml", "autorisent le regroupement", &[GRAND_NATIONS]),
    (
        "great-britain-1812.toml",
        "never grouped",
        &[GRAND_NATIONS, BANDS],
    ),
    ("russia-1812.toml", "# batteries\" (ACA p.10)", &[RUSSIAN]),
    ("toml", "Generals (ACA p.2)", &[GENERAL]),
    ("toml", "Infantry (ACA p.3–5)", &[INF_FORMATIONS, OFFICER]),
    ("toml", "Cavalry (ACA p.6–7)", &[CAVALRY, CAV_OFFICER]),
    ("toml", "Artillery (ACA p.8–10)", &[ARTILLERY, BANDS]),
    ("toml", "+ 4 (ACA p.13)", &[ENGINEERS]),
    // templates/wab-aca/labels.toml
    ("labels.toml", "choice_charge", &[INF_CHARGE]),
    ("labels.toml", "elite_figures_rule =", &[ELITE_7]),
    ("labels.toml", "elite_figures_rule_infantry =", &[ELITE_7]),
    (
        "labels.toml",
        "elite_figures_rule_infantry_house",
        &[ELITE_7],
    ),
    ("labels.toml", "fire_duel_rule", &[DUEL, CAV_NO_DUEL]),
    ("labels.toml", "cavalry_fire_rule", &[LIGHT_FIRES, CARBINE]),
    (
        "labels.toml",
        "battery_hits_rule",
        &[BATTERY_HITS, KABOUM, SHELLING],
    ),
    ("labels.toml", "artillery_duel_rule", &[ARTILLERY_DUEL]),
    ("labels.toml", "terrain_rule", &[SHELTERED]),
    ("labels.toml", "captured_rule", &[CAPTURED]),
    ("labels.toml", "flank_rule", &[NO_FLANK, STRIKES_LAST]),
    ("labels.toml", "break_off_rule", &[BREAK_OFF]),
    ("labels.toml", "officer_rule", &[OFFICER_HIT]),
    // the sheet editor's help, in each language
    ("labels.toml", "sheet_help_rank =", &[GENERAL]),
    ("labels.toml", "sheet_help_class =", &[LIGHT_INF, CAVALRY]),
    ("labels.toml", "sheet_help_base =", &[ENGINEERS]),
    ("labels.toml", "sheet_help_battery =", &[MEDIUM_CREW]),
    (
        "labels.toml",
        "sheet_help_firearm =",
        &[LIGHT_FIRES, CARBINE],
    ),
    (
        "labels.toml",
        "sheet_help_formations =",
        &[INF_FORMATIONS, CAV_FORMATIONS],
    ),
    // templates/wab-aca/qrs.tera
    ("qrs.tera", "l.charge_section }}", &[CHARGE_INF, CHARGE_CAV]),
    ("qrs.tera", "l.turn }}", &[TURN]),
    ("qrs.tera", "l.tests }}", &[HOW_TO_TEST]),
    ("qrs.tera", "l.formations_infantry }}", &[INF_FORMATIONS]),
    ("qrs.tera", "l.formations_cavalry }}", &[CAV_FORMATIONS]),
    ("qrs.tera", "l.weapons }}", &[MUSKET, CARBINE, ARMEMENT]),
    ("qrs.tera", "l.manoeuvre }}", &[MODIFIERS]),
    ("qrs.tera", "l.reactions_infantry }}", &[INF_REACTIONS]),
    ("qrs.tera", "l.reactions_cavalry }}", &[CAV_COUNTER]),
    (
        "qrs.tera",
        "l.support }}",
        &[SUPPORT_5, SUPPORT_7, SUPPORT_8, SUPPORT_12],
    ),
    ("qrs.tera", "l.shooting }}", &[MUSKET, CARBINE]),
    ("qrs.tera", "l.artillery }}", &[ARTILLERY, SHELTERED]),
    (
        "qrs.tera",
        "l.close_combat }}",
        &[SIMULTANEOUS_5, CAV_REACTIONS, OBSTACLE_HIT],
    ),
    ("qrs.tera", "l.qualities }}", &[QUALITIES]),
    ("qrs.tera", "l.engineers }}", &[OBSTACLES_2D6]),
    ("qrs.tera", "l.buildings }}", &[BUILDINGS]),
    ("qrs.tera", "l.victory }}", &[VICTORY]),
    ("qrs.tera", "q.smoke.name }}", &[SMOKE]),
    // docs/wab-aca.md
    ("wab-aca.md", "Deux livrets présentent", &[LISTS_BOOKLETS]),
    (
        "wab-aca.md",
        "told otherwise (\"Formation d'une ligne de deux rangs\", p.3",
        &[LINE_TWO_RANKS],
    ),
    (
        "wab-aca.md",
        "not say, p.1, and does not say how a charge",
        &[WAB_DEFAULT],
    ),
    ("wab-aca.md", "the batteries are grouped", &[GRAND_NATIONS]),
    (
        "wab-aca.md",
        "+5 a musician (ACA p.5, p.7)",
        &[FLAG_5, FLAG_7],
    ),
    (
        "wab-aca.md",
        "pioneers' heavy armour (ACA p.13)",
        &[HEAVY_ARMOUR, ELITE_7],
    ),
    (
        "wab-aca.md",
        "(ACA p.13), which the lint checks",
        &[ENGINEERS],
    ),
    (
        "wab-aca.md",
        "`crew-below-minimum`",
        &[MEDIUM_CREW, CREW_SKIP],
    ),
    ("wab-aca.md", "`battery-allowance`", &[BANDS]),
    ("wab-aca.md", "`first-battery`", &[FIRST_BATTERY]),
    ("wab-aca.md", "`heavy-battery`", &[FIRST_BATTERY]),
    ("wab-aca.md", "`grand-battery` | error", &[GRAND_2500]),
    ("wab-aca.md", "`commander`", &[GENERAL]),
    ("wab-aca.md", "`adc-allowance`", &[ADCS]),
    ("wab-aca.md", "**manoeuvre-groups**", &[NOT_CUMULATIVE]),
    ("wab-aca.md", "**charge-fewer-half**", &[FEWER]),
    ("wab-aca.md", "**test-doubles**", &[UNDER_TEN]),
    ("wab-aca.md", "**officer** (ACA p.5)", &[OFFICER]),
    ("wab-aca.md", "**elite-infantry**", &[ELITE_5, ELITE_7]),
    ("wab-aca.md", "elite figures (p.7, \"Payées", &[ELITE_7]),
    ("wab-aca.md", "elite companies skirmish (p.5)", &[ELITE_5]),
    (
        "wab-aca.md",
        "**elite-infantry-rerolls**",
        &[ELITE_5, ELITE_7],
    ),
    ("wab-aca.md", "book only the cavalry's do (p.7)", &[ELITE_7]),
    (
        "wab-aca.md",
        "as the centre companies do (ACA p.5",
        &[ELITE_5],
    ),
    (
        "wab-aca.md",
        "pro rata of its composition (p.5)",
        &[LOSSES_PRO_RATA_5],
    ),
    (
        "wab-aca.md",
        "présentes dans l'unité\", p.7)",
        &[ELITE_PRESENT_7],
    ),
    ("wab-aca.md", "**double-six-fails**", &[UNDER_TEN]),
    ("wab-aca.md", "**heavy-batteries**", &[FIRST_BATTERY]),
    (
        "wab-aca.md",
        "**medium-crew**",
        &[CREW_EXAMPLE, MEDIUM_CREW],
    ),
    (
        "wab-aca.md",
        "the rate-of-fire example of p.8",
        &[CREW_EXAMPLE],
    ),
    ("wab-aca.md", "**losses**", &[LOSSES_25]),
    ("wab-aca.md", "**rounding**", &[ROUNDING, THIRD]),
    ("wab-aca.md", "**canister-cover**", &[HEAVY_COVER]),
    ("wab-aca.md", "6+ seulement\" against p.10", &[SHELTERED]),
    ("wab-aca.md", "l'intérieur d'un bois\"): p.10", &[SHELTERED]),
    ("wab-aca.md", "the 6+ of p.9 is", &[HEAVY_COVER]),
    ("wab-aca.md", "**grand-battery-canister**", &[GRAND]),
    (
        "wab-aca.md",
        "the large-target hits are round shot's, p.9",
        &[LARGE_TARGET],
    ),
    ("wab-aca.md", "**simultaneous**", &[SIMULTANEOUS_5, LANCE]),
    ("wab-aca.md", "**combat-result**", &[INF_CHARGE, SUPPORT_12]),
    ("wab-aca.md", "**square-face**", &[SQUARE]),
    (
        "wab-aca.md",
        "**who-fights**",
        &[COLUMN_FLANKS, NORMAL_FIRE, ECHELON_REAR],
    ),
    (
        "wab-aca.md",
        "**contact**",
        &[
            WAB_DEFAULT,
            FIGURE_SCALE,
            ADC_BASE,
            CONTACT_FOOT,
            CONTACT_HORSE,
        ],
    ),
    (
        "wab-aca.md",
        "**charge-cancelled**",
        &[SQUARE_CANCELS, OBSTACLE],
    ),
    ("wab-aca.md", "**impact-strength**", &[IMPACT]),
    ("wab-aca.md", "**pistols**", &[PISTOLS]),
    ("wab-aca.md", "**echelon-march**", &[TRIPLED]),
    (
        "wab-aca.md",
        "**hold-and-fire**",
        &[HOLD_FIRE, FIRE_FLEE_MINUS],
    ),
    ("wab-aca.md", "**officer-attack**", &[OFFICER_ATTACK]),
    ("wab-aca.md", "**victory-difference**", &[BANDS_14]),
    ("wab-aca.md", "pages\", ACA p.1) is five pages", &[AIDE]),
    ("wab-aca.md", "**flank-rear**", &[NO_FLANK, FLANK_MALUS]),
    (
        "wab-aca.md",
        "**fire-duel**",
        &[DUEL, CAV_NO_DUEL, FLANKS_OFF],
    ),
    (
        "wab-aca.md",
        "survivors rounded up (the losses come off the flanks, p.12)",
        &[FLANKS_OFF],
    ),
    (
        "wab-aca.md",
        "loser's morale test is on its own Ld (p.14)",
        &[OWN_MORALE],
    ),
    ("wab-aca.md", "with no loss (ACA p.11", &[UNSCATHED]),
    (
        "wab-aca.md",
        "their `firearm` (carbines",
        &[LIGHT_FIRES, CARBINE, MOUNTED_FIRE],
    ),
    (
        "wab-aca.md",
        "possible pour la cavalerie lourde\", ACA p.6)",
        &[HEAVY_NO_FIRE],
    ),
    (
        "wab-aca.md",
        "- `fire-duel` (ACA p.4, p.7)",
        &[DUEL, CAV_NO_DUEL],
    ),
    ("wab-aca.md", "coming off the flanks, p.12;", &[FLANKS_OFF]),
    ("wab-aca.md", "with its losses (p.4", &[DUEL]),
    (
        "wab-aca.md",
        "not cumulative (p.11, **)",
        &[LOSSES_QUARTER, BELOW_HALF, NOT_CUMULATIVE],
    ),
    (
        "wab-aca.md",
        "starting figures, ACA p.11, so",
        &[LOSSES_QUARTER, BELOW_HALF],
    ),
    (
        "core.toml",
        "face au feu adverse\", ACA p.3)",
        &[EXTENDED_SKIRMISHERS],
    ),
    (
        "wab-aca.md",
        "answer (refused, quoting p.7)",
        &[CAV_NO_DUEL],
    ),
    (
        "wab-aca.md",
        "reformed strikes last (ACA p.12)",
        &[STRIKES_LAST],
    ),
    // (the line above also pairs "# Flank and rear; a unit that reformed strikes last (ACA p.12)")
    (
        "wab-aca.md",
        "a square has neither (refused, ACA p.3)",
        &[NO_FLANK],
    ),
    (
        "wab-aca.md",
        "against cavalry is refused, ACA p.5",
        &[COUNTER_INF],
    ),
    (
        "wab-aca.md",
        "+1/+2 hits, ACA p.9",
        &[LARGE_TARGET, HEAVY_COVER],
    ),
    (
        "wab-aca.md",
        "in 2, ACA p.10, reading canister-cover",
        &[SHELTERED, GRAND],
    ),
    ("wab-aca.md", "no bonus hit, ACA p.10; a", &[THIRD]),
    (
        "wab-aca.md",
        "procedure of fire, ACA p.9",
        &[PATH, HALF_TEMPLATE],
    ),
    (
        "wab-aca.md",
        "ACA p.10: give neither). `--at",
        &[COLLATERAL, SHELLING],
    ),
    ("wab-aca.md", "\"Kaboum\", ACA p.8", &[KABOUM, BATTERY_HITS]),
];

#[test]
fn every_citation_is_on_its_page() {
    let Some(book) = book() else {
        return;
    };
    let lines = citing_lines();
    let mut used = vec![0usize; PAIRINGS.len()];
    let mut problems = Vec::new();
    let mut checked = 0;
    for c in &lines {
        let matching: Vec<usize> = PAIRINGS
            .iter()
            .enumerate()
            .filter(|(_, (file, anchor, _))| c.file.ends_with(file) && c.key.contains(anchor))
            .map(|(i, _)| i)
            .collect();
        let [i] = matching[..] else {
            problems.push(format!(
                "{}:{}: {} pairings for `{}` (pages {:?})",
                c.file,
                c.line,
                matching.len(),
                c.key,
                c.pages
            ));
            continue;
        };
        used[i] += 1;
        let (_, _, words) = PAIRINGS[i];
        for page in &c.pages {
            if !words.iter().any(|(p, _)| p == page) {
                problems.push(format!(
                    "{}:{}: cites p.{page}, and its pairing has no words for p.{page}",
                    c.file, c.line
                ));
            }
            checked += 1;
        }
    }
    for (i, (file, anchor, words)) in PAIRINGS.iter().enumerate() {
        if used[i] == 0 {
            problems.push(format!("pairing ({file}, `{anchor}`) pairs no citation"));
        }
        for (page, w) in *words {
            let text = book.pages.get(page).map(String::as_str).unwrap_or("");
            if !text.contains(&normalise(w)) {
                let elsewhere: Vec<u32> = book
                    .pages
                    .iter()
                    .filter(|(_, t)| t.contains(&normalise(w)))
                    .map(|(p, _)| *p)
                    .collect();
                problems.push(format!(
                    "({file}, `{anchor}`): \"{w}\" is not on p.{page} of the book{}",
                    if elsewhere.is_empty() {
                        " nor anywhere in it".to_owned()
                    } else {
                        format!(" (it is on p.{elsewhere:?})")
                    }
                ));
            }
        }
    }
    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
    eprintln!(
        "{checked} citations of the book checked, on {} lines of {} files",
        lines.len(),
        cited_files().len()
    );
}

/// The «quoted» parts of a text, each cut at "…" (the words it leaves out).
fn quoted(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('«') {
        let after = &rest[open + '«'.len_utf8()..];
        let Some(close) = after.find('»') else {
            break;
        };
        out.extend(
            after[..close]
                .split('…')
                .map(str::trim)
                .filter(|p| !p.is_empty())
                .map(str::to_owned),
        );
        rest = &after[close + '»'.len_utf8()..];
    }
    out
}

/// Every «quote» of a reading or of a manoeuvre condition is the book's, word for word.
#[test]
fn every_quote_of_a_reading_is_in_the_book() {
    let Some(book) = book() else {
        return;
    };
    let db = super::database();
    let mut sources: Vec<(String, &str)> = db
        .rules
        .reading
        .iter()
        .map(|r| (format!("reading {}", r.id), r.quote.as_str()))
        .collect();
    for c in &db.rules.manoeuvre.condition {
        if let Some(q) = &c.quote {
            sources.push((format!("condition {}", c.id), q.as_str()));
        }
    }
    let mut problems = Vec::new();
    let mut checked = 0;
    for (what, text) in &sources {
        let parts = quoted(text);
        if parts.is_empty() {
            problems.push(format!("{what}: no «quote» of the book"));
        }
        for part in parts {
            checked += 1;
            if !book.whole.contains(&normalise(&part)) {
                problems.push(format!("{what}: «{part}» is not in the book"));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    eprintln!(
        "{checked} quotes of {} readings and conditions found in the book",
        sources.len()
    );
}
