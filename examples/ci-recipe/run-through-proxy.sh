#!/usr/bin/env bash
# A suite in any language run through the contract proxy, as one CI step that fails on drift between
# the API and spec/openapi.yaml: start the upstream (the mock, unless AGENT_PLATFORM_UPSTREAM_URL names
# the real or a staging API), start the proxy in front of it on a free port, run the suite against
# the proxy, then stop the proxy, which saw whether any request or answer broke the spec. The step
# exits with the suite's code when the suite failed (violations or not); when it passed, 65 if the
# proxy saw violations (sysexits' EX_DATAERR, which pytest, jest, vitest and go test do not end
# with), 1 if the proxy failed otherwise, else 0.
#
#   bash examples/ci-recipe/run-through-proxy.sh                     # a few curl checks
#   bash examples/ci-recipe/run-through-proxy.sh npm test            # your suite, any command
#   AGENT_PLATFORM_UPSTREAM_URL=https://staging.example.test AGENT_PLATFORM_API_KEY=sk-... \
#     bash examples/ci-recipe/run-through-proxy.sh npm test
#
# The suite runs with AGENT_PLATFORM_BASE_URL set to the proxy's URL (the SDK reads it) and
# AGENT_PLATFORM_API_KEY set (the demo key in front of the mock). Each violation is one line on
# stderr as it happens: `agent-platform-mock: violation request POST /v1/contacts 400 nmae: ... (unknown)`
# (the side, the method and path, the upstream's status, the field, the message, the rule).
# A negative test, a request that breaks the spec on purpose to check the API's own answer, sends
# the header X-Contract-Expect-Violation: request: the proxy forwards it and does not count what it
# breaks (its answer is still checked), where it would fail the step with 65.
# A SIGTERM or SIGINT to this script is passed on to the suite (its process group); once it has ended,
# the proxy is stopped and the step exits 143 or 130.
# AGENT_PLATFORM_MOCK overrides how the CLI starts, as in run-suite.sh (from source in this repository,
# else npx, once @agent-platform/mock-server is released).
# AGENT_PLATFORM_VARIANT=B runs the mock it starts and the proxy in Variant B (default A): the proxy
# checks webhook subscriptions by the variant's events, and a B suite's were violations in A.
# AGENT_PLATFORM_MOCK_FLAGS adds flags to the mock it starts, after its own (a flag given twice takes
# the last value): AGENT_PLATFORM_MOCK_FLAGS='--clock manual --ids-seed 7'. Split at spaces.
set -euo pipefail

variant=${AGENT_PLATFORM_VARIANT:-A}
if [ "$variant" != A ] && [ "$variant" != B ]; then
  echo "AGENT_PLATFORM_VARIANT is \"$variant\": must be A or B (the variant of the mock and the proxy)" >&2
  exit 2
fi

read -r -a mock_flags <<<"${AGENT_PLATFORM_MOCK_FLAGS:-}"
if [ "${#mock_flags[@]}" -gt 0 ] && [ -n "${AGENT_PLATFORM_UPSTREAM_URL:-}" ]; then
  echo "AGENT_PLATFORM_MOCK_FLAGS is \"$AGENT_PLATFORM_MOCK_FLAGS\": flags for the mock this script starts, and with AGENT_PLATFORM_UPSTREAM_URL it starts none; unset one of them" >&2
  exit 2
fi

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

logs=$(mktemp -d)
pids=()
# Each server in a process group of its own (set -m), so that the cleanup stops what a launcher such
# as npx started too; on the way out, whatever still runs is stopped.
trap 'for p in ${pids[@]+"${pids[@]}"}; do kill -- "-$p" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$logs"' EXIT

