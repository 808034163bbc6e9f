package custodian

import (
	"fmt"
	"strings"
)

// pack builds the context pack: each loaded file's units in order, never
// cutting one. The first unit of a file is kept whole even when it alone
// exceeds the budget (reported in Oversized); at the first later unit that
// does not fit, the file stops and the rest is reported in Omitted.
func (r *router) pack() string {
	var b strings.Builder
	for _, lf := range r.res.Loaded {
		f := r.mem.Files[lf.Path]
		if b.Len() > 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "<!-- memory: %s -->\n", lf.Path)
		for _, piece := range r.packFile(f, lf.Budget) {
			b.WriteString(piece)
			b.WriteString("\n\n")
		}
	}
	return strings.TrimRight(b.String(), "\n") + "\n"
}

// piece is one packable unit with the text kept around it.
type piece struct {
	text string
	line int
}

func pieces(f *File) []piece {
	if len(f.Units) == 0 {
		if f.Tail == "" {
			return nil
		}
		return []piece{{text: f.Tail, line: 1}}
	}
	out := make([]piece, len(f.Units))
	for i, u := range f.Units {
		t := u.Text
		if u.Lead != "" {
			t = u.Lead + "\n\n" + t
		}
		out[i] = piece{text: t, line: u.Line}
	}
	if f.Tail != "" {
		out[len(out)-1].text += "\n\n" + f.Tail
	}
	return out
}

func (r *router) packFile(f *File, budget int) []string {
	ps := pieces(f)
	var out []string
	used := 0
	for i, p := range ps {
		t := EstimateTokens(p.text)
		if budget > 0 && i > 0 && used+t > budget {
			r.omit(f.Name, ps[i:], budget)
			break
		}
		if budget > 0 && i == 0 && t > budget {
			r.res.Oversized = append(r.res.Oversized, Oversized{Path: f.Name, Line: p.line, Tokens: t, Budget: budget})
		}
		used += t
		out = append(out, p.text)
	}
	return out
}

func (r *router) omit(name string, rest []piece, budget int) {
	n := 0
	for _, p := range rest {
		n += EstimateTokens(p.text)
	}
	r.res.Omitted = append(r.res.Omitted, Omission{
		Path: name, Units: len(rest), FirstLine: rest[0].line, Tokens: n,
		Reason: fmt.Sprintf("the unit on line %d does not fit the %d-token budget", rest[0].line, budget),
	})
}
