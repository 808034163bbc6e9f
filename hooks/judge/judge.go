// Package judge is a run's judging of what it reports: the secret engine
// built from the configuration, the ignore file and a gitleaks config;
// configured severities; the cap on secret findings; fingerprints sealed
// with the repository's salt; and the masking of every secret a report or
// the program's output quotes. It knows nothing of git and imports no
// other package of hooks but hooks/config.
package judge

import (
	"github.com/remnant-guard/remnant-guard/hooks/config"
	"github.com/remnant-guard/remnant-guard/validate"
	"github.com/remnant-guard/remnant-guard/validate/secrets"
)

// Judge is one run's judging of reports with one configuration: the secret
// engine it built and the ignore file that engine applies, the fingerprints
// it published, and the masker the run's output goes through. The
// configuration itself stays what the file says.
type Judge struct {
	cfg    *config.Config
	masker *Masker
	// engine is the run's secret engine, with the config's own rules:
	// Apply masks whatever it finds in messages, hints and paths.
	engine *secrets.Engine
	// ignore is the ignore file the engine applies; its salt seals the
	// fingerprints Apply publishes (see fingerprints.go).
	ignore *secrets.Ignore
	// unsealed keeps, for a repository without a salt yet, the in-run
	// fingerprints Apply leaves out of the report, for --write-ignore.
	unsealed map[string]string
	// sealed are the fingerprints Apply published, so that a second Apply
	// over the same findings leaves them as they are.
	sealed map[string]bool
	// problemsAdded is set once Apply has added the config's problems.
	problemsAdded bool
	// shown counts the fingerprints sealed only to be shown (see
	// publishFingerprint); capped is set once Apply has capped a report.
	shown  int
	capped bool
}

func New(cfg *config.Config, m *Masker) *Judge { return &Judge{cfg: cfg, masker: m} }

// Config is the configuration the run judges with.
func (j *Judge) Config() *config.Config { return j.cfg }

// Redact masks, through the run's secret engine, any secret quoted in
// text, as Apply does a finding's message.
func (j *Judge) Redact(text string) string { return j.masker.RedactWith(j.engine, text) }

// Apply sets configured severities, drops findings of rules turned off,
// and masks, through the secret engine, any secret quoted in a message,
// a hint or a path: every report passes here on its way out.
func (j *Judge) Apply(fs []validate.Finding) []validate.Finding {
	j.masker.use(j.engine)
	if !j.problemsAdded {
		fs = append(fs, j.cfg.Problems...)
		if j.ignore.Legacy() {
			fs = append(fs, unsaltedIgnore())
		}
		j.problemsAdded = true
	}
	fs = j.capRun(fs)
	for i := range fs {
		fs[i].Severity = j.cfg.Severity(fs[i]) // once: planShown and the loop below read it
	}
	j.planShown(fs)
	out := fs[:0]
	for _, f := range fs {
		if f.Severity != validate.Off {
			j.publishFingerprint(&f)
			raw, unsealed := j.unsealed[findingKey(f)]
			f.Message, f.Path = j.masker.RedactWith(j.engine, f.Message), j.masker.MaskWith(j.engine, f.Path)
			if unsealed {
				j.unsealed[findingKey(f)] = raw // --write-ignore finds it by the path the report shows
			}
			f.Hint = keepFingerprint(f, func(s string) string { return j.masker.RedactWith(j.engine, s) })
			out = append(out, f)
		}
	}
	return out
}
