#!/usr/bin/env bash
# Counts the instructions one benchmark scenario executes, under callgrind:
# repeatable for the same binary and inputs, whatever else the machine does.
#
#   Scripts/callgrind.sh [SCENARIO] [extra bench options]
#
# SCENARIO is one of: cold-start, jump, scroll, report-storm, full-layout,
# huge-section, updates (default: scroll). The scenario runs in its --quick size, on the
# synchronous core (valgrind cannot follow Swift concurrency's threads) and
# without the reference layout, so the count is the engine's own work plus the
# benchmark's bookkeeping. Compare counts of two commits to see what a change did.
set -euo pipefail
cd "$(dirname "$0")/.."
scenario="${1:-scroll}"
shift || true
command -v valgrind >/dev/null || { echo "callgrind.sh: valgrind is not installed" >&2; exit 2; }
swift build -c release --product flow-demo >&2
out="$(mktemp /tmp/flow-callgrind.XXXXXX)"
trap 'rm -f "$out"' EXIT
SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file="$out" \
    .build/release/flow-demo bench --scenario "$scenario" --quick --synchronous --engine-only "$@" >&2 2>/tmp/flow-callgrind.log \
    || { cat /tmp/flow-callgrind.log >&2; exit 1; }
total=$(grep -E '^(summary|totals):' "$out" | head -1 | awk '{print $2}')
echo "scenario $scenario: $total instructions"
