#!/usr/bin/env bash
# A test suite in another language (here shell and curl) against the mock server, as one CI step:
# start the mock on a free port, read its URL from the banner, run the checks, stop the mock.
#
#   bash examples/ci-recipe/run-suite.sh
#
# AGENT_PLATFORM_MOCK overrides how the mock starts. By default, in a clone of the toolkit's
# repository (after `pnpm install`), it runs the CLI from source with the workspace's tsx, without
# the network; anywhere else it runs npx, which fetches the package once: that works once
# @agent-platform/mock-server is released (it is not published yet).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
tsx=$here/../node_modules/.bin/tsx
cli=$here/../../packages/mock-server/src/transports/cli.ts
if [ -n "${AGENT_PLATFORM_MOCK:-}" ]; then
  read -r -a mock_cmd <<<"$AGENT_PLATFORM_MOCK"
elif [ -x "$tsx" ] && [ -f "$cli" ]; then
  mock_cmd=("$tsx" --tsconfig "$here/../tsconfig.json" "$cli")
else
  mock_cmd=(npx --yes --package @agent-platform/mock-server agent-platform-mock)
fi
banner=$(mktemp)
# In a process group of its own (job control on for this one job), so that stopping it stops what
# it started too: npx runs the server as a child, which a kill of npx alone would leave running.
set -m
"${mock_cmd[@]}" --port 0 --seed demo >"$banner" 2>&1 &
mock_pid=$!
set +m
trap 'kill -- "-$mock_pid" 2>/dev/null || true; wait "$mock_pid" 2>/dev/null || true; rm -f "$banner"' EXIT

