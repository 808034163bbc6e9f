package custodian

import (
	"testing"
	"testing/fstest"
)

// BenchmarkFocus500v08 runs each focused check on the 500-entry 0.8
// directory of BenchmarkCheck500v08, Evidence compared with a HEAD.
func BenchmarkFocus500v08(b *testing.B) {
	fsys := memory08(b)
	project := fstest.MapFS{"go.mod": {Data: []byte("module x\n")}}
	for _, c := range FocusChecks {
		b.Run(c, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				Focus(fsys, FocusRequest{Check: c, Project: project, Head: headSHA})
			}
		})
	}
}
