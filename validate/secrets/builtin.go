package secrets

import (
	"embed"
	"fmt"
	"io/fs"
	"iter"
	"sync"
)

//go:embed rules/*.toml
var ruleFiles embed.FS

// parseRuleFiles parses the embedded rule files, examples included.
func parseRuleFiles() ([]RuleDef, error) {
	names, err := fs.Glob(ruleFiles, "rules/*.toml")
	if err != nil {
		return nil, err
	}
	var all []RuleDef
	for _, name := range names {
		data, err := ruleFiles.ReadFile(name)
		if err != nil {
			return nil, err
		}
		defs, err := ParseRules(name, data)
		if err != nil {
			return nil, err
		}
		all = append(all, defs...)
	}
	return all, nil
}

var withExamples = sync.OnceValues(parseRuleFiles)

// BuiltinRules returns the built-in rule definitions without their
// examples, from a table compiled from the rule files (so a scan starts
// without parsing them). The tests check the table against the files.
func BuiltinRules() []RuleDef {
	return append([]RuleDef(nil), builtinTable...)
}

// BuiltinKeywords yields each built-in rule's ID and keywords (lower case,
// as the rule files write them), without copying the rule table: it is what
// output masking needs to tell which rules could match a line.
func BuiltinKeywords() iter.Seq2[string, []string] {
	return func(yield func(string, []string) bool) {
		for i := range builtinTable {
			if !yield(builtinTable[i].ID, builtinTable[i].Keywords) {
				return
			}
		}
	}
}

// BuiltinRulesWithExamples returns the built-in rule definitions with
// their true and false examples, parsed from the rule files. The rule files
// are checked by the package tests, so a parse error here is a build defect.
func BuiltinRulesWithExamples() []RuleDef {
	defs, err := withExamples()
	if err != nil {
		panic(fmt.Sprintf("secrets: built-in rules: %v", err))
	}
	for i := range defs {
		defs[i].builtin = true
	}
	return append([]RuleDef(nil), defs...)
}
