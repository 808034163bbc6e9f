package custodian

import (
	"strings"
	"unicode"
)

// Categories are the seven task categories, in upstream's order.
var Categories = []string{
	"general", "planning", "implementation", "artifact",
	"preferences", "history", "maintenance",
}

// categoryWords maps every word that names a category (canonical names
// and upstream's aliases) to its category.
var categoryWords = map[string]string{
	"general": "general", "default": "general",
	"planning": "planning", "architecture": "planning", "refactoring": "planning",
	"implementation": "implementation", "execution": "implementation", "debugging": "implementation",
	"artifact": "artifact", "artifacts": "artifact", "output": "artifact",
	"preferences": "preferences", "preference": "preferences",
	"history": "history", "recap": "history", "status": "history",
	"maintenance": "maintenance", "compact": "maintenance", "forget": "maintenance",
}

// ResolveTask maps a task name or alias to its category ("" if unknown).
func ResolveTask(task string) string {
	return categoryWords[strings.ToLower(strings.TrimSpace(task))]
}

// headingCategory maps a route heading to its category by its words, e.g.
// "Planning / architecture / refactoring" → planning and "Change history /
// recap" → history. It returns "" when no word names a category and
// ambiguous=true when words name different categories.
func headingCategory(h string) (cat string, ambiguous bool) {
	words := strings.FieldsFunc(strings.ToLower(h), func(r rune) bool {
		return !unicode.IsLetter(r)
	})
	for _, w := range words {
		c, ok := categoryWords[w]
		if !ok {
			continue
		}
		if cat != "" && c != cat {
			return cat, true
		}
		cat = c
	}
	return cat, false
}
