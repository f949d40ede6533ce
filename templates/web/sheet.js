// muster serve: the sheet editor. The form is the ruleset's (GET /api/sheets/form: each field
// with its name in the page's language, unit, bounds and choices); every change sends the
// values to POST /api/sheets/draft, which answers the card as it will print (the same
// renderer as `muster cards`, as SVG) and the sheet's diagnostics by field. Saving writes the
// player's own data folder (POST /api/sheets/save). Uses common.js's helpers ($, el, t, api).
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
      el("small", { class: "problem" })));
  }
  box.addEventListener("input", changed);
  box.addEventListener("change", changed);
}

function readValues() {
  const v = {};
  for (const f of sheet.form.fields) {
    const input = document.querySelector(`#sheet-form [data-field='${f.key}'] > [data-key='${f.key}']`);
    if (!input) continue;
    const x = input.read();
    if (x !== null && !(Array.isArray(x) && !x.length && !f.required)) v[f.key] = x;
  }
  return v;
}

// Every change redraws the card and the diagnostics; a burst of keystrokes sends one draft.
function changed() {
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
  showDiagnostics(r.data.diagnostics);
  sheet.timings.push(performance.now() - started);
  document.body.dataset.drafts = String(sheet.timings.length);
}

function showDiagnostics(list) {
  for (const f of document.querySelectorAll("#sheet-form .field")) {
    f.classList.remove("bad");
    f.querySelector(".problem").textContent = "";
  }
  const unplaced = [];
  for (const d of list) {
    const field = d.field && document.querySelector(`#sheet-form [data-field='${d.field}']`);
    if (field) {
      field.classList.add("bad");
      const p = field.querySelector(".problem");
      p.textContent = (p.textContent ? `${p.textContent} · ` : "") + d.message;
    } else {
      unplaced.push(d);
    }
  }
  $("#sheet-diagnostics").replaceChildren(...unplaced.map((d) =>
    el("div", { class: "diagnostic " + d.severity, "data-code": d.code }, el("p", { class: "sentence" }, d.message))));
  const errors = list.filter((d) => d.severity === "error").length;
  const warnings = list.length - errors;
  const v = $("#verdict");
  v.textContent = verdictText(!errors, errors, warnings);
  v.className = "badge " + (errors ? "bad" : warnings ? "warn" : "ok");
  $("#save-sheet").disabled = errors > 0;
}

async function saveSheet() {
  sheet.values = readValues();
  const r = await api("POST", `/api/sheets/save?ruleset=${enc(sheet.ruleset)}&lang=${UI.lang}`, { values: sheet.values, version: sheet.version, editing: sheet.editing });
  if (!r.ok) {
    if (r.data.diagnostics) showDiagnostics(r.data.diagnostics);
    return banner(r.data.error);
  }
  sheet.version = r.data.version;
  // Saved, the sheet is the player's own: the next save changes it where it now is.
  sheet.editing = r.data.id;
  $("#status").textContent = t("sheet_saved", { file: r.data.file });
  banner(t("sheet_saved", { file: r.data.file }), true);
}

// The round trips measured, keystroke's draft to card shown (ms): the median and the worst.
window.sheetTimings = () => {
  const s = [...sheet.timings].sort((a, b) => a - b);
  return { n: s.length, median: s[Math.floor(s.length / 2)] ?? null, max: s[s.length - 1] ?? null };
};

window.sheetPage = async function sheetPage() {
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
  $("#subtitle").textContent = from
    ? (r.data.provenance === "player" ? t("editing_yours", { id: from }) : t("copy_of", { id: from }))
    : t("new_sheet_hint");
  const back = $("#back");
  if (sheet.list) back.href = `/lists/${enc(sheet.list)}`;
  else back.href = "/";
  $("#crumb").replaceChildren(...[el("a", { href: "/" }, t("lists")), " / ",
    sheet.list ? el("a", { href: `/lists/${enc(sheet.list)}` }, sheet.list) : null, sheet.list ? " / " : null, t("sheet_editor")]
    .filter((x) => x !== null));
  document.title = `muster — ${t("sheet_editor")}`;
  drawForm();
  $("#save-sheet").addEventListener("click", saveSheet);
  await redraw();
};

startPage(() => window.sheetPage());
