// Privacy: the page saying what the server keeps and for how long (?privacy, the same
// as docs/privacy.md), and on the player's own profile "Download my data" and "Delete
// my account" (asking the account's password), POST /api/me/deletion.

import { t } from "./i18n.js";
import { api, currentPlayer, forgetPlayer } from "./net.js";
import { h, modal } from "./ui.js";

/** What a deleted player's seat is called on the wire (server/storage/erasure.py); no
 *  living player may take that nickname, so it always means a deleted account. */
export const DELETED_NICKNAME = "deleted player";

/** A player's name as shown: his nickname, or "deleted player" in the reader's language. */
export function playerName(player) {
  return player.nickname === DELETED_NICKNAME ? t("privacy.deleted_player") : player.nickname;
}

const KEPT = ["player", "account", "games", "ratings", "chat", "invitations", "limits", "logs"];

/** How long a kind of data is kept, from /api/info's ``privacy`` (0: for good). */
function keptFor(key, days) {
  if (key === "games") return days.guest_game_retention_days ? t("privacy.games_kept", { n: days.guest_game_retention_days }) : t("privacy.games_kept_forever");
  if (key === "chat") return days.chat_retention_days ? t("privacy.chat_kept", { n: days.chat_retention_days }) : t("privacy.kept_forever");
  return t(`privacy.${key}_kept`);
}

export function showPrivacy({ main, toast }) {
  let days = null;

  function render() {
    if (!days) {
      main.replaceChildren(h("div", { class: "privacy-page" }, h("p", { class: "muted" }, t("common.loading"))));
      return;
    }
    main.replaceChildren(h("div", { class: "privacy-page" }, [
      h("section", { class: "panel" }, [
        h("h1", {}, t("privacy.title")),
        h("p", {}, t("privacy.intro")),
        h("table", { class: "figures privacy-kept" }, [
          h("thead", {}, h("tr", {}, [t("privacy.what"), t("privacy.holds"), t("privacy.kept")].map((text) => h("th", { scope: "col" }, text)))),
          h("tbody", {}, KEPT.map((key) => h("tr", {}, [
            h("th", { scope: "row" }, t(`privacy.${key}`)),
            h("td", {}, t(`privacy.${key}_holds`)),
            h("td", {}, keptFor(key, days)),
          ]))),
        ]),
        h("p", { class: "muted" }, t("privacy.rounds")),
      ]),
      h("section", { class: "panel" }, [h("h2", {}, t("privacy.download")), h("p", {}, t("privacy.download_about"))]),
      h("section", { class: "panel" }, [h("h2", {}, t("privacy.delete")), h("p", {}, t("privacy.delete_about")), h("p", {}, t("privacy.delete_games"))]),
      currentPlayer() ? h("p", {}, h("a", { href: `/?profile=${currentPlayer().id}`, "data-nav": "", id: "privacy-to-profile" }, t("privacy.to_profile"))) : null,
    ]));
  }
  async function load() {
    render();
    try {
      days = (await api("/api/info")).privacy;
      render();
    } catch (failure) {
      toast(failure.message, "error");
    }
  }
  load();
  return { refresh: render };
}

/** The panel of the player's own profile: his data to download, his account to delete. */
export function yourDataPanel({ toast, navigate }) {
  async function downloadData(button) {
    button.disabled = true;
    try {
      const data = await api("/api/me/data");
      const file = new Blob([JSON.stringify(data, null, 2)], { type: "application/json" });
      const link = h("a", { href: URL.createObjectURL(file), download: `rummyhall-${data.player.id}.json` });
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
      toast(t("privacy.downloaded"));
    } catch (failure) {
      toast(failure.message, "error");
    } finally {
      button.disabled = false;
    }
  }

  function confirmDeletion() {
    const player = currentPlayer();
    const account = Boolean(player?.username);
    const error = h("p", { class: "field-error", id: "delete-error", role: "alert", hidden: true });
    const password = account ? h("input", { id: "delete-password", type: "password", name: "password", autocomplete: "current-password", required: true, autofocus: true, "aria-describedby": "delete-error" }) : null;
    const understood = account ? null : h("input", { id: "delete-understood", type: "checkbox", required: true, autofocus: true });
    const confirm = h("button", { type: "submit", class: "danger armed", id: "delete-confirm" }, t("privacy.delete_confirm"));
    const show = (text) => {
      error.textContent = text;
      error.hidden = !text;
      password?.setAttribute("aria-invalid", text ? "true" : "false");
    };
    const form = h("form", { class: "account-form delete-form", onsubmit: async (event) => {
      event.preventDefault();
      confirm.disabled = true;
      try {
        await api("/api/me/deletion", { method: "POST", body: { password: password ? password.value : null } });
        forgetPlayer();
        dialog.close();
        toast(t("privacy.deleted"));
        navigate("/");
      } catch (failure) {
        show(failure.message);
        password?.focus();
      } finally {
        confirm.disabled = false;
      }
    } }, [
      h("p", {}, t("privacy.delete_about")),
      h("p", { class: "muted" }, t("privacy.delete_games")),
      account ? h("label", { for: "delete-password" }, t("privacy.delete_password", { name: player.username })) : null,
      password,
      account ? null : h("label", { class: "check" }, [understood, " ", t("privacy.delete_guest")]),
      error,
      h("div", { class: "modal-actions" }, [
        h("button", { type: "button", class: "ghost", onclick: () => dialog.close() }, t("common.cancel")),
        confirm,
      ]),
    ]);
    const dialog = modal({ id: "delete-dialog", title: t("privacy.delete_title"), body: form });
  }

  const download = h("button", { type: "button", id: "download-data", onclick: () => downloadData(download) }, t("privacy.download"));
  return h("section", { class: "panel", id: "your-data" }, [
    h("h2", {}, t("privacy.your_data")),
    h("p", { class: "muted" }, [t("privacy.your_data_about"), " ", h("a", { href: "/?privacy", "data-nav": "" }, t("privacy.read_more"))]),
    h("div", { class: "notice-actions" }, [
      download,
      h("button", { type: "button", class: "danger", id: "delete-account", onclick: confirmDeletion }, t("privacy.delete")),
    ]),
  ]);
}
