package custodian

import (
	"strings"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"

	"github.com/remnant-guard/remnant-guard/validate"
)

// The identities of Subjects are compared as upstream compares them:
// NFKC-normalised, then case-folded (Python's str.casefold, Unicode's
// full case folding: "STRAßE" is "strasse", "Ｎｏｔｅｓ" is "notes").

// casefold is Python's str.casefold.
func casefold(s string) string { return cases.Fold().String(s) }

// nfkc is unicodedata.normalize("NFKC", s).
func nfkc(s string) string { return norm.NFKC.String(s) }

// foldAlias is an alias's identity: NFKC, case-folded, runs of white
// space one space, none at the ends.
func foldAlias(s string) string {
	return strings.Join(strings.FieldsFunc(casefold(nfkc(s)), validate.PythonSpace), " ")
}
