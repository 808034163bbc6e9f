package report

import (
	"encoding/json"
	"io"

	"github.com/remnant-guard/remnant-guard/validate"
)

type jsonReport struct {
	Version  int                `json:"version"`
	Findings []validate.Finding `json:"findings"`
	Skipped  []validate.Skipped `json:"skipped"`
	// Suppressed is left out when there is none: the format of runs
	// without it stays as it was.
	Suppressed []Suppressed `json:"suppressed,omitempty"`
}

func WriteJSON(w io.Writer, rep *Report) error {
	out := jsonReport{Version: 1, Findings: rep.Findings, Skipped: rep.Skipped, Suppressed: rep.Suppressed}
	if out.Findings == nil {
		out.Findings = []validate.Finding{}
	}
	if out.Skipped == nil {
		out.Skipped = []validate.Skipped{}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
