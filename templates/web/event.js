// muster serve: the organiser's page of an event (muster serve --event EVENT.toml): the entries
// checked as they arrive (GET /api/event, the same check as muster event check), each player's
// join link for their phone, the rounds with their tables, results, the players' reports and
// the disputed tables to decide, the next round paired, two players swapped, the standings. The
// page asks the file's version every two seconds and reads the event again when it changed (a
// result entered from the command line or a phone).
"use strict";

const EV = { data: null, version: "", pending: false };

async function loadEvent() {
  const r = await api("GET", `/api/event?lang=${enc(UI.lang)}`);
  if (!r.ok) {
    banner(said(r.data.error));
    return;
  }
  EV.data = r.data;
  EV.version = r.data.version;
  drawEvent();
}

// What a table's result says: who won, the score.
function resultWords(tb, result, score) {
  const s = score ? ` (${score[0]}–${score[1]})` : "";
  if (result === "draw") return t("ev_a_draw") + s;
  return t("ev_wins", { player: result === "a" ? tb.a : tb.b }) + s;
}

const who = (name, club) => el("span", { class: "ev-who" }, el("strong", {}, name), club ? el("span", { class: "muted small" }, ` ${club}`) : null);

function drawEvent() {
  const d = EV.data;
  document.title = `${d.name} · muster`;
  $("#title").textContent = d.name;
  $("#crumb").textContent = d.file;
  $("#subtitle").textContent = t("ev_subtitle", { ruleset: d.ruleset, points: number(d.points, 0) })
    + (d.rounds_planned ? ` · ${t("ev_rounds_planned", { n: d.rounds_planned })}` : "")
    + (d.data_differs ? ` · ${t("ev_data_differs")}` : "");
  $("#counts").textContent = t("ev_counts", { n: d.entries.length, valid: d.valid });
  drawEntries(d);
  drawRounds(d);
  drawStandings(d);
  $("#pdfs-card").hidden = !d.pdfs.length;
  $("#pdfs").replaceChildren(...d.pdfs.map((p) =>
    el("a", { class: "button secondary", href: p.href, target: "_blank" }, t(`ev_pdf_${p.kind}`, { n: p.round }))));
}

function drawEntries(d) {
  const box = $("#entries");
  if (!d.entries.length) {
    box.replaceChildren(el("p", { class: "muted" }, t("ev_no_entries")));
    return;
  }
  box.replaceChildren(...d.entries.map((e) => el("div", { class: "ev-entry", "data-player": e.player },
    el("div", { class: "ev-entry-who" }, who(e.player, e.club)),
    el("div", { class: "ev-entry-list" }, e.list || "—", el("span", { class: "muted small" }, ` ${e.from === "code" ? t("ev_from_code") : e.from}`)),
    el("div", { class: "list-points" }, `${number(e.total, 0)} / ${number(e.limit || d.points, 0)}`),
    el("span", { class: e.valid ? "badge ok" : "badge bad" }, e.valid ? t("valid") : t("ev_invalid")),
    el("button", { type: "button", class: "small", onclick: () => showJoin(e.player) }, t("ev_phone")),
    e.problems.length ? el("ul", { class: "ev-problems" }, e.problems.map((p) => el("li", {}, said(p)))) : null)));
}

async function showJoin(player) {
  const r = await api("GET", `/api/event/join?player=${enc(player)}`);
  if (!r.ok) return banner(said(r.data.error));
  const p = $("#join");
  p.hidden = false;
  p.replaceChildren(
    el("h3", {}, t("ev_join_title", { player: r.data.player })),
    el("p", { class: "muted small" }, t("ev_join_intro")),
    el("div", { class: "share-grid" },
      el("div", { class: "share-qr" }, el("img", { src: "data:image/svg+xml;charset=utf-8," + enc(r.data.qr_svg), alt: t("ev_join_title", { player: r.data.player }) })),
      el("div", { class: "share-texts" }, el("a", { href: r.data.url, class: "ev-join-url", target: "_blank", rel: "noopener noreferrer" }, r.data.url),
        el("button", { type: "button", class: "secondary", onclick: () => { p.hidden = true; } }, t("close")))));
  p.scrollIntoView({ block: "nearest" });
}

// A table's result entered (or a disputed one decided) by the organiser.
function resultForm(round, tb) {
  const pick = el("select", { class: "ev-pick" },
    el("option", { value: "" }, "—"),
    el("option", { value: "a" }, t("ev_wins", { player: tb.a })),
    el("option", { value: "b" }, t("ev_wins", { player: tb.b })),
    el("option", { value: "draw" }, t("ev_a_draw")));
  const sa = el("input", { class: "fig", type: "number", min: 0, max: 10000, inputmode: "numeric", "aria-label": t("ev_score_of", { player: tb.a }), placeholder: t("ev_vp") });
  const sb = el("input", { class: "fig", type: "number", min: 0, max: 10000, inputmode: "numeric", "aria-label": t("ev_score_of", { player: tb.b }), placeholder: t("ev_vp") });
  const send = async (ev) => {
    ev.preventDefault();
    if (!pick.value) return banner(t("ev_pick_result"));
    const score = sa.value !== "" && sb.value !== "" ? [Number(sa.value), Number(sb.value)] : null;
    const r = await api("POST", "/api/event/result", { round, table: tb.table, result: pick.value, score });
    if (!r.ok) return banner(said(r.data.error));
    banner(null);
    await loadEvent();
  };
  return el("form", { class: "row ev-result-form", onsubmit: send }, pick, sa, el("span", {}, "–"), sb,
    el("button", { type: "submit", class: tb.disputed ? "danger" : "" }, tb.disputed ? t("ev_decide") : t("ev_enter")));
}

