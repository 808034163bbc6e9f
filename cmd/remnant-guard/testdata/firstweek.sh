#!/bin/sh
# A team's first week, replayed with the real binary on real repositories:
# set up with init and the hint it prints; REMNANT.md test fixtures let
# through by a per-rule exclusion; a pull request with a fake Slack token
# accepted in that pull request as the hint says, which ci over the range
# passes with an accepted-in-this-pull-request note, while widening the
# entry, or excluding the rule in the pull request's own config, still
# fails; a fresh clone told its hooks are not installed; the typos people
# make; init --custodian; and install in a pre-commit framework repository.
# Every hint used is run as printed.
#
# Usage: firstweek.sh WORKDIR BINARY  (BINARY on PATH as remnant-guard)
set -eu

work=$1
bin=$2
log=$work/log

name=firstweek
. "$(dirname "$0")/replay.sh"

# rg runs the binary, the output in $log; its exit status in $status.
rg() {
	status=0
	"$bin" "$@" >"$log" 2>&1 || status=$?
}

slack=xoxb-2861749350-4719285036412-Zq8Lm2Nw4Xr6Ty1Ub3Vc5Hd7
slack2=xoxb-5938271640-8391027465173-Pw3Kd9Xm1Lq7Rt5Vb2Nc8Hy4


# Day 1: init, and the hook installed with the command its hint prints.
repo=$work/repo
git init -q -b main "$repo"
cd "$repo"
rg init
[ "$status" -eq 0 ] || fail "init exited $status"
install=$(sed -n 's/^remnant-guard: hint: install the git hooks with: //p' "$log")
[ "$install" = "remnant-guard install" ] || fail "init's hint names '$install'"
run_hint "$install"
[ "$status" -eq 0 ] || fail "the printed '$install' failed"
grep -q 'pre-commit: installed' "$log" || fail "'$install' installed no pre-commit hook"
git add -A
commit -m 'set up remnant-guard'
[ "$status" -eq 0 ] || fail "committing what init wrote was refused"

# Day 2: REMNANT.md test fixtures. Without an exclusion, refused; with
# [exclude_paths] remnant-staged for them, the hook lets them through, and
# a REMNANT.md elsewhere is still refused.
mkdir -p testdata/memory
memory >testdata/memory/REMNANT.md
git add -f testdata/memory/REMNANT.md
commit -m fixture
[ "$status" -eq 1 ] || fail "a REMNANT.md fixture was committed without an exclusion (exit $status)"
grep -q '^testdata/memory/REMNANT.md: error: .*\[remnant-staged\]' "$log" || fail "no remnant-staged finding for the fixture"
printf '\n[exclude_paths]\nremnant-staged = ["testdata/**/REMNANT.md"]\n' >>.remnant-guard.toml
git add .remnant-guard.toml
commit -m 'REMNANT.md test fixtures'
[ "$status" -eq 0 ] || fail "the excluded fixture was refused"
git show --stat HEAD >"$log"
grep -q 'testdata/memory/REMNANT.md' "$log" || fail "the fixture is not in the commit"
memory >REMNANT.md
git add -f REMNANT.md
commit -m memory
[ "$status" -eq 1 ] || fail "a REMNANT.md outside the excluded paths was committed"
grep -q '^REMNANT.md: error: .*\[remnant-staged\]' "$log" || fail "no remnant-staged finding for the root REMNANT.md"
git rm -q --cached REMNANT.md

# A misspelt rule id in the exclusion: an error naming the file, the line
# and the rule meant.
cp .remnant-guard.toml "$work/config.good"
sed -i 's/^remnant-staged = /remnant-stagd = /' .remnant-guard.toml
rg check
[ "$status" -eq 2 ] || fail "a misspelt rule id in exclude_paths exited $status, want 2"
grep -q '\.remnant-guard\.toml:[0-9][0-9]*: exclude_paths: unknown rule "remnant-stagd" (did you mean `remnant-staged`?)' "$log" || fail "the misspelt rule id is not named with its line and the nearest rule"
cp "$work/config.good" .remnant-guard.toml

