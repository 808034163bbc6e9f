package custodian

import (
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"
)

func FuzzParseManifest(f *testing.F) {
	seeds, _ := filepath.Glob("testdata/*/*/manifest.md")
	more, _ := filepath.Glob("testdata/*/*/memory/manifest.md")
	seeds = append(append(seeds, "testdata/template/manifest.md"), more...)
	for _, s := range seeds {
		b, err := os.ReadFile(s)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte("## Always load\n- `a/`\n```\n## Load by task\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		m := ParseManifest(src)
		n := len(m.Lines)
		in := func(line int) bool { return line >= 0 && line <= n }
		for _, p := range m.routeProblems() {
			if !in(p.line) {
				t.Errorf("problem %+v outside %d lines", p, n)
			}
		}
		sections := append([]Section{}, m.Always...)
		for _, rs := range m.Routes {
			sections = append(sections, rs...)
		}
		for _, r := range sections {
			if r.Line < 1 || r.Line > n {
				t.Errorf("route %+v outside %d lines", r, n)
			}
			for _, e := range r.Entries {
				if e.Line < 1 || e.Line > n || e.Column < 1 {
					t.Errorf("entry %+v outside %d lines", e, n)
				}
			}
		}
		for p, line := range m.Index {
			if line < 1 || line > n {
				t.Errorf("index %s:%d outside %d lines", p, line, n)
			}
		}
		n = len(m.File.Lines)
		for _, u := range m.File.Units {
			if u.Line < 1 || u.EndLine < u.Line || u.EndLine > n {
				t.Errorf("unit %d-%d outside %d lines", u.Line, u.EndLine, n)
			}
		}
	})
}

// FuzzCheck08 runs check, route and append-only on arbitrary memory files
// under a 0.8 manifest, and on an arbitrary manifest: none may panic.
func FuzzCheck08(f *testing.F) {
	f.Add([]byte(entry08("MC-DEC-20261008-68bfcfb4", "Decision")), []byte(subjects08), []byte(manifest08))
	f.Add([]byte("## MC-DEC-20261008-68bfcfb4 — x\nStatus:\nEvidence: x\n- \n```memory-custodian-body-v1\n"), []byte("## MC-SUBJ-20261001-0a1b2c3d — \n"), []byte("## MemoryCustodian Protocol\n- protocol_version: 0.7\n<!--\n"))
	f.Fuzz(func(t *testing.T, decisions, subjects, manifest []byte) {
		for _, m := range [][]byte{[]byte(manifest08), manifest} {
			fsys := fstest.MapFS{
				"manifest.md":      {Data: m},
				"decisions.md":     {Data: decisions},
				"subjects.md":      {Data: subjects},
				"areas/storage.md": {Data: decisions},
			}
			Check(fsys, Options{}, nil)
			AppendOnly(fsys, fstest.MapFS{"manifest.md": {Data: m}, "decisions.md": {Data: subjects}}, Options{})
			for _, task := range []string{"general", "implementation", "review"} {
				Route(fsys, RouteRequest{Task: task, Paths: []string{"internal/x.go"}, Areas: []string{"storage"}})
			}
		}
	})
}
