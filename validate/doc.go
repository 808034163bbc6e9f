// Package validate holds what the memory formats share. It is pure: it
// takes bytes and returns findings, and never runs git or reads files
// itself. The formats live in its sub-packages: validate/remnant (Remnant's
// REMNANT.md and agent files), validate/custodian (MemoryCustodian's
// docs/memory) and validate/secrets (credentials in any file).
//
// Shared here:
//
//   - Finding, Severity, Skipped and Compare: what every check returns, in
//     one order.
//   - Rule, Family and Find: a rule's ID, severity, summary and its bad and
//     good examples.
//   - ApplyDirectives and DirectivePrefix: suppression comments in a file
//     (see below).
//   - Redact: the four-character form in which a secret may be shown.
//   - The reading layer, through which every format reads its files (see
//     below): ReadText, DecodeText and SplitLines (decoding and lines, with
//     their numbers and byte offsets), Lex (which lines are fenced or
//     indented code, HTML comments or blocks, and the lexing problems), and
//     ParseMarkdown, a CommonMark block reader (checked against goldmark by
//     the differential and fuzz tests) giving the same Text and Lexed plus
//     the top-level headings and fenced code blocks; MaskLine blanks HTML
//     comments and code spans in a line.
//   - LazyRegexp: regular expressions compiled on first use.
//
// # Reading
//
// One layer reads every memory format, in the Dialect of the
// implementation the format must agree with:
//
//   - CommonMark, for Remnant's files (validate/remnant): the CommonMark
//     specification, as goldmark reads it.
//   - CustodianLines, for MemoryCustodian units (validate/custodian): Python
//     text as the MemoryCustodian CLI 0.9.1 reads it, and line rules whose
//     verdicts the differential tests hold to that CLI's.
//   - CustodianLexing, for MemoryCustodian manifests of protocol 0.7 and
//     later and formal entries: that protocol's Markdown lexing.
//   - CustodianBullets, for the inbox item count (validate/custodian): the
//     MemoryCustodian CLI 0.9.1's own cut of a file into top-level bullet
//     units, with its own fence rule.
//
// Where the references read alike, so do the dialects (TestDialectsAgree:
// fences of ``` or ~~~ at column 0 closed by the same fence; all but
// CustodianBullets on comments alone on one line; CustodianLines and
// CustodianLexing also on comments over several lines). Where they differ,
// the dialects differ, one example each in TestDialectDifferences:
//
//   - a leading byte order mark: CommonMark drops it; the custodian
//     dialects keep it as U+FEFF, as Python does;
//   - line endings: CommonMark reads CRLF as LF and ends lines at LF only;
//     the custodian dialects read universal newlines (a lone CR ends a
//     line) and split like str.splitlines, also at VT, FF, U+001C-U+001E,
//     U+0085, U+2028 and U+2029;
//   - indented code: CommonMark's (not after a paragraph); every line
//     indented 4 spaces or by a tab for CustodianLexing; none for
//     CustodianLines and CustodianBullets;
//   - a closing fence followed by white space closes except for
//     CustodianLines;
//   - a backtick in a backtick fence's info string: no fence for
//     CommonMark, an error for CustodianLexing, a fence for CustodianLines
//     and CustodianBullets;
//   - an unclosed fence or comment, and text after the "-->" that closes
//     a comment: an error (with its line) for CustodianLexing only;
//   - a comment starts after at most 3 spaces, except for CustodianLines
//     (after any white space) and CustodianBullets (none);
//   - only CommonMark knows HTML blocks other than comments, and fences
//     inside list items and block quotes; the custodian dialects read line
//     by line;
//   - CommonMark, as goldmark reads it, does not flag the line that ends a
//     multi-line HTML block;
//   - CustodianLines finds fences before comments, so a fence line inside
//     a comment still opens a fence;
//   - CustodianBullets knows no comments; its fences open only at column 0,
//     and a fence is known by its first three characters: it is closed by
//     the next line starting with them, so ``` closes a fence opened by
//     ```` and ```python closes one opened by ```.
//
// Remnant and MemoryCustodian files honour the same suppression comments:
//
//	<!-- remnant-guard:disable RULE-ID -->
//	<!-- remnant-guard:disable-next-line RULE-ID -->
package validate
