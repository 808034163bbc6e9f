package judge

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"

	"github.com/remnant-guard/remnant-guard/hooks/config"
	"github.com/remnant-guard/remnant-guard/internal/safefile"
	"github.com/remnant-guard/remnant-guard/internal/tomlcheck"
	"github.com/remnant-guard/remnant-guard/validate/secrets"
)

// gitleaksIgnoreName is gitleaks' file of fingerprints not reported.
const gitleaksIgnoreName = ".gitleaksignore"

// ConfigFiles reads the files that, with the config, decide what is
// reported: the ignore file and a gitleaks config. read returns nil data
// and no error for a file that does not exist.
type ConfigFiles func(name string) ([]byte, error)

// WorkingFiles reads them from the working tree at root, and never through
// a symbolic link out of it: a cloned repository cannot make the scanner
// read a file outside it (an ignore file, or a gitleaks config or its
// [extend] path).
func WorkingFiles(root string) ConfigFiles {
	r := safefile.Root{Dir: root}
	return func(name string) ([]byte, error) {
		return r.ReadSideFile(filepath.Join(root, filepath.FromSlash(name)))
	}
}

// NewEngine builds the secret scanner the config asks for: the built-in
// rules and the config's, a gitleaks config's [[rules]], less the rules
// turned off (by the config or the gitleaks config's [extend]), with the
// ignore files and the gitleaks allowlists applied.
func (j *Judge) NewEngine(read ConfigFiles) (*secrets.Engine, error) {
	cfg := j.cfg
	opt := secrets.Options{MaxFileSize: cfg.Secrets.MaxFileSize, Disabled: cfg.Disabled(map[string]bool{})}
	if len(cfg.ExcludePaths) > 0 {
		opt.Excluded = cfg.Excludes
	}
	opt.Extra = append(opt.Extra, cfg.Secrets.Rules...)
	name, explicit := cfg.Secrets.GitleaksConfig, true
	if name == "" {
		name, explicit = ".gitleaks.toml", false
	}
	data, err := read(name)
	if err != nil {
		return nil, err
	}
	if data == nil && explicit {
		return nil, fmt.Errorf("%s: secrets.gitleaks_config %q does not exist or is not a regular file (a FIFO, a device, a directory or a link loop is never read)", cfg.Source, name)
	}
	if data != nil {
		if line, err := tomlcheck.Precheck(data, safefile.MaxConfigSize); err != nil {
			return nil, &config.Error{Path: name, Line: line, Msg: err.Error()}
		}
		imp, err := secrets.ParseGitleaksConfig(name, data, secrets.ReadFunc(read))
		if err != nil {
			return nil, err
		}
		opt.Extra = append(opt.Extra, imp.Rules...)
		opt.Allowlists = imp.Allowlists
		for id := range imp.Disabled {
			opt.Disabled[id] = true
		}
	}
	if data, err = read(gitleaksIgnoreName); err != nil {
		return nil, err
	} else if data != nil {
		if opt.GitleaksIgnore, err = secrets.ParseGitleaksIgnore(gitleaksIgnoreName, data); err != nil {
			return nil, err
		}
	}
	if data, err = read(config.IgnoreName); err != nil {
		return nil, err
	} else if data != nil {
		if opt.Ignore, err = secrets.ParseIgnore(config.IgnoreName, data); err != nil {
			return nil, err
		}
		j.ignore = opt.Ignore
	}
	e, err := secrets.NewEngine(secrets.BuiltinRules(), opt)
	if err != nil {
		return nil, ruleFileError(err, cfg, name, opt.Extra[len(cfg.Secrets.Rules):])
	}
	j.engine = e
	return e, checkExamples(exampleEngine(e, opt, cfg), cfg)
}

// ruleFileError names the file of a rule defined twice: the gitleaks
// config when its rules hold the id (they come last), else the config.
func ruleFileError(err error, cfg *config.Config, gitleaksName string, imported []secrets.RuleDef) error {
	var re *secrets.RuleError
	if !errors.As(err, &re) || re.Err == nil || re.Err.Error() != "defined twice" {
		return err
	}
	file := cfg.Source
	if file == "" {
		file = config.Name
	}
	for _, d := range imported {
		if d.ID == re.ID {
			file = gitleaksName
		}
	}
	return fmt.Errorf("%s: %w (a rule of that id is defined earlier, by remnant-guard or %s)", file, err, config.Name)
}

// checkExamples runs the examples of the config's own rules, as the tests
// run the built-in ones: a rule that misses its true examples or reports
// its false ones is a configuration error.
func checkExamples(e *secrets.Engine, cfg *config.Config) error {
	for _, d := range cfg.Secrets.Rules {
		for i, ex := range d.TP {
			if !reports(e, d, ex) {
				return &config.Error{Path: cfg.Source, Msg: fmt.Sprintf("secrets.rules %s: its true example %d (tp) is not found by the rule", d.ID, i+1)}
			}
		}
		for i, ex := range d.FP {
			if reports(e, d, ex) {
				return &config.Error{Path: cfg.Source, Msg: fmt.Sprintf("secrets.rules %s: its false example %d (fp) is reported by the rule", d.ID, i+1)}
			}
		}
	}
	return nil
}

func reports(e *secrets.Engine, d secrets.RuleDef, example string) bool {
	name := d.ExamplePath
	if name == "" {
		name = "example.txt"
	}
	found, _ := e.ScanFile(name, []byte(example+"\n"))
	for _, f := range found {
		if f.RuleID == d.ID {
			return true
		}
	}
	return false
}

// SplitLines cuts data into lines at '\n', without the '\n' and a '\r' before it; a last empty line is no line.
func SplitLines(data []byte) [][]byte {
	if len(data) == 0 {
		return nil
	}
	lines := bytes.Split(data, []byte{'\n'})
	if len(lines[len(lines)-1]) == 0 {
		lines = lines[:len(lines)-1]
	}
	for i, l := range lines {
		lines[i] = bytes.TrimSuffix(l, []byte{'\r'})
	}
	return lines
}
