package custodian

import (
	"math/rand"
	"regexp"
	"strings"
	"testing"

	"github.com/remnant-guard/remnant-guard/internal/heapcost"
)

// TestGlobMatchHostile: globs a memory file or the config may hold, built to make a
// matcher that tries every split for every star take exponential time,
// are matched at once (a hang is caught by the test run's deadline).
func TestGlobMatchHostile(t *testing.T) {
	cases := []struct{ glob, path string }{
		{strings.Repeat("*a", 40) + "*b", strings.Repeat("a", 200)},
		{strings.Repeat("**/", 40) + "x", strings.Repeat("d/", 200) + "y"},
		{strings.Repeat("**/a*/", 30) + "c", strings.Repeat("a/", 200) + "b"},
	}
	heapcost.Finishes(t, "matching hostile globs", func() {
		for _, c := range cases {
			if globMatch(c.glob, c.path) {
				t.Errorf("%q matches %q", c.glob, c.path)
			}
			if MatchGlob(c.glob, c.path) { // a configured area's globs
				t.Errorf("MatchGlob: %q matches %q", c.glob, c.path)
			}
		}
	})
}

// TestGlobMatchRegexp compares globMatch on random globs and paths with
// the regular expression each glob stands for: `*` `[^/]*`, `?` `[^/]`,
// a `**` segment any whole segments, a trailing one at least one.
func TestGlobMatchRegexp(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	pick := func(alpha []string, n int) string {
		var b strings.Builder
		for range n {
			b.WriteString(alpha[rng.Intn(len(alpha))])
		}
		return b.String()
	}
	for range 20000 {
		var segs []string
		for range 1 + rng.Intn(4) {
			if rng.Intn(4) == 0 {
				segs = append(segs, "**")
			} else {
				segs = append(segs, pick([]string{"a", "b", "é", "*", "?"}, 1+rng.Intn(4)))
			}
		}
		glob := strings.Join(segs, "/")
		p := pick([]string{"a", "b", "é", "/", "ab", "a/b"}, rng.Intn(7))
		if got, want := globMatch(glob, p), globRegexp(glob).MatchString(p); got != want {
			t.Fatalf("globMatch(%q, %q) = %v, the glob's regular expression says %v", glob, p, got, want)
		}
	}
}

// globRegexp is the regular expression a glob stands for.
func globRegexp(glob string) *regexp.Regexp {
	segs := strings.Split(glob, "/")
	var re strings.Builder
	re.WriteString("^")
	for i, s := range segs {
		last := i == len(segs)-1
		switch {
		case s == "**" && last && i > 0:
			re.WriteString("[^/]*(?:/[^/]*)*")
		case s == "**" && last:
			re.WriteString("[^/]*(?:/[^/]*)*")
		case s == "**":
			re.WriteString("(?:[^/]*/)*")
		default:
			for _, r := range s {
				switch r {
				case '*':
					re.WriteString("[^/]*")
				case '?':
					re.WriteString("[^/]")
				default:
					re.WriteString(regexp.QuoteMeta(string(r)))
				}
			}
			if !last {
				re.WriteString("/")
			}
		}
	}
	re.WriteString("$")
	return regexp.MustCompile(re.String())
}
