// Package secrets finds credentials in file content: bytes in, findings
// out. One engine interprets every rule; rules are data.
//
// # Rule files
//
// The built-in rules live in rules/*.toml, embedded in the binary. A rule
// file is a TOML document of [[rules]] tables; unknown keys are errors.
//
//	[[rules]]
//	id = "secret-github-pat"                 # stable, kebab-case, "secret-" prefix
//	description = "GitHub personal access token"
//	keywords = ["ghp_"]                      # lowercase literals for the prefilter
//	regex = '''(?:^|[^A-Za-z0-9_])(?P<secret>ghp_[A-Za-z0-9]{36})(?:$|[^A-Za-z0-9])'''
//	secret_group = 0                         # 0: group "secret" if any, else the match
//	entropy = 3.0                            # minimum Shannon entropy, bits per char
//	allow = ['''regex on the secret''']      # a match suppresses the finding
//	allow_line = ['''regex on the line''']
//	stopwords = ["example"]                  # substrings of the secret that suppress
//	path = '''(?i)\.php$'''                  # only files whose path matches
//	checks = ["generic"]                     # named validators, see below
//	gate = "assignment"                      # named fast line test, see below
//	extract = "assignments"                  # named pair parser instead of a regex
//	keep_fakes = false                       # true: keep xxxxxxxx-like values
//	fallback = false                         # true: a broad rule, yields to a specific one
//	window = 0                               # lines after the keyword line the regex sees
//	fingerprint_body = false                 # fingerprint the text after the match too (a key's body)
//	tp = ["GITHUB_TOKEN=ghp_..."]            # must be found by this rule
//	fp = ["ghp_xxxx..."]                     # must not be
//	example_path = "config.php"              # path the examples are scanned as
//	[rules.fp_at]                            # (also tp_at) examples scanned as a given path
//	"client.ts" = ["private apiKey: ApiKeyProvider;"]
//
// A rule with a path and no regex flags files by path alone (key stores);
// its examples are paths. A regex named group "name" gives checks the
// name a value is assigned to.
//
// An extract finds name/value pairs itself: "assignments" reads the
// assignments of code, configuration, shell, logs, XML and URLs, starting
// from the secret words on a line (extract.go), and hands each pair to the
// rule's checks with its kind of syntax; "csv-columns" reads the cells of a
// table under a header cell that names a secret (extract_csv.go).
//
// Checks: "assigned" (the generic rule's judgement of a pair: the name,
// the value's shape and randomness, see assigned.go), "jwt" (the header decodes to JSON with alg or typ), "pem-body"
// (a key block whose END is in view must hold a body), "not-placeholder",
// "generic" (placeholders, variable references, lock files, UUIDs, short
// hex, names about a secret such as token_count, obvious fakes),
// "userinfo" (a password that is not a stand-in), "basic-auth" (Basic
// credentials decode to user:password), "not-lockfile", "k8s-secret" (the
// file is a Kubernetes Secret), "mixed-token" (a token's random part has
// both cases and digits), "nkey-seed" (a NATS seed whose checksum holds), "bearer"
// (not a placeholder; a JWT judged as "jwt" judges it),
// "jwk" (a private member of a JSON Web Key). Gates: "assignment", "long-string", "userinfo",
// "twilio-sid", "vault-s" (gate_format.go: the whole format on the line,
// for keywords as common as "sk" and "s.").
//
// Every rule unless keep_fakes drops values with a run of eight of one
// character or six consecutive letters of the alphabet.
//
// # Engine
//
// NewEngine builds one Aho-Corasick automaton over all keywords. A scan
// makes one case-insensitive pass over the file; a line with no keyword
// costs nothing more. Each rule triggered on a line runs its gate, then
// its regex (Go RE2, linear time), compiled once on first use, on that
// line and its window. Matches then pass the entropy floor, stopwords,
// allow lists, the fake filter, the checks, and the allow comments:
//
//	remnant-guard:allow, gitleaks:allow, pragma: allowlist secret      on the line
//	remnant-guard:allow-next-line, pragma: allowlist nextline secret   on the line above
//
// One secret is one finding: of the hits whose spans overlap, only the
// most specific rule's is reported. A provider's rule beats a broad
// (fallback) one; of two providers' rules, the one whose match took in
// more of the text; otherwise the rule listed first.
//
// A rule stops judging a file at MaxFileFindings findings, and an
// engine's scans report MaxRunFindings in all; past either, the matches
// are counted and a CappedRule (secret-findings-capped) finding says how
// many were not shown. Overlaps are resolved in n log n, and a long line's
// start and columns are counted once, so a rule of dense matches costs in
// proportion to the file. SecretSpans gives the byte spans to mask in
// text the program prints.
//
// ScanFile skips files over the size limit (default 10 MiB) and files with
// a NUL byte in their first 8000 bytes, and says so. ScanLines scans the
// added lines of a diff. ScanAll scans files on GOMAXPROCS workers and
// orders the findings by path, line, column and rule.
//
// Findings carry 1-based lines and columns in code points; EndColumn is
// the column of the secret's last character. A message names the rule,
// the secret's length and at most its first four characters (none of a
// secret shorter than 16). The fingerprint is the hex of the first 16
// bytes of SHA-256(rule ID, NUL, secret): it does not change when the
// text moves. ParseIgnore reads .remnant-guard-ignore files of
// fingerprints; a sealed one costs a slow hash only for findings an entry
// could match by rule and glob, SealBudget a run (see cost.go); ParseGitleaksConfig reads a .gitleaks.toml (rules,
// allowlists, [extend]) and ParseGitleaksIgnore a .gitleaksignore, with
// gitleaks rule IDs mapped to the built-in rules by gitleaks_ids.txt.
package secrets
