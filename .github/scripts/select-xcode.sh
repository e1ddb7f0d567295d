#!/usr/bin/env bash
# Selects the newest released Xcode on a GitHub macOS runner (no beta, no
# release candidate: /Applications/Xcode_MAJOR.MINOR[.PATCH].app), prints its
# versions, and records XCODE_VERSION for the jobs' cache keys.
set -euo pipefail
xcode=$(python3 - <<'PY'
import glob, re
found = []
for path in glob.glob("/Applications/Xcode_*.app"):
    match = re.fullmatch(r"/Applications/Xcode_(\d+(?:\.\d+)*)\.app", path)
    if match:
        found.append((tuple(int(part) for part in match.group(1).split(".")), path))
if not found:
    raise SystemExit("no released Xcode in /Applications")
print(max(found)[1])
PY
)
sudo xcode-select --switch "$xcode/Contents/Developer"
xcodebuild -version
swift --version
echo "XCODE_VERSION=$(xcodebuild -version | head -n 1 | awk '{print $2}')" >> "$GITHUB_ENV"
