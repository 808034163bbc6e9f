package secrets

import "testing"

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
