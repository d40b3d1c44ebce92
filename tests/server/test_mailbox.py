"""The light queue every connection holds twice (server/net/mailbox.py)."""

from __future__ import annotations

import asyncio

import pytest

from rummyhall.server.net.mailbox import Mailbox


def test_items_come_out_in_order_and_a_waiting_reader_is_woken() -> None:
    async def scenario() -> list[int]:
        box: Mailbox[int] = Mailbox()
        reader = asyncio.create_task(box.get())
        await asyncio.sleep(0)
        box.put_nowait(1)
        box.put_nowait(2)
        return [await reader, await box.get()]

    assert asyncio.run(scenario()) == [1, 2]


def test_a_bounded_mailbox_refuses_beyond_its_bound_and_keeps_what_it_holds() -> None:
    box: Mailbox[str] = Mailbox(2)
    box.put_nowait("a")
    box.put_nowait("b")
    with pytest.raises(asyncio.QueueFull):
        box.put_nowait("c")
    assert box.qsize() == 2 and not box.empty()


def test_a_cancelled_reader_loses_nothing_and_a_second_reader_is_refused() -> None:
    async def scenario() -> str:
        box: Mailbox[str] = Mailbox()
        first = asyncio.create_task(box.get())
        await asyncio.sleep(0)
        with pytest.raises(RuntimeError, match="one reader"):
            await box.get()
        first.cancel()
        with pytest.raises(asyncio.CancelledError):
            await first
        box.put_nowait("kept")
        return await box.get()

    assert asyncio.run(scenario()) == "kept"