# The URL is the whole word after "listening on http", up to the whitespace that follows it (which also
# says the line was written whole): http://127.0.0.1:PORT, http://localhost:PORT (--host localhost)
# or http://[::1]:PORT (--host ::1). Anything else there is not a URL to test against: stop.
url_re='^https?://(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+):[0-9]+$'
base=
for _ in $(seq 1 300); do # up to 30 s: npx may download the package first
  text=$(cat "$banner" && echo .) # the dot keeps the newline that ends the banner line
  if [[ $text =~ listening\ on\ (https?://[^[:space:]]*)[[:space:]] ]]; then
    base=${BASH_REMATCH[1]}
    [[ $base =~ $url_re ]] && break
    cat "$banner" >&2
    echo "the mock server's banner has no URL with a host and a port after \"listening on\": \"$base\"" >&2
    exit 1
  fi
  if ! kill -0 "$mock_pid" 2>/dev/null; then
    cat "$banner" >&2
    echo "the mock server exited before it listened" >&2
    exit 1
  fi
  sleep 0.1
done
if [ -z "$base" ]; then
  cat "$banner" >&2
  echo "the mock server did not print \"listening on URL\" within 30 s" >&2
  exit 1
fi
echo "mock server at $base"

key=demo-key-all-scopes # the demo workspace's key (--seed demo)
passed=0
failed=0
check() { # name, expected, actual
  if [ "$2" = "$3" ]; then
    passed=$((passed + 1))
    echo "ok   $1"
  else
    failed=$((failed + 1))
    echo "FAIL $1: expected $2, got $3"
  fi
}
# -g: the brackets of an IPv6 URL (http://[::1]:PORT) are the address, not a curl glob.
status() { curl -gs -o /dev/null -w '%{http_code}' "$@"; }
json=(-H 'content-type: application/json')

check 'health answers 200' 200 "$(status "$base/v1/health")"
check 'no key is 401' 401 "$(status "$base/v1/agents")"
check 'agents list' 200 "$(status -H "x-api-key: $key" "$base/v1/agents?limit=2")"

# `|| true`: a refused create is a failed check, not a silent exit (set -e, pipefail); the checks
# after it need its id, so the suite stops there, with what the server answered.
contact=$(curl -gs -H "x-api-key: $key" "${json[@]}" -d '{"name":"Ann from CI"}' "$base/v1/contacts" || true)
id=$(printf '%s' "$contact" | grep -o '"id":"[0-9a-f-]*"' | head -n 1 | cut -d'"' -f4 || true)
check 'contact created (an id)' 36 "${#id}"
if [ "${#id}" -ne 36 ]; then
  echo "POST /v1/contacts answered: ${contact:-nothing}" >&2
  echo "$passed passed, $failed failed (stopped: the next checks need the contact)"
  exit 1
fi
check 'contact retrieved' 200 "$(status -H "x-api-key: $key" "$base/v1/contacts/$id")"
check 'a misspelt field is 400' 400 "$(status -H "x-api-key: $key" "${json[@]}" -d '{"nmae":"x"}' "$base/v1/contacts")"

# The control API (/__mock) sets the scene. A refusal (curl -f: a 4xx or 5xx) stops the suite at once:
# the checks after it would fail, or pass, for another reason than the one they name.
# A mock started with AGENT_PLATFORM_MOCK_ADMIN_TOKEN set (a shared runner: no other user of the
# machine may drive it) wants it on every control call. Sent from stdin (-H @-), not as an argument,
# which every user of the machine could read in ps. (${admin[@]+...}: bash 3.2, macOS's, takes an
# empty array for an unset variable under set -u.)
admin=()
if [ -n "${AGENT_PLATFORM_MOCK_ADMIN_TOKEN:-}" ]; then admin=(-H @-); fi
control() { # path, JSON body
  curl -gfsS -o /dev/null ${admin[@]+"${admin[@]}"} "${json[@]}" -d "$2" "$base/__mock/$1" \
    <<<"x-mock-admin-token: ${AGENT_PLATFORM_MOCK_ADMIN_TOKEN:-}" && return
  echo "POST /__mock/$1 failed: the checks after it cannot run" >&2
  echo "$passed passed, $failed failed (stopped)"
  exit 1
}

# Fault injection: the next GET /v1/agents answers 503.
control faults '{"path":"/v1/agents","status":503,"times":1}'
check 'an injected 503' 503 "$(status -H "x-api-key: $key" "$base/v1/agents")"
check 'then 200 again' 200 "$(status -H "x-api-key: $key" "$base/v1/agents")"

# A lost answer: the next POST /v1/agents is carried out, then the connection closes without an
# answer (curl prints 000): test that your client does not simply send it again.
control faults '{"method":"POST","path":"/v1/agents","drop":"response"}'
check 'an answer lost on the way' 000 "$(status -H "x-api-key: $key" "${json[@]}" -d '{"name":"Lost answer"}' "$base/v1/agents")"

# The request journal (GET /__mock/requests) says what your client sent and why a request was
# refused, as WireMock's request verification and Prism's errors do: a JSON array to read with your
# language's JSON library (grep stands in for one here).
journal() { # query
  curl -gfsS ${admin[@]+"${admin[@]}"} "$base/__mock/requests?$1" \
    <<<"x-mock-admin-token: ${AGENT_PLATFORM_MOCK_ADMIN_TOKEN:-}" || echo 'GET /__mock/requests failed'
}
check 'the journal kept the body the client sent' 'Ann from CI' \
  "$(journal 'method=POST&path=/v1/contacts&status=201' | grep -o 'Ann from CI' | head -n 1)"
check 'and says why the misspelt field was refused' 'did you mean \"name\"' \
  "$(journal 'status=400' | grep -o 'did you mean \\"name\\"' | head -n 1)"

# Between tests: back to the demo workspace alone (what the suite made is gone, the demo key works).
control reset '{"seed":"demo"}'
check 'after a reset, the contact is gone' 404 "$(status -H "x-api-key: $key" "$base/v1/contacts/$id")"
check 'and the demo key still works' 200 "$(status -H "x-api-key: $key" "$base/v1/agents")"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
