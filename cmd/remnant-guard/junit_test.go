package main

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/remnant-guard/remnant-guard/hooks"
	"github.com/remnant-guard/remnant-guard/validate"
	"github.com/remnant-guard/remnant-guard/validate/report"
	"github.com/rogpeppe/go-internal/testscript"
)

// The JUnit XML schema CI systems read, as data: Jenkins' junit-4.xsd
// (what its JUnit plugin, GitLab and Azure Pipelines accept), with the
// attributes Ant's JUnit.xsd requires on top (testsuite's id, package,
// hostname, timestamp and counts; testcase's classname and time; a
// testsuite's properties, system-out and system-err). An element is
// checked for unknown and missing attributes, attribute types, the order
// and number of its children, and text where none is allowed.
type xsdElement struct {
	attrs    map[string]string // attribute -> type: string, int, decimal, datetime
	required []string
	children []xsdChild // a sequence
	text     bool       // mixed content
}

type xsdChild struct {
	name     string
	min, max int // max -1: unbounded
}

var junitSchema = map[string]xsdElement{
	"testsuites": {
		attrs:    map[string]string{"name": "string", "time": "decimal", "tests": "int", "failures": "int", "disabled": "int", "errors": "int"},
		children: []xsdChild{{"testsuite", 0, -1}},
	},
	"testsuite": {
		attrs: map[string]string{"name": "string", "tests": "int", "failures": "int", "errors": "int", "time": "decimal",
			"disabled": "int", "skipped": "int", "timestamp": "datetime", "hostname": "string", "id": "int", "package": "string"},
		required: []string{"name", "tests", "failures", "errors", "time", "timestamp", "hostname", "id", "package"},
		children: []xsdChild{{"properties", 1, 1}, {"testcase", 0, -1}, {"system-out", 1, 1}, {"system-err", 1, 1}},
	},
	"properties": {children: []xsdChild{{"property", 0, -1}}},
	"property":   {attrs: map[string]string{"name": "string", "value": "string"}, required: []string{"name", "value"}},
	"testcase": {
		attrs:    map[string]string{"name": "string", "assertions": "string", "time": "decimal", "classname": "string", "status": "string"},
		required: []string{"name", "classname", "time"},
		children: []xsdChild{{"skipped", 0, 1}, {"error", 0, -1}, {"failure", 0, -1}, {"system-out", 0, -1}, {"system-err", 0, -1}},
	},
	"skipped":    {attrs: map[string]string{"message": "string"}, text: true},
	"error":      {attrs: map[string]string{"message": "string", "type": "string"}, text: true},
	"failure":    {attrs: map[string]string{"message": "string", "type": "string"}, text: true},
	"system-out": {text: true},
	"system-err": {text: true},
}

// xmlNode is a parsed element.
type xmlNode struct {
	name     string
	attrs    []xml.Attr
	children []*xmlNode
	text     string
}

func parseXML(data []byte) (*xmlNode, error) {
	dec := xml.NewDecoder(bytes.NewReader(data))
	var stack []*xmlNode
	var root *xmlNode
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			n := &xmlNode{name: t.Name.Local, attrs: t.Attr}
			if t.Name.Space != "" {
				return nil, fmt.Errorf("element %s in namespace %s", t.Name.Local, t.Name.Space)
			}
			if len(stack) == 0 {
				if root != nil {
					return nil, fmt.Errorf("a second root element %s", n.name)
				}
				root = n
			} else {
				p := stack[len(stack)-1]
				p.children = append(p.children, n)
			}
			stack = append(stack, n)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if len(stack) > 0 {
				stack[len(stack)-1].text += string(t)
			}
		}
	}
	if root == nil {
		return nil, fmt.Errorf("no root element")
	}
	return root, nil
}

