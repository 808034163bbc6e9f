package validate

import "strings"

// MaskLine blanks out HTML comments and inline code spans in line, byte for
// byte, so that offsets into the result are offsets into line. inComment
// carries an open comment from one line to the next.
func MaskLine(line string, inComment *bool) string {
	b := []byte(line)
	for i := 0; i < len(b); {
		switch {
		case *inComment:
			end := strings.Index(line[i:], "-->")
			if end < 0 {
				blank(b[i:])
				return string(b)
			}
			blank(b[i : i+end+3])
			i += end + 3
			*inComment = false
		case strings.HasPrefix(line[i:], "<!--"):
			blank(b[i : i+4])
			i += 4
			*inComment = true
		case b[i] == '`':
			i = maskCodeSpan(line, b, i)
		default:
			i++
		}
	}
	return string(b)
}

// maskCodeSpan blanks the code span that opens at i, if it closes on this
// line, and returns where to go on.
func maskCodeSpan(line string, b []byte, i int) int {
	n := 0
	for i+n < len(line) && line[i+n] == '`' {
		n++
	}
	fence := line[i : i+n]
	for j := i + n; j < len(line); {
		k := strings.Index(line[j:], fence)
		if k < 0 {
			break
		}
		end := j + k + n
		if end == len(line) || line[end] != '`' {
			blank(b[i:end])
			return end
		}
		for end < len(line) && line[end] == '`' {
			end++
		}
		j = end
	}
	return i + n
}

func blank(b []byte) {
	for i := range b {
		b[i] = ' '
	}
}
