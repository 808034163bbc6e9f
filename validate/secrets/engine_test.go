package secrets

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/remnant-guard/remnant-guard/validate"
)

const fakePAT = "ghp_8r6Jk2LmQw9ZxT4bN7vC1dF5hY3uE0pA2sKq"

func TestDetectSecretsData(t *testing.T) {
	dir := filepath.Join(corpusDir, "detect-secrets-test-data", "files")
	if _, err := os.Stat(dir); os.IsNotExist(err) {
		t.Skip("detect-secrets test data not present")
	}
	e := builtinEngine(t)
	scan := func(name string) []validate.Finding {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		fs, sk := e.ScanFile(name, data)
		if sk != nil {
			t.Fatalf("%s skipped: %s", name, sk.Reason)
		}
		return fs
	}
	if fs := scan("file_with_no_secrets.py"); len(fs) != 0 {
		t.Errorf("file_with_no_secrets.py: %d findings, want none: %v", len(fs), ruleIDs(fs))
	}
	if fs := scan("file_with_secrets.py"); len(fs) == 0 {
		t.Error("file_with_secrets.py: no findings")
	}
	if fs := scan("private_key"); len(byRule(fs, "secret-private-key")) == 0 {
		t.Errorf("private_key: not found (found %v)", ruleIDs(fs))
	}
}

func TestPositionsAndMessage(t *testing.T) {
	e := builtinEngine(t)
	src := "// héllo\nx := \"é" + fakePAT + "\"\n"
	fs, _ := e.ScanFile("a.go", []byte(src))
	got := byRule(fs, "secret-github-pat")
	if len(got) != 1 {
		t.Fatalf("got %v", fs)
	}
	f := got[0]
	if f.Line != 2 || f.Column != 8 || f.EndLine != 2 || f.EndColumn != 47 {
		t.Errorf("position %d:%d-%d:%d, want 2:8-2:47", f.Line, f.Column, f.EndLine, f.EndColumn)
	}
	if want := `GitHub personal access token (40 chars, starts "ghp_")`; f.Message != want {
		t.Errorf("message %q, want %q", f.Message, want)
	}
	if f.Severity != validate.Error || f.Path != "a.go" || len(f.Fingerprint) != 32 {
		t.Errorf("finding %+v", f)
	}
}

func TestShortSecretShowsNothing(t *testing.T) {
	if m := message("password", "Xk9#mP2qLw7z"); strings.Contains(m, "Xk9") || !strings.Contains(m, "12 chars") {
		t.Errorf("message %q", m)
	}
}

func TestSuppression(t *testing.T) {
	e := builtinEngine(t)
	cases := []struct {
		src  string
		want int
	}{
		{"t = \"" + fakePAT + "\"", 1},
		{"t = \"" + fakePAT + "\" // remnant-guard:allow", 0},
		{"t = \"" + fakePAT + "\" # gitleaks:allow", 0},
		{"t = \"" + fakePAT + "\" # pragma: allowlist secret", 0},
		{"// remnant-guard:allow-next-line\nt = \"" + fakePAT + "\"", 0},
		{"# pragma: allowlist nextline secret\nt = \"" + fakePAT + "\"", 0},
		{"t = \"" + fakePAT + "\" // remnant-guard:allow-next-line", 1},
		{"// remnant-guard:allow-next-line\n\nt = \"" + fakePAT + "\"", 1},
	}
	for i, c := range cases {
		fs, _ := e.ScanFile("x.go", []byte(c.src))
		if got := len(byRule(fs, "secret-github-pat")); got != c.want {
			t.Errorf("case %d: %d findings, want %d", i, got, c.want)
		}
	}
}

func TestFingerprintStableWhenLineMoves(t *testing.T) {
	e := builtinEngine(t)
	a, _ := e.ScanFile("a.go", []byte("t := \""+fakePAT+"\""))
	b, _ := e.ScanFile("b/c.go", []byte("\n\n\n  // moved\n   t := \""+fakePAT+"\""))
	if len(a) != 1 || len(b) != 1 {
		t.Fatalf("findings %v %v", a, b)
	}
	if a[0].Fingerprint != b[0].Fingerprint || a[0].Line == b[0].Line {
		t.Errorf("fingerprints %s %s at lines %d %d", a[0].Fingerprint, b[0].Fingerprint, a[0].Line, b[0].Line)
	}
	if a[0].Fingerprint != Fingerprint("secret-github-pat", fakePAT) {
		t.Error("fingerprint is not of the rule and the secret")
	}
}

func TestSkipped(t *testing.T) {
	e, err := NewEngine(BuiltinRulesWithExamples(), Options{MaxFileSize: 64})
	if err != nil {
		t.Fatal(err)
	}
	_, sk := e.ScanFile("bin", []byte("abc\x00"+fakePAT))
	if sk == nil || sk.Reason != "binary file" {
		t.Errorf("binary: %+v", sk)
	}
	_, sk = e.ScanFile("big", []byte(strings.Repeat("a", 65)))
	if sk == nil || sk.Reason != "over the size limit (64 bytes)" {
		t.Errorf("big: %+v", sk)
	}
	fs, sk := e.ScanFile("keys/app.p12", []byte("\x00\x01"))
	if sk == nil || len(byRule(fs, "secret-pkcs12-file")) != 1 {
		t.Errorf("p12: %v %+v", fs, sk)
	}
}

