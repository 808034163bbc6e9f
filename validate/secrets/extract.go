package secrets

import (
	"bytes"
	"sync"

	"github.com/remnant-guard/remnant-guard/validate"
)

// extractFunc finds name/value pairs in a line (or a rule's window) in
// place of a regex. Each result is laid out as a regex match would be:
// [start, end, name start, name end, value start, value end, kind, 0],
// kind being the assignment's syntax (see the op constants).
type extractFunc func(line []byte) [][]int

// Group numbers of an extract's results.
const (
	extractName   = 1
	extractSecret = 2
)

// Kinds of assignment an extract reports.
const (
	opAssign = '=' // name = v, name := v, name => v, name ?= v, ?name=v in a URL
	opColon  = ':' // name: v (YAML, JSON, headers, log fields)
	opDash   = '-' // name - 'v' (notes)
	opComma  = ',' // getenv("NAME", "v"): a default value
	opSpace  = ' ' // name v: a secret word, then the value
	opFlag   = 'f' // -name v, --name v: a command-line flag
	opXML    = '>' // <name>v</name>
)

// extractFuncs are the extracts a rule may name.
var extractFuncs = sync.OnceValue(func() map[string]extractFunc {
	return map[string]extractFunc{
		"assignments": extractAssignments,
		"csv-columns": extractCSVColumns,
	}
})

func extractOp(m []int) byte {
	if len(m) > 6 {
		return byte(m[6])
	}
	return 0
}

// extractAssignments finds values given to names in the common syntaxes
// of code, configuration, shell, logs, XML and URLs. It starts from the
// secret words on the line, so a line costs what its names cost; it
// reports every pair whose name could hold a secret, and the assigned
// check judges them.
func extractAssignments(line []byte) [][]int {
	var out [][]int
	names, from := 0, 0
	for p := nextSecretWord(line, 0); p >= 0 && names < maxNamesPerLine; p = nextSecretWord(line, from) {
		ns, ne := p, p
		for ns > from && (isNameByte(line[ns-1]) || line[ns-1] == '\\' && line[ns] == '-') {
			ns-- // a man page escapes a name's hyphens: Sec\-WebSocket\-Key
		}
		for ne < len(line) && isNameByte(line[ne]) {
			ne++
		}
		from = ne // the rest of this name is not another one
		if ne-ns < 3 || ne-ns > maxNameLen || !mentionsSecretWord(line[ns:ne]) {
			continue
		}
		names++
		var m []int
		if ns > 0 && line[ns-1] == '<' {
			m = xmlElement(line, ns-1)
		} else {
			m = pairAfter(line, ns, ne)
		}
		if m != nil {
			out = append(out, m)
		}
	}
	return out
}

// Bounds that keep a hostile line linear: names read per line, a
// name's length, and how far a value is looked for.
const (
	maxNamesPerLine = 64
	maxNameLen      = 256
	maxValueLen     = 4096
)

// nextSecretWord is the offset from i of the next word of the generic
// rule's keywords, or -1.
func nextSecretWord(line []byte, i int) int {
	for ; i < len(line); i++ {
		var ws []string
		switch line[i] | 0x20 {
		case 'p':
			ws = []string{"pass", "pwd", "private"}
		case 's':
			ws = []string{"secret"}
		case 't':
			ws = []string{"token", "tkn"}
		case 'k':
			ws = []string{"key"}
		case 'a':
			ws = []string{"auth", "access"}
		case 'c':
			ws = []string{"cred"}
		case 'l':
			ws = []string{"licen"}
		default:
			continue
		}
		for _, w := range ws {
			if hasFoldAt(line, i, w) {
				return i
			}
		}
	}
	return -1
}

func hasFoldAt(b []byte, i int, w string) bool {
	if i+len(w) > len(b) {
		return false
	}
	for j := 0; j < len(w); j++ {
		if b[i+j]|0x20 != w[j] {
			return false
		}
	}
	return true
}

