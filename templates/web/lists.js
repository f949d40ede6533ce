// muster serve: the first page's script (index.html): the lists of the folder, a new list, a list
// shared by the opponent imported, the games and a new game. Uses common.js.
"use strict";

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
  $("#im-title").addEventListener("input", () => {
    derive("#im-title", "#im-name");
    const field = document.querySelector("#import [data-field='title']");
    field.classList.remove("bad");
    field.querySelector(".problem").textContent = "";
  });
  $("#im-name").addEventListener("input", () => { $("#im-name").dataset.typed = $("#im-name").value ? "yes" : ""; });
  $("#new-game").addEventListener("submit", createGame);
  drawPhoneCodes();
  const rulesets = ((await api("GET", "/api/rulesets")).data || []).filter((r) => r.supports.lists);
  for (const r of rulesets) select.append(el("option", { value: r.id }, r.titles?.[UI.lang] || r.title));
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
  derive("#nl-title", "#nl-name");
}

// The file field `file` follows the name typed in `title` until the player types a file
// name of their own.
function derive(title, file) {
  const box = $(file);
  if (box.dataset.typed) return;
  box.value = fileNameFor($(title).value);
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
  const body = { name: String(f.get("name") || "").trim(), title: String(f.get("title") || "").trim(), ruleset: f.get("ruleset"), lang: UI.lang };
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
  const first = /** @type {HTMLElement | null} */ (document.querySelector("#new-list .field.bad input, #new-list .field.bad select"));
  if (first) first.focus();
}

