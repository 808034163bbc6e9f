package report

import (
	"bytes"
	"testing"
)

func TestGitHubGolden(t *testing.T) {
	var b bytes.Buffer
	if err := WriteGitHub(&b, goldenReport()); err != nil {
		t.Fatal(err)
	}
	golden(t, "github.golden", b.Bytes())
	b.Reset()
	if err := WriteStepSummary(&b, goldenReport()); err != nil {
		t.Fatal(err)
	}
	golden(t, "github-summary.golden", b.Bytes())
}

func TestGitHubEscaping(t *testing.T) {
	if got, want := ghProperty("a:b,c%d\ne\r"), "a%3Ab%2Cc%25d%0Ae%0D"; got != want {
		t.Errorf("ghProperty = %q, want %q", got, want)
	}
	if got, want := ghData("a:b,c%d\ne"), "a:b,c%25d%0Ae"; got != want {
		t.Errorf("ghData = %q, want %q", got, want)
	}
}
