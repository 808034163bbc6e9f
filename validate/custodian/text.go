package custodian

import (
	"strings"

	"github.com/remnant-guard/remnant-guard/validate"
)

// Memory files are read through validate's one reading layer, in the
// dialects of the MemoryCustodian reference: validate.CustodianLines for
// units (as the 0.9.1 CLI reads them), validate.CustodianBullets for its
// inbox item count and validate.CustodianLexing for the Markdown lexing of
// protocol 0.7 and later. The functions below name the
// calls this package makes; they add no reading of their own.

// decodeText returns src as the reference reads it (universal newlines)
// and whether src is valid UTF-8 (the reference refuses a file that is
// not).
func decodeText(src []byte) (string, bool) {
	return validate.DecodeText(src, validate.CustodianLines)
}

// pyLines splits decoded text like Python's str.splitlines.
func pyLines(s string) []string { return validate.SplitLines(s, validate.CustodianLines) }

// splitLines decodes src and splits it into lines as the reference does:
// LF, CRLF and a lone CR each end a line.
func splitLines(src []byte) []string {
	s, _ := decodeText(src)
	return pyLines(s)
}

// pyStrip removes leading and trailing white space as str.strip does.
func pyStrip(s string) string { return validate.PythonStrip(s) }

// normalizeHeading is the reference's heading key: white space, then '#',
// then white space removed from both ends, case-folded.
func normalizeHeading(s string) string {
	return strings.ToLower(pyStrip(strings.Trim(pyStrip(s), "#")))
}

// fenceMask reports, for each line, whether it is inside a fenced code
// block (the fence lines themselves included), as the reference reads
// units (validate.CustodianLines).
func fenceMask(lines []string) []bool {
	lx := validate.Lex(lines, validate.CustodianLines)
	return lx.Mask(validate.Fenced)
}

// bulletFences reports, for each line, whether it is inside a fenced code
// block as the reference reads top-level bullet units (its inbox count):
// validate.CustodianBullets.
func bulletFences(lines []string) []bool {
	return validate.Lex(lines, validate.CustodianBullets).Mask(validate.Fenced)
}

// lex reads lines with the Markdown lexing of protocol 0.7 and later
// (validate.CustodianLexing).
func lex(lines []string) validate.Lexed { return validate.Lex(lines, validate.CustodianLexing) }
