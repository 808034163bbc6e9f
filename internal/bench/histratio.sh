#!/usr/bin/env bash
# Compares remnant-guard's history reading with git's own on long histories built by mkhistory.sh
# and mkrealhistory.sh: per repository, ROUNDS interleaved rounds of `git log -p --all`,
# `scan --history --all`, `git log -p last10k..main` and `ci --base last10k`; prints the medians of
# CPU time (user + system, git processes included) and the ratios to git.
# usage: internal/bench/histratio.sh BINARY ROUNDS REPO...
set -euo pipefail
bin=$(realpath "${1:?usage: histratio.sh BINARY ROUNDS REPO...}")
rounds=${2:?usage: histratio.sh BINARY ROUNDS REPO...}
shift 2
out=$(mktemp)
times=$(mktemp)
trap 'rm -f "$out" "$times"' EXIT
cpu() { # name command...: one timed run
  local name=$1
  shift
  /usr/bin/time -o "$times" -f '%U %S' "$@" >/dev/null 2>&1 || true
  echo "$repo $name $(tail -1 "$times" | awk '{print $1 + $2}')" >>"$out"
}
for repo in "$@"; do
  for _ in $(seq "$rounds"); do
    (cd "$repo" && cpu floor-all git log -p --all)
    (cd "$repo" && cpu scan "$bin" scan --history --all --format json)
    (cd "$repo" && cpu floor-10k git log -p last10k..main)
    (cd "$repo" && cpu ci env -u GITHUB_ACTIONS -u GITLAB_CI -u CI "$bin" ci --base last10k --format json)
  done
done
python3 - "$out" <<'PY'
import collections, statistics, sys
d = collections.defaultdict(list)
for line in open(sys.argv[1]):
    repo, name, v = line.split()
    d[repo, name].append(float(v))
for repo in dict.fromkeys(r for r, _ in d):
    m = {name: statistics.median(d[repo, name]) for (r, name) in d if r == repo}
    print("%s: git log -p --all %.2f s, scan --history --all %.2f s (%.2fx); "
          "git log -p last10k..main %.2f s, ci --base last10k %.2f s (%.2fx)" % (
          repo, m["floor-all"], m["scan"], m["scan"] / m["floor-all"],
          m["floor-10k"], m["ci"], m["ci"] / m["floor-10k"]))
PY
