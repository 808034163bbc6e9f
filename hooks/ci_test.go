package hooks

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/remnant-guard/remnant-guard/validate"
	"github.com/remnant-guard/remnant-guard/validate/secrets"
)

func TestParsePushUpdates(t *testing.T) {
	a, z := strings.Repeat("a", 40), strings.Repeat("0", 40)
	got, err := ParsePushUpdates(strings.NewReader("refs/heads/x " + a + " refs/heads/x " + z + "\n\n"))
	if err != nil || len(got) != 1 || got[0].LocalSHA != a || !isZeroHash(got[0].RemoteSHA) {
		t.Fatalf("got %+v, %v", got, err)
	}
	for _, bad := range []string{"one two three", "refs/heads/x --all refs/heads/x " + z} {
		if _, err := ParsePushUpdates(strings.NewReader(bad)); err == nil {
			t.Errorf("ParsePushUpdates(%q) succeeded", bad)
		}
	}
}

func TestGitHubEvent(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	b1, h1 := strings.Repeat("b1", 20), strings.Repeat("a1", 20)
	rng, ok, err := githubRange(nil, write("pr.json", `{"pull_request":{"base":{"sha":"`+b1+`"},"head":{"sha":"`+h1+`"}}}`), "")
	if err != nil || !ok || rng.Base != b1 || rng.Head != h1 {
		t.Fatalf("pull request event: %+v %v %v", rng, ok, err)
	}
	if _, ok, err := githubRange(nil, write("other.json", `{"action":"published"}`), "release"); ok || err != nil {
		t.Fatalf("release event: %v %v", ok, err)
	}
	if _, _, err := githubRange(nil, write("bad.json", `{`), ""); err == nil {
		t.Fatal("broken event accepted")
	}
}

func TestDedupeKey(t *testing.T) {
	secret := validate.Finding{RuleID: "r", Path: "p", Line: 1, Message: "m", Fingerprint: "f"}
	moved := secret
	moved.Line, moved.Message = 9, "other"
	if dedupeKey(secret) != dedupeKey(moved) {
		t.Error("a secret that moved lines is a new finding")
	}
	staged := validate.Finding{RuleID: "remnant-staged", Path: "REMNANT.md", Message: "added"}
	modified := staged
	modified.Message = "modified"
	if dedupeKey(staged) != dedupeKey(modified) {
		t.Error("REMNANT.md committed twice is reported twice")
	}
	other := validate.Finding{RuleID: "remnant-title", Path: "REMNANT.md", Message: "a"}
	changed := other
	changed.Message = "b"
	if dedupeKey(other) == dedupeKey(changed) {
		t.Error("different messages share a key")
	}
}

func TestCleanRel(t *testing.T) {
	for in, want := range map[string]string{"./x.toml": "x.toml", "a/../b": "b", "/abs": "abs", ".gitleaks.toml": ".gitleaks.toml"} {
		if got := cleanRel(in); got != want {
			t.Errorf("cleanRel(%q) = %q, want %q", in, got, want)
		}
	}
}

// BenchmarkCIHistory checks the 500 commits of the history repository
// that ../shared/bench/mkrepos.sh builds.
func BenchmarkCIHistory(b *testing.B) {
	repo := benchRepo(b, "history")
	for b.Loop() {
		rep, rng, err := CI(CIOptions{Options: Options{Dir: repo}, Base: "base"})
		if err != nil {
			b.Fatal(err)
		}
		if rng.Commits != 500 || rep.Checked == 0 {
			b.Fatalf("checked %d commits, %d files", rng.Commits, rep.Checked)
		}
	}
}

// ScanBatch, which ci runs on each commit's lines, finds what ScanLines
// finds in each file: on the built-in rules' examples scattered over
// files and batches, with an allow comment, a key block, files without
// lines, a keyword spanning two files and a rule without keywords.
func TestScanBatchMatchesScanLines(t *testing.T) {
	defs := secrets.BuiltinRulesWithExamples()
	defs = append(defs, secrets.RuleDef{ID: "secret-split-word", Description: "split word",
		Keywords: []string{"tail\nhead"}, Regex: `(?s)tail\nhead(?P<secret>[a-z]{30})`},
		secrets.RuleDef{ID: "secret-no-keyword", Description: "no keyword", Regex: `zzq(?P<secret>[0-9]{12})`})
	e, err := secrets.NewEngine(defs, secrets.Options{})
	if err != nil {
		t.Fatal(err)
	}
	type file struct {
		path  string
		lines []secrets.Line
	}
	var files []file
	num := 1
	add := func(path string, texts ...string) {
		f := file{path: path}
		for _, tx := range texts {
			for _, l := range strings.Split(tx, "\n") {
				f.lines = append(f.lines, secrets.Line{Number: num, Text: []byte(l)})
				num += 1 + num%3
			}
		}
		files = append(files, f)
	}
	found := 0
	for i, d := range defs {
		path := d.ExamplePath
		if path == "" {
			path = fmt.Sprintf("dir/f%d.txt", i)
		}
		add(path, append(append([]string{"x = 1"}, d.TP...), d.FP...)...)
		if i%7 == 0 {
			add(fmt.Sprintf("empty%d.p12", i))
		}
	}
	add("a.txt", "password = \"hunter2hunter2xyz\" # remnant-guard:allow", "// remnant-guard:allow-next-line", `token = "ghp_abcdefghijklmnopqrstuvwxyz0123456789"`)
	add("key.pem", "-----BEGIN RSA PRIVATE KEY-----", "MIIEpAIBAAKCAQEA3Tz2mr7SZiAMfQyuvBjM9Oi", "-----END RSA PRIVATE KEY-----")
	add("b.txt", "tail")
	add("c.txt", "headabcdefghijklmnopqrstuvwxyzabcd")
	add("d.txt", "tail\nheadabcdefghijklmnopqrstuvwxyzabcd")
	add("e.txt", "plain", "zzq123456789012")
	for _, size := range []int{1, 3, 50, len(files)} {
		var b secrets.LineBatch
		for start := 0; start < len(files); start += size {
			b.Reset()
			chunk := files[start:min(start+size, len(files))]
			for _, f := range chunk {
				b.AddFile(f.path)
				for _, l := range f.lines {
					b.AddLine(l.Number, l.Text)
				}
			}
			got := e.ScanBatch(&b)
			if len(got) != len(chunk) || b.Len() != len(chunk) {
				t.Fatalf("batch of %d: %d results", len(chunk), len(got))
			}
			for i, f := range chunk {
				want := e.ScanLines(f.path, f.lines)
				if size == 1 {
					found += len(want)
				}
				if !reflect.DeepEqual(got[i], want) {
					t.Fatalf("batch size %d, %s:\ngot  %+v\nwant %+v", size, f.path, got[i], want)
				}
			}
		}
	}
	if found < len(defs)/2 {
		t.Fatalf("only %d findings: the examples were not scanned", found)
	}
}
