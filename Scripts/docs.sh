#!/usr/bin/env bash
# Builds the documentation site with the toolchain alone (no swift-docc-plugin):
#
#   Scripts/docs.sh
#
# 1. Builds the public library modules (debug) in .build-docs, then extracts
#    each one's symbol graph with swift-symbolgraph-extract: public symbols
#    only, without the members the compiler synthesizes (Equatable's `!=` and
#    the like) and without documentation inherited from protocols, so that
#    every comment in the graph is one the sources wrote.
# 2. Checks documentation coverage (Scripts/DocCoverage.swift): every public
#    symbol declared in the sources has a doc comment. Prints the figure.
# 3. Converts each module's catalog (Sources/MODULE/MODULE.docc) with
#    `docc convert --warnings-as-errors`, FlowLayoutCore first: the others link
#    to it as a dependency, with absolute links (``/FlowLayoutCore/Size``).
# 4. Merges the three archives into one site for static hosting:
#    .build-docs/FlowLayout.doccarchive. Serve that directory with any static
#    file server and open /documentation/flowlayout.
#
# Any warning fails the build, as does an undocumented public symbol.
# DOCS_HOSTING_BASE_PATH sets docc's --hosting-base-path (for a site served
# below the domain's root, such as a GitHub Pages project site).
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
scratch=.build-docs
modules=(FlowLayoutCore FlowLayout FlowLayoutDescription FlowLayoutHosting)
site="$scratch/FlowLayout.doccarchive"

# 1. Symbol graphs. Building FlowLayout and FlowLayoutDescription builds the core too.
echo "== building the public modules"
swift build --scratch-path "$scratch" --target FlowLayout 2>&1 | tail -1
swift build --scratch-path "$scratch" --target FlowLayoutDescription 2>&1 | tail -1
swift build --scratch-path "$scratch" --target FlowLayoutHosting 2>&1 | tail -1
bin="$(swift build --scratch-path "$scratch" --show-bin-path)"
triple="$(swiftc -print-target-info | sed -n 's/^ *"triple": "\(.*\)",$/\1/p' | head -1)"
rm -rf "$scratch/symbol-graphs" "$scratch/archives" "$site"
for module in "${modules[@]}"; do
    mkdir -p "$scratch/symbol-graphs/$module"
    swift-symbolgraph-extract -module-name "$module" -target "$triple" -I "$bin/Modules" \
        -module-cache-path "$bin/ModuleCache" -minimum-access-level public \
        -skip-synthesized-members -skip-inherited-docs -emit-extension-block-symbols -output-dir "$scratch/symbol-graphs/$module"
done

# 2. Coverage.
echo "== documentation coverage"
checker="$scratch/doc-coverage"
if [[ ! -x "$checker" || Scripts/DocCoverage.swift -nt "$checker" ]]; then
    swiftc Scripts/DocCoverage.swift -o "$checker"
fi
"$checker" "${modules[@]/#/$scratch/symbol-graphs/}"

# 3. One archive per module, warnings as errors.
hosting=()
if [[ -n "${DOCS_HOSTING_BASE_PATH:-}" ]]; then hosting=(--hosting-base-path "$DOCS_HOSTING_BASE_PATH"); fi
mkdir -p "$scratch/archives"
for module in "${modules[@]}"; do
    echo "== docc convert $module"
    dependency=()
    if [[ "$module" != FlowLayoutCore ]]; then
        dependency=(--dependency "$PWD/$scratch/archives/FlowLayoutCore.doccarchive")
    fi
    log="$scratch/archives/$module.log"
    if ! docc convert "Sources/$module/$module.docc" \
        --additional-symbol-graph-dir "$scratch/symbol-graphs/$module" \
        --output-path "$scratch/archives/$module.doccarchive" \
        --fallback-display-name "$module" --fallback-bundle-identifier "$module" \
        --transform-for-static-hosting --enable-experimental-external-link-support \
        --warnings-as-errors "${dependency[@]}" "${hosting[@]}" >"$log" 2>&1; then
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
done

# 4. One site.
echo "== docc merge"
archives=()
for module in "${modules[@]}"; do archives+=("$scratch/archives/$module.doccarchive"); done
docc merge "${archives[@]}" --output-path "$site" \
    --synthesized-landing-page-name FlowLayout --synthesized-landing-page-kind Package >/dev/null
for module in "${modules[@]}"; do
    lower="$(echo "$module" | tr '[:upper:]' '[:lower:]')"
    test -f "$site/documentation/$lower/index.html" || { echo "docs.sh: $module missing from the site" >&2; exit 1; }
done
echo "== documentation built in $((SECONDS - start)) s: $site (open /documentation/flowlayout)"
