package doctable

import (
	"strings"
	"testing"
)

func TestTableEscapesBars(t *testing.T) {
	got := Table([]string{"a", "b"}, [][]string{{"x|y", Code("z")}})
	want := "| a | b |\n|---|---|\n| x\\|y | `z` |\n"
	if got != want {
		t.Errorf("Table = %q, want %q", got, want)
	}
}

func TestCell(t *testing.T) {
	for in, want := range map[string]string{
		"no <project-name> title":        "no &lt;project-name> title",
		"`<!-- x -->` stays code":        "`<!-- x -->` stays code",
		"rules/*.md and areas/*.md":      `rules/\*.md and areas/\*.md`,
		"a|b `c|d`":                      `a\|b ` + "`c\\|d`",
		"snake_case stays, _x_ does not": `snake_case stays, \_x\_ does not`,
	} {
		if got := Cell(in); got != want {
			t.Errorf("Cell(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestReplace(t *testing.T) {
	doc := "# T\n\n<!-- begin rules -->\nold\n<!-- end rules -->\nafter\n"
	out, old, err := Replace(doc, "rules", "new\n")
	if err != nil || old != "old\n" || out != "# T\n\n<!-- begin rules -->\nnew\n<!-- end rules -->\nafter\n" {
		t.Errorf("Replace = %q, %q, %v", out, old, err)
	}
	for _, bad := range []string{
		"no markers\n",
		"<!-- end rules -->\n<!-- begin rules -->\n",
		"<!-- begin rules -->\n<!-- end rules -->\n<!-- begin rules -->\n<!-- end rules -->\n",
	} {
		if _, _, err := Replace(bad, "rules", "x\n"); err == nil || !strings.Contains(err.Error(), "rules") {
			t.Errorf("Replace(%q): err %v, want one naming the markers", bad, err)
		}
	}
}
