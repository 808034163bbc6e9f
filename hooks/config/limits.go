package config

import (
	"fmt"
	"math"
	"strings"

	"github.com/BurntSushi/toml"
	"github.com/remnant-guard/remnant-guard/internal/safefile"
	"github.com/remnant-guard/remnant-guard/internal/tomlcheck"
)

// validateLimits checks every numeric setting: positive, within int range,
// and for the file size limits at most safefile.MaxMemoryFileLimit (memory files) and
// safefile.MaxReadLimit (the secret scan), so that no value can
// overflow a bounded read or make it unbounded. The error names the key's
// line.
func (c *Config) validateLimits(data []byte) error {
	lim := c.Limits
	for _, v := range []struct {
		key string
		n   int64
		max int64
	}{
		{"max_lines", int64(lim.MaxLines), math.MaxInt32},
		{"max_history", int64(lim.MaxHistory), math.MaxInt32},
		{"max_state_bullets", int64(lim.MaxStateBullets), math.MaxInt32},
		{"max_file_size", lim.MaxFileSize, safefile.MaxMemoryFileLimit},
		{"secrets.max_file_size", c.Secrets.MaxFileSize, safefile.MaxReadLimit},
		{"custodian.stale_commits", int64(c.Custodian.StaleCommits), math.MaxInt32},
		{"ci.max_file_size", c.CI.MaxFileSize, safefile.MaxCIFileLimit},
	} {
		table, key, ok := strings.Cut(v.key, ".")
		if !ok {
			table, key = "limits", v.key
		}
		line := tomlcheck.KeyLine(data, toml.Key{table, key})
		switch {
		case v.n <= 0:
			return &Error{Path: c.Source, Line: line,
				Msg: fmt.Sprintf("%s.%s must be a positive integer, got %d", table, key, v.n)}
		case v.n > v.max:
			return &Error{Path: c.Source, Line: line,
				Msg: fmt.Sprintf("%s.%s must be at most %d, got %d", table, key, v.max, v.n)}
		}
	}
	for name, n := range c.Custodian.Budgets {
		if n < 0 || n > math.MaxInt32 {
			return &Error{Path: c.Source, Line: tomlcheck.KeyLine(data, toml.Key{"custodian", "budgets", name}),
				Msg: fmt.Sprintf("custodian.budgets: a budget must be an integer from 0 (off) to %d, got %d", math.MaxInt32, n)}
		}
	}
	return nil
}
