package secrets

import "strings"

// How a value reads as a name made of words (a constant, an identifier,
// a setting, a version name) rather than as a random secret.

// constantName tells a value that is the name of a constant or an
// environment variable (ANTHROPIC_API_KEY, PRISMA_INSTRUMENTATION, POSTGRES_USERNAME,
// CLOUDFLARE_DURABLE_OBJECT_QUERY_BINDINGS): upper-case words joined by
// underscores, most of its letters in word-like parts.
func constantName(v string) bool {
	if strings.IndexByte(v, '_') <= 0 || v[len(v)-1] == '_' {
		return false
	}
	letters, inWords, digits := 0, 0, 0
	for _, part := range strings.Split(v, "_") {
		if part == "" {
			return false
		}
		for i := 0; i < len(part); i++ {
			switch c := part[i]; {
			case 'A' <= c && c <= 'Z':
				letters++
			case '0' <= c && c <= '9':
				digits++
			default:
				return false
			}
		}
		if isLetters(part) && (len(part) <= 4 || wordLike(part) || compoundWord(strings.ToLower(part))) { // POSTGRES
			inWords += len(part)
		}
	}
	return letters > 0 && digits*2 <= letters && inWords*10 >= letters*7
}

// wordList tells lower-case words joined by dashes or underscores
// (grpc-previous-rpc-attempts, turbopack-bootstrap, bad_pkcs12_key_as_pem,
// allow_if_downstream, my-k8s-auth):
// three or more parts of letters, short ones or words, or two words; a
// part's letters may end in a number (pkcs12, ed25519).
func wordList(v string) bool {
	parts := strings.FieldsFunc(v, func(r rune) bool { return r == '-' || r == '_' })
	if len(parts) < 2 || strings.Trim(v, "abcdefghijklmnopqrstuvwxyz0123456789-_") != "" {
		return false
	}
	for i, p := range parts {
		if numeronym(p) {
			p = "abbr" // k8s, i18n, a11y: a word shortened to its ends and a count of what is left out
		}
		if p = strings.TrimRight(p, "0123456789"); !isLetters(p) || p == "" {
			return false // a number alone (name_58 is a word and a number, as a passphrase is made), or digits within
		}
		parts[i] = p
	}
	for _, p := range parts {
		word := wordLike(p) || vowelShare(p, 4, 1) || compoundWord(p) // attempts, downstream
		if len(parts) == 2 && (len(p) < 5 || !word) || len(p) > 4 && !word {
			return false
		}
	}
	return true
}

// numeronym tells a word written as its first letter, the count of the
// letters left out and its last letter (k8s, i18n, l10n, a11y).
func numeronym(p string) bool {
	if len(p) < 3 || len(p) > 4 || !isLower(p[0]) || !isLower(p[len(p)-1]) {
		return false
	}
	mid := p[1 : len(p)-1]
	return strings.Trim(mid, "0123456789") == "" && mid[0] != '0'
}

// wordIdentifier tells an identifier made of words (requireTLSExtensionEnabled,
// add3DENConnection, AWSSDKCredentialProvider, X509CertThumbprintS256Key):
// words, and short acronyms beside them, cover most of its letters, and it
// has few digits beyond those a short acronym carries (X509, S256).
func wordIdentifier(v string) bool {
	if !isIdentifier(v) || charClasses(v)&classLower == 0 {
		return false // capitals and digits alone: a key ID (AKIA...), or a constant (constantName)
	}
	letters, words, long, acronyms, digits, named, parts, short := 0, 0, 0, 0, 0, 0, 0, 0
	prev := ""
	for _, c := range identParts(v) {
		after := prev
		prev = c
		if isDigitByte(c[0]) {
			digits += len(c)
			if after != "" && len(after) <= 2 && strings.ToUpper(after) == after && len(c) >= 3 && len(c) <= 4 {
				named += len(c) // X509, S256, P384: a standard's or an algorithm's name keeps its number
			}
			continue
		}
		letters += len(c)
		parts++
		switch kind := chunkKind(c); {
		case kind == chunkWord:
			words += len(c)
			if len(c) >= 5 {
				long += len(c)
			}
		case kind == chunkAcronym:
			acronyms += len(c)
		case len(c) <= 2:
			short++
		}
	}
	if words < 4 {
		acronyms = 0 // acronyms alone are random capitals as often
	}
	// Random mixed case splits into short chunks (Be, On, Qvo); names have
	// long words in them.
	longEnough := long*10 >= letters*4 || len(v) <= 16 && (digits == 0 || long > 0) // ansiToHtml, getOAuth2Claim
	return parts >= 2 && digits-named <= 2 && short <= 1 && longEnough && (words+acronyms)*10 >= letters*7
}

