"""HTTP hygiene: security headers on every answer, the third-party API docs off by
default, request bodies bounded before they are read, and error bodies that name the
field without echoing the input."""

from __future__ import annotations

import socket
from pathlib import Path

import httpx
import pytest

from tests.server.harness import Server

LIMIT = 64 * 1024


def expect_security_headers(answer: httpx.Response) -> None:
    headers = answer.headers
    policy = headers["content-security-policy"]
    for directive in (
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "frame-ancestors 'none'",
        "object-src 'none'",
    ):
        assert directive in policy
    assert "unsafe-inline" not in policy and "http" not in policy
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["x-frame-options"] == "DENY"
    assert headers["referrer-policy"] == "no-referrer"
    assert headers["cross-origin-opener-policy"] == "same-origin"


def test_security_headers_on_pages_api_and_errors(server: Server) -> None:
    with server.http() as http:
        answers = [
            http.get("/"),
            http.get("/js/app.js"),
            http.get("/style.css"),
            http.get("/api/info"),
            http.get("/api/rooms/ZZZZZZ"),  # 404 refusal
            http.post("/api/players", json={"nickname": 7}),  # 422
            http.post("/api/rooms", json={}),  # 401
            http.get("/no/such/page"),
        ]
        assert [a.status_code for a in answers] == [200, 200, 200, 200, 404, 422, 401, 404]
        for answer in answers:
            expect_security_headers(answer)
        assert answers[3].headers["cache-control"] == "no-store"


def test_api_docs_are_off_by_default(server: Server) -> None:
    with server.http() as http:
        assert http.get("/docs").status_code == 404
        assert http.get("/redoc").status_code == 404
        assert http.get("/openapi.json").json()["info"]["title"] == "rummyhall"


def test_api_docs_are_served_when_asked_for(tmp_path: Path) -> None:
    server = Server(tmp_path / "docs.db", "--api-docs").start()
    try:
        with server.http() as http:
            docs = http.get("/docs")
            assert docs.status_code == 200 and "swagger" in docs.text.lower()
            assert "cdn.jsdelivr.net" in docs.headers["content-security-policy"]
            assert http.get("/redoc").status_code == 200
            # Only the docs pages get the looser policy.
            expect_security_headers(http.get("/"))
    finally:
        server.stop()


def raw_exchange(server: Server, head: bytes, chunks: int = 0) -> bytes:
    """Send ``head`` then up to ``chunks`` chunks of 4 KiB (stopping when the server
    stops reading); everything the server answered before closing."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
        sock.sendall(head)
        try:
            for _ in range(chunks):
                sock.sendall(b"1000\r\n" + b"a" * 4096 + b"\r\n")
        except (BrokenPipeError, ConnectionResetError):
            pass
        received = b""
        try:
            while chunk := sock.recv(65536):
                received += chunk
        except ConnectionResetError:
            pass
        return received


def test_a_big_content_length_gets_413_at_once(server: Server) -> None:
    head = (
        b"POST /api/players HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"Content-Length: 52428800\r\n\r\n"
    )
    answer = raw_exchange(server, head)  # not one byte of the 50 MB is sent
    assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
    assert b'"body_too_large"' in answer and b"65536" in answer
    assert httpx.get(f"{server.url}/api/health", timeout=10).status_code == 200


def test_a_big_chunked_body_is_cut_at_the_limit(server: Server) -> None:
    head = (
        b"POST /api/players HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"Transfer-Encoding: chunked\r\n\r\n"
    )
    answer = raw_exchange(server, head, chunks=2 * LIMIT // 4096 + 400)
    assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
    assert b"body_too_large" in answer
    assert httpx.get(f"{server.url}/api/health", timeout=10).status_code == 200


def test_a_small_chunked_body_still_works(server: Server) -> None:
    def body() -> object:
        yield b'{"nickname": '
        yield b'"Chunky"}'

    answer = httpx.post(
        f"{server.url}/api/players",
        content=body(),  # type: ignore[arg-type]
        headers={"Content-Type": "application/json"},
        timeout=10,
    )
    assert answer.status_code == 201 and answer.json()["player"]["nickname"] == "Chunky"


@pytest.mark.parametrize("size", [60 * 1024, 10 * 1024 * 1024])
def test_a_huge_nickname_gets_a_small_error(server: Server, size: int) -> None:
    answer = httpx.post(f"{server.url}/api/players", json={"nickname": "x" * size}, timeout=30)
    assert answer.status_code in (413, 422)
    assert len(answer.content) < 300
    error = answer.json()["error"]
    assert error["code"] in ("malformed", "body_too_large")
    if answer.status_code == 422:
        assert "nickname" in error["message"] and "xxx" not in error["message"]


def test_validation_errors_name_the_field_in_the_clients_language(server: Server) -> None:
    with server.http() as http:
        english = http.post("/api/players", json={"nickname": ["a"]}).json()["error"]
        assert english["code"] == "malformed" and "body.nickname" in english["message"]
        chinese = http.post(
            "/api/players", json={}, headers={"Accept-Language": "zh-CN,zh;q=0.9"}
        ).json()["error"]
        assert chinese["code"] == "malformed" and "消息格式不正确" in chinese["message"]
        replay = http.get("/api/matches/abc/replay", params={"turn": "many"}).json()["error"]
        assert replay["code"] == "malformed" and "query.turn" in replay["message"]
