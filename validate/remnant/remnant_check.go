package remnant

import (
	"sort"
	"time"
	"unicode/utf8"

	"github.com/remnant-guard/remnant-guard/validate"
)

// checker runs the rules over one parsed file and collects findings.
type checker struct {
	f    *remnantFile
	path string
	lim  Limits
	now  time.Time
	out  []validate.Finding
}

func (c *checker) add(id string, line, col int, msg string) *validate.Finding {
	c.out = append(c.out, newFinding(id, c.path, line, col, msg))
	return &c.out[len(c.out)-1]
}

// addSpan adds a finding that runs to the end of line.
func (c *checker) addSpan(id string, line, col int, msg, hint string) {
	f := c.add(id, line, col, msg)
	f.EndLine, f.EndColumn, f.Hint = line, endCol(c.f.md.Line(line)), hint
}

// remnantChecks are the rules CheckRemnant runs, in order.
var remnantChecks = []func(*checker){
	(*checker).checkMarkers,
	(*checker).checkBanner,
	(*checker).checkTitle,
	(*checker).checkSections,
	(*checker).checkUnknownSections,
	(*checker).checkSchemaV1,
	(*checker).checkSession,
	(*checker).checkHistory,
	(*checker).checkStateSize,
	(*checker).checkLength,
	(*checker).checkDecisions,
	(*checker).checkMap,
	(*checker).checkPlaceholders,
	(*checker).checkRawOutput,
	(*checker).checkPersonalData,
}

// CheckRemnant checks a REMNANT.md. now is the time the Session date must
// not lie more than a day after; a zero now skips that check. A file with
// none of Remnant's marks (HasRemnantMarks) gets the one
// remnant-unrecognized finding, unless lim.KnownRemnant says it is Remnant
// memory all the same. Findings disabled by remnant-guard comments in src
// are dropped.
func CheckRemnant(path string, src []byte, lim Limits, now time.Time) []validate.Finding {
	if _, bad := unreadable(path, src, lim); !bad && !lim.KnownRemnant && !HasRemnantMarks(src) {
		return validate.ApplyDirectives(src, []validate.Finding{unrecognized(path)})
	}
	return runChecks(path, src, lim, now, remnantChecks)
}

// runChecks checks that src parses, then runs checks over it.
func runChecks(path string, src []byte, lim Limits, now time.Time, checks []func(*checker)) []validate.Finding {
	if f, bad := unreadable(path, src, lim); bad {
		return validate.ApplyDirectives(src, []validate.Finding{f})
	}
	c := &checker{f: parseRemnantFile(validate.ParseMarkdown(src)), path: path, lim: lim, now: now}
	for _, check := range checks {
		check(c)
	}
	sortFindings(c.out)
	return validate.ApplyDirectives(src, c.out)
}

func sortFindings(fs []validate.Finding) {
	sort.SliceStable(fs, func(i, j int) bool {
		if fs[i].Line != fs[j].Line {
			return fs[i].Line < fs[j].Line
		}
		return fs[i].Column < fs[j].Column
	})
}

// firstBad returns the 1-based line and column of the first NUL byte or
// invalid UTF-8 sequence in src, or 0, 0.
func firstBad(src []byte) (line, col int) {
	line, col = 1, 1
	for i := 0; i < len(src); {
		r, n := utf8.DecodeRune(src[i:])
		if r == 0 || (r == utf8.RuneError && n <= 1) {
			return line, col
		}
		if r == '\n' {
			line, col = line+1, 0
		}
		col++
		i += n
	}
	return 0, 0
}
