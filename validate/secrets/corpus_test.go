package secrets

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// corpusDir is the labelled secret corpus beside the repository, when
// present (it is not part of a fresh clone).
var corpusDir = filepath.Join("..", "..", "..", "shared", "corpus", "secrets")

type sample struct {
	RuleID string `json:"rule_id"`
	Label  string `json:"label"`
	Text   string `json:"text"`
	Path   string `json:"path"`
}

func loadCorpus(t *testing.T) []sample {
	t.Helper()
	f, err := os.Open(filepath.Join(corpusDir, "labelled-dev.jsonl"))
	if os.IsNotExist(err) {
		t.Skip("labelled corpus not present")
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []sample
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var s sample
		if err := json.Unmarshal(sc.Bytes(), &s); err != nil {
			t.Fatal(err)
		}
		out = append(out, s)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestCorpus measures recall on true samples and the flag rate on false
// ones; it fails below 95% recall or above 3% false flags.
func TestCorpus(t *testing.T) {
	samples := loadCorpus(t)
	e := builtinEngine(t)
	var tp, tpHit, fp, fpHit int
	for _, s := range samples {
		path := s.Path
		if path == "" {
			path = "sample.txt"
		}
		fs, _ := e.ScanFile(path, []byte(s.Text))
		flagged := len(fs) > 0
		switch s.Label {
		case "tp":
			tp++
			if flagged {
				tpHit++
			} else {
				t.Logf("missed tp %s: %.80q", s.RuleID, s.Text)
			}
		case "fp":
			fp++
			if flagged {
				fpHit++
				t.Logf("flagged fp %s by %v: %.80q", s.RuleID, ruleIDs(fs), s.Text)
			}
		}
	}
	recall := float64(tpHit) / float64(tp)
	fpRate := float64(fpHit) / float64(fp)
	t.Logf("recall %.3f (%d/%d), false-positive rate %.3f (%d/%d)", recall, tpHit, tp, fpRate, fpHit, fp)
	if recall < 0.95 {
		t.Errorf("recall %.3f, want at least 0.95", recall)
	}
	if fpRate > 0.03 {
		t.Errorf("false-positive rate %.3f, want at most 0.03", fpRate)
	}
}
