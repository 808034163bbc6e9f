package secrets

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// BenchmarkCorpusGitleaks measures gitleaks on the development corpus as
// TestCorpusQuality measures remnant-guard, for the side-by-side figures
// in BENCHMARKS.md: each sample is written to a file of its own and
// `gitleaks dir` scans them all with its default rules. It needs the
// corpus and gitleaks on PATH:
//
//	go test -run x -bench CorpusGitleaks -v ./validate/secrets
func BenchmarkCorpusGitleaks(b *testing.B) {
	if _, err := os.Stat(corpusDir); os.IsNotExist(err) {
		b.Skip("../shared/corpus/secrets is absent: nothing to measure")
	}
	bin, err := exec.LookPath("gitleaks")
	if err != nil {
		b.Skip("gitleaks is not installed: nothing to compare with")
	}
	for _, file := range []string{"labelled-dev.jsonl", "neutral-dev.jsonl"} {
		samples := loadSamples(b, file)
		dir := b.TempDir()
		for i, s := range samples {
			p := s.Path
			if p == "" {
				p = "sample.txt"
			}
			full := filepath.Join(dir, strconv.Itoa(i), filepath.FromSlash(p))
			if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
				b.Fatal(err)
			}
			if err := os.WriteFile(full, []byte(s.Text), 0o644); err != nil {
				b.Fatal(err)
			}
		}
		report := filepath.Join(b.TempDir(), "report.json")
		cmd := exec.Command(bin, "dir", "--no-banner", "--log-level", "error", "-f", "json", "-r", report, dir)
		if out, err := cmd.CombinedOutput(); err != nil {
			if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 {
				b.Fatalf("gitleaks: %v\n%s", err, out)
			}
		}
		flagged := gitleaksFlagged(b, report, dir)
		var all tally
		bySource, byKind := map[string]*tally{}, map[string]*tally{}
		for i, s := range samples {
			all.add(s.Label, flagged[i])
			count(bySource, s.origin(), s.Label, flagged[i])
			p := s.Path
			if p == "" {
				p = "sample.txt"
			}
			count(byKind, fileKind(p), s.Label, flagged[i])
		}
		if file == "neutral-dev.jsonl" {
			for src, c := range bySource {
				b.Logf("%s gitleaks source %s: %s", file, src, c)
			}
			for k, c := range byKind {
				b.Logf("%s gitleaks file %s: %s", file, k, c)
			}
		}
		b.Logf("%s gitleaks all: %s", file, all)
	}
	b.Logf("detect-secrets gitleaks all: %s", gitleaksDetectSecrets(b, bin))
}

// gitleaksDetectSecrets scans the detect-secrets files, labelled as
// detectSecretsQuality labels them.
func gitleaksDetectSecrets(b *testing.B, bin string) tally {
	src := filepath.Join(corpusDir, "detect-secrets-test-data")
	dir := b.TempDir()
	names := make([]string, 0, len(detectSecretsFiles))
	for name := range detectSecretsFiles {
		names = append(names, name)
	}
	for i, name := range names {
		data, err := os.ReadFile(filepath.Join(src, filepath.FromSlash(name)))
		if err != nil {
			b.Fatal(err)
		}
		full := filepath.Join(dir, strconv.Itoa(i), filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(full, data, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	report := filepath.Join(b.TempDir(), "report.json")
	cmd := exec.Command(bin, "dir", "--no-banner", "--log-level", "error", "-f", "json", "-r", report, dir)
	if out, err := cmd.CombinedOutput(); err != nil {
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 {
			b.Fatalf("gitleaks: %v\n%s", err, out)
		}
	}
	flagged := gitleaksFlagged(b, report, dir)
	var all tally
	for i, name := range names {
		label := "fp"
		if detectSecretsFiles[name] {
			label = "tp"
		}
		all.add(label, flagged[i])
	}
	return all
}

// gitleaksFlagged reads a gitleaks JSON report: the samples (directories
// under dir, by index) with a finding.
func gitleaksFlagged(b *testing.B, report, dir string) map[int]bool {
	data, err := os.ReadFile(report)
	if err != nil {
		b.Fatal(err)
	}
	var found []struct{ File string }
	if err := json.Unmarshal(data, &found); err != nil {
		b.Fatal(err)
	}
	out := map[int]bool{}
	for _, f := range found {
		rel := strings.TrimPrefix(filepath.ToSlash(f.File), filepath.ToSlash(dir)+"/")
		if i, err := strconv.Atoi(strings.SplitN(rel, "/", 2)[0]); err == nil {
			out[i] = true
		}
	}
	return out
}
