// muster serve: the pages' script. No framework, no CDN: the pages call muster's JSON API
// (the same engine as the CLI) and draw what it answers. Every text from a file is set with
// textContent, never as HTML.
"use strict";

const $ = (sel) => document.querySelector(sel);

function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") e.className = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (v !== undefined && v !== null && v !== false) e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined) continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}

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
  if (body !== undefined) headers["Content-Type"] = typeof body === "string" ? "text/plain; charset=utf-8" : "application/json";
  const r = await fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  let data = null;
  const text = await r.text();
  try { data = JSON.parse(text); } catch { data = { error: text }; }
  return { status: r.status, ok: r.ok, data };
}

const enc = encodeURIComponent;

// ── the lists page ────────────────────────────────────────────────────────────────────────

async function indexPage() {
  const rulesets = (await api("GET", "/api/rulesets")).data || [];
  const select = $("#ruleset-select");
  for (const r of rulesets.filter((r) => r.supports.lists)) {
    select.append(el("option", { value: r.id }, `${r.title} (${r.id})`));
  }
  await drawLists();
  $("#new-list").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const f = new FormData(ev.target);
    const body = {
      name: f.get("name").trim(),
      title: f.get("title").trim(),
      ruleset: f.get("ruleset"),
      points: f.get("points") ? Number(f.get("points")) : null,
      army: f.get("army") || null,
      coalition: f.get("coalition") || null,
      campaign: f.get("campaign") || null,
      rank: f.get("rank") || null,
    };
    const r = await api("POST", "/api/lists", body);
    if (r.ok) location.href = "/lists/" + enc(body.name);
    else banner(r.data.error);
  });
}

async function drawLists() {
  const r = await api("GET", "/api/lists");
  const tbody = $("#lists tbody");
  tbody.replaceChildren();
  if (!r.ok) return banner(r.data.error);
  for (const l of r.data) {
    const check = l.error
      ? el("span", { class: "badge bad" }, "unreadable")
      : el("span", { class: "badge " + (l.valid ? (l.warnings ? "warn" : "ok") : "bad") },
          l.valid ? (l.warnings ? `valid, ${l.warnings} warning(s)` : "valid") : `${l.errors} error(s)`);
    const points = !l.points ? "" : l.limit ? `${l.total} / ${l.limit}` : l.total !== undefined ? String(l.total) : "";
    tbody.append(el("tr", {},
      el("td", {}, el("a", { href: "/lists/" + enc(l.name) }, l.name)),
      el("td", {}, l.title || l.error || ""),
      el("td", {}, l.ruleset || ""),
      el("td", { class: "n" }, points),
      el("td", {}, check),
      el("td", {},
        el("button", { class: "small", type: "button", onclick: () => duplicateList(l.name) }, "Duplicate"), " ",
        el("button", { class: "small danger", type: "button", onclick: () => deleteList(l) }, "Delete")),
    ));
  }
}

async function duplicateList(name) {
  const to = prompt(`Copy ${name} to (a .toml file name):`, name.replace(/\.toml$/, "-copy.toml"));
  if (!to) return;
  const r = await api("POST", `/api/lists/${enc(name)}/duplicate`, { to });
  if (r.ok) location.href = "/lists/" + enc(to);
  else banner(r.data.error);
}

async function deleteList(l) {
  if (!confirm(`Move ${l.name} to the lists' .trash folder?`)) return;
  const r = await api("DELETE", `/api/lists/${enc(l.name)}`, undefined, l.version);
  if (r.ok) banner(`${l.name} moved to ${r.data.to}`, true);
  else banner(r.data.error);
  await drawLists();
}

// ── the builder ───────────────────────────────────────────────────────────────────────────

const state = { name: "", view: null, version: null, sheets: null, chosen: null };

