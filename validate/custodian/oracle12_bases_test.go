package custodian

import (
	"bytes"

	"path/filepath"
	"regexp"
	"testing"
)

// oracle12Bases are the directories the 0.12 mutations start from, named
// by their protocol first: the real 0.6 and 0.8 projects, upstream's 0.8
// template as init leaves it, and 0.7 forms of the 0.8 project (Entry
// schema 1 and 2), as migration leaves them.
func oracle12Bases(t *testing.T) map[string]memTree {
	t.Helper()
	p08 := loadTree(t, "testdata/projects/0.8-near-budget/memory")
	p06 := loadTree(t, "testdata/projects/0.6-missing-registry/memory")
	tpl := loadTree(t, "../../../shared/spec/examples/memory-template-0.8")
	tpl.files["manifest.md"] = regexp.MustCompile(`project_id: .*`).ReplaceAll(tpl.files["manifest.md"], []byte("project_id: 5b1f0c2e-8d3a-4e6b-9f7c-2a4d6e8b0c1d"))
	tpl.files["brief.md"] = []byte("# Project Brief\n\n## Purpose\n- A note-taking tool for the terminal.\n\n## Direction\n- Keep it small.\n")
	full06 := p06.clone()
	full06.files["subjects.md"] = tpl.files["subjects.md"]
	full06.files["inbox.md"] = tpl.files["inbox.md"]
	out := map[string]memTree{
		"0.8 project":        p08,
		"0.8 template":       tpl,
		"0.6 project":        full06,
		"0.6 no registry":    p06,
		"0.7 schema 2":       to07(p08, "2"),
		"0.7 schema 1":       to07(p08, "1"),
		"0.7 from 0.6 index": migrated07(full06),
	}
	return out
}

// to07 is the 0.8 project as Protocol 0.7 with the given Entry schema:
// no Entry-Type lines, and area entries in the Decision body.
func to07(p08 memTree, schema string) memTree {
	tr := p08.clone()
	m := tr.files["manifest.md"]
	m = bytes.Replace(m, []byte("protocol_version: 0.8"), []byte("protocol_version: 0.7"), 1)
	m = bytes.Replace(m, []byte("entry_schema_version: 3"), []byte("entry_schema_version: "+schema), 1)
	tr.files["manifest.md"] = m
	for name, b := range tr.files {
		b = regexp.MustCompile(`(?m)^Entry-Type: .*\n`).ReplaceAll(b, nil)
		if filepath.Dir(name) == "areas" {
			b = regexp.MustCompile(`(?m)^(Constraint|Rejected|Preference):$`).ReplaceAll(b, []byte("Decision:"))
		}
		tr.files[name] = b
	}
	return tr
}

// migrated07 is the 0.6 project after upstream's 0.6 → 0.7 migration of
// its module index: each one-line trigger an explicit-only declaration
// with the old text as description.
func migrated07(p06 memTree) memTree {
	tr := p06.clone()
	m := tr.files["manifest.md"]
	m = bytes.Replace(m, []byte("- protocol_version: 0.6"), []byte("- protocol_version: 0.7"), 1)
	m = bytes.Replace(m, []byte("- conflict_identity_policy: scope-subject-facet"),
		[]byte("- routing_schema_version: 1\n- conflict_schema_version: 1\n- routing_policy: explicit-task-and-scope\n- conflict_policy: canonical-subject-and-review"), 1)
	m = regexp.MustCompile("(?m)^- (`[^`]+`): (.*)$").ReplaceAll(m, []byte("- $1\n  - activation: explicit-only\n  - description: $2"))
	tr.files["manifest.md"] = m
	return tr
}
