package judge

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/remnant-guard/remnant-guard/validate/secrets"
)

// TestMaskSecrets checks that what the engine reports is masked, that an
// allow marker on the same line does not unmask it, and that hashes and
// paths pass unchanged.
func TestMaskSecrets(t *testing.T) {
	token := "ghp_" + "8r6Jk2LmQw9ZxT4bN7vC1dF5hY3uE0pA2sKq"
	for _, tc := range []struct{ in, want string }{
		{"token " + token + " here", "token ghp_… here"},
		{"::error::token " + token + "%0Aadd a remnant-guard:allow comment", "::error::token ghp_…%0Aadd a remnant-guard:allow comment"},
		{"https://admin:Winter2024!@db.example.com/x", "https://admin:…@db.example.com/x"},
		{"commit 3b300d2e2e2f0c1a3b300d2e2e2f0c1a3b300d2e at src/d002/f2000.go", "commit 3b300d2e2e2f0c1a3b300d2e2e2f0c1a3b300d2e at src/d002/f2000.go"},
		{"plain words only", "plain words only"},
	} {
		if got := (*Masker)(nil).Mask(tc.in); got != tc.want {
			t.Errorf("MaskSecrets(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	if got := (*Masker)(nil).Mask("a\n" + token + "\nb"); strings.Contains(got, token[4:12]) {
		t.Errorf("a token on its own line is not masked: %q", got)
	}
}

// TestMaskSecretsEscaped checks that a secret is masked when the text
// quotes it escaped: with %q (as errors quote values), in JSON, in XML.
func TestMaskSecretsEscaped(t *testing.T) {
	secret := "Xk9mQ2vL7pW4zRt"
	assign := `password="` + secret + `"`
	if got := (*Masker)(nil).Mask(assign); strings.Contains(got, secret[:8]) {
		t.Fatalf("the plain assignment is not masked: %q", got)
	}
	js, _ := json.Marshal(map[string]string{"message": "bad value " + assign})
	deep, _ := json.Marshal(fmt.Sprintf("unknown task %q", assign))
	var xb strings.Builder
	xml.EscapeText(&xb, []byte("bad value "+assign))
	for _, text := range []string{
		fmt.Sprintf("unknown task %q (valid: planning)", assign),
		string(js),
		string(deep),
		`{"m":"` + strings.ReplaceAll(assign, `"`, `\u0022`) + `"}`,
		xb.String(),
		strings.ReplaceAll("<failure message=\""+assign+"\"/>", `"`+secret+`"`, `&quot;`+secret+`&quot;`),
	} {
		got := (*Masker)(nil).Mask(text)
		for i := 0; i+8 <= len(secret); i++ {
			if strings.Contains(got, secret[i:i+8]) {
				t.Errorf("MaskSecrets(%q) = %q: shows %q", text, got, secret[i:i+8])
				break
			}
		}
	}
	// Escapes around no secret change nothing.
	for _, text := range []string{`path "a\\b" and &amp; here`, `{"k":"v\"w"}`, `a\`, `&`} {
		if got := (*Masker)(nil).Mask(text); got != text {
			t.Errorf("MaskSecrets(%q) = %q", text, got)
		}
	}
}

// TestMaskSecretsKeepsJSONValid checks that masking a JSON line, as the
// redacting writer does with every JSON report and agent answer, never
// cuts an escape in two: the line stays valid JSON.
func TestMaskSecretsKeepsJSONValid(t *testing.T) {
	for _, v := range []string{
		`password="Xk9mQ2vL7pW4zRt"`,
		`password=Xk9mQ2vL7pW4zRt\`,
		`token: ghp_8r6Jk2LmQw9ZxT4bN7vC1dF5hY3uE0pA2sKq\`,
		"token: ghp_8r6Jk2LmQw9ZxT4bN7vC1dF5hY3uE0pA2sKq\n",
		`url https://admin:Winter2024!\@db.example.com/x`,
		`aws_secret_access_key = "FhjG8rT2kLmN4pQ6sU8wY0aC2eG4iK6mO8qS0uW\"`,
	} {
		js, _ := json.Marshal(map[string]string{"additionalContext": v})
		for _, text := range []string{string(js), `{"a":` + string(js) + `}`} {
			if got := (*Masker)(nil).Mask(text); !json.Valid([]byte(got)) {
				t.Errorf("MaskSecrets(%s) = %s: not valid JSON", text, got)
			}
		}
	}
}

// TestMaskSecretsWithoutARunMasksWhatTheWholeEngineDoes masks every
// built-in rule's examples with no engine given (so with the rules whose
// keywords occur in the text) and with the whole engine: the results must
// be the same, for text in upper case too (keywords match in any ASCII
// case) and for two rules' examples on one line.
func TestMaskSecretsWithoutARunMasksWhatTheWholeEngineDoes(t *testing.T) {
	whole, err := secrets.NewEngine(secrets.BuiltinRules(), secrets.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defs := secrets.BuiltinRulesWithExamples()
	masked := 0
	for i, d := range defs {
		other := defs[(i+7)%len(defs)]
		for _, ex := range append(slices.Clone(d.TP), d.FP...) {
			for _, text := range []string{ex, strings.ToUpper(ex), "error: " + ex + " and " + strings.Join(other.TP, " ")} {
				want := (*Masker)(nil).MaskWith(whole, text)
				if got := (*Masker)(nil).Mask(text); got != want {
					t.Errorf("%s: (*Masker)(nil).Mask(%q) = %q, the whole engine masks %q", d.ID, text, got, want)
				}
				if want != text {
					masked++
				}
			}
		}
	}
	if masked == 0 {
		t.Error("the whole engine masked nothing")
	}
}
