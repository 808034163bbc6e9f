package secrets

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestNoiseJudgement keeps the hand judgement of the noise benchmark
// (testdata/noise/judgement.tsv) readable and free of the values judged:
// every row names a tree, a tool, a path, a 1-based line, a rule, a
// verdict (tp or fp) and a reason, and no field holds a token-like run.
func TestNoiseJudgement(t *testing.T) {
	data, err := os.ReadFile("testdata/noise/judgement.tsv")
	if err != nil {
		t.Fatal(err)
	}
	rows := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	if len(rows) < 2 || rows[0] != "tree\ttool\tpath\tline\trule\tverdict\treason" {
		t.Fatalf("judgement.tsv: want a header and rows, got %d lines", len(rows))
	}
	tokenLike := regexp.MustCompile(`[A-Za-z0-9+/_=-]{24,}`)
	for i, row := range rows[1:] {
		f := strings.Split(row, "\t")
		if len(f) != 7 {
			t.Errorf("row %d: %d fields, want 7", i+2, len(f))
			continue
		}
		if n, err := strconv.Atoi(f[3]); err != nil || n < 1 {
			t.Errorf("row %d: line %q", i+2, f[3])
		}
		if f[5] != "tp" && f[5] != "fp" || f[6] == "" {
			t.Errorf("row %d: verdict %q, reason %q", i+2, f[5], f[6])
		}
		for _, field := range []string{f[4], f[6]} {
			if m := tokenLike.FindString(field); m != "" && charClasses(m)&classDigit != 0 && charClasses(m)&(classLower|classUpper) != 0 {
				t.Errorf("row %d: %q looks like a value", i+2, m[:4])
			}
		}
	}
}
