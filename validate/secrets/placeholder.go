package secrets

import (
	"net/url"
	"strings"
	"sync"

	"github.com/remnant-guard/remnant-guard/validate"
)

// placeholderMarks are substrings that show a value is a reference to a
// secret kept elsewhere, a template, or a stand-in.
var placeholderMarks = []string{
	"${", "{{", "}}", "$(", "%(", "#{", "<%", "***", "...", "…", "xxxx",
	"changeme", "change_me", "change-me", "example", "placeholder",
	"your_", "your-", "yourpass", "redacted", "dummy", "insert_", "replace_",
	"os.environ", "getenv", "process.env", "env(", "env[", "secretkeyref",
	"synthetic",
}

// placeholderWords are whole values that stand in for a secret.
var placeholderWords = sync.OnceValue(func() map[string]bool {
	return map[string]bool{
		"password": true, "passwd": true, "pass": true, "pwd": true, "secret": true,
		"token": true, "apikey": true, "api_key": true, "key": true, "changeit": true,
		"admin": true, "root": true, "guest": true, "user": true, "username": true,
		"test": true, "testing": true, "postgres": true, "mysql": true, "foo": true,
		"bar": true, "foobar": true, "xxx": true, "yyy": true, "none": true,
		"null": true, "nil": true, "true": true, "false": true, "undefined": true,
		"empty": true, "default": true, "mypassword": true, "secretkey": true,
		"qwerty": true, "letmein": true,
	}
})

// famousStandIns are the passwords everyone knows as a joke or an
// example: hunter2 (the bash.org chat where it shows as *******) and
// swordfish (the password of the Marx Brothers' Horse Feathers, and of
// countless examples since).
var famousStandIns = map[string]bool{"hunter2": true, "swordfish": true}

// templateSlot tells a name between double underscores (__UserName__,
// __SSHPublicKeyBody__): a slot a template or a recorded request fills.
func templateSlot(v string) bool {
	return len(v) > 4 && strings.HasPrefix(v, "__") && strings.HasSuffix(v, "__") && isIdentifier(v) && !randomRun(v)
}

// formatReference tells a value starting with '%' that refers to
// something else: a Windows variable (%DB_PASSWORD%), a format verb
// (%s, %(name)s, %{name}) or a URL-escaped byte at the start of a path;
// a random password may start with '%' too.
func formatReference(v string) bool {
	if len(v) < 2 {
		return true
	}
	switch v[1] {
	case '(', '{', 's', 'd', 'v', 'q':
		return true
	}
	if strings.Count(v, "%") >= 2 && isIdentifier(strings.Trim(v, "%")) {
		return true
	}
	verbs := 0 // %Y-%m-%d, %H:%M: a date or printf format
	for i := 0; i+1 < len(v); i++ {
		if v[i] == '%' && isAlpha(v[i+1]) {
			verbs++
		}
	}
	return verbs >= 2
}

// hashShaped tells a value that starts as a password hash in modular
// crypt format does ($2b$, $6$, $argon2id$): a '$', an identifier, a
// '$', then more. It is no variable ($2 expands in a shell alone, and a
// positional parameter is short); passwordHash judges it.
func hashShaped(v string) bool {
	id, rest, ok := strings.Cut(v[1:], "$")
	return ok && len(rest) >= 16 && id != "" && len(id) <= 12 && isIdentifier(strings.ReplaceAll(id, "-", "_")) && (isDigitByte(id[0]) || strings.HasPrefix(id, "argon2") || strings.HasPrefix(id, "pbkdf2") || id == "y" || id == "gy" || id == "scrypt")
}

var codeRef = validate.LazyRegexp(`^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)+(\(\))?$`)

// isPlaceholder reports values that are not a secret themselves:
// variables, templates, stand-ins, code references.
func isPlaceholder(v string) bool {
	v = strings.Trim(v, `"'{}`)
	if strings.IndexByte(v, '%') >= 0 {
		if dec, err := url.PathUnescape(v); err == nil && dec != v && isPlaceholder(dec) {
			return true // %3CYourStrong%21Passw0rd%3E: a URL-escaped <placeholder>
		}
	}
	if v == "" || v[0] == '$' && !hashShaped(v) || v[0] == '<' || v[0] == '[' || v[0] == '%' && formatReference(v) {
		return true
	}
	low := strings.ToLower(v)
	if placeholderWords()[low] || famousStandIns[low] || strings.ContainsAny(v, "()") || templateSlot(v) {
		return true
	}
	for _, m := range placeholderMarks {
		if strings.Contains(low, m) {
			return true
		}
	}
	return codeRef().MatchString(v) && !randomRun(v) // settings.SECRET_KEY, not abc.DEF123 and a token
}

var lockfile = validate.LazyRegexp(`(?i)(^|/)(package-lock\.json|npm-shrinkwrap\.json|yarn\.lock|pnpm-lock\.yaml|go\.sum|cargo\.lock|poetry\.lock|pipfile\.lock|gemfile\.lock|composer\.lock|packages\.lock\.json|flake\.lock|uv\.lock|bun\.lockb?)$`)

func isLockfile(path string) bool { return lockfile().MatchString(path) }
