package hooks

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/remnant-guard/remnant-guard/hooks/config"
	"github.com/remnant-guard/remnant-guard/hooks/judge"
	"github.com/remnant-guard/remnant-guard/validate/secrets"
)

// TestKeywordFilteredEngineFindsTheSame scans texts with the whole engine
// and with the engine keywordsIn builds for each text: the findings must be
// the same, on every built-in rule's examples and on the labelled corpus.
func TestKeywordFilteredEngineFindsTheSame(t *testing.T) {
	var texts []string
	for i, d := range secrets.BuiltinRulesWithExamples() {
		if i%sampleEvery == 0 {
			texts = append(texts, d.TP...)
			texts = append(texts, d.FP...)
		}
	}
	corpus := 0
	for _, name := range []string{"labelled-dev.jsonl", "neutral-dev.jsonl"} {
		f, err := os.Open(filepath.Join("..", "..", "shared", "corpus", "secrets", name))
		if err != nil {
			t.Logf("../shared/corpus/secrets is absent: compared the rule examples only (%v)", err)
			break
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<20)
		for n := 0; sc.Scan(); n++ {
			if n%(4*sampleEvery) != 0 {
				continue // a sample keeps the test quick under -race
			}
			var rec struct{ Text string }
			if json.Unmarshal(sc.Bytes(), &rec) == nil && rec.Text != "" {
				texts = append(texts, rec.Text)
				corpus++
			}
		}
		f.Close()
	}
	cfg := config.Default()
	none := func(string) ([]byte, error) { return nil, nil }
	whole, err := judge.New(cfg, nil).NewEngine(none)
	if err != nil {
		t.Fatal(err)
	}
	reported := 0
	for _, text := range texts {
		src := []byte(text + "\n")
		want, _ := whole.ScanFile("REMNANT.md", src)
		e, err := judge.New(keywordsIn(cfg, src), nil).NewEngine(none)
		if err != nil {
			t.Fatal(err)
		}
		got, _ := e.ScanFile("REMNANT.md", src)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("text %q:\nfiltered %v\nwhole    %v", text, got, want)
		}
		reported += len(want)
	}
	plain, err := judge.New(keywordsIn(cfg, []byte("# Remnant - app\n## State\n- Empty.\n")), nil).NewEngine(none)
	if err != nil {
		t.Fatal(err)
	}
	if n, all := len(plain.RuleIDs()), len(whole.RuleIDs()); n*4 > all {
		t.Errorf("a text with no keyword keeps %d of the %d rules: the filter filters nothing", n, all)
	}
	if reported == 0 {
		t.Fatal("no text had a finding: the comparison proves nothing")
	}
	t.Logf("%d texts (%d from the corpus), %d findings, all the same", len(texts), corpus, reported)
}
