package report

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/remnant-guard/remnant-guard/validate"
	"github.com/remnant-guard/remnant-guard/validate/custodian"
	"github.com/remnant-guard/remnant-guard/validate/remnant"
	"github.com/remnant-guard/remnant-guard/validate/secrets"
)

// TestSARIFSchema validates the output against the OASIS SARIF 2.1.0
// schema vendored in the repository's testdata.
func TestSARIFSchema(t *testing.T) {
	schemaPath := filepath.Join("..", "..", "testdata", "sarif-schema-2.1.0.json")
	f, err := os.Open(schemaPath)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("sarif-schema-2.1.0.json", doc); err != nil {
		t.Fatal(err)
	}
	schema, err := c.Compile("sarif-schema-2.1.0.json")
	if err != nil {
		t.Fatal(err)
	}
	suppressed := goldenReport()
	for _, f := range suppressed.Findings[:2] {
		suppressed.Suppressed = append(suppressed.Suppressed, Suppressed{Finding: f, Kind: "external", Justification: ".remnant-guard-ignore line 4, added in this pull request"})
	}
	suppressed.Suppressed[1].Kind = "inSource"
	for name, rep := range map[string]*Report{"full": goldenReport(), "empty": {}, "suppressed": suppressed} {
		var b bytes.Buffer
		if err := WriteSARIF(&b, rep, knownRules(), "(devel)"); err != nil {
			t.Fatal(err)
		}
		inst, err := jsonschema.UnmarshalJSON(&b)
		if err != nil {
			t.Fatal(err)
		}
		if err := schema.Validate(inst); err != nil {
			t.Errorf("%s report: not valid SARIF 2.1.0: %v", name, err)
		}
	}
	// A suppression of a kind SARIF does not know is caught.
	bad := map[string]any{"version": "2.1.0", "runs": []any{map[string]any{"tool": map[string]any{"driver": map[string]any{"name": "x"}},
		"results": []any{map[string]any{"message": map[string]any{"text": "m"}, "suppressions": []any{map[string]any{"kind": "inPR", "status": "accepted"}}}}}}}
	if err := schema.Validate(bad); err == nil {
		t.Error("a suppression of an unknown kind validated")
	}
	bad["runs"].([]any)[0].(map[string]any)["results"].([]any)[0].(map[string]any)["suppressions"].([]any)[0].(map[string]any)["kind"] = "external"
	if err := schema.Validate(bad); err != nil {
		t.Errorf("the same log with an external suppression: %v", err)
	}
	// The schema is strict enough to catch a broken log.
	bad = map[string]any{"version": "2.1.0", "runs": []any{map[string]any{"results": []any{}}}}
	if err := schema.Validate(bad); err == nil {
		t.Error("a run without a tool validated")
	}
}

