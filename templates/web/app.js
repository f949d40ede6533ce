// muster serve: the pages' script. No framework, no CDN: the pages call muster's JSON API
// (the same engine as the CLI) and draw what it answers, in the page's language (labels.json
// for the page's words; the rulesets' words come from the API in the same language). Every
// text from a file is set with textContent, never as HTML.
"use strict";

const $ = (sel) => document.querySelector(sel);
const enc = encodeURIComponent;

function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") e.className = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (v !== undefined && v !== null && v !== false) e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}

// ── the page's language ───────────────────────────────────────────────────────────────────

const LANGS = ["en", "fr", "es"];
const UI = { lang: "en", words: {}, all: {} };

function t(key, vars) {
  let s = UI.words[key] ?? UI.all.en?.[key] ?? key;
  for (const [k, v] of Object.entries(vars || {})) s = s.replaceAll(`{${k}}`, v);
  return s;
}

const plural = (n, key) => t(n === 1 ? `${key}_one` : `${key}_other`, { n });
const number = (v, digits = 2) => new Intl.NumberFormat(UI.lang, { maximumFractionDigits: digits }).format(v);
// A chance: never "100 %" for what may still fail, nor "0 %" for what may happen.
function percent(v) {
  const f = (x) => new Intl.NumberFormat(UI.lang, { style: "percent", maximumFractionDigits: 1 }).format(x);
  if (v > 0.999 && v < 1) return `> ${f(0.999)}`;
  if (v > 0 && v < 0.001) return `< ${f(0.001)}`;
  return f(v);
}

async function setupLanguage() {
  const stored = localStorage.getItem("muster-lang");
  const browser = (navigator.language || "en").slice(0, 2);
  UI.lang = LANGS.includes(stored) ? stored : LANGS.includes(browser) ? browser : "en";
  UI.all = await (await fetch("/assets/labels.json")).json();
  UI.words = UI.all[UI.lang] || UI.all.en;
  document.documentElement.lang = UI.lang;
  for (const e of document.querySelectorAll("[data-t]")) e.textContent = t(e.dataset.t);
  const pick = $("#ui-lang");
  pick.replaceChildren(...LANGS.map((l) => el("option", { value: l, selected: l === UI.lang }, UI.all[l]?.lang_name || l)));
  pick.addEventListener("change", () => {
    localStorage.setItem("muster-lang", pick.value);
    location.reload();
  });
}

// ── talking to the server ─────────────────────────────────────────────────────────────────

function banner(message, info) {
  const b = $("#banner");
  if (!b) return;
  b.replaceChildren(...(Array.isArray(message) ? message : [message]));
  b.className = info ? "banner info" : "banner";
  b.hidden = !message;
}

async function api(method, url, body, version) {
  const headers = {};
  if (version) headers["If-Match"] = version;
  // A picture (a file chosen) goes as it is.
  const blob = body instanceof Blob;
  if (body !== undefined) headers["Content-Type"] = blob ? body.type || "application/octet-stream" : typeof body === "string" ? "text/plain; charset=utf-8" : "application/json";
  const r = await fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : blob || typeof body === "string" ? body : JSON.stringify(body),
  });
  // Not paired (muster serve restarted on the network: a new code): the page says to scan.
  if (r.status === 401) location.reload();
  let data = null;
  const text = await r.text();
  try { data = JSON.parse(text); } catch { data = { error: text }; }
  return { status: r.status, ok: r.ok, data };
}

function verdictText(valid, errors, warnings) {
  if (valid) return warnings ? `${t("valid")} · ${plural(warnings, "warning")}` : t("valid");
  return warnings ? `${plural(errors, "error")} · ${plural(warnings, "warning")}` : plural(errors, "error");
}

// ── the lists page ────────────────────────────────────────────────────────────────────────

async function indexPage() {
  // Every control answers from the first paint: a form sent before the page's data arrived
  // would otherwise be sent by the browser itself, its fields in the address, the page reloaded.
  const select = $("#nl-ruleset");
  select.addEventListener("change", drawFields);
  $("#nl-title").addEventListener("input", deriveFileName);
  $("#nl-name").addEventListener("input", () => { $("#nl-name").dataset.typed = $("#nl-name").value ? "yes" : ""; });
  $("#new-list").addEventListener("submit", createList);
  $("#import").addEventListener("submit", importList);
  $("#im-file").addEventListener("change", readCodeFile);
  $("#new-game").addEventListener("submit", createGame);
  drawPhoneCodes();
  const rulesets = ((await api("GET", "/api/rulesets")).data || []).filter((r) => r.supports.lists);
  for (const r of rulesets) select.append(el("option", { value: r.id }, r.title));
  await drawFields();
  const lists = await drawLists();
  // No list yet: the new-list form comes first, ready to type in.
  if (lists && !lists.length) {
    $("#lists-card").before($("#new-list-card"));
    $("#nl-title").focus();
  }
  await drawGames(lists || []);
}

// On the computer running `muster serve --lan`: the codes a phone scans to pair (the server
// answers this page only, on the machine itself).
async function drawPhoneCodes() {
  const r = await api("GET", "/api/pairing");
  if (!r.ok) return;
  const codes = r.data.addresses.map((a) => el("figure", { class: "phone-code" },
    el("img", { src: "data:image/svg+xml;charset=utf-8," + enc(a.svg), alt: t("phone_title"), width: "240", height: "240" }),
    el("figcaption", {}, a.origin)));
  $("#phone-codes").replaceChildren(...(codes.length ? codes : [el("p", { class: "problem" }, t("phone_none"))]));
  $("#phone-card").hidden = false;
}

