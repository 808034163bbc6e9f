package validate

import "strings"

// LineFlags says what a line is to a dialect's reader. A line without
// flags is structure: prose, headings, list items.
type LineFlags uint8

const (
	// Fenced marks a line of a fenced code block, its fences included.
	Fenced LineFlags = 1 << iota
	// Indented marks a line of indented code.
	Indented
	// Comment marks a line of an HTML comment (the custodian dialects).
	Comment
	// HTMLBlock marks a line of a CommonMark HTML block, a comment or any
	// other kind.
	HTMLBlock
)

// Hidden is every flag: the lines that form no structure.
const Hidden = Fenced | Indented | Comment | HTMLBlock

// Lexed is what a dialect's line lexer found in a file's lines: the flags
// of each line and the first lexing problem, if any.
type Lexed struct {
	flags []LineFlags
	// Problem is the first lexing error ("" if none): an unclosed fence or
	// comment, or a forbidden fence info string (CustodianLexing only).
	Problem string
	// ProblemLine is the 1-based line of Problem.
	ProblemLine int
}

// Lex marks the lines that d reads as code, comments or HTML. For
// CommonMark the lines are read by ParseMarkdown, joined by LF; use the
// Markdown's own Lexed when it is at hand.
func Lex(lines []string, d Dialect) Lexed {
	switch d {
	case CustodianLines:
		return lexCustodianLines(lines)
	case CustodianLexing:
		return lexCustodian(lines)
	case CustodianBullets:
		return lexCustodianBullets(lines)
	}
	return *ParseMarkdown([]byte(strings.Join(lines, "\n"))).Lexed()
}

// Len returns the number of lines lexed.
func (lx Lexed) Len() int { return len(lx.flags) }

// Flags returns the flags of line l (1-based); none outside the file.
func (lx Lexed) Flags(l int) LineFlags {
	if l < 1 || l > len(lx.flags) {
		return 0
	}
	return lx.flags[l-1]
}

// Hidden reports whether line l is code, a comment or HTML.
func (lx Lexed) Hidden(l int) bool { return lx.Flags(l)&Hidden != 0 }

// Mask returns, for each line (index l-1), whether it has any of the flags
// in f.
func (lx Lexed) Mask(f LineFlags) []bool {
	out := make([]bool, len(lx.flags))
	for i, g := range lx.flags {
		out[i] = g&f != 0
	}
	return out
}

// Visible returns lines with the hidden ones blanked; lines must be the
// lines that were lexed.
func (lx Lexed) Visible(lines []string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		if i >= len(lx.flags) || lx.flags[i]&Hidden == 0 {
			out[i] = l
		}
	}
	return out
}

func (lx *Lexed) fail(i int, msg string) {
	if lx.Problem == "" {
		lx.Problem, lx.ProblemLine = msg, i+1
	}
}