// TestSARIFContent checks what GitHub code scanning relies on.
func TestSARIFContent(t *testing.T) {
	var b bytes.Buffer
	if err := WriteSARIF(&b, goldenReport(), knownRules(), "(devel)"); err != nil {
		t.Fatal(err)
	}
	var log sarifLog
	if err := json.Unmarshal(b.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	run := log.Runs[0]
	if run.Tool.Driver.Name != "remnant-guard" || len(run.Results) != 3 {
		t.Fatalf("driver %q, %d results", run.Tool.Driver.Name, len(run.Results))
	}
	secret := run.Results[0]
	reg := secret.Locations[0].PhysicalLocation.Region
	if reg == nil || reg.StartColumn != 11 || reg.EndColumn != 51 {
		t.Errorf("secret region %+v, want columns 11 to 51 (end exclusive)", reg)
	}
	if secret.PartialFingerprints["primaryLocationLineHash"] != "00112233445566778899aabbccddeeff:1" || secret.Properties["commit"] == "" {
		t.Errorf("secret fingerprint or commit missing: %+v", secret)
	}
	if run.Results[1].Locations[0].PhysicalLocation.Region != nil {
		t.Error("a whole-file finding has a region")
	}
	if uri := run.Results[2].Locations[0].PhysicalLocation.ArtifactLocation.URI; !strings.HasPrefix(uri, "a%20dir/") {
		t.Errorf("uri %q is not escaped", uri)
	}
	for _, r := range run.Results {
		if run.Tool.Driver.Rules[r.RuleIndex].ID != r.RuleID {
			t.Errorf("ruleIndex %d does not name %s", r.RuleIndex, r.RuleID)
		}
	}
}

// goldenReport is a fixed report: a secret with a span, a whole-file
// finding in a commit, a warning with a hint, a path that needs escaping
// and a skipped file.
func goldenReport() *Report {
	return &Report{
		Findings: []validate.Finding{
			{RuleID: "secret-github-pat", Severity: validate.Error, Path: "src/app.go", Line: 4, Column: 11, EndLine: 4, EndColumn: 50,
				Message: `GitHub personal access token (40 chars, starts "ghp_")`, Hint: "remove the secret and rotate it",
				Commit: "0123456789abcdef0123456789abcdef01234567", Fingerprint: "00112233445566778899aabbccddeeff"},
			{RuleID: "remnant-staged", Severity: validate.Error, Path: "docs/REMNANT.md",
				Message: "docs/REMNANT.md is added to the commit: REMNANT.md is local memory and is never committed",
				Hint:    "unstage it:  git rm --cached -- docs/REMNANT.md", Commit: "fedcba9876543210fedcba9876543210fedcba98"},
			{RuleID: "remnant-title", Severity: validate.Warning, Path: "a dir/x,y:z%.md", Line: 1, Column: 3, EndLine: 1, EndColumn: 10,
				Message: "title | is 100% odd\nsecond line"},
		},
		Skipped: []validate.Skipped{{Path: "img/logo.png", Reason: "binary file"}},
		Checked: 3,
	}
}

// golden compares got with testdata/golden/name, rewriting it when
// REMNANT_GUARD_UPDATE_GOLDEN is set.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name)
	if os.Getenv("REMNANT_GUARD_UPDATE_GOLDEN") != "" {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with REMNANT_GUARD_UPDATE_GOLDEN=1 to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file:\n--- got\n%s\n--- want\n%s", name, got, want)
	}
}

func TestSARIFGolden(t *testing.T) {
	var b bytes.Buffer
	if err := WriteSARIF(&b, goldenReport(), knownRules(), "(devel)"); err != nil {
		t.Fatal(err)
	}
	golden(t, "sarif.golden", b.Bytes())
}

// TestSARIFFingerprintsDistinct: the same secret on two lines, or the same
// message twice in a file, are two results with two fingerprints.
func TestSARIFFingerprintsDistinct(t *testing.T) {
	f := validate.Finding{RuleID: "secret-github-pat", Severity: validate.Error, Path: "a.go", Line: 1, Column: 1,
		Message: "GitHub personal access token", Fingerprint: "00112233445566778899aabbccddeeff"}
	g := f
	g.Line = 9
	m := validate.Finding{RuleID: "remnant-map-format", Severity: validate.Warning, Path: "REMNANT.md", Line: 3, Column: 3, Message: "not path — role"}
	n := m
	n.Line = 4
	var b bytes.Buffer
	if err := WriteSARIF(&b, &Report{Findings: []validate.Finding{f, g, m, n}}, knownRules(), "(devel)"); err != nil {
		t.Fatal(err)
	}
	var log sarifLog
	if err := json.Unmarshal(b.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, r := range log.Runs[0].Results {
		h := r.PartialFingerprints["primaryLocationLineHash"]
		if seen[h] {
			t.Errorf("two results share the fingerprint %s", h)
		}
		seen[h] = true
	}
}

// knownRules are the rules of the formats, with their examples, as the
// command line passes them.
func knownRules() []validate.Rule {
	var all []validate.Rule
	all = append(all, remnant.RemnantRules()...)
	all = append(all, remnant.GitRules()...)
	all = append(all, custodian.Rules()...)
	return append(all, secrets.Rules(secrets.BuiltinRulesWithExamples())...)
}
