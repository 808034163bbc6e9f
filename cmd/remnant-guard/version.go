package main

import (
	"fmt"
	"io"
	"regexp"
	"runtime/debug"
)

// version and commit are set by the release build with -ldflags -X; a
// `go install` build reads them from the build information instead.
var (
	version = ""
	commit  = ""
)

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

// pseudoRevision matches the commit at the end of a Go pseudo-version
// (v0.0.0-20260501120000-abcdef123456), which is what a `go install
// module@commit` build knows of its commit.
var pseudoRevision = regexp.MustCompile(`[-.]\d{14}-([0-9a-f]{12})(?:\+incompatible)?$`)

// pseudoCommit returns the commit a pseudo-version names, or "".
func pseudoCommit(v string) string {
	if m := pseudoRevision.FindStringSubmatch(v); m != nil {
		return m[1]
	}
	return ""
}
