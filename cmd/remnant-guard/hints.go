package main

// acceptHint says how to accept secret findings that are not secrets; it
// is printed once per run, after the findings.
const acceptHint = "remnant-guard: hint: not a secret? write remnant-guard:allow in a comment on its line " +
	"(remnant-guard:allow-next-line on the line above), or add its fingerprint to .remnant-guard-ignore; " +
	"remnant-guard scan --write-ignore (or pre-commit --write-ignore) adds every current one\n"

// acceptHintCI is acceptHint for ci, which reads .remnant-guard-ignore
// from the base commit: a fingerprint the pull request adds accepts
// nothing until it is merged.
const acceptHintCI = "remnant-guard: hint: not a secret? write remnant-guard:allow in a comment on its line " +
	"(remnant-guard:allow-next-line on the line above), or add its fingerprint to the .remnant-guard-ignore " +
	"of the base branch (ci reads the base's rules, so one the pull request adds counts once merged)\n"

func (r *reportFlags) acceptHintText() string {
	if r.acceptHint != "" {
		return r.acceptHint
	}
	return acceptHint
}
