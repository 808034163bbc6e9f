package secrets

import "testing"

// NATS public keys (U, N, A, O, C...) are public; a seed (S...) is not,
// and a key whose checksum fails is neither.
func TestNATSKeys(t *testing.T) {
	for _, c := range []struct {
		v            string
		public, seed bool
	}{
		{"UD3KDTRYV4O3QFBBSTQHJP3MRUL2BB3WKG4ZDFK54VQA6X662IEK6OHT", true, false},
		{"NDFB57CPSN7GPH6PSX6KIZVMAD3OS3MGYS7VJ7YLBNLQ57UPPVMJWD6Y", true, false},
		{"SUABA3EITJILY6MOTGYO6SV3TVPHXZZCHFXJS5ZNI3DHBU7BLTVLGDVGAE", false, true},
		{"UD3KDTRYV4O3QFBBSTQHJP3MRUL2BB3WKG4ZDFK54VQA6X662IEK6OHU", false, false}, // checksum
		{"SUABA3EITJILY6MOTGYOTSV3TVPHXZZCHFXJS5ZNI3DHBU7BLTVLGDVGAE", false, false},
	} {
		if got := natsPublicKey(c.v); got != c.public {
			t.Errorf("natsPublicKey(%.4s...) = %v, want %v", c.v, got, c.public)
		}
		if got := natsSeed(c.v); got != c.seed {
			t.Errorf("natsSeed(%.4s...) = %v, want %v", c.v, got, c.seed)
		}
	}
}

// A JSON Web Key's public members are not secrets; its private ones are.
func TestJWKMembers(t *testing.T) {
	for _, m := range []string{"n", "e", "x", "y", "crv", `"x5c"`} {
		if !jwkPublicMember(m) || jwkPrivateMember(m) {
			t.Errorf("%s: want a public member", m)
		}
	}
	for _, m := range []string{"d", "p", "q", "dp", "dq", "qi", "k"} {
		if jwkPublicMember(m) || !jwkPrivateMember(m) {
			t.Errorf("%s: want a private member", m)
		}
	}
}

// A public key's name is not a secret's, unless it names one beside it.
func TestPublicKeyName(t *testing.T) {
	for name, want := range map[string]bool{
		"pubkey256": true, "server_public_key": true, "PublicKey": true,
		"public_secret": false, "pub_private_key": false, "api_key": false, "publisher": false,
	} {
		if got := publicKeyName(name); got != want {
			t.Errorf("publicKeyName(%q) = %v, want %v", name, got, want)
		}
	}
}
