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
//   - ParseMarkdown: the Markdown reading layer, a CommonMark block reader
//     (checked against goldmark by the differential and fuzz tests) giving
//     lines, top-level headings, fenced code blocks, and which lines are
//     code, HTML or prose; MaskLine blanks HTML comments and code spans in
//     a line.
//   - LazyRegexp: regular expressions compiled on first use.
//
// Remnant and MemoryCustodian files honour the same suppression comments:
//
//	<!-- remnant-guard:disable RULE-ID -->
//	<!-- remnant-guard:disable-next-line RULE-ID -->
package validate
