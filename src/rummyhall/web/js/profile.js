// A player's public profile (?profile=ID: his rating per game with its history as a
// small chart, matches played and won, each game's figures (gins, drops, tiles a turn…),
// recent games with their replays) and the
// leaderboard of each game (?leaderboard=GAME: the best 100 and the reader's own rank).
// Ratings come from games between people only (server/people/ratings.py).

import { formatDate, t } from "./i18n.js";
import { api, currentPlayer } from "./net.js";
import { moderationPanel, reportPlayer } from "./moderation.js";
import { yourDataPanel } from "./privacy.js";
import { h } from "./ui.js";

const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attrs = {}, children = []) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  node.append(...children);
  return node;
}

/** A rating as shown: "1042", or "1042?" while it is provisional (its uncertainty
 *  still high, server/people/ratings.py), the "?" explained on hover and to screen readers. */
function ratingText(entry) {
  if (!entry.provisional) return String(entry.rating);
  return h("span", { class: "rating provisional", title: t("rating.provisional") }, [String(entry.rating), h("abbr", { "aria-label": t("rating.provisional_short") }, "?")]);
}

/** The rating after each rated match as a line, with its lowest and highest values. */
function ratingChart(history, label) {
  const width = 240;
  const height = 64;
  const pad = 6;
  const values = history.map((point) => point.rating);
  const low = Math.min(...values);
  const high = Math.max(...values);
  const span = Math.max(1, high - low);
  const x = (i) => pad + (values.length === 1 ? (width - 2 * pad) / 2 : (i * (width - 2 * pad)) / (values.length - 1));
  const y = (value) => height - pad - ((value - low) * (height - 2 * pad)) / span;
  const points = values.map((value, i) => `${x(i).toFixed(1)},${y(value).toFixed(1)}`).join(" ");
  return svg("svg", { class: "rating-chart", viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": label }, [
    svg("title", {}, [label]),
    svg("polyline", { points, fill: "none", stroke: "currentColor", "stroke-width": "2", "stroke-linejoin": "round" }),
    ...values.map((value, i) => svg("circle", { cx: x(i).toFixed(1), cy: y(value).toFixed(1), r: "2.5", fill: "currentColor" })),
  ]);
}

function change(rating) {
  if (!rating) return h("span", { class: "muted" }, t("profile.unrated"));
  const delta = rating.after - rating.before;
  return h("span", { class: delta >= 0 ? "rating-up" : "rating-down" }, `${rating.after} (${delta >= 0 ? "+" : "−"}${Math.abs(delta)})`);
}

function opponents(against) {
  return against === "humans" ? t("profile.against_people") : t("seat.bot", { level: t(`level.${against}`) });
}

/** A ratio to one decimal, or a dash with nothing to divide by. */
const ratio = (sum, count) => (count ? (sum / count).toFixed(1) : "–");

/** Per game, the figures a profile shows from the sums of the player's matches. */
const FIGURES = {
  gin: [
    ["profile.gins", (f) => f.gins],
    ["profile.undercuts", (f) => f.undercuts],
    ["profile.knock_deadwood", (f) => ratio(f.knock_deadwood, f.knocks)],
  ],
  indian: [
    ["profile.declares", (f) => f.declares],
    ["profile.drops", (f) => f.drops],
    ["profile.penalty", (f) => ratio(f.penalty, f.deals)],
  ],
  rummikub: [
    ["profile.rounds_won", (f) => `${f.rounds_won} / ${f.rounds}`],
    ["profile.tiles_turn", (f) => ratio(f.tiles, f.turns)],
  ],
};

/** The per-game figures of the player's finished matches (rated or not). */
function figureCards(games) {
  const shown = games.filter((entry) => FIGURES[entry.game] && Object.keys(entry.figures).length);
  if (!shown.length) return null;
  return h("section", { class: "panel" }, [
    h("h2", {}, t("profile.figures")),
    h("div", { class: "rating-cards", id: "figures" }, shown.map((entry) => h("article", { class: "panel figure-card", "data-game": entry.game }, [
      h("h3", {}, t(`game.${entry.game}`)),
      h("dl", {}, FIGURES[entry.game].flatMap(([key, value]) => [h("dt", {}, t(key)), h("dd", { "data-figure": key.split(".")[1] }, String(value(entry.figures)))])),
    ]))),
  ]);
}

