// muster serve: the builder's picker and unit forms (builder.html): the sheets or entries a
// list may take, the form that adds a unit or edits one, the free skill's move. Uses common.js
// and builder.js's state and edits (loaded before builder.js, which starts the page: these
// functions run once it has).

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
    if (freeSkills(offer).length) op.free_skill = fields.free || "";
    if (await edit(op)) closeEditor();
  }, closeEditor, { unit: number, label: u.label });
  // Scrolled so that the unit and as much of its form as fits are seen, the unit first.
  const top = article.getBoundingClientRect().top;
  const bottom = panel.getBoundingClientRect().bottom;
  const by = top < 8 ? top - 8 : bottom > window.innerHeight ? Math.min(top - 8, bottom - window.innerHeight + 8) : 0;
  if (by) window.scrollBy({ top: by, behavior: /** @type {ScrollBehavior} */ ("instant") });
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
        if (x.given) {
          // The rules give it: ticked and fixed, with the reason (not sent: the check adds it).
          return el("label", { class: "extra given", title: x.summary || null },
            el("input", { type: "checkbox", checked: true, disabled: true, "data-given": x.id }),
            el("span", {}, `${x.name} `, el("span", { class: "muted small" }, x.given)));
        }
        const checked = had.has(x.id) && !had.get(x.id).free;
        return el("label", { class: "extra", title: x.summary || null },
          el("input", { type: "checkbox", name: "extra", value: x.id, checked }),
          el("span", {}, `${x.name} `, el("span", { class: "muted small" }, x.cost)));
      })));
  }
  const freeOffered = freeSkills(offer);
  if (freeOffered.length) {
    const free = [...had.values()].find((e) => e.free);
    parts.push(el("div", { class: "field" },
      el("label", { for: `${form.id}-free` }, t("free_skill")),
      el("select", { id: `${form.id}-free`, name: "free" },
        el("option", { value: "" }, t("none")),
        freeOffered.map((x) => el("option", { value: x.id, selected: free?.id === x.id }, `${x.name} (${x.cost})`)))));
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
        options.push(`${c.key}=${String(f.get(`new-${c.key}`) || "").trim()}`);
        for (const n of c.new) {
          const given = String(f.get(`new-${c.key}-${n.id}`) || "").trim();
          if (given) options.push(`${n.id}=${given}`);
        }
      } else if (v) {
        options.push(`${c.key}=${v}`);
      }
    }
    const fields = {
      figures: f.get("figures") ? Number(f.get("figures")) : null,
      guns: f.get("guns") ? Number(f.get("guns")) : null,
      label: String(f.get("label") || "").trim(),
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

// The skills the list's rank may give the offer free: the offers say each once, for every
// sheet that names it.
/**
 * @param {Offer} offer
 * @returns {OfferExtra[]}
 */
function freeSkills(offer) {
  const table = state.offers?.free_skills || {};
  return offer.free.map((id) => table[id]).filter(Boolean);
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
    skill: freeSkills(offer).find((x) => x.id === fields.free)?.name || fields.free,
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
