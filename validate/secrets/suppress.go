package secrets

import "bytes"

// Markers that suppress findings on their own line, and on the next line.
var (
	allowMarkers = [][]byte{
		[]byte("remnant-guard:allow"),
		[]byte("gitleaks:allow"),
		[]byte("pragma: allowlist secret"),
	}
	allowNextMarkers = [][]byte{
		[]byte("remnant-guard:allow-next-line"),
		[]byte("pragma: allowlist nextline secret"),
	}
)

// allowedHere reports whether line carries an allow marker for itself.
// "remnant-guard:allow-next-line" is not one.
func allowedHere(line []byte) bool {
	for _, m := range allowMarkers {
		i := bytes.Index(line, m)
		for i >= 0 {
			rest := line[i+len(m):]
			if !bytes.HasPrefix(rest, []byte("-next-line")) {
				return true
			}
			j := bytes.Index(rest, m)
			if j < 0 {
				break
			}
			i += len(m) + j
		}
	}
	return false
}

// Marked tells whether line holds an allow marker, for itself or for the
// next line: whether findings near it may be suppressed.
func Marked(line []byte) bool {
	if !bytes.Contains(line, []byte("allow")) { // in every marker: most lines stop here
		return false
	}
	return allowedHere(line) || allowsNext(line)
}

// allowsNext reports whether line, the one above a finding, allows it.
func allowsNext(prev []byte) bool {
	for _, m := range allowNextMarkers {
		if bytes.Contains(prev, m) {
			return true
		}
	}
	return false
}

// Unmarked returns data with every allow marker blanked out (the same
// length, so lines and columns stay), and the lines (1-based) a marker
// suppressed findings on: its own, and the next for an allow-next-line
// one. Scanning the result shows what the markers hid.
func Unmarked(data []byte) ([]byte, map[int]bool) {
	lines := bytes.Split(data, []byte("\n"))
	allowed := map[int]bool{}
	for i, l := range lines {
		if allowedHere(l) {
			allowed[i+1] = true
		}
		if allowsNext(l) {
			allowed[i+2] = true
		}
	}
	if len(allowed) == 0 {
		return data, nil
	}
	out := bytes.Clone(data)
	for _, m := range append(append([][]byte{}, allowNextMarkers...), allowMarkers...) {
		for i := 0; ; {
			j := bytes.Index(out[i:], m)
			if j < 0 {
				break
			}
			copy(out[i+j:], bytes.Repeat([]byte(" "), len(m)))
			i += j + len(m)
		}
	}
	return out, allowed
}
