// muster serve: the sheet editor. The form is the ruleset's (GET /api/sheets/form: each field
// with its name in the page's language, unit, bounds, choices, a player's help, and the kinds
// of sheet it is for); every change sends the values of the fields shown to POST
// /api/sheets/draft, which answers the card as it will print (the same renderer as `muster
// cards`, as SVG), the form's own problems (every field left empty, every number out of its
// bounds) and the sheet's diagnostics by field. Each problem is said at its field and listed
// beside Save, which waits for them. A choice may fill values beside it (a skill's cost, a
// weapon's ranges), which stay editable. Saving writes the player's own data folder (POST
// /api/sheets/save). Uses common.js's helpers ($, el, t, api).
"use strict";

const sheet = { ruleset: "", form: null, values: {}, version: null, editing: null, list: "", timer: null, seq: 0, shown: 0, timings: [] };

// A field's input: its value read back as the data's type.
function fieldInput(f, value, path) {
  const id = `sf-${path.replaceAll(".", "-")}`;
  const attrs = { id, name: path, "data-key": path };
  switch (f.kind) {
    case "int": {
      const input = el("input", { ...attrs, type: "number", inputmode: "numeric", step: "1",
        min: f.min ?? undefined, max: f.max ?? undefined, value: value ?? "" });
      input.read = () => (input.value === "" ? null : Number(input.value));
      return input;
    }
    case "bool": {
      const input = el("input", { ...attrs, type: "checkbox", checked: !!value });
      input.read = () => (input.checked ? true : null);
      return input;
    }
    case "choice": {
      const known = f.choices.some((c) => c.id === value);
      const input = el("select", attrs,
        el("option", { value: "" }, t("choose")),
        f.choices.map((c) => el("option", { value: c.id, selected: c.id === value }, c.label)),
        value && !known ? el("option", { value, selected: true }, value) : null);
      input.read = () => input.value || null;
      input.addEventListener("change", () => fill(input, path, f.choices.find((c) => c.id === input.value)));
      return input;
    }
    case "many": {
      const chosen = new Set(value || []);
      const boxes = f.choices.map((c) => el("label", { class: "extra" },
        el("input", { type: "checkbox", value: c.id, checked: chosen.has(c.id), "data-key": path }), " ", c.label));
      const input = el("div", { ...attrs, class: "chips-pick", role: "group" }, boxes);
      input.read = () => {
        const v = [...input.querySelectorAll("input:checked")].map((b) => b.value);
        return v.length ? v : null;
      };
      return input;
    }
    case "group": {
      const parts = f.fields.map((g) => {
        const inner = fieldInput(g, value?.[g.key], `${path}.${g.key}`);
        return el("label", { class: "sub-field" }, el("span", {}, g.label + (g.unit ? ` (${g.unit})` : "")), inner);
      });
      const input = el("div", { ...attrs, class: "group" }, parts);
      input.read = () => {
        const v = {};
        f.fields.forEach((g, i) => {
          const x = parts[i].lastChild.read();
          if (x !== null) v[g.key] = x;
        });
        return Object.keys(v).length ? v : null;
      };
      return input;
    }
    case "rows": {
      const rows = el("div", { class: "rows" });
      const addRow = (rowValue) => {
        const cells = f.fields.map((g) => {
          const inner = fieldInput(g, rowValue?.[g.key], `${path}.${g.key}`);
          return el("label", { class: "sub-field" }, el("span", {}, g.label + (g.unit ? ` (${g.unit})` : "")), inner);
        });
        const row = el("div", { class: "sheet-row" }, cells,
          el("button", { type: "button", class: "link", "aria-label": t("remove_row"), onclick: () => { row.remove(); changed(); } }, "×"));
        row.read = () => {
          const v = {};
          f.fields.forEach((g, i) => {
            const x = cells[i].lastChild.read();
            if (x !== null) v[g.key] = x;
          });
          return v;
        };
        rows.append(row);
      };
      for (const r of value || []) addRow(r);
      const input = el("div", { ...attrs, class: "rows-field" }, rows,
        el("button", { type: "button", onclick: () => { addRow(null); changed(); } }, t("add_row")));
      input.read = () => [...rows.children].map((r) => r.read()).filter((v) => Object.keys(v).length);
      return input;
    }
    default: {
      const input = el("input", { ...attrs, type: "text", maxlength: f.max_length ?? undefined, value: value ?? "" });
      input.read = () => (input.value.trim() === "" ? null : input.value);
      return input;
    }
  }
}

