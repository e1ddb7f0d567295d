#!/usr/bin/env bash
# Fuzzes the layout-description parser and the engine with libFuzzer.
#
#   Scripts/fuzz.sh [SECONDS] [libFuzzer options...]
#
# Builds the package's FlowLayoutFuzzer executable (Fuzz/FlowLayoutFuzzer: only
# libFuzzer's entry point, over the FlowLayoutFuzz harness target) in release,
# instrumented for coverage and with AddressSanitizer, in its own scratch path
# (.build-fuzz, so that the normal build is left alone):
#
#   swift build -c release --product FlowLayoutFuzzer --scratch-path .build-fuzz \
#       --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address
#
# `--sanitize=fuzzer` is what makes SwiftPM compile the executable's single file
# without a main of its own and link it without renaming its entry point, so
# that libFuzzer's main runs (with `-Xswiftc -sanitize=fuzzer` alone, SwiftPM
# points `main` at the file's empty top-level code and the binary does
# nothing). `-Xswiftc -sanitize=fuzzer,address` follows SwiftPM's own
# `-sanitize=fuzzer` and adds AddressSanitizer: swiftc keeps only the last
# `-sanitize=`, so `--sanitize=fuzzer --sanitize=address` would lose one.
#
# Then runs it for SECONDS (default 60), one job, on a working corpus
# (.build-fuzz/corpus) that keeps what earlier runs found and starts from the
# seed corpus Fuzz/corpus. Inputs starting with `{` are layout descriptions;
# any other is a binary program of size reports, viewport and visible-rect
# changes, frames, batch updates (valid and invalid) and queries, applied to
# the engine and to the reference model and compared exactly (see
# Fuzz/FlowLayoutFuzz/EngineProgram.swift). A disagreement traps: libFuzzer
# saves the input as .build-fuzz/crash-*, and this script exits non-zero.
# Replay one with `SWIFT_DETERMINISTIC_HASHING=1 .build-fuzz/release/FlowLayoutFuzzer
# .build-fuzz/crash-...` (the message names the step and the batch), shrink it
# by adding `-minimize_crash=1 -runs=100000`; `swift test` runs every file put in
# Fuzz/corpus.
#
# Prints libFuzzer's progress and final statistics (the whole log is kept in
# .build-fuzz/fuzz.log). Set FUZZ_CHECKS=1 to compile the engine's internal
# invariant checks in as well (slower; a separate build in .build-fuzz-checks),
# FUZZ_ASAN=0 to leave AddressSanitizer out for long runs (.build-fuzz-fast).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
shift || true

scratch=.build-fuzz
flags=(-Xswiftc -sanitize=fuzzer,address)
if [ "${FUZZ_CHECKS:-0}" = 1 ]; then
    scratch=.build-fuzz-checks
    flags+=(-Xswiftc -DFLOWLAYOUT_INTERNAL_CHECKS)
elif [ "${FUZZ_ASAN:-1}" = 0 ]; then
    # Long runs: coverage-guided without AddressSanitizer, several times the
    # inputs a second (Swift's own checks still trap on overflow and bounds).
    scratch=.build-fuzz-fast
    flags=(-Xswiftc -sanitize=fuzzer)
fi
# The sanitizer runtime's symbol list names a local symbol, which the linker
# warns about on every link; nothing else is filtered.
swift build -c release --product FlowLayoutFuzzer --scratch-path "$scratch" --sanitize=fuzzer "${flags[@]}" 2>&1 \
    | { grep -v "Cannot export local symbol '__asan_extra_spill_area'" || true; }
fuzzer="$scratch/release/FlowLayoutFuzzer"
test -x "$fuzzer"

mkdir -p "$scratch/corpus"
cp Fuzz/corpus/* "$scratch/corpus/"
cd "$scratch"
# A trap reports through libFuzzer's handler at once, not Swift's backtracer;
# hashing is deterministic, so that an input replays exactly.
SWIFT_BACKTRACE=enable=no SWIFT_DETERMINISTIC_HASHING=1 ./release/FlowLayoutFuzzer corpus -max_total_time="$seconds" -max_len=4096 -timeout=10 \
    -rss_limit_mb=2048 -malloc_limit_mb=1024 -print_final_stats=1 "$@" 2>&1 \
    | tee fuzz.log \
    | { grep -E "^(Done|stat::|#[0-9]+.*(INITED|DONE|pulse))|ERROR|SUMMARY|Fatal error|crash-|Test unit" || true; } \
    | tail -25