// pairAfter reads the operator after the name at [ns, ne) and the value
// after the operator.
func pairAfter(line []byte, ns, ne int) []int {
	j := ne
	quotedName := false
	for j < len(line) && (isQuote(line[j]) || line[j] == '\\' && j+1 < len(line) && isQuote(line[j+1])) {
		quotedName = true // also \"NAME\" in an escaped string (a notebook's JSON)
		j++
	}
	if j < len(line) && line[j] == ']' {
		j++
	}
	k := j
	for k < len(line) && (line[k] == ' ' || line[k] == '\t') {
		k++
	}
	if k >= len(line) {
		return nil
	}
	op, opEnd := opAt(line, j, k, quotedName)
	if e := attributePair(line, ns, ne); e > 0 {
		op, opEnd = opAssign, e // <add key="NAME" value="v" />
	}
	if op == 0 {
		return nil
	}
	if op == opColon {
		if e := typedAssignment(line, opEnd); e > 0 {
			op, opEnd = opAssign, e // const dbPassword: string = "v"
		}
	}
	if op == opSpace && line[ns] == '-' {
		op = opFlag
	}
	if op == opComma && !callArgument(line, ns) {
		return nil // a list of strings, not getenv("NAME", "default")
	}
	vs, ve, ok := valueSpan(line, opEnd, op)
	if !ok || ve-vs < 6 {
		return nil
	}
	if !isQuote(line[vs-1]) && bytes.ContainsAny(line[vs:ve], "([{") && callOrIndex(string(line[vs:ve])) {
		return nil // an unquoted call, index or literal is code
	}
	if op == opColon && !isQuote(line[vs-1]) && argumentLabel(line, ns) {
		return nil // f(token: expr): an unquoted argument is an expression
	}
	if op == opAssign && ns > 0 && (line[ns-1] == '?' || line[ns-1] == '&') {
		ve = vs + cutAt(line[vs:ve], '&')
	}
	return []int{ns, ve, ns, ne, vs, ve, int(op), 0}
}

// opAt reads the operator at k (j is where the name and its closing
// quote end; spaces lie between): its kind and where it ends, or 0.
func opAt(line []byte, j, k int, quotedName bool) (byte, int) {
	next := byte(0)
	if k+1 < len(line) {
		next = line[k+1]
	}
	switch c := line[k]; {
	case c == '=' && next == '=':
		return 0, 0
	case c == '=' && next == '>', c == ':' && next == '=', c == '?' && next == '=':
		return opAssign, k + 2
	case (c == '|' || c == '&' || c == '?') && next == c && k+2 < len(line) && line[k+2] == '=':
		return opAssign, k + 3 // ||=, &&=, ??=: assigned when unset
	case c == '=':
		return opAssign, k + 1
	case c == ':':
		if next == 0 || next == ' ' || next == '\t' || isQuote(next) {
			return opColon, k + 1
		}
		return 0, 0 // name:value with no space is a reference (pkg:artifact, host:port)
	case c == '-' && k > j && next == ' ':
		return opDash, k + 1
	case c == ',' && quotedName:
		return opComma, k + 1 // pairAfter wants the name to open a call's arguments
	case k > j && !quotedName && c != ',' && c != ')' && c != '(':
		return opSpace, k
	}
	return 0, 0
}

// typedAssignment reads a type annotation after a name's colon and the
// "=" after it (TypeScript's const name: string = "v", Python's
// name: str = "v", Kotlin's val name: String = "v"), returning where the
// "=" ends, or 0.
func typedAssignment(line []byte, j int) int {
	for j < len(line) && (line[j] == ' ' || line[j] == '\t') {
		j++
	}
	k := j
	for k < len(line) && (isNameByte(line[k]) || bytes.IndexByte([]byte("<>[]|? "), line[k]) >= 0) {
		k++
	}
	if k == j || k >= len(line) || line[k] != '=' || !isAlpha(line[j]) {
		return 0
	}
	if k+1 < len(line) && (line[k+1] == '=' || line[k+1] == '>') {
		return 0
	}
	v := k + 1
	for v < len(line) && (line[v] == ' ' || line[v] == '\t') {
		v++
	}
	if k-j > 64 || v == len(line) || line[v] == '#' || line[v] == '\r' {
		return 0 // name: c2VjcmV0IQ=: base64's padding, not a type and an assignment
	}
	return k + 1
}