func TestScanLines(t *testing.T) {
	e := builtinEngine(t)
	lines := []Line{
		{Number: 10, Text: []byte("-----BEGIN OPENSSH PRIVATE KEY-----")},
		{Number: 11, Text: []byte("b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW")},
		{Number: 40, Text: []byte("token = \"" + fakePAT + "\"")},
	}
	fs := e.ScanLines("id", lines)
	if k := byRule(fs, "secret-private-key"); len(k) != 1 || k[0].Line != 10 {
		t.Errorf("private key: %v", fs)
	}
	if g := byRule(fs, "secret-github-pat"); len(g) != 1 || g[0].Line != 40 || g[0].Column != 10 {
		t.Errorf("pat: %v", fs)
	}
}

func TestScanAllOrder(t *testing.T) {
	e := builtinEngine(t)
	files := []File{
		{Path: "z.txt", Data: []byte("t = " + fakePAT)},
		{Path: "a.txt", Data: []byte("\n\nt = " + fakePAT + "\nu = " + fakePAT)},
		{Path: "bin", Data: []byte{0, 1, 2}},
		{Path: "m.txt", Lines: []Line{{Number: 7, Text: []byte(fakePAT)}}},
	}
	fs, sk := e.ScanAll(files)
	var got []string
	for _, f := range fs {
		got = append(got, f.Path+":"+strconv.Itoa(f.Line))
	}
	if want := "a.txt:3 a.txt:4 m.txt:7 z.txt:1"; strings.Join(got, " ") != want {
		t.Errorf("order %v, want %s", got, want)
	}
	if len(sk) != 1 || sk[0].Path != "bin" {
		t.Errorf("skipped %v", sk)
	}
}

func TestNewEngineErrors(t *testing.T) {
	_, err := NewEngine([]RuleDef{{ID: "secret-bad", Regex: "(", Keywords: []string{"x"}}}, Options{})
	var re *RuleError
	if !errors.As(err, &re) || re.ID != "secret-bad" {
		t.Errorf("bad regex: %v", err)
	}
	_, err = NewEngine([]RuleDef{{ID: "bad", Regex: "x"}}, Options{})
	if !errors.As(err, &re) {
		t.Errorf("bad id: %v", err)
	}
	e, err := NewEngine(BuiltinRulesWithExamples(), Options{Disabled: map[string]bool{"secret-github-pat": true}})
	if err != nil {
		t.Fatal(err)
	}
	if fs, _ := e.ScanFile("a", []byte(fakePAT)); len(byRule(fs, "secret-github-pat")) != 0 {
		t.Error("disabled rule ran")
	}
}

func TestLazyCompile(t *testing.T) {
	e := builtinEngine(t)
	e.ScanFile("a.go", []byte("package a\n\nfunc f() { return }\n"))
	for _, r := range e.rules {
		if r.re != nil {
			t.Errorf("%s compiled for a file without its keywords", r.def.ID)
		}
	}
}

// TestKeyFingerprintsDiffer: two private keys share their header; each has
// a fingerprint of its own, which stays when the key moves.
func TestKeyFingerprintsDiffer(t *testing.T) {
	e, err := NewEngine(BuiltinRulesWithExamples(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	key := func(body string) string {
		return "-----BEGIN RSA PRIVATE KEY-----\n" + body + "\n-----END RSA PRIVATE KEY-----\n"
	}
	a := key("MIIEowIBAAKCAQEAt3f9Jq2Lm8Xv1Rb6Nw4Kc0Hs7Ty5Pe9Ga3Uz2Qd8Vk1Wm6Jn4Xr")
	b := key("MIIEpAIBAAKCAQEA9xQ2Lm4Kc8Vb1Nw6Rt3Hs0Yz7Pe5Ga9Uq2Jd4Xk1Wm8Fn6Tr3B")
	fp := func(src string) string {
		fs, _ := e.ScanFile("k.pem", []byte(src))
		for _, f := range fs {
			if f.RuleID == "secret-private-key" {
				return f.Fingerprint
			}
		}
		t.Fatalf("no private key found in %q", src)
		return ""
	}
	if fp(a) == fp(b) {
		t.Error("two different keys have the same fingerprint")
	}
	if fp(a) != fp("// moved down\n\n"+a) {
		t.Error("a key's fingerprint changed when it moved")
	}
}

// TestColumnAfterBOM: a byte order mark does not count as a column.
func TestColumnAfterBOM(t *testing.T) {
	e, err := NewEngine(BuiltinRulesWithExamples(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	tok := "ghp_2Li7Nm2TLxeQnv3efWCyzHAF75PWYbgLKD7D"
	for _, src := range []string{"ü = \"" + tok + "\"\n", "\ufeffü = \"" + tok + "\"\n"} {
		fs, _ := e.ScanFile("a.go", []byte(src))
		if len(fs) != 1 || fs[0].Column != 6 {
			t.Errorf("%q: findings %+v, want one at column 6", src[:5], fs)
		}
	}
}