# Day 3: a pull request with a fake Slack token in a test fixture.
git checkout -q -b slack-fixture
mkdir -p fixtures
printf 'SLACK_TOKEN=%s\n' "$slack" >fixtures/slack.txt
git add fixtures/slack.txt
commit -m 'slack fixture'
[ "$status" -eq 1 ] || fail "the fake Slack token was committed (exit $status)"
! grep -q "$slack" "$log" || fail "the token is printed"
grep -q '^fixtures/slack.txt:1:[0-9]*: error: .*\[secret-slack-bot-token\]' "$log" || fail "the Slack token is not reported"
accept=$(hint_for fixtures/slack.txt:1:)
case $accept in
"remnant-guard allow "[0-9a-f][0-9a-f][0-9a-f][0-9a-f]*) ;;
*) fail "the accept command does not name the fingerprint: '$accept'" ;;
esac
run_hint "$accept"
[ "$status" -eq 0 ] || fail "the printed '$accept' failed"
grep -q '^accepted fixtures/slack.txt:1:.*\[secret-slack-bot-token\], fingerprint' "$log" || fail "'$accept' does not say what it accepted"
grep -q 'warning: it has the format of a real key' "$log" || fail "'$accept' accepted a live-looking key without a warning"
git add .remnant-guard-ignore
commit -m 'slack fixture'
[ "$status" -eq 0 ] || fail "the accepted fixture was refused at commit"
git tag accepted

# ci over the pull request passes: the entry it adds names the finding
# exactly, and the finding is reported as accepted in this pull request.
rg ci --base main
[ "$status" -eq 0 ] || fail "ci over the pull request exited $status, want 0"
grep -q '^[0-9a-f]*:fixtures/slack.txt:1:[0-9]*: note: accepted in this pull request: .*\[secret-slack-bot-token\]$' "$log" || fail "ci does not report the accepted finding"
grep -q 'remnant-guard-ignore line [0-9]*, added in this pull request' "$log" || fail "ci does not give the justification"
! grep -q "$slack" "$log" || fail "ci prints the token"
rg ci --base main --format github
[ "$status" -eq 0 ] || fail "ci --format github exited $status"
grep -q '^::notice file=fixtures/slack.txt,line=1,title=remnant-guard%3A accepted in this pull request' "$log" || fail "no notice annotation for the accepted finding"

# Widening: the entry turned into a glob for the same token in another
# file accepts nothing.
printf 'SLACK_TOKEN=%s\n' "$slack" >fixtures/other.txt
sed -i 's|^\([0-9a-f]\{32\}\) fixtures/slack.txt |\1 fixtures/* |' .remnant-guard-ignore
grep -q ' fixtures/\* ' .remnant-guard-ignore || fail "the entry was not widened"
git add fixtures/other.txt .remnant-guard-ignore
commit -m widen --no-verify
rg ci --base main
[ "$status" -eq 1 ] || fail "ci passed a widened entry (exit $status)"
grep -q '^[0-9a-f]*:fixtures/other.txt:1:[0-9]*: error: .*\[secret-slack-bot-token\]' "$log" || fail "the token in another file is not reported"
git reset -q --hard accepted

# Excluding the rule in the pull request's own config: honoured by the
# commit hook (the working tree's config), not by ci, which says so.
printf 'secret-slack-bot-token = ["fixtures/**"]\n' >>.remnant-guard.toml  # [exclude_paths] is the last table
printf 'SLACK_TOKEN=%s\n' "$slack2" >fixtures/more.txt
git add .remnant-guard.toml fixtures/more.txt
commit -m 'more fixtures'
[ "$status" -eq 0 ] || fail "the commit hook did not honour the exclusion"
rg ci --base main
[ "$status" -eq 1 ] || fail "ci honoured an exclusion the pull request adds (exit $status)"
grep -q '^[0-9a-f]*:fixtures/more.txt:1:[0-9]*: error: .*\[secret-slack-bot-token\]' "$log" || fail "ci does not report the excluded finding"
grep -q '^remnant-guard: note: .remnant-guard.toml \[exclude_paths\] secret-slack-bot-token: "fixtures/\*\*" is added in this pull request and not honoured here' "$log" || fail "ci does not say the exclusion was not honoured"
rg ci --base main --format github
grep -q '^::notice title=remnant-guard%3A note::.*is added in this pull request and not honoured here' "$log" || fail "no notice annotation for the exclusion not honoured"
! grep -q "$slack2" "$log" || fail "ci prints the token"
# Once merged, the exclusion is the base's: a later pull request's fixture
# under it passes ci.
git checkout -q main
git merge -q --no-ff --no-verify -m 'merge more fixtures' slack-fixture >"$log" 2>&1 || fail "merge"
git checkout -q -b later
printf 'SLACK_TOKEN=%s\n' "$slack2" >fixtures/later.txt
git add fixtures/later.txt
commit -m later
[ "$status" -eq 0 ] || fail "the excluded fixture was refused at commit"
rg ci --base main
[ "$status" -eq 0 ] || fail "ci did not honour the base's exclusion (exit $status)"
git checkout -q main

