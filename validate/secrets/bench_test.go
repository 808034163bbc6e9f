package secrets

import (
	"bytes"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// goCode generates about size bytes of Go-like code with no secrets:
// identifiers, comments, hex ids and URLs.
func goCode(size int) []byte {
	r := rand.New(rand.NewPCG(2, 2))
	ids := []string{"user", "config", "value", "result", "handler", "request", "token_count", "name", "items", "buffer", "index", "client"}
	pick := func() string { return ids[r.IntN(len(ids))] }
	var b strings.Builder
	b.WriteString("package m\n\nfunc F() {\n")
	for b.Len() < size {
		switch x := r.Float64(); {
		case x < 0.3:
			fmt.Fprintf(&b, "    %s := %s.Get(%d)\n", pick(), pick(), r.IntN(1000))
		case x < 0.5:
			fmt.Fprintf(&b, "    // %s %s %s %s %s %s\n", pick(), pick(), pick(), pick(), pick(), pick())
		case x < 0.6:
			fmt.Fprintf(&b, "    id := \"%032x\"\n", r.Uint64())
		case x < 0.7:
			fmt.Fprintf(&b, "    url := \"https://example.com/%s/%d\"\n", pick(), r.IntN(99999))
		default:
			fmt.Fprintf(&b, "    if %s != nil { return %s }\n", pick(), pick())
		}
	}
	b.WriteString("}\n")
	return []byte(b.String())
}

func BenchmarkScanGoCode(b *testing.B) {
	e := builtinEngine(b)
	var files []File
	for i := range 100 {
		files = append(files, File{Path: fmt.Sprintf("pkg/file%d.go", i), Data: goCode(40 << 10)})
	}
	benchScanAll(b, e, files)
}

func BenchmarkScanGoroot(b *testing.B) {
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		b.Fatalf("go env GOROOT: %v", err)
	}
	root := filepath.Join(strings.TrimSpace(string(goroot)), "src")
	var files []File
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".go") {
			if data, err := os.ReadFile(p); err == nil {
				files = append(files, File{Path: p, Data: data})
			}
		}
		return nil
	})
	if len(files) == 0 {
		b.Skip("no Go source tree")
	}
	benchScanAll(b, builtinEngine(b), files)
}

func benchScanAll(b *testing.B, e *Engine, files []File) {
	var size int64
	for _, f := range files {
		size += int64(len(f.Data))
	}
	b.SetBytes(size)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		e.ScanAll(files)
	}
}

// BenchmarkScanTree scans the files under $REMNANT_GUARD_BENCH_TREE (the
// noise benchmark's tree, see testdata/noise/mkbench.sh) as scan does.
func BenchmarkScanTree(b *testing.B) {
	root := os.Getenv("REMNANT_GUARD_BENCH_TREE")
	if root == "" {
		b.Skip("REMNANT_GUARD_BENCH_TREE is not set")
	}
	var files []File
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.IsDir() && d.Name() == ".git" {
			return filepath.SkipDir
		}
		if err == nil && d.Type().IsRegular() {
			if data, err := os.ReadFile(p); err == nil {
				rel, _ := filepath.Rel(root, p)
				files = append(files, File{Path: filepath.ToSlash(rel), Data: data})
			}
		}
		return nil
	})
	benchScanAll(b, builtinEngine(b), files)
}

// BenchmarkFindKeywords is the keyword pass alone over code dense in
// short keywords (path, task, os.).
func BenchmarkFindKeywords(b *testing.B) {
	e := builtinEngine(b)
	src := bytes.Repeat([]byte("\tpath := filepath.Join(task.Dir, os.Getenv(\"HOME\"))\n\tif err != nil { return fmt.Errorf(\"open %s: %w\", name, err) }\n"), 1<<10)
	b.SetBytes(int64(len(src)))
	var out []kwHit
	for b.Loop() {
		out = e.kw.find(src, out[:0])
	}
}
