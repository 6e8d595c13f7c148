#!/usr/bin/env python3
"""A webhook receiver for the Conversational Agent Platform in Python 3.11, standard library only.

Verifies Variant A and Variant B deliveries, deduplicates them, and answers so that the sender
retries only what should be retried. Copy `verify()` and `Deduper` into your own service; the
`main()` below is a runnable server around them (used by the repository's tests).

    python3 receiver.py --port 8000 --secret whsec_...            # one secret
    python3 receiver.py --port 8000 --secrets-file /run/secrets/webhook   # one per line, re-read per delivery

The secrets file is read on each delivery, so a rotation needs no restart: put the new secret in it
beside the previous one, and drop the previous one once the grace period is over.
"""

from __future__ import annotations

import argparse
import hashlib
import hmac
import json
import os
import re
import sys
import threading
import time
import urllib.error
import urllib.request
from collections import OrderedDict
from datetime import datetime, timezone
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlsplit

# Above the largest delivery the platform sends, under 2 MiB (a contact whose custom fields hold
# their most, 1 MiB as JSON).
MAX_DELIVERY_BYTES = 16 * 1024 * 1024
# Variant A: how old, and how far in the future, X-Webhook-Timestamp may be (seconds).
TOLERANCE_SECONDS = 300
MAX_FUTURE_SECONDS = 60
# Remember handled events longer than the sender retries (Variant A: about 82 min; B: 7 min).
DEDUPE_TTL_SECONDS = 86_400
# Variant B signs no time, so a captured delivery verifies for ever: an event this old (by its signed
# body timestamp) is acknowledged and not handled. Never longer than DEDUPE_TTL_SECONDS, so that a
# replay is either a duplicate or too old; far longer than the sender's retries and queueing.
MAX_EVENT_AGE_SECONDS = DEDUPE_TTL_SECONDS

# Any case, as @agent-platform/webhook-verify reads it; ASCII only (re.IGNORECASE alone would take
# "\u017fha256=", whose long s folds to an s).
_SIGNATURE = re.compile(r"sha256=([0-9a-f]{64})", re.IGNORECASE | re.ASCII)
_DIGITS = re.compile(r"[0-9]+", re.ASCII)
# The longest line of a chunked body's framing read (a chunk size, a trailer), as http.server's own limit.
_MAX_LINE = 65537


class VerificationError(Exception):
    """A delivery that must not be processed; `code` says why (the names of the TypeScript package)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code


def _one_header(headers: Mapping[str, list[str]], name: str) -> str | None:
    """The header's only value; a header sent twice is refused, never one of them picked."""
    values = headers.get(name.lower(), [])
    if len(values) > 1:
        code = "malformed_timestamp" if name == "X-Webhook-Timestamp" else "malformed_signature"
        if name == "X-Webhook-ID":
            code = "invalid_body"
        raise VerificationError(code, f"{name} appears {len(values)} times")
    return values[0] if values and values[0] != "" else None


class _Unreadable(Exception):
    """A request whose body is not read: answered `status` and closed."""

    def __init__(self, status: int, text: str) -> None:
        super().__init__(text)
        self.status = status
        self.text = text


def _chunk_size(line: bytes) -> int:
    """A chunk's size from its line (hex digits, then any extensions), or _Unreadable."""
    size = line.split(b";")[0].strip(b" \t\r\n")
    if re.fullmatch(rb"[0-9a-fA-F]{1,8}", size) is None:
        raise _Unreadable(400, "bad chunk size")
    return int(size, 16)


@dataclass
class Delivery:
    """A verified delivery: its variant, its parsed body, which of the secrets signed it, and when
    the event happened (Unix seconds, from the signed body timestamp)."""

    variant: str
    event: dict
    signed_by: int
    happened_at: float


