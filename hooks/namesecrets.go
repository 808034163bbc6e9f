package hooks

import (
	"strings"

	"github.com/remnant-guard/remnant-guard/gitutil"
	"github.com/remnant-guard/remnant-guard/validate"
	"github.com/remnant-guard/remnant-guard/validate/report"
	"github.com/remnant-guard/remnant-guard/validate/secrets"
)

// A file name is content the commit adds: the name of a file it adds,
// renames or copies is scanned for secrets as a line of its own. The
// finding names the file with the secret masked, as a secret finding
// shows a secret: its first 4 characters.

// scansName tells whether a change brings a new name into the tree.
func scansName(c gitutil.Change) bool {
	return c.Status == 'A' || c.Status == 'R' || c.Status == 'C'
}

// nameLine is a path as the one line of an unnamed file for the scanner.
func nameLine(path string) []secrets.Line {
	return []secrets.Line{{Number: 1, Text: nameText(path)}}
}

// nameText is a path as one line of text: a new line in the name (git
// allows one) is read as a space, of the same width, so that the columns
// of what is found still point into the name.
func nameText(path string) []byte {
	return []byte(strings.ReplaceAll(path, "\n", " "))
}

// nameFindings turns what the scanner found in a path, scanned as a
// line, into findings about the file, with the path masked; masked is the
// path as every finding about the file must show it ("" when clean).
func nameFindings(found []validate.Finding, path string) (out []validate.Finding, masked string) {
	if len(found) == 0 {
		return nil, ""
	}
	runes := []rune(path)
	keep := make([]bool, len(runes))
	for i := range keep {
		keep[i] = true
	}
	for _, f := range found {
		start, end := f.Column-1, f.EndColumn
		if f.EndLine > f.Line || end <= 0 || end > len(runes) {
			end = len(runes)
		}
		for i := max(start+4, 0); i < end; i++ {
			keep[i] = false
		}
	}
	var b []rune
	for i, r := range runes {
		switch {
		case keep[i]:
			b = append(b, r)
		case i == 0 || keep[i-1]:
			b = append(b, '…')
		}
	}
	masked = string(b)
	for _, f := range found {
		f.Path, f.Line, f.Column, f.EndLine, f.EndColumn = masked, 0, 0, 0, 0
		f.Message = "in the file name: " + f.Message
		f.Hint = "rename the file so that its name holds no secret, and rotate the secret"
		out = append(out, f)
	}
	return out, masked
}

// maskPaths shows every finding and skipped file about a path whose name
// holds a secret with the masked name.
func maskPaths(rep *report.Report, masked map[string]string) {
	if len(masked) == 0 {
		return
	}
	for i, f := range rep.Findings {
		if m, ok := masked[f.Path]; ok {
			rep.Findings[i].Path = m
		}
	}
	for i, s := range rep.Skipped {
		if m, ok := masked[s.Path]; ok {
			rep.Skipped[i].Path = m
		}
	}
}