export function showProfile({ main, toast, navigate }, playerId) {
  let data = null;

  function render() {
    if (!data) {
      main.replaceChildren(h("div", { class: "profile-page" }, h("p", { class: "muted" }, t("common.loading"))));
      return;
    }
    const { page, stats } = data;
    const mine = currentPlayer()?.id === playerId;
    const ratings = page.ratings.length
      ? h("div", { class: "rating-cards" }, page.ratings.map((entry) => h("article", { class: "panel rating-card", "data-game": entry.game }, [
        h("h3", {}, t(`game.${entry.game}`)),
        h("p", { class: "rating-value" }, ratingText(entry)),
        entry.provisional ? h("p", { class: "muted provisional-note" }, t("rating.provisional")) : null,
        h("p", { class: "muted" }, t("profile.record", { matches: entry.matches, wins: entry.wins })),
        ratingChart(entry.history, t("profile.chart", { game: t(`game.${entry.game}`) })),
        h("a", { href: `/?leaderboard=${entry.game}`, "data-nav": "" }, t("profile.to_board")),
      ])))
      : h("p", { class: "muted", id: "no-ratings" }, t("profile.no_ratings"));
    const games = Object.entries(stats.games || {});
    main.replaceChildren(h("div", { class: "profile-page" }, [
      h("section", { class: "panel profile-head" }, [
        h("h1", { id: "profile-name" }, page.player.nickname),
        h("p", { class: "muted" }, [
          page.username ? t("profile.username", { name: page.username }) : t("profile.guest"),
          " · ",
          t("profile.since", { date: formatDate(page.since) }),
        ]),
        mine ? h("p", { class: "muted" }, t("profile.yours")) : h("button", { type: "button", class: "link", id: "report-profile", onclick: () => reportPlayer(page.player, {}, toast) }, t("mod.report")),
        page.presence ? h("p", { class: `presence ${page.presence}`, id: "profile-presence" }, t(`profile.presence.${page.presence}`)) : null,
      ]),
      moderationPanel(page.player, mine, toast),
      h("section", { class: "panel" }, [h("h2", {}, t("profile.ratings")), ratings]),
      h("section", { class: "panel" }, [
        h("h2", {}, t("profile.played")),
        games.length ? h("table", { class: "figures" }, [
          h("thead", {}, h("tr", {}, [t("profile.game"), t("profile.matches"), t("profile.wins"), t("profile.vs_people"), t("profile.vs_computer")].map((text) => h("th", { scope: "col" }, text)))),
          h("tbody", {}, games.map(([game, figures]) => {
            const people = figures.by_level?.humans || { played: 0, won: 0 };
            return h("tr", {}, [
              h("th", { scope: "row" }, t(`game.${game}`)),
              h("td", {}, String(figures.played)),
              h("td", {}, String(figures.won)),
              h("td", {}, `${people.won} / ${people.played}`),
              h("td", {}, `${figures.won - people.won} / ${figures.played - people.played}`),
            ]);
          })),
        ]) : h("p", { class: "muted" }, t("profile.nothing_yet")),
      ]),
      figureCards(page.games || []),
      h("section", { class: "panel" }, [
        h("h2", {}, t("profile.recent")),
        page.recent.length ? h("ul", { class: "room-list", id: "recent-games" }, page.recent.map((entry) => h("li", {}, [
          h("span", { class: "room-game" }, t(`game.${entry.game}`)),
          h("span", { class: entry.won ? "result-won" : "result-lost" }, t(entry.won ? "profile.won" : "profile.lost")),
          h("span", { class: "muted" }, opponents(entry.against)),
          change(entry.rating),
          h("span", { class: "muted" }, entry.finished_at ? formatDate(entry.finished_at) : ""),
          h("a", { class: "button small ghost", href: `/?replay=${entry.match}&seat=${entry.seat}`, "data-nav": "" }, t("lobby.replay")),
        ]))) : h("p", { class: "muted" }, t("profile.nothing_yet")),
      ]),
      mine ? yourDataPanel({ toast, navigate }) : null,
    ]));
  }

  async function load() {
    render();
    try {
      const [page, stats] = await Promise.all([api(`/api/players/${encodeURIComponent(playerId)}/profile`), api(`/api/players/${encodeURIComponent(playerId)}/stats`)]);
      data = { page, stats };
      render();
    } catch (error) {
      main.replaceChildren(h("div", { class: "profile-page" }, h("p", { class: "panel", role: "alert" }, error.message)));
      toast(error.message, "error");
    }
  }
  load();
  return { refresh: render };
}

export function showLeaderboard({ main, toast }, game) {
  let games = null;
  let board = null;

  function render() {
    const shown = board?.game || game;
    const tabs = h("nav", { class: "segmented board-tabs", "aria-label": t("board.games") }, (games || []).map((g) =>
      h("a", { href: `/?leaderboard=${g}`, "data-nav": "", class: `button${g === shown ? " active" : ""}`, "aria-current": g === shown ? "page" : null }, t(`game.${g}`))));
    if (!board) {
      main.replaceChildren(h("div", { class: "board-page" }, [tabs, h("p", { class: "muted" }, t("common.loading"))]));
      return;
    }
    const me = currentPlayer();
    const yours = board.yours
      ? t("board.yours", { rank: board.yours.rank, rating: `${board.yours.rating}${board.yours.provisional ? "?" : ""}` })
      : t("board.not_rated");
    main.replaceChildren(h("div", { class: "board-page" }, [
      tabs,
      h("section", { class: "panel" }, [
        h("h1", {}, t("board.title", { game: t(`game.${shown}`) })),
        h("p", { class: "muted" }, t("board.about", { n: board.players })),
        h("p", { id: "your-rank", title: board.yours?.provisional ? t("rating.provisional") : null }, yours),
        board.top.length ? h("table", { class: "figures leaderboard" }, [
          h("thead", {}, h("tr", {}, [t("board.rank"), t("board.player"), t("board.rating"), t("profile.matches"), t("profile.wins")].map((text) => h("th", { scope: "col" }, text)))),
          h("tbody", {}, board.top.map((row) => h("tr", { class: row.player.id === me?.id ? "you" : null }, [
            h("td", {}, String(row.rank)),
            h("th", { scope: "row" }, h("a", { href: `/?profile=${row.player.id}`, "data-nav": "" }, row.player.nickname)),
            h("td", {}, ratingText(row)),
            h("td", {}, String(row.matches)),
            h("td", {}, String(row.wins)),
          ]))),
        ]) : h("p", { class: "muted", id: "board-empty" }, t("board.empty")),
      ]),
    ]));
  }

  async function load() {
    render();
    try {
      games = games || (await api("/api/info")).games.map((entry) => entry.game);
      const chosen = games.includes(game) ? game : games[0];
      const me = currentPlayer();
      board = await api(`/api/leaderboard/${chosen}${me ? `?player=${encodeURIComponent(me.id)}` : ""}`);
      render();
    } catch (error) {
      toast(error.message, "error");
    }
  }
  load();
  return { refresh: render };
}