def verify(
    headers: Mapping[str, list[str]],
    body: bytes,
    secrets: list[str],
    now: float,
) -> Delivery:
    """Verifies a delivery and returns it parsed, or raises VerificationError.

    `headers` maps lower-case names to every value received; `body` is the raw bytes, never
    parsed and serialized again; `secrets` the current secret (and during a rotation the previous
    one), used as their UTF-8 bytes, `whsec_` and all; `now` Unix seconds.
    """
    if not secrets or any(not s or s != s.strip() for s in secrets):
        raise ValueError("secrets: give at least one, none empty or with surrounding whitespace")
    signature_a = _one_header(headers, "X-Webhook-Signature")
    signature_b = _one_header(headers, "X-Service-Signature")
    if signature_a is not None and signature_b is not None:
        raise VerificationError("malformed_signature", "both X-Webhook-Signature and X-Service-Signature")
    if signature_a is None and signature_b is None:
        raise VerificationError("missing_header", "no X-Webhook-Signature or X-Service-Signature")
    variant = "A" if signature_a is not None else "B"
    signature = signature_a if variant == "A" else signature_b
    match = _SIGNATURE.fullmatch(signature)
    if match is None:
        raise VerificationError("malformed_signature", "not sha256= and 64 hex digits")
    if variant == "A":
        timestamp = _one_header(headers, "X-Webhook-Timestamp")
        webhook_id = _one_header(headers, "X-Webhook-ID")
        if timestamp is None:
            raise VerificationError("missing_header", "X-Webhook-Timestamp")
        if webhook_id is None:
            raise VerificationError("missing_header", "X-Webhook-ID")
        if _DIGITS.fullmatch(timestamp) is None:
            raise VerificationError("malformed_timestamp", "X-Webhook-Timestamp is not Unix seconds")
        signed = timestamp.encode("ascii") + b"." + body
    else:
        signed = body
    expected = bytes.fromhex(match.group(1))
    signed_by = next(
        (
            index
            for index, secret in enumerate(secrets)
            if hmac.compare_digest(hmac.new(secret.encode("utf-8"), signed, hashlib.sha256).digest(), expected)
        ),
        None,
    )
    if signed_by is None:
        raise VerificationError("signature_mismatch", "no secret signed these bytes")
    if variant == "A":
        # Authentic, so a failure here is a late delivery or a replay, not a forgery. Whole
        # seconds, as the header is.
        age = int(now) - int(timestamp)
        if age > TOLERANCE_SECONDS:
            raise VerificationError("timestamp_too_old", f"signed {int(age)} s ago")
        if -age > MAX_FUTURE_SECONDS:
            raise VerificationError("timestamp_too_new", f"signed {int(-age)} s ahead of this clock")
    try:
        # utf-8-sig: a byte order mark is skipped, as TextDecoder skips it in TypeScript.
        event = json.loads(body.decode("utf-8-sig", errors="replace"))
    except ValueError as error:
        raise VerificationError("invalid_json", str(error)) from None
    if not isinstance(event, dict):
        raise VerificationError("invalid_body", "the body is not a JSON object")
    for field in (["event_id"] if variant == "B" else []) + ["event", "timestamp", "webhook_id"]:
        if not isinstance(event.get(field), str) or event[field] == "":
            raise VerificationError("invalid_body", f"body.{field} must be a non-empty string")
    if not isinstance(event.get("data"), dict):
        raise VerificationError("invalid_body", "body.data must be an object")
    # X-Webhook-ID is not signed: it must agree with the signed webhook_id.
    # Exactly, as @agent-platform/webhook-verify compares them: the sender writes both alike.
    if variant == "A" and webhook_id != event["webhook_id"]:
        raise VerificationError("invalid_body", "X-Webhook-ID is not the body's webhook_id")
    return Delivery(variant, event, signed_by, _event_time(event["timestamp"]))


def _event_time(value: object) -> float:
    """The body's ISO 8601 timestamp in Unix seconds (UTC when it names no offset)."""
    try:
        moment = datetime.fromisoformat(value)  # type: ignore[arg-type] (checked by the except)
    except (TypeError, ValueError):
        raise VerificationError("invalid_body", "body.timestamp is not an ISO 8601 date-time") from None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return moment.timestamp()


def dedupe_key(delivery: Delivery, body: bytes) -> str:
    """What a retry of the same event shares, as @agent-platform/webhook-verify's deduper keys it.

    Variant B: the signed `event_id`, the same for every webhook the event goes to: an event that
    two webhooks send here is handled once (receivers that each want it keep separate stores); the
    second delivery, when it comes while the first is handled, is answered 409 and retried.
    Variant A has no event id: SHA-256 of the raw body alone, which a retry sends again byte for
    byte (only X-Webhook-Timestamp and the signature change), never of the signed
    `<timestamp>.<body>`; the body holds `webhook_id`, so each webhook's deliveries count apart.
    """
    if delivery.variant == "B":
        return f"B:{delivery.event['event_id']}"
    return f"A:{hashlib.sha256(body).hexdigest()}"