async function builderPage() {
  state.name = decodeURIComponent(location.pathname.replace(/^\/lists\//, ""));
  $("#crumb").replaceChildren(el("a", { href: "/" }, "lists"), " / ", state.name);
  document.title = `muster — ${state.name}`;
  const lists = (await api("GET", "/api/lists")).data || [];
  await load();
  const against = $("#against");
  for (const l of lists) {
    if (l.name !== state.name && l.ruleset === state.view.ruleset) against.append(el("option", { value: l.name }, l.name));
  }
  // A link may name the opponent, the two units and the situation (the page keeps its
  // address up to date, so a preview can be bookmarked or shared).
  const asked = new URLSearchParams(location.search);
  if (asked.get("against") && [...against.options].some((o) => o.value === asked.get("against"))) {
    against.value = asked.get("against");
    await load();
    await duelSetup(asked);
  }
  against.addEventListener("change", async () => { await load(); await duelSetup(); });
  $("#duel-unit").addEventListener("change", drawDuels);
  $("#duel-enemy").addEventListener("change", drawDuels);
  $("#lang").addEventListener("change", links);
  $("#search").addEventListener("input", drawSheets);
  $("#add").addEventListener("submit", addUnit);
  $("#save-toml").addEventListener("click", saveToml);
}

async function load() {
  const against = $("#against").value;
  const r = await api("GET", `/api/lists/${enc(state.name)}` + (against ? `?against=${enc(against)}` : ""));
  if (!r.ok) return banner(r.data.error);
  show(r.data);
}

function show(view) {
  const first = !state.view;
  state.view = view;
  state.version = view.version;
  const check = view.check;
  const words = view.words || {};
  $("#title").textContent = check.units ? (view.toml.match(/^name\s*=\s*"(.*)"/m) || [, view.name])[1] : view.name;
  $("#subtitle").textContent = `${view.title || ""} · ${view.description || ""} · ${view.name}`;
  $("#total").textContent = words.points && check.limit ? `${check.total} / ${check.limit} pts` : words.points ? `${check.total} pts` : `${check.units.length} units`;
  const errors = check.diagnostics.filter((d) => d.severity === "error").length;
  const warnings = check.diagnostics.length - errors;
  const verdict = $("#verdict");
  verdict.className = "badge " + (check.valid ? (warnings ? "warn" : "ok") : "bad");
  verdict.textContent = check.valid ? (warnings ? `valid · ${warnings} warning(s)` : "valid") : `${errors} error(s) · ${warnings} warning(s)`;
  $("#status").textContent = `saved · version ${String(view.version).replace(/"/g, "")}`;
  $("#toml").value = view.toml;
  drawUnits(view);
  duelUnits();
  if (first) {
    const lang = $("#lang");
    for (const l of view.languages || []) lang.append(el("option", { value: l }, l));
    setupAddForm(view);
    state.sheets = view.sheets;
    drawFilters();
    drawSheets();
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

function diagnosticBox(d) {
  return el("div", { class: "diagnostic " + d.severity, "data-code": d.code },
    el("code", {}, `${d.severity}[${d.code}]`), " ", d.message,
    d.line ? el("span", { class: "note" }, `line ${d.line}, column ${d.column}`) : null,
    ...d.notes.map((n) => el("span", { class: "note" }, n)));
}

function drawUnits(view) {
  const check = view.check;
  const words = view.words || {};
  const head = ["#", "Unit", words.id || "sheet"];
  if (words.figures) head.push(words.figures);
  if (words.points) head.push("Cost");
  head.push(words.extras || "", "");
  $("#units thead").replaceChildren(el("tr", {}, head.map((h, i) => el("th", { class: h === "Cost" ? "n" : null }, h))));
  const tbody = $("#units tbody");
  tbody.replaceChildren();
  const byUnit = new Map();
  const listLevel = [];
  check.diagnostics.forEach((d, i) => {
    const u = view.placement ? view.placement[i] : null;
    if (u === null || u === undefined) listLevel.push(d);
    else (byUnit.get(u) || byUnit.set(u, []).get(u)).push(d);
  });
  $("#list-diagnostics").replaceChildren(...listLevel.map(diagnosticBox));
  check.units.forEach((u, i) => {
    const id = u.sheet || u.entry || u.unit || u.troop || u.id || "";
    const cells = [el("td", { class: "n" }, String(i + 1)), el("td", {}, u.label || ""), el("td", {}, el("code", {}, id))];
    if (words.figures) {
      const count = u.figures ?? u.elements ?? "";
      const input = el("input", { class: "fig", type: "number", min: "0", max: "1000", value: count, "aria-label": `${words.figures} of unit ${i + 1}`, "data-unit": i + 1 });
      input.addEventListener("change", () => setCount(i + 1, input.value));
      cells.push(el("td", {}, input));
    }
    if (words.points) cells.push(el("td", { class: "n" }, String(u.cost ?? "")));
    // The ruleset names the unit's fields its extras column shows ("skills", "brigade, size").
    const extras = (words.extras || "").split(",").map((k) => u[k.trim()])
      .flatMap((v) => (Array.isArray(v) ? v.map((s) => s.id || s.name || s) : v === null || v === undefined ? [] : [v]))
      .join(", ");
    cells.push(el("td", {}, extras));
    cells.push(el("td", {}, el("button", { class: "small danger", type: "button", title: "Remove this unit", onclick: () => removeUnit(i + 1) }, "Remove")));
    tbody.append(el("tr", { "data-unit": i + 1 }, cells));
    const ds = byUnit.get(i) || [];
    if (ds.length) {
      tbody.append(el("tr", { class: "diag", "data-for": i + 1 }, el("td", {}), el("td", { colspan: String(cells.length - 1) }, ds.map(diagnosticBox))));
    }
  });
}

async function edit(op) {
  const r = await api("POST", `/api/lists/${enc(state.name)}/edit`, op, state.version);
  if (r.status === 412 || r.status === 409) {
    banner([
      "The list changed on disk since this page read it (another tab, or the CLI): your edit was not made. ",
      el("button", { type: "button", onclick: () => location.reload() }, "Reload"),
    ]);
    return false;
  }
  if (!r.ok) { banner(r.data.error); return false; }
  banner("");
  const against = $("#against").value;
  if (against) await load(); else show(r.data);
  // The units changed: so may the previews between them.
  if (against) await drawDuels();
  return true;
}

const setCount = (unit, value) => edit({ op: "count", unit, count: Number(value) });
const removeUnit = (unit) => edit({ op: "remove", unit });

async function addUnit(ev) {
  ev.preventDefault();
  const f = new FormData(ev.target);
  const op = { op: "add", id: f.get("id").trim() };
  if (f.get("figures")) op.figures = Number(f.get("figures"));
  if (f.get("label")) op.label = f.get("label");
  op.skills = f.getAll("skills");
  if (f.get("free_skill")) op.free_skill = f.get("free_skill");
  op.options = (f.get("options") || "").split(",").map((s) => s.trim()).filter(Boolean);
  if (f.get("guns")) op.guns = Number(f.get("guns"));
  if (await edit(op)) {
    ev.target.reset();
    state.chosen = null;
    drawSheets();
  }
}

async function saveToml() {
  const r = await api("PUT", `/api/lists/${enc(state.name)}`, $("#toml").value, state.version);
  if (r.status === 412) {
    return banner(["The file changed on disk since this page read it: nothing was written. ",
      el("button", { type: "button", onclick: () => location.reload() }, "Reload")]);
  }
  if (!r.ok) return banner(r.data.error);
  banner("The file was saved.", true);
  show(r.data);
  if ($("#against").value) await drawDuels();
}

function setupAddForm(view) {
  const words = view.words || {};
  $("#add-figures-label").hidden = !words.figures;
  if (words.figures) $("#add-figures-label").firstChild.textContent = words.figures[0].toUpperCase() + words.figures.slice(1) + " ";
  // The form asks for what the ruleset's `muster list add` takes, nothing more.
  const adds = words.adds || [];
  $("#add-id-label").firstChild.textContent = (words.id || "sheet")[0].toUpperCase() + (words.id || "sheet").slice(1) + " ";
  const skills = adds.includes("skills") ? view.skills : null;
  $("#add-skills-label").hidden = !skills;
  $("#add-free-label").hidden = !skills || !adds.includes("free-skill");
  $("#add-options-label").hidden = !adds.includes("options");
  $("#add-options").placeholder = words.options_hint || "";
  $("#add-guns-label").hidden = !adds.includes("guns");
  if (skills) {
    for (const row of skills.rows) {
      const label = `${row[1] || row[0]} (${row[0]})`;
      $("#add-skills").append(el("option", { value: row[0] }, label));
      $("#add-free").append(el("option", { value: row[0] }, label));
    }
  }
}

function drawFilters() {
  const t = state.sheets;
  const box = $("#filters");
  box.replaceChildren();
  if (!t) return;
  t.header.forEach((h, c) => {
    const values = [...new Set(t.rows.map((r) => r[c]))].filter(Boolean);
    if (c === 0 || values.length < 2 || values.length > 12) return;
    const s = el("select", { "data-column": c, "aria-label": h }, el("option", { value: "" }, `${h}: all`), values.sort().map((v) => el("option", { value: v }, v)));
    s.addEventListener("change", drawSheets);
    box.append(s, " ");
  });
}

function drawSheets() {
  const t = state.sheets;
  if (!t) return;
  $("#sheets thead").replaceChildren(el("tr", {}, t.header.map((h) => el("th", {}, h))));
  const q = $("#search").value.trim().toLowerCase();
  const filters = [...document.querySelectorAll("#filters select")].filter((s) => s.value).map((s) => [Number(s.dataset.column), s.value]);
  const tbody = $("#sheets tbody");
  tbody.replaceChildren();
  for (const row of t.rows) {
    if (q && !row.some((c) => String(c).toLowerCase().includes(q))) continue;
    if (!filters.every(([c, v]) => row[c] === v)) continue;
    const tr = el("tr", { class: row[0] === state.chosen ? "chosen" : null, "data-sheet": row[0] }, row.map((c) => el("td", {}, c)));
    tr.addEventListener("click", () => {
      state.chosen = row[0];
      $("#add-id").value = row[0];
      drawSheets();
      $("#add-id").focus();
    });
    tbody.append(tr);
  }
}

// ── previews between a unit of each list ──────────────────────────────────────────────────

const unitName = (u, i) => `${i + 1}. ${u.label || ""} (${u.sheet || u.entry || u.unit || u.troop || u.id || ""})`;

function fillUnits(select, units) {
  const keep = select.value;
  select.replaceChildren(...units.map((u, i) => el("option", { value: String(i + 1) }, unitName(u, i))));
  if (keep && Number(keep) <= units.length) select.value = keep;
}

function duelUnits() {
  if (state.view) fillUnits($("#duel-unit"), state.view.check.units);
}

async function duelSetup(asked) {
  const against = $("#against").value;
  $("#duel-form").hidden = !against;
  $("#duels").replaceChildren();
  if (!against) return remember(null);
  const r = await api("GET", `/api/lists/${enc(against)}`);
  if (!r.ok) return banner(r.data.error);
  fillUnits($("#duel-enemy"), r.data.check.units || []);
  const box = $("#duel-choices");
  if (!box.childElementCount) {
    for (const c of state.view.duel_choices || []) {
      const s = el("select", { "data-choice": c.key }, c.values.map((v) => el("option", { value: v, selected: v === c.default }, v)));
      s.addEventListener("change", drawDuels);
      box.append(el("label", {}, c.label, s));
    }
  }
  if (asked) {
    const pick = (select, value) => {
      if (value && [...select.options].some((o) => o.value === value)) select.value = value;
    };
    pick($("#duel-unit"), asked.get("unit"));
    pick($("#duel-enemy"), asked.get("enemy"));
    for (const s of document.querySelectorAll("#duel-choices select")) pick(s, asked.get(s.dataset.choice));
  }
  await drawDuels();
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
  for (const s of document.querySelectorAll("#duel-choices select")) q.set(s.dataset.choice, s.value);
  remember(q);
  const r = await api("GET", `/api/lists/${enc(state.name)}/duel?${q}`);
  if (!r.ok) return out.replaceChildren(el("p", { class: "diagnostic error" }, r.data.error));
  out.replaceChildren(el("div", { class: "duels" }, r.data.duels.map((d) => el("article", { class: "duel" + (d.refused ? " refused" : ""), "data-procedure": d.procedure },
    el("h3", {}, d.title),
    d.refused
      ? el("p", { class: "muted" }, `Not possible: ${d.refused}`)
      // The chart is an image: an SVG shown through <img> runs nothing and loads nothing.
      : el("img", { src: "data:image/svg+xml;charset=utf-8," + encodeURIComponent(d.svg), alt: `P(${d.what} = k): ${d.title}` }),
    d.refused ? null : el("pre", {}, d.text),
    el("div", { class: "command" }, el("code", {}, d.command))))));
}

if (document.getElementById("builder")) builderPage();
else if (document.getElementById("lists")) indexPage();
