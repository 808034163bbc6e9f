package secrets

import "bytes"

// extractCSVColumns reads a table whose first line (the one with the
// keyword) is a header: for each column whose name could hold a secret,
// it reports that column's cell in each row below, named by the header.
// Cells are split at the header's delimiter (comma, semicolon or tab);
// a quoted cell may not hold the delimiter.
func extractCSVColumns(text []byte) [][]int {
	nl := lineLen(text)
	header := text[:nl]
	delim := csvDelimiter(header)
	if delim == 0 {
		return nil
	}
	type column struct{ ns, ne int }
	cols := map[int]column{}
	for i, c := range csvCells(header, 0, delim) {
		if !headerCell(header[c[0]:c[1]]) {
			return nil // a row of data, not a header
		}
		if name := header[c[0]:c[1]]; len(name) >= 3 && len(name) <= maxNameLen && mentionsSecretWord(name) && !bytes.ContainsAny(name, " =:") {
			cols[i] = column{c[0], c[1]}
		}
	}
	if len(cols) == 0 {
		return nil
	}
	var out [][]int
	for start := nl + 1; start < len(text); {
		end := start + lineLen(text[start:])
		for i, c := range csvCells(text[start:end], start, delim) {
			if col, ok := cols[i]; ok && c[1]-c[0] >= 6 {
				out = append(out, []int{c[0], c[1], col.ns, col.ne, c[0], c[1], opAssign, 0})
			}
		}
		start = end + 1
	}
	return out
}

// headerCell tells a cell that reads as a column's name: short, of name
// characters and spaces.
func headerCell(c []byte) bool {
	if len(c) > 64 {
		return false
	}
	for _, b := range c {
		if !isNameByte(b) && b != ' ' {
			return false
		}
	}
	return true
}

// csvDelimiter is the delimiter of a header line: the first of tab,
// semicolon and comma it holds, or 0.
func csvDelimiter(header []byte) byte {
	for _, d := range []byte{'\t', ';', ','} {
		if bytes.IndexByte(header, d) >= 0 {
			return d
		}
	}
	return 0
}

// csvCells are the spans of a row's cells, offset by base, without the
// quotes around a quoted cell and the spaces around any.
func csvCells(row []byte, base int, delim byte) [][2]int {
	row = bytes.TrimRight(row, "\r")
	var out [][2]int
	for s := 0; s <= len(row); {
		e := s + cutAt(row[s:], delim)
		cs, ce := s, e
		for cs < ce && row[cs] == ' ' {
			cs++
		}
		for ce > cs && row[ce-1] == ' ' {
			ce--
		}
		if ce-cs >= 2 && row[cs] == '"' && row[ce-1] == '"' {
			cs, ce = cs+1, ce-1
		}
		out = append(out, [2]int{base + cs, base + ce})
		s = e + 1
	}
	return out
}