class Deduper:
    """Claims an event before handling it, for one process (a fleet shares a store, such as Redis).

    max_entries must hold every event of the TTL: past it the oldest are forgotten early, and a late
    retry or a replay of one is handled again (100 000 cover a day's TTL below about 1 event a second).
    """

    def __init__(self, ttl: float, lease: float, now: Callable[[], float], max_entries: int = 100_000) -> None:
        self._entries: OrderedDict[str, tuple[str, float]] = OrderedDict()
        self._lock = threading.Lock()
        self._ttl, self._lease, self._now, self._max = ttl, lease, now, max_entries

    def claim(self, key: str) -> str:
        """'claimed' (handle it), 'processing' (another request is handling it) or 'completed'."""
        with self._lock:
            entry = self._entries.get(key)
            if entry is not None and entry[1] > self._now():
                return entry[0]
            self._put(key, "processing", self._lease)
            return "claimed"

    def complete(self, key: str) -> None:
        with self._lock:
            self._put(key, "completed", self._ttl)

    def release(self, key: str) -> None:
        with self._lock:
            self._entries.pop(key, None)

    def _put(self, key: str, state: str, seconds: float) -> None:
        self._entries.pop(key, None)
        self._entries[key] = (state, self._now() + seconds)
        while len(self._entries) > self._max:
            self._entries.popitem(last=False)


def handle(event: dict) -> None:
    """Your own processing of a verified event; keep it well under the sender's 10 s."""


class Receiver(BaseHTTPRequestHandler):
    """POST /webhooks: 200 handled (or a duplicate), 401/400 refused, 409 in progress, 500 failed."""

    protocol_version = "HTTP/1.1"
    secrets: Callable[[], list[str]]
    clock: Callable[[], float]
    deduper: Deduper
    on_event: Callable[[dict], None] = staticmethod(handle)
    log_verdict: Callable[[dict], None] = staticmethod(lambda verdict: None)

    def do_POST(self) -> None:  # noqa: N802 (the name http.server calls)
        if urlsplit(self.path).path != "/webhooks":  # a query (?token=...) is the sender's to add
            return self._answer(404, "not found")
        try:
            body = self._read_body()
        except _Unreadable as refused:
            self.close_connection = True  # the rest of the body is not read
            return self._answer(refused.status, refused.text)
        headers: dict[str, list[str]] = {}
        for name, value in self.headers.items():
            headers.setdefault(name.lower(), []).append(value)
        try:
            delivery = verify(headers, body, self.secrets(), self.clock())
        except VerificationError as error:
            # 401: none of our secrets signed it for now (wrong or rotated secret, forgery, replay,
            # skewed clock); 400: not a well-formed delivery. The sender retries either.
            unauthenticated = error.code in ("signature_mismatch", "timestamp_too_old", "timestamp_too_new")
            self.log_verdict({"verdict": "rejected", "code": error.code})
            return self._answer(401 if unauthenticated else 400, error.code)
        except ValueError as error:  # no secret, or --clock-url refused: ours to fix; the sender retries meanwhile
            self.log_verdict({"verdict": "misconfigured", "error": str(error)})
            return self._answer(500, "receiver misconfigured")
        key = dedupe_key(delivery, body)
        verdict = {"variant": delivery.variant, "event": delivery.event["event"], "signed_by": delivery.signed_by, "key": key}
        # At the limit already: the dedupe mark of an event handled the moment it happened lapses then.
        if self.clock() - delivery.happened_at >= MAX_EVENT_AGE_SECONDS:
            self.log_verdict({**verdict, "verdict": "too_old"})
            return self._answer(200, "too old")  # 2xx: a 4xx would be retried in vain
        claim = self.deduper.claim(key)
        if claim == "completed":
            self.log_verdict({**verdict, "verdict": "duplicate"})
            return self._answer(200, "duplicate")  # 2xx, or the sender retries it again
        if claim == "processing":
            self.log_verdict({**verdict, "verdict": "in_progress"})
            return self._answer(409, "in progress")  # a failed attempt: the sender retries it
        try:
            self.on_event(delivery.event)
        except Exception as error:  # noqa: BLE001 (any failure of the handler)
            self.deduper.release(key)  # so that the sender's retry is handled
            self.log_verdict({**verdict, "verdict": "failed", "error": str(error)})
            return self._answer(500, "handler failed")
        self.deduper.complete(key)
        self.log_verdict({**verdict, "verdict": "ok"})
        return self._answer(200, "ok")

    def _read_body(self) -> bytes:
        """The body's bytes (Content-Length or chunked); _Unreadable past MAX_DELIVERY_BYTES or
        framed wrong (a Content-Length that is no count: "-1" would read to the end, unbounded)."""
        if "chunked" not in self.headers.get("Transfer-Encoding", "").lower():
            lengths = self.headers.get_all("Content-Length") or ["0"]
            digits = lengths[0].strip(" \t")
            if len(lengths) > 1 or _DIGITS.fullmatch(digits) is None:
                raise _Unreadable(400, "bad Content-Length")
            # Nine digits at most before int(): Python refuses to convert over 4300 of them.
            digits = digits.lstrip("0") or "0"
            length = int(digits) if len(digits) <= 9 else MAX_DELIVERY_BYTES + 1
            if length > MAX_DELIVERY_BYTES:
                raise _Unreadable(413, "too large")
            return self.rfile.read(length)
        chunks, size = [], 0  # http.server does not decode chunked bodies itself
        # Lines read to a bound: a chunk-size line or trailer without an end is no reason to buffer for ever.
        while (chunk_size := _chunk_size(self.rfile.readline(_MAX_LINE))) > 0:
            size += chunk_size
            if size > MAX_DELIVERY_BYTES:
                raise _Unreadable(413, "too large")
            chunks.append(self.rfile.read(chunk_size))
            self.rfile.readline(_MAX_LINE)
        while self.rfile.readline(_MAX_LINE) not in (b"\r\n", b"\n", b""):
            pass  # trailers
        return b"".join(chunks)

    def _answer(self, status: int, text: str) -> None:
        data = text.encode()
        self.send_response(status)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass  # one JSON line per verdict instead (log_verdict)


