package custodian

import (
	"strings"
	"testing"
)

// TestVersionQuotedShort: a protocol_version that is no version is quoted
// in check's finding and route's refusal as other memory text is: at most
// 60 characters, and a secret in it redacted.
func TestVersionQuotedShort(t *testing.T) {
	const secret = "ghp_R7xQ2mZ9vK4pL8wT3nB6yH1cF5dJ0sA2eG9u"
	for _, v := range []string{strings.Repeat("9", 100000) + ".8", "0." + strings.Repeat("٠", 5000) + "8", secret, "0.8 " + secret} {
		f := memory08n(t, 1)
		f["manifest.md"].Data = []byte(strings.Replace(string(f["manifest.md"].Data), "protocol_version: 0.8", "protocol_version: "+v, 1))
		var msgs []string
		for _, x := range Check(f, Options{}, nil) {
			if x.RuleID == RuleProtocolVersion {
				msgs = append(msgs, x.Message)
			}
		}
		if _, err := Route(f, RouteRequest{Task: "implementation", Paths: []string{"src/x.go"}}); err != nil {
			msgs = append(msgs, err.Error())
		}
		if len(msgs) == 0 {
			t.Errorf("%.20q: no protocol finding, no refusal", v)
		}
		for _, m := range msgs {
			if len(m) > 400 || strings.Contains(m, secret[4:]) {
				t.Errorf("%.20q: the message quotes %d bytes of it, or the secret: %.300s", v, len(m), m)
			}
		}
	}
}