// The chosen ruleset's own fields, with its choices in the page's language.
async function drawFields() {
  const id = $("#nl-ruleset").value;
  const box = $("#nl-fields");
  box.replaceChildren();
  if (!id) return;
  const r = await api("GET", `/api/rulesets/${enc(id)}/fields?lang=${UI.lang}`);
  if (!r.ok) return banner(r.data.error);
  for (const f of r.data.fields) {
    const name = f.label + (f.required ? "" : ` (${t("optional")})`);
    const input = f.choices
      ? el("select", { id: `nl-${f.key}`, name: f.key },
          el("option", { value: "" }, t("choose")),
          f.choices.map((c) => el("option", { value: c.id }, c.label)))
      : el("input", { id: `nl-${f.key}`, name: f.key, type: "number", min: "1", max: "100000", inputmode: "numeric" });
    box.append(el("div", { class: "field", "data-field": f.key },
      el("label", { for: `nl-${f.key}` }, name), input,
      f.hint ? el("small", { class: "hint" }, f.hint) : null,
      el("small", { class: "problem" })));
  }
}

function markField(key, message) {
  const field = document.querySelector(`#new-list [data-field='${key}']`);
  if (!field) return false;
  field.classList.add("bad");
  field.querySelector(".problem").textContent = message;
  return true;
}

