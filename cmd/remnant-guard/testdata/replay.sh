# Shared by the replays (firsthour.sh, firstweek.sh), sourced after they
# set work (the folder they work in), log (where a step's output goes) and
# name (how failures are told).

fail() {
	echo "$name: FAIL: $*" >&2
	echo "--- last output:" >&2
	cat "$log" >&2 || true
	exit 1
}

# commit runs git commit, the output in $log; its exit status in $status.
commit() {
	status=0
	git commit -q "$@" >"$log" 2>&1 || status=$?
	return 0
}

# run_hint runs a printed command in the shell, as a user pastes it.
run_hint() {
	status=0
	sh -c "$1" >"$log" 2>&1 || status=$?
}

# hint_for prints the command the hint under the finding at $1 names: the
# text after "not a secret: " or "a test value: ".
hint_for() {
	awk -v at="$1" 'index($0, at) == 1 { getline; print; exit }' "$log" |
		sed -n 's/.*\(not a secret\|a test value\): //p'
}

# memory prints a valid REMNANT.md.
memory() {
	cat <<'MEM'
<!-- AGENT PROTOCOL: read this file fully before touching code.
     Never commit this file. -->
# Remnant - shop

## Session
- version: 2
- date: 2026-05-05
- agent: codex
- duration: 5

## History
- None

## Done
- Nothing yet.

## Failed
- None.

## State
- Empty.

## Next
- Start.

## Blockers
- None.

## Decisions
- 2026-05-04 — Keep it small — easier to read.

## Map
- src/ — the code
MEM
}
