package secrets

import (
	"embed"
	"fmt"
	"io/fs"
	"sync"
)

//go:embed rules/*.toml
var ruleFiles embed.FS

var builtin = sync.OnceValues(func() ([]RuleDef, error) {
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
})

// BuiltinRules returns the built-in rule definitions. The rule files are
// checked by the package tests, so a parse error here is a build defect.
func BuiltinRules() []RuleDef {
	defs, err := builtin()
	if err != nil {
		panic(fmt.Sprintf("secrets: built-in rules: %v", err))
	}
	return append([]RuleDef(nil), defs...)
}
