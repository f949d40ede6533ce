//! The event on paper, in its language: the booklet of every entry's roster (a title page
//! with the event, its ruleset, its points and the players in order, then each list's roster
//! as `muster roster` prints it, the sheets of the player's own the entry carries included), a
//! round's pairings in type large enough to pin on a wall, and the standings. Each returns
//! the PDF's bytes: the command line writes them, the event's page serves them.

use std::path::PathBuf;

use super::check::Checker;
use super::file::{EventFile, Round};
use super::standings::{standings as standings_of, Standing};
use super::words::{heading, lang_of, say, yes_no, Heading};
use crate::core::error::Error;
use crate::core::i18n::Lang;
use crate::core::words::Phrase;
use crate::render::canvas::{Document, Page};
use crate::render::flow;
use crate::render::fonts::Fonts;
use crate::render::markup::{Block, Located};
use crate::render::sheet::Paper;

/// The type of a document of `rows` table rows on `paper`, in points: as large as fits them
/// on one page, up to `most` (the pairings are read from a few steps away), and never below
/// 9 points (a large event's go on over pages).
fn wall_size(paper: Paper, rows: usize, most: f32) -> f32 {
    // The page less its margins, title and subtitle, in mm; a row is 1.2 lines and 0.8 mm.
    let room = paper.size().1 - 22.0 - 45.0;
    let row = room / (rows as f32 + 1.0) - 0.8;
    (row * crate::render::canvas::PT_PER_MM / 1.2).clamp(9.0, most)
}

/// A heading of a printed table: its first letter a capital.
fn cap(text: String) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => text,
    }
}

/// Blocks as a flowing document's layout reads them.
fn located(blocks: Vec<Block>) -> Vec<Located> {
    blocks.into_iter().map(|b| (0, b)).collect()
}

/// `blocks` laid out on `paper` as a PDF titled `title`, its footer naming the event.
fn document(
    file: &EventFile,
    title: &str,
    paper: Paper,
    blocks: Vec<Block>,
) -> Result<Vec<u8>, Error> {
    let mut doc = Document::new(title)?;
    for page in flow::render(
        &doc.fonts,
        Fonts::shared()?,
        paper.size(),
        &format!("muster · {}", file.event.name),
        &located(blocks),
    ) {
        doc.push(page);
    }
    Ok(doc.save())
}

/// The subtitle of every document: the ruleset and the points a list may cost.
fn subtitle(file: &EventFile, lang: Lang) -> String {
    let ruleset = super::open::ruleset(file)
        .map(|r| r.title_in(lang).to_owned())
        .unwrap_or_else(|_| file.event.ruleset.clone());
    say(
        lang,
        &Phrase::new(
            "event-subtitle",
            "{ruleset} · lists of at most {points|# point|# points}",
        )
        .text("ruleset", ruleset)
        .count("points", file.rules.points),
    )
}