// The CLI's words for a player: its `code spans` quoted, no backtick shown.
function said(text) {
  let open = false;
  return String(text ?? "").replace(/`/g, () => ((open = !open) ? "“" : "”"));
}

let listNames = [];

// The list's file, made from its name as the player types it ("My Light Bobs" →
// my-light-bobs.toml), one no list of the folder has; left alone once the player typed their own.
function fileNameFor(title) {
  const base = title.normalize("NFD").replace(/\p{M}+/gu, "").toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-").replace(/^-+|-+$/g, "").slice(0, 60).replace(/-+$/, "");
  if (!base) return "";
  const taken = new Set(listNames);
  let name = `${base}.toml`;
  for (let i = 2; taken.has(name); i++) name = `${base}-${i}.toml`;
  return name;
}

function deriveFileName() {
  const file = $("#nl-name");
  if (file.dataset.typed) return;
  file.value = fileNameFor($("#nl-title").value);
}

async function createList(ev) {
  ev.preventDefault();
  banner("");
  for (const f of document.querySelectorAll("#new-list .field")) {
    f.classList.remove("bad");
    const p = f.querySelector(".problem");
    if (p) p.textContent = "";
  }
  const f = new FormData(ev.target);
  const body = { name: f.get("name").trim(), title: f.get("title").trim(), ruleset: f.get("ruleset"), lang: UI.lang };
  for (const key of ["points", "army", "coalition", "campaign", "rank"]) {
    const v = f.get(key);
    if (v) body[key] = key === "points" ? Number(v) : v;
  }
  // Every field's problem at once, the file name's among them: the server says them all.
  const r = await api("POST", "/api/lists", body);
  if (r.ok) {
    location.href = "/lists/" + enc(body.name);
    return;
  }
  const fields = Object.entries(r.data.fields || {});
  let marked = 0;
  for (const [key, p] of fields) {
    if (markField(key, t(`p_${p.kind.replace(/-/g, "_")}`))) marked++;
  }
  banner(marked ? t("fix_fields") : said(r.data.error));
  const first = document.querySelector("#new-list .field.bad input, #new-list .field.bad select");
  if (first) first.focus();
}

async function drawLists() {
  const r = await api("GET", "/api/lists");
  const box = $("#lists");
  box.replaceChildren();
  if (!r.ok) return banner(r.data.error);
  listNames = r.data.map((l) => l.name);
  if (!r.data.length) box.append(el("p", { class: "muted" }, t("no_lists")));
  for (const l of r.data) {
    const check = l.error
      ? el("span", { class: "badge bad" }, t("unreadable"))
      : el("span", { class: "badge " + (l.valid ? (l.warnings ? "warn" : "ok") : "bad") },
          verdictText(l.valid, l.errors, l.warnings));
    const points = !l.points ? "" : l.limit ? `${l.total} / ${l.limit} ${t("pts")}` : l.total !== undefined ? `${l.total} ${t("pts")}` : "";
    box.append(el("article", { class: "list-row", "data-list": l.name },
      el("div", { class: "list-main" },
        el("a", { href: "/lists/" + enc(l.name), class: "list-title" }, l.title || l.name),
        el("div", { class: "muted small" }, [l.ruleset_title || l.ruleset || "", l.name].filter(Boolean).join(" · "))),
      el("div", { class: "list-points" }, points),
      el("div", {}, check),
      el("div", { class: "list-actions" },
        el("button", { class: "small", type: "button", onclick: () => duplicateList(l.name) }, t("duplicate")),
        el("button", { class: "small danger", type: "button", onclick: () => deleteList(l) }, t("delete")))));
  }
  return r.data;
}

// ── a list shared by the opponent: its code pasted or its file chosen ───────────────────

// The largest photo the server takes (muster serve's MAX_PICTURE_BODY).
const MAX_PHOTO_BYTES = 16 * 1024 * 1024;

async function readCodeFile(ev) {
  const file = ev.target.files[0];
  if (!file) return;
  // A code is at most 64 KiB of text: a larger file is not one.
  if (file.size > 70000) return banner(t("import_file_big"));
  $("#im-code").value = (await file.text()).trim();
}

async function importList(ev) {
  ev.preventDefault();
  banner("");
  const field = document.querySelector("#import [data-field='name']");
  field.classList.remove("bad");
  field.querySelector(".problem").textContent = "";
  const code = $("#im-code").value.trim();
  // A photo of the QR code, when one is chosen, is read by the server as the command line
  // reads a picture; otherwise the code pasted.
  const photo = $("#im-photo").files[0];
  const out = $("#import-result");
  // Said in the Import box itself, where the player looks (on a phone the page's banner is
  // a screen or two above it).
  const refused = (message) => {
    out.hidden = false;
    out.replaceChildren(el("div", { class: "banner", role: "alert" }, ...(Array.isArray(message) ? message : [message])));
  };
  out.hidden = true;
  out.replaceChildren();
  if (!code && !photo) return refused(t("import_missing"));
  if (photo && photo.size > MAX_PHOTO_BYTES) return refused(t("import_photo_big"));
  const name = $("#im-name").value.trim();
  let r;
  if (photo) {
    const q = new URLSearchParams({ lang: UI.lang });
    if (name) q.set("name", name);
    r = await api("POST", "/api/import/picture?" + q, photo);
  } else {
    const body = { code, lang: UI.lang };
    if (name) body.name = name;
    r = await api("POST", "/api/import", body);
  }
  if (!r.ok) {
    if (r.status === 409 || r.status === 400) {
      field.classList.add("bad");
      field.querySelector(".problem").textContent = said(r.data.error);
    } else {
      // What does not read in the code, each where it is: "the code's sheet `x`:3:5: …".
      const where = (d) => (d.part ?? "") + (d.line ? `:${d.line}:${d.column}` : "");
      refused([said(r.data.error), ...(r.data.diagnostics || []).map((d) =>
        el("div", { class: "small" }, said(`${where(d)}: ${d.message}`)))]);
    }
    return;
  }
  out.hidden = false;
  out.replaceChildren(...[
    el("p", { class: "imported" }, t("imported", { name: r.data.title || r.data.name, file: r.data.name }), " ",
      el("a", { href: "/lists/" + enc(r.data.name) }, t("open_it"))),
    el("p", { class: "muted small" }, t("imported_matchups")),
    r.data.notes.length ? el("ul", { class: "notes" }, r.data.notes.map((n) => el("li", {}, said(n)))) : null,
  ].filter(Boolean));
  $("#im-code").value = "";
  $("#im-name").value = "";
  $("#im-file").value = "";
  $("#im-photo").value = "";
  await drawLists();
}

async function duplicateList(name) {
  const to = prompt(t("copy_to", { name }), name.replace(/\.toml$/, "-copy.toml"));
  if (!to) return;
  const r = await api("POST", `/api/lists/${enc(name)}/duplicate`, { to });
  if (r.ok) location.href = "/lists/" + enc(to);
  else banner(r.data.error);
}

async function deleteList(l) {
  // A game that names the list keeps its army, but the player is told before the delete.
  const games = (l.games || []).join(", ");
  const ask = games ? t("trash_confirm_games", { name: l.name, games }) : t("trash_confirm", { name: l.name });
  if (!confirm(ask)) return;
  const r = await api("DELETE", `/api/lists/${enc(l.name)}`, undefined, l.version);
  if (r.ok) banner(t("trashed", { name: l.name }), true);
  else banner(r.data.error);
  await drawLists();
}

// ── the builder ───────────────────────────────────────────────────────────────────────────

const state = { name: "", view: null, version: null, offers: null, enemy: null, choicesDrawn: false };

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
  const lists = (await api("GET", "/api/lists")).data || [];
  await load();
  if (!state.view) return;
  $("#crumb").replaceChildren(el("a", { href: "/" }, t("lists")), " / ", state.view.list_name || state.name);
  document.title = `muster — ${state.view.list_name || state.name}`;
  against.append(el("option", { value: "" }, t("none")));
  for (const l of lists) {
    if (l.name !== state.name && l.ruleset === state.view.ruleset) against.append(el("option", { value: l.name }, l.title || l.name));
  }
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
  const r = await api("GET", `/api/lists/${enc(state.name)}/offers?lang=${UI.lang}`);
  if (!r.ok) return banner(r.data.error);
  state.offers = r.data;
  // The sheet editor, where the ruleset has one.
  if (state.sheetEditor === undefined) {
    const f = await api("GET", `/api/sheets/form?ruleset=${enc(state.view.ruleset)}&lang=${UI.lang}`);
    state.sheetEditor = f.ok;
    if (f.ok) $("#new-sheet").replaceChildren(el("a", { class: "button", href: sheetLink(null) }, t("new_sheet")));
  }
  drawOffers();
}

function show(view) {
  const first = !state.view;
  state.view = view;
  state.version = view.version;
  const check = view.check;
  const words = view.words || {};
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
    const extras = u.extras.map((e) => el("span", { class: "chip" + (e.free ? " free" : ""), "data-extra": e.id },
      e.free ? `${e.name} · ${t("free")}` : words.extras_bought && e.cost ? `${e.name} (${e.cost})` : e.name));
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
  const r = await api("POST", `/api/lists/${enc(state.name)}/update?lang=${UI.lang}`, undefined, state.version);
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
  show(r.data);
  await loadOffers();
  if ($("#against").value) {
    await drawMatchups();
    await drawDuels();
  }
}

async function edit(op) {
  $("#status").textContent = t("saving");
  const r = await api("POST", `/api/lists/${enc(state.name)}/edit?lang=${UI.lang}`, op, state.version);
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
  show(r.data);
  await loadOffers();
  // The units changed: so may the matchups and the previews.
  if ($("#against").value) {
    await drawMatchups();
    await drawDuels();
  }
  return true;
}

async function saveToml() {
  if (!state.view) return;
  const r = await api("PUT", `/api/lists/${enc(state.name)}?lang=${UI.lang}`, $("#toml").value, state.version);
  if (r.status === 412) {
    return banner([t("stale") + " ", el("button", { type: "button", onclick: () => location.reload() }, t("reload"))]);
  }
  if (!r.ok) return banner(r.data.error);
  banner(t("file_saved"), true);
  show(r.data);
  await loadOffers();
  if ($("#against").value) await drawMatchups();
}

// ── the picker and the unit forms ─────────────────────────────────────────────────────────

function drawOffers() {
  const o = state.offers;
  const box = $("#offers");
  box.replaceChildren();
  if (!o) return;
  const q = $("#search").value.trim().toLowerCase();
  const all = $("#show-all").checked;
  let shown = 0;
  for (const g of o.groups) {
    const items = o.offers.filter((x) => x.group === g.id && (all || x.mine)
      && (!q || `${x.name} ${x.detail} ${x.id} ${x.command?.kind || ""}`.toLowerCase().includes(q)));
    if (!items.length) continue;
    shown += items.length;
    box.append(el("section", { class: "offer-group", "data-group": g.id },
      el("h3", {}, g.label),
      el("ul", {}, items.map((x) => el("li", {},
        el("button", { type: "button", class: "offer" + (x.mine ? "" : " foreign"), "data-offer": x.id, onclick: () => openAdder(x) },
          el("span", { class: "offer-name" }, el("strong", {}, x.name), el("span", { class: "muted small" }, x.detail),
            // A command unit: its kind and whom it may activate, in the ruleset's words.
            x.command ? el("span", { class: "offer-command small" }, el("strong", {}, x.command.kind), " — ", x.command.activates) : null,
            x.mine ? null : el("span", { class: "chip" }, t("not_this_army")),
            x.provenance === "illustrative" ? el("span", { class: "chip illustrative", title: t("illustrative_hint") }, t("illustrative")) : null,
            x.provenance === "player" ? el("span", { class: "chip yours" }, t("yours")) : null),
          el("span", { class: "offer-cost" }, x.cost),
          el("span", { class: "offer-limit muted small" },
            x.max ? t("taken", { taken: x.taken, max: x.max }) : x.taken ? `× ${x.taken}` : "")),
        state.sheetEditor ? el("a", { class: "copy-edit small", href: sheetLink(x.data_id) }, t("copy_edit")) : null)))));
  }
  if (!shown) box.append(el("p", { class: "muted" }, t("nothing_found")));
}

// The sheet editor, from the picker: a new sheet, or a copy of one to change.
function sheetLink(from) {
  const q = new URLSearchParams({ ruleset: state.view.ruleset, list: state.name });
  if (from) q.set("from", from);
  return `/sheets/edit?${q}`;
}

function openAdder(offer) {
  closeEditor();
  $("#add-panel").hidden = false;
  $("#add-title").textContent = `${offer.name} · ${offer.cost}`;
  unitForm($("#add"), offer, null, t("add"), async (fields) => {
    const op = { op: "add", id: offer.id, skills: fields.skills, options: fields.options };
    if (fields.figures !== null) op.figures = fields.figures;
    if (fields.guns !== null) op.guns = fields.guns;
    if (fields.label) op.label = fields.label;
    if (fields.free) op.free_skill = fields.free;
    if (await edit(op)) $("#add-panel").hidden = true;
  }, () => { $("#add-panel").hidden = true; });
  $("#add-panel").scrollIntoView({ block: "nearest" });
}

// The edit form back in its place below the list, closed.
function closeEditor() {
  const panel = $("#edit-panel");
  panel.hidden = true;
  for (const a of document.querySelectorAll("#units article.editing")) a.classList.remove("editing");
  if (panel.parentElement !== $("#units-card")) $("#units").after(panel);
}

function openEditor(number) {
  const view = state.view;
  const u = view.units[number - 1];
  const raw = view.check.units[number - 1];
  const offers = state.offers?.offers || [];
  const offer = offers.find((o) => o.data_id === u.id && o.mine) || offers.find((o) => o.data_id === u.id);
  if (!offer) return banner(t("not_possible", { why: u.id }));
  $("#add-panel").hidden = true;
  closeEditor();
  // The form opens at the unit: right under it, the unit marked, both in view.
  const article = document.querySelector(`#units article[data-unit='${number}']`);
  const panel = $("#edit-panel");
  article.after(panel);
  article.classList.add("editing");
  panel.hidden = false;
  $("#edit-title").textContent = t("editing", { n: number, label: u.label });
  unitForm($("#edit-form"), offer, { unit: u, raw }, t("save"), async (fields) => {
    const words = view.words || {};
    const op = { op: "set", unit: number, label: fields.label };
    if (fields.figures !== null) op.figures = fields.figures;
    if (fields.guns !== null) op.guns = fields.guns;
    if ((words.adds || []).includes("skills")) op.skills = fields.skills;
    if ((words.adds || []).includes("options")) {
      op.clear_options = true;
      op.options = fields.options;
    }
    if (offer.free.length) op.free_skill = fields.free || "";
    if (await edit(op)) closeEditor();
  }, closeEditor, { unit: number, label: u.label });
  // Scrolled so that the unit and as much of its form as fits are seen, the unit first.
  const top = article.getBoundingClientRect().top;
  const bottom = panel.getBoundingClientRect().bottom;
  const by = top < 8 ? top - 8 : bottom > window.innerHeight ? Math.min(top - 8, bottom - window.innerHeight + 8) : 0;
  if (by) window.scrollBy({ top: by, behavior: "instant" });
  const first = panel.querySelector("input, select");
  if (first) first.focus({ preventScroll: true });
}

// A unit's form, for adding (`current` null) or editing: the count within its range, the
// label, the sheet's own skills or options with their costs, the rank's free skill among
// those it allows, a brigade or a size.
function unitForm(form, offer, current, submitLabel, submit, cancel, target) {
  const words = state.view.words || {};
  const raw = current?.raw || {};
  const had = new Map((current?.unit.extras || []).map((e) => [e.id, e]));
  const parts = [];
  const numberField = (name, label, count, value) => {
    const hint = count.usual && (count.usual[0] !== count.min || count.usual[1] !== count.max)
      ? t("range_hint", { min: count.min, max: count.max, umin: count.usual[0], umax: count.usual[1] })
      : t("range_only", { min: count.min, max: count.max });
    return el("div", { class: "field" },
      el("label", { for: `${form.id}-${name}` }, label),
      el("input", { id: `${form.id}-${name}`, name, type: "number", min: count.min, max: count.max, value, inputmode: "numeric", required: true }),
      el("small", { class: "hint" }, hint));
  };
  if (offer.figures) parts.push(numberField("figures", countWord(words), offer.figures, current ? (current.unit.figures ?? offer.figures.default) : offer.figures.default));
  if (offer.guns) parts.push(numberField("guns", t("guns"), offer.guns, current ? (raw.guns ?? offer.guns.default) : offer.guns.default));
  // The player's own label only: a unit the data name is named in the page's language.
  const label = current && current.unit.own_label ? current.unit.label : "";
  parts.push(el("div", { class: "field" },
    el("label", { for: `${form.id}-label` }, t("label")),
    el("input", { id: `${form.id}-label`, name: "label", value: label, autocomplete: "off" }),
    el("small", { class: "hint" }, t("label_hint"))));
  if (offer.extras.length) {
    const isSkills = (words.adds || []).includes("skills");
    parts.push(el("fieldset", { class: "field extras" },
      el("legend", {}, isSkills ? t("skills") : t("options")),
      offer.extras.map((x) => {
        if (x.max) {
          const value = current ? (raw[x.id] || 0) : 0;
          return el("label", { class: "extra count", title: x.summary || null },
            el("input", { type: "number", min: "0", max: x.max, value, name: `count-${x.id}`, "data-count": x.id, inputmode: "numeric" }),
            el("span", {}, `${x.name} `, el("span", { class: "muted small" }, `${x.cost} · ≤ ${x.max}`)));
        }
        const checked = had.has(x.id) && !had.get(x.id).free;
        return el("label", { class: "extra", title: x.summary || null },
          el("input", { type: "checkbox", name: "extra", value: x.id, checked }),
          el("span", {}, `${x.name} `, el("span", { class: "muted small" }, x.cost)));
      })));
  }
  if (offer.free.length) {
    const free = [...had.values()].find((e) => e.free);
    parts.push(el("div", { class: "field" },
      el("label", { for: `${form.id}-free` }, t("free_skill")),
      el("select", { id: `${form.id}-free`, name: "free" },
        el("option", { value: "" }, t("none")),
        offer.free.map((x) => el("option", { value: x.id, selected: free?.id === x.id }, `${x.name} (${x.cost})`)))));
  }
  for (const c of offer.choices || []) {
    const now = current ? raw[c.key] : c.default;
    const select = el("select", { id: `${form.id}-${c.key}`, name: `choice-${c.key}`, "data-choice": c.key },
      c.values.map((v) => el("option", { value: v.id, selected: v.id === now }, v.label)),
      c.new.length ? el("option", { value: "__new", selected: !c.values.length }, t("new_value")) : null);
    const more = el("div", { class: "new-value", hidden: !!c.values.length },
      el("label", {}, t("id_new"), el("input", { name: `new-${c.key}`, autocomplete: "off" })),
      c.new.map((n) => el("label", {}, n.label, el("input", { name: `new-${c.key}-${n.id}`, autocomplete: "off" }))));
    select.addEventListener("change", () => { more.hidden = select.value !== "__new"; });
    parts.push(el("div", { class: "field wide" }, el("label", { for: select.id }, c.label), select, more));
  }
  parts.push(el("div", { class: "field submit" },
    el("button", { type: "submit", "data-action": "submit" }, submitLabel),
    el("button", { type: "button", class: "secondary", onclick: cancel }, t("cancel"))));
  form.replaceChildren(...parts);
  form.onsubmit = async (ev) => {
    ev.preventDefault();
    const f = new FormData(form);
    const options = [];
    for (const x of offer.extras) {
      if (x.max) {
        const n = Number(f.get(`count-${x.id}`) || 0);
        if (n > 0) options.push(`${x.id}=${n}`);
      }
    }
    const checked = f.getAll("extra");
    const isSkills = (words.adds || []).includes("skills");
    if (!isSkills) options.push(...checked);
    for (const c of offer.choices || []) {
      const v = f.get(`choice-${c.key}`);
      if (v === "__new") {
        options.push(`${c.key}=${(f.get(`new-${c.key}`) || "").trim()}`);
        for (const n of c.new) {
          const given = (f.get(`new-${c.key}-${n.id}`) || "").trim();
          if (given) options.push(`${n.id}=${given}`);
        }
      } else if (v) {
        options.push(`${c.key}=${v}`);
      }
    }
    const fields = {
      figures: f.get("figures") ? Number(f.get("figures")) : null,
      guns: f.get("guns") ? Number(f.get("guns")) : null,
      label: (f.get("label") || "").trim(),
      skills: isSkills ? checked : [],
      options,
      free: f.get("free") || "",
    };
    // A list has one free skill: taken from the unit that has it, that is said first.
    const move = freeSkillMove(offer, fields, target);
    if (move) return askFreeMove(form, move, () => submit(fields));
    await submit(fields);
  };
  // A change to the form asks again.
  form.oninput = () => form.querySelector(".confirm-move")?.remove();
}

// The free skill a unit gets in the form, when another unit of the list has the list's one:
// where it comes from and where it goes, by the units' names. `target`: the unit edited
// ({unit, label}); none for a unit being added.
function freeSkillMove(offer, fields, target) {
  if (!fields.free) return null;
  const units = state.view.units;
  const from = units.findIndex((u) => u.extras.some((e) => e.free));
  if (from < 0 || (target && from + 1 === target.unit)) return null;
  const toLabel = fields.label || (target ? target.label : offer.name);
  const toNumber = target ? target.unit : units.length + 1;
  // A name alone, unless another unit has it too (the one added among them).
  const labels = units.map((u) => u.label).concat(target ? [] : [toLabel]);
  const named = (label, number) => (labels.filter((l) => l === label).length > 1 ? `${label} (${number})` : label);
  return {
    from: named(units[from].label, from + 1),
    old: units[from].extras.find((e) => e.free).name,
    to: named(toLabel, toNumber),
    skill: offer.free.find((x) => x.id === fields.free)?.name || fields.free,
  };
}

// Says the free skill's move in the form, above its buttons: confirmed, the edit is made;
// kept, nothing is sent.
function askFreeMove(form, move, go) {
  form.querySelector(".confirm-move")?.remove();
  const box = el("div", { class: "confirm-move field wide", role: "alert" },
    el("p", {}, t("free_moves", move)),
    el("div", { class: "row" },
      el("button", { type: "button", "data-action": "confirm-move", onclick: async () => { box.remove(); await go(); } }, t("free_move_confirm")),
      el("button", { type: "button", class: "secondary", "data-action": "keep-free", onclick: () => box.remove() }, t("free_move_keep", move))));
  form.querySelector(".field.submit").before(box);
  box.scrollIntoView({ block: "nearest" });
  box.querySelector("button").focus({ preventScroll: true });
}

// ── matchups and previews between a unit of each list ────────────────────────────────────

const unitName = (u, i) => `${i + 1}. ${u.label}`;

function fillUnits(select, units) {
  const keep = select.value;
  select.replaceChildren(...units.map((u, i) => el("option", { value: String(i + 1) }, unitName(u, i))));
  if (keep && Number(keep) <= units.length) select.value = keep;
}

function duelUnits() {
  if (state.view) fillUnits($("#duel-unit"), state.view.units);
}

async function versus(asked) {
  const against = $("#against").value;
  $("#versus-hint").hidden = !!against;
  $("#duel-card").hidden = !against;
  $("#matchups").replaceChildren();
  $("#duels").replaceChildren();
  if (!against) {
    $("#choices").replaceChildren();
    state.choicesDrawn = false;
    return remember(null);
  }
  const r = await api("GET", `/api/lists/${enc(against)}?lang=${UI.lang}`);
  if (!r.ok) return banner(r.data.error);
  state.enemy = r.data;
  fillUnits($("#duel-enemy"), r.data.units || []);
  await drawMatchups(asked);
  if (asked) {
    const pick = (select, value) => {
      if (value && [...select.options].some((o) => o.value === value)) select.value = value;
    };
    pick($("#duel-unit"), asked.get("unit"));
    pick($("#duel-enemy"), asked.get("enemy"));
  }
  await drawDuels();
}

function situation() {
  const q = new URLSearchParams();
  for (const s of document.querySelectorAll("#choices select")) q.set(s.dataset.choice, s.value);
  return q;
}

async function drawMatchups(asked) {
  const against = $("#against").value;
  if (!against) return;
  const q = situation();
  q.set("against", against);
  q.set("lang", UI.lang);
  const r = await api("GET", `/api/lists/${enc(state.name)}/matchups?${q}`);
  const out = $("#matchups");
  if (!r.ok) return out.replaceChildren(el("p", { class: "diagnostic error" }, r.data.error));
  const m = r.data;
  if (!state.choicesDrawn) {
    state.choicesDrawn = true;
    $("#choices").replaceChildren(...m.choices.map((c) => {
      const s = el("select", { "data-choice": c.key },
        c.values.map((v) => el("option", { value: v.id, selected: v.id === (asked?.get(c.key) || c.default) }, v.label)));
      s.addEventListener("change", async () => { await drawMatchups(); await drawDuels(); });
      return el("label", {}, el("span", {}, c.label), s);
    }));
    if (asked && [...document.querySelectorAll("#choices select")].some((s) => asked.get(s.dataset.choice) && s.value !== m.situation[s.dataset.choice])) {
      return drawMatchups();
    }
  }
  const tables = m.tables.map((tab, ti) => {
    const cells = m.cells.filter((c) => c.procedure === tab.procedure && c.way === tab.way);
    // A cell showing another way of acting (a gun's canister, charging cavalry) is marked,
    // and the marks it uses are said under the table.
    const marks = new Map((m.marks?.[ti] || []).map((k) => [k.key, k]));
    const used = [...marks.values()].filter((k) => cells.some((c) => c.variant === k.key));
    const top = Math.max(0.0001, ...cells.map((c) => c.mean ?? 0));
    const at = new Map(cells.map((c) => [`${c.unit}/${c.enemy}`, c]));
    return el("section", { class: "matchup", "data-procedure": tab.procedure, "data-way": tab.way },
      el("h3", {}, m.titles[ti]),
      el("div", { class: "heat-scroll" },
        el("table", { class: "heat" },
          // Every head whole (wrapped, never cut); the units' column stays in place while the
          // enemies' columns scroll under it (app.css).
          el("thead", {}, el("tr", {}, el("th", {}),
            m.enemies.map((e, j) => el("th", { scope: "col" }, el("span", {}, `${j + 1}. ${e}`))))),
          el("tbody", {}, m.units.map((u, i) => el("tr", {},
            el("th", { scope: "row" }, el("span", {}, `${i + 1}. ${u}`)),
            m.enemies.map((_, j) => {
              const c = at.get(`${i + 1}/${j + 1}`);
              if (!c || c.mean === null) {
                return el("td", { class: "cannot", title: c?.why || t("cannot_title") }, t("cannot"));
              }
              const share = c.mean / top;
              return el("td", {},
                el("button", {
                  type: "button", class: "cell" + (share > 0.55 ? " dark" : ""),
                  style: `background: rgba(138, 45, 30, ${(0.08 + 0.82 * share).toFixed(3)})`,
                  title: `${u} · ${m.enemies[j]}: ${tab.chance ? percent(c.mean) : number(c.mean)}` + (marks.get(c.variant) ? ` (${marks.get(c.variant).said})` : ""),
                  "data-unit": i + 1, "data-enemy": j + 1, "data-mean": c.mean,
                  "data-variant": c.variant || null,
                  onclick: () => openDuel(i + 1, j + 1),
                }, tab.chance ? percent(c.mean) : number(c.mean, 1), marks.get(c.variant) ? el("sup", {}, marks.get(c.variant).mark) : null));
            })))))),
      used.length ? el("p", { class: "muted small marks" }, used.map((k) => el("span", {}, el("sup", {}, k.mark), ` ${k.said}`))) : null);
  });
  out.replaceChildren(el("p", { class: "muted" }, t("matchups_hint")), ...tables);
}

async function openDuel(unit, enemy) {
  $("#duel-unit").value = String(unit);
  $("#duel-enemy").value = String(enemy);
  await drawDuels();
  $("#duel-card").scrollIntoView({ block: "start" });
}

// The page's address says what it shows: the opponent, the two units, the situation.
function remember(q) {
  const url = location.pathname + (q ? `?${q}` : "");
  if (url !== location.pathname + location.search) history.replaceState(null, "", url);
}

async function drawDuels() {
  const against = $("#against").value;
  const unit = $("#duel-unit").value, enemy = $("#duel-enemy").value;
  const out = $("#duels");
  if (!against || !unit || !enemy) return out.replaceChildren();
  const q = new URLSearchParams({ against, unit, enemy });
  for (const [k, v] of situation()) q.set(k, v);
  remember(q);
  q.set("lang", UI.lang);
  q.set("chart", chartWidth(out));
  const r = await api("GET", `/api/lists/${enc(state.name)}/duel?${q}`);
  if (!r.ok) return out.replaceChildren(el("p", { class: "diagnostic error" }, r.data.error));
  out.replaceChildren(duelCards(r.data.duels, r.data.commands_in_lists ? "command_here_lists" : "command_here"));
}

// The width a duel's chart is shown at, in CSS pixels: an empty card laid out where the cards
// go says it. The server draws the chart that wide, so its text is seen at the size it sets
// (never scaled down with the drawing); a window made narrower or wider draws it again.
function chartWidth(out) {
  const probe = el("div", { class: "duels", "aria-hidden": "true", style: "visibility: hidden" },
    el("article", { class: "duel" }, el("div", { class: "chart" })));
  out.append(probe);
  // The box inside its border, to the pixel below (a fraction of a pixel more would scale it).
  const box = probe.querySelector(".chart"), style = getComputedStyle(box);
  const width = Math.floor(box.getBoundingClientRect().width - parseFloat(style.borderLeftWidth) - parseFloat(style.borderRightWidth));
  probe.remove();
  chartWidth.last = Math.min(1200, Math.max(240, width));
  return chartWidth.last;
}

// The charts drawn again when their column's width changes (a window resized, a phone turned).
function redrawChartsOnResize(draw, out) {
  let timer = null, seen = out().clientWidth;
  new ResizeObserver(() => {
    if (out().clientWidth === seen) return;
    seen = out().clientWidth;
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (!out().querySelector(".duel img")) return;
      const was = chartWidth.last;
      if (chartWidth(out()) !== was) draw();
    }, 250);
  }).observe(out());
}

