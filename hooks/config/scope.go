package config

import (
	"bytes"
	"fmt"
	"io/fs"
	"maps"

	"github.com/remnant-guard/remnant-guard/validate"
	"github.com/remnant-guard/remnant-guard/validate/custodian"
)

// CustodianOptions are the options of the MemoryCustodian checks.
func (c *Config) CustodianOptions() custodian.Options {
	return custodian.Options{Dir: c.Custodian.Dir, Budgets: c.Custodian.Budgets}
}

// JudgesMemory tells whether the memory directory is judged as
// MemoryCustodian memory: the config names it (custodian.dir), or one of
// the given versions of it has a Memory Manifest. The earlier version
// counts so that deleting manifest.md is reported, not excused.
func (c *Config) JudgesMemory(versions ...fs.FS) bool {
	if c.Custodian.named {
		return true
	}
	for _, v := range versions {
		if custodian.IsMemory(v) {
			return true
		}
	}
	return false
}

// ScanExcluded tells whether the config keeps a path out of the secret scan.
func (c *Config) ScanExcluded(path string) bool {
	for _, g := range c.Secrets.ExcludePaths {
		if custodian.MatchGlob(g, path) {
			return true
		}
	}
	return false
}

// binaryProbe is how many leading bytes are searched for a NUL byte.
const binaryProbe = 8000

// SkipReason says why content is not scanned, or "".
func (c *Config) SkipReason(data []byte) string {
	if int64(len(data)) > c.Secrets.MaxFileSize {
		return fmt.Sprintf("over the size limit of %d bytes", c.Secrets.MaxFileSize)
	}
	if bytes.IndexByte(data[:min(len(data), binaryProbe)], 0) >= 0 {
		return "binary file"
	}
	return ""
}

// Disabled adds to off the rules the config turns off, and returns it.
func (c *Config) Disabled(off map[string]bool) map[string]bool {
	for id, sev := range c.severity {
		if sev == validate.Off {
			off[id] = true
		}
	}
	return off
}

// WithRulesOff returns a copy of c that also turns off the rules in off.
func (c *Config) WithRulesOff(off map[string]bool) *Config {
	cp := *c
	cp.severity = maps.Clone(c.severity)
	if cp.severity == nil {
		cp.severity = map[string]validate.Severity{}
	}
	for id := range off {
		cp.severity[id] = validate.Off
	}
	return &cp
}
