package validate

import (
	"encoding/json"
	"math/rand"
	"os/exec"
	"reflect"
	"strings"
	"testing"
)

// pythonReader reads each input as the MemoryCustodian CLI reads a file
// (Path.read_text(encoding="utf-8"): universal newlines) and splits it
// with str.splitlines.
const pythonReader = `
import io, json, sys
out = []
for s in json.load(sys.stdin):
    text = io.TextIOWrapper(io.BytesIO(s.encode("utf-8", "surrogatepass")), encoding="utf-8").read()
    out.append(text.splitlines())
json.dump(out, sys.stdout)
`

// TestCustodianTextAgainstPython asks Python itself how the custodian
// dialects must decode and split generated text.
func TestCustodianTextAgainstPython(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed; the comparison with Python's text reading is not run")
	}
	parts := []string{"a", "é", "\n", "\r", "\r\n", "\v", "\f", "\x1c", "\x1d", "\x1e", "\x1f", "\u0085",
		"\u2028", "\u2029", "\ufeff", "\x00", " ", "\t", "\u00a0", "#", "```"}
	rng := rand.New(rand.NewSource(11))
	var inputs []string
	for n := 0; n < 4000; n++ {
		var b strings.Builder
		for k := rng.Intn(10); k > 0; k-- {
			b.WriteString(parts[rng.Intn(len(parts))])
		}
		if s := b.String(); s != "\n" && s != "\r" && s != "\r\n" {
			inputs = append(inputs, s) // a lone line ending: see TestReadText
		}
	}
	in, err := json.Marshal(inputs)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("python3", "-c", pythonReader)
	cmd.Stdin = strings.NewReader(string(in))
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("python3: %v", err)
	}
	var want [][]string
	if err := json.Unmarshal(out, &want); err != nil || len(want) != len(inputs) {
		t.Fatalf("python3 answered %d results (%v), want %d", len(want), err, len(inputs))
	}
	for i, s := range inputs {
		for _, d := range []Dialect{CustodianLines, CustodianLexing, CustodianBullets} {
			got := ReadText([]byte(s), d).Lines()
			if len(got) != len(want[i]) || (len(got) > 0 && !reflect.DeepEqual(got, want[i])) {
				t.Errorf("%v: %q read as %q, Python reads %q", d, s, got, want[i])
			}
		}
	}
}
