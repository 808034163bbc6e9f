package secrets

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// A provider's format looks live; a broad rule's finding does not; a
// documented example key is not reported at all.
func TestLooksLive(t *testing.T) {
	for id, want := range map[string]bool{
		"secret-aws-access-key-id":          true,
		"secret-stripe-secret-key":          true,
		"secret-github-pat":                 true,
		"secret-generic":                    false,
		"secret-high-entropy-string":        false,
		"secret-jwt":                        false,
		"secret-url-password":               false,
		"secret-acme-internal-token":        true, // a rule of the user's own
		"secret-terraform-variable-default": false,
	} {
		if got := LooksLive(id); got != want {
			t.Errorf("LooksLive(%q) = %v, want %v", id, got, want)
		}
	}
	e, err := NewEngine(BuiltinRules(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	src := "aws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\n" +
		"stripe = \"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\"\n"
	found, _ := e.ScanFile("testdata/creds.ini", []byte(src))
	if len(found) != 1 || found[0].Line != 3 || !LooksLive(found[0].RuleID) {
		t.Fatalf("want only the Stripe key, looking live; got %v", found)
	}
	for _, f := range found {
		if strings.Contains(f.Message, "EXAMPLE") {
			t.Errorf("the example key is reported: %v", f)
		}
	}
}

// docs/secrets.md names the broad rules, whose findings do not look live:
// exactly the built-in fallback rules.
func TestDocsNameTheBroadRules(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "docs", "secrets.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(data), "except the\nbroad ones (")
	list, _, ok2 := strings.Cut(rest, ")")
	if !ok || !ok2 {
		t.Fatal("docs/secrets.md does not list the broad rules after \"except the broad ones (\"")
	}
	documented := map[string]bool{}
	for _, id := range regexp.MustCompile("`(secret-[a-z0-9-]+)`").FindAllStringSubmatch(list, -1) {
		documented[id[1]] = true
	}
	for id, fallback := range builtinFallback() {
		if fallback != documented[id] {
			t.Errorf("%s: fallback %v, listed among the broad rules in docs/secrets.md %v", id, fallback, documented[id])
		}
	}
	for id := range documented {
		if _, ok := builtinFallback()[id]; !ok {
			t.Errorf("docs/secrets.md lists %s, which is no built-in rule", id)
		}
	}
}