func isAlpha(c byte) bool { return isLower(c) || isUpper(c) }

// valueSpan is the value after an operator: quoted (up to its closing
// quote, which must be on the line), or else up to a space or a
// delimiter. ok is false for no value.
func valueSpan(line []byte, j int, op byte) (int, int, bool) {
	for j < len(line) && (line[j] == ' ' || line[j] == '\t') {
		j++
	}
	if b := skipBackslashes(line, j); b > j && b < len(line) && (line[b] == '"' || line[b] == '\'') {
		j = b // \"value\" in an escaped string, \\\"value\\\" in one escaped twice
	}
	if j >= len(line) {
		return 0, 0, false
	}
	if q := line[j]; q == '"' || q == '\'' || q == '`' {
		k := bytes.IndexByte(line[j+1:min(len(line), j+1+maxValueLen)], q)
		if k < 0 {
			return 0, 0, false
		}
		vs, ve := j+1, j+1+k
		for ve > vs && line[ve-1] == '\\' {
			ve--
		}
		return vs, ve, true
	}
	if op == opComma || op == opDash {
		return 0, 0, false // a default or a note: quoted values only
	}
	k := j
	for k < len(line) && k-j < maxValueLen && !isValueEnd(line[k]) && !escapeEnd(line, k) {
		if line[k] == '\\' && k+1 < len(line) && line[k+1] == '\\' {
			k++ // an escaped backslash is the value's, and escapes nothing after it
		}
		k++
	}
	if bytes.HasSuffix(line[j:k], []byte("..")) {
		return j, k, true // elided: the placeholder check sees the dots
	}
	for k > j && bytes.IndexByte([]byte(".,:;)"), line[k-1]) >= 0 {
		k--
	}
	return j, k, k > j
}

// skipBackslashes returns the index of the first byte at or after j that
// is not a backslash.
func skipBackslashes(line []byte, j int) int {
	for j < len(line) && line[j] == '\\' {
		j++
	}
	return j
}

func isQuote(c byte) bool { return c == '"' || c == '\'' || c == '`' }

// callArgument tells a quoted name that is a call's first argument: "("
// just before its opening quote, and the called name (or a closing
// bracket: f()("NAME", ...)) before that. A bracket with no name before
// it opens a tuple or a list of strings: ('app', '0005_auto'),
// ('ssh_host_ed448_key', 'ssh_host_ed25519_key'), unless the tuple is a
// pair of strings, a name and its value: ("api_key", "v") in a list of
// settings, a row of an SQL INSERT.
func callArgument(line []byte, ns int) bool {
	i := ns - 1
	for i >= 0 && isQuote(line[i]) {
		i--
	}
	for i >= 0 && (line[i] == ' ' || line[i] == '\t') {
		i--
	}
	if i < 0 || line[i] != '(' {
		return false
	}
	for i--; i >= 0 && (line[i] == ' ' || line[i] == '\t'); i-- {
	}
	return i >= 0 && (isNameByte(line[i]) || line[i] == ')' || line[i] == ']') || stringPair(line, ns)
}

