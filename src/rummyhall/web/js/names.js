// What rooms and seats are called on every page: a kit's label in the reader's language,
// a seat's name, and the variant a room plays (the lobby, the table and replays share them).

import { t } from "./i18n.js";
import { playerName } from "./privacy.js";

/** The text of ``key`` in the current language, or the kit's English ``fallback``. */
export function label(key, fallback) {
  const text = t(key);
  return text === key ? fallback : text;
}

/** A seat's name: the player's nickname ("deleted player" in the reader's language for
 *  a deleted account), or the bot and its level (numbered by seat
 *  when the table has more than one bot), or "Seat n". */
export function seatName(seats, seat) {
  const info = seats[seat];
  if (info?.player) return playerName(info.player);
  if (info?.bot) {
    const level = t(`level.${info.bot}`);
    return seats.filter((s) => s.bot).length > 1 ? t("seat.bot_n", { n: seat + 1, level }) : t("seat.bot", { level });
  }
  return t("room.seat", { n: seat + 1 });
}

/** How each game's room names how it is played, from the kit's name of its variant and
 *  the room's options. */
const ROOM_LABELS = {
  gin: (variant) => variant,
  indian: (variant, options) => `${variant} · ${options.players}P`,
  rummikub: (variant, options) => (options.rounds ? `${options.players}P · ${t("result.rounds", { n: options.rounds })}` : `${options.players}P`),
};

/** The kit's variant a room plays (``catalogue``: /api/info): the one fixing the most of
 *  its options, as ``GameInfo.variant_of`` finds it. */
function variantOf(room, catalogue) {
  const game = catalogue.games.find((entry) => entry.game === room.game);
  const fitting = game.variants.filter((variant) => Object.entries(variant.fixes).every(([key, value]) => room.options[key] === value));
  return fitting.reduce((best, variant) => (Object.keys(variant.fixes).length > Object.keys(best.fixes).length ? variant : best));
}

export function variantLabel(room, catalogue) {
  const variant = variantOf(room, catalogue);
  return ROOM_LABELS[room.game](label(variant.label, variant.title), room.options);
}

/** A turn clock as the lobby offers it and a room shows it: "off" or "TURN+BANK". */
export function clockLabel(clock) {
  if (clock === "off") return t("lobby.clock_off");
  const [turn, bank] = clock.split("+");
  return t("lobby.clock_choice", { turn, bank });
}