// The values a choice fills in beside it (its row's, or the form's): a skill's cost, a
// weapon's ranges. Written when the player makes the choice, editable after.
function fill(input, path, choice) {
  if (!choice?.fills) return;
  const prefix = path.includes(".") ? path.slice(0, path.lastIndexOf(".") + 1) : "";
  const within = input.closest(".sheet-row") || $("#sheet-form");
  const put = (obj, at) => {
    for (const [k, v] of Object.entries(obj)) {
      if (v !== null && typeof v === "object") put(v, `${at}${k}.`);
      else {
        const target = within.querySelector(`[data-key='${at}${k}']`);
        if (target && "value" in target) target.value = String(v);
      }
    }
  };
  put(choice.fills, prefix);
}

// Whether a field is shown with the values typed: a field of some kinds of sheet only when
// the field it depends on (shown itself) has one of its values.
function isShown(f, values) {
  for (let at = f, n = 0; at?.when && n < 8; n++) {
    if (!at.when.values.includes(values[at.when.key])) return false;
    at = sheet.form.fields.find((g) => g.key === at.when.key);
  }
  return true;
}

function showFields(values) {
  for (const f of sheet.form.fields) {
    const box = /** @type {HTMLElement | null} */ (document.querySelector(`#sheet-form [data-field='${f.key}']`));
    if (box) box.hidden = !isShown(f, values);
  }
}

function drawForm() {
  const box = $("#sheet-form");
  box.replaceChildren();
  for (const f of sheet.form.fields) {
    const input = fieldInput(f, sheet.values[f.key], f.key);
    const name = f.label + (f.unit ? ` (${f.unit})` : "") + (f.required ? "" : ` (${t("optional")})`);
    const wide = ["group", "rows", "many"].includes(f.kind);
    box.append(el("div", { class: "field" + (wide ? " wide" : ""), "data-field": f.key },
      el("label", { for: input.id }, name), input,
      f.help && f.help !== f.label ? el("small", { class: "hint" }, f.help) : null,
      el("small", { class: "problem", id: `problem-${f.key}` })));
  }
  showFields(sheet.values);
  box.addEventListener("input", changed);
  box.addEventListener("change", changed);
}

// The values of the fields shown (a field hidden for this kind of sheet is not sent).
function readValues() {
  const all = {};
  for (const f of sheet.form.fields) {
    // Each field's input carries its own read() (the form's builder sets it).
    const input = /** @type {any} */ (document.querySelector(`#sheet-form [data-field='${f.key}'] > [data-key='${f.key}']`));
    if (!input) continue;
    const x = input.read();
    if (x !== null && !(Array.isArray(x) && !x.length && !f.required)) all[f.key] = x;
  }
  showFields(all);
  const v = {};
  for (const f of sheet.form.fields) if (f.key in all && isShown(f, all)) v[f.key] = all[f.key];
  return v;
}

// Every change redraws the card and the diagnostics; a burst of keystrokes sends one draft.
function changed() {
  $("#status").textContent = "";
  clearTimeout(sheet.timer);
  sheet.timer = setTimeout(redraw, 60);
}