var (
	xsdInt      = regexp.MustCompile(`^[0-9]+$`)
	xsdDecimal  = regexp.MustCompile(`^-?[0-9]+(\.[0-9]+)?$`)
	xsdDateTime = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$`) // Ant: ISO 8601 without zone
)

// validateJUnit checks a JUnit report against the schema and that its
// counts add up.
func validateJUnit(data []byte) error {
	root, err := parseXML(data)
	if err != nil {
		return err
	}
	if root.name != "testsuites" {
		return fmt.Errorf("root element %s, want testsuites", root.name)
	}
	if err := validateNode(root, "/testsuites"); err != nil {
		return err
	}
	return checkCounts(root)
}

func validateNode(n *xmlNode, where string) error {
	el, ok := junitSchema[n.name]
	if !ok {
		return fmt.Errorf("%s: unknown element", where)
	}
	seen := map[string]bool{}
	for _, a := range n.attrs {
		typ, ok := el.attrs[a.Name.Local]
		if !ok || a.Name.Space != "" {
			return fmt.Errorf("%s: unknown attribute %s", where, a.Name.Local)
		}
		seen[a.Name.Local] = true
		re := map[string]*regexp.Regexp{"int": xsdInt, "decimal": xsdDecimal, "datetime": xsdDateTime}[typ]
		if re != nil && !re.MatchString(a.Value) {
			return fmt.Errorf("%s: attribute %s=%q is not %s", where, a.Name.Local, a.Value, typ)
		}
	}
	for _, r := range el.required {
		if !seen[r] {
			return fmt.Errorf("%s: attribute %s missing", where, r)
		}
	}
	if !el.text && strings.TrimSpace(n.text) != "" {
		return fmt.Errorf("%s: text %q where none is allowed", where, n.text)
	}
	i := 0
	for _, c := range el.children {
		count := 0
		for i < len(n.children) && n.children[i].name == c.name && (c.max < 0 || count < c.max) {
			if err := validateNode(n.children[i], fmt.Sprintf("%s/%s[%d]", where, c.name, count+1)); err != nil {
				return err
			}
			i++
			count++
		}
		if count < c.min {
			return fmt.Errorf("%s: %s missing", where, c.name)
		}
	}
	if i < len(n.children) {
		return fmt.Errorf("%s: element %s not allowed here", where, n.children[i].name)
	}
	return nil
}

func attr(n *xmlNode, name string) string {
	for _, a := range n.attrs {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

// checkCounts checks tests, failures and skipped against the testcases.
func checkCounts(root *xmlNode) error {
	total, failed := 0, 0
	for _, s := range root.children {
		tests, failures, skipped := 0, 0, 0
		for _, c := range s.children {
			if c.name != "testcase" {
				continue
			}
			tests++
			for _, cc := range c.children {
				switch cc.name {
				case "failure":
					failures++
				case "skipped":
					skipped++
				}
			}
		}
		for name, want := range map[string]int{"tests": tests, "failures": failures, "skipped": skipped} {
			if got, _ := strconv.Atoi(attr(s, name)); got != want {
				return fmt.Errorf("testsuite %s: %s=%d, it has %d", attr(s, "name"), name, got, want)
			}
		}
		total += tests
		failed += failures
	}
	if got, _ := strconv.Atoi(attr(root, "tests")); got != total {
		return fmt.Errorf("testsuites: tests=%d, the suites have %d", got, total)
	}
	if got, _ := strconv.Atoi(attr(root, "failures")); got != failed {
		return fmt.Errorf("testsuites: failures=%d, the suites have %d", got, failed)
	}
	return nil
}

// cmdJUnitValid checks a file against the JUnit schema, with xmllint too
// where it is installed:
//
//	junit-valid report.xml
func cmdJUnitValid(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 1 {
		ts.Fatalf("usage: junit-valid FILE")
	}
	data := []byte(ts.ReadFile(args[0]))
	err := validateJUnit(data)
	if err == nil {
		_, err = xmllintValidate(ts.Getenv("REPO"), data)
	}
	switch {
	case neg && err == nil:
		ts.Fatalf("%s is valid JUnit", args[0])
	case !neg && err != nil:
		ts.Fatalf("%s: %v", args[0], err)
	}
}

func TestJUnitReports(t *testing.T) {
	secret := "ghp_" + "8r6Jk2LmQw9ZxT4bN7vC1dF5hY3uE0pA2sKq"
	reports := map[string]*report.Report{
		"empty": {},
		"findings": {Checked: 3, Findings: []validate.Finding{
			{RuleID: "remnant-title", Severity: validate.Error, Path: "REMNANT.md", Line: 3, Column: 3, Message: "title <&> \"x\"", Hint: "write the title\nas # Remnant - x"},
			{RuleID: "remnant-length", Severity: validate.Warning, Path: "REMNANT.md", Message: "too long"},
			{RuleID: "secret-github-pat", Severity: validate.Error, Path: "a]]>.go", Line: 1, Column: 9, Message: `GitHub token (starts "ghp_")`, Fingerprint: "0123456789abcdef0123456789abcdef", Commit: strings.Repeat("a", 40)},
			{RuleID: "remnant-not-ignored", Severity: validate.Error, Path: "REMNANT.md", Message: "not ignored", Local: true},
			{RuleID: "my-rule", Severity: validate.Error, Path: "x", Line: 1, Message: "custom rule \x01"},
		}, Skipped: []validate.Skipped{{Path: "b.bin", Reason: "binary file"}}},
		"block-skipped": {BlockSkipped: true, Skipped: []validate.Skipped{{Path: "big", Reason: "over the size limit (9 bytes)"}}},
	}
	for name, rep := range reports {
		for _, only := range []validate.Family{"", validate.Memory, validate.Secrets} {
			var b bytes.Buffer
			if err := report.WriteJUnit(&b, rep, hooks.RulesWithExamples(), only, validate.Error, "localhost", time.Now()); err != nil {
				t.Fatal(err)
			}
			if err := validateJUnit(b.Bytes()); err != nil {
				t.Errorf("%s, only %q: %v\n%s", name, only, err, b.String())
			}
			if strings.Contains(b.String(), secret) {
				t.Errorf("%s: the secret is in the report", name)
			}
		}
	}
	var b bytes.Buffer
	if err := report.WriteJUnit(&b, reports["findings"], hooks.RulesWithExamples(), "", validate.Error, "localhost", time.Now()); err != nil {
		t.Fatal(err)
	}
	root, err := parseXML(b.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	var failed []string
	for _, s := range root.children {
		for _, c := range s.children {
			if slices.ContainsFunc(c.children, func(n *xmlNode) bool { return n.name == "failure" }) {
				failed = append(failed, attr(c, "name"))
			}
		}
	}
	// The warning and the local finding do not fail (fail-on error, local
	// findings do not block); the configured rule gets a testcase too.
	if want := []string{"remnant-title", "secret-github-pat", "my-rule"}; !slices.Equal(failed, want) {
		t.Errorf("failed testcases %v, want %v", failed, want)
	}
	if !strings.Contains(b.String(), "fingerprint 0123456789abcdef0123456789abcdef") {
		t.Error("the secret finding's failure lacks its fingerprint")
	}
}

// TestJUnitValidatorRejects makes sure the schema check fails what the
// schema forbids.
func TestJUnitValidatorRejects(t *testing.T) {
	var b bytes.Buffer
	if err := report.WriteJUnit(&b, &report.Report{Findings: []validate.Finding{{RuleID: "remnant-title", Severity: validate.Error, Path: "R", Message: "m"}}},
		hooks.RulesWithExamples(), "", validate.Error, "localhost", time.Now()); err != nil {
		t.Fatal(err)
	}
	good := b.String()
	if err := validateJUnit([]byte(good)); err != nil {
		t.Fatal(err)
	}
	for name, bad := range map[string]string{
		"unknown attribute":  strings.Replace(good, `<testcase name=`, `<testcase color="red" name=`, 1),
		"missing classname":  regexp.MustCompile(` classname="[^"]*"`).ReplaceAllString(good, ""),
		"bad count":          strings.Replace(good, `failures="1"`, `failures="2"`, 1),
		"bad time":           strings.Replace(good, `time="0"`, `time="soon"`, 1),
		"order":              strings.Replace(good, `<properties></properties>`, ``, 1),
		"unknown element":    strings.Replace(good, `<properties></properties>`, `<properties><prop/></properties>`, 1),
		"text in testcase":   strings.Replace(good, `time="0"></testcase>`, `time="0">oops</testcase>`, 1),
		"not xml":            good[:len(good)/2],
		"wrong root element": strings.Replace(strings.Replace(good, "<testsuites", "<results", 1), "</testsuites>", "</results>", 1),
	} {
		if bad == good {
			t.Fatalf("%s: the mutation changed nothing", name)
		}
		if err := validateJUnit([]byte(bad)); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

// xmllintValidate validates data against testdata/junit.xsd with xmllint
// (libxml2's validator). ok is false when xmllint is not installed.
func xmllintValidate(root string, data []byte) (ok bool, err error) {
	bin, lerr := exec.LookPath("xmllint")
	if lerr != nil {
		return false, nil
	}
	cmd := exec.Command(bin, "--noout", "--nonet", "--schema", filepath.Join(root, "testdata", "junit.xsd"), "-")
	cmd.Stdin = bytes.NewReader(data)
	if out, err := cmd.CombinedOutput(); err != nil {
		return true, fmt.Errorf("xmllint: %v\n%s", err, out)
	}
	return true, nil
}

// TestJUnitXSD validates the reports with a real XML Schema validator,
// xmllint, against testdata/junit.xsd, which states the rules the Go check
// above applies; both must agree on good and broken reports.
func TestJUnitXSD(t *testing.T) {
	if _, err := exec.LookPath("xmllint"); err != nil {
		t.Skip("xmllint (libxml2-utils) is not installed: the Go schema check stands alone")
	}
	root := sourceRoot(t)
	var b bytes.Buffer
	rep := &report.Report{Findings: []validate.Finding{
		{RuleID: "remnant-title", Severity: validate.Error, Path: "R", Message: "m <&>"},
		{RuleID: "remnant-length", Severity: validate.Warning, Path: "R", Message: "w"},
		{RuleID: "my-rule", Severity: validate.Error, Path: "x", Message: "custom"},
	}, Skipped: []validate.Skipped{{Path: "b.bin", Reason: "binary file"}}}
	if err := report.WriteJUnit(&b, rep, hooks.RulesWithExamples(), "", validate.Error, "localhost", time.Now()); err != nil {
		t.Fatal(err)
	}
	good := b.String()
	if _, err := xmllintValidate(root, []byte(good)); err != nil {
		t.Fatal(err)
	}
	for name, bad := range map[string]string{
		"unknown attribute": strings.Replace(good, `<testcase name=`, `<testcase color="red" name=`, 1),
		"missing classname": regexp.MustCompile(` classname="[^"]*"`).ReplaceAllString(good, ""),
		"bad time":          strings.Replace(good, `time="0"`, `time="soon"`, 1),
		"no properties":     strings.Replace(good, `<properties></properties>`, ``, 1),
		"unknown element":   strings.Replace(good, `<properties></properties>`, `<properties><prop/></properties>`, 1),
		"text in testcase":  strings.Replace(good, `time="0"></testcase>`, `time="0">oops</testcase>`, 1),
	} {
		if _, err := xmllintValidate(root, []byte(bad)); err == nil {
			t.Errorf("%s: xmllint accepted it", name)
		}
		if validateJUnit([]byte(bad)) == nil {
			t.Errorf("%s: the Go check accepted it", name)
		}
	}
}
