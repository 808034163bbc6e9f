package secrets

import "testing"

func TestCRC32Base62(t *testing.T) {
	for _, c := range []struct {
		token string
		ok    bool
	}{
		{"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", true},
		{"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", true},
		{"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", true},
		{"ghp_Hq7Lm2Xv9Rt4Kw8Zp3Nc6Jd1Yf5Gb03Ajny4", false},
		{"ghp_Hq7Lm2Xv9Rt4Kw8Zp3Nc6Jd1Yf5Gb03Ajny", false},
		{fakePAT, false},
	} {
		if got := crc32Base62(c.token); got != c.ok {
			t.Errorf("%.8s...: checksum right %v, want %v", c.token, got, c.ok)
		}
	}
	// A right checksum keeps a token the look-alike filter would drop.
	e := builtinEngine(t)
	for src, want := range map[string]int{
		"t = 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": 1,
		"t = ghp_Zr8q3LmW9vXk2Tp5aaaaaaaaB7nC1d2WknwY": 0,
	} {
		if fs, _ := e.ScanFile("a.txt", []byte(src)); len(byRule(fs, "secret-github-pat")) != want {
			t.Errorf("%.12s: %v, want %d", src, ruleIDs(fs), want)
		}
	}
}
