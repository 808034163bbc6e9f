#!/bin/sh
# Run inside a private mount namespace (unshare --mount): a small tmpfs at
# $DIR is filled to ENOSPC, and $BIN is run against a repository on it.
# Each check prints "ok: ..." or "FAIL: ..."; the caller looks for FAIL.
set -u
LOG=$(mktemp -d)
mount -t tmpfs -o size=4m tmpfs "$DIR" || { echo "FAIL: mount: cannot mount a tmpfs"; exit 0; }
cd "$DIR" || exit 1
export GIT_CONFIG_NOSYSTEM=1 HOME="$DIR"
git init -q repo && cd repo || exit 1
git -c user.name=Ada -c user.email=ada@example.com commit -q --allow-empty -m root
printf '# Agents\n' > AGENTS.md

fill() { dd if=/dev/zero of="$DIR/fill" bs=4096 2>/dev/null; : ; }
unfill() { rm -f "$DIR/fill"; }
temps() { find "$DIR/repo" -name '.remnant-guard-*' ! -name '.remnant-guard-ignore' ! -name '.remnant-guard.toml' | grep . && echo "FAIL: $1: temporary files left"; }

# init on a full disk: exit 2, and no file it creates is left empty.
fill
"$BIN" init >"$LOG/out" 2>"$LOG/err"; code=$?
[ $code = 2 ] && echo "ok: init exits 2 on a full disk" || { echo "FAIL: init on a full disk exited $code"; cat "$LOG/err"; }
grep -q 'no space left on device' "$LOG/err" && echo "ok: init says the disk is full" || { echo "FAIL: init did not say no space left"; cat "$LOG/err"; }
for f in REMNANT.template.md CLAUDE.md GEMINI.md .remnant-guard.toml .gitignore; do
	if [ -e "$f" ] && [ ! -s "$f" ]; then echo "FAIL: init left an empty $f"; fi
done
temps init
unfill
"$BIN" init >"$LOG/out" 2>"$LOG/err" || { echo "FAIL: init after space was freed"; cat "$LOG/err"; }
grep -q 'REMNANT.template.md: created' "$LOG/out" && echo "ok: a later init creates the template" || { echo "FAIL: a later init did not create the template"; cat "$LOG/out"; }
grep -q '^## Decisions' REMNANT.template.md && echo "ok: the template is whole" || echo "FAIL: the template is not whole"

# SessionStart on a full disk does not leave an empty REMNANT.md.
printf '{"session_id":"s-1","hook_event_name":"SessionStart","cwd":"%s"}' "$PWD" > "$DIR/start.json"
fill
"$BIN" agent-hook --agent claude < "$DIR/start.json" >"$LOG/out" 2>"$LOG/err"; code=$?
if [ -e REMNANT.md ] && [ ! -s REMNANT.md ]; then echo "FAIL: SessionStart left an empty REMNANT.md"; else echo "ok: SessionStart leaves no empty REMNANT.md"; fi
temps SessionStart
unfill
rm -f REMNANT.md

# The commit hook with a Decisions record it cannot write: the warning,
# exit 0, not exit 2.
cp REMNANT.template.md REMNANT.md
git add -A
rm -rf .git/remnant-guard
fill
"$BIN" pre-commit >"$LOG/out" 2>"$LOG/err"; code=$?
[ $code = 0 ] && echo "ok: pre-commit exits 0 with the record unwritable" || { echo "FAIL: pre-commit exited $code"; cat "$LOG/out" "$LOG/err"; }
grep -q 'remnant-decisions-record-unusable' "$LOG/out" && echo "ok: the warning names the record" || { echo "FAIL: no remnant-decisions-record-unusable warning"; cat "$LOG/out" "$LOG/err"; }
temps pre-commit
unfill
"$BIN" pre-commit >"$LOG/out" 2>"$LOG/err"; code=$?
grep -q 'remnant-decisions-record-unusable' "$LOG/out" && echo "FAIL: the warning stays once space is freed"
[ -d .git/remnant-guard ] && echo "ok: the record is written once space is freed" || echo "FAIL: no record after space was freed"

# Every other writing command on a full disk: exit 2 naming the file it
# writes (not its temporary file), nothing half-written, no temporary
# file, and the file that was there as it was.
mkdir -p .claude && printf '{"keep": 1}\n' > .claude/settings.json
printf 'ghp_u8jzPde0IgxLd6GncfBAepfJBd0Kh8oOOL8d\n' > token.txt && git add token.txt
fill
for c in "install|pre-commit" "install --agent claude|.claude/settings.json" "install --agent gemini|.gemini/settings.json" "install --agent copilot|.github/hooks/remnant-guard.json" "allow token.txt:1|.remnant-guard-ignore" "scan --format json --output report.json|report.json"; do
	args=${c%%|*} file=${c#*|}
	# shellcheck disable=SC2086
	"$BIN" $args >"$LOG/out" 2>"$LOG/err"; code=$?
	if [ $code = 2 ] && grep -q "$file: no space left on device" "$LOG/err"; then echo "ok: $args exits 2 naming $file"; else echo "FAIL: $args exited $code"; cat "$LOG/err"; fi
	temps "$args"
done
grep -q '"keep": 1' .claude/settings.json && ! grep -q agent-hook .claude/settings.json || echo "FAIL: .claude/settings.json changed on a full disk"
[ -e .git/hooks/pre-commit ] && echo "FAIL: a hook was created on a full disk"
[ -e report.json ] && echo "FAIL: a report was created on a full disk"
[ -e .gemini ] && echo "FAIL: install --agent gemini left .gemini on a full disk"
[ -e .github ] && echo "FAIL: install --agent copilot left .github on a full disk"
unfill

# init --custodian on a full disk: exit 2, no memory file left empty and no
# temporary file; a later run completes the memory, which check passes.
git init -q "$DIR/mem" && cd "$DIR/mem" || exit 1
fill
"$BIN" init --custodian >"$LOG/out" 2>"$LOG/err"; code=$?
[ $code = 2 ] && echo "ok: init --custodian exits 2 on a full disk" || { echo "FAIL: init --custodian on a full disk exited $code"; cat "$LOG/err"; }
find . -path ./.git -prune -o -type f -empty -print | grep . && echo "FAIL: init --custodian left empty files"
find . -path ./.git -prune -o -name '.remnant-guard-*' ! -name '.remnant-guard.toml' ! -name '.remnant-guard-ignore' -print | grep . && echo "FAIL: init --custodian left temporary files"
unfill
"$BIN" init --custodian >"$LOG/out" 2>"$LOG/err" || { echo "FAIL: init --custodian after space was freed"; cat "$LOG/err"; }
"$BIN" check >"$LOG/out" 2>"$LOG/err" && echo "ok: a later init --custodian completes a memory check passes" || { echo "FAIL: check after init --custodian"; cat "$LOG/out" "$LOG/err"; }
