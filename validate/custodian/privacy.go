package custodian

import (
	"strings"
	"unicode/utf8"
)

// The privacy scans of memory files, after upstream's scanner: a personal
// e-mail address (not example.com) and a phone-number-like run of 10 to 15
// digits with separators. Neither finding prints what it matched.

// personalEmail returns the 1-based column of the first e-mail address in
// line whose domain is not example.com (or below it), or 0. An SSH remote
// (git@github.com:org/repo) is not an address.
func personalEmail(line string) int {
	for from := 0; ; {
		at := strings.IndexByte(line[from:], '@')
		if at < 0 {
			return 0
		}
		at += from
		start := at
		for start > 0 && isLocalByte(line[start-1]) {
			start--
		}
		for start < at && line[start] == '.' {
			start++
		}
		end, ok := emailDomainEnd(line, at+1)
		if start < at && ok && !sshRemote(line, end) {
			domain := strings.ToLower(line[at+1 : end])
			if domain != "example.com" && !strings.HasSuffix(domain, ".example.com") {
				return utf8.RuneCountInString(line[:start]) + 1
			}
		}
		from = at + 1
	}
}

// sshRemote reports an address followed by `:path`, as in
// git@github.com:org/repo: an SSH remote, not an e-mail address.
func sshRemote(line string, end int) bool {
	return end+1 < len(line) && line[end] == ':' && !isDigit(line[end+1]) && line[end+1] != ' '
}

func isLocalByte(c byte) bool {
	return isWordByte(c) || strings.IndexByte(".%+-", c) >= 0
}

// emailDomainEnd reads a domain of at least two labels from i, the last of
// two or more letters, and returns where it ends.
func emailDomainEnd(s string, i int) (int, bool) {
	labels, lastAlpha, end := 0, false, i
	for j := i; ; {
		k := j
		alpha := true
		for k < len(s) && (isWordByte(s[k]) && s[k] != '_' || s[k] == '-') {
			if !isASCIILetter(s[k]) {
				alpha = false
			}
			k++
		}
		if k == j {
			break
		}
		labels, lastAlpha, end = labels+1, alpha && k-j >= 2, k
		if k+1 < len(s) && s[k] == '.' && isWordByte(s[k+1]) {
			j = k + 1
			continue
		}
		break
	}
	return end, labels >= 2 && lastAlpha
}

// phoneNumber returns the 1-based column of the first phone-number-like run
// in line, or 0. A run is digit groups joined by one or two of " -.()" and
// an optional leading '+' or '('; it must stand alone (no word character,
// '-', '.', '/', ':' or '#' touching it), hold 10 to 15 digits and at least
// one separator, start with a group of at most 5 digits and continue with
// groups of 2 to 8. A run holding an ISO date (2026-10-08), or of four or more
// groups joined by dots alone (a version, an IPv4 address), is not a phone number, so dates, times, versions, Entry IDs
// and hashes are not matched.
func phoneNumber(line string) int {
	for i := 0; i < len(line); {
		if !isDigit(line[i]) {
			i++
			continue
		}
		start, end := phoneRun(line, i)
		if start >= 0 && isPhone(line[start:end]) && standsAlone(line, start, end) {
			return utf8.RuneCountInString(line[:start]) + 1
		}
		i = end
	}
	return 0
}

// phoneRun extends the digit at i to the whole run of digits and
// separators, and includes a leading '+' or '('.
func phoneRun(s string, i int) (int, int) {
	start := i
	if start > 0 && (s[start-1] == '+' || s[start-1] == '(') {
		start--
	}
	end := i
	for end < len(s) {
		if isDigit(s[end]) {
			end++
			continue
		}
		k := end
		for k < len(s) && k-end < 2 && strings.IndexByte(" -.()", s[k]) >= 0 {
			k++
		}
		if k == end || k >= len(s) || !isDigit(s[k]) {
			break
		}
		end = k
	}
	if end < len(s) && s[end] == ')' {
		end++
	}
	return start, end
}

func standsAlone(s string, start, end int) bool {
	touch := func(c byte) bool { return isWordByte(c) || strings.IndexByte("-./:#@", c) >= 0 }
	if start > 0 && touch(s[start-1]) {
		return false
	}
	if end < len(s) && isWordByte(s[end]) {
		return false
	}
	// a sentence may end right after the number
	return end >= len(s) || s[end] != '.' || end+1 >= len(s) || !isWordByte(s[end+1])
}

func isPhone(run string) bool {
	digits, seps, groups, group, dotsOnly := 0, 0, 0, 0, true
	for i := 0; i <= len(run); i++ {
		if i < len(run) && isDigit(run[i]) {
			digits, group = digits+1, group+1
			if digits > 15 {
				return false
			}
			continue
		}
		if group > 0 {
			if groups == 0 && group > 5 || groups > 0 && (group < 2 || group > 8) {
				return false
			}
			groups, group = groups+1, 0
		}
		if i < len(run) && run[i] != '+' {
			seps++
			dotsOnly = dotsOnly && run[i] == '.'
		}
	}
	if digits < 10 || seps == 0 || hasISODate(run) {
		return false
	}
	// dotted runs of four or more groups are versions and addresses
	return !(dotsOnly && groups >= 4 && run[0] != '+')
}

func hasISODate(s string) bool {
	for i := 0; i+10 <= len(s); i++ {
		d := s[i : i+10]
		if d[4] == '-' && d[7] == '-' && allDigits(d[:4]) && allDigits(d[5:7]) && allDigits(d[8:]) {
			return true
		}
	}
	return false
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return false
		}
	}
	return s != ""
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func (c *checker) privacy() {
	for _, name := range c.mem.Names(true) {
		for i, l := range c.mem.Files[name].Lines {
			if col := personalEmail(l); col > 0 {
				c.add(RulePersonalEmail, name, i+1, col, "personal e-mail address in shared memory")
			}
			if col := phoneNumber(l); col > 0 {
				c.add(RulePhoneNumber, name, i+1, col, "phone number in shared memory")
			}
		}
	}
}
