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

// TestNoiseJudgedEcosystems keeps the judgements of the cross-ecosystem
// noise benchmark (testdata/noise/judged-*.tsv, the tuned set, and
// judged-heldout-*.tsv, judged-unseen-*.tsv and judged-blind-*.tsv, the
// held-out, unseen and blind sets; see its README.md) readable
// and free of the values judged: every row names a tool, the ecosystem of
// its file, a path, a 1-based line, a rule, where the value sits in its line,
// a verdict (real, test or false), a class for each false flag and a reason,
// and neither rule nor reason holds a token-like run.
func TestNoiseJudgedEcosystems(t *testing.T) {
	classes := map[string]bool{"public-key": true, "placeholder": true, "code-as-assignment": true,
		"encoded-non-credential": true, "well-known-public": true, "other": true}
	tokenLike := regexp.MustCompile(`[A-Za-z0-9+/_=-]{24,}`)
	for _, name := range []string{
		"testdata/noise/judged-go.tsv", "testdata/noise/judged-debian.tsv", "testdata/noise/judged-npm.tsv",
		"testdata/noise/judged-heldout-go.tsv", "testdata/noise/judged-heldout-debian.tsv", "testdata/noise/judged-heldout-npm.tsv",
		"testdata/noise/judged-unseen-go.tsv", "testdata/noise/judged-unseen-debian.tsv", "testdata/noise/judged-unseen-npm.tsv",
		"testdata/noise/judged-blind-go.tsv", "testdata/noise/judged-blind-debian.tsv", "testdata/noise/judged-blind-npm.tsv",
	} {
		eco := strings.TrimSuffix(name[strings.LastIndex(name, "-")+1:], ".tsv")
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		rows := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
		if len(rows) < 2 || rows[0] != "tool\tecosystem\tpath\tline\trule\tcol\tlen\tverdict\tclass\treason" {
			t.Fatalf("%s: want the header and rows, got %d lines", name, len(rows))
		}
		for i, row := range rows[1:] {
			f := strings.Split(row, "\t")
			if len(f) != 10 {
				t.Errorf("%s row %d: %d fields, want 10", name, i+2, len(f))
				continue
			}
			if f[1] != eco || f[2] == "" {
				t.Errorf("%s row %d: ecosystem %q, path %q", name, i+2, f[1], f[2])
			}
			for _, n := range []string{f[5], f[6]} {
				if _, err := strconv.Atoi(n); err != nil {
					t.Errorf("%s row %d: column or length %q", name, i+2, n)
				}
			}
			if n, err := strconv.Atoi(f[3]); err != nil || n < 0 {
				t.Errorf("%s row %d: line %q", name, i+2, f[3])
			}
			switch {
			case f[7] == "false" && !classes[f[8]]:
				t.Errorf("%s row %d: false flag of class %q", name, i+2, f[8])
			case (f[7] == "test" || f[7] == "real") && f[8] != "":
				t.Errorf("%s row %d: a %s value has class %q", name, i+2, f[7], f[8])
			case f[7] != "false" && f[7] != "test" && f[7] != "real":
				t.Errorf("%s row %d: verdict %q", name, i+2, f[7])
			}
			if f[9] == "" {
				t.Errorf("%s row %d: no reason", name, i+2)
			}
			for _, field := range []string{f[4], f[9]} {
				if m := tokenLike.FindString(field); m != "" && charClasses(m)&classDigit != 0 && charClasses(m)&(classLower|classUpper) != 0 {
					t.Errorf("%s row %d: %q looks like a value", name, i+2, m[:4])
				}
			}
		}
	}
}
