package judge

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/remnant-guard/remnant-guard/hooks/config"
	"github.com/remnant-guard/remnant-guard/internal/safefile"
	"github.com/remnant-guard/remnant-guard/internal/shquote"
	"github.com/remnant-guard/remnant-guard/internal/textsafe"
	"github.com/remnant-guard/remnant-guard/validate"
	"github.com/remnant-guard/remnant-guard/validate/report"
	"github.com/remnant-guard/remnant-guard/validate/secrets"
)

// Fingerprints, as reports show them and .remnant-guard-ignore stores them,
// are sealed: PBKDF2-HMAC-SHA256 of the in-run fingerprint with the salt
// the ignore file records (secrets.Sealer). A repository without a salt
// yet shows none; --write-ignore draws one and writes it first.

// findingKey identifies a finding within one report.
func findingKey(f validate.Finding) string {
	return fmt.Sprintf("%s\x00%s\x00%d\x00%d\x00%s", f.RuleID, f.Path, f.Line, f.Column, f.Commit)
}

// publishFingerprint replaces f's in-run fingerprint by its sealed form,
// or, without a salt, keeps it aside and leaves it out of the report; the
// hint names the command that accepts this one finding.
func (j *Judge) publishFingerprint(f *validate.Finding) {
	if f.Fingerprint == "" || j.sealed[f.Fingerprint] {
		return
	}
	if s := j.ignore.Sealer(); s != nil {
		sealed, ok := s.Sealed(f.Fingerprint)
		if !ok && j.shown >= maxShownFingerprints {
			j.keepUnsealed(f)
			return
		}
		if !ok {
			j.shown++
			sealed = s.Seal(f.Fingerprint)
		}
		f.Fingerprint = sealed
		if j.sealed == nil {
			j.sealed = map[string]bool{}
		}
		j.sealed[f.Fingerprint] = true
		f.Hint = allowHint(*f, f.Fingerprint)
		return
	}
	j.keepUnsealed(f)
}

// keepUnsealed keeps f's in-run fingerprint aside, for --write-ignore, and
// leaves it out of the report; the hint names the finding by its place.
func (j *Judge) keepUnsealed(f *validate.Finding) {
	if j.unsealed == nil {
		j.unsealed = map[string]string{}
	}
	j.unsealed[findingKey(*f)] = f.Fingerprint
	f.Fingerprint = ""
	ref := placeRef(*f)
	if strings.ContainsRune(f.Path, '…') || j.masker.MaskWith(j.engine, f.Path) != f.Path {
		// The path holds a secret (nameFindings and maskPaths show it
		// masked): no command line can name it without showing it.
		ref = ""
	}
	f.Hint = allowHint(*f, ref)
}

// planShown decides, before the findings are published, whether the
// fingerprints that would be computed only to be shown are few enough
// (maxShownFingerprints distinct secrets) to show them all; if not, none
// is computed, and those findings are named by their place. The findings
// carry their configured severity.
func (j *Judge) planShown(fs []validate.Finding) {
	s := j.ignore.Sealer()
	if s == nil || j.shown >= maxShownFingerprints {
		return
	}
	need := map[string]bool{}
	for _, f := range fs {
		if f.Fingerprint == "" || j.sealed[f.Fingerprint] || f.Severity == validate.Off {
			continue
		}
		if _, ok := s.Sealed(f.Fingerprint); !ok {
			need[f.Fingerprint] = true
		}
	}
	if j.shown+len(need) > maxShownFingerprints {
		j.shown = maxShownFingerprints
	}
}

// AllowCommand starts every command a hint gives to accept a finding;
// the command line replaces it with the way to run the binary that ran.
const AllowCommand = "remnant-guard allow "

// allowHint is a secret finding's hint: fix it first; then how to accept
// this one finding, ref naming it (its fingerprint, or its place). A key in
// a service's own format is said to be taken as live.
func allowHint(f validate.Finding, ref string) string {
	what, _, _ := strings.Cut(f.Hint, ";")
	if what == "" {
		what = "remove the secret and rotate it"
	}
	how := AllowCommand + ref
	if ref == "" || textsafe.Unsafe(ref) {
		// No command line printed can name the file: its controls and
		// bidi characters are shown escaped, as another file's name.
		how = "write remnant-guard:allow in a comment on its line"
		if f.Line == 0 {
			how = AllowCommand + "FINGERPRINT, with the fingerprint a run shows once .remnant-guard-ignore has a salt " +
				"(remnant-guard init writes one) and the run has at most 3 secret findings"
		}
	}
	if secrets.LooksLive(f.RuleID) {
		return what + " (it has the format of a real key: treat it as live); only if it is a test value: " + how
	}
	return what + "; if it is not a secret: " + how
}

// keepFingerprint redacts a finding's hint around the fingerprint it
// names: a sealed fingerprint is no secret (reports show it), though it
// looks like a token to redact.
func keepFingerprint(f validate.Finding, redact func(string) string) string {
	if f.Fingerprint == "" || !strings.Contains(f.Hint, f.Fingerprint) {
		return redact(f.Hint)
	}
	parts := strings.Split(f.Hint, f.Fingerprint)
	for i := range parts {
		parts[i] = redact(parts[i])
	}
	return strings.Join(parts, f.Fingerprint)
}

