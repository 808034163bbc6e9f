package report

import (
	"encoding/xml"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/remnant-guard/remnant-guard/validate"
)

// JUnit XML as Jenkins, GitLab and Azure Pipelines read it (the
// junit-4.xsd shape): one testsuite per rule family, one testcase per rule.
// A rule with a finding that blocks has a failure listing its findings;
// non-blocking findings go to system-out. Files not scanned are one more
// testcase, skipped (a failure under hook.block_skipped).
type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Errors   int          `xml:"errors,attr"`
	Time     string       `xml:"time,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name       string      `xml:"name,attr"`
	ID         int         `xml:"id,attr"`
	Package    string      `xml:"package,attr"`
	Tests      int         `xml:"tests,attr"`
	Failures   int         `xml:"failures,attr"`
	Errors     int         `xml:"errors,attr"`
	Skipped    int         `xml:"skipped,attr"`
	Time       string      `xml:"time,attr"`
	Timestamp  string      `xml:"timestamp,attr"`
	Hostname   string      `xml:"hostname,attr"`
	Properties *struct{}   `xml:"properties"`
	Cases      []junitCase `xml:"testcase"`
	SystemOut  *struct{}   `xml:"system-out"`
	SystemErr  *struct{}   `xml:"system-err"`
}

func newSuite(name, now, host string, id int) junitSuite {
	return junitSuite{Name: name, ID: id, Package: name, Time: "0", Timestamp: now, Hostname: host,
		Properties: &struct{}{}, SystemOut: &struct{}{}, SystemErr: &struct{}{}}
}

type junitCase struct {
	Name      string        `xml:"name,attr"`
	Classname string        `xml:"classname,attr"`
	Time      string        `xml:"time,attr"`
	Skipped   *junitMessage `xml:"skipped"`
	Failure   *junitMessage `xml:"failure"`
	SystemOut string        `xml:"system-out,omitempty"`
}

type junitMessage struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr,omitempty"`
	Text    string `xml:",chardata"`
}

// WriteJUnit writes the report as JUnit XML; failOn and the report's
// blocking settings decide which findings are failures. The suites carry
// the host and the time of the run.
func WriteJUnit(w io.Writer, rep *Report, rules []validate.Rule, only validate.Family, failOn validate.Severity, host string, at time.Time) error {
	now := at.UTC().Format("2006-01-02T15:04:05")
	if host == "" {
		host = "localhost"
	}
	byRule := map[string][]validate.Finding{}
	for _, f := range rep.Findings {
		byRule[f.RuleID] = append(byRule[f.RuleID], f)
	}
	out := junitSuites{Name: "remnant-guard", Time: "0"}
	for _, fam := range []validate.Family{validate.Memory, validate.Secrets} {
		if only != "" && only != fam {
			continue
		}
		s := newSuite("remnant-guard."+string(fam), now, host, len(out.Suites))
		for _, r := range rules {
			if r.Family == fam {
				s.Cases = append(s.Cases, ruleCase(s.Name, r.ID, byRule[r.ID], rep, failOn))
				delete(byRule, r.ID)
			}
		}
		out.Suites = append(out.Suites, s)
	}
	if len(rep.Suppressed) > 0 && only != validate.Memory { // in the secrets suite, passed, listed
		s := &out.Suites[len(out.Suites)-1]
		s.Cases = append(s.Cases, suppressedCase(s.Name, rep))
	}
	if len(rep.Skipped) > 0 { // in the last family's suite: secrets, or memory under --only memory
		s := &out.Suites[len(out.Suites)-1]
		s.Cases = append(s.Cases, skippedCase(s.Name, rep))
	}
	if len(byRule) > 0 { // findings of rules not in the list: configured secret rules
		s := newSuite("remnant-guard.other", now, host, len(out.Suites))
		for _, f := range rep.Findings {
			if fs, ok := byRule[f.RuleID]; ok {
				s.Cases = append(s.Cases, ruleCase(s.Name, f.RuleID, fs, rep, failOn))
				delete(byRule, f.RuleID)
			}
		}
		out.Suites = append(out.Suites, s)
	}
	for i := range out.Suites {
		s := &out.Suites[i]
		for _, c := range s.Cases {
			s.Tests++
			if c.Failure != nil {
				s.Failures++
			}
			if c.Skipped != nil {
				s.Skipped++
			}
		}
		out.Tests += s.Tests
		out.Failures += s.Failures
	}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(out); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}

// ruleCase is the testcase of one rule: failed when one of its findings
// blocks.
func ruleCase(class, id string, fs []validate.Finding, rep *Report, failOn validate.Severity) junitCase {
	c := junitCase{Name: id, Classname: class, Time: "0"}
	var failing, other strings.Builder
	n := 0
	for _, f := range fs {
		line := junitLine(f)
		if f.Severity >= failOn && (!f.Local || rep.BlockLocal) {
			failing.WriteString(line)
			n++
		} else {
			other.WriteString(line)
		}
	}
	if n > 0 {
		c.Failure = &junitMessage{Message: fmt.Sprintf("%s: %s", Plural(n, "finding"), firstMessage(fs)), Type: id, Text: failing.String()}
	}
	c.SystemOut = other.String()
	return c
}

// skippedCase is the testcase of the files not scanned.
// suppressedCase is the passed testcase listing the findings a pull
// request accepts itself, each with its justification.
func suppressedCase(class string, rep *Report) junitCase {
	c := junitCase{Name: SuppressedNote, Classname: class, Time: "0"}
	var b strings.Builder
	for _, s := range rep.Suppressed {
		fmt.Fprintf(&b, "%s: %s: %s [%s]\n    %s\n", Location(s.Finding), SuppressedNote, s.Message, s.RuleID, s.Justification)
	}
	c.SystemOut = b.String()
	return c
}

func skippedCase(class string, rep *Report) junitCase {
	c := junitCase{Name: "files not scanned", Classname: class, Time: "0"}
	var b strings.Builder
	for _, s := range rep.Skipped {
		fmt.Fprintf(&b, "%s: %s\n", Location(validate.Finding{Path: s.Path}), s.Reason)
	}
	msg := &junitMessage{Message: SkippedSummary(rep.Skipped) + " not scanned", Text: b.String()}
	if rep.BlockSkipped {
		msg.Type = "skipped"
		c.Failure = msg
	} else {
		c.Skipped = msg
	}
	return c
}

// junitLine is a finding as the text format writes it, with its hint.
func junitLine(f validate.Finding) string {
	s := fmt.Sprintf("%s: %s: %s [%s]\n", Location(f), f.Severity, f.Message, f.RuleID)
	switch {
	case f.Fingerprint != "":
		s += "    " + SecretHint(f) + "\n"
	case f.Hint != "":
		s += "    " + strings.ReplaceAll(f.Hint, "\n", "\n    ") + "\n"
	}
	return s
}

func firstMessage(fs []validate.Finding) string {
	for _, f := range fs {
		return Location(f) + ": " + f.Message
	}
	return ""
}
