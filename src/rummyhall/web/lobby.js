// The landing page: the server's games and its public rooms, read from the HTTP API.
"use strict";

function cell(row, text) {
  const td = document.createElement("td");
  td.textContent = text;
  row.appendChild(td);
}

async function showInfo() {
  const info = await (await fetch("/api/info")).json();
  document.getElementById("protocol").textContent = info.protocol;
  const list = document.getElementById("games");
  for (const game of info.games) {
    const item = document.createElement("li");
    const seats = game.seats.min === game.seats.max ? game.seats.min : `${game.seats.min}–${game.seats.max}`;
    item.textContent = `${game.title} (${game.game}): ${seats} seats; options: ${Object.keys(game.options.properties || {}).join(", ")}`;
    list.appendChild(item);
  }
}

async function showRooms() {
  const { rooms } = await (await fetch("/api/rooms")).json();
  const status = document.getElementById("rooms-status");
  const table = document.getElementById("rooms");
  if (rooms.length === 0) {
    status.textContent = "No public room is open right now.";
    return;
  }
  status.hidden = true;
  table.hidden = false;
  const body = table.querySelector("tbody");
  for (const room of rooms) {
    const row = document.createElement("tr");
    cell(row, room.code);
    cell(row, room.title);
    cell(row, room.status);
    cell(row, room.seats.map((s) => s.player ? s.player.nickname : s.bot ? `bot (${s.bot})` : "open").join(", "));
    body.appendChild(row);
  }
}

showInfo().catch(() => {});
showRooms().catch(() => { document.getElementById("rooms-status").textContent = "The lobby could not be loaded."; });