function tableRow(round, tb, last) {
  const reports = tb.reports.map((r) => el("li", {}, t("ev_reports", { player: r.player, what: resultWords(tb, r.result, r.score) })));
  return el("div", { class: "ev-table" + (tb.disputed ? " disputed" : ""), "data-table": tb.table },
    el("div", { class: "ev-table-num" }, t("ev_table", { n: tb.table })),
    el("div", { class: "ev-table-players" }, who(tb.a, tb.club_a), el("span", { class: "muted" }, " – "), who(tb.b, tb.club_b)),
    el("div", { class: "ev-table-result" },
      tb.result ? el("span", { class: "badge ok" }, resultWords(tb, tb.result, tb.score))
        : tb.disputed ? el("span", { class: "badge bad" }, t("ev_disputed"))
        : el("span", { class: "badge" }, tb.reports.length ? t("ev_one_report") : t("ev_playing"))),
    reports.length ? el("ul", { class: "ev-reports small" }, reports) : null,
    last && !tb.result ? resultForm(round, tb) : null);
}

function drawRounds(d) {
  const box = $("#rounds");
  const last = d.rounds[d.rounds.length - 1];
  $("#round-title").textContent = last ? t("ev_round", { n: last.round }) : t("ev_rounds");
  if (!last) {
    box.replaceChildren(el("p", { class: "muted" }, t("ev_no_round")));
    $("#swap").hidden = true;
    return;
  }
  const earlier = d.rounds.slice(0, -1).reverse().map((r) => el("details", { class: "ev-earlier" },
    el("summary", {}, t("ev_round", { n: r.round })),
    r.tables.map((tb) => tableRow(r.round, tb, false)),
    r.bye ? el("p", { class: "muted small" }, t("ev_bye_of", { player: r.bye })) : null));
  const open = last.tables.filter((tb) => !tb.result).length;
  box.replaceChildren(...kids(
    el("p", { class: "muted small" }, open ? t("ev_open_tables", { n: open }) : t("ev_round_done")),
    last.tables.map((tb) => tableRow(last.round, tb, true)),
    last.bye ? el("p", { class: "muted" }, t("ev_bye_of", { player: last.bye })) : null,
    earlier));
  // Two players swapped while the round has not started.
  const started = last.tables.some((tb) => tb.result || tb.reports.length);
  $("#swap").hidden = started;
  if (!started) {
    const players = last.tables.flatMap((tb) => [tb.a, tb.b]).concat(last.bye ? [last.bye] : []);
    for (const s of [$("#swap-a"), $("#swap-b")]) {
      const was = s.value;
      s.replaceChildren(...players.map((p) => el("option", { value: p, selected: p === was }, p)));
    }
    $("#swap").dataset.round = last.round;
  }
}

function drawStandings(d) {
  const head = el("tr", {}, ["#", t("ev_player"), t("ev_club"), t("ev_points"), t("ev_sos"), t("ev_score_diff"), t("ev_wdl")].map((h) => el("th", {}, h)));
  $("#standings").replaceChildren(el("thead", {}, head), el("tbody", {}, d.standings.map((s) => el("tr", {},
    el("td", {}, s.rank), el("td", { class: "ev-name" }, s.player), el("td", { class: "ev-name" }, s.club || ""),
    el("td", {}, s.points), el("td", {}, s.sos), el("td", {}, s.score_diff), el("td", {}, `${s.wins}-${s.draws}-${s.losses}`)))));
}

function showWarnings(list) {
  const w = $("#warnings");
  w.hidden = !list.length;
  w.replaceChildren(...list.map((x) => el("p", {}, t("ev_warning", { what: said(x) }))));
}

async function pairNext() {
  const r = await api("POST", "/api/event/pair", {});
  if (!r.ok) return banner(said(r.data.error));
  banner(null);
  showWarnings(r.data.warnings);
  await loadEvent();
}

async function swapPlayers(ev) {
  ev.preventDefault();
  const r = await api("POST", "/api/event/swap", { round: Number($("#swap").dataset.round), a: $("#swap-a").value, b: $("#swap-b").value });
  if (!r.ok) return banner(said(r.data.error));
  banner(null);
  showWarnings(r.data.warnings);
  await loadEvent();
}

async function addEntry(ev) {
  ev.preventDefault();
  const r = await api("POST", "/api/event/entries", { player: $("#add-player").value, club: $("#add-club").value, code: $("#add-code").value });
  if (!r.ok) return banner(said(r.data.error));
  banner(t(r.data.replaced ? "ev_replaced" : "ev_added", { player: r.data.entry.player }), true);
  $("#add").reset();
  await loadEvent();
}

async function undoLast() {
  const r = await api("POST", "/api/event/undo");
  if (!r.ok) return banner(said(r.data.error));
  banner(said(r.data.said), true);
  await loadEvent();
}

// The file's version asked every two seconds: the event read again when it changed, unless
// the organiser is typing in a form (then once they leave it).
async function poll() {
  const r = await api("GET", "/api/event/version");
  if (r.ok && r.data.version !== EV.version) EV.pending = true;
  const typing = document.activeElement?.closest?.("form");
  if (EV.pending && !typing) {
    EV.pending = false;
    await loadEvent();
  }
}

startPage(async () => {
  await loadEvent();
  setInterval(poll, 2000);
}, () => {
  $("#pair").addEventListener("click", pairNext);
  $("#swap").addEventListener("submit", swapPlayers);
  $("#add").addEventListener("submit", addEntry);
  $("#undo").addEventListener("click", undoLast);
});
