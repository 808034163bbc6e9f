package secrets

// looksFake reports look-alikes that no real credential contains: a run of
// eight or more of one character (xxxxxxxx, 00000000, ********), or six or
// more consecutive lowercase letters of the alphabet (abcdef, mnopqr).
// Rules whose real values can hold such runs set keep_fakes.
func looksFake(s string) bool {
	return maxRun(s) >= 8 || ascendingRun(s) >= 6
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