// placeRef names a finding by its place, for a repository whose findings
// show no fingerprint yet: PATH:LINE, and COMMIT:PATH:LINE for one in
// history (as gitleaks names them).
func placeRef(f validate.Finding) string {
	ref := f.Path
	if f.Line > 0 {
		ref = fmt.Sprintf("%s:%d", f.Path, f.Line)
	}
	if f.Commit != "" {
		ref = report.ShortRev(f.Commit) + ":" + ref
	} else if strings.HasPrefix(ref, "-") {
		ref = "./" + ref // not a flag
	}
	return shquote.Arg(ref)
}

// SealedIgnore returns the ignore file's content ready for new lines, and
// its sealer: a file without a salt gets one, its unsalted fingerprints
// sealed in place (their globs and comments kept).
func SealedIgnore(name string) ([]byte, *secrets.Sealer, bool, error) {
	old, err := IgnoreRoot(name).ReadOptional(name, safefile.MaxSideFileSize)
	if err != nil {
		return nil, nil, false, err
	}
	if salt := secrets.ParseSalt(old); salt != "" {
		raw, err := hex.DecodeString(salt)
		if err != nil {
			return nil, nil, false, fmt.Errorf("%s: bad salt line", name)
		}
		s, err := secrets.NewSealer(raw)
		return old, s, false, err
	}
	s, err := secrets.NewSealer(secrets.NewSalt())
	if err != nil {
		return nil, nil, false, err
	}
	var b bytes.Buffer
	b.WriteString("# Fingerprints of accepted secret findings, sealed with the salt below\n")
	b.WriteString("# (PBKDF2-HMAC-SHA256, per repository). Keep the salt line.\n")
	b.WriteString("salt " + s.Salt() + "\n")
	for _, line := range strings.SplitAfter(string(old), "\n") {
		fields := strings.Fields(line)
		if len(fields) > 0 && len(fields[0]) == 32 && IsHexDigits(fields[0]) {
			line = s.Seal(strings.ToLower(fields[0])) + strings.TrimLeft(line, " \t")[len(fields[0]):]
		}
		b.WriteString(line)
	}
	return b.Bytes(), s, len(old) > 0, nil
}

// IgnoreRoot is the tree the ignore file must stay in: the folder at the
// top of the repository that holds it. An ignore file that is a symbolic
// link out of it (dangling or not) is neither read nor written.
func IgnoreRoot(name string) safefile.Root { return safefile.Root{Dir: filepath.Dir(name)} }

// WriteIgnoreFile writes content to the ignore file through a temporary
// file and a rename, inside the repository.
func WriteIgnoreFile(name string, content []byte) error {
	return IgnoreRoot(name).Replace(name, content, 0o644)
}

func IsHexDigits(s string) bool {
	_, err := hex.DecodeString(s)
	return err == nil
}

// UnsaltedRule is the warning for an ignore file from before sealing.
const UnsaltedRule = "ignore-unsalted"

func unsaltedIgnore() validate.Finding {
	return validate.Finding{
		RuleID: UnsaltedRule, Severity: validate.Warning, Path: config.IgnoreName, Local: true,
		Message: "the fingerprints have no salt, so each confirms a guessed secret in one SHA-256; they keep working meanwhile",
		Hint:    "seal them: remnant-guard init (adds a salt line and rewrites each fingerprint in place; accepts nothing new)",
	}
}

// WriteIgnore appends the report's secret findings to the ignore file,
// sealed, and takes them out of the report: they are the accepted baseline
// now. A file without a salt gets one first, its fingerprints sealed.
func WriteIgnore(rep *report.Report, name string, j *Judge) error {
	content, sealer, migrated, err := SealedIgnore(name)
	if err != nil {
		return err
	}
	var b strings.Builder
	kept := rep.Findings[:0]
	n := 0
	for _, f := range rep.Findings {
		if f.RuleID == UncomparedRule {
			continue // the findings it is about are accepted below, each of them
		}
		raw, unsealed := j.unsealed[findingKey(f)]
		if !strings.HasPrefix(f.RuleID, "secret-") || f.Fingerprint == "" && !unsealed {
			kept = append(kept, f)
			continue
		}
		if f.Fingerprint == "" {
			f.Fingerprint = sealer.Seal(raw)
		}
		b.WriteString(secrets.FormatIgnoreLine(f) + "\n")
		rep.Accepted = append(rep.Accepted, f)
		n++
	}
	rep.Findings = kept
	if n == 0 && !migrated {
		rep.Notes = append(rep.Notes, "no secret findings to add to "+config.IgnoreName)
		return nil
	}
	if len(content) > 0 && content[len(content)-1] != '\n' {
		content = append(content, '\n')
	}
	if err := WriteIgnoreFile(name, append(content, b.String()...)); err != nil {
		return err
	}
	if migrated {
		rep.Notes = append(rep.Notes, "sealed the fingerprints already in "+config.IgnoreName+" with a new salt")
	}
	if n > 0 {
		rep.Notes = append(rep.Notes, fmt.Sprintf("added %d fingerprints to %s", n, config.IgnoreName))
	}
	return nil
}

// exampleEngine is the engine the config's rule examples are run through:
// e itself, or, when a salted ignore file would seal every example found
// (a slow hash each, on every run), the same rules without the ignore file.
func exampleEngine(e *secrets.Engine, opt secrets.Options, cfg *config.Config) *secrets.Engine {
	if opt.Ignore.Sealer() == nil || len(cfg.Secrets.Rules) == 0 {
		return e
	}
	opt.Ignore = nil
	plain, err := secrets.NewEngine(secrets.BuiltinRules(), opt)
	if err != nil {
		return e
	}
	return plain
}
