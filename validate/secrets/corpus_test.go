package secrets

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// corpusDir is the labelled secret corpus beside the repository, when
// present (it is not part of a fresh clone).
var corpusDir = filepath.Join("..", "..", "..", "shared", "corpus", "secrets")

// sample is one labelled text: a file's content that must be flagged (tp)
// or must not be (fp).
type sample struct {
	ID       string `json:"id"`
	RuleID   string `json:"rule_id"`
	Label    string `json:"label"`
	Text     string `json:"text"`
	Path     string `json:"path"`
	Provider string `json:"provider"`
	Source   string `json:"source"`
}

// group is the provider a sample is counted under.
func (s sample) group() string {
	if s.Provider != "" {
		return s.Provider
	}
	return s.RuleID
}

// origin is the sample's source repository ("owner/name"), or "".
func (s sample) origin() string {
	o, _, _ := strings.Cut(s.Source, "@")
	return o
}

// loadSamples reads a JSON-lines file of samples.
func loadSamples(t testing.TB, name string) []sample {
	t.Helper()
	f, err := os.Open(filepath.Join(corpusDir, name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []sample
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 4<<20)
	for sc.Scan() {
		var s sample
		if err := json.Unmarshal(sc.Bytes(), &s); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out = append(out, s)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// tally counts flagged samples of each label.
type tally struct{ tp, tpHit, fp, fpHit int }

func (c *tally) add(label string, flagged bool) {
	hit := 0
	if flagged {
		hit = 1
	}
	if label == "tp" {
		c.tp, c.tpHit = c.tp+1, c.tpHit+hit
	} else {
		c.fp, c.fpHit = c.fp+1, c.fpHit+hit
	}
}

func ratio(n, d int) float64 {
	if d == 0 {
		return 0
	}
	return float64(n) / float64(d)
}

func (c tally) recall() float64    { return ratio(c.tpHit, c.tp) }
func (c tally) falseRate() float64 { return ratio(c.fpHit, c.fp) }
func (c tally) String() string {
	return fmt.Sprintf("recall %.3f (%d/%d), false flags %.3f (%d/%d)", c.recall(), c.tpHit, c.tp, c.falseRate(), c.fpHit, c.fp)
}

// quality scores samples, in all and by source and provider, and logs
// the misses (never more than a secret's first characters).
func quality(t *testing.T, e *Engine, samples []sample) tally {
	var all tally
	bySource, byProvider, byKind := map[string]*tally{}, map[string]*tally{}, map[string]*tally{}
	for _, s := range samples {
		path := s.Path
		if path == "" {
			path = "sample.txt"
		}
		fs, _ := e.ScanFile(path, []byte(s.Text))
		flagged := len(fs) > 0
		all.add(s.Label, flagged)
		count(bySource, s.origin(), s.Label, flagged)
		count(byProvider, s.group(), s.Label, flagged)
		count(byKind, fileKind(path), s.Label, flagged)
		if testing.Verbose() && flagged != (s.Label == "tp") {
			t.Logf("%s %s %s %v", s.Label, s.ID, s.group(), ruleIDs(fs))
		}
	}
	logTallies(t, "source", bySource)
	logTallies(t, "file", byKind)
	logTallies(t, "provider", byProvider)
	t.Logf("all: %s", all)
	return all
}

// fileKind is a path's extension, or its name when it has none (.env).
func fileKind(p string) string {
	if ext := filepath.Ext(p); ext != "" {
		return ext
	}
	return filepath.Base(p)
}

func count(m map[string]*tally, key, label string, flagged bool) {
	if m[key] == nil {
		m[key] = &tally{}
	}
	m[key].add(label, flagged)
}

func logTallies(t *testing.T, what string, m map[string]*tally) {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if what == "provider" && m[k].tpHit == m[k].tp && m[k].fpHit == 0 {
			continue // providers without a miss are counted in the sums only
		}
		t.Logf("%s %s: %s", what, k, m[k])
	}
}

// TestCorpusQuality measures recall (the share of tp samples flagged) and
// false flags (the share of fp samples flagged) on the development corpus
// and asserts the targets. It runs whenever ../shared/corpus/secrets is
// beside the repository.
func TestCorpusQuality(t *testing.T) {
	if _, err := os.Stat(corpusDir); os.IsNotExist(err) {
		t.Skip("../shared/corpus/secrets is absent (not part of a fresh clone): quality not measured")
	}
	e := builtinEngine(t)
	for _, c := range []struct {
		file          string
		recall, flags float64
	}{
		{"labelled-dev.jsonl", 0.97, 0.02},
		{"neutral-dev.jsonl", 0.85, 0.06},
	} {
		t.Run(strings.TrimSuffix(c.file, ".jsonl"), func(t *testing.T) {
			got := quality(t, e, loadSamples(t, c.file))
			if got.recall() < c.recall {
				t.Errorf("recall %.3f, want at least %.2f", got.recall(), c.recall)
			}
			if got.falseRate() > c.flags {
				t.Errorf("false flags %.3f, want at most %.2f", got.falseRate(), c.flags)
			}
		})
	}
	t.Run("detect-secrets", func(t *testing.T) { detectSecretsQuality(t, e) })
}
