package custodian

import (
	"fmt"
	"strings"
	"sync"

	"github.com/remnant-guard/remnant-guard/validate"
)

// metaRequired are the metadata values protocols 0.6 to 0.8 require; an
// empty value means any non-empty value.
var metaRequired = sync.OnceValue(func() map[version][][2]string {
	return map[version][][2]string{
		v06: {{"entry_schema_version", "1"}, {"subject_schema_version", "1"}, {"subject_registry", "subjects.md"},
			{"admission_policy", "evidence-required"}, {"conflict_identity_policy", "scope-subject-facet"}},
		v07: {{"subject_schema_version", "1"}, {"subject_registry", "subjects.md"}, {"routing_schema_version", "1"},
			{"conflict_schema_version", "1"}, {"admission_policy", "evidence-required"},
			{"routing_policy", "explicit-task-and-scope"}, {"conflict_policy", "canonical-subject-and-review"}},
		v08: {{"entry_schema_version", "3"}, {"subject_schema_version", "1"}, {"subject_registry", "subjects.md"},
			{"routing_schema_version", "1"}, {"conflict_schema_version", "1"}, {"admission_policy", "evidence-required"},
			{"routing_policy", "explicit-task-and-scope"}, {"conflict_policy", "canonical-subject-and-review"}},
	}
})

var uuid4RE = validate.LazyRegexp(`^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`)

// validProjectID is upstream's test: a UUID of version 4 whose canonical
// form is the value in lower case (so upper case is accepted).
func validProjectID(v string) bool { return uuid4RE().MatchString(strings.ToLower(v)) }

// protoBulletRE is a metadata line of the strict reading, on the stripped
// line: "- key: value", the key checked apart.
var protoBulletRE = validate.LazyRegexp(`^- ([^:]+):(.*)$`)

var protoKeyRE = validate.LazyRegexp(`^[A-Za-z_]+$`)

// entrySchema returns the entry schema a manifest selects: 3 for 0.8 with
// entry_schema_version 3, 1 or 2 for 0.7 as written, 1 otherwise (a 0.8
// manifest still on schema 1 is read with schema 1 until its migration).
func entrySchema(m *Manifest, proto version) int {
	switch proto {
	case v08:
		if m.Meta["entry_schema_version"].Value == "3" {
			return 3
		}
	case v07:
		if m.Meta["entry_schema_version"].Value == "2" {
			return 2
		}
	}
	return 1
}

