#!/bin/sh
# run.sh scans the trees mkcorpus.sh built with each secret scanner, under
# nice, and records each run's CPU with /usr/bin/time.
#
#   validate/secrets/testdata/noise/run.sh DEST ECOSYSTEM TOOL...
#
# TOOL is rg (remnant-guard), gitleaks or trufflehog. The reports go to
# DEST/ECOSYSTEM/out/TOOL.json and the CPU to DEST/ECOSYSTEM/out/TOOL.time
# (user seconds, system seconds, wall seconds, peak RSS in KB). The binaries
# come from RG (default /tmp/rg-noise, built from this checkout with
# go build -o /tmp/rg-noise ./cmd/remnant-guard), GITLEAKS (default
# ~/go/bin/gitleaks, v8.30.1) and TRUFFLEHOG (default ~/go/bin/trufflehog,
# v3.90.0). Every tool reads the tree as a plain directory (no git
# repository, so no .gitignore applies).
# The scan does not depend on the set: the tuned, held-out, unseen and blind
# sets (mkcorpus.sh, mkcorpus.sh -heldout, -unseen, -blind) all run the same
# way, and NOISE_SET only tells judge.py which judged-*.tsv to keep.
set -eu

dest=${1:?usage: run.sh DEST ECOSYSTEM TOOL...}
eco=${2:?usage: run.sh DEST ECOSYSTEM TOOL...}
shift 2
rg=${RG:-/tmp/rg-noise}
gitleaks=${GITLEAKS:-$HOME/go/bin/gitleaks}
trufflehog=${TRUFFLEHOG:-$HOME/go/bin/trufflehog}

out=$dest/$eco/out
mkdir -p "$out"
cd "$dest/$eco/tree"
timed() {
	name=$1
	shift
	# A scanner exits 1 when it finds something: only a report counts.
	/usr/bin/time -f '%U %S %e %M' -o "$out/$name.time" nice "$@" || true
}
for t in "$@"; do
	case $t in
	rg)
		timed rg "$rg" scan --only secrets --format json --output "$out/rg.json" . \
			>/dev/null 2>"$out/rg.log"
		;;
	gitleaks)
		timed gitleaks "$gitleaks" dir --no-banner --report-format json \
			--report-path "$out/gitleaks.json" . >/dev/null 2>"$out/gitleaks.log"
		;;
	trufflehog)
		timed trufflehog "$trufflehog" filesystem --no-verification --json --no-update . \
			>"$out/trufflehog.json" 2>"$out/trufflehog.log"
		;;
	*)
		echo "run.sh: unknown tool $t (rg, gitleaks, trufflehog)" >&2
		exit 2
		;;
	esac
	echo "$eco $t: $(cat "$out/$t.time")"
done
