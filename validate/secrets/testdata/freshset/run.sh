#!/bin/sh
# run.sh writes the fresh recall set, scans it with remnant-guard, gitleaks
# and TruffleHog (without verification), and prints recall and
# hard-negative false flags for each, by class. From the repository root:
#
#   validate/secrets/testdata/freshset/run.sh [DIR]      (default /tmp/freshset)
#
# gitleaks and trufflehog are taken from PATH or ~/go/bin; a missing one is
# left out of the table.
set -eu
dir=${1:-/tmp/freshset}
rm -rf "$dir" && mkdir -p "$dir/set"
go run ./validate/secrets/testdata/freshset/gen write "$dir/set"
go build -o "$dir/rg" ./cmd/remnant-guard
(cd "$dir/set" && git init -q . && "$dir/rg" scan --only secrets --format json . >"$dir/rg.json" || test $? -eq 1)
rm -rf "$dir/set/.git"
reports="$dir/rg.json"
PATH=$PATH:$HOME/go/bin
if command -v gitleaks >/dev/null; then
	gitleaks dir --no-banner --exit-code 0 --report-format json --report-path "$dir/gl.json" "$dir/set" 2>/dev/null
	reports="$reports $dir/gl.json"
	if command -v trufflehog >/dev/null; then
		trufflehog filesystem --no-verification --json --no-update "$dir/set" >"$dir/th.json" 2>/dev/null
		reports="$reports $dir/th.json"
	fi
fi
go run ./validate/secrets/testdata/freshset/gen score "$dir/set" $reports
