// muster serve: a game's script (game.html): the game at the table, its marks and undo, the odds
// between two of its units and the result so far. Uses common.js.
"use strict";

const game = { name: "", view: null, version: null, busy: false, timer: null, asked: null };

async function gamePage() {
  game.name = decodeURIComponent(location.pathname.replace(/^\/games\//, ""));
  if (!(await loadGame())) return;
  const v = game.view;
  $("#crumb").replaceChildren(el("a", { href: "/" }, t("games")), " / ", game.name);
  document.title = `muster — ${t("a_against_b", { a: v.a.name, b: v.b.name })}`;
  $("#next-turn").addEventListener("click", () => markGame({ turn: true }));
  $("#undo").addEventListener("click", undoGame);
  // What the link asked for, kept: the page's address follows what it shows from the first
  // odds on (a situation asked was lost before its menus were drawn).
  const asked = game.asked = new URLSearchParams(location.search);
  for (const side of ["a", "b"]) {
    const s = $(`#odds-${side}`);
    s.append(el("option", { value: "" }, t("choose")));
    s.append(...v[side].units.map((u) => el("option", { value: u.key }, `${u.key}. ${u.label}`)));
    if (asked.get(side) && [...s.options].some((o) => o.value === asked.get(side))) s.value = asked.get(side);
    s.addEventListener("change", drawOdds);
  }
  $("#score-fold").addEventListener("toggle", drawScore);
  redrawChartsOnResize(drawOdds, () => $("#odds"));
  // A link to the result (…/games/NAME#score) opens it.
  if (location.hash === "#score") {
    $("#score-fold").open = true;
    await drawScore();
    $("#score-card").scrollIntoView();
  }
  await drawOdds();
  // Another device at the table may mark the game: look every few seconds, while the page is
  // seen, and redraw when it changed (a tap made meanwhile on the old state is refused).
  game.timer = setInterval(async () => {
    if (document.hidden || game.busy) return;
    const seen = game.version;
    const r = await api("GET", `/api/games/${enc(game.name)}?lang=${UI.lang}`);
    // Only when nothing was tapped here meanwhile (an answer older than a tap is dropped).
    if (r.ok && !game.busy && game.version === seen && r.data.version !== seen) await showGame(r.data, true);
  }, 4000);
}

async function loadGame() {
  const r = await api("GET", `/api/games/${enc(game.name)}?lang=${UI.lang}`);
  if (!r.ok) {
    banner(r.data.error);
    return false;
  }
  await showGame(r.data, false);
  return true;
}

const stateName = (id) => game.view.states.find((s) => s.id === id)?.name || id;
const thresholdName = (id) => game.view.thresholds.find((s) => s.id === id)?.name || id;

// What a mark of the log did, in words: "a3 1er Hussards: 2 lost".
function markWords(m) {
  const unit = m.unit && (game.view.a.units.concat(game.view.b.units).find((u) => u.key === m.unit));
  const who = unit ? `${unit.key} ${unit.label}` : m.unit === "a" ? game.view.a.name : m.unit === "b" ? game.view.b.name : "";
  let what = "";
  if (m.lost) what = plural(m.lost, "lost_n");
  else if (m.back) what = plural(m.back, "back_n");
  else if (m.state) what = `${stateName(m.state)}${m.on ? "" : ` — ${t("state_off")}`}`;
  else if (m.value) what = `${game.view.values.find((x) => x.id === m.value)?.name || m.value}: ${m.set}`;
  else return t("turn_ended", { n: m.turn });
  return `${who}: ${what}`;
}

async function showGame(view, changedElsewhere) {
  game.view = view;
  game.version = view.version;
  $("#title").textContent = t("a_against_b", { a: view.a.name, b: view.b.name });
  $("#subtitle").textContent = [view.title, view.scenario].filter(Boolean).join(" · ");
  $("#turn").textContent = t("turn_n", { n: view.turn });
  $("#undo").disabled = !view.log.length;
  const last = view.log[view.log.length - 1];
  $("#status").textContent = last ? t("last_mark", { what: markWords(last) }) : t("no_marks");
  for (const side of ["a", "b"]) drawSide(side);
  drawNotes(view.notes || []);
  if (changedElsewhere) {
    banner(t("game_changed"), true);
    await drawOdds();
    if ($("#score-fold").open) await drawScore();
  }
}

// What changed since the game began (a list edited or deleted, a unit repriced): said, as
// information; the game keeps its armies as they began.
function drawNotes(notes) {
  const box = $("#notes");
  box.hidden = !notes.length;
  box.replaceChildren(...notes.map((n) => el("p", {},
    n.kind === "repriced"
      ? t("note_repriced", { unit: `${n.key} ${n.label}`, now: n.now, kept: n.kept })
      : t({ "list-gone": "note_list_gone", "list-unreadable": "note_list_unreadable" }[n.kind] || "note_list_changed",
        { list: n.list, side: n.side }))));
}

function drawSide(side) {
  const v = game.view, s = v[side];
  const box = $(`#side-${side}`);
  const values = v.values.length ? el("div", { class: "values" },
    el("h3", {}, t("values")),
    v.values.map((x) => {
      const now = s.values?.[x.id] ?? 0;
      return el("div", { class: "stepper", "data-value": x.id },
        el("span", { class: "stepper-name" }, x.name, el("small", { class: "muted" }, ` ${x.rule}`)),
        el("button", { type: "button", class: "icon secondary", "aria-label": `${x.name} −1`, disabled: now <= 0,
          onclick: () => markGame({ unit: side, value: x.id, set: now - 1 }) }, "−"),
        el("strong", { class: "count" }, String(now)),
        el("button", { type: "button", class: "icon secondary", "aria-label": `${x.name} +1`, disabled: now >= x.max,
          onclick: () => markGame({ unit: side, value: x.id, set: now + 1 }) }, "+"));
    })) : null;
  box.replaceChildren(
    el("h2", {}, el("span", { class: "side-letter" }, side), " ", s.name),
    el("div", { class: "gunits" }, s.units.map((u) => gameUnit(u))),
    ...(values ? [values] : []));
}

// A unit at the table: its casualty boxes (tap an empty box: one more lost; a filled one: one
// given back), its figures left and its states as toggles.
function gameUnit(u) {
  const out = u.states.some((id) => (game.view.rules.state.find((s) => s.id === id)?.forbids || []).length) || (u.figures && u.left === 0);
  const boxes = u.figures && u.figures <= 16
    ? el("div", { class: "boxes", role: "group", "aria-label": t("casualties") },
        Array.from({ length: u.figures }, (_, i) => {
          const lost = i < u.lost;
          return el("button", {
            type: "button", class: "box" + (lost ? " lost" : ""), "aria-pressed": lost ? "true" : "false",
            title: lost ? t("give_back") : t("lose_one"), "aria-label": `${i + 1}`,
            onclick: () => markGame(lost ? { unit: u.key, back: 1 } : { unit: u.key, lost: 1 }),
          }, lost ? "✕" : "");
        }))
    : el("div", { class: "stepper" },
        el("button", { type: "button", class: "icon secondary", title: t("give_back"), "aria-label": t("give_back"), disabled: u.lost <= 0,
          onclick: () => markGame({ unit: u.key, back: 1 }) }, "−"),
        el("strong", { class: "count" }, plural(u.lost, "lost_n")),
        el("button", { type: "button", class: "icon", title: t("lose_one"), "aria-label": t("lose_one"), disabled: u.figures !== null && u.left <= 0,
          onclick: () => markGame({ unit: u.key, lost: 1 }) }, "+"));
  return el("article", { class: "gunit" + (out ? " out" : ""), "data-unit": u.key },
    el("div", { class: "gunit-head" },
      el("span", { class: "num" }, u.key),
      // The name picks the unit for the odds (its side's), and shows them when both are chosen.
      el("button", { type: "button", class: "gunit-name", title: t("odds_pick"), onclick: () => pickForOdds(u.key) }, u.label),
      // Figures left; a unit counted in losses alone says where its thresholds are (the − +
      // stepper says its losses).
      el("span", { class: "left" }, u.figures !== null ? t("left_of", { left: u.left, figures: u.figures })
        : u.thresholds.map((r) => t("toward", { name: thresholdName(r.id), at: r.at })).join(" · "))),
    boxes,
    el("div", { class: "toggles" }, u.thresholds.filter((r) => r.reached).map((r) =>
      el("span", { class: "reached", "data-threshold": r.id, title: game.view.thresholds.find((x) => x.id === r.id)?.rule }, thresholdName(r.id))),
    game.view.states.map((s) => {
      const on = u.states.includes(s.id);
      return el("button", {
        type: "button", class: "toggle" + (on ? " on" : ""), "aria-pressed": on ? "true" : "false",
        title: s.rule, "data-state": s.id,
        onclick: () => markGame({ unit: u.key, state: s.id, on: !on }),
      }, s.name);
    })));
}

async function pickForOdds(key) {
  const side = key.startsWith("a") ? "a" : "b";
  $(`#odds-${side}`).value = key;
  await drawOdds();
  if ($("#odds-a").value && $("#odds-b").value) $("#odds-card").scrollIntoView({ block: "start" });
}

async function markGame(body) {
  return gameEdit(`/api/games/${enc(game.name)}/mark?lang=${UI.lang}`, body);
}

async function undoGame() {
  return gameEdit(`/api/games/${enc(game.name)}/undo?lang=${UI.lang}`, undefined);
}

// Every tap is saved at once, on the version this page shows: when another device marked the
// game first, the tap is refused, said, and the page redrawn as the game now stands.
async function gameEdit(url, body) {
  game.busy = true;
  $("#status").textContent = t("saving");
  const r = await api("POST", url, body === undefined ? {} : body, game.version);
  game.busy = false;
  if (r.status === 412 || r.status === 409) {
    await loadGame();
    banner(t("game_stale"));
    await drawOdds();
    return false;
  }
  if (!r.ok) {
    banner(r.data.error);
    $("#status").textContent = t("saved");
    return false;
  }
  banner("");
  await showGame(r.data, false);
  await drawOdds();
  if ($("#score-fold").open) await drawScore();
  return true;
}

function oddsSituation() {
  const q = new URLSearchParams();
  for (const s of /** @type {NodeListOf<HTMLSelectElement>} */ (document.querySelectorAll("#odds-choices select"))) q.set(s.dataset.choice, s.value);
  return q;
}

async function drawOdds() {
  const a = $("#odds-a").value, b = $("#odds-b").value;
  const out = $("#odds");
  const q = oddsSituation();
  if (a) q.set("a", a);
  if (b) q.set("b", b);
  const url = location.pathname + (q.toString() ? `?${q}` : "");
  if (url !== location.pathname + location.search) history.replaceState(null, "", url);
  if (!a || !b) return out.replaceChildren(el("p", { class: "muted" }, t("odds_hint")));
  q.set("lang", UI.lang);
  q.set("chart", String(chartWidth(out)));
  const r = await api("GET", `/api/games/${enc(game.name)}/odds?${q}`);
  if (!r.ok) return out.replaceChildren(el("p", { class: "diagnostic error" }, r.data.error));
  // The choices name the two units chosen: drawn again when another is (they named the one
  // before).
  if (drawChoices($("#odds-choices"), r.data.choices, r.data.situation, game.asked, drawOdds)) return drawOdds();
  out.replaceChildren(duelCards(r.data.duels, r.data.commands_in_lists ? "command_here_games" : "command_here"));
}

// The result so far: the ruleset's victory rules when it has them, else each side's losses.
async function drawScore() {
  if (!$("#score-fold").open) return;
  const out = $("#score");
  const r = await api("GET", `/api/games/${enc(game.name)}/score?lang=${UI.lang}`);
  if (!r.ok) return out.replaceChildren(el("p", { class: "diagnostic error" }, r.data.error));
  const s = r.data.scored;
  const rows = s.sides.map((side) => el("tr", {},
    el("th", { scope: "row" }, side.name),
    s.band !== undefined ? el("td", {}, number(side.losses_value, 0)) : el("td", {}, number(side.lost, 0)),
    s.band !== undefined ? el("td", {}, el("strong", {}, number(side.score, 0))) : el("td", {}, number(side.points, 0))));
  const head = s.band !== undefined
    ? [t("sc_losses"), t("sc_score")]
    : [t("sc_figures_lost"), t("sc_points_lost")];
  // A winner or a draw is the result; a ruleset without victory rules says so as information
  // (the losses follow), in the page's ink, not as a result nor an error.
  const verdict = s.band !== undefined
    ? el("p", { class: "verdict" }, s.winner ? t("wins_by", { side: s.winner, n: s.difference, band: s.band?.name || "" }) : t("draw"))
    : el("p", { class: "result-note" }, t("no_victory_rules"));
  out.replaceChildren(
    verdict,
    el("table", { class: "score" },
      el("thead", {}, el("tr", {}, el("th", {}), head.map((h) => el("th", { scope: "col" }, h)))),
      el("tbody", {}, rows)),
    el("details", { class: "cli" }, el("summary", {}, t("in_full")), el("pre", {}, r.data.text)));
}

startPage(gamePage);
