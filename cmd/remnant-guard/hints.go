package main

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"path"
	"slices"
	"strings"

	"github.com/remnant-guard/remnant-guard/hooks/judge"
	"github.com/remnant-guard/remnant-guard/internal/shquote"
	"github.com/remnant-guard/remnant-guard/internal/textsafe"
	"github.com/remnant-guard/remnant-guard/validate"
	"github.com/remnant-guard/remnant-guard/validate/report"
	"github.com/remnant-guard/remnant-guard/validate/secrets"
)

// fixHint leads what is said once per run about secret findings: fixing
// comes before accepting.
const fixHint = "remnant-guard: hint: a committed secret stays in the history: take it out of the file, " +
	"and rotate it where it was issued if it ever was real\n"

// acceptHint says how to accept one finding that is not a secret; each
// finding's own hint names the command for it.
const acceptHint = "remnant-guard: hint: not a secret? accept that one finding: write remnant-guard:allow " +
	"(or gitleaks:allow) in a comment on its line (remnant-guard:allow-next-line on the line above), " +
	"or run the allow command its hint shows, which adds it to .remnant-guard-ignore\n"

// acceptHintCI is acceptHint for ci, which reads .remnant-guard-ignore
// from the base commit: of what the pull request adds, only an entry that
// names one of its findings exactly, or an allow comment on its line,
// accepts that finding here, and is reported as accepted.
const acceptHintCI = "remnant-guard: hint: not a secret? run the allow command its hint shows and commit " +
	".remnant-guard-ignore, or write remnant-guard:allow in a comment on its line: either accepts that one finding " +
	"in this pull request, reported as accepted in it for review; any other change to the base branch's rules counts once merged\n"

// maskSuppressed does for the findings a range accepts itself what the
// masker does for every finding: secrets masked, controls escaped.
func maskSuppressed(m *judge.Masker, rep *report.Report) {
	for i := range rep.Suppressed {
		s := &rep.Suppressed[i]
		s.Message, s.Justification = textsafe.Escape(m.Redact(s.Message)), textsafe.Escape(m.Redact(s.Justification))
		s.Path, s.RuleID = textsafe.Escape(m.Mask(s.Path)), textsafe.Escape(s.RuleID)
	}
}

func (r *reportFlags) acceptHintText() string {
	if r.acceptHint != "" {
		return r.acceptHint
	}
	return acceptHint
}

// writeSecretHints says once, on stderr, what to do about the run's
// secret findings: fix, then accept one; and, only when none of them looks
// like a live key, how to accept them all as a baseline.
func writeSecretHints(w io.Writer, rep *report.Report, rf reportFlags) {
	io.WriteString(w, fixHint)
	writeByNatureHints(w, rep)
	io.WriteString(w, rf.acceptHintText())
	if self := selfCommand(); self != "remnant-guard" && rf.acceptHint == "" {
		maskerOf(w).Keep(self)
		which := "the copy that ran"
		if os.Getenv("PRE_COMMIT") == "1" {
			which = "the copy the pre-commit framework ran, from its cache"
		}
		fmt.Fprintf(w, "remnant-guard: note: remnant-guard is not on PATH here: the commands above name %s, %s\n", which, self)
	}
	if rf.acceptHint != "" {
		return
	}
	for _, f := range rep.Findings {
		if isSecret(f.RuleID) && secrets.LooksLive(f.RuleID) {
			return
		}
	}
	self := selfCommand()
	maskerOf(w).Keep(self)
	fmt.Fprintf(w, "remnant-guard: hint: many known false findings (adopting on an old repository)? %s scan --write-ignore "+
		"accepts every current one as a baseline and lists each\n", self)
}

func isSecret(rule string) bool { return strings.HasPrefix(rule, "secret-") }

// skipOrFixHint is the last hint of a refused commit: fix, or skip the
// check once; skipping is not offered when a finding must never be
// committed, a staged REMNANT.md or a key the output calls live.
func skipOrFixHint(rep *report.Report) string {
	for _, f := range rep.Findings {
		if f.Severity < rep.FailOn {
			continue
		}
		if f.RuleID == "remnant-staged" || isSecret(f.RuleID) && secrets.LooksLive(f.RuleID) {
			return "remnant-guard: hint: fix the findings above: they must not be committed\n"
		}
	}
	return "remnant-guard: hint: fix the findings above, or skip the check once with " + skipHint() + "\n"
}

// maxByNatureHints bounds the files writeByNatureHints names.
const maxByNatureHints = 5

