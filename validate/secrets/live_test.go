package secrets

import (
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
