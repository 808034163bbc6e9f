#!/usr/bin/env bash
# Builds a benchmark repository like the project's "wide" one: 100,000 tracked
# files, packed, six files staged. Not run by `go test`; use it with
#   GITUTIL_BENCH_REPO=DIR go test -run x -bench . ./gitutil
# usage: mkwide.sh DIR [FILES]
set -euo pipefail
out=${1:?usage: mkwide.sh DIR [FILES]}
files=${2:-100000}
rm -rf "$out"; mkdir -p "$out"
git -C "$out" init -q -b main
git -C "$out" config user.email bench@example.com
git -C "$out" config user.name bench
python3 - "$out" "$files" <<'PY'
import os, random, sys
root, n = sys.argv[1], int(sys.argv[2]); random.seed(1)
words = "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu".split()
for i in range(n):
    d = os.path.join(root, f"src/d{i//1000:03d}")
    os.makedirs(d, exist_ok=True)
    with open(f"{d}/f{i}.go", "w") as f:
        f.write("package p\n\n" + "\n".join("// " + " ".join(random.choice(words) for _ in range(8)) for _ in range(10)) + "\n")
PY
echo REMNANT.md > "$out/.gitignore"
(cd "$out" && git add -A && git commit -qm init && git repack -adq && git prune)
for i in 1 2 3 4 5; do echo "x := $i" >> "$out/src/d00$i/f${i}00$i.go"; done
echo 'x := 0' >> "$out/src/d000/f0.go"
git -C "$out" add -A
