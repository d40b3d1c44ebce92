// Optional sounds, made in the page with Web Audio (no sound files): a soft tick for a
// draw, a tap for a discard, a chime for a play or a knock, a high note when the turn
// comes to the player. Off unless the player turns them on; the choice is remembered.

import { t } from "./i18n.js";
import { h } from "./ui.js";

const KEY = "rummyhall.sound";
/** Each move's notes: [frequency in Hz, start in s, length in s, waveform]. */
const NOTES = {
  draw: [[660, 0, 0.06, "triangle"]],
  discard: [[330, 0, 0.09, "triangle"]],
  play: [[523, 0, 0.12, "sine"], [659, 0.08, 0.16, "sine"]],
  knock: [[392, 0, 0.12, "square"], [523, 0.1, 0.2, "sine"]],
  declare: [[523, 0, 0.12, "sine"], [784, 0.1, 0.22, "sine"]],
  pass: [[440, 0, 0.05, "sine"]],
  drop: [[220, 0, 0.2, "sine"]],
  turn: [[880, 0, 0.12, "sine"]],
};
const VOLUME = 0.08;

let context = null;

export function soundOn() {
  return localStorage.getItem(KEY) === "1";
}

function play(notes) {
  context ||= new AudioContext();
  const now = context.currentTime;
  for (const [frequency, start, length, type] of notes) {
    const oscillator = new OscillatorNode(context, { frequency, type });
    const gain = new GainNode(context, { gain: 0 });
    gain.gain.setValueAtTime(0, now + start);
    gain.gain.linearRampToValueAtTime(VOLUME, now + start + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + start + length);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(now + start);
    oscillator.stop(now + start + length + 0.02);
  }
}

/** Sound the moves of a state message, and the player's turn when it has just come. */
export function soundState(you, before, message) {
  if (!soundOn()) return;
  const notes = message.events.flatMap((event) => NOTES[event.type] || []);
  const turnCame = message.current_player === you && you !== null && before?.current_player !== you;
  if (turnCame) notes.push(...NOTES.turn.map(([f, start, length, type]) => [f, start + (notes.length ? 0.25 : 0), length, type]));
  if (notes.length) play(notes);
}

/** The header's switch: a label that names the setting ("Sound") and a switch that
 *  shows its state (on: the knob right and lit), so it reads neither as a state nor as
 *  an order; remembered. */
export function soundToggle(render) {
  const on = soundOn();
  return h("button", { type: "button", class: "button small ghost sound-switch", id: "sound", role: "switch", "aria-checked": String(on), onclick: () => {
    localStorage.setItem(KEY, on ? "0" : "1");
    if (!on) play(NOTES.turn); // the click lets the page make sound: a sample of it
    render();
  } }, [h("span", { class: "switch-track", "aria-hidden": "true" }, h("span", { class: "switch-knob" })), h("span", {}, t("sound.label"))]);
}
