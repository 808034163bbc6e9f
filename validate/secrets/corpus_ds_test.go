package secrets

import (
	"os"
	"path/filepath"
	"testing"
)

// detectSecretsFiles labels Yelp/detect-secrets' test data as its own
// tests use it: true when the file holds a secret. short_files/ is left
// out: its values (notHighEnoughEntropy, hunter2, a pangram) are the
// stand-ins the generic rule is meant to pass over, though detect-secrets'
// keyword plugin reports them; baseline.file and sample.diff hold
// detect-secrets' own output and input, not files to judge.
var detectSecretsFiles = map[string]bool{
	"files/file_with_secrets.py":        true,
	"files/tmp/file_with_secrets.py":    true,
	"files/private_key":                 true,
	"each_secret.py":                    true,
	"config.ini":                        true,
	"config.env":                        true,
	"config.md":                         true,
	"config2.yaml":                      true,
	"files/file_with_no_secrets.py":     false,
	"files/tmp/file_with_no_secrets.py": false,
	"files/file_with_custom_secrets.py": false,
	"only_comments.yaml":                false,
	"word_list.txt":                     false,
	"performance/best-songs.txt":        false,
	"performance/long-lines.test.json":  false,
	"performance/long-file.test.json":   false,
}

// detectSecretsQuality scans the detect-secrets files, wants every file
// without a secret clean and most files with one flagged.
func detectSecretsQuality(t *testing.T, e *Engine) {
	dir := filepath.Join(corpusDir, "detect-secrets-test-data")
	var all tally
	for name, secret := range detectSecretsFiles {
		data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
		if err != nil {
			t.Fatal(err)
		}
		fs, _ := e.ScanFile(name, data)
		label := "fp"
		if secret {
			label = "tp"
		}
		all.add(label, len(fs) > 0)
		if (len(fs) > 0) != secret {
			t.Logf("%s %s: %v", label, name, ruleIDs(fs))
		}
	}
	t.Logf("all: %s", all)
	if all.fpHit > 0 {
		t.Errorf("%d files without a secret flagged", all.fpHit)
	}
	if all.recall() < 0.75 {
		t.Errorf("recall %.3f, want at least 0.75", all.recall())
	}
}
