// muster serve: the builder's script (builder.html): a list, its units edited and undone, the
// list shared. Uses common.js, picker.js for the picker and the unit forms, and matchups.js
// for the matchups and duels against another list.
"use strict";

// ── the builder ───────────────────────────────────────────────────────────────────────────

const state = { name: "", view: null, version: null, offers: /** @type {Offers | null} */ (null), offersTag: null, enemy: null, undo: [] };

async function builderPage() {
  state.name = decodeURIComponent(location.pathname.replace(/^\/lists\//, ""));
  $("#search").placeholder = t("search");
  // Every control answers from the first paint (Share pressed while the picker still loads
  // did nothing); those that need the list wait for it themselves.
  const against = $("#against");
  against.addEventListener("change", () => versus());
  $("#duel-unit").addEventListener("change", drawDuels);
  $("#duel-enemy").addEventListener("change", drawDuels);
  redrawChartsOnResize(drawDuels, () => $("#duels"));
  $("#lang").addEventListener("change", links);
  $("#search").addEventListener("input", drawOffers);
  $("#show-all").addEventListener("change", drawOffers);
  $("#save-toml").addEventListener("click", saveToml);
  $("#share-close").addEventListener("click", () => { $("#share-panel").hidden = true; });
  $("#copy-code").addEventListener("click", () => copyOut("#share-code", "#copy-code", "copy_code"));
  $("#copy-text").addEventListener("click", () => copyOut("#share-text", "#copy-text", "copy_text"));
  $("#undo-button").addEventListener("click", undoEdit);
  const lists = (await api("GET", "/api/lists")).data || [];
  await load();
  if (!state.view) return;
  $("#crumb").replaceChildren(el("a", { href: "/" }, t("lists")), " / ", state.view.list_name || state.name);
  document.title = `muster — ${state.view.list_name || state.name}`;
  against.append(el("option", { value: "" }, t("none")));
  // Two lists of one name (a list and its copy, a list imported twice) by their files too.
  const others = lists.filter((l) => l.name !== state.name && l.ruleset === state.view.ruleset);
  const shared = namesShared(others);
  for (const l of others) against.append(el("option", { value: l.name }, listLabel(l, shared)));
  // A link may name the opponent, the two units and the situation (the page keeps its
  // address up to date, so a preview can be bookmarked or shared).
  const asked = new URLSearchParams(location.search);
  if (asked.get("against") && [...against.options].some((o) => o.value === asked.get("against"))) {
    against.value = asked.get("against");
    await versus(asked);
  }
}

// ── sharing the list: its code, its QR code, its text for a chat ────────────────────────

async function openShare() {
  const lang = $("#lang").value;
  const r = await api("GET", `/api/lists/${enc(state.name)}/share${lang ? `?lang=${enc(lang)}` : ""}`);
  if (!r.ok) return banner(r.data.error);
  $("#share-code").value = r.data.code;
  $("#share-length").textContent = t("share_length", { n: r.data.length });
  $("#share-text").value = r.data.text;
  $("#share-qr").replaceChildren(r.data.qr_svg
    ? el("img", { src: "data:image/svg+xml;charset=utf-8," + enc(r.data.qr_svg), alt: t("share_qr_alt"), width: "240", height: "240" })
    : el("p", { class: "muted small" }, r.data.qr_note));
  $("#share-panel").hidden = false;
  $("#share-panel").scrollIntoView({ block: "nearest" });
}

async function copyOut(from, button, word) {
  const box = $(from);
  box.select();
  try {
    await navigator.clipboard.writeText(box.value);
  } catch {
    // Without the clipboard API (plain HTTP from another machine): the text stays selected.
    if (document.execCommand) document.execCommand("copy");
  }
  $(button).textContent = t("copied");
  setTimeout(() => { $(button).textContent = t(word); }, 1500);
}

async function load() {
  const r = await api("GET", `/api/lists/${enc(state.name)}?lang=${UI.lang}`);
  if (!r.ok) return banner(r.data.error);
  show(r.data);
  await loadOffers();
}

async function loadOffers() {
  // The view carries them (computed with its check), or only how many of each the list
  // takes when the page holds them (an edit's answer, asked with their tag); asked apart
  // only when it could not say.
  const v = state.view;
  const held = !v.offers && v.taken && state.offers && state.offersTag === v.offers_tag;
  if (held) state.offers.offers.forEach((o, i) => { o.taken = v.taken[i] ?? o.taken; });
  const r = held ? { ok: true, data: state.offers }
    : v.offers ? { ok: true, data: v.offers }
    : await api("GET", `/api/lists/${enc(state.name)}/offers?lang=${UI.lang}`);
  if (!r.ok) return banner(r.data.error);
  state.offers = r.data;
  state.offersTag = v.offers || held ? v.offers_tag : null;
  // The sheet editor, where the ruleset has one.
  if (state.sheetEditor === undefined) {
    const f = await api("GET", `/api/sheets/form?ruleset=${enc(state.view.ruleset)}&lang=${UI.lang}`);
    state.sheetEditor = f.ok;
    if (f.ok) $("#new-sheet").replaceChildren(el("a", { class: "button", href: sheetLink(null) }, t("new_sheet")));
  }
  drawOffers();
}

/**
 * A list as the builder shows it (GET /api/lists/NAME, and the answer to each edit): the
 * fields the page reads.
 * @typedef {object} ListView
 * @property {string} name its file
 * @property {string} version what an edit sends back (If-Match), refused once stale
 * @property {string} toml the file's text
 * @property {string} ruleset the ruleset's id
 * @property {string} title the ruleset's title
 * @property {string} list_name the list's own name
 * @property {string} description_words the army, in words
 * @property {string} lang the language the view is in
 * @property {string[]} languages the ruleset's languages (the printouts may take each)
 * @property {{ points: boolean, figures: string | null, extras_bought: boolean, adds: string[] }} words
 *   what the ruleset's lists count and buy
 * @property {{ valid: boolean, total: number, limit?: number, units: object[],
 *   diagnostics: { severity: string }[] }} check the list's check, as `muster check` prints it
 * @property {ListUnit[]} units
 * @property {Said[]} said the check's diagnostics, in the page's language
 * @property {(number | null)[]} placement for each of `said`, the unit (from 0) it is about
 * @property {{ unit: number, label: string, words: string }[]} data_changes what changed for
 *   each unit since it was priced
 * @property {Offers | null} offers what the list may take (the picker), as GET
 *   /api/lists/NAME/offers answers; null when the ruleset could not say, or when the page
 *   holds them (it asked with their tag) and `taken` gives their counts
 * @property {string | null} offers_tag the tag the page holds the offers under
 * @property {number[] | null} taken when the page holds the offers: how many of each the
 *   list takes, in their order
 */

/**
 * What a list may take (the picker): the fields the page reads.
 * @typedef {object} Offers
 * @property {{ id: string, label: string }[]} groups
 * @property {Offer[]} offers
 * @property {Object<string, OfferExtra>} free_skills the skills the list's rank may give free,
 *   by id, said once for every offer that names them
 */

/**
 * @typedef {object} Offer
 * @property {string} id what an add sends
 * @property {string} data_id the data's id, as the check names a unit's
 * @property {string} name
 * @property {string} detail
 * @property {string} group
 * @property {string} cost
 * @property {number | null} max
 * @property {number} taken
 * @property {boolean} mine
 * @property {OfferCount | null} figures
 * @property {OfferCount | null} guns
 * @property {OfferExtra[]} extras what it may buy
 * @property {string[]} free the ids (in `Offers.free_skills`) of the skills the rank may give
 *   it free
 * @property {{ key: string, label: string, values: { id: string, label: string }[],
 *   default: string | null, new: { id: string, label: string }[] }[]} choices
 * @property {string} provenance
 * @property {{ kind: string, activates: string } | null} command
 */

/**
 * @typedef {object} OfferCount
 * @property {number} min
 * @property {number} max
 * @property {number[]} usual
 * @property {number} default
 */

/**
 * @typedef {object} OfferExtra
 * @property {string} id
 * @property {string} name
 * @property {string} cost
 * @property {number | null} max
 * @property {string} summary
 * @property {string} [given]
 */

/**
 * @typedef {object} ListUnit
 * @property {string} id its sheet or entry
 * @property {string} label
 * @property {boolean} own_label whether the player gave the label (else the data's name)
 * @property {string} detail
 * @property {number | null} figures its count
 * @property {boolean} counted whether it is added with a count
 * @property {number} cost
 * @property {{ id: string, name: string, cost: number, free: boolean }[]} extras its skills or options
 */

/**
 * A diagnostic of the list in the page's language.
 * @typedef {object} Said
 * @property {"error" | "warning"} severity
 * @property {string} sentence
 * @property {string[]} help what to do about it
 * @property {string | null} rule
 * @property {string} code
 * @property {string} message the command line's words
 * @property {number | null} line
 * @property {number | null} column
 */

/** @param {ListView} view */
function show(view) {
  const first = !state.view;
  state.view = view;
  state.version = view.version;
  const check = view.check;
  const words = view.words || { points: false, figures: null, extras_bought: false, adds: [] };
  $("#title").textContent = view.list_name || view.name;
  $("#subtitle").textContent = [view.title, view.description_words, view.name].filter(Boolean).join(" · ");
  $("#total").textContent = words.points && check.limit
    ? `${check.total} / ${check.limit} ${t("pts")}`
    : words.points ? `${check.total} ${t("pts")}` : plural(check.units.length, "unit");
  const errors = check.diagnostics.filter((d) => d.severity === "error").length;
  const warnings = check.diagnostics.length - errors;
  const verdict = $("#verdict");
  verdict.className = "badge " + (check.valid ? (warnings ? "warn" : "ok") : "bad");
  verdict.textContent = verdictText(check.valid, errors, warnings);
  $("#status").textContent = t("saved");
  $("#toml").value = view.toml;
  drawDataChanges(view);
  drawUnits(view);
  duelUnits();
  if (first) {
    const lang = $("#lang");
    for (const l of view.languages || []) lang.append(el("option", { value: l, selected: l === view.lang }, UI.all[l]?.lang_name || l));
  }
  links();
}

function links() {
  const lang = $("#lang").value;
  const q = lang ? `?lang=${enc(lang)}` : "";
  const base = `/lists/${enc(state.name)}`;
  $("#cards-link").href = `${base}/cards.pdf${q}`;
  $("#roster-link").href = `${base}/roster.pdf${q}`;
  $("#print-link").href = `${base}/roster.html${q}`;
}

// A diagnostic as a sentence, what to do about it and its rule; the code, line and column
// folded for those who want them.
/** @param {Said} s */
function diagnosticBox(s) {
  const help = s.help || [];
  return el("div", { class: "diagnostic " + s.severity, "data-code": s.code },
    el("p", { class: "sentence" }, s.sentence),
    help.length ? el("ul", { class: "help" }, help.map((h) => el("li", {}, h))) : null,
    s.rule ? el("p", { class: "rule" }, el("span", { class: "rule-word" }, t("diag_rule")), " ", s.rule) : null,
    el("details", {},
      el("summary", {}, t("diag_details")),
      el("p", { class: "note" }, el("code", {}, s.code),
        s.line ? ` · ${t("line_col", { line: s.line, column: s.column })}` : ""),
      // The command line's words (English), on an English page only.
      UI.lang === "en" && said(s.message) !== s.sentence ? el("p", { class: "note" }, said(s.message)) : null));
}

const countWord = (words) => (words.figures === "elements" ? t("w_elements") : t("w_figures"));

function drawUnits(view) {
  const words = view.words || {};
  const box = $("#units");
  // The unit being edited may have changed, moved or gone: its form closes with the old list.
  closeEditor();
  box.replaceChildren();
  const byUnit = new Map();
  const listLevel = [];
  const changed = new Set((view.data_changes || []).map((c) => c.unit));
  view.said.forEach((s, i) => {
    // The data's changes are said together, at the top of the list (drawDataChanges).
    if (s.code === "data-changed") return;
    const u = view.placement ? view.placement[i] : null;
    if (u === null || u === undefined) listLevel.push(s);
    else (byUnit.get(u) || byUnit.set(u, []).get(u)).push(s);
  });
  $("#list-diagnostics").replaceChildren(...listLevel.map(diagnosticBox));
  const n = view.units.length;
  view.units.forEach((u, i) => {
    const number = i + 1;
    const count = u.figures ?? view.check.units[i]?.elements ?? "";
    // Free: the rank's free skill, or what the rules give at no cost (a guerrilla's §1.4).
    const noCost = (e) => !e.free && words.extras_bought && e.cost === 0;
    const extras = u.extras.map((e) => el("span", { class: "chip" + (e.free || noCost(e) ? " free" : ""), "data-extra": e.id },
      e.free ? `${e.name} · ${t("free")}` : noCost(e) ? `${e.name} · ${t("at_no_cost")}`
        : words.extras_bought && e.cost ? `${e.name} (${e.cost})` : e.name));
    const input = words.figures && u.counted
      ? el("input", { class: "fig", type: "number", min: "0", max: "1000", value: count, inputmode: "numeric",
          "aria-label": `${countWord(words)} · ${number}`, "data-unit": number })
      : null;
    if (input) input.addEventListener("change", () => {
      // A count is a whole number from 0 to 1000: anything else is said here, the list
      // untouched (the server's refusal spoke the command line's English).
      const n = Number(input.value);
      if (input.value.trim() === "" || !Number.isInteger(n) || n < 0 || n > 1000) {
        banner(t("count_whole", { what: countWord(words).toLowerCase() }));
        input.value = count;
        return;
      }
      edit({ op: "count", unit: number, count: n });
    });
    box.append(el("article", { class: "unit" + (changed.has(number) ? " changed" : ""), "data-unit": number },
      el("div", { class: "unit-name" },
        el("span", { class: "num" }, `${number}.`),
        el("div", {}, el("strong", {}, u.label), u.detail ? el("div", { class: "muted small" }, u.detail) : null,
          extras.length ? el("div", { class: "chips" }, extras) : null)),
      input ? el("label", { class: "unit-count" }, el("span", { class: "small muted" }, countWord(words)), input) : el("span", { class: "unit-count" }),
      el("div", { class: "unit-cost" }, words.points ? `${u.cost} ${t("pts")}` : ""),
      el("div", { class: "unit-actions" },
        el("button", { class: "small icon", type: "button", title: t("up"), "aria-label": t("up"), disabled: number === 1, "data-move": "up",
          onclick: () => edit({ op: "move", unit: number, to: number - 1 }) }, "↑"),
        el("button", { class: "small icon", type: "button", title: t("down"), "aria-label": t("down"), disabled: number === n, "data-move": "down",
          onclick: () => edit({ op: "move", unit: number, to: number + 1 }) }, "↓"),
        el("button", { class: "small", type: "button", "data-action": "edit", onclick: () => openEditor(number) }, t("edit")),
        el("button", { class: "small danger", type: "button", "data-action": "remove", onclick: () => edit({ op: "remove", unit: number }) }, t("remove"))),
      (byUnit.get(i) || []).length
        ? el("div", { class: "unit-diagnostics", "data-for": number }, byUnit.get(i).map(diagnosticBox))
        : null));
  });
}

// ── the data changed since units were priced ──────────────────────────────────────────────

// What changed for each unit since the list recorded what it was priced with, and one button
// that accepts today's data (`muster list update`).
function drawDataChanges(view) {
  const box = $("#data-changes");
  const changes = view.data_changes || [];
  box.hidden = !changes.length;
  if (!changes.length) return box.replaceChildren();
  box.replaceChildren(
    el("h3", {}, t("data_changed_title")),
    el("ul", {}, changes.map((c) => el("li", { "data-unit": c.unit },
      el("strong", {}, `${c.unit}. ${c.label}`), " ", el("span", { class: "what" }, c.words)))),
    el("p", { class: "muted small" }, t("data_changed_hint")),
    el("button", { type: "button", id: "accept-data", onclick: () => acceptData(changes.length) }, t("data_changed_accept")));
}

async function acceptData(n) {
  $("#status").textContent = t("saving");
  const r = await api("POST", `/api/lists/${enc(state.name)}/update${viewQuery()}`, undefined, state.version);
  if (r.status === 412 || r.status === 409) {
    banner([t("stale") + " ", el("button", { type: "button", onclick: () => location.reload() }, t("reload"))]);
    $("#status").textContent = "";
    return;
  }
  if (!r.ok) {
    banner(r.data.error);
    $("#status").textContent = t("saved");
    return;
  }
  banner(plural(n, "data_accepted"), true);
  forgetUndo();
  show(r.data);
  await loadOffers();
  if ($("#against").value) {
    await drawMatchups();
    await drawDuels();
  }
}

// The query of a request answered with the list's view: the page's language, and the tag
// of the offers it holds (the answer then gives only their counts while they stay the same).
function viewQuery() {
  return `?lang=${UI.lang}` + (state.offersTag ? `&offers=${enc(state.offersTag)}` : "");
}

// What an edit did, in words, for its undo: "Removed Hussars".
function editWords(op, before, after) {
  const unit = op.op === "add" ? after.units[after.units.length - 1] : before.units[op.unit - 1];
  const key = { add: "undo_added", remove: "undo_removed", move: "undo_moved" }[op.op] || "undo_changed";
  return t(key, { label: unit?.label || "" });
}

async function edit(op) {
  $("#status").textContent = t("saving");
  const before = state.view;
  const r = await api("POST", `/api/lists/${enc(state.name)}/edit${viewQuery()}`, op, state.version);
  if (r.status === 412 || r.status === 409) {
    banner([t("stale") + " ", el("button", { type: "button", onclick: () => location.reload() }, t("reload"))]);
    $("#status").textContent = "";
    return false;
  }
  if (!r.ok) {
    banner(r.data.error);
    $("#status").textContent = t("saved");
    return false;
  }
  banner("");
  // Undone by putting back the list's text before it (its version after it asked, as every
  // edit's): the unit as it was, at its place, its comments too.
  state.undo.push({ toml: before.toml, version: r.data.version, words: editWords(op, before, r.data) });
  if (state.undo.length > UNDO_STEPS) state.undo.shift();
  show(r.data);
  drawUndo();
  await redrawAfterEdit();
  return true;
}

// How many of the last edits can be undone.
const UNDO_STEPS = 10;

async function redrawAfterEdit() {
  await loadOffers();
  // The units changed: so may the matchups and the previews.
  if ($("#against").value) {
    await drawMatchups();
    await drawDuels();
  }
}

// The undo bar: the last edit in words and its undo, at the foot of the window; `done`, an
// edit just undone.
function drawUndo(done) {
  const last = state.undo[state.undo.length - 1];
  const bar = $("#undo-bar");
  bar.hidden = !last && !done;
  $("#undo-words").textContent = done ? t("undo_done", { what: done }) + (last ? ` · ${last.words}` : "") : last?.words || "";
  $("#undo-button").hidden = !last;
}

function forgetUndo() {
  state.undo = [];
  drawUndo();
}

async function undoEdit() {
  const step = state.undo[state.undo.length - 1];
  if (!step) return;
  const refused = (why) => {
    state.undo = [];
    drawUndo();
    banner([t("undo_failed", { what: step.words, why }) + " ", el("button", { type: "button", onclick: () => location.reload() }, t("reload"))]);
  };
  // The list changed since that edit (its text saved here): putting the old text back would
  // undo that too.
  if (state.version !== step.version) return refused(t("undo_changed_since"));
  $("#status").textContent = t("saving");
  const r = await api("PUT", `/api/lists/${enc(state.name)}${viewQuery()}`, step.toml, state.version);
  if (r.status === 412 || r.status === 409) {
    $("#status").textContent = "";
    return refused(t("undo_changed_elsewhere"));
  }
  if (!r.ok) {
    $("#status").textContent = t("saved");
    return refused(said(r.data.error));
  }
  state.undo.pop();
  banner("");
  show(r.data);
  drawUndo(step.words);
  await redrawAfterEdit();
}

async function saveToml() {
  if (!state.view) return;
  const r = await api("PUT", `/api/lists/${enc(state.name)}${viewQuery()}`, $("#toml").value, state.version);
  if (r.status === 412) {
    return banner([t("stale") + " ", el("button", { type: "button", onclick: () => location.reload() }, t("reload"))]);
  }
  if (!r.ok) return banner(r.data.error);
  banner(t("file_saved"), true);
  forgetUndo();
  show(r.data);
  await loadOffers();
  if ($("#against").value) await drawMatchups();
}

// Share answers a press from the first paint, before the page's words have loaded: pressed
// while they loaded, it was lost (the browser test failed under load).
function builderControls() {
  state.name = decodeURIComponent(location.pathname.replace(/^\/lists\//, ""));
  $("#share-button").addEventListener("click", async () => {
    await UI.ready;
    await openShare();
  });
}

startPage(builderPage, builderControls);
