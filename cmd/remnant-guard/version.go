package main

import (
	"fmt"
	"io"
	"runtime/debug"
	"strings"
)

// version and commit are set by the release build with -ldflags -X; a
// `go install` build reads them from the build information instead.
var (
	version = ""
	commit  = ""
)

// versionHelp is what help says of version besides its synopsis and flags.
func versionHelp() helpDoc {
	return helpDoc{
		about:    "Prints the version, the commit and the Go version the binary was built with.",
		examples: []string{"remnant-guard version", "remnant-guard --version"},
		exits:    "0 always",
	}
}

func runVersion(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("version", "version", stderr)
	if code, ok := noPositional(fs, args, stderr); !ok {
		return code
	}
	v, c, gov := buildVersion()
	fmt.Fprintf(stdout, "remnant-guard %s (commit %s, %s)\n", v, c, gov)
	return exitClean
}

// buildVersion returns the version, commit and Go version of this binary.
func buildVersion() (v, c, gov string) {
	v, c, gov = version, commit, "unknown Go"
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return orUnknown(v, "(devel)"), orUnknown(c, "unknown"), gov
	}
	gov = bi.GoVersion
	if v == "" && bi.Main.Version != "" {
		v = bi.Main.Version
	}
	dirty := false
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			if c == "" {
				c = s.Value
			}
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if c == "" {
		c = pseudoCommit(v)
	}
	if len(c) > 12 {
		c = c[:12]
	}
	if dirty && c != "" {
		c += "-dirty"
	}
	return orUnknown(v, "(devel)"), orUnknown(c, "unknown"), gov
}

func orUnknown(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// pseudoCommit returns the commit at the end of a Go pseudo-version
// (v0.0.0-20260501120000-abcdef123456, +incompatible allowed), which is
// what a `go install module@commit` build knows of its commit, or "".
func pseudoCommit(v string) string {
	v = strings.TrimSuffix(v, "+incompatible")
	const hash, stamp = 12, 14
	if len(v) < hash+stamp+2 {
		return ""
	}
	c, rest := v[len(v)-hash:], v[:len(v)-hash-1]
	if v[len(v)-hash-1] != '-' || !allIn(c, "0123456789abcdef") {
		return ""
	}
	ts, sep := rest[len(rest)-stamp:], rest[len(rest)-stamp-1]
	if (sep != '-' && sep != '.') || !allIn(ts, "0123456789") {
		return ""
	}
	return c
}

func allIn(s, set string) bool {
	for i := 0; i < len(s); i++ {
		if !strings.ContainsRune(set, rune(s[i])) {
			return false
		}
	}
	return true
}
