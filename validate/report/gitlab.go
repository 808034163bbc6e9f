package report

import (
	"crypto/md5"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"

	"github.com/remnant-guard/remnant-guard/validate"
)

// gitlabIssue is one entry of a GitLab code quality report.
type gitlabIssue struct {
	Description string         `json:"description"`
	CheckName   string         `json:"check_name"`
	Fingerprint string         `json:"fingerprint"`
	Severity    string         `json:"severity"`
	Location    gitlabLocation `json:"location"`
}

type gitlabLocation struct {
	Path  string      `json:"path"`
	Lines gitlabLines `json:"lines"`
}

type gitlabLines struct {
	Begin int `json:"begin"`
}

// WriteGitLab writes rep as a GitLab code quality report.
func WriteGitLab(w io.Writer, rep *Report) error {
	out := make([]gitlabIssue, 0, len(rep.Findings))
	for _, f := range rep.Findings {
		sev := "minor"
		if f.Severity == validate.Error {
			sev = "major"
		}
		desc := f.Message
		if f.Commit != "" {
			desc += " (commit " + ShortRev(f.Commit) + ")"
		}
		out = append(out, gitlabIssue{
			Description: desc, CheckName: f.RuleID, Fingerprint: gitlabFingerprint(f), Severity: sev,
			Location: gitlabLocation{Path: f.Path, Lines: gitlabLines{Begin: max(f.Line, 1)}},
		})
	}
	// A finding the merge request accepts itself is an "info" issue: the
	// merge request widget shows it, with its justification.
	for _, s := range rep.Suppressed {
		out = append(out, gitlabIssue{
			Description: suppressedMessage(s), CheckName: s.RuleID, Fingerprint: gitlabFingerprint(s.Finding), Severity: "info",
			Location: gitlabLocation{Path: s.Path, Lines: gitlabLines{Begin: max(s.Line, 1)}},
		})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// gitlabFingerprint is unique per finding: rule, path, position, commit
// and what was found.
func gitlabFingerprint(f validate.Finding) string {
	sum := md5.Sum([]byte(fmt.Sprintf("%s\x00%s\x00%d\x00%d\x00%s\x00%s", f.RuleID, f.Path, f.Line, f.Column, f.Commit, findingHash(f))))
	return hex.EncodeToString(sum[:])
}
