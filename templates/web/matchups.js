// muster serve: the builder's matchups and duels (builder.html, with builder.js): every unit of
// the list against every unit of another, and the previews between two of them. Uses common.js.
"use strict";

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
    delete $("#choices").dataset.drawn;
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
  for (const s of /** @type {NodeListOf<HTMLSelectElement>} */ (document.querySelectorAll("#choices select"))) q.set(s.dataset.choice, s.value);
  return q;
}

/**
 * Every unit of the list against every unit of another, as GET /api/lists/NAME/matchups
 * answers: one table a procedure and way, its cells by the units' numbers (from 1).
 * @typedef {object} Matchups
 * @property {string[]} units the list's units, by their labels
 * @property {string[]} enemies the other list's
 * @property {{ procedure: string, way: "out" | "in", chance: boolean }[]} tables a table's
 *   cells are chances (a charge goes in) or means
 * @property {string[]} titles each table's heading in the page's language
 * @property {{ key: string, mark: string, said: string }[][]} marks each table's marks: a cell
 *   showing another way of acting (a gun's canister), its mark and what it means
 * @property {MatchupCell[]} cells
 * @property {Choice[]} choices the situation's choices (common.js)
 * @property {Object<string, string>} situation the value of each choice the tables are in
 */

/**
 * @typedef {object} MatchupCell
 * @property {number} unit the list's unit, from 1
 * @property {number} enemy the other list's unit, from 1
 * @property {string} procedure
 * @property {"out" | "in"} way
 * @property {number | null} mean null when the pair cannot play it
 * @property {string} [variant] the key of its mark, when it shows another way of acting
 * @property {string} [why] why the pair cannot play it
 */

/** @param {URLSearchParams} [asked] the choices a link asked for */
async function drawMatchups(asked) {
  const against = $("#against").value;
  if (!against) return;
  const q = situation();
  q.set("against", against);
  q.set("lang", UI.lang);
  const r = await api("GET", `/api/lists/${enc(state.name)}/matchups?${q}`);
  const out = $("#matchups");
  if (!r.ok) return out.replaceChildren(el("p", { class: "diagnostic error" }, r.data.error));
  /** @type {Matchups} */
  const m = r.data;
  // The choices name the two lists: drawn again when another opponent is chosen.
  const redraw = async () => { await drawMatchups(); await drawDuels(); };
  if (drawChoices($("#choices"), m.choices, m.situation, asked, redraw)) return drawMatchups();
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
  // The situation the tables were worked out in (a test waits for the one it chose).
  out.dataset.situation = new URLSearchParams(m.situation).toString();
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
  q.set("chart", String(chartWidth(out)));
  const r = await api("GET", `/api/lists/${enc(state.name)}/duel?${q}`);
  if (!r.ok) return out.replaceChildren(el("p", { class: "diagnostic error" }, r.data.error));
  out.replaceChildren(duelCards(r.data.duels, r.data.commands_in_lists ? "command_here_lists" : "command_here"));
}