// Each preview between two units: its headline numbers, its chart, and (folded) the CLI's
// text with the command that gives it.
function duelCards(duels, where) {
  return el("div", { class: "duels" }, duels.map((d) => el("article", { class: "duel" + (d.refused ? " refused" : ""), "data-procedure": d.procedure },
    el("h3", {}, d.title),
    d.refused
      ? el("p", { class: "muted" }, t("not_possible", { why: d.refused }))
      : el("div", { class: "headline" }, d.headline.map((h) => el("div", { class: "figure" },
          el("strong", {}, h.chance ? percent(h.value) : number(h.value)),
          el("span", {}, h.label)))),
    // The chart is an image: an SVG shown through <img> runs nothing and loads nothing.
    // A charge is two chances: no chart.
    d.refused || !d.svg ? null : el("div", { class: "chart" },
      el("img", { src: "data:image/svg+xml;charset=utf-8," + encodeURIComponent(d.svg), alt: d.title })),
    d.refused ? null : el("details", { class: "cli" },
      el("summary", {}, t("details")),
      el("pre", {}, d.text),
      el("p", { class: "muted small" }, t(where)),
      el("code", { class: "command" }, d.command)))));
}

// ── the games: a list of them on the first page, and a game's page at the table ──────────

async function drawGames(lists) {
  const box = $("#games");
  const r = await api("GET", "/api/games");
  if (!r.ok) return banner(r.data.error);
  box.replaceChildren(...(r.data.length ? r.data.map((g) => el("article", { class: "list-row", "data-game": g.name },
    el("div", { class: "list-main" },
      el("a", { href: "/games/" + enc(g.name), class: "list-title" }, g.error ? g.name : t("a_against_b", { a: g.a, b: g.b })),
      el("div", { class: "muted small" }, g.error ? t("unreadable")
        : [g.scenario, t("turn_n", { n: g.turn }), g.name].filter(Boolean).join(" · "))),
    el("div", {}, g.error ? el("span", { class: "badge bad" }, t("unreadable")) : null),
    el("div", { class: "list-actions" }, g.error ? null : el("a", { class: "button small", href: "/games/" + enc(g.name) }, t("play")))))
    : [el("p", { class: "muted" }, t("no_games"))]));
  // Games under way come first (a phone at the table opens on them); the form is open when
  // there is none yet.
  $("#new-game-fold").open = !r.data.length;
  if (r.data.length) $("#lists-card").before($("#games-card"));
  // The new game's two lists: the first of any ruleset that plays games, the second of the same.
  const playable = lists.filter((l) => !l.error);
  const a = $("#ng-a"), b = $("#ng-b");
  const option = (l) => el("option", { value: l.name }, `${l.title || l.name} (${l.ruleset_title || l.ruleset})`);
  a.replaceChildren(...playable.map(option));
  const same = () => {
    const ruleset = playable.find((l) => l.name === a.value)?.ruleset;
    const keep = b.value;
    b.replaceChildren(...playable.filter((l) => l.ruleset === ruleset && l.name !== a.value).map(option));
    if ([...b.options].some((o) => o.value === keep)) b.value = keep;
  };
  a.onchange = same;
  same();
}

