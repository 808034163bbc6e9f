package remnant

import (
	"path"
	"strings"
)

// Limits are the size limits of the Remnant rules.
type Limits struct {
	MaxLines        int   // remnant-length: lines in REMNANT.md
	MaxHistory      int   // remnant-history: History entries
	MaxStateBullets int   // remnant-state-size: State bullets
	MaxFileSize     int64 // remnant-parse: bytes in any memory file
	// KnownRemnant says a REMNANT.md is Remnant memory even without
	// Remnant's marks (the config's remnant.uses): it is judged by the
	// schema instead of getting remnant-unrecognized.
	KnownRemnant bool
}

// DefaultLimits returns the limits of the Remnant protocol: 150 lines,
// 5 History entries, 6 State bullets, and files of at most 1 MiB.
func DefaultLimits() Limits {
	return Limits{MaxLines: 150, MaxHistory: 5, MaxStateBullets: 6, MaxFileSize: 1 << 20}
}

// Kind is the kind of a memory file, told by its base name.
type Kind int

const (
	KindUnknown  Kind = iota
	KindRemnant       // REMNANT.md, in any letter case
	KindTemplate      // REMNANT.template.md
	KindAgents        // AGENTS.md
	KindPointer       // CLAUDE.md or GEMINI.md
)

func (k Kind) String() string {
	switch k {
	case KindRemnant:
		return "remnant"
	case KindTemplate:
		return "template"
	case KindAgents:
		return "agents"
	case KindPointer:
		return "pointer"
	}
	return "unknown"
}

// KindOf tells the kind of a memory file from its name. Both / and \ are
// taken as path separators. Only REMNANT.md is matched in any letter case;
// the other names are matched exactly, as the agents that read them do.
func KindOf(name string) Kind {
	base := path.Base(strings.ReplaceAll(name, `\`, "/"))
	switch {
	case strings.EqualFold(base, "REMNANT.md"):
		return KindRemnant
	case base == "REMNANT.template.md":
		return KindTemplate
	case base == "AGENTS.md":
		return KindAgents
	case base == "CLAUDE.md", base == "GEMINI.md":
		return KindPointer
	}
	return KindUnknown
}
