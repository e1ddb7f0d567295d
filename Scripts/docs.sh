#!/usr/bin/env bash
# Builds the documentation site with the toolchain alone (no swift-docc-plugin):
#
#   Scripts/docs.sh
#
# The modules documented are those with a catalog, Sources/MODULE/MODULE.docc:
# FlowLayoutCore first (every other module links to it), then FlowLayout, then
# the others in alphabetical order. A new module joins by adding its catalog.
#
# 1. Builds the modules (debug) in .build-docs, then extracts each one's symbol
#    graph with swift-symbolgraph-extract: public symbols only, without the
#    members the compiler synthesizes (Equatable's `!=` and the like) and
#    without documentation inherited from protocols, so that every comment in
#    the graph is one the sources wrote.
# 2. Checks what docc does not (Scripts/DocCoverage.swift), and prints the
#    figures: every public symbol has a doc comment; every member of the entry
#    points (FlowLayoutState, FlowLayoutEngine, the readers' `decode`) states
#    its `- Complexity:`, and the Performance model article gives the cost of
#    each member of FlowLayoutState; every ```swift block of a catalog is
#    compiled and run by Tests/FlowLayoutTests/DocSnippetTests.swift (a block
#    after `<!-- not compiled: REASON -->` is exempt).
# 3. Converts each catalog with `docc convert --warnings-as-errors`; each module
#    may link to the modules converted before it, with absolute links
#    (``/FlowLayoutCore/Size``). Then checks that every landing page, and every
#    page a catalog curates, puts each child in a topic group of its own.
# 4. Merges the archives into one site for static hosting:
#    .build-docs/FlowLayout.doccarchive. Serve that directory with any static
#    file server and open /documentation/flowlayout.
#
# Any warning fails the build, as does any problem step 2 or 3 finds.
# DOCS_HOSTING_BASE_PATH sets docc's --hosting-base-path (for a site served
# below the domain's root, such as a GitHub Pages project site).
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
scratch=.build-docs
# The modules are compiled in DOCS_BUILD_PATH (default: the docs' own scratch
# path); CI points it at .build, which `swift test` has just built.
build="${DOCS_BUILD_PATH:-$scratch}"
site="$scratch/FlowLayout.doccarchive"

modules=()
for first in FlowLayoutCore FlowLayout; do
    if [[ -d "Sources/$first/$first.docc" ]]; then modules+=("$first"); fi
done
for catalog in Sources/*/*.docc; do
    module="$(basename "$catalog" .docc)"
    [[ "$catalog" == "Sources/$module/$module.docc" ]] || { echo "docs.sh: $catalog is not Sources/$module/$module.docc" >&2; exit 1; }
    [[ " ${modules[*]} " == *" $module "* ]] || modules+=("$module")
done
echo "== modules: ${modules[*]}"

# 1. Symbol graphs.
echo "== building"
for module in "${modules[@]}"; do
    swift build --scratch-path "$build" --target "$module" 2>&1 | tail -1
done
bin="$(swift build --scratch-path "$build" --show-bin-path)"
triple="$(swiftc -print-target-info | sed -n 's/^ *"triple": "\(.*\)",$/\1/p' | head -1)"
rm -rf "$scratch/symbol-graphs" "$scratch/archives" "$site"
for module in "${modules[@]}"; do
    mkdir -p "$scratch/symbol-graphs/$module"
    swift-symbolgraph-extract -module-name "$module" -target "$triple" -I "$bin/Modules" \
        -module-cache-path "$bin/ModuleCache" -minimum-access-level public \
        -skip-synthesized-members -skip-inherited-docs -emit-extension-block-symbols -output-dir "$scratch/symbol-graphs/$module"
done

# 2. Coverage, complexity, snippets.
checker="$scratch/doc-coverage"
if [[ ! -x "$checker" || Scripts/DocCoverage.swift -nt "$checker" ]]; then
    swiftc -O Scripts/DocCoverage.swift -o "$checker"
fi
echo "== documentation coverage"
"$checker" coverage --entry-points FlowLayoutState,FlowLayoutEngine \
    --article Sources/FlowLayoutCore/FlowLayoutCore.docc/PerformanceModel.md "${modules[@]/#/$scratch/symbol-graphs/}"
echo "== article snippets"
"$checker" snippets Tests/FlowLayoutTests/DocSnippetTests.swift Sources/*/*.docc/*.md

# 3. One archive per module, warnings as errors.
hosting=()
if [[ -n "${DOCS_HOSTING_BASE_PATH:-}" ]]; then hosting=(--hosting-base-path "$DOCS_HOSTING_BASE_PATH"); fi
mkdir -p "$scratch/archives"
dependencies=()
for module in "${modules[@]}"; do
    echo "== docc convert $module"
    log="$scratch/archives/$module.log"
    if ! docc convert "Sources/$module/$module.docc" \
        --additional-symbol-graph-dir "$scratch/symbol-graphs/$module" \
        --output-path "$scratch/archives/$module.doccarchive" \
        --fallback-display-name "$module" --fallback-bundle-identifier "$module" \
        --transform-for-static-hosting --enable-experimental-external-link-support \
        --warnings-as-errors "${dependencies[@]}" "${hosting[@]}" >"$log" 2>&1; then
        cat "$log" >&2
        echo "docs.sh: docc convert $module failed" >&2
        exit 1
    fi
    # --warnings-as-errors turns warnings into errors; a stray warning line
    # (one docc does not count as a diagnostic) still fails the build.
    if grep -q "warning:" "$log"; then
        cat "$log" >&2
        echo "docs.sh: docc convert $module printed warnings" >&2
        exit 1
    fi
    dependencies+=(--dependency "$PWD/$scratch/archives/$module.doccarchive")
done
echo "== curation"
archives=()
for module in "${modules[@]}"; do archives+=("$scratch/archives/$module.doccarchive"); done
"$checker" curation "${archives[@]}"
echo "  every landing page and curated page groups all of its children"

# 4. One site.
echo "== docc merge"
docc merge "${archives[@]}" --output-path "$site" \
    --synthesized-landing-page-name FlowLayout --synthesized-landing-page-kind Package >/dev/null
for module in "${modules[@]}"; do
    lower="$(echo "$module" | tr '[:upper:]' '[:lower:]')"
    test -f "$site/documentation/$lower/index.html" || { echo "docs.sh: $module missing from the site" >&2; exit 1; }
done
echo "== documentation built in $((SECONDS - start)) s: $site (open /documentation/flowlayout)"
