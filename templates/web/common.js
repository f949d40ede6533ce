// muster serve: what every page's script uses. No framework, no CDN: the pages call muster's JSON
// API (the same engine as the CLI) and draw what it answers, in the page's language (labels.json
// for the page's words; the rulesets' words come from the API in the same language). Every
// text from a file is set with textContent, never as HTML. Each page loads this script, then its
// own (lists.js, builder.js, game.js, sheet.js), which starts the page (startPage).
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

// What a page puts in a box: the elements given, those left out (null, false) left out.
const kids = (...xs) => xs.flat().filter((x) => x !== null && x !== undefined && x !== false);

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
  // An event's pages speak the event's language until the reader picks another.
  const event = document.documentElement.dataset.eventLang;
  UI.lang = LANGS.includes(stored) ? stored : LANGS.includes(event) ? event : LANGS.includes(browser) ? browser : "en";
  UI.all = await (await fetch("/assets/labels.json")).json();
  UI.words = UI.all[UI.lang] || UI.all.en;
  document.documentElement.lang = UI.lang;
  for (const e of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-t]"))) e.textContent = t(e.dataset.t);
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
  /** @type {Record<string, string>} */
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

// ── lists told apart ──────────────────────────────────────────────────────────────────────

// The names that two lists or more of `lists` share (GET /api/lists's rows).
function namesShared(lists) {
  const seen = new Map();
  for (const l of lists) seen.set(l.title || l.name, (seen.get(l.title || l.name) || 0) + 1);
  return new Set([...seen].filter(([, n]) => n > 1).map(([title]) => title));
}

// A list as a menu names it: its name, and its file beside when another list has that name.
const listLabel = (l, shared) => (shared.has(l.title || l.name) && l.title ? `${l.title} (${l.name})` : l.title || l.name);

// The CLI's words for a player: its `code spans` quoted, no backtick shown.
function said(text) {
  let open = false;
  return String(text ?? "").replace(/`/g, () => ((open = !open) ? "“" : "”"));
}

// ── a situation's choices (a game's odds, the builder's matchups and duels) ──────────────

// The situation's menus in `box`, drawn again whenever what they offer or how they name it
// changed (the units or lists a "who charges" names, after another unit or opponent was
// chosen), each keeping the value chosen while it is still offered, else the one a link
// asked for (`asked`), else the one the answer was made in. `choices`, `situation`: the
// answer's. True when a value drawn is not the answer's (the caller asks again with it).
function drawChoices(box, choices, situation, asked, onchange) {
  const drawn = JSON.stringify(choices.map((c) => [c.key, c.label, c.values.map((v) => [v.id, v.label])]));
  if (box.dataset.drawn === drawn) return false;
  const chosen = new Map([...box.querySelectorAll("select")].map((s) => [s.dataset.choice, s.value]));
  box.dataset.drawn = drawn;
  box.replaceChildren(...choices.map((c) => {
    const offered = (v) => v && c.values.some((x) => x.id === v);
    const want = [chosen.get(c.key), asked?.get(c.key), situation[c.key], c.default].find(offered);
    const s = el("select", { "data-choice": c.key },
      c.values.map((v) => el("option", { value: v.id, selected: v.id === want }, v.label)));
    s.addEventListener("change", onchange);
    return el("label", {}, el("span", {}, c.label), s);
  }));
  return [...box.querySelectorAll("select")].some((s) => s.value !== situation[s.dataset.choice]);
}

// ── the duels' cards and their charts (the builder's and a game's) ────────────────────────

// The width a duel's chart is shown at, in CSS pixels: an empty card laid out where the cards
// go says it. The server draws the chart that wide, so its text is seen at the size it sets
// (never scaled down with the drawing); a window made narrower or wider draws it again.
/** The width the charts were last drawn at (px). */
let chartWidthLast = 0;

function chartWidth(out) {
  const probe = el("div", { class: "duels", "aria-hidden": "true", style: "visibility: hidden" },
    el("article", { class: "duel" }, el("div", { class: "chart" })));
  out.append(probe);
  // The box inside its border, to the pixel below (a fraction of a pixel more would scale it).
  const box = probe.querySelector(".chart"), style = getComputedStyle(box);
  const width = Math.floor(box.getBoundingClientRect().width - parseFloat(style.borderLeftWidth) - parseFloat(style.borderRightWidth));
  probe.remove();
  chartWidthLast = Math.min(1200, Math.max(240, width));
  return chartWidthLast;
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
      const was = chartWidthLast;
      if (chartWidth(out()) !== was) draw();
    }, 250);
  }).observe(out());
}

/**
 * A preview between two units, as the builder's duels (GET /api/lists/NAME/duel) and a game's
 * odds (GET /api/games/NAME/odds) answer each of their `duels`.
 * @typedef {object} Duel
 * @property {string} procedure the `muster preview` procedure: "fire", "melee", "shoot", …
 * @property {string} title its heading, the two units named, in the page's language
 * @property {string | null} refused why the two units cannot play it, in words; null if worked
 * @property {{ label: string, value: number, chance: boolean }[]} headline the numbers it leads
 *   with: a chance (shown as a percentage) or a mean
 * @property {string} [svg] its chart, drawn as wide as the page asked (none for a charge)
 * @property {string} text what `muster preview` prints for it
 * @property {string} command the command that gives it
 */

/**
 * A choice of the situation the duels are played in (a formation, the figures in contact),
 * as the builder's matchups and a game's odds answer their `choices`.
 * @typedef {object} Choice
 * @property {string} key the query's key
 * @property {string} label in the page's language
 * @property {{ id: string, label: string }[]} values
 * @property {string} default the id of the value taken when none is asked
 */

// Each preview between two units: its headline numbers, its chart, and (folded) the CLI's
// text with the command that gives it.
/**
 * @param {Duel[]} duels
 * @param {string} where the key of the page's words for where its command runs
 */
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

// ── starting a page ───────────────────────────────────────────────────────────────────────

// A page starts here: its words first (UI.ready), then the page drawn; `controls`, what must
// answer from the first paint, is set up before the words have loaded.
async function startPage(page, controls) {
  UI.ready = setupLanguage();
  if (controls) controls();
  await UI.ready;
  await page();
}
