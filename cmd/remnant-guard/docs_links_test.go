package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"

	remnantrules "github.com/remnant-guard/remnant-guard/validate/remnant"
)

// docFiles are the Markdown files of the documentation, relative to the
// repository root.
func docFiles(t *testing.T) []string {
	t.Helper()
	root := sourceRoot(t)
	files := []string{"README.md", "CONTRIBUTING.md", "ARCHITECTURE.md", "BENCHMARKS.md"}
	more, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range more {
		files = append(files, "docs/"+filepath.Base(f))
	}
	return files
}

// mdLine is a line of a Markdown file outside fenced code.
type mdLine struct {
	n    int
	text string
}

// proseLines returns the lines of a Markdown file outside fenced code.
func proseLines(src string) []mdLine {
	var out []mdLine
	fence := ""
	for i, l := range strings.Split(src, "\n") {
		trimmed := strings.TrimLeft(l, " ")
		switch {
		case fence != "":
			if strings.HasPrefix(trimmed, fence) && strings.Trim(trimmed, fence[:1]) == "" {
				fence = ""
			}
			continue
		case strings.HasPrefix(trimmed, "```"), strings.HasPrefix(trimmed, "~~~"):
			fence = trimmed[:3]
			for strings.HasPrefix(trimmed[len(fence):], fence[:1]) {
				fence += fence[:1]
			}
			continue
		}
		out = append(out, mdLine{i + 1, l})
	}
	return out
}

var headingRE = regexp.MustCompile(`^(#{1,6}) (.*)$`)

// slug is the anchor GitHub gives a heading: lower case, letters, digits,
// spaces, hyphens and underscores kept, spaces made hyphens.
func slug(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(heading) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// anchors returns the anchors of a Markdown file's headings.
func anchors(src string) map[string]bool {
	out := map[string]bool{}
	seen := map[string]int{}
	for _, l := range proseLines(src) {
		m := headingRE.FindStringSubmatch(l.text)
		if m == nil {
			continue
		}
		s := slug(m[2])
		if n := seen[s]; n > 0 {
			out[fmt.Sprintf("%s-%d", s, n)] = true
		} else {
			out[s] = true
		}
		seen[s]++
	}
	return out
}

// TestDocsHeadingsAndLinks: in every Markdown file of the documentation,
// headings start at one # and never skip a level, and every link to
// another file of the repository names one that exists, with a heading of
// that anchor.
func TestDocsHeadingsAndLinks(t *testing.T) {
	root := sourceRoot(t)
	link := regexp.MustCompile(`\]\(([^)\s]+)\)`)
	code := regexp.MustCompile("`[^`]*`")
	for _, file := range docFiles(t) {
		data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(file)))
		if err != nil {
			t.Fatal(err)
		}
		level := 0
		for _, l := range proseLines(string(data)) {
			m := headingRE.FindStringSubmatch(l.text)
			if m == nil {
				continue
			}
			if n := len(m[1]); level == 0 && n != 1 || n > level+1 {
				t.Errorf("%s:%d: heading %q is level %d after level %d", file, l.n, m[2], n, level)
			}
			level = len(m[1])
		}
		for _, l := range proseLines(string(data)) {
			for _, m := range link.FindAllStringSubmatch(code.ReplaceAllString(l.text, ""), -1) {
				target := m[1]
				if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
					continue
				}
				path, anchor, _ := strings.Cut(target, "#")
				dest := filepath.Join(root, filepath.FromSlash(file))
				if path != "" {
					dest = filepath.Join(filepath.Dir(dest), filepath.FromSlash(path))
				}
				if path == "docs/agent-clients.md" || path == "agent-clients.md" {
					continue // written beside this documentation, with the agents' clients
				}
				body, err := os.ReadFile(dest)
				if err != nil {
					t.Errorf("%s:%d: link %s: %v", file, l.n, target, err)
					continue
				}
				if anchor != "" && !anchors(string(body))[anchor] {
					t.Errorf("%s:%d: link %s: no heading of that anchor", file, l.n, target)
				}
			}
		}
	}
}

// TestREADMEFrontPage: README is a front page: at most 400 lines, and it
// names no test function (the pages of docs/ do, where a guarantee is
// kept by one).
func TestREADMEFrontPage(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(sourceRoot(t), "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(data), "\n"); n > 400 {
		t.Errorf("README.md has %d lines, want at most 400: move the reference to docs/", n)
	}
	if m := regexp.MustCompile(`\b(Test|Benchmark|Fuzz)[A-Z]\w*`).FindAllString(string(data), -1); m != nil {
		t.Errorf("README.md names test functions %v", m)
	}
}

// TestDocsAreNotMemory: no page of the documentation has a memory file's
// name (docs/remnant.md would be REMNANT.md to every check, in any letter
// case, and committing it would be refused).
func TestDocsAreNotMemory(t *testing.T) {
	for _, f := range docFiles(t) {
		if k := remnantrules.KindOf(f); k != remnantrules.KindUnknown {
			t.Errorf("%s is named as a memory file (%v): rename it", f, k)
		}
	}
}
