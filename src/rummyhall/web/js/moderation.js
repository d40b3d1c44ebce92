// Moderation in the browser: the "Report" dialog (a reason from the list, words), the
// notice of what moderators decided about you, and the moderators' page (the open
// reports with the reported chat lines, shown as text, a link to the game, and the
// actions with a reason and a duration). The server decides who is a moderator: this
// page only draws what its answers allow (403 for everyone else).

import { formatDate, t } from "./i18n.js";
import { api, ensurePlayer } from "./net.js";
import { h, modal } from "./ui.js";

const REASONS = ["abuse", "cheating", "spam", "name", "other"];
const KINDS = ["warn", "mute", "suspend_play", "suspend_site", "dismiss"];
const DURATIONS = [600, 3600, 86400, 7 * 86400, 30 * 86400];
const DETAILS_MAX = 500;

/** The "Report" dialog for ``player`` (``{id, nickname}``, or a list of them to choose
 *  from: the people at a table); ``about`` names what is reported: ``{line}`` a chat
 *  line of his, ``{room}`` a room where he plays. */
export function reportPlayer(player, about, toast) {
  const choices = [].concat(player);
  const who = choices.length > 1 ? h("select", { id: "report-player", name: "player" }, choices.map((each) => h("option", { value: each.id }, each.nickname))) : null;
  const chosen = () => (who ? choices.find((each) => each.id === who.value) : choices[0]);
  const reason = h("select", { id: "report-reason", name: "reason" }, REASONS.map((key) => h("option", { value: key }, t(`mod.reason.${key}`))));
  const details = h("textarea", { id: "report-details", name: "details", maxlength: DETAILS_MAX, rows: 3, "aria-describedby": "report-error" });
  const error = h("p", { class: "field-error", id: "report-error", role: "alert", hidden: true });
  const form = h("form", { class: "report-form", onsubmit: async (event) => {
    event.preventDefault();
    const words = details.value.trim();
    if (reason.value === "other" && !words) {
      error.textContent = t("mod.details_needed");
      error.hidden = false;
      details.focus();
      return;
    }
    try {
      await api("/api/reports", { method: "POST", body: { player: chosen().id, reason: reason.value, details: words || null, ...about } });
      dialog.close();
      toast(t("mod.reported", { name: chosen().nickname }));
    } catch (failure) {
      error.textContent = failure.message;
      error.hidden = false;
    }
  } }, [
    h("p", { class: "muted" }, who ? t("mod.report_table") : t(about.line ? "mod.report_line" : "mod.report_player", { name: choices[0].nickname })),
    who ? h("label", { for: "report-player" }, t("mod.who")) : null,
    who,
    h("label", { for: "report-reason" }, t("mod.reason")),
    reason,
    h("label", { for: "report-details" }, t("mod.details")),
    details,
    error,
    h("div", { class: "modal-actions" }, [
      h("button", { type: "button", class: "ghost", onclick: () => dialog.close() }, t("common.cancel")),
      h("button", { type: "submit", class: "primary", id: "report-send" }, t("mod.send")),
    ]),
  ]);
  const title = who ? t("mod.report_someone") : t("mod.report_title", { name: choices[0].nickname });
  const dialog = modal({ id: "report-dialog", title, body: form, closedBy: "any" });
}

/** One decision as its player reads it: "You are muted until 5 Dec, 11:30: reason". */
export function noticeText(action) {
  const until = action.until ? formatDate(action.until) : null;
  const key = `mod.notice.${action.kind}${action.until || action.kind === "warn" || action.kind === "lift" ? "" : "_for_good"}`;
  return t(key, { until, reason: action.reason });
}

/** What holds against the player (a ``moderation`` message's ``standing``), shown in
 *  the status banner; nothing holding, the banner is left alone. */
export function showStanding(standing, banner) {
  if (standing.length) banner(standing.map(noticeText).join(" · "));
}

/** The suspension that closes rated play to a player whose standing this is (from
 *  rated play, or from the site), or null: the lobby offers him casual games only. */
export function ratedBar(standing) {
  return standing.find((action) => action.kind === "suspend_play" || action.kind === "suspend_site") || null;
}

/** Why rated play is closed, said under the choice it disables. */
export function ratedClosed(action, id) {
  return h("p", { class: "muted rated-closed", id }, t("mod.rated_closed", { notice: noticeText(action) }));
}

/** Whether this browser's player is a moderator, and what holds against him. */
export async function myModeration() {
  try {
    return await api("/api/me/moderation");
  } catch {
    return { moderator: false, standing: [], history: [] };
  }
}

function durationLabel(seconds) {
  return seconds === null ? t("mod.for_good") : t(`mod.duration.${seconds}`);
}

/** A moderator's action on ``player`` (answering ``report`` if given): one of
 *  ``kinds``, a duration where it has one, a reason; ``done()`` once it is applied. */
