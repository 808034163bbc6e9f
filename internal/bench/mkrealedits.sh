#!/usr/bin/env bash
# Builds two repositories of real files with 1,000 staged edits, for measuring the commit hook
# (`remnant-guard pre-commit`) against gitleaks and `git diff --cached -U0`.
# usage: internal/bench/mkrealedits.sh DIR
# DIR/terraform: Terraform v1.9.8's source (`go mod download`, kept in GOMODCACHE), committed
#   whole: 4,429 files (its .gitignore leaves out 3 of the module's), 42 MB.
# DIR/papirus: the Debian package papirus-icon-theme 20230104-2 (`apt-get download`,
#   `dpkg-deb -x`): 57,897 SVG files and 58,113 symbolic links, 124 MB, committed whole.
# In each, 1,000 text files (no NUL byte in their first 8,000 bytes, as git decides) are
# edited the way a hand edit does: the middle line gets a word added at its end and a line is
# appended; the files are every k-th of the sorted list of text files (k = count / 1,000),
# and the edits are staged. Nothing depends on the machine: the same versions give the same
# commits and the same staged blobs (the index itself holds this machine's file times). About 2 minutes, most of it committing papirus.
set -euo pipefail
out=${1:?usage: mkrealedits.sh DIR}
mkdir -p "$out"
out=$(cd "$out" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

export GIT_AUTHOR_NAME=bench GIT_AUTHOR_EMAIL=bench@example.com GIT_COMMITTER_NAME=bench \
  GIT_COMMITTER_EMAIL=bench@example.com GIT_AUTHOR_DATE='2026-01-01T00:00:00Z' \
  GIT_COMMITTER_DATE='2026-01-01T00:00:00Z'

# commit_and_edit REPO: commits everything in REPO, then edits and stages 1,000 text files.
commit_and_edit() {
  local repo=$1
  git -C "$repo" init -q -b main
  git -C "$repo" add -A
  git -C "$repo" commit -q -m "import"
  git -C "$repo" repack -adq
  git -C "$repo" ls-files -z | (cd "$repo" && python3 -c '
import os, sys
names = sorted(n for n in sys.stdin.buffer.read().split(b"\0") if n)
text = []
for n in names:
    if os.path.islink(n):
        continue
    with open(n, "rb") as f:
        head = f.read(8000)
    if head and b"\0" not in head:
        text.append(n)
k = len(text) // 1000
for i, n in enumerate(text[::k][:1000]):
    with open(n, "rb") as f:
        data = f.read()
    lines = data.split(b"\n")
    if lines[-1] == b"":
        lines.pop()
    mid = len(lines) // 2
    lines[mid] += b" edited"
    lines.append(b"edited %d" % i)
    with open(n, "wb") as f:
        f.write(b"\n".join(lines) + b"\n")
')
  git -C "$repo" add -u
  echo "$repo: $(git -C "$repo" ls-files | wc -l) files, $(git -C "$repo" diff --cached --name-only | wc -l) staged edits"
}

# Terraform through the Go module proxy, outside any module so that go.mod files around DIR
# play no part.
tf=$( (cd "$work" && GOFLAGS=-mod=mod GO111MODULE=on go mod download -json github.com/hashicorp/terraform@v1.9.8) |
  python3 -c 'import json, sys; print(json.load(sys.stdin)["Dir"])')
rm -rf "$out/terraform"
cp -r "$tf" "$out/terraform"
chmod -R u+w "$out/terraform"
commit_and_edit "$out/terraform"

(cd "$work" && apt-get download -q papirus-icon-theme=20230104-2 >/dev/null 2>&1)
rm -rf "$out/papirus"
dpkg-deb -x "$work"/papirus-icon-theme_20230104-2_all.deb "$out/papirus"
commit_and_edit "$out/papirus"
