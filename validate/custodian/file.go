package custodian

import "github.com/remnant-guard/remnant-guard/validate"

// File is one parsed memory file.
type File struct {
	// Name is the path relative to the memory directory, slash-separated.
	Name string
	// Src is the file's content as read.
	Src   []byte
	Lines []string
	// Text is Src decoded as the reference reads it, Lines its lines
	// (validate.ReadText in the validate.CustodianLines dialect); UTF8 is
	// false when Src is not valid UTF-8, and Text and Lines are then empty.
	Text string
	UTF8 bool
	// Units are the file's entries in source order: its `##` sections, or
	// its top-level bullets when it has no `##` heading.
	Units []Unit
	// Tail is the text after the last unit (all of the text when there
	// are no units).
	Tail string
}

// Unit is one entry of a memory file: the unit of packing and of the
// append-only comparison.
type Unit struct {
	// Heading is the `##` heading text; empty for a bullet unit.
	Heading string
	// Line and EndLine are the 1-based first and last lines of the unit.
	Line, EndLine int
	// Lead is text before the unit that belongs to no other unit (a file
	// title, labels between bullets), kept so packing loses nothing.
	Lead string
	// Text is the unit itself, normalized (see normalizeText).
	Text string
}

// Body returns the unit's text after its first line.
func (u Unit) Body() string {
	for i := 0; i < len(u.Text); i++ {
		if u.Text[i] == '\n' {
			return u.Text[i+1:]
		}
	}
	return ""
}

// ParseFile splits src into units. It never fails: any text parses.
func ParseFile(name string, src []byte) *File {
	t := validate.ReadText(src, validate.CustodianLines)
	f := &File{Name: name, Src: src, UTF8: t.ValidUTF8()}
	if !f.UTF8 {
		// Upstream cannot read it: reported as such (custodian-not-utf8)
		// and never judged as text.
		return f
	}
	f.Text, f.Lines = t.String(), t.Lines()
	fence := validate.Lex(f.Lines, validate.CustodianLines).Mask(validate.Hidden)
	starts := h2Starts(f.Lines, fence)
	if len(starts) > 0 {
		f.Units = h2Units(f.Lines, starts)
	} else {
		f.Units = bulletUnits(f.Lines, fence)
	}
	f.Tail = tail(f)
	return f
}

func h2Starts(lines []string, fence []bool) []int {
	var starts []int
	for i, l := range lines {
		if fence[i] {
			continue
		}
		if lvl, _ := headingLevel(l); lvl == 2 {
			starts = append(starts, i)
		}
	}
	return starts
}

func h2Units(lines []string, starts []int) []Unit {
	units := make([]Unit, 0, len(starts))
	for k, s := range starts {
		end := len(lines)
		if k+1 < len(starts) {
			end = starts[k+1]
		}
		end = trimBlankEnd(lines, s, end)
		_, h := headingLevel(lines[s])
		u := Unit{Heading: h, Line: s + 1, EndLine: end, Text: joinTrimmed(lines[s:end])}
		if k == 0 {
			u.Lead = joinTrimmed(lines[:s])
		}
		units = append(units, u)
	}
	return units
}

func bulletUnits(lines []string, fence []bool) []Unit {
	var units []Unit
	prevEnd := 0
	for i := 0; i < len(lines); i++ {
		if fence[i] {
			continue
		}
		if _, ok := bulletText(lines[i], 1); !ok {
			continue
		}
		end := bulletEnd(lines, i)
		units = append(units, Unit{
			Line: i + 1, EndLine: end,
			Lead: joinTrimmed(lines[prevEnd:i]),
			Text: joinTrimmed(lines[i:end]),
		})
		prevEnd = end
		i = end - 1
	}
	return units
}

// bulletEnd returns the exclusive end of the list item starting at i: the
// item continues over indented lines and blank lines followed by them.
func bulletEnd(lines []string, i int) int {
	end := i + 1
	for j := i + 1; j < len(lines); j++ {
		l := lines[j]
		if isBlank(l) {
			continue
		}
		if l[0] != ' ' && l[0] != '\t' {
			break
		}
		if _, ok := bulletText(l, 1); ok {
			break
		}
		end = j + 1
	}
	return end
}

func trimBlankEnd(lines []string, start, end int) int {
	for end > start+1 && isBlank(lines[end-1]) {
		end--
	}
	return end
}

func tail(f *File) string {
	if len(f.Units) == 0 {
		return joinTrimmed(f.Lines)
	}
	last := f.Units[len(f.Units)-1].EndLine
	return joinTrimmed(f.Lines[last:])
}
