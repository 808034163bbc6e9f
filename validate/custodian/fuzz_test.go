package custodian

import (
	"os"
	"path/filepath"
	"testing"
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
