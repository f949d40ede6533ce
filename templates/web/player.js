// muster serve: a player's page of an event, on their phone (opened by their join link from the
// organiser's page): their table, opponent and the opponent's club in the current round, the
// result reported from their side (GET/POST /api/event/me…), their list submitted by share
// code or a photo of its QR code and its check shown at once. The page asks the file's version
// every two seconds and reads it again when it changed (the opponent's report, a new round).
"use strict";

const ME = { data: null, version: "" };

// A refusal in the page's words when it has them (the server's `code`), else as the server said it.
const refusal = (d) => (d.code ? t(`ev_err_${d.code}`, d) : said(d.error));

async function loadMe() {
  const r = await api("GET", `/api/event/me?lang=${enc(UI.lang)}`);
  if (!r.ok) {
    banner(refusal(r.data));
    return;
  }
  ME.data = r.data;
  ME.version = r.data.version;
  drawMe();
}

// A result from the player's side: won, lost, a draw, with the score as theirs–opponent's.
function mine(result, score, side) {
  const won = result === side, s = score ? ` (${side === "a" ? score[0] : score[1]}–${side === "a" ? score[1] : score[0]})` : "";
  if (result === "draw") return t("ev_you_drew") + s;
  return (won ? t("ev_you_won") : t("ev_you_lost")) + s;
}

function drawMe() {
  const d = ME.data;
  document.title = `${d.player} · ${d.event}`;
  $("#crumb").textContent = `${d.event} · ${d.player}`;
  drawTable(d);
  drawEntry(d.entry);
}

function drawTable(d) {
  const box = $("#table"), s = d.round;
  $("#report").hidden = true;
  if (!s) {
    $("#table-title").textContent = t("ev_your_table");
    box.replaceChildren(el("p", {}, el("strong", {}, d.player)), el("p", { class: "muted" }, t("ev_not_paired")));
    return;
  }
  $("#table-title").textContent = t("ev_round", { n: s.round });
  if (s.bye || s.unpaired) {
    box.replaceChildren(el("p", {}, el("strong", {}, d.player)), el("p", { class: "muted" }, s.bye ? t("ev_your_bye") : t("ev_not_in_round")));
    return;
  }
  const side = s.side, other = side === "a" ? "b" : "a";
  const opponent = side === "a" ? s.b : s.a, club = side === "a" ? s.club_b : s.club_a;
  const my = s.reports.find((r) => r.side === side), theirs = s.reports.find((r) => r.side === other);
  let status;
  if (s.result) status = el("p", { class: "badge ok" }, t("ev_stands", { what: mine(s.result, s.score, side) }));
  else if (s.disputed) status = el("div", {}, el("p", { class: "badge bad" }, t("ev_disputed")),
    el("p", { class: "small" }, t("ev_disputed_said", { mine: mine(my.result, my.score, side), player: opponent, theirs: mine(theirs.result, theirs.score, side) })));
  else if (my) status = el("p", { class: "small" }, t("ev_waiting", { mine: mine(my.result, my.score, side), player: opponent }));
  else if (theirs) status = el("p", { class: "small" }, t("ev_they_reported", { player: opponent, theirs: mine(theirs.result, theirs.score, side) }));
  else status = el("p", { class: "muted small" }, t("ev_report_when_done"));
  box.replaceChildren(
    el("div", { class: "ev-seat" },
      el("div", { class: "ev-table-big" }, t("ev_table", { n: s.table })),
      el("div", {}, el("span", { class: "muted small" }, t("ev_against")), el("div", { class: "ev-opponent" }, opponent),
        club ? el("div", { class: "muted" }, club) : null)),
    status);
  $("#report").hidden = !!s.result;
  // The player's report so far, to correct if need be.
  if (my && !$("#report").contains(document.activeElement)) {
    const [a, b] = my.score || ["", ""];
    const as = (r) => (r === "draw" ? "draw" : r === side ? "win" : "loss");
    for (const r of $("#report").querySelectorAll("input[name=result]")) r.checked = r.value === as(my.result);
    $("#score-mine").value = side === "a" ? a : b;
    $("#score-theirs").value = side === "a" ? b : a;
  }
  $("#report").dataset.round = s.round;
  $("#report").dataset.table = s.table;
}

function drawEntry(e) {
  const box = $("#entry");
  if (!e) {
    box.replaceChildren(el("p", { class: "muted" }, t("ev_no_list")));
    return;
  }
  box.replaceChildren(...kids(
    el("div", { class: "row-between" }, el("strong", {}, e.list || "—"),
      el("span", { class: e.valid ? "badge ok" : "badge bad" }, e.valid ? t("valid") : t("ev_invalid"))),
    el("p", { class: "list-points" }, `${number(e.total, 0)} / ${number(e.limit, 0)} ${t("ev_points_unit")}`),
    e.problems.length ? el("ul", { class: "ev-problems" }, e.problems.map((p) => el("li", {}, said(p)))) : null));
}

async function sendResult(ev) {
  ev.preventDefault();
  const f = $("#report"), picked = f.querySelector("input[name=result]:checked");
  if (!picked) return banner(t("ev_pick_result"));
  const a = $("#score-mine").value, b = $("#score-theirs").value;
  const score = a !== "" && b !== "" ? [Number(a), Number(b)] : null;
  const r = await api("POST", "/api/event/me/result", { round: Number(f.dataset.round), table: Number(f.dataset.table), result: picked.value, score });
  if (!r.ok) return banner(refusal(r.data));
  banner(t("ev_sent"), true);
  await loadMe();
}

async function submitList(ev) {
  ev.preventDefault();
  const photo = $("#photo").files[0], code = $("#code").value.trim();
  if (!photo && !code) return banner(t("import_missing"));
  if (photo && photo.size > 16 * 1024 * 1024) return banner(t("import_photo_big"));
  const r = photo
    ? await api("POST", `/api/event/me/picture?lang=${enc(UI.lang)}`, photo)
    : await api("POST", "/api/event/me/code", { code, lang: UI.lang });
  if (!r.ok) return banner(refusal(r.data));
  banner(t("ev_list_sent"), true);
  $("#submit").reset();
  $("#submit-fold").open = false;
  drawEntry(r.data.entry);
  await loadMe();
}

async function poll() {
  const r = await api("GET", "/api/event/me/version");
  if (r.ok && r.data.version !== ME.version && !document.activeElement?.closest?.("form")) await loadMe();
}

startPage(async () => {
  // The join link's token off the address bar: the phone's cookie keeps the page theirs.
  if (location.pathname.startsWith("/join/")) history.replaceState(null, "", "/player");
  await loadMe();
  setInterval(poll, 2000);
}, () => {
  $("#report").addEventListener("submit", sendResult);
  $("#submit").addEventListener("submit", submitList);
});
