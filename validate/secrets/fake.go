package secrets

import "strings"

// looksFake reports look-alikes that no real credential contains: a run of
// eight or more of one character (xxxxxxxx, 00000000, ********), six or
// more consecutive lowercase letters of the alphabet (abcdef, mnopqr), a
// token whose body after its prefix is a word and a count
// (glpat-ACCTEST1234567890123), a
// constant's name (CLOUDFLARE_DURABLE_OBJECT_QUERY_BINDINGS), or two runs
// of three of one character in a short value of both cases
// (cl_B7d4PD111AAA: a pattern typed to fill a slot; random letters of both
// cases and digits repeat a character three times about once in 4,000
// places, hex far more often, and a long token may join parts of both).
// Rules whose real values can hold such runs set keep_fakes.
func looksFake(s string) bool {
	if maxRun(s) >= 8 || ascendingRun(s) >= 6 || constantName(s) {
		return true
	}
	if i := strings.IndexAny(s, "-_"); i > 0 && wordAndCount(s[i+1:]) {
		return true
	}
	if len(s) < 24 && tripleRuns(s) >= 2 && charClasses(s)&(classLower|classUpper) == classLower|classUpper {
		return true
	}
	return interleavedRun(s) >= 5
}

// tripleRuns counts the runs of three or more of one letter or digit.
func tripleRuns(s string) int {
	n := 0
	for i := 2; i < len(s); i++ {
		if s[i] == s[i-1] && s[i] == s[i-2] && isAlnum(s[i]) && (i+1 == len(s) || s[i+1] != s[i]) {
			n++
		}
	}
	return n
}

// interleavedRun is the longest run of letters that climbs the alphabet
// every other character, with a digit or the same letter in the other case
// between them: a1b2c3d4, aAbBcC.
func interleavedRun(s string) int {
	best := 0
	for start := 0; start < 2; start++ {
		run := 0
		for j := start; j+2 < len(s); j += 2 {
			a, mid, b := s[j]|0x20, s[j+1], s[j+2]|0x20
			ok := 'a' <= a && a <= 'z' && b == a+1 && ('0' <= mid && mid <= '9' || mid|0x20 == a)
			if ok {
				run++
				best = max(best, run)
			} else {
				run = 0
			}
		}
	}
	return best
}

func maxRun(s string) int {
	best, run := 0, 0
	for i := 0; i < len(s); i++ {
		if i > 0 && s[i] == s[i-1] {
			run++
		} else {
			run = 1
		}
		best = max(best, run)
	}
	return best
}

func ascendingRun(s string) int {
	best, run := 0, 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c < 'a' || c > 'z':
			run = 0
		case i > 0 && s[i-1]+1 == c:
			run++
		default:
			run = 1
		}
		best = max(best, run)
	}
	return best
}
