#!/usr/bin/env bash
# Formats the package's Swift code with the toolchain's swift-format under the
# committed configuration, .swift-format (no package dependency):
#
#   Scripts/format.sh          formats every file in place
#   Scripts/format.sh --lint   changes nothing; prints each finding as
#                              FILE:LINE:COLUMN: warning: [Rule] ... and exits 1
#                              if there is one (swift format lint --strict)
#
# The files: Sources, Tests, Demo and Fuzz (recursively), the scripts written
# in Swift, and Package.swift.
#
# What .swift-format says, and why (it is JSON, which has no comments):
# - indentation 4 spaces, lines up to 140 columns: what the code does (of the
#   9,741 lines of Sources, 7 are longer than 140; 100 longer than 120);
#   `#if` blocks not indented, as the code writes them; existing line breaks
#   kept.
# - Off, of the rules swift-format enables by default:
#   DoNotUseSemicolons, because tests build small batches in one-line closures
#   (`{ $0.deleteSections([1]); $0.insertSection(s, at: 0) }`), and splitting
#   them would make those tables several screens long;
#   UseLetInEveryBoundCaseVariable, because the code writes both
#   `case let .x(a, b)` and `case .x(let a)`, each where it reads better;
#   OnlyOneTrailingClosureArgument, because the readers pass a field's path as
#   a closure and its body as a trailing closure (`list({ "batches" }, &failure)
#   { ... }`), as the demo passes an update handler beside a frame handler.
# - On, beyond the defaults: AllPublicDeclarationsHaveDocumentation (the house
#   rule, which Scripts/docs.sh also enforces for the documented modules),
#   NeverUseForceTry and NeverUseImplicitlyUnwrappedOptionals (the code has
#   none).
set -euo pipefail
cd "$(dirname "$0")/.."
paths=(Sources Tests Demo Fuzz Scripts/*.swift Package.swift)
case "${1:-}" in
    "") swift format format --configuration .swift-format --in-place --recursive --parallel "${paths[@]}" ;;
    --lint) swift format lint --configuration .swift-format --strict --recursive --parallel "${paths[@]}" ;;
    *)
        echo "usage: Scripts/format.sh [--lint]" >&2
        exit 2
        ;;
esac
