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
		n := len(m.File.Lines)
		in := func(line int) bool { return line >= 0 && line <= n }
		for _, p := range m.Problems {
			if !in(p.Line) || p.Column < 0 || (p.Line > 0 && p.Column < 1) {
				t.Errorf("problem %+v outside %d lines", p, n)
			}
		}
		for _, r := range append(append([]TaskRoute{}, m.Always...), m.Routes...) {
			if r.Line < 1 || r.Line > n {
				t.Errorf("route %+v outside %d lines", r, n)
			}
			for _, e := range r.Entries {
				if e.Line < 1 || e.Line > n || e.Column < 1 {
					t.Errorf("entry %+v outside %d lines", e, n)
				}
			}
		}
		for _, e := range m.Index {
			if e.Line < 1 || e.Line > n {
				t.Errorf("index %+v outside %d lines", e, n)
			}
		}
		for _, u := range m.File.Units {
			if u.Line < 1 || u.EndLine < u.Line || u.EndLine > n {
				t.Errorf("unit %d-%d outside %d lines", u.Line, u.EndLine, n)
			}
		}
	})
}
