package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/remnant-guard/remnant-guard/internal/textsafe"
	"github.com/remnant-guard/remnant-guard/validate"
)

// WriteGitHub writes one workflow command a finding:
// ::error file=P,line=L,col=C,endLine=..,endColumn=..,title=T::message
// Controls in a name or a message are shown escaped (textsafe), then the
// workflow-command escaping applies: GitHub's log renders ANSI colours, and
// a raw one could hide or recolour an annotation.
func WriteGitHub(w io.Writer, rep *Report) error {
	for _, f := range rep.Findings {
		kind := "warning"
		if f.Severity == validate.Error {
			kind = "error"
		}
		props := ghLocation(f.Path, f.Line, f.Column, f.EndLine, f.EndColumn)
		props = append(props, "title="+ghProperty("remnant-guard: "+textsafe.Escape(f.RuleID)))
		if err := ghCommand(w, kind, props, textsafe.EscapeText(ghMessage(f))); err != nil {
			return err
		}
	}
	for _, s := range rep.Skipped {
		props := append(ghLocation(s.Path, 0, 0, 0, 0), "title="+ghProperty("remnant-guard: skipped"))
		if err := ghCommand(w, "notice", props, "not scanned: "+textsafe.Escape(s.Reason)); err != nil {
			return err
		}
	}
	for _, s := range rep.Suppressed {
		props := append(ghLocation(s.Path, s.Line, 0, 0, 0), "title="+ghProperty("remnant-guard: "+SuppressedNote+": "+textsafe.Escape(s.RuleID)))
		if err := ghCommand(w, "notice", props, textsafe.EscapeText(suppressedMessage(s))); err != nil {
			return err
		}
	}
	for _, n := range rep.Notes {
		if err := ghCommand(w, "notice", []string{"title=" + ghProperty("remnant-guard: note")}, textsafe.EscapeText(n)); err != nil {
			return err
		}
	}
	return nil
}

// ghLocation is a workflow command's file and position properties; a
// position of 0 is left out, and so are the columns when the line is.
func ghLocation(path string, line, col, endLine, endCol int) []string {
	props := []string{"file=" + ghProperty(textsafe.Escape(path))}
	if line <= 0 {
		return props
	}
	for _, p := range []struct {
		name string
		v    int
	}{{"line", line}, {"col", col}, {"endLine", endLine}, {"endColumn", endCol}} {
		if p.v > 0 {
			props = append(props, fmt.Sprintf("%s=%d", p.name, p.v))
		}
	}
	return props
}

// ghCommand writes one workflow command: ::kind props::data, the data
// escaped as GitHub reads it.
func ghCommand(w io.Writer, kind string, props []string, data string) error {
	_, err := fmt.Fprintf(w, "::%s %s::%s\n", kind, strings.Join(props, ","), ghData(data))
	return err
}

// suppressedMessage is a Suppressed finding's message, with its commit
// and its justification.
func suppressedMessage(s Suppressed) string {
	msg := SuppressedNote + ": " + s.Message
	if s.Commit != "" {
		msg += " (commit " + ShortRev(s.Commit) + ")"
	}
	return msg + "\n" + s.Justification
}

func ghMessage(f validate.Finding) string {
	msg := f.Message
	if f.Commit != "" {
		msg += " (commit " + ShortRev(f.Commit) + ")"
	}
	if f.Hint != "" {
		msg += "\n" + f.Hint
	}
	return msg
}

var (
	ghDataEscaper     = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A")
	ghPropertyEscaper = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C")
)

func ghData(s string) string     { return ghDataEscaper.Replace(s) }
func ghProperty(s string) string { return ghPropertyEscaper.Replace(s) }

func WriteStepSummary(w io.Writer, rep *Report) error {
	var b strings.Builder
	fmt.Fprintf(&b, "### remnant-guard\n\n%s", Counts(rep))
	if len(rep.Skipped) > 0 {
		fmt.Fprintf(&b, ", %s skipped", Plural(len(rep.Skipped), "file"))
	}
	b.WriteString("\n\n")
	if len(rep.Findings) > 0 {
		b.WriteString("| Severity | Location | Rule | Commit | Message |\n|---|---|---|---|---|\n")
		for _, f := range rep.Findings {
			loc := f.Path
			if f.Line > 0 {
				loc = fmt.Sprintf("%s:%d", loc, f.Line)
			}
			fmt.Fprintf(&b, "| %s | %s | `%s` | %s | %s |\n", f.Severity, mdCell(loc), mdCell(f.RuleID), mdCell(ShortRev(f.Commit)), mdCell(f.Message))
		}
		b.WriteString("\n")
	}
	for _, s := range rep.Skipped {
		fmt.Fprintf(&b, "- skipped %s: %s\n", mdCell(s.Path), mdCell(s.Reason))
	}
	if len(rep.Suppressed) > 0 {
		fmt.Fprintf(&b, "\n%s, %s:\n\n| Location | Rule | Commit | Message | Justification |\n|---|---|---|---|---|\n",
			Plural(len(rep.Suppressed), "finding"), SuppressedNote)
		for _, s := range rep.Suppressed {
			loc := s.Path
			if s.Line > 0 {
				loc = fmt.Sprintf("%s:%d", loc, s.Line)
			}
			fmt.Fprintf(&b, "| %s | `%s` | %s | %s | %s |\n", mdCell(loc), mdCell(s.RuleID), mdCell(ShortRev(s.Commit)), mdCell(s.Message), mdCell(s.Justification))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// mdCell makes text safe in a Markdown table cell: controls are shown
// escaped (textsafe), and the characters that end a cell, open HTML, code
// or a link are escaped, so that a name cannot add a link or an image to
// the summary.
func mdCell(s string) string {
	return textsafe.Escape(mdCellEscaper.Replace(s))
}

var mdCellEscaper = strings.NewReplacer("|", `\|`, "\n", " ", "\r", " ", "<", "&lt;", "`", "\\`", "[", `\[`, "]", `\]`)

func ShortRev(h string) string { return h[:min(len(h), 12)] }
