package judge

import (
	"fmt"
	"strings"

	"github.com/remnant-guard/remnant-guard/hooks/config"
	"github.com/remnant-guard/remnant-guard/validate"
	"github.com/remnant-guard/remnant-guard/validate/secrets"
)

// maxRunFindings is how many secret findings one run reports at most; a
// secrets.CappedRule finding says how many more there were. The engine
// stops at as many (and at secrets.MaxFileFindings a file); a report
// judged with engines of its own per part is capped here.
const maxRunFindings = secrets.MaxRunFindings

// UncomparedRule is the finding of a run that reached its budget of slow
// hashes comparing findings with the ignore file (secrets.SealBudget).
const UncomparedRule = "secret-ignore-not-compared"

// IsSecretFinding tells a finding of a secret rule about a secret (one with
// a fingerprint), as opposed to the findings about the scan itself.
func IsSecretFinding(f validate.Finding) bool {
	return f.Fingerprint != "" && strings.HasPrefix(f.RuleID, "secret-")
}

// capRun keeps the first maxRunFindings secret findings of fs, says how
// many more there were, and adds the uncompared finding when some were not
// compared with the ignore file. It caps a report once.
func (j *Judge) capRun(fs []validate.Finding) []validate.Finding {
	if j.capped {
		return fs
	}
	j.capped = true
	n, dropped, uncompared := 0, 0, 0
	var first *validate.Finding
	for _, f := range fs {
		if IsSecretFinding(f) {
			n++
		}
	}
	// Once the run is at its cap, every file after it would bring a
	// capped finding of its own: they become the one finding at the cap,
	// counting them all.
	full := n > maxRunFindings || j.engine.RunFull()
	out := fs[:0]
	n = 0
	for _, f := range fs {
		if c, ok := secrets.CappedCount(f); ok && full {
			if dropped += c; first == nil {
				first = &validate.Finding{Path: f.Path, Line: f.Line, Column: f.Column, Commit: f.Commit}
			}
			continue
		}
		if !IsSecretFinding(f) {
			out = append(out, f)
			continue
		}
		if n++; n > maxRunFindings {
			if dropped++; first == nil {
				first = &validate.Finding{Path: f.Path, Line: f.Line, Column: f.Column, Commit: f.Commit}
			}
			continue
		}
		if j.ignore.Uncompared(f.Fingerprint) {
			uncompared++
		}
		out = append(out, f)
	}
	if dropped > 0 {
		c := *first
		c.RuleID, c.Severity = secrets.CappedRule, validate.Error
		c.Message = fmt.Sprintf("%d more secret findings in this run are not shown: at most %d are reported per run, %d per file", dropped, maxRunFindings, secrets.MaxFileFindings)
		c.Hint = "remove what the findings show and run again"
		out = append(out, c)
	}
	if uncompared > 0 {
		out = append(out, j.uncomparedFinding(uncompared))
	}
	return out
}

func (j *Judge) uncomparedFinding(n int) validate.Finding {
	return validate.Finding{
		RuleID: UncomparedRule, Severity: validate.Error, Path: config.IgnoreName,
		Message: fmt.Sprintf("%d secret findings were not compared with %s and are reported as they are: comparing one costs a slow hash, "+
			"and this run spent its limit of %d (twice the fingerprints the file holds and 16, %d at most)", n, config.IgnoreName, j.ignore.Budget(), secrets.MaxSealBudget),
		Hint: "remove the secrets the findings show; a glob after a fingerprint, or its rule in the comment --write-ignore writes, " +
			"limits the findings it is compared with",
	}
}

// maxShownFingerprints is how many fingerprints one run seals only to
// show them, all or none (see planShown): each costs a slow hash. A
// finding whose secret was sealed to compare it with the ignore file shows
// its fingerprint at no cost.
const maxShownFingerprints = 3
