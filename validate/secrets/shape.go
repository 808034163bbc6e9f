package secrets

import (
	"fmt"
	"regexp/syntax"
	"strconv"
	"strings"
	"unicode"
)

// maxShape bounds a shape's length: past it the regex says more than a
// reader takes in, and the rule's example shows the regex's secret part.
const maxShape = 512

// Shape describes the secret a rule's regex matches, as a reader would
// say it: "`AKIA`, `ASIA`, `ABIA` or `ACCA` + 16 of [A-Z2-7]". It describes
// the secret group (SecretGroup, else the group named secret, else the
// whole regex), never a value, so it shows what a secret looks like
// without being one. ok is false for a rule without a regex, or one whose
// description would run past maxShape.
func (d RuleDef) Shape() (string, bool) {
	if d.Regex == "" {
		return "", false
	}
	re, err := syntax.Parse(d.Regex, syntax.Perl)
	if err != nil {
		return "", false
	}
	if g := findCapture(re, d.SecretGroup, "secret"); g != nil {
		re = g
	}
	s := strings.TrimSpace(describe(re))
	if s == "" || len(s) > maxShape {
		return "", false
	}
	return s, true
}

// findCapture finds capture group n in re, or with n 0 the group named
// name; nil when there is none.
func findCapture(re *syntax.Regexp, n int, name string) *syntax.Regexp {
	if re.Op == syntax.OpCapture && (n > 0 && re.Cap == n || n == 0 && re.Name == name) {
		return re.Sub[0]
	}
	for _, s := range re.Sub {
		if g := findCapture(s, n, name); g != nil {
			return g
		}
	}
	return nil
}

// describe words one node of a parsed regex.
func describe(re *syntax.Regexp) string {
	switch re.Op {
	case syntax.OpLiteral:
		lit := quoteLiteral(re.Rune)
		if re.Flags&syntax.FoldCase != 0 && strings.ToLower(string(re.Rune)) != strings.ToUpper(string(re.Rune)) {
			return lit + " (any case)"
		}
		return lit
	case syntax.OpCharClass:
		return classString(re.Rune)
	case syntax.OpAnyCharNotNL, syntax.OpAnyChar:
		return "any character"
	case syntax.OpCapture:
		return describe(re.Sub[0])
	case syntax.OpRepeat:
		return shapeCount(re.Min, re.Max) + " of " + shapeGroup(re.Sub[0])
	case syntax.OpStar:
		return "any number of " + shapeGroup(re.Sub[0])
	case syntax.OpPlus:
		return "1 or more of " + shapeGroup(re.Sub[0])
	case syntax.OpQuest:
		return "optionally " + shapeGroup(re.Sub[0])
	case syntax.OpConcat:
		var parts []string
		for i := 0; i < len(re.Sub); i++ {
			s := re.Sub[i]
			// The parser factors a common prefix out of literal
			// alternatives ((?:AKIA|ASIA) is A then KIA|SIA): put it back.
			if i+1 < len(re.Sub) && s.Op == syntax.OpLiteral {
				if alts, ok := literalAlternatives(s, re.Sub[i+1]); ok {
					parts = append(parts, alts)
					i++
					continue
				}
			}
			if d := describe(s); d != "" {
				parts = append(parts, d)
			}
		}
		return strings.Join(parts, " + ")
	case syntax.OpAlternate:
		var parts []string
		for _, s := range re.Sub {
			parts = append(parts, shapeGroup(s))
		}
		if len(parts) == 1 {
			return parts[0]
		}
		return strings.Join(parts[:len(parts)-1], ", ") + " or " + parts[len(parts)-1]
	}
	// Anchors, word boundaries and empty matches take no characters.
	return ""
}

// maxLiteral is the longest piece a literal is shown in: a long literal
// may be a format's whole fixed part (a key's encoded header), which its
// rule would find in the shape itself.
const maxLiteral = 16

// quoteLiteral writes a literal in backquotes, a long one in pieces.
func quoteLiteral(r []rune) string {
	var parts []string
	for len(r) > maxLiteral {
		parts = append(parts, "`"+string(r[:maxLiteral])+"`")
		r = r[maxLiteral:]
	}
	return strings.Join(append(parts, "`"+string(r)+"`"), " + ")
}

// literalAlternatives words a literal prefix followed by alternatives
// that are all literals as the whole alternatives: "`AKIA` or `ASIA`".
func literalAlternatives(prefix, alt *syntax.Regexp) (string, bool) {
	if alt.Op != syntax.OpAlternate || prefix.Flags&syntax.FoldCase != 0 {
		return "", false
	}
	var parts []string
	for _, a := range alt.Sub {
		var tail string
		switch {
		case a.Op == syntax.OpLiteral && a.Flags&syntax.FoldCase == 0:
			tail = string(a.Rune)
		case a.Op == syntax.OpCharClass && len(a.Rune) == 2 && a.Rune[0] == a.Rune[1]:
			tail = string(a.Rune[0])
		default:
			return "", false
		}
		parts = append(parts, "`"+string(prefix.Rune)+tail+"`")
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " or " + parts[len(parts)-1], true
}

// shapeGroup is describe, in parentheses when it is more than one piece.
func shapeGroup(re *syntax.Regexp) string {
	d := describe(re)
	if strings.Contains(d, " + ") || strings.Contains(d, " or ") {
		return "(" + d + ")"
	}
	return d
}

func shapeCount(lo, hi int) string {
	switch {
	case hi == lo:
		return strconv.Itoa(lo)
	case hi < 0:
		return fmt.Sprintf("%d or more", lo)
	}
	return fmt.Sprintf("%d to %d", lo, hi)
}

// classString writes a character class as a regex would: [A-Z2-7].
func classString(r []rune) string {
	if len(r) == 2 && r[0] == r[1] {
		return "`" + string(r[0]) + "`"
	}
	var b strings.Builder
	b.WriteByte('[')
	if len(r) > 0 && r[0] == 0 && r[len(r)-1] == unicode.MaxRune {
		// A negated class: write what it leaves out.
		b.WriteByte('^')
		var out []rune
		for i := 1; i+1 < len(r); i += 2 {
			out = append(out, r[i]+1, r[i+1]-1)
		}
		r = out
	}
	for i := 0; i+1 < len(r); i += 2 {
		lo, hi := r[i], r[i+1]
		if lo == hi && (lo == 0x17f || lo == 0x212a) {
			continue // ſ and the Kelvin sign, which (?i) adds to s and k
		}
		// A range across digits and letters is written a piece for each.
		for lo <= hi {
			end := hi
			for _, edge := range []rune{'0' - 1, '9', 'A' - 1, 'Z', 'a' - 1, 'z'} {
				if lo <= edge && edge < end {
					end = edge
				}
			}
			writeRange(&b, lo, end)
			lo = end + 1
		}
	}
	b.WriteByte(']')
	return b.String()
}

func writeRange(b *strings.Builder, lo, hi rune) {
	b.WriteString(classRune(lo))
	switch {
	case hi == lo:
	case hi == lo+1:
		b.WriteString(classRune(hi))
	default:
		b.WriteString("-" + classRune(hi))
	}
}

func classRune(r rune) string {
	switch {
	case r == '\\' || r == ']' || r == '[' || r == '-' || r == '^':
		return `\` + string(r)
	case r == '\t':
		return `\t`
	case r == '\n':
		return `\n`
	case r == '\r':
		return `\r`
	case r == ' ':
		return " "
	case r > unicode.MaxASCII || !unicode.IsPrint(r):
		return fmt.Sprintf(`\x{%x}`, r)
	}
	return string(r)
}
