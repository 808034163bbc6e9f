package githooks

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"

	"github.com/remnant-guard/remnant-guard/internal/shquote"
)

// Marker is the line that identifies a hook remnant-guard wrote.
const managedMarker = "# remnant-guard: managed hook"

// checksumPrefix starts the line that records the checksum of the rest of
// the hook, so that an edit by hand is noticed before it is overwritten.
const checksumPrefix = "# remnant-guard: sha256 "

// chainedSuffix names where a foreign hook is kept while ours runs it.
const chainedSuffix = ".remnant-guard-chained"

// hookScript is the POSIX shell hook remnant-guard writes. chain says
// whether it runs a kept foreign hook first: only a hook install moved
// aside itself is ever run. The binary's path is quoted so that nothing
// in it is expanded; REMNANT_GUARD=0 is honoured by remnant-guard itself,
// after the chained hook has run.
func hookScript(name, binary string, chain bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "#!/bin/sh\n%s (%s). Remove it with: remnant-guard uninstall\n", managedMarker, name)
	b.WriteString("# Skip the check once with: REMNANT_GUARD=0 git ... (the chained hook still runs)\n")
	b.WriteString("hook_dir=$(dirname \"$0\")\n")
	if name == "pre-push" {
		b.WriteString("input=$(cat)\n")
	}
	if chain {
		b.WriteString(chainBlock(name))
	}
	fmt.Fprintf(&b, `installed=%s
bin=$installed
if [ ! -x "$bin" ]; then
  bin=$(command -v remnant-guard) || {
    printf 'remnant-guard: error: the binary is gone from %%s and is not on PATH\n' "$installed" >&2
    echo "remnant-guard: hint: reinstall it, skip the check once with REMNANT_GUARD=0, or remove the hook with remnant-guard uninstall" >&2
    exit 1
  }
fi
REMNANT_GUARD_HOOK=%s
export REMNANT_GUARD_HOOK
%s
`, shquote.Quote(binary), name, runLine(name))
	return withChecksum(b.String())
}

// chainBlock runs the kept foreign hook first; its failure fails the hook.
// pre-push hooks read refs on stdin, so stdin is kept for both.
func chainBlock(name string) string {
	kept := `"$hook_dir/` + name + chainedSuffix + `"`
	if name == "pre-push" {
		return "if [ -x " + kept + " ]; then\n  printf '%s\\n' \"$input\" | " + kept + " \"$@\" || exit $?\nfi\n"
	}
	return "if [ -x " + kept + " ]; then\n  " + kept + " \"$@\" || exit $?\nfi\n"
}

func runLine(name string) string {
	if name == "pre-push" {
		return `printf '%s\n' "$input" | exec "$bin" pre-push "$@"`
	}
	return `exec "$bin" ` + hookCommands()[name]
}

// withChecksum inserts, after the marker line, the checksum of the script.
func withChecksum(script string) string {
	first, rest, _ := strings.Cut(script, "\n")
	second, rest, _ := strings.Cut(rest, "\n")
	body := first + "\n" + second + "\n" + rest
	return first + "\n" + second + "\n" + checksumPrefix + checksum(body) + "\n" + rest
}

// checksum is the hex SHA-256 of a hook's body, which the hook carries.
func checksum(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:])
}

// hookState is what a hook file holds, as install and uninstall see it.
type hookState int

const (
	hookForeign hookState = iota // not ours
	hookOurs                     // ours, as we wrote it
	hookEdited                   // ours, edited since (its checksum no longer matches)
	hookLegacy                   // ours, from a version that kept no checksum
)

// classify tells whose a hook's content is, and whether ours was edited.
// A hook is ours only when its second line starts with the marker, as every
// version wrote it: a hook that quotes the marker elsewhere is someone's.
func classify(data []byte) hookState {
	s := string(data)
	if _, second, _ := strings.Cut(s, "\n"); !strings.HasPrefix(second, managedMarker+" (") {
		return hookForeign
	}
	i := strings.Index(s, "\n"+checksumPrefix)
	if i < 0 {
		return hookLegacy
	}
	line := s[i+1:]
	end := strings.IndexByte(line, '\n')
	if end < 0 {
		return hookEdited
	}
	want := strings.TrimPrefix(line[:end], checksumPrefix)
	if checksum(s[:i+1]+line[end+1:]) != want {
		return hookEdited
	}
	return hookOurs
}

// chains tells whether a hook of ours runs a kept foreign hook.
func chains(data []byte) bool {
	return strings.Contains(string(data), chainedSuffix+`" ]; then`)
}
