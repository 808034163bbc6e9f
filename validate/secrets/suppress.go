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

// allowsNext reports whether line, the one above a finding, allows it.
func allowsNext(prev []byte) bool {
	for _, m := range allowNextMarkers {
		if bytes.Contains(prev, m) {
			return true
		}
	}
	return false
}
