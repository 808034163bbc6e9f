#!/bin/sh
# The first hour of a new user, replayed: install the plain git hook on a
# new repository, try to commit a staged REMNANT.md, a .env with an AWS
# key, a Stripe key in code and a setup page with AWS's documented example
# keys and an example password; follow the hints as printed, accept
# exactly the one false positive, and check that every printed command
# works as written.
#
# Usage: firsthour.sh WORKDIR BINARY
# BINARY is remnant-guard; it need not be on PATH (as under the pre-commit
# framework, whose copy lives in its cache): the hints must name a command
# that works either way.
set -eu

work=$1
bin=$2
log=$work/log

name=firsthour
. "$(dirname "$0")/replay.sh"

aws_id=AKIAQ3EGUVJMXQ7TN2RB
stripe=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

repo=$work/repo
git init -q -b main "$repo"
cd "$repo"
git commit -q --allow-empty -m base
"$bin" install >"$log" 2>&1 || fail "install"

# 1. A staged REMNANT.md: refused, and the printed remedies work.
memory >REMNANT.md
git add -f REMNANT.md
commit -m memory
[ "$status" -ne 0 ] || fail "a staged REMNANT.md was committed"
grep -q '\[remnant-staged\]' "$log" || fail "no remnant-staged finding"
unstage=$(sed -n 's/^    unstage it: *//p' "$log")
ignore=$(sed -n 's/^    ignore it: *//p' "$log")
[ -n "$unstage" ] && [ -n "$ignore" ] || fail "the remnant-staged hints are missing"
! grep -q 'REMNANT_GUARD=0' "$log" || fail "skipping the check is offered for a staged REMNANT.md"
run_hint "$unstage"
[ "$status" -eq 0 ] || fail "the printed '$unstage' failed"
run_hint "$ignore"
[ "$status" -eq 0 ] || fail "the printed '$ignore' failed"
git diff --cached --quiet -- REMNANT.md || fail "REMNANT.md is still staged after '$unstage'"
git check-ignore -q REMNANT.md || fail "REMNANT.md is not ignored after '$ignore'"
git add .gitignore
commit -m 'ignore REMNANT.md'
[ "$status" -eq 0 ] || fail "committing .gitignore was refused"

# Force-added once ignored: only the command that unstages it is printed.
git add -f REMNANT.md
commit -m memory
[ "$status" -ne 0 ] || fail "a force-added REMNANT.md was committed"
! grep -q 'ignore it:' "$log" || fail "the hint says to ignore a REMNANT.md git ignores already"
grep -q 'git ignores it already' "$log" || fail "the hint does not say git ignores it already"
unstage=$(sed -n 's/^    unstage it: *//p' "$log")
run_hint "$unstage"
[ "$status" -eq 0 ] || fail "the printed '$unstage' failed"
git diff --cached --quiet -- REMNANT.md || fail "REMNANT.md is still staged after '$unstage'"

# 2. Secrets: a .env with an AWS key, a Stripe key in code, and a setup
# page with AWS's documented example keys and an example password.
printf 'AWS_ACCESS_KEY_ID=%s\nAWS_REGION=eu-west-1\n' "$aws_id" >.env
mkdir -p src docs
printf 'const stripe = require("stripe")("%s");\n' "$stripe" >src/pay.js
cat >docs/setup.md <<'EOF'
# Setting up

Configure the AWS CLI with the keys AWS documents as examples:

    aws_access_key_id = AKIAIOSFODNN7EXAMPLE
    aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY

and the database with:

    db_password = "Xk9#mP2qLw7z"
EOF
git add .env src/pay.js docs/setup.md
commit -m secrets
[ "$status" -eq 1 ] || fail "the commit with secrets exited $status, want 1"
! grep -q "$aws_id" "$log" || fail "the AWS key is printed"
! grep -q "$stripe" "$log" || fail "the Stripe key is printed"
! grep -q 'Xk9#mP2qLw7z' "$log" || fail "the password is printed"
grep -q '^\.env:1:[0-9]*: error: .*\[secret-aws-access-key-id\]' "$log" || fail "the AWS key is not reported"
grep -q '^src/pay.js:1:[0-9]*: error: .*\[secret-stripe-secret-key\]' "$log" || fail "the Stripe key is not reported"
grep -q '^docs/setup.md:10:[0-9]*: error: .*\[secret-generic\]' "$log" || fail "the example password is not reported"
! grep -q '^docs/setup.md:[56]:' "$log" || fail "AWS's documented example keys are reported"
# Fixing leads; accepting one comes next; nothing offers to accept them all
# while live-looking keys are among them.
first=$(grep -m1 'remnant-guard: hint:' "$log")
case $first in
*"take it out of the file"*rotate*) ;;
*) fail "the first hint is not about fixing: $first" ;;
esac
grep -q 'not a secret? accept that one finding' "$log" || fail "no hint on accepting one finding"
! grep -q -- '--write-ignore' "$log" || fail "a hint offers to accept every finding while live-looking keys are among them"
grep -A1 '^\.env:1:' "$log" | grep -q 'treat it as live' || fail "the AWS key's hint does not say to treat it as live"

aws_hint=$(hint_for .env:1:)
stripe_hint=$(hint_for src/pay.js:1:)
fp_hint=$(hint_for docs/setup.md:10:)
[ -n "$aws_hint" ] && [ -n "$stripe_hint" ] && [ -n "$fp_hint" ] || fail "a secret finding has no accept command"