function actionForm(player, report, kinds, toast, done) {
  const key = report ?? player.id;
  const kind = h("select", { name: "kind", "data-key": `kind-${key}` }, kinds.map((each) => h("option", { value: each }, t(`mod.kind.${each}`))));
  const duration = h("select", { name: "seconds", "data-key": `seconds-${key}` }, [...DURATIONS, null].map((seconds) => h("option", { value: seconds ?? "" }, durationLabel(seconds))));
  const reason = h("input", { name: "reason", "data-key": `reason-${key}`, maxlength: DETAILS_MAX, required: true, "aria-label": t("mod.action_reason") });
  const timed = () => {
    const lasts = kind.value === "mute" || kind.value.startsWith("suspend");
    duration.disabled = !lasts;
    duration.querySelector("option[value='']").disabled = kind.value === "mute";
    if (kind.value === "mute" && duration.value === "") duration.value = String(DURATIONS[1]);
  };
  kind.addEventListener("change", timed);
  timed();
  return h("form", { class: "mod-action", onsubmit: async (event) => {
    event.preventDefault();
    const lasts = !duration.disabled && duration.value !== "";
    const body = { player: player.id, kind: kind.value, reason: reason.value, report, seconds: lasts ? Number(duration.value) : null };
    try {
      await api("/api/moderation/actions", { method: "POST", body });
      toast(t("mod.done", { name: player.nickname }));
      done();
    } catch (failure) {
      toast(failure.message, "error");
    }
  } }, [
    h("label", {}, [t("mod.action"), " ", kind]),
    h("label", {}, [t("mod.duration"), " ", duration]),
    h("label", { class: "mod-reason" }, [t("mod.action_reason"), " ", reason]),
    h("button", { type: "submit", class: "primary", "data-key": `act-${key}` }, t("mod.apply")),
  ]);
}

/** Moderation actions, newest first: told to their player (``mine``), or as a
 *  moderator reads another's record. */
function actionList(actions, mine) {
  const said = (action) => (mine
    ? noticeText(action)
    : `${t(`mod.kind.${action.kind}`)}${action.until ? ` (${t("mod.until", { until: formatDate(action.until) })})` : ""}: ${action.reason}${action.moderator ? ` — ${t("mod.by", { name: action.moderator.nickname })}` : ""}`);
  return h("ul", { class: "mod-record" }, actions.map((action) => h("li", {}, [
    h("time", { class: "muted", datetime: action.at }, formatDate(action.at)), " ",
    said(action),
    action.lifted_at ? h("span", { class: "muted" }, ` (${t("mod.lifted", { at: formatDate(action.lifted_at) })})`) : null,
  ])));
}

/** The moderation part of a profile: your own record (what moderators decided about
 *  you), or for a moderator, the player's record and the actions on him. Empty for
 *  anyone else; filled in when its answers arrive. */
export function moderationPanel(player, mine, toast) {
  const node = h("section", { class: "panel mod-panel", id: "mod-panel", hidden: true });
  async function load() {
    const own = await myModeration();
    if (mine) {
      if (!own.history.length) return;
      node.replaceChildren(h("h2", {}, t("mod.your_record")), actionList(own.history, true));
    } else if (own.moderator) {
      const record = await api(`/api/moderation/players/${player.id}`).catch(() => null);
      if (!record) return;
      node.replaceChildren(
        h("h2", {}, t("mod.record", { name: player.nickname })),
        record.history.length ? actionList(record.history, false) : h("p", { class: "muted" }, t("mod.no_record")),
        actionForm(player, null, ["warn", "mute", "suspend_play", "suspend_site", "lift"], toast, load),
      );
    } else return;
    node.hidden = false;
  }
  load();
  return node;
}

/** The moderators' page: the open reports, oldest first, each with its actions. */
export function showModeration({ main, toast }) {
  let reports = null;
  let refused = null;

  function reportCard(report) {
    const form = actionForm(report.reported, report.id, KINDS, toast, () => {
      reports = reports.filter((each) => each.id !== report.id);
      render();
    });
    const links = [
      report.room ? h("a", { href: `/?room=${report.room}&watch=1`, "data-nav": "" }, t("mod.watch_room", { room: report.room })) : null,
      report.match ? h("a", { href: `/?replay=${report.match}`, "data-nav": "" }, t("mod.replay")) : null,
    ].filter(Boolean);
    return h("article", { class: "panel mod-report", "data-report": String(report.id) }, [
      h("h2", {}, [
        h("a", { href: `/?profile=${report.reported.id}`, "data-nav": "" }, report.reported.nickname),
        report.reported.username ? h("span", { class: "muted" }, ` @${report.reported.username}`) : null,
        " — ", t(`mod.reason.${report.reason}`),
      ]),
      h("p", { class: "muted" }, t("mod.reported_by", { name: report.reporter.nickname, at: formatDate(report.at) })),
      report.details ? h("blockquote", { class: "mod-details" }, report.details) : null,
      report.lines.length ? h("ol", { class: "mod-lines", "aria-label": t("mod.lines") }, report.lines.map((line) => h("li", {}, [h("time", { class: "muted", datetime: line.at }, formatDate(line.at)), " ", h("span", { class: "chat-text" }, line.text)]))) : null,
      links.length ? h("p", { class: "mod-links" }, links.flatMap((link, i) => (i ? [" · ", link] : [link]))) : null,
      report.history.length ? h("div", { class: "mod-history" }, [h("p", { class: "muted" }, t("mod.before")), actionList(report.history, false)]) : null,
      form,
    ]);
  }

  function render() {
    const body = refused
      ? h("p", { class: "panel", id: "mod-refused", role: "alert" }, refused)
      : reports === null
        ? h("p", { class: "muted" }, t("common.loading"))
        : reports.length
          ? h("div", { class: "mod-queue" }, reports.map(reportCard))
          : h("p", { class: "panel muted", id: "mod-empty" }, t("mod.empty"));
    main.replaceChildren(h("div", { class: "moderation-page" }, [h("h1", {}, t("mod.title")), body]));
  }

  async function load() {
    try {
      await ensurePlayer();
      reports = await api("/api/moderation/reports");
    } catch (failure) {
      refused = failure.message;
    }
    render();
  }

  render();
  load();
  return { refresh: render };
}
