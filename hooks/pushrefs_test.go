package hooks

import (
	"strings"
	"testing"
)

// TestParsePushUpdatesKeepsUnicodeRefs: git allows U+0085 (NEL) and
// U+2028 in a ref name, which Unicode counts as space; git's pre-push
// input separates the fields with ASCII spaces alone.
func TestParsePushUpdatesKeepsUnicodeRefs(t *testing.T) {
	sha := strings.Repeat("a", 40)
	zero := strings.Repeat("0", 40)
	ref := "refs/heads/b\u0085\u2028\u202ex"
	got, err := ParsePushUpdates(strings.NewReader(ref + " " + sha + " " + ref + " " + zero + "\r\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].LocalRef != ref || got[0].RemoteRef != ref || got[0].LocalSHA != sha || got[0].RemoteSHA != zero {
		t.Errorf("ParsePushUpdates = %+v", got)
	}
}