/// The booklet of the event's lists: a title page (the event's name, ruleset and points, and
/// every player in the order of the entries with their club, list, points and whether it is
/// valid), then each entry's roster on pages of its own, checked over the data `dirs` (the
/// event's rules included in what the roster says of it). An entry whose list does not read
/// has a page saying why.
pub fn booklet(file: &EventFile, dirs: &[PathBuf], paper: Paper) -> Result<Vec<u8>, Error> {
    let lang = lang_of(file);
    let ruleset = super::open::ruleset(file).map_err(Error::Usage)?;
    // A ruleset not printed in the event's language prints its rosters in its first.
    let roster_lang = if ruleset.languages().contains(&lang) {
        lang
    } else {
        ruleset.languages().first().copied().unwrap_or_default()
    };
    let (engine, sources) = super::load(ruleset, dirs)?;
    let mut checker = Checker::new(engine, sources, file);
    let checked: Vec<_> = file.entries.iter().map(|e| checker.check_over(e)).collect();

    let mut title = vec![
        Block::FontSize(11.0),
        Block::Title(file.event.name.clone()),
        Block::Subtitle(subtitle(file, lang)),
        Block::Section(say(
            lang,
            &Phrase::new("event-players", "{n|# player|# players}").count("n", file.entries.len()),
        )),
        Block::Table(vec![0.5, 3.0, 2.0, 3.5, 1.4, 1.0]),
        Block::Header(
            [
                Heading::Rank,
                Heading::Player,
                Heading::Club,
                Heading::List,
                Heading::Points,
                Heading::Valid,
            ]
            .map(|h| cap(heading(lang, h)))
            .to_vec(),
        ),
    ];
    for (i, (c, _)) in checked.iter().enumerate() {
        title.push(Block::Row(vec![
            (i + 1).to_string(),
            c.player.clone(),
            c.club.clone().unwrap_or_default(),
            c.list.clone(),
            format!("{} / {}", c.total, file.rules.points),
            yes_no(lang, c.valid),
        ]));
    }
    title.push(Block::End);

    let mut doc = Document::new(&file.event.name)?;
    let fonts = Fonts::shared()?;
    let footer = format!("muster · {}", file.event.name);
    for page in flow::render(&doc.fonts, fonts, paper.size(), &footer, &located(title)) {
        doc.push(page);
    }
    for (n, (c, over)) in checked.iter().enumerate() {
        let pages: Vec<Page> = match &c.check {
            Some(list) => {
                // The roster says what the event says of the list: its own diagnostics and
                // the event's rules.
                let mut list = list.clone();
                list.diagnostics = c.diagnostics.clone();
                let engine = over.as_ref().unwrap_or(&checker.engine);
                let mut pages = crate::ops::print::roster_pages(
                    &doc.fonts,
                    engine,
                    &list,
                    &checker.sources,
                    roster_lang,
                    paper,
                )?;
                // Whose list it is, above the roster's own title.
                if let Some(first) = pages.first_mut() {
                    let who = entry_line(lang, n + 1, &c.player, c.club.as_deref());
                    first.text(
                        &doc.fonts,
                        11.0,
                        7.5,
                        crate::render::canvas::Style::new(
                            7.5,
                            true,
                            crate::render::canvas::Colour::GREY,
                        ),
                        &who,
                    );
                }
                pages
            }
            None => {
                let mut blocks = vec![
                    Block::FontSize(11.0),
                    Block::Title(entry_line(lang, n + 1, &c.player, c.club.as_deref())),
                    Block::Section(say(
                        lang,
                        &Phrase::new("event-no-roster", "the list does not read: no roster"),
                    )),
                ];
                blocks.extend(super::check::problems(c).into_iter().map(Block::Item));
                flow::render(&doc.fonts, fonts, paper.size(), &footer, &located(blocks))
            }
        };
        for page in pages {
            doc.push(page);
        }
    }
    Ok(doc.save())
}

/// `3. Ann Shaw (Bath)`: an entry as the booklet names it.
fn entry_line(lang: Lang, n: usize, player: &str, club: Option<&str>) -> String {
    match club {
        Some(club) => say(
            lang,
            &Phrase::new("event-entry-of-club", "{n}. {player} ({club})")
                .count("n", n)
                .text("player", player)
                .text("club", club),
        ),
        None => say(
            lang,
            &Phrase::new("event-entry", "{n}. {player}")
                .count("n", n)
                .text("player", player),
        ),
    }
}

/// The round `n` of the event (its last when `None`).
pub fn round_of(file: &EventFile, n: Option<u32>) -> Result<&Round, Error> {
    let last = file.rounds.len() as u32;
    match n {
        None if last == 0 => Err(Error::Usage(
            "no round is paired yet (`muster event pair` pairs the next)".into(),
        )),
        None => Ok(&file.rounds[last as usize - 1]),
        Some(r) if r == 0 || r > last => Err(Error::Usage(format!(
            "--round {r}: {}",
            if last == 0 {
                "no round is paired yet".to_owned()
            } else {
                format!("rounds 1 to {last} are paired")
            }
        ))),
        Some(r) => Ok(&file.rounds[r as usize - 1]),
    }
}