class Server(ThreadingHTTPServer):
    """The HTTP server, quiet when a sender drops a kept-alive connection (no traceback per peer)."""

    def handle_error(self, request: object, client_address: tuple) -> None:
        if isinstance(sys.exc_info()[1], (ConnectionResetError, ConnectionAbortedError, BrokenPipeError)):
            return
        super().handle_error(request, client_address)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--secret", action="append", default=[], help="a secret (twice during a rotation)")
    parser.add_argument("--secrets-file", help="one secret per line, read on each delivery")
    parser.add_argument(
        "--clock-url",
        help="for tests on a mock's manual clock: its GET /__mock/clock, whose now_ms is taken as the time"
        " (with $AGENT_PLATFORM_MOCK_ADMIN_TOKEN as its x-mock-admin-token, when set)",
    )
    parser.add_argument("--fail-first", type=int, default=0, help="for tests: the handler fails this often")
    args = parser.parse_args()
    if not args.secret and not args.secrets_file:
        parser.error("give --secret or --secrets-file")

    def secrets() -> list[str]:
        if args.secrets_file:
            with open(args.secrets_file, encoding="utf-8") as file:
                return [line.strip() for line in file if line.strip()] + args.secret
        return args.secret

    # A mock started with --admin-token guards its clock too: send the token the other examples take.
    admin_token = os.environ.get("AGENT_PLATFORM_MOCK_ADMIN_TOKEN") or None

    def clock() -> float:
        if not args.clock_url:
            return time.time()
        headers = {"x-mock-admin-token": admin_token} if admin_token else {}
        try:
            with urllib.request.urlopen(urllib.request.Request(args.clock_url, headers=headers), timeout=5) as answer:
                return json.load(answer)["data"]["now_ms"] / 1000
        except urllib.error.HTTPError as error:  # a ValueError: answered 500 "misconfigured", said why
            hint = " (set AGENT_PLATFORM_MOCK_ADMIN_TOKEN to the mock's --admin-token)" if error.code == 401 else ""
            raise ValueError(f"--clock-url answered {error.code}{hint}") from error

    failures = {"left": args.fail_first}

    def on_event(event: dict) -> None:
        if failures["left"] > 0:
            failures["left"] -= 1
            raise RuntimeError("handler failed (--fail-first)")
        handle(event)

    printing = threading.Lock()

    def log_verdict(verdict: dict) -> None:
        # One line at a time: deliveries are handled on threads, and print writes a line's text and
        # its newline apart, so two verdicts at once could interleave into a line that is no JSON.
        with printing:
            print(json.dumps(verdict), flush=True)

    Receiver.secrets = staticmethod(secrets)
    Receiver.clock = staticmethod(clock)
    Receiver.deduper = Deduper(ttl=DEDUPE_TTL_SECONDS, lease=60, now=clock)
    Receiver.on_event = staticmethod(on_event)
    Receiver.log_verdict = staticmethod(log_verdict)
    server = Server((args.host, args.port), Receiver)
    print(f"receiver listening on http://{args.host}:{server.server_address[1]}/webhooks", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