# start NAME ARGS...: starts the CLI with ARGS, its stdout in $logs/NAME (its stderr, where the proxy
# writes its violations, stays this script's), and sets $url to the whole URL after "listening on"
# in its banner, the line it prints once it listens. Polled every 0.1 s, up to 30 s (npx may
# download the package first); it stops the step if the server exits or prints no such URL.
start() {
  local name=$1 text
  shift
  # Created here, not by the redirection below, which the background job makes in its own time: the
  # first cat could find no file yet, and set -e end the step with nothing but cat's complaint.
  : >"$logs/$name"
  set -m
  "${mock_cmd[@]}" "$@" >"$logs/$name" &
  pid=$!
  set +m
  pids+=("$pid")
  url=
  for _ in $(seq 1 300); do
    text=$(cat "$logs/$name" && echo .) # the dot keeps the newline that ends the banner line
    if [[ $text =~ listening\ on\ (https?://[^[:space:]]*)[[:space:]] ]]; then
      url=${BASH_REMATCH[1]}
      [[ $url =~ ^https?://(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+):[0-9]+$ ]] && return
      echo "the $name's banner has no URL with a host and a port after \"listening on\": \"$url\"" >&2
      exit 1
    fi
    if ! kill -0 "$pid" 2>/dev/null; then
      cat "$logs/$name" >&2
      echo "the $name exited before it listened" >&2
      exit 1
    fi
    sleep 0.1
  done
  echo "the $name did not print \"listening on URL\" within 30 s" >&2
  exit 1
}

if [ -n "${AGENT_PLATFORM_UPSTREAM_URL:-}" ]; then
  upstream=$AGENT_PLATFORM_UPSTREAM_URL
  key=${AGENT_PLATFORM_API_KEY:-}
  # The checks below need the upstream's key (an empty one is three 401s that say nothing of it).
  if [ -z "$key" ] && [ $# -eq 0 ]; then
    echo "AGENT_PLATFORM_UPSTREAM_URL is $upstream: set AGENT_PLATFORM_API_KEY to a key of that API for the checks (or give your suite's command)" >&2
    exit 2
  fi
else
  start mock --port 0 --seed demo --variant "$variant" ${mock_flags[@]+"${mock_flags[@]}"}
  upstream=$url
  key=demo-key-all-scopes # the demo workspace's key (--seed demo)
fi
start proxy proxy "$upstream" --port 0 --variant "$variant"
proxy_pid=$pid
proxy=$url
echo "proxy at $proxy, in front of $upstream"

# The suite: the command given, or these checks, each a call the spec allows but one: a negative test,
# marked with X-Contract-Expect-Violation: request, which the proxy forwards and does not count.
suite=0
if [ $# -gt 0 ]; then
  # In the background, in a process group of its own (set -m), and waited for: bash runs a trap only
  # once the command in the foreground ends, so a SIGTERM (a cancelled job) or SIGINT (Ctrl-C) to
  # this script alone left the suite running. Now it is passed on to the suite's whole group, the
  # suite waited for, the proxy stopped, and the step ends 128 + the signal's number (143, 130).
  suite_pid=
  stop_suite() { # SIGNAL EXIT-CODE
    # $! is the suite's as soon as it is forked, before suite_pid=$! is run: a signal in between finds it
    # there. Before the fork, $! is still the proxy's, which is stopped below.
    local suite_job=${suite_pid:-$!}
    if [ "$suite_job" != "$proxy_pid" ]; then
      kill -s "$1" -- "-$suite_job" 2>/dev/null || true
      wait "$suite_job" 2>/dev/null || true
    fi
    kill -TERM "$proxy_pid" 2>/dev/null || true
    wait "$proxy_pid" 2>/dev/null || true
    echo "stopped by SIG$1: the suite and the proxy were stopped" >&2
    exit "$2"
  }
  # Set before the suite starts, so that no signal is lost in between.
  trap 'stop_suite TERM 143' TERM
  trap 'stop_suite INT 130' INT
  set -m
  AGENT_PLATFORM_BASE_URL=$proxy AGENT_PLATFORM_API_KEY=$key "$@" &
  suite_pid=$!
  set +m
  wait "$suite_pid" || suite=$?
  trap - TERM INT
else
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
  # -g: the brackets of an IPv6 URL are the address, not a curl glob.
  status() { curl -gs -o /dev/null -w '%{http_code}' -H "x-api-key: $key" "$@"; }
  json=(-H 'content-type: application/json')
  check 'agents list' 200 "$(status "$proxy/v1/agents?limit=2")"
  contact=$(curl -gs -H "x-api-key: $key" "${json[@]}" -d '{"name":"Ann from CI"}' "$proxy/v1/contacts" || true)
  id=$(printf '%s' "$contact" | grep -o '"id":"[0-9a-f-]*"' | head -n 1 | cut -d'"' -f4 || true)
  check 'contact created (an id)' 36 "${#id}"
  if [ "${#id}" -eq 36 ]; then
    check 'contact retrieved' 200 "$(status "$proxy/v1/contacts/$id")"
    check 'contact deleted' 204 "$(status -X DELETE "$proxy/v1/contacts/$id")"
  fi
  check 'an unknown contact is 404' 404 "$(status "$proxy/v1/contacts/00000000-0000-4000-8000-000000000000")"
  check 'a bad email is 400 (a negative test)' 400 \
    "$(status -H 'x-contract-expect-violation: request' "${json[@]}" -d '{"email":"ann"}' "$proxy/v1/contacts")"
  echo "$passed passed, $failed failed"
  [ "$failed" -eq 0 ] || suite=1
fi

# Stop the proxy: SIGTERM to the process started, not to its group (a launcher that passes it on exits
# with the proxy's code; a group signal reaches the launcher too, which may then end by the signal,
# 143), then its exit code: 1 if it saw any violation, 0 if none.
# The step's code: the suite's when it failed (the code a CI reads says why the suite failed, with
# any violations on stderr), else 65 when the proxy saw violations, else 1 when the proxy failed.
kill -TERM "$proxy_pid"
proxy_exit=0
wait "$proxy_pid" || proxy_exit=$?
# A launcher that passes no signal on (npx, whose shell is dash on Debian and Ubuntu) ends by it, 143,
# the proxy running on under it: signal the proxy's group, wait until no live process is left in it
# (an orphan's zombie may stay), and take the verdict from the proxy's closing line on its stdout
# ("... violations seen; exit code N)"). Without ps (Debian's slim images, node:20-slim), until that
# line is there: the proxy prints it as it starts closing.
if [ "$proxy_exit" -eq 143 ]; then
  kill -TERM -- "-$proxy_pid" 2>/dev/null || true
  for _ in $(seq 1 100); do # up to 10 s: requests in flight get 5 s
    if command -v ps >/dev/null 2>&1; then
      ps -eo pgid=,stat= | awk -v g="$proxy_pid" '$1 == g && $2 !~ /^Z/ { found = 1 } END { exit !found }' || break
    elif grep -q 'exit code [0-9]*)' "$logs/proxy"; then
      break
    fi
    sleep 0.1
  done
  verdict=$(grep -o 'exit code [0-9]*)' "$logs/proxy" | tail -n 1 | tr -dc '0-9' || true)
  if [ -n "$verdict" ]; then proxy_exit=$verdict; fi
fi
step=$suite
if [ "$proxy_exit" -eq 1 ]; then
  echo "the contract proxy saw violations of spec/openapi.yaml (above, one a line: a request the suite sent, or a response the upstream answered)" >&2
  [ "$step" -ne 0 ] || step=65
elif [ "$proxy_exit" -ne 0 ]; then
  echo "the contract proxy exited $proxy_exit" >&2
  [ "$step" -ne 0 ] || step=1
else
  echo "the contract proxy saw no violation"
fi
if [ "$proxy_exit" -ne 0 ] && [ "$suite" -ne 0 ]; then
  echo "the suite failed (exit $suite): the step exits with its code" >&2
fi
exit "$step"