async function redraw() {
  const seq = ++sheet.seq;
  const started = performance.now();
  sheet.values = readValues();
  const r = await api("POST", `/api/sheets/draft?ruleset=${enc(sheet.ruleset)}&lang=${UI.lang}`, { values: sheet.values });
  if (seq < sheet.shown) return; // an older answer after a newer one
  sheet.shown = seq;
  if (!r.ok) return banner(r.data.error);
  banner("");
  const view = $("#card-view");
  if (r.data.svg) {
    // Drawn in the page (not as an image) so that its text takes the cards' fonts.
    const doc = new DOMParser().parseFromString(r.data.svg, "image/svg+xml");
    const svg = document.importNode(doc.documentElement, true);
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", t("card_as_printed"));
    view.replaceChildren(svg);
  } else {
    view.replaceChildren(el("p", { class: "muted" }, r.data.card_error || t("card_needs_fields")));
  }
  $("#sheet-toml").textContent = r.data.text;
  showDiagnostics(r.data.diagnostics, r.data.problems);
  sheet.timings.push(performance.now() - started);
  document.body.dataset.drafts = String(sheet.timings.length);
}

// A problem the form found, in the page's words: what is wrong, with the bounds.
function problemText(p) {
  if (p.kind === "missing") return t("sheet_missing");
  const vars = { min: p.min, max: p.max, found: p.found };
  if (p.min !== undefined && p.max !== undefined) return t("sheet_bounds", vars);
  return p.min !== undefined ? t("sheet_bounds_min", vars) : t("sheet_bounds_max", vars);
}

// Every problem at its field, and listed beside Save (each a link to its field), which waits
// for the errors and says so.
function showDiagnostics(list, problems = []) {
  for (const f of document.querySelectorAll("#sheet-form .field")) {
    f.classList.remove("bad");
    f.querySelector(".problem").textContent = "";
  }
  const at = (key) => key && document.querySelector(`#sheet-form [data-field='${key}']`);
  const say = (field, text) => {
    field.classList.add("bad");
    const p = field.querySelector(".problem");
    p.textContent = (p.textContent ? `${p.textContent} · ` : "") + text;
  };
  // Listed: [severity, the field's key or none, the field's name or none, the sentence].
  const listed = [];
  for (const p of problems) {
    const field = at(p.field);
    // At its field, a group's or a row's value is named by its own name ("march: to fill in").
    const inner = p.labels.slice(1).join(" › ");
    if (field) say(field, inner ? `${inner}${t("sheet_sep")}${problemText(p)}` : problemText(p));
    listed.push(["error", p.field, p.labels.join(" › "), problemText(p)]);
  }
  const unplaced = [];
  for (const d of list) {
    const field = at(d.field);
    if (field) say(field, d.message);
    else unplaced.push(d);
    const f = sheet.form.fields.find((g) => g.key === d.field);
    listed.push([d.severity, field ? d.field : null, f ? f.label : null, d.message + (d.rule ? ` (${d.rule})` : "")]);
  }
  $("#sheet-diagnostics").replaceChildren(...unplaced.map((d) =>
    el("div", { class: "diagnostic " + d.severity, "data-code": d.code }, el("p", { class: "sentence" }, d.message))));
  const errors = listed.filter((x) => x[0] === "error").length;
  const warnings = listed.length - errors;
  const v = $("#verdict");
  v.textContent = verdictText(!errors, errors, warnings);
  v.className = "badge " + (errors ? "bad" : warnings ? "warn" : "ok");
  $("#save-sheet").disabled = errors > 0;
  $("#save-why").hidden = !listed.length;
  $("#save-why-head").textContent = errors ? t("sheet_fix_these") : t("sheet_warnings_only");
  const wait = $("#save-wait");
  wait.hidden = !errors;
  wait.textContent = errors ? plural(errors, "sheet_waits") : "";
  $("#save-why-list").replaceChildren(...listed.map(([severity, key, name, text]) => {
    const words = name ? `${name}${t("sheet_sep")}${text}` : text;
    const go = key
      ? el("a", { href: `#sf-${key}`, onclick: (e) => { e.preventDefault(); focusField(key); } }, words)
      : words;
    return el("li", { class: severity, "data-field": key || undefined }, go);
  }));
  if (errors) $("#status").textContent = "";
}

