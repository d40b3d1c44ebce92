// The single-page shell: header (language switch, four-colour deck), the page router
// (lobby, ?room= table, ?replay= viewer, ?rules= page, ?profile=, ?leaderboard=, ?privacy and
// ?moderation=), toasts and the status banner.

import { setFourColours, usesFourColours } from "./cards.js";
import { getLocale, onLocale, setLocale, translate } from "./i18n.js";
import { showLobby } from "./lobby.js";
import { myModeration, showModeration, showStanding } from "./moderation.js";
import { showPrivacy } from "./privacy.js";
import { showLeaderboard, showProfile } from "./profile.js";
import { showReplay } from "./replay.js";
import { showRules } from "./rules.js";
import { showTable } from "./table.js";

let page = null;

export function toast(text, kind = "info") {
  const box = document.createElement("div");
  box.className = `toast ${kind}`;
  box.textContent = text;
  document.getElementById("toasts").append(box);
  setTimeout(() => box.remove(), kind === "error" ? 6000 : 3000);
}

export function banner(text) {
  const bar = document.getElementById("banner");
  bar.hidden = !text;
  bar.textContent = text || "";
}

/** Go to ``url`` inside the app (no page load). */
export function navigate(url) {
  history.pushState(null, "", url);
  route();
}

function route() {
  page?.leave?.();
  banner("");
  // Each page draws into a box of its own: a page left while it still loads (its
  // answers arrive later) then draws into a box no longer shown, not over the next page.
  const main = document.createElement("div");
  main.className = "page";
  document.getElementById("app").replaceChildren(main);
  const params = new URLSearchParams(location.search);
  const context = { main, navigate, toast, banner };
  if (params.get("room")) page = showTable(context, params.get("room").toUpperCase(), params.get("watch") === "1");
  else if (params.get("replay")) page = showReplay(context, params.get("replay"), params.get("seat"));
  else if (params.get("rules")) page = showRules(context, params.get("rules"));
  else if (params.get("profile")) page = showProfile(context, params.get("profile"));
  else if (params.get("leaderboard")) page = showLeaderboard(context, params.get("leaderboard"));
  else if (params.has("privacy")) page = showPrivacy(context);
  else if (params.get("moderation")) page = showModeration(context);
  else page = showLobby(context);
  for (const link of document.querySelectorAll(".topnav a, .footer a")) {
    const target = new URL(link.href).search;
    const section = (search) => search.split("=")[0];
    link.classList.toggle("active", target === location.search || (target.includes("=") && section(target) === section(location.search)));
  }
}

/** Keep ``--chrome`` the height of what stays on top of every page (the top bar and
 *  the status banner): a table fits the rest of the screen. */
function measureChrome() {
  const parts = [document.querySelector(".topbar"), document.getElementById("banner")];
  const measure = () => document.documentElement.style.setProperty("--chrome", `${parts.reduce((sum, part) => sum + part.offsetHeight, 0)}px`);
  const observer = new ResizeObserver(measure);
  for (const part of parts) observer.observe(part);
}

function setup() {
  measureChrome();
  document.addEventListener("click", (event) => {
    const link = event.target.closest("a[data-nav]");
    if (link && !event.ctrlKey && !event.metaKey && link.origin === location.origin) {
      event.preventDefault();
      navigate(link.getAttribute("href"));
    }
  });
  window.addEventListener("popstate", route);
  for (const button of document.querySelectorAll("[data-lang]")) {
    button.addEventListener("click", () => setLocale(button.dataset.lang));
  }
  const four = document.getElementById("four-colours");
  four.checked = usesFourColours();
  four.addEventListener("change", () => {
    setFourColours(four.checked);
    page?.refresh?.();
  });
  const showLocale = (locale) => {
    for (const button of document.querySelectorAll("[data-lang]")) button.classList.toggle("active", button.dataset.lang === locale);
    translate();
    page?.refresh?.();
  };
  onLocale(showLocale);
  setLocale(getLocale(), false);
  route();
  showModerator();
}

/** A moderator gets the moderation page's link; a player something holds against, why. */
async function showModerator() {
  const mine = await myModeration();
  document.getElementById("moderation-link").hidden = !mine.moderator;
  if (!new URLSearchParams(location.search).get("room")) showStanding(mine.standing, banner);
}

setup();
