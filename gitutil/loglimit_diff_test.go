package gitutil

import (
	"bytes"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
)

// stepRead is the limiter's Read passing every line through step alone:
// the reference the whole-line path is held to.
func stepRead(s *sectionLimiter, p []byte) (int, error) { return s.read(p, false) }

// jitter hands out data in random pieces, now and then an empty read,
// and the last piece with io.EOF.
type jitter struct {
	data []byte
	rng  *rand.Rand
	max  int
}

func (r *jitter) Read(p []byte) (int, error) {
	if len(r.data) == 0 {
		return 0, io.EOF
	}
	if r.rng.IntN(10) == 0 {
		return 0, nil
	}
	k := min(len(p), 1+r.rng.IntN(r.max), len(r.data))
	n := copy(p, r.data[:k])
	r.data = r.data[n:]
	if len(r.data) == 0 && r.rng.IntN(2) == 0 {
		return n, io.EOF
	}
	return n, nil
}

func drain(t testing.TB, rng *rand.Rand, maxP int, read func([]byte) (int, error)) []byte {
	var got []byte
	buf := make([]byte, maxP)
	for range 1 << 24 {
		p := buf[:1+rng.IntN(maxP)]
		n, err := read(p)
		got = append(got, p[:n]...)
		if err == io.EOF {
			return got
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("no EOF")
	return nil
}

func genLimiterInput(rng *rand.Rand, limit int) []byte {
	starts := []string{"diff --git a/x b/x", "diff --cc x", "@@ -1,2 +1,3 @@", "@@@ -1 -1 +1 @@@", "@", "+", "-", " ", "++", "+-", "\\ No newline at end of file", "\\",
		"\x01c0ffee", "\x02c0ffee", "index 1..2", "", "\r", "\x00", "Binary files a/x and b/x differ", "new file mode 100644"}
	var b bytes.Buffer
	for range rng.IntN(60) {
		s := starts[rng.IntN(len(starts))]
		b.WriteString(s)
		var n int
		switch rng.IntN(4) {
		case 0: // near the limit
			n = max(0, limit-len(s)-1+rng.IntN(5)-2)
		case 1: // near the limit's share
			n = max(0, limit/(1+rng.IntN(4))-len(s)-1+rng.IntN(3)-1)
		case 2:
			n = rng.IntN(1 << uint(rng.IntN(12)))
		default:
			n = rng.IntN(8)
		}
		fill := "x"
		switch rng.IntN(5) {
		case 0:
			fill = "\r"
		case 1:
			fill = "\x00"
		}
		b.WriteString(strings.Repeat(fill, n))
		if rng.IntN(20) == 0 {
			b.WriteString("\r")
		}
		b.WriteByte('\n')
	}
	if rng.IntN(3) == 0 {
		b.WriteString(starts[rng.IntN(len(starts))] + "tail without a newline")
	}
	return b.Bytes()
}

// The limiter passes on, byte for byte, what it did with step alone,
// whatever the input and the sizes it is read and asked for in.
func TestSectionLimiterMatchesStepOnly(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 29))
	for round := range 1500 {
		limit := 1 + rng.IntN(300)
		if round%50 == 0 {
			limit = 60000 + rng.IntN(20000)
		}
		data := genLimiterInput(rng, limit)
		seed := rng.Uint64()
		maxIn := 1 + rng.IntN(1<<uint(1+rng.IntN(18)))
		maxP := 1 + rng.IntN(1<<uint(1+rng.IntN(18)))
		if len(data) > 1<<16 {
			maxP = max(maxP, 512)
			maxIn = max(maxIn, 512)
		}
		r1 := rand.New(rand.NewPCG(seed, 1))
		r2 := rand.New(rand.NewPCG(seed, 1))
		oldL := newSectionLimiter(&jitter{data: data, rng: r1, max: maxIn}, int64(limit), "\x01c0ffee")
		newL := newSectionLimiter(&jitter{data: data, rng: r2, max: maxIn}, int64(limit), "\x01c0ffee")
		want := drain(t, rand.New(rand.NewPCG(seed, 2)), maxP, func(p []byte) (int, error) { return stepRead(oldL, p) })
		got := drain(t, rand.New(rand.NewPCG(seed, 2)), maxP, newL.Read)
		if !bytes.Equal(got, want) {
			t.Fatalf("round %d, limit %d: %d bytes, want %d", round, limit, len(got), len(want))
		}
		if m := limitModel(data, int64(limit), newL.trunc); !bytes.Equal(m, want) {
			t.Fatalf("round %d, limit %d: the model differs from step", round, limit)
		}
	}
}

func FuzzSectionLimiterStepOnly(f *testing.F) {
	f.Add([]byte("@@ -1 +1 @@\n+abc\n+de\ndiff --git a/x b/x\n"), uint16(8), uint16(3), uint16(5))
	f.Fuzz(func(t *testing.T, data []byte, limit, inSize, pSize uint16) {
		lim := int64(limit) + 1
		mk := func() *sectionLimiter {
			return newSectionLimiter(&trickle{data: data, n: int(inSize) + 1}, lim, "\x01c0ffee")
		}
		oldL, newL := mk(), mk()
		read := func(f func([]byte) (int, error)) []byte {
			return drain(t, rand.New(rand.NewPCG(uint64(pSize), 2)), int(pSize)+1, f)
		}
		want := read(func(p []byte) (int, error) { return stepRead(oldL, p) })
		got := read(newL.Read)
		if !bytes.Equal(got, want) {
			t.Fatalf("limit %d: got %q want %q", lim, got, want)
		}
	})
}
