package custodian

import (
	"encoding/json"
	"math/rand"
	"os"
	"os/exec"
	"strings"
	"testing"
)

func TestInboxItems(t *testing.T) {
	bullets := func(n int) string { return strings.Repeat("- item\n", n) }
	for _, c := range []struct {
		name     string
		src      string
		n, over  int
		findings int
	}{
		{"30 items", bullets(30), 30, 0, 0},
		{"31 items", "# Memory Inbox\n\n" + bullets(31), 31, 33, 1},
		{"every marker", strings.Repeat("- a\n* b\n+ c\n", 11), 33, 31, 1},
		// A fence is known by its first three characters: ``` closes ````.
		{"``` closes ````", "````\n- a\n```\n" + bullets(31) + "````\n", 31, 34, 1},
		{"```python closes ```", "```\n- a\n```python\n" + bullets(31), 31, 34, 1},
		{"~~~ fence", "~~~\n" + bullets(31) + "~~~\n- a\n", 1, 0, 0},
		{"unclosed fence", "- a\n```\n" + bullets(31), 1, 0, 0},
		{"indented fence opens none", " ```\n" + bullets(31), 31, 32, 1},
		{"comments hide nothing", "<!--\n" + bullets(31) + "-->\n", 31, 32, 1},
		{"not items", strings.Repeat(" - a\n-\n-\tb\n1. c\n\ufeff- d\n-a\n", 10), 0, 0, 0},
	} {
		lines := pyLines(c.src)
		n, over := inboxItems(lines)
		if n != c.n || over != c.over {
			t.Errorf("%s: %d items, over on line %d; want %d, %d", c.name, n, over, c.n, c.over)
		}
		got := 0
		for _, f := range Check(memFS(map[string]string{"inbox.md": c.src}), Options{}, nil) {
			if f.RuleID == RuleInboxFull {
				got++
				if f.Line != c.over {
					t.Errorf("%s: finding on line %d, want %d", c.name, f.Line, c.over)
				}
			}
		}
		if got != c.findings {
			t.Errorf("%s: %d %s findings, want %d", c.name, got, RuleInboxFull, c.findings)
		}
	}
}

// TestInboxItemsAgainstCLI counts the items of generated inboxes with the
// reference's own count_inbox_items and with inboxItems.
func TestInboxItemsAgainstCLI(t *testing.T) {
	cli := oracleDir(t)
	parts := []string{"- a", "* b", "+ c", " - d", "-", "-\te", "1. f", "text", "", "```", "````", "```go",
		"~~~", "~~~~", " ```", "<!--", "-->", "## h", "\ufeff- g", "  more", "```- h", "~~~ - i"}
	seps := []string{"\n", "\n", "\n", "\r\n", "\r", "\u2028"}
	rng := rand.New(rand.NewSource(11))
	var docs []string
	for n := 0; n < 2000; n++ {
		var b strings.Builder
		for k := rng.Intn(40); k > 0; k-- {
			b.WriteString(parts[rng.Intn(len(parts))] + seps[rng.Intn(len(seps))])
		}
		docs = append(docs, b.String())
	}
	in, _ := json.Marshal(docs)
	const script = "import io, json, sys\n" +
		"from memory_custodian.protocol import count_inbox_items\n" +
		"docs = json.load(sys.stdin)\n" +
		"# as the CLI's read_text: universal newlines\n" +
		"print(json.dumps([count_inbox_items(io.StringIO(d, newline=None).read()) for d in docs]))\n"
	cmd := exec.Command("python3", "-c", script)
	cmd.Env = append(os.Environ(), "PYTHONPATH="+cli, "PYTHONDONTWRITEBYTECODE=1")
	cmd.Stdin = strings.NewReader(string(in))
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("python3: %v", err)
	}
	var want []int
	if err := json.Unmarshal(out, &want); err != nil || len(want) != len(docs) {
		t.Fatalf("python3 answered %d counts (%v), want %d", len(want), err, len(docs))
	}
	for i, d := range docs {
		if n, _ := inboxItems(splitLines([]byte(d))); n != want[i] {
			t.Errorf("%q: %d items, the reference counts %d", d, n, want[i])
		}
	}
}
