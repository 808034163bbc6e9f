package secrets

import (
	"errors"
	"fmt"
	"strings"

	"github.com/BurntSushi/toml"
)

// ParseError reports a rule file that cannot be read.
type ParseError struct {
	File string
	Line int // 1-based; 0 when unknown
	Err  error
}

func (e *ParseError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %v", e.File, e.Line, e.Err)
	}
	return fmt.Sprintf("%s: %v", e.File, e.Err)
}

func (e *ParseError) Unwrap() error { return e.Err }

type ruleFile struct {
	Rules []RuleDef `toml:"rules"`
}

// ParseRules reads a rule file in this package's format: a TOML document
// of [[rules]] tables. Unknown keys are errors; each rule is validated.
func ParseRules(name string, data []byte) ([]RuleDef, error) {
	var f ruleFile
	md, err := toml.Decode(string(data), &f)
	if err != nil {
		return nil, tomlError(name, err)
	}
	if und := md.Undecoded(); len(und) > 0 {
		return nil, &ParseError{File: name, Err: fmt.Errorf("unknown key %s", und[0])}
	}
	for i := range f.Rules {
		if err := f.Rules[i].Validate(); err != nil {
			return nil, &ParseError{File: name, Err: err}
		}
	}
	return f.Rules, nil
}

func tomlError(name string, err error) error {
	var pe toml.ParseError
	if errors.As(err, &pe) {
		return &ParseError{File: name, Line: pe.Position.Line, Err: fmt.Errorf("%s", strings.TrimSpace(pe.Message))}
	}
	return &ParseError{File: name, Err: err}
}