async function drawLists() {
  const r = await api("GET", "/api/lists");
  const box = $("#lists");
  box.replaceChildren();
  if (!r.ok) return banner(r.data.error);
  listNames = r.data.map((l) => l.name);
  if (!r.data.length) box.append(el("p", { class: "muted" }, t("no_lists")));
  const shared = namesShared(r.data);
  for (const l of r.data) {
    const check = l.error
      ? el("span", { class: "badge bad" }, t("unreadable"))
      : el("span", { class: "badge " + (l.valid ? (l.warnings ? "warn" : "ok") : "bad") },
          verdictText(l.valid, l.errors, l.warnings));
    const points = !l.points ? "" : l.limit ? `${l.total} / ${l.limit} ${t("pts")}` : l.total !== undefined ? `${l.total} ${t("pts")}` : "";
    box.append(el("article", { class: "list-row", "data-list": l.name },
      el("div", { class: "list-main" },
        el("a", { href: "/lists/" + enc(l.name), class: "list-title" }, l.title || l.name,
          shared.has(l.title) ? el("span", { class: "file-beside" }, ` (${l.name})`) : null),
        el("div", { class: "muted small" }, [l.ruleset_titles?.[UI.lang] || l.ruleset_title || l.ruleset || "", l.name].filter(Boolean).join(" · "))),
      el("div", { class: "list-points" }, points),
      el("div", {}, check),
      el("div", { class: "list-actions" },
        el("button", { class: "small", type: "button", "data-action": "duplicate", onclick: () => duplicateList(l) }, t("duplicate")),
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
  const titleField = document.querySelector("#import [data-field='title']");
  for (const f of [field, titleField]) {
    f.classList.remove("bad");
    f.querySelector(".problem").textContent = "";
  }
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
  // The list is named here, by the player: the sharer's name is theirs (two imports of one
  // list could not be told apart).
  const title = $("#im-title").value.trim();
  if (!title) {
    titleField.classList.add("bad");
    titleField.querySelector(".problem").textContent = t("list_name_missing");
    $("#im-title").focus();
    return;
  }
  const name = $("#im-name").value.trim();
  let r;
  if (photo) {
    const q = new URLSearchParams({ lang: UI.lang, title });
    if (name) q.set("name", name);
    r = await api("POST", "/api/import/picture?" + q, photo);
  } else {
    const body = { code, title, lang: UI.lang };
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
  $("#im-title").value = "";
  $("#im-name").value = "";
  $("#im-name").dataset.typed = "";
  $("#im-file").value = "";
  $("#im-photo").value = "";
  await drawLists();
}

// A copy of a list, named in the page under its row: its name (the original's, marked as a
// copy, to change) and its file, made from the name until the player types their own.
function duplicateList(l) {
  document.querySelector("#dup-form")?.remove();
  const row = document.querySelector(`#lists [data-list='${CSS.escape(l.name)}']`);
  const field = (key, label, input, hint) => el("div", { class: "field", "data-field": key },
    el("label", { for: input.id }, label), input, hint ? el("small", { class: "hint" }, hint) : null, el("small", { class: "problem" }));
  const title = el("input", { id: "dup-title", name: "title", autocomplete: "off", value: t("list_copy_of", { name: l.title || l.name }) });
  const file = el("input", { id: "dup-name", name: "name", autocomplete: "off", spellcheck: "false", autocapitalize: "off" });
  const form = el("form", { id: "dup-form", class: "form inline-form", novalidate: true },
    el("h3", {}, t("duplicate_title", { name: l.title || l.name })),
    field("title", t("f_title"), title, t("duplicate_hint")),
    field("file", t("f_file"), file, t("f_file_hint")),
    el("div", { class: "field submit" },
      el("button", { type: "submit", "data-action": "make-copy" }, t("duplicate")),
      el("button", { type: "button", class: "secondary", onclick: () => form.remove() }, t("cancel"))));
  title.addEventListener("input", () => { if (!file.dataset.typed) file.value = fileNameFor(title.value); });
  file.addEventListener("input", () => { file.dataset.typed = file.value ? "yes" : ""; });
  file.value = fileNameFor(title.value);
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    banner("");
    for (const f of form.querySelectorAll(".field")) {
      f.classList.remove("bad");
      const p = f.querySelector(".problem");
      if (p) p.textContent = "";
    }
    const mark = (key, message) => {
      const f = form.querySelector(`[data-field='${key}']`);
      f.classList.add("bad");
      f.querySelector(".problem").textContent = message;
      f.querySelector("input").focus();
    };
    const name = title.value.trim();
    let to = file.value.trim();
    if (!name) return mark("title", t("list_name_missing"));
    if (!to) return mark("file", t("p_missing"));
    if (!to.endsWith(".toml")) to += ".toml";
    const r = await api("POST", `/api/lists/${enc(l.name)}/duplicate`, { to, title: name });
    if (r.ok) location.href = "/lists/" + enc(to);
    else if (r.status === 400 || r.status === 409) mark("file", said(r.data.error));
    else banner(said(r.data.error));
  });
  row.after(form);
  title.focus();
  title.select();
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

// ── the games under way, and a new game ───────────────────────────────────────────────────

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
  const shared = namesShared(playable);
  const option = (l) => el("option", { value: l.name }, `${listLabel(l, shared)} (${l.ruleset_titles?.[UI.lang] || l.ruleset_title || l.ruleset})`);
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
  let name = String(f.get("name") || "").trim();
  const mark = (key, message) => {
    const field = document.querySelector(`#new-game [data-field='${key}']`);
    field.classList.add("bad");
    field.querySelector(".problem").textContent = message;
  };
  if (!name) return mark("name", t("p_missing"));
  if (!name.endsWith(".toml")) name += ".toml";
  if (!f.get("a")) return mark("a", t("p_missing"));
  if (!f.get("b")) return mark("b", t("same_ruleset"));
  const r = await api("POST", "/api/games", { name, a: f.get("a"), b: f.get("b"), scenario: String(f.get("scenario") || "").trim(), lang: UI.lang });
  if (r.ok) {
    location.href = "/games/" + enc(name);
    return;
  }
  if (r.status === 400 || r.status === 409) mark("name", r.data.error);
  else banner(r.data.error);
}

startPage(indexPage);