// Takes the player to a field: scrolled into view, its first input focused.
function focusField(key) {
  const field = document.querySelector(`#sheet-form [data-field='${key}']`);
  if (!field) return;
  field.scrollIntoView({ block: "center" });
  /** @type {HTMLElement | null} */ (field.querySelector("input, select"))?.focus({ preventScroll: true });
}

async function saveSheet() {
  sheet.values = readValues();
  const r = await api("POST", `/api/sheets/save?ruleset=${enc(sheet.ruleset)}&lang=${UI.lang}`, { values: sheet.values, version: sheet.version, editing: sheet.editing });
  if (!r.ok) {
    if (r.data.diagnostics) showDiagnostics(r.data.diagnostics, r.data.problems);
    return banner(r.data.error);
  }
  sheet.version = r.data.version;
  // Saved, the sheet is the player's own: the next save changes it where it now is.
  sheet.editing = r.data.id;
  // Said by the button, where the eye is.
  $("#status").textContent = t("sheet_saved", { file: r.data.file });
}

// The round trips measured, keystroke's draft to card shown (ms): the median and the worst.
/** @type {any} */ (window).sheetTimings = () => {
  const s = [...sheet.timings].sort((a, b) => a - b);
  return { n: s.length, median: s[Math.floor(s.length / 2)] ?? null, max: s[s.length - 1] ?? null };
};

// A sheet's name as the page's language says it (one name, or one in each language), else
// its id.
function sheetName(values, id) {
  const n = values && values.name;
  if (typeof n === "string" && n) return n;
  if (n && typeof n === "object") return n[UI.lang] || n.en || n.fr || n.es || id;
  return id;
}

/** @type {any} */ (window).sheetPage = async function sheetPage() {
  const q = new URLSearchParams(location.search);
  sheet.list = q.get("list") || "";
  const from = q.get("from");
  const url = `/api/sheets/form?lang=${UI.lang}` + (q.get("ruleset") ? `&ruleset=${enc(q.get("ruleset"))}` : "") + (from ? `&from=${enc(from)}` : "");
  const r = await api("GET", url);
  if (!r.ok) return banner(r.data.error);
  sheet.ruleset = r.data.ruleset;
  sheet.form = r.data.form;
  sheet.values = r.data.values || {};
  sheet.version = r.data.version;
  sheet.editing = r.data.editing;
  // A copy of a sheet that is not the player's keeps its id: saved, it takes that sheet's place
  // in the player's data (the page says so); a new id makes a sheet of one's own.
  const named = from ? sheetName(sheet.values, from) : "";
  $("#subtitle").textContent = from
    ? (r.data.provenance === "player" ? t("editing_yours", { name: named }) : t("copy_of", { name: named }))
    : t("new_sheet_hint");
  const back = $("#back");
  if (sheet.list) back.href = `/lists/${enc(sheet.list)}`;
  else back.href = "/";
  const crumb = (listName) => $("#crumb").replaceChildren(...[el("a", { href: "/" }, t("lists")), " / ",
    sheet.list ? el("a", { href: `/lists/${enc(sheet.list)}` }, listName) : null, sheet.list ? " / " : null, t("sheet_editor")]
    .filter((x) => x !== null));
  crumb(sheet.list);
  // The list by its name, as the lists page shows it, once its view answers.
  if (sheet.list) {
    api("GET", `/api/lists/${enc(sheet.list)}?lang=${UI.lang}`).then((l) => {
      if (l.ok && l.data.list_name) crumb(l.data.list_name);
    });
  }
  document.title = `muster — ${t("sheet_editor")}`;
  drawForm();
  $("#save-sheet").addEventListener("click", saveSheet);
  await redraw();
};

startPage(() => /** @type {any} */ (window).sheetPage());
