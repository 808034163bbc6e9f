package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/remnant-guard/remnant-guard/hooks"
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
	for name, rep := range map[string]*hooks.Report{"full": goldenReport(), "empty": {}} {
		var b bytes.Buffer
		if err := writeSARIF(&b, rep, hooks.RulesWithExamples()); err != nil {
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
	// The schema is strict enough to catch a broken log.
	bad := map[string]any{"version": "2.1.0", "runs": []any{map[string]any{"results": []any{}}}}
	if err := schema.Validate(bad); err == nil {
		t.Error("a run without a tool validated")
	}
}

// TestSARIFContent checks what GitHub code scanning relies on.
func TestSARIFContent(t *testing.T) {
	var b bytes.Buffer
	if err := writeSARIF(&b, goldenReport(), hooks.RulesWithExamples()); err != nil {
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
	if secret.PartialFingerprints["primaryLocationLineHash"] != "00112233445566778899aabbccddeeff" || secret.Properties["commit"] == "" {
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
