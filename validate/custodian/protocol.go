package custodian

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
)

// Protocol versions this package judges, oldest first. Each is checked by
// its own rules; NewestProtocol is the newest.
var Protocols = []string{"0.5", "0.6", "0.7", "0.8"}

// version is a MemoryCustodian protocol version, major.minor, parsed once
// from the manifest and ordered as numbers (0.10 comes after 0.9).
type version struct{ major, minor int }

// The protocols this package judges.
var (
	v05 = version{0, 5}
	v06 = version{0, 6}
	v07 = version{0, 7}
	v08 = version{0, 8}
)

var judged = []version{v05, v06, v07, v08}

func (v version) String() string { return strconv.Itoa(v.major) + "." + strconv.Itoa(v.minor) }

// cmp returns -1, 0 or 1 as v is older than, the same as or newer than w.
func (v version) cmp(w version) int {
	switch {
	case v.major != w.major:
		return cmpInt(v.major, w.major)
	default:
		return cmpInt(v.minor, w.minor)
	}
}

func cmpInt(a, b int) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// atLeast reports whether v is w or newer.
func (v version) atLeast(w version) bool { return v.cmp(w) >= 0 }

// before reports whether v is older than w.
func (v version) before(w version) bool { return v.cmp(w) < 0 }

// NewestProtocol is the newest MemoryCustodian protocol this package knows.
const NewestProtocol = "0.8"

// ProtocolVersion is the protocol the reference CLI 0.9.1 writes and the
// oldest this package judges.
const ProtocolVersion = "0.5"

// protocolOf returns the protocol of m (0.5 ... 0.8) and, when it has
// none this package judges, a problem saying why. A manifest without a
// usable version is judged by the 0.5 rules.
func protocolOf(m *Manifest) (version, *routeProblem) {
	p := &routeProblem{category: "protocol", rule: RuleProtocolVersion, line: m.ProtocolLine}
	v, line := m.Version()
	switch {
	case len(m.Meta) == 0:
		p.msg = "manifest has no MemoryCustodian Protocol metadata (`## MemoryCustodian Protocol` with `- protocol_version: ...`); memory from before protocol 0.5 is migrated by `memory-custodian migrate --apply`"
		return v05, p
	case line == 0:
		p.msg = "protocol metadata has no protocol_version"
		return v05, p
	}
	p.line = line
	cmp, ok := compareVersion(v, ProtocolVersion)
	if !ok {
		p.msg = fmt.Sprintf("invalid protocol_version %q: want a version like %s", short(v), NewestProtocol)
		return v05, p
	}
	if cmp == 0 {
		return v05, nil
	}
	if cmp < 0 {
		p.msg = fmt.Sprintf("protocol_version %s is older than %s, the oldest protocol this tool judges; run `memory-custodian migrate --apply`", v, ProtocolVersion)
		return v05, p
	}
	for _, known := range judged[1:] {
		if v == known.String() {
			return known, nil
		}
	}
	if c, _ := compareVersion(v, NewestProtocol); c > 0 {
		p.msg = fmt.Sprintf("protocol_version %s is newer than %s, the newest protocol this tool supports; update remnant-guard", v, NewestProtocol)
	} else {
		p.msg = fmt.Sprintf("protocol_version %q is not written canonically (want one of %s)", short(v), strings.Join(Protocols, ", "))
	}
	return v05, p
}

// compareVersion compares dotted numeric versions as the reference does
// (missing parts count as 0); ok is false when a is not one.
func compareVersion(a, b string) (int, bool) {
	pa, ok := versionParts(a)
	if !ok {
		return 0, false
	}
	pb, _ := versionParts(b)
	for len(pa) < len(pb) {
		pa = append(pa, 0)
	}
	for len(pb) < len(pa) {
		pb = append(pb, 0)
	}
	for i := range pa {
		if pa[i] != pb[i] {
			if pa[i] < pb[i] {
				return -1, true
			}
			return 1, true
		}
	}
	return 0, true
}

// versionParts reads a dotted version as Python's int() reads each part:
// any Unicode decimal digits ("０.５" is 0.5).
func versionParts(v string) ([]int, bool) {
	fields := strings.Split(pyStrip(v), ".")
	out := make([]int, len(fields))
	for i, f := range fields {
		n, digits := 0, 0
		for _, r := range f {
			d, ok := digitValue(r)
			if !ok || digits == 9 {
				return nil, false
			}
			n, digits = n*10+d, digits+1
		}
		if digits == 0 {
			return nil, false
		}
		out[i] = n
	}
	return out, true
}

// digitValue is the value of a Unicode decimal digit: its place in the
// run of ten digits it belongs to (every script's run starts at zero).
func digitValue(r rune) (int, bool) {
	if !unicode.Is(unicode.Nd, r) {
		return 0, false
	}
	start := r
	for unicode.Is(unicode.Nd, start-1) {
		start--
	}
	return int(r-start) % 10, true
}

// strictVersion returns protocol_version as the strict metadata reading
// takes it, white space around the key allowed ("- protocol_version :
// 0.5"), and its line; 0 when there is none.
func (m *Manifest) strictVersion() (string, int) {
	for i := m.ProtocolLine; i > 0 && i < len(m.Lines); i++ {
		s := pyStrip(m.Lines[i])
		if lvl, _ := headingLevel(s); lvl == 1 || lvl == 2 {
			break
		}
		if g := protoBulletRE().FindStringSubmatch(s); g != nil && pyStrip(g[1]) == "protocol_version" && pyStrip(g[2]) != "" {
			return pyStrip(g[2]), i + 1
		}
	}
	return "", 0
}

// readRefusal returns why upstream's 0.12 read refuses to route by the
// manifest's Protocol section, or nil: the section names no
// protocol_version, or one that is not a number, is newer than 0.8, or is
// 0.8 not written canonically (`0.8.0`, `00.8`). A manifest without the
// section is legacy memory and routes by the 0.5 rules.
func readRefusal(m *Manifest) *routeProblem {
	if m.ProtocolLine == 0 && len(m.protocolTraces()) == 0 {
		return nil
	}
	p := &routeProblem{category: "general", blocks: true, rule: RuleProtocolVersion, line: m.ProtocolLine}
	v, line := m.Version()
	if line == 0 {
		v, line = m.strictVersion()
	}
	if line == 0 {
		p.msg = "the MemoryCustodian Protocol section has no protocol_version; the memory cannot be routed"
		return p
	}
	p.line = line
	c, ok := compareVersion(v, NewestProtocol)
	switch {
	case !ok:
		p.msg = fmt.Sprintf("invalid protocol_version %q; the memory cannot be routed", short(v))
	case c > 0:
		p.msg = fmt.Sprintf("protocol_version %s is newer than %s, the newest protocol this tool supports; update remnant-guard", v, NewestProtocol)
	case c == 0 && v != NewestProtocol:
		p.msg = fmt.Sprintf("protocol_version %q must be written canonically as %s; the memory cannot be routed", short(v), NewestProtocol)
	default:
		return nil
	}
	return p
}
