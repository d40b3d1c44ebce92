"""HTTP hygiene: security headers on every answer, request bodies bounded before they
are read, and error bodies that name the field at fault without echoing the input.

Both middlewares are plain ASGI (not ``BaseHTTPMiddleware``), so WebSockets pass
through untouched and responses are never buffered.
"""

from __future__ import annotations

from fastapi.exceptions import RequestValidationError
from starlette.datastructures import Headers
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from rummyhall.server.wire.errors import ERRORS, ErrorCode
from rummyhall.server.wire.i18n import Locale, text

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; frame-ancestors 'none'; base-uri 'none'; "
    "form-action 'self'; object-src 'none'"
)
"""The front end is ES modules and one style sheet: no inline script or style, nothing
from another origin, never framed (the seat token lives in this origin's storage)."""

API_DOCS_POLICY = (
    "default-src 'self'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
    "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net https://fonts.googleapis.com; "
    "font-src https://fonts.gstatic.com; img-src 'self' data: https://fastapi.tiangolo.com "
    "https://cdn.redoc.ly; worker-src blob:; connect-src 'self'; frame-ancestors 'none'; "
    "base-uri 'none'; object-src 'none'"
)
"""Swagger UI and ReDoc as FastAPI serves them (scripts from a CDN, an inline start-up
script): only on their own pages, and only with ``--api-docs``."""

API_DOCS_PATHS = ("/docs", "/redoc")

SECURITY_HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"cross-origin-resource-policy", b"same-origin"),
]

NO_STORE = (b"cache-control", b"no-store")
"""API answers (a new guest's token among them) are never kept by a cache."""


def request_locale(headers: Headers) -> Locale:
    """The language of the client's messages, from ``Accept-Language``."""
    return "zh" if headers.get("accept-language", "").lower().startswith("zh") else "en"


def error_response(
    code: ErrorCode, message: str, headers: dict[str, str] | None = None
) -> JSONResponse:
    """The API's error body: ``{"error": {"code", "message"}}``, and ``field`` when the
    refusal is about one field of the request; with the code's HTTP status."""
    refusal = ERRORS[code]
    error = {"code": code, "message": message}
    if refusal.field is not None:
        error["field"] = refusal.field
    body = {"error": error}
    return JSONResponse(body, status_code=refusal.http, headers=headers)


DETAIL_LIMIT = 200
"""Characters of a validation message kept: enough to name the field and the reason."""


def validation_detail(error: RequestValidationError) -> str:
    """``where: why`` for the first problem, never the input (which may be 10 MB).

    >>> problem = {"loc": ("body", "nickname"), "msg": "String too long", "input": "x"}
    >>> validation_detail(RequestValidationError([problem]))
    'body.nickname: String too long'
    """
    problems = error.errors()
    if not problems:
        return "request"
    first = problems[0]
    where = ".".join(str(part) for part in first.get("loc", ())) or "request"
    return f"{where}: {first.get('msg', 'invalid')}"[:DETAIL_LIMIT]


async def malformed_request(request: Request, error: Exception) -> JSONResponse:
    """Replaces FastAPI's handler, which echoes every invalid input in full."""
    assert isinstance(error, RequestValidationError)
    locale = request_locale(request.headers)
    message = text("malformed", locale, detail=validation_detail(error))
    return error_response("malformed", message)


class SecurityHeadersMiddleware:
    """Adds :data:`SECURITY_HEADERS` and a Content-Security-Policy to every HTTP answer
    (pages, API, errors), where the app did not set them itself."""

    def __init__(self, app: ASGIApp, *, api_docs: bool = False) -> None:
        self.app = app
        self.api_docs = api_docs

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path: str = scope["path"]
        docs = self.api_docs and path.startswith(API_DOCS_PATHS)
        policy = API_DOCS_POLICY if docs else CONTENT_SECURITY_POLICY
        extra = [*SECURITY_HEADERS, (b"content-security-policy", policy.encode())]
        if path.startswith("/api/"):
            extra.append(NO_STORE)

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {name.lower() for name, _ in headers}
                headers += [(name, value) for name, value in extra if name not in present]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)


class BodyLimitMiddleware:
    """Refuses a request body over ``limit`` bytes with 413 ``body_too_large``: at once
    when ``Content-Length`` says so, and for a chunked body as soon as the bytes
    received pass the limit (the body is held until it is whole, then handed on)."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        length = headers.get("content-length")
        if length is not None and length.isdigit() and int(length) > self.limit:
            await self._refuse(scope, receive, send)
            return
        if "chunked" not in headers.get("transfer-encoding", "").lower():
            await self.app(scope, receive, send)
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return  # the client left (or its deadline passed) before the body was whole
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.limit:
                await self._refuse(scope, receive, send)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if replayed:
                return await receive()
            replayed = True
            return {"type": "http.request", "body": b"".join(chunks), "more_body": False}

        await self.app(scope, replay, send)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        locale = request_locale(Headers(scope=scope))
        message = text("body_too_large", locale, limit=self.limit)
        response = error_response("body_too_large", message, {"connection": "close"})
        await response(scope, receive, send)
