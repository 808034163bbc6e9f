package gitutil

import (
	"slices"
	"strings"
)

// localEnvVars are the variables that tie a git process to one repository,
// as printed by `git rev-parse --local-env-vars` (git 2.39). Git itself drops
// them before running git in another repository (e.g. a submodule).
var localEnvVars = []string{
	"GIT_ALTERNATE_OBJECT_DIRECTORIES",
	"GIT_CONFIG",
	"GIT_CONFIG_PARAMETERS",
	"GIT_CONFIG_COUNT",
	"GIT_OBJECT_DIRECTORY",
	"GIT_DIR",
	"GIT_WORK_TREE",
	"GIT_IMPLICIT_WORK_TREE",
	"GIT_GRAFT_FILE",
	"GIT_INDEX_FILE",
	"GIT_NO_REPLACE_OBJECTS",
	"GIT_REPLACE_REF_BASE",
	"GIT_PREFIX",
	"GIT_INTERNAL_SUPER_PREFIX",
	"GIT_SHALLOW_FILE",
	"GIT_COMMON_DIR",
}

// quietEnvVars change what git prints or how it reads pathspecs; this
// package clears them so output is always the documented machine format.
var quietEnvVars = []string{
	"GIT_LITERAL_PATHSPECS",
	"GIT_GLOB_PATHSPECS",
	"GIT_NOGLOB_PATHSPECS",
	"GIT_ICASE_PATHSPECS",
	"GIT_EXTERNAL_DIFF",
	"GIT_DIFF_OPTS",
	"GIT_FLUSH",
}

// ForeignEnv returns env without the variables that bind git to the current
// repository (GIT_DIR, GIT_INDEX_FILE, GIT_WORK_TREE, GIT_CONFIG_* and the
// rest of `git rev-parse --local-env-vars`). Use it for every git command run
// against a repository other than the one the hook was started in, exactly as
// git does for submodules.
func ForeignEnv(env []string) []string {
	return filterEnv(env, func(name string) bool {
		return slices.Contains(localEnvVars, name) ||
			strings.HasPrefix(name, "GIT_CONFIG_KEY_") ||
			strings.HasPrefix(name, "GIT_CONFIG_VALUE_")
	})
}

// commandEnv builds the environment of git commands run for r: the caller's
// environment with the repository pinned to the absolute paths Open found,
// tracing off (GIT_TRACE* output is noise on stderr and costs time),
// optional locks off so no command refreshes the index, and replace refs
// ignored: a commit stores and pushes the objects themselves, so they are
// what is judged.
func commandEnv(env []string, r *Repo) []string {
	out := filterEnv(env, func(name string) bool {
		return name == "GIT_DIR" || name == "GIT_WORK_TREE" ||
			name == "GIT_INDEX_FILE" || name == "GIT_OPTIONAL_LOCKS" || name == "GIT_NO_REPLACE_OBJECTS" ||
			isTraceVar(name) || slices.Contains(quietEnvVars, name)
	})
	return append(out,
		"GIT_NO_REPLACE_OBJECTS=1",
		"GIT_DIR="+r.GitDir,
		"GIT_WORK_TREE="+r.TopLevel,
		"GIT_INDEX_FILE="+r.IndexFile,
		"GIT_OPTIONAL_LOCKS=0",
	)
}

// discoveryEnv is the environment of the first rev-parse: everything the
// caller set, minus tracing.
func discoveryEnv(env []string) []string {
	out := filterEnv(env, func(name string) bool {
		return isTraceVar(name) || name == "GIT_OPTIONAL_LOCKS" || name == "GIT_NO_REPLACE_OBJECTS"
	})
	return append(out, "GIT_OPTIONAL_LOCKS=0", "GIT_NO_REPLACE_OBJECTS=1")
}

func isTraceVar(name string) bool { return strings.HasPrefix(name, "GIT_TRACE") }

func filterEnv(env []string, drop func(name string) bool) []string {
	out := make([]string, 0, len(env)+4)
	for _, kv := range env {
		name, _, _ := strings.Cut(kv, "=")
		if !drop(name) {
			out = append(out, kv)
		}
	}
	return out
}

func envValue(env []string, name string) string {
	for i := len(env) - 1; i >= 0; i-- {
		if k, v, ok := strings.Cut(env[i], "="); ok && k == name {
			return v
		}
	}
	return ""
}