// writeByNatureHints says, for each file holding a secret finding whose
// name says it holds secrets by its nature (an .env, a private key, an
// .npmrc, a credentials.json), that the file itself leaves git: the
// command that unstages it and the one that ignores it, as the hooks print
// paths, from the top of the repository.
func writeByNatureHints(w io.Writer, rep *report.Report) {
	seen := map[string]bool{}
	for _, f := range rep.Findings {
		if !isSecret(f.RuleID) || f.Line == 0 || seen[f.Path] || strings.ContainsRune(f.Path, '…') || !secretByNature(f.Path) {
			continue
		}
		if seen[f.Path] = true; len(seen) > maxByNatureHints {
			return
		}
		fmt.Fprintf(w, "remnant-guard: hint: %s holds secrets by its nature: keep it out of git: git rm --cached -- %s && echo %s >> .gitignore\n",
			f.Path, shquote.Quote(f.Path), shquote.Quote("/"+f.Path))
	}
}

// secretByNature tells a file whose name says it holds secrets: an
// environment file (not its .example, .sample or .template), a private
// key or key store, an SSH key, a package registry's or a shell's
// credentials file, a cloud credentials file.
func secretByNature(p string) bool {
	name := strings.ToLower(path.Base(p))
	switch name {
	case ".env", ".npmrc", ".pypirc", ".netrc", "_netrc", ".git-credentials", ".dockercfg",
		"credentials.json", "client_secret.json", "service-account.json", "secrets.json",
		"id_rsa", "id_dsa", "id_ecdsa", "id_ed25519":
		return true
	}
	if rest, ok := strings.CutPrefix(name, ".env."); ok {
		return !slices.Contains([]string{"example", "sample", "template", "dist", "defaults"}, rest)
	}
	switch path.Ext(name) {
	case ".pem", ".key", ".p12", ".pfx", ".jks", ".keystore", ".ppk":
		return true
	}
	return false
}

// localizeHints makes the accept commands of the findings' hints run the
// binary that ran: under the pre-commit framework, or any hook manager
// that runs a copy not on PATH, that copy.
func localizeHints(rep *report.Report, m *judge.Masker) {
	if !slices.ContainsFunc(rep.Findings, func(f validate.Finding) bool { return strings.Contains(f.Hint, judge.AllowCommand) }) {
		return // the run names no command: the binary is not looked up
	}
	self := selfCommand()
	if self == "remnant-guard" {
		return
	}
	m.Keep(self)
	for i, f := range rep.Findings {
		rep.Findings[i].Hint = strings.ReplaceAll(f.Hint, judge.AllowCommand, self+" allow ")
	}
}

// selfCommand is how to run this binary from a shell where the run
// happened: "remnant-guard" when that name on PATH is this binary, else
// its full path, quoted. Under the pre-commit framework (PRE_COMMIT=1) the
// PATH is the framework's, with its cache first, not the user's: the full
// path it is.
func selfCommand() string {
	exe, err := os.Executable()
	if err != nil {
		return "remnant-guard"
	}
	if os.Getenv("PRE_COMMIT") == "1" {
		return shquote.Quote(exe)
	}
	if p, err := exec.LookPath("remnant-guard"); err == nil && sameFile(p, exe) {
		return "remnant-guard"
	}
	return shquote.Quote(exe)
}

func sameFile(a, b string) bool {
	fa, err := os.Stat(a)
	if err != nil {
		return false
	}
	fb, err := os.Stat(b)
	return err == nil && os.SameFile(fa, fb)
}

// writeAccepted lists, on stderr, the secret findings --write-ignore
// accepted, and warns about those that look like live keys.
func writeAccepted(w io.Writer, rep *report.Report) {
	if len(rep.Accepted) == 0 {
		return
	}
	live := 0
	fmt.Fprintf(w, "remnant-guard: accepted %s into .remnant-guard-ignore:\n", report.Plural(len(rep.Accepted), "secret finding"))
	for _, f := range rep.Accepted {
		mark := ""
		if secrets.LooksLive(f.RuleID) {
			mark, live = " (looks live)", live+1
		}
		fmt.Fprintf(w, "    %s: %s [%s]%s\n", report.Location(f), f.Message, f.RuleID, mark)
	}
	if live > 0 {
		fmt.Fprintf(w, "remnant-guard: warning: %d of them %s the format of a real key: if one is, rotate it, take it out of the file "+
			"and delete its line from .remnant-guard-ignore (the line names its place)\n", live, map[bool]string{true: "has", false: "have"}[live == 1])
	}
}
