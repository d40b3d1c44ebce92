// Friends: the invitations waiting in the lobby (GET /api/me/invitations, polled with
// the lobby's lists; dismissed with DELETE), and in a waiting room the box that invites
// a friend by username or one of your recent opponents (POST /api/rooms/{code}/invitations).

import { t } from "./i18n.js";
import { api } from "./net.js";
import { once, sends } from "./once.js";
import { h } from "./ui.js";

const INVITING = "invite"; // what the invitation buttons hold while one is sent (once.js)

/** The player's invitations to rooms not over ([] when they cannot be read now: the
 *  next poll tries again). */
export async function loadInvitations() {
  try {
    return await api("/api/me/invitations");
  } catch {
    return [];
  }
}

/** Forget an invitation on the server (answered or dismissed). */
export const dismissInvitation = (invitation) => api(`/api/me/invitations/${invitation.id}`, { method: "DELETE" }).catch(() => null);

/** The lobby's panel of invitations, or ``null`` with none; ``onDismiss(invitation)``. */
export function invitationsPanel(invitations, onDismiss) {
  if (!invitations.length) return null;
  return h("section", { class: "panel invitations", id: "invitations", "aria-live": "polite" }, [
    h("h2", {}, t("friends.invitations")),
    h("ul", { class: "room-list" }, invitations.map((invitation) => {
      const sit = invitation.status === "waiting";
      return h("li", { "data-invitation": invitation.id }, [
        h("span", { class: "room-game" }, t(`game.${invitation.game}`)),
        h("span", { class: "room-host" }, t("friends.invited_by", { name: invitation.from.nickname })),
        h("span", { class: `status ${invitation.status}` }, t(`status.${invitation.status}`)),
        h("a", {
          class: `button small${sit ? " primary" : " ghost"}`,
          href: sit ? `/?room=${invitation.room}` : `/?room=${invitation.room}&watch=1`,
          "data-nav": "",
          onclick: () => dismissInvitation(invitation), // answered: it leaves the list
        }, t(sit ? "lobby.join" : "lobby.watch")),
        h("button", { type: "button", class: "small ghost", "data-dismiss": invitation.id, onclick: () => onDismiss(invitation) }, t("friends.dismiss")),
      ]);
    })),
  ]);
}

/** A waiting room's invitation box: made once per room page (its typed name and the
 *  opponents, read once, survive the page's renders), shown by the waiting room. */
export function inviteBox(code, toast) {
  const input = h("input", { id: "invite-username", name: "username", maxlength: 20, autocomplete: "off", autocapitalize: "none", spellcheck: "false", placeholder: t("friends.username") });
  const opponents = h("div", { class: "opponents", id: "recent-opponents" });

  function invite(body) {
    return once(INVITING, async () => {
      try {
        const answer = await api(`/api/rooms/${code}/invitations`, { method: "POST", body });
        toast(t("friends.sent", { name: answer.invited.nickname }));
        return true;
      } catch (error) {
        toast(error.message, "error");
        return false;
      }
    });
  }

  const form = h("form", { class: "inline invite-friend", onsubmit: async (event) => {
    event.preventDefault();
    const name = input.value.trim();
    if (name && await invite({ username: name })) input.value = "";
  } }, [
    h("label", { for: "invite-username" }, t("friends.invite_label")),
    input,
    h("button", { type: "submit", id: "invite-send", ...sends(INVITING) }, t("friends.invite")),
  ]);

  api("/api/me/opponents").then((people) => {
    if (!people.length) return;
    opponents.replaceChildren(
      h("span", { class: "muted" }, t("friends.recent")),
      ...people.map((person) => h("button", {
        type: "button",
        class: "small ghost chip",
        "data-opponent": person.id,
        ...sends(INVITING),
        title: t("friends.invite_again", { name: person.nickname }),
        onclick: () => invite({ player: person.id }),
      }, person.username ? `${person.nickname} · @${person.username}` : person.nickname)),
    );
  }, () => null); // the list is a shortcut: inviting by username still works

  return h("div", { class: "invite-box", id: "invite-box" }, [form, opponents]);
}