# The live keys' accept commands work as written too, and warn: tried on a
# copy of the repository, never on it.
cp -R "$repo" "$work/copy"
(
	cd "$work/copy"
	run_hint "$aws_hint"
	[ "$status" -eq 0 ] || fail "the printed '$aws_hint' failed"
	grep -q '^accepted \.env:1:.*\[secret-aws-access-key-id\]' "$log" || fail "'$aws_hint' does not say what it accepted"
	grep -q 'warning: it has the format of a real key' "$log" || fail "'$aws_hint' accepted a live-looking key without a warning"
)

# 3. Accept exactly the false positive, through the command its hint gave.
run_hint "$fp_hint"
[ "$status" -eq 0 ] || fail "the printed '$fp_hint' failed"
grep -q '^accepted docs/setup.md:10:.*\[secret-generic\], fingerprint [0-9a-f]\{32\}$' "$log" || fail "'$fp_hint' does not list what it accepted"
! grep -q 'warning' "$log" || fail "accepting the example password warned"
[ "$(grep -c '^[0-9a-f]\{32\} ' .remnant-guard-ignore)" -eq 1 ] || fail ".remnant-guard-ignore does not hold exactly one entry"
grep -q '^salt [0-9a-f]\{64\}$' .remnant-guard-ignore || fail ".remnant-guard-ignore has no salt"
! grep -q 'Xk9#mP2qLw7z' .remnant-guard-ignore || fail "the ignore file holds the password"

# Now every finding shows its fingerprint, and the accept commands name it.
git add .remnant-guard-ignore
commit -m 'secrets again'
[ "$status" -eq 1 ] || fail "the commit with live keys exited $status, want 1"
! grep -q '^docs/setup.md:10:' "$log" || fail "the accepted finding is still reported"
# Live-looking keys: skipping the check is not offered.
! grep -q 'REMNANT_GUARD=0' "$log" || fail "skipping the check is offered after a live-looking key"
grep -q 'fix the findings above: they must not be committed' "$log" || fail "no closing hint after a live-looking key"

# The .env, secret by its nature, is to leave git: the command is printed.
env_hint=$(sed -n 's/^remnant-guard: hint: \.env holds secrets by its nature: keep it out of git: //p' "$log")
[ -n "$env_hint" ] || fail "no hint to take .env out of git"
! grep -q 'src/pay.js holds secrets' "$log" || fail "code is called secret by its nature"
aws_hint=$(hint_for .env:1:)
case $aws_hint in
*" allow "[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]*) ;;
*) fail "with a salt, the AWS key's accept command does not name its fingerprint: $aws_hint" ;;
esac
rm -rf "$work/copy"
cp -R "$repo" "$work/copy"
(
	cd "$work/copy"
	run_hint "$aws_hint"
	[ "$status" -eq 0 ] || fail "the printed '$aws_hint' failed"
	grep -q '^accepted \.env:1:.*\[secret-aws-access-key-id\], fingerprint' "$log" || fail "'$aws_hint' does not say what it accepted"
	grep -q 'warning: it has the format of a real key' "$log" || fail "'$aws_hint' accepted a live-looking key without a warning"
	grep -q '^[0-9a-f]\{32\} \.env # secret-aws-access-key-id at \.env:1$' .remnant-guard-ignore || fail "'$aws_hint' wrote no path and rule"
	git add .remnant-guard-ignore
	commit -m 'accepted the AWS key'
	! grep -q 'secret-aws-access-key-id' "$log" || fail "'$aws_hint' did not accept the AWS key"
)

# 4. Fix the live keys as the hints say: the .env leaves the commit and is
# ignored with the command printed; the code reads the key from the
# environment.
run_hint "$env_hint"
[ "$status" -eq 0 ] || fail "the printed '$env_hint' failed"
git diff --cached --quiet -- .env && ! git ls-files --error-unmatch .env >/dev/null 2>&1 || fail ".env is still staged after '$env_hint'"
git check-ignore -q .env || fail ".env is not ignored after '$env_hint'"
printf 'const stripe = require("stripe")(process.env.STRIPE_KEY);\n' >src/pay.js
git add .gitignore src/pay.js
commit -m 'set up payments'
[ "$status" -eq 0 ] || fail "the fixed commit was refused"
git show --stat HEAD >"$log"
grep -q 'docs/setup.md' "$log" || fail "docs/setup.md is not in the commit"
grep -q '.remnant-guard-ignore' "$log" || fail ".remnant-guard-ignore is not in the commit"

# 5. A repository whose only findings are false: the baseline is offered
# last, and lists what it accepted.
printf 'api_password = "Rt5Wq8zLm2Xv7Kp"\n' >docs/more.md
git add docs/more.md
commit -m more
[ "$status" -eq 1 ] || fail "the false positive was not reported"
baseline=$(sed -n 's/.*? \(.*scan --write-ignore\) accepts every current one.*/\1/p' "$log")
[ -n "$baseline" ] || fail "no baseline hint when no finding looks live"
tail -n 3 "$log" | grep -q 'write-ignore' || fail "the baseline hint is not last"
# Only false positives: skipping once is offered, and works as written,
# with the commit's own arguments.
skip=$(sed -n 's/.*skip the check once with \(.*\) \.\.\.$/\1/p' "$log")
[ -n "$skip" ] || fail "no skip hint"
run_hint "$skip -q -m skipped"
[ "$status" -eq 0 ] || fail "the printed skip '$skip' failed"
git reset -q --soft HEAD~1
run_hint "$baseline"
[ "$status" -eq 0 ] || fail "the printed '$baseline' failed"
grep -q '^remnant-guard: accepted 1 secret finding into .remnant-guard-ignore:' "$log" || fail "'$baseline' does not list what it accepted"
grep -q 'docs/more.md:1:.*\[secret-generic\]' "$log" || fail "'$baseline' does not name the finding"
echo "firsthour: ok"
