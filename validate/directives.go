package validate

import (
	"strings"
)

// DirectivePrefix starts every remnant-guard comment in a memory file, as in
// <!-- remnant-guard:disable RULE-ID -->.
const DirectivePrefix = "remnant-guard:"

// directive matches <!-- remnant-guard:disable IDs --> and
// <!-- remnant-guard:disable-next-line IDs -->.
var directive = LazyRegexp(`<!--\s*remnant-guard:(disable-next-line|disable)\s+([^>]*?)\s*-->`)

// ApplyDirectives drops the findings that src disables with comments:
// <!-- remnant-guard:disable RULE-ID --> anywhere disables a rule for the
// whole file; <!-- remnant-guard:disable-next-line RULE-ID --> disables it
// on the line after the comment. Several IDs may be given, separated by
// spaces or commas.
func ApplyDirectives(src []byte, fs []Finding) []Finding {
	if len(fs) == 0 || !strings.Contains(string(src), DirectivePrefix) {
		return fs
	}
	file, lines := readDirectives(src)
	out := fs[:0:0]
	for _, f := range fs {
		if !file[f.RuleID] && !lines[lineRule{f.Line, f.RuleID}] {
			out = append(out, f)
		}
	}
	return out
}

type lineRule struct {
	line int
	id   string
}

func readDirectives(src []byte) (file map[string]bool, lines map[lineRule]bool) {
	file, lines = map[string]bool{}, map[lineRule]bool{}
	text := string(src)
	end, counted := 1, 0
	for _, m := range directive().FindAllStringSubmatchIndex(text, -1) {
		ids := strings.FieldsFunc(text[m[4]:m[5]], func(r rune) bool { return r == ',' || r == ' ' || r == '\t' })
		end += strings.Count(text[counted:m[1]], "\n")
		counted = m[1]
		for _, id := range ids {
			if text[m[2]:m[3]] == "disable" {
				file[id] = true
			} else {
				lines[lineRule{end + 1, id}] = true
			}
		}
	}
	return file, lines
}