/// A round's pairings, in type to pin on a wall: each table with its two players and their
/// clubs, then the bye.
pub fn pairings(file: &EventFile, round: u32, paper: Paper) -> Result<Vec<u8>, Error> {
    let lang = lang_of(file);
    let r = round_of(file, Some(round))?;
    let club = |p: &str| {
        file.entries
            .iter()
            .find(|e| e.player == p)
            .and_then(|e| e.club.clone())
            .unwrap_or_default()
    };
    let title = say(
        lang,
        &Phrase::new("event-pairings-title", "Round {n}: pairings").count("n", round),
    );
    let rows = r.tables.len() + usize::from(r.bye.is_some());
    let mut blocks = vec![
        Block::FontSize(wall_size(paper, rows, 16.0)),
        Block::Title(title.clone()),
        Block::Subtitle(format!("{} · {}", file.event.name, subtitle(file, lang))),
        Block::Table(vec![1.6, 3.2, 2.2, 3.2, 2.2]),
        Block::Header(
            [
                Heading::Table,
                Heading::Player,
                Heading::Club,
                Heading::Opponent,
                Heading::Club,
            ]
            .map(|h| cap(heading(lang, h)))
            .to_vec(),
        ),
    ];
    for t in &r.tables {
        blocks.push(Block::Row(vec![
            t.table.to_string(),
            t.a.clone(),
            club(&t.a),
            t.b.clone(),
            club(&t.b),
        ]));
    }
    // The bye, last, as a row of its own.
    if let Some(b) = &r.bye {
        blocks.push(Block::Row(vec![
            "–".into(),
            b.clone(),
            club(b),
            say(lang, &Phrase::new("event-bye-row", "(bye)")),
            String::new(),
        ]));
    }
    blocks.push(Block::End);
    document(file, &title, paper, blocks)
}

/// The standings after the rounds played: rank, player (marked when they left the event),
/// club, points, strength of schedule, score difference, wins, draws and losses, byes.
pub fn standings(file: &EventFile, paper: Paper) -> Result<Vec<u8>, Error> {
    let lang = lang_of(file);
    let rows = standings_of(file, file.rounds.len());
    let title = say(
        lang,
        &Phrase::new("event-standings-title", "Standings after round {n}")
            .count("n", file.rounds.len()),
    );
    let mut blocks = vec![
        Block::FontSize(wall_size(paper, rows.len(), 14.0)),
        Block::Title(title.clone()),
        Block::Subtitle(format!("{} · {}", file.event.name, subtitle(file, lang))),
        Block::Table(vec![0.6, 3.0, 1.9, 1.4, 1.6, 1.6, 1.4, 1.5]),
        Block::Header(
            super::words::STANDINGS_COLUMNS
                .map(|h| cap(heading(lang, h)))
                .to_vec(),
        ),
    ];
    blocks.extend(rows.iter().map(|s| Block::Row(standing_cells(lang, s))));
    blocks.push(Block::End);
    document(file, &title, paper, blocks)
}

/// A player's standing as a table's row, in `lang`: rank, player (marked when they left the
/// event), club, points, strength of schedule, score difference, wins-draws-losses, byes.
pub fn standing_cells(lang: Lang, s: &Standing) -> Vec<String> {
    let player = match s.dropped_after {
        Some(n) => format!(
            "{} ({})",
            s.player,
            say(lang, &super::words::dropped_after(n))
        ),
        None => s.player.clone(),
    };
    vec![
        s.rank.to_string(),
        player,
        s.club.clone().unwrap_or_default(),
        s.points.to_string(),
        s.sos.to_string(),
        signed(s.score_diff),
        format!("{}-{}-{}", s.wins, s.draws, s.losses),
        s.byes.to_string(),
    ]
}

/// A score difference with its sign: `+12`, `-3`, `0`.
pub fn signed(n: i64) -> String {
    if n > 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}
