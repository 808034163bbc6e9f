package custodian

import (
	"sort"
	"sync"
)

// Categories are the seven task categories, in upstream's order.
var Categories = []string{
	"general", "planning", "implementation", "artifact",
	"preferences", "history", "maintenance",
}

// taskNames maps every task name upstream accepts (categories and
// aliases, exactly as written) to its category.
var taskNames = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"default": "general", "general": "general",
		"planning": "planning", "architecture": "planning", "refactoring": "planning",
		"implementation": "implementation", "execution": "implementation", "debugging": "implementation",
		"artifact": "artifact", "output": "artifact", "preferences": "preferences",
		"recap": "history", "history": "history", "status": "history",
		"maintenance": "maintenance", "compact": "maintenance", "forget": "maintenance",
	}
})

func resolveTask(task string, protocol version) string {
	if task == "review" && protocol.atLeast(v06) {
		return "implementation"
	}
	return taskNames()[task]
}

func validTasks() []string {
	out := make([]string, 0, len(taskNames()))
	for w := range taskNames() {
		out = append(out, w)
	}
	sort.Strings(out)
	return out
}