// metaProblems checks the metadata contract of protocols 0.6 to 0.8: one
// Protocol heading, every visible line of the section a "- key: value"
// field, no key twice, no empty value, and the values the protocol
// requires. The form refuses every task, as upstream's 0.12 read does;
// so do the values of 0.8. The values only a 0.6 or 0.7 CLI required are
// check errors that do not refuse a read (the 0.12 CLI reads those
// protocols without them), and a 0.8 manifest still on Entry schema 1 is
// the pending Entry migration: a check error, read with schema 1.
func metaProblems(m *Manifest, proto version) []routeProblem {
	var out []routeProblem
	add := func(blocks bool, line int, format string, args ...any) {
		out = append(out, routeProblem{category: "general", blocks: blocks, rule: RuleProtocolMetadata, line: line, msg: fmt.Sprintf(format, args...)})
	}
	if n := len(m.ProtocolLines) + len(m.protocolTraces()); len(m.ProtocolLines) != 1 || n != 1 {
		line := 0
		if len(m.ProtocolLines) > 1 {
			line = m.ProtocolLines[1]
		} else if tr := m.protocolTraces(); len(tr) > 0 {
			line = tr[0]
		}
		add(true, line, "manifest.md must contain exactly one MemoryCustodian Protocol heading, written as an H2 with canonical whitespace (found %d)", n)
	}
	seen := map[string]int{}
	from := m.ProtocolLine
	for i := from; i > 0 && i < len(m.Lines); i++ {
		s := pyStrip(m.Lines[i])
		if lvl, _ := headingLevel(s); lvl == 1 || lvl == 2 {
			break
		}
		if s == "" {
			continue
		}
		g := protoBulletRE().FindStringSubmatch(s)
		if g == nil {
			add(true, i+1, "Malformed protocol metadata line %q", short(s))
			continue
		}
		key := pyStrip(g[1])
		switch {
		case !protoKeyRE().MatchString(key):
			add(true, i+1, "Malformed protocol metadata field %q", short(key))
		case seen[key] > 0:
			add(true, i+1, "Duplicate protocol metadata field: %s (first on line %d)", key, seen[key])
		case pyStrip(g[2]) == "":
			add(true, i+1, "Protocol metadata field %s must not be empty", key)
		}
		seen[key] = i + 1
	}
	if v, line := m.Version(); v != proto.String() {
		add(true, line, "Protocol %s must be written canonically: protocol_version: %s (manifest has %s)", proto, proto, v)
	}
	values := proto == v08 // the values the 0.12 CLI requires, and so refuses to read without
	for _, k := range []string{"initialized_with", "last_migrated_with"} {
		if _, ok := m.Meta[k]; !ok {
			add(values, m.ProtocolLine, "Protocol %s requires %s; manifest has missing", proto, k)
		}
	}
	for _, kv := range metaRequired()[proto] {
		f, ok := m.Meta[kv[0]]
		switch {
		case kv[0] == "entry_schema_version" && proto == v07:
		case kv[0] == "entry_schema_version" && proto == v08 && f.Value == "1":
			add(false, f.Line, "Project uses an earlier Entry schema (entry_schema_version: 1); staged migration to Entry schema 3 is available: run `memory-custodian migrate --prepare` after reviewing the preview")
		case !ok:
			add(values, m.ProtocolLine, "Protocol %s requires %s: %s; manifest has missing", proto, kv[0], kv[1])
		case f.Value != kv[1]:
			add(values, f.Line, "Protocol %s requires %s: %s; manifest has %s", proto, kv[0], kv[1], short(f.Value))
		}
	}
	if proto == v07 {
		if f := m.Meta["entry_schema_version"]; f.Value != "1" && f.Value != "2" {
			add(false, f.Line, "Protocol 0.7 requires entry_schema_version: 1 or 2; manifest has %s", orMissing(f.Value))
		}
	}
	if f := m.Meta["project_id"]; !validProjectID(f.Value) {
		line := f.Line
		if line == 0 {
			line = m.ProtocolLine
		}
		add(values, line, "Protocol %s requires a valid UUIDv4 project_id; manifest has %s: %s", proto, orMissing(short(f.Value)), projectIDHowTo)
	}
	return out
}

// projectIDHowTo says how to make a project_id: a random UUIDv4 in lower
// case, once per project (copies of a memory keep theirs).
const projectIDHowTo = "write a new random one in lower case, made with `python3 -c 'import uuid; print(uuid.uuid4())'` " +
	"or `uuidgen | tr A-F a-f` (remnant-guard init --custodian writes a new memory with one)"

func orMissing(s string) string {
	if s == "" {
		return "missing"
	}
	return s
}

// protocolTraces returns the lines that look like a Protocol heading but
// are not a canonical H2: `###`, `##` without a space, a Setext form, or an
// indented copy.
func (m *Manifest) protocolTraces() []int {
	var out []int
	for i, l := range m.Lines {
		s := strings.TrimSpace(l)
		t := strings.ToLower(strings.Trim(s, "# \t"))
		if t != "memorycustodian protocol" {
			continue
		}
		canonical := strings.HasPrefix(l, "## ") && closingHashesOK(s) && normalizeHeading(s) == "memorycustodian protocol"
		if m.Lex != nil {
			// an ATX H2 as the 0.12 CLI reads it (up to three spaces first)
			lvl, title := m.heading(i)
			canonical = lvl == 2 && title == "memorycustodian protocol"
		}
		switch {
		case canonical:
		case strings.HasPrefix(s, "#"):
			out = append(out, i+1)
		case i+1 < len(m.Lines) && isSetextUnderline(m.Lines[i+1]):
			out = append(out, i+1)
		}
	}
	return out
}

func isSetextUnderline(l string) bool {
	t := strings.TrimSpace(l)
	return t != "" && (strings.Trim(t, "-") == "" || strings.Trim(t, "=") == "")
}

// closingHashesOK reports whether an ATX heading's closing hashes, if
// any, are separated from its text by white space.
func closingHashesOK(s string) bool {
	t := strings.TrimRight(s, " \t")
	body := strings.TrimRight(t, "#")
	return body == t || strings.HasSuffix(body, " ") || strings.HasSuffix(body, "\t")
}
