package gitutil

// wildmatch is git's wildmatch.c (dowild) in Go: the glob dialect of
// .gitignore and pathspecs. With pathname set, '*' and '?' do not match '/'
// and "**" between slashes matches any number of directories.
func wildmatch(pattern, text string, pathname bool) bool {
	return dowild(pattern, text, pathname) == wmMatch
}

const (
	wmNoMatch = iota
	wmMatch
	wmAbortAll
	wmAbortToStarStar
)

func at(s string, i int) byte {
	if i < len(s) {
		return s[i]
	}
	return 0
}

func dowild(p, text string, pathname bool) int {
	pi, ti := 0, 0
	for ; pi < len(p); pi, ti = pi+1, ti+1 {
		pch, tch := p[pi], at(text, ti)
		if ti >= len(text) && pch != '*' {
			return wmAbortAll
		}
		switch pch {
		case '\\':
			pi++
			if at(p, pi) != tch || pi >= len(p) {
				return wmNoMatch
			}
		case '?':
			if pathname && tch == '/' {
				return wmNoMatch
			}
		case '*':
			return star(p, pi, text, ti, pathname)
		case '[':
			np, res := class(p, pi, tch, pathname)
			if res != wmMatch {
				return res
			}
			pi = np
		default:
			if tch != pch {
				return wmNoMatch
			}
		}
	}
	if ti < len(text) {
		return wmNoMatch
	}
	return wmMatch
}

// star handles '*' or '**' at p[pi] against text[ti:].
func star(p string, pi int, text string, ti int, pathname bool) int {
	var matchSlash bool
	pi++
	if at(p, pi) == '*' {
		prev := pi - 2
		for at(p, pi) == '*' {
			pi++
		}
		if (prev < 0 || p[prev] == '/') &&
			(pi == len(p) || p[pi] == '/' || (p[pi] == '\\' && at(p, pi+1) == '/')) {
			if at(p, pi) == '/' && dowild(p[pi+1:], text[ti:], pathname) == wmMatch {
				return wmMatch
			}
			matchSlash = true
		}
	} else {
		matchSlash = !pathname
	}
	rest := text[ti:]
	if pi == len(p) {
		if !matchSlash && containsByte(rest, '/') {
			return wmNoMatch
		}
		return wmMatch
	}
	if !matchSlash && p[pi] == '/' {
		i := indexByte(rest, '/')
		if i < 0 {
			return wmNoMatch
		}
		return dowild(p[pi:], rest[i:], pathname)
	}
	for t := 0; t < len(rest); t++ {
		m := dowild(p[pi:], rest[t:], pathname)
		if m != wmNoMatch {
			if !matchSlash || m != wmAbortToStarStar {
				return m
			}
		} else if !matchSlash && rest[t] == '/' {
			return wmAbortToStarStar
		}
	}
	return wmAbortAll
}

// class matches the bracket expression at p[pi] ('[') against tch. It
// returns the index of the closing ']' and wmMatch, or a failure.
func class(p string, pi int, tch byte, pathname bool) (int, int) {
	pi++
	pch := at(p, pi)
	if pch == '^' {
		pch = '!'
	}
	negated := pch == '!'
	if negated {
		pi++
		pch = at(p, pi)
	}
	var prev byte
	matched := false
	for {
		if pi >= len(p) {
			return pi, wmAbortAll
		}
		switch {
		case pch == '\\':
			pi++
			if pi >= len(p) {
				return pi, wmAbortAll
			}
			pch = p[pi]
			if tch == pch {
				matched = true
			}
		case pch == '-' && prev != 0 && pi+1 < len(p) && p[pi+1] != ']':
			pi++
			pch = p[pi]
			if pch == '\\' {
				pi++
				if pi >= len(p) {
					return pi, wmAbortAll
				}
				pch = p[pi]
			}
			if tch <= pch && tch >= prev {
				matched = true
			}
			pch = 0
		case pch == '[' && at(p, pi+1) == ':':
			np, res := namedClass(p, pi, tch)
			switch res {
			case classAbort:
				return np, wmAbortAll
			case classLiteral:
				matched = matched || tch == '['
			case classHit:
				matched = true
				pi, pch = np, 0
			case classMiss:
				pi, pch = np, 0
			}
		default:
			if tch == pch {
				matched = true
			}
		}
		prev = pch
		pi++
		pch = at(p, pi)
		if pch == ']' {
			break
		}
	}
	if matched == negated || (pathname && tch == '/') {
		return pi, wmNoMatch
	}
	return pi, wmMatch
}

const (
	classMiss = iota
	classHit
	classLiteral // no ":]": the '[' is an ordinary member of the set
	classAbort
)

// namedClass handles "[:name:]" starting at p[pi]. It returns the index of
// the closing ']' of the name.
func namedClass(p string, pi int, tch byte) (int, int) {
	s := pi + 2
	j := s
	for j < len(p) && p[j] != ']' {
		j++
	}
	if j >= len(p) {
		return j, classAbort
	}
	if j-s-1 < 0 || p[j-1] != ':' {
		return pi, classLiteral
	}
	in, ok := classMember(p[s:j-1], tch)
	if !ok {
		return j, classAbort
	}
	if in {
		return j, classHit
	}
	return j, classMiss
}

// classMember reports whether c is in the POSIX class name (ASCII only, as
// in git); ok is false for an unknown name.
func classMember(name string, c byte) (in, ok bool) {
	lower, upper, digit := c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9'
	graph := c > 0x20 && c < 0x7f
	switch name {
	case "alnum":
		return lower || upper || digit, true
	case "alpha":
		return lower || upper, true
	case "blank":
		return c == ' ' || c == '\t', true
	case "cntrl":
		return c < 0x20 || c == 0x7f, true
	case "digit":
		return digit, true
	case "graph":
		return graph, true
	case "lower":
		return lower, true
	case "print":
		return graph || c == ' ', true
	case "punct":
		return graph && !lower && !upper && !digit, true
	case "space":
		return c == ' ' || (c >= '\t' && c <= '\r'), true
	case "upper":
		return upper, true
	case "xdigit":
		return digit || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'), true
	}
	return false, false
}

func containsByte(s string, c byte) bool { return indexByte(s, c) >= 0 }

func indexByte(s string, c byte) int {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return i
		}
	}
	return -1
}
