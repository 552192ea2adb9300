"""What every HTTP handler shares: JSON responses, the error body, and request bodies read
as a stream to a size cap."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response

from briscola.wire.errors import Code
from briscola.wire.messages import encode

#: The largest HTTP request body, in bytes.
MAX_BODY = 4096
TOO_LARGE_BODY = f"request bodies are limited to {MAX_BODY} bytes"


def json_response(payload: object, status: int = 200) -> Response:
    return Response(encode(payload), status_code=status, media_type="application/json")


def error(code: Code, message: str, status: int) -> Response:
    return json_response({"error": {"code": code.value, "message": message}}, status)


class BodyRefused(Exception):
    """A request body refused before it was read whole: too large, or not JSON."""

    def __init__(self, response: Response) -> None:
        super().__init__(response.status_code)
        self.response = response


async def read_json_body(request: Request) -> bytes:
    """The request's JSON body, read as a stream that stops at :data:`MAX_BODY` bytes, so a
    huge (or endless, chunked) body never fills the server's memory. An empty body is no
    body; any other must say it is ``application/json``.

    Raises:
        BodyRefused: 413 ``too_large`` or 415 ``unsupported_media_type``.
    """
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > MAX_BODY:
        raise BodyRefused(error(Code.TOO_LARGE, TOO_LARGE_BODY, 413))
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise BodyRefused(error(Code.TOO_LARGE, TOO_LARGE_BODY, 413))
    media_type = request.headers.get("content-type", "").partition(";")[0].strip().lower()
    if body and media_type != "application/json":
        message = "send the body as application/json"
        raise BodyRefused(error(Code.UNSUPPORTED_MEDIA_TYPE, message, 415))
    return bytes(body)