// wordyValue tells a value made of words, acronyms and version numbers
// joined by separators (Windows_Server-2022-English-Full-ECS_Optimized,
// elasticfilesystem:ClientRootAccess): every part is one, and words hold
// at least half of its letters.
func wordyValue(v string) bool {
	parts := strings.FieldsFunc(v, func(r rune) bool { return strings.ContainsRune("_-.:/ ", r) })
	if len(parts) < 2 || len(v) < 8 {
		return false
	}
	letters, words := 0, 0
	for _, p := range parts {
		for _, c := range identParts(p) {
			if isDigitByte(c[0]) {
				if len(c) > 4 {
					return false
				}
				continue
			}
			letters += len(c)
			switch chunkKind(c) {
			case chunkWord:
				words += len(c)
			case chunkOther:
				return false
			}
		}
	}
	return letters > 0 && words*2 >= letters
}

// Kinds of the letter chunks of a name.
const (
	chunkOther   = iota
	chunkWord    // three or more letters that read as a word, lower-case or capitalised
	chunkAcronym // up to four capitals
)

// techAcronym tells an acronym that names write capitalised (ansiToHtml,
// parseJson, getHttpClient).
func techAcronym(low string) bool {
	switch low {
	case "html", "http", "https", "json", "xml", "url", "uri", "api", "sql", "dns", "tcp", "udp",
		"ssl", "tls", "jwt", "css", "svg", "pdf", "csv", "utf", "ssh", "pkcs":
		return true
	}
	return false
}

func chunkKind(c string) int {
	low := strings.ToLower(c)
	switch {
	case len(c) <= 4 && strings.ToUpper(c) == c, techAcronym(low):
		return chunkAcronym
	case len(c) >= 3 && (c == low || c[1:] == low[1:]) && wordLike(c):
		return chunkWord
	case len(c) >= 5 && strings.ToUpper(c) == c && isWordChunk(c):
		return chunkWord
	case c != low && c[1:] == low[1:] && compoundWord(low):
		return chunkWord // Thumbprint, Downstream: two words, a consonant cluster where they meet
	}
	return chunkOther
}

// compoundWord tells a lower-case word made of two (thumbprint,
// downstream, passphrase): it splits into two parts of three letters or
// more that each read as a word, though the consonants where they meet
// run longer than one word allows.
func compoundWord(low string) bool {
	if len(low) < 6 || len(low) > 16 {
		return false
	}
	for i := 3; i <= len(low)-3; i++ {
		if isWordChunk(low[:i]) && isWordChunk(low[i:]) {
			return true
		}
	}
	return false
}

// identParts splits an identifier at underscores, at letter-digit
// changes, before an upper-case letter after a lower-case one, and before
// the last capital of an acronym that starts a word (URLExternal: URL,
// External).
func identParts(v string) []string {
	var out []string
	start := 0
	for i := 1; i <= len(v); i++ {
		if i == len(v) {
			break
		}
		p, c := v[i-1], v[i]
		split := c == '_' || p == '_' ||
			isDigitByte(p) != isDigitByte(c) ||
			isLower(p) && isUpper(c) ||
			isUpper(p) && isUpper(c) && i+1 < len(v) && isLower(v[i+1])
		if split {
			if part := strings.Trim(v[start:i], "_"); part != "" {
				out = append(out, part)
			}
			start = i
		}
	}
	if part := strings.Trim(v[start:], "_"); part != "" {
		out = append(out, part)
	}
	return out
}

func isDigitByte(c byte) bool { return '0' <= c && c <= '9' }

// wordLike is isWordChunk with room for the consonant clusters of longer
// words (attempts, instrumentation) and for acronyms of three or four
// letters (URL, SMTP, AWS).
func wordLike(c string) bool {
	if isWordChunk(c) {
		return true
	}
	if len(c) <= 4 && strings.ToUpper(c) == c {
		return true
	}
	low := strings.ToLower(c)
	if len(c) < 5 || c != low && c[1:] != low[1:] && strings.ToUpper(c) != c {
		return false
	}
	return vowelShare(low, 10, 3)
}

// vowelShare tells a lower-case word whose vowels are at least num in
// den of its letters, with no more than four consonants in a row.
func vowelShare(low string, den, num int) bool {
	vowels, run := 0, 0
	for i := 0; i < len(low); i++ {
		if strings.IndexByte("aeiouy", low[i]) >= 0 {
			vowels++
			run = 0
		} else if run++; run > 4 {
			return false
		}
	}
	return vowels*den >= len(low)*num
}
