#!/bin/sh
# rejudge.sh scans the benchmark trees again with a remnant-guard binary and
# lists only the findings no earlier judgement covers.
#
#   validate/secrets/testdata/noise/rejudge.sh DEST [RG_BINARY] [ECOSYSTEM...]
#
# DEST is mkcorpus.sh's directory; RG_BINARY defaults to a build of this
# checkout. Each finding keeps its verdict from judged-ECO.tsv when the same
# tool, path, line, rule and span were judged before (or another tool's
# finding covers the same span); propose.py proposes verdicts for the rest
# from their context, and what is still pending is listed with its context.
# Judge those by adding lines to DEST/ECO/groups.tsv (group id or path:line,
# verdict, class, reason: see README.md), then run
#   judge.py DEST ECO apply && judge.py DEST report
# For the held-out, unseen or blind set, set NOISE_SET=heldout, unseen or
# blind (it reaches judge.py, which then keeps judged-heldout-ECO.tsv,
# judged-unseen-ECO.tsv or judged-blind-ECO.tsv).
set -eu
case ${NOISE_SET:-tuned} in
tuned | heldout | unseen | blind) ;;
*) echo "rejudge.sh: NOISE_SET=$NOISE_SET is not tuned, heldout, unseen or blind" >&2; exit 2 ;;
esac
here=$(cd "$(dirname "$0")" && pwd)
dest=${1:?usage: rejudge.sh DEST [RG_BINARY] [ECOSYSTEM...]}
rg=${2:-}
[ $# -ge 2 ] && shift 2 || shift 1
ecos=${*:-go debian npm}
if [ -z "$rg" ]; then
	rg=$(mktemp -d)/remnant-guard
	(cd "$here/../../../.." && go build -o "$rg" ./cmd/remnant-guard)
fi
for e in $ecos; do
	RG=$rg "$here/run.sh" "$dest" "$e" rg
	"$here/judge.py" "$dest" "$e" extract
	"$here/propose.py" "$dest" "$e"
	"$here/judge.py" "$dest" "$e" pending rg
	"$here/judge.py" "$dest" "$e" apply
done
"$here/judge.py" "$dest" report
