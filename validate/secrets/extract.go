package secrets

import "bytes"

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
var extractFuncs = map[string]extractFunc{
	"assignments": extractAssignments,
}

func extractOp(m []int) byte {
	if len(m) > 6 {
		return byte(m[6])
	}
	return 0
}

// extractAssignments finds values given to names in the common syntaxes
// of code, configuration, shell, logs, XML and URLs. It reports every pair
// whose name could hold a secret; the generic check judges them.
func extractAssignments(line []byte) [][]int {
	var out [][]int
	for i := 0; i < len(line); i++ {
		c := line[i]
		var op byte
		opEnd := i + 1
		switch {
		case c == '=':
			if i+1 < len(line) && line[i+1] == '=' || i > 0 && bytes.IndexByte([]byte("=!<>+-*/%|&^"), line[i-1]) >= 0 {
				continue
			}
			if i+1 < len(line) && line[i+1] == '>' {
				opEnd++
			}
			op = opAssign
		case c == ':':
			if i+1 < len(line) && bytes.IndexByte([]byte(" \t\"'`"), line[i+1]) < 0 || i > 0 && line[i-1] == ':' {
				continue // name:value with no space is a reference (pkg:artifact, host:port)
			}
			op = opColon
		case c == '-' && i > 0 && line[i-1] == ' ' && i+1 < len(line) && line[i+1] == ' ':
			op = opDash
		case c == ',':
			op = opComma
		case c == '<':
			if m := xmlElement(line, i); m != nil {
				out = append(out, m)
			}
			continue
		case c == ' ' || c == '\t':
			op = opSpace
		default:
			continue
		}
		if m := pairAt(line, i, opEnd, op); m != nil {
			out = append(out, m)
		}
	}
	return out
}

// pairAt reads the name before an operator at [i, opEnd) and the value
// after it.
func pairAt(line []byte, i, opEnd int, op byte) []int {
	ns, ne, quotedName := nameSpan(line, i, op)
	if ne-ns < 3 || !mentionsSecretWord(line[ns:ne]) {
		return nil
	}
	if op == opSpace {
		if ne != i {
			return nil // spaces between a name and its value only
		}
		if line[ns] == '-' {
			op = opFlag
		}
	}
	if op == opComma && !quotedName {
		return nil
	}
	vs, ve, ok := valueSpan(line, opEnd, op)
	if !ok || ve-vs < 6 {
		return nil
	}
	if op == opColon && !isQuote(line[vs-1]) && argumentLabel(line, ns) {
		return nil // f(token: expr): an unquoted argument is an expression
	}
	if op == opAssign && ns > 0 && (line[ns-1] == '?' || line[ns-1] == '&') {
		ve = vs + cutAt(line[vs:ve], '&')
	}
	return []int{ns, ve, ns, ne, vs, ve, int(op), 0}
}

// nameSpan is the name ending just before an operator at i: quotes,
// brackets and spaces between them skipped (spaces only before = and :).
func nameSpan(line []byte, i int, op byte) (int, int, bool) {
	end := i
	if op == opAssign && end > 0 && (line[end-1] == ':' || line[end-1] == '?') {
		end--
	}
	quoted := false
	for end > 0 {
		b := line[end-1]
		switch {
		case b == '"' || b == '\'' || b == '`':
			quoted = true
		case b == ']' && op != opSpace:
		case (b == ' ' || b == '\t') && (op == opAssign || op == opColon || op == opDash):
		default:
			goto done
		}
		end--
	}
done:
	start := end
	for start > 0 && isNameByte(line[start-1]) {
		start--
	}
	return start, end, quoted
}

// valueSpan is the value after an operator: quoted (up to its closing
// quote, which must be on the line), or else up to a space or a
// delimiter. ok is false for no value.
func valueSpan(line []byte, j int, op byte) (int, int, bool) {
	for j < len(line) && (line[j] == ' ' || line[j] == '\t') {
		j++
	}
	if j < len(line) && line[j] == '\\' && j+1 < len(line) && (line[j+1] == '"' || line[j+1] == '\'') {
		j++ // \"value\" in an escaped string
	}
	if j >= len(line) {
		return 0, 0, false
	}
	if q := line[j]; q == '"' || q == '\'' || q == '`' {
		k := bytes.IndexByte(line[j+1:], q)
		if k < 0 {
			return 0, 0, false
		}
		vs, ve := j+1, j+1+k
		if ve > vs && line[ve-1] == '\\' {
			ve--
		}
		return vs, ve, true
	}
	if op == opComma || op == opDash {
		return 0, 0, false // a default or a note: quoted values only
	}
	k := j
	for k < len(line) && !isValueEnd(line[k]) {
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

func isQuote(c byte) bool { return c == '"' || c == '\'' || c == '`' }

// argumentLabel tells a name that labels a call's argument: "(" or ","
// comes just before it.
func argumentLabel(line []byte, ns int) bool {
	for ns > 0 && (line[ns-1] == ' ' || line[ns-1] == '\t') {
		ns--
	}
	return ns > 0 && (line[ns-1] == '(' || line[ns-1] == ',')
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
