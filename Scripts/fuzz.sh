#!/usr/bin/env bash
# Fuzzes the layout-description parser and the engine with libFuzzer.
#
#   Scripts/fuzz.sh [SECONDS] [libFuzzer options...]
#
# Builds Fuzz/FuzzLayout.swift with the core, description and reference
# sources as one module (instrumented for coverage, with AddressSanitizer),
# then runs it for
# SECONDS (default 60) from a copy of the seed corpus in Fuzz/corpus. Inputs
# that decode are laid out, queried and given size reports; small layouts are
# checked frame by frame against the eager reference. Crashes land in
# .build-fuzz/ as crash-* files. Prints libFuzzer's final statistics.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
shift || true
mkdir -p .build-fuzz/corpus
cp Fuzz/corpus/* .build-fuzz/corpus/
# One module of the three targets' sources and the fuzz target, with their
# imports of each other removed.
rm -rf .build-fuzz/src && mkdir -p .build-fuzz/src
for file in $(find Sources/FlowLayoutCore Sources/FlowLayoutDescription Sources/FlowLayoutReference -name '*.swift') Fuzz/FuzzLayout.swift; do
    sed -E '/^import FlowLayout(Core|Description|Reference)$/d' "$file" > ".build-fuzz/src/$(echo "$file" | tr '/' '_')"
done
swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name FuzzLayout .build-fuzz/src/*.swift \
    -o .build-fuzz/fuzz-layout 2>&1 | grep -v 'Cannot export local symbol' || true
test -x .build-fuzz/fuzz-layout
cd .build-fuzz
./fuzz-layout corpus -max_total_time="$seconds" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
    -malloc_limit_mb=1024 -print_final_stats=1 "$@" 2>&1 | grep -E "^(Done|stat::|#[0-9]+.*(DONE|pulse))|ERROR|SUMMARY|crash|Test unit" | tail -15