async function createGame(ev) {
  ev.preventDefault();
  banner("");
  for (const f of document.querySelectorAll("#new-game .field")) {
    f.classList.remove("bad");
    const p = f.querySelector(".problem");
    if (p) p.textContent = "";
  }
  const f = new FormData(ev.target);
  let name = f.get("name").trim();
  const mark = (key, message) => {
    const field = document.querySelector(`#new-game [data-field='${key}']`);
    field.classList.add("bad");
    field.querySelector(".problem").textContent = message;
  };
  if (!name) return mark("name", t("p_missing"));
  if (!name.endsWith(".toml")) name += ".toml";
  if (!f.get("a")) return mark("a", t("p_missing"));
  if (!f.get("b")) return mark("b", t("same_ruleset"));
  const r = await api("POST", "/api/games", { name, a: f.get("a"), b: f.get("b"), scenario: f.get("scenario").trim(), lang: UI.lang });
  if (r.ok) {
    location.href = "/games/" + enc(name);
    return;
  }
  if (r.status === 400 || r.status === 409) mark("name", r.data.error);
  else banner(r.data.error);
}

const game = { name: "", view: null, version: null, choicesDrawn: false, busy: false, timer: null };

async function gamePage() {
  game.name = decodeURIComponent(location.pathname.replace(/^\/games\//, ""));
  if (!(await loadGame())) return;
  const v = game.view;
  $("#crumb").replaceChildren(el("a", { href: "/" }, t("games")), " / ", game.name);
  document.title = `muster — ${t("a_against_b", { a: v.a.name, b: v.b.name })}`;
  $("#next-turn").addEventListener("click", () => markGame({ turn: true }));
  $("#undo").addEventListener("click", undoGame);
  const asked = new URLSearchParams(location.search);
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
  for (const s of document.querySelectorAll("#odds-choices select")) q.set(s.dataset.choice, s.value);
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
  q.set("chart", chartWidth(out));
  const r = await api("GET", `/api/games/${enc(game.name)}/odds?${q}`);
  if (!r.ok) return out.replaceChildren(el("p", { class: "diagnostic error" }, r.data.error));
  if (!game.choicesDrawn) {
    game.choicesDrawn = true;
    const asked = new URLSearchParams(location.search);
    $("#odds-choices").replaceChildren(...r.data.choices.map((c) => {
      const s = el("select", { "data-choice": c.key },
        c.values.map((v) => el("option", { value: v.id, selected: v.id === (asked.get(c.key) || c.default) }, v.label)));
      s.addEventListener("change", drawOdds);
      return el("label", {}, el("span", {}, c.label), s);
    }));
    if ([...document.querySelectorAll("#odds-choices select")].some((s) => s.value !== r.data.situation[s.dataset.choice])) return drawOdds();
  }
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

// Share answers a press from the first paint, before the page's words have loaded: pressed
// while they loaded, it was lost (the browser test failed under load).
function builderControls() {
  state.name = decodeURIComponent(location.pathname.replace(/^\/lists\//, ""));
  $("#share-button").addEventListener("click", async () => {
    await UI.ready;
    await openShare();
  });
}

// A page starts here: its words first (UI.ready), then the page drawn; `controls`, what must
// answer from the first paint, is set up before the words have loaded.
async function startPage(page, controls) {
  UI.ready = setupLanguage();
  if (controls) controls();
  await UI.ready;
  await page();
}

if (document.getElementById("builder")) startPage(builderPage, builderControls);
if (document.getElementById("game")) startPage(gamePage);
if (document.getElementById("index")) startPage(indexPage);
if (document.getElementById("sheet-editor")) startPage(() => window.sheetPage());
