package custodian

import (
	"strings"
	"testing"
)

// TestCredentialShapeKinds: each shape is reported under its own kind (an
// Anthropic key is an anthropic-key, though it starts as OpenAI's do), and
// the finding never quotes it.
func TestCredentialShapeKinds(t *testing.T) {
	for text, kind := range map[string]string{
		"sk-ant-api03-ZZQWERTYzxcvbnmasdfghjkl": "anthropic-key",
		"sk-proj-ZZQWERTYzxcvbnmasdfghjkl":      "openai-key",
		"ghp_ZZQWERTYzxcvbnmasdfghjkl":          "github-token",
	} {
		f := memory08n(t, 1)
		f["constraints.md"].Data = append(f["constraints.md"].Data, []byte("\nThe key "+text+" is for tests.\n")...)
		var got []string
		for _, x := range Check(f, Options{}, nil) {
			if x.RuleID == RuleCredentialShape {
				got = append(got, x.Message)
				if strings.Contains(x.Message, text[4:]) {
					t.Errorf("%s: the finding quotes it: %s", text, x.Message)
				}
			}
		}
		if len(got) != 1 || !strings.Contains(got[0], "("+kind+")") {
			t.Errorf("%s: findings %q, want one naming %s", text, got, kind)
		}
	}
}