# Day 4: a teammate's fresh clone is told its hooks are not installed,
# once, and the command printed installs them.
git clone -q "$repo" "$work/clone"
cd "$work/clone"
rg check
[ "$status" -eq 0 ] || fail "check in a fresh clone exited $status"
hooks=$(sed -n "s/.*no pre-commit hook is installed; run '\([^']*\)'.*/\1/p" "$log")
[ -n "$hooks" ] || fail "check in a fresh clone does not say the hooks are not installed"
rg check
! grep -q 'no pre-commit hook is installed' "$log" || fail "the note is said twice in one clone"
run_hint "$hooks"
[ "$status" -eq 0 ] || fail "the printed '$hooks' failed"
[ -x .git/hooks/pre-commit ] || fail "'$hooks' installed no pre-commit hook"

# Day 5: typos, each told what was meant, with the file and line.
rg check --fromat json
[ "$status" -eq 2 ] || fail "check --fromat exited $status"
grep -q 'unknown flag --fromat (did you mean `--format`?)' "$log" || fail "--fromat: no suggestion"
rg -v
[ "$status" -eq 2 ] || fail "-v exited $status"
grep -q 'unknown global flag -v; the global flags are --no-color, --config FILE, -h/--help, --version' "$log" || fail "-v: not echoed as typed, or not every global flag listed"
printf '[limits]\nmax_line = 100\n' >"$work/typo.toml"
rg --config "$work/typo.toml" check
[ "$status" -eq 2 ] || fail "max_line exited $status"
grep -q 'typo.toml:2: unknown key "limits.max_line" (did you mean `max_lines`?)' "$log" || fail "max_line: no suggestion"
printf '[limits]\nmax_lines = "100"\n' >"$work/typo.toml"
rg --config "$work/typo.toml" check
[ "$status" -eq 2 ] || fail "max_lines = \"100\" exited $status"
grep -q 'typo.toml:2: "limits.max_lines" must be a whole number, not a string: write max_lines = 100, without quotes' "$log" || fail "max_lines = \"100\": not worded"
rg rules aws
[ "$status" -eq 0 ] || fail "rules aws exited $status"
grep -q '^SECRETS: ' "$log" || fail "rules aws is not grouped by family"
grep -q '^secret-aws-access-key-id ' "$log" || fail "rules aws does not list the AWS key rule"
! grep -q '^secret-slack-bot-token ' "$log" || fail "rules aws lists a Slack rule"

# Day 6: a MemoryCustodian project: init --custodian, then check passes;
# plain init then adds no Remnant file.
git init -q -b main "$work/custodian"
cd "$work/custodian"
rg init --custodian
[ "$status" -eq 0 ] || fail "init --custodian exited $status"
grep -q '^docs/memory/manifest.md: created (protocol 0.8, project_id ' "$log" || fail "init --custodian wrote no manifest"
rg check
[ "$status" -eq 0 ] || fail "check on a new MemoryCustodian memory exited $status"
grep -q 'no problems found' "$log" || fail "check on a new MemoryCustodian memory found problems"
rg init
[ "$status" -eq 0 ] || fail "plain init exited $status"
[ ! -e REMNANT.template.md ] || fail "plain init added Remnant to a MemoryCustodian repository"
grep -q 'remnant-guard init --custodian' "$log" || fail "plain init does not name init --custodian"

# Day 7: a repository using the pre-commit framework: install does not
# chain a second run of the check.
git init -q -b main "$work/framework"
cd "$work/framework"
printf 'repos:\n  - repo: https://github.com/remnant-guard/remnant-guard\n    rev: v1.0.0\n    hooks:\n      - id: remnant-guard\n' >.pre-commit-config.yaml
rg install
[ "$status" -eq 0 ] || fail "install in a pre-commit framework repository exited $status"
grep -q 'the pre-commit framework already runs remnant-guard' "$log" || fail "install does not say the framework runs it"
[ ! -e .git/hooks/pre-commit ] || fail "install wrote a hook beside the framework"
rm .pre-commit-config.yaml
printf '#!/usr/bin/env bash\n# File generated by pre-commit: https://pre-commit.com\nexec pre-commit hook-impl --hook-type=pre-commit -- "$@"\n' >.git/hooks/pre-commit
rg install
[ "$status" -eq 2 ] || fail "install over the framework's hook exited $status"
grep -q "is the pre-commit framework's hook: add remnant-guard to the pre-commit framework instead" "$log" || fail "install does not name the framework's hook"
grep -q 'id: remnant-guard' "$log" || fail "install does not print the framework snippet"
grep -q 'exec pre-commit hook-impl' .git/hooks/pre-commit || fail "install changed the framework's hook"
echo "firstweek: ok"