// stringPair tells a quoted name at ns that opens a tuple of two strings
// and no more: ('NAME', 'v'). A Django migration's dependency
// ('app', '0005_auto_20190102_1530') names a migration, not a setting.
func stringPair(line []byte, ns int) bool {
	if ns == 0 || !isQuote(line[ns-1]) {
		return false
	}
	i := ns
	for n := 0; n < 2; n++ {
		if n == 1 && migrationName().Match(line[i:]) {
			return false
		}
		q := line[i-1]
		e := bytes.IndexByte(line[i:], q)
		if e < 0 {
			return false
		}
		i += e + 1
		for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
			i++
		}
		if n == 1 {
			return i < len(line) && line[i] == ')'
		}
		if i >= len(line) || line[i] != ',' {
			return false
		}
		for i++; i < len(line) && (line[i] == ' ' || line[i] == '\t'); i++ {
		}
		if i >= len(line) || !isQuote(line[i]) {
			return false
		}
		i++
	}
	return false
}

// argumentLabel tells a name that labels a call's argument: "(" or ","
// comes just before it.
func argumentLabel(line []byte, ns int) bool {
	for ns > 0 && (line[ns-1] == ' ' || line[ns-1] == '\t') {
		ns--
	}
	return ns > 0 && (line[ns-1] == '(' || line[ns-1] == ',')
}

// escapeEnd tells a string escape at k that ends an unquoted value
// written inside a quoted string: name=value\n in a notebook's JSON
// source or output lines.
func escapeEnd(line []byte, k int) bool {
	return line[k] == '\\' && k+1 < len(line) && (line[k+1] == 'n' || line[k+1] == 'r' || line[k+1] == 't' || line[k+1] == '"')
}

func isValueEnd(c byte) bool {
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '"' || c == '\'' || c == '`' ||
		c == ',' || c == ';' || c == '<' || c == '>' || c == '|'
}

func cutAt(b []byte, c byte) int {
	if i := bytes.IndexByte(b, c); i >= 0 {
		return i
	}
	return len(b)
}

// xmlElement reads <name>value</name> at i: the value is the element's
// text, or its last word when the text is a braced list ({kind value}).
func xmlElement(line []byte, i int) []int {
	ns := i + 1
	ne := ns
	for ne < len(line) && isNameByte(line[ne]) {
		ne++
	}
	if ne == ns || ne >= len(line) || line[ne] != '>' || !mentionsSecretWord(line[ns:ne]) {
		return nil
	}
	vs := ne + 1
	k := bytes.IndexByte(line[vs:], '<')
	if k < 0 {
		return nil
	}
	ve := vs + k
	if ve > vs && line[vs] == '{' && line[ve-1] == '}' {
		vs, ve = vs+1, ve-1
		if sp := bytes.LastIndexByte(line[vs:ve], ' '); sp >= 0 {
			vs += sp + 1
		}
	}
	if ve-vs < 6 {
		return nil
	}
	return []int{i, ve, ns, ne, vs, ve, opXML, 0}
}

// attributePair reads the .NET and Java properties form of a setting,
// key="NAME" value="v" (or name="NAME"): the name is an attribute's
// quoted value, the secret the next attribute's. It returns where value=
// ends, or 0.
func attributePair(line []byte, ns, ne int) int {
	if ns < 5 || ne >= len(line) || !isQuote(line[ns-1]) || line[ne] != line[ns-1] || line[ns-2] != '=' {
		return 0
	}
	attr := bytes.ToLower(line[max(0, ns-6) : ns-2])
	if !bytes.HasSuffix(attr, []byte("key")) && !bytes.HasSuffix(attr, []byte("name")) {
		return 0
	}
	k := ne + 1
	for k < len(line) && (line[k] == ' ' || line[k] == '\t') {
		k++
	}
	if k == ne+1 || len(line)-k < 7 || !bytes.EqualFold(line[k:k+6], []byte("value=")) || !isQuote(line[k+6]) {
		return 0
	}
	return k + 6
}

// migrationName is a Django migration's name at the start of a string:
// its number, then words (0005_auto_20190102_1530, 0002_add_field).
var migrationName = validate.LazyRegexp(`^[0-9]{4}_[a-z0-9_]+['"]`)
