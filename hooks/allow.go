package hooks

import (
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/remnant-guard/remnant-guard/gitutil"
	"github.com/remnant-guard/remnant-guard/hooks/config"
	"github.com/remnant-guard/remnant-guard/hooks/judge"
	"github.com/remnant-guard/remnant-guard/internal/safefile"
	"github.com/remnant-guard/remnant-guard/internal/shquote"
	"github.com/remnant-guard/remnant-guard/internal/textsafe"
	"github.com/remnant-guard/remnant-guard/validate"
	"github.com/remnant-guard/remnant-guard/validate/report"
	"github.com/remnant-guard/remnant-guard/validate/secrets"
)

// Accepted is one secret finding allow wrote to the ignore file.
type Accepted struct {
	Finding validate.Finding // its fingerprint sealed
	// Live says the finding has a service's own key format (see
	// secrets.LooksLive): accepting it is accepting a key that may work.
	Live bool
}

// AllowResult is what allow did.
type AllowResult struct {
	Accepted []Accepted
	// Already lists the fingerprints the ignore file held before.
	Already []string
	// Salted says the ignore file got its salt in this run.
	Salted bool
}

// Allow accepts one secret finding in .remnant-guard-ignore: what names it
// by its fingerprint, as reports show it, or by PATH:LINE (PATH alone for a
// finding about a file's name), where it is looked up in the staged and
// the working-tree content, or by COMMIT:PATH:LINE, as gitleaks names a
// finding in history, looked up in that commit's. A finding
// named by place is written as its fingerprint limited to its file, so the
// entry survives edits around it and accepts nothing elsewhere. A file
// without a salt gets one first.
func Allow(opt Options, what string) (*AllowResult, error) {
	repo, cfg, err := mustOpenRepo(opt)
	if err != nil {
		return nil, err
	}
	defer repo.Close()
	name := filepath.Join(repo.TopLevel, config.IgnoreName)
	if fp := strings.ToLower(what); len(fp) == 32 && judge.IsHexDigits(fp) {
		return allowFingerprint(repo, cfg, opt, name, fp)
	}
	commit, place, err := splitCommit(repo, what)
	if err != nil {
		return nil, err
	}
	dir, err := absDir(opt.Dir)
	if err != nil {
		return nil, err
	}
	j := judge.New(cfg, opt.Masker)
	e, err := j.NewEngine(judge.WorkingFiles(repo.TopLevel))
	if err != nil {
		return nil, err
	}
	rels, line, err := allowTarget(repo, dir, place, commit)
	if err != nil {
		return nil, err
	}
	limit := cfg.Secrets.MaxFileSize
	if limit <= 0 {
		limit = secrets.DefaultMaxFileSize
	}
	// A path can name a file from here and another from the top level
	// (the hooks print paths from the top): a finding at that place in
	// both is not guessed at.
	rel, found := rels[0], []validate.Finding(nil)
	for _, r := range rels {
		fs, err := findingsAt(repo, e, r, line, commit, limit)
		if err != nil {
			return nil, err
		}
		if len(fs) == 0 {
			continue
		}
		if found != nil {
			return nil, fmt.Errorf("%s names a finding in %s from here and one in %s from the top of the repository: "+
				"run allow at the top of the repository, with the path from there", what, textsafe.Escape(rel), textsafe.Escape(r))
		}
		rel, found = r, fs
	}
	if len(found) == 0 {
		return nil, fmt.Errorf("no secret finding to accept at %s,%s (one accepted already is not reported; remnant-guard scan %s shows what is)",
			what, where(commit), shquote.Arg(rel))
	}
	glob := escapeGlob(rel)
	if shown := opt.Masker.MaskWith(e, rel); shown != rel {
		// The path holds a secret: the entry names it masked, the
		// secret's hidden part matched by "*", as the file is committed.
		glob = strings.ReplaceAll(escapeGlob(shown), "…", "*")
		for i := range found {
			found[i].Path = shown
		}
	}
	return writeAccepted(name, found, glob)
}

// splitCommit takes the commit off COMMIT:PATH:LINE, when the text before
// the first colon is the hex name of a commit and more than a line number
// follows it.
func splitCommit(repo *gitutil.Repo, what string) (commit, place string, err error) {
	c, rest, ok := strings.Cut(what, ":")
	if !ok || len(c) < 7 || len(c) > 40 || !judge.IsHexDigits(c+strings.Repeat("0", len(c)%2)) || !strings.Contains(rest, ":") {
		return "", what, nil
	}
	hash, ok, err := repo.ResolveCommit(c)
	if err != nil || !ok {
		return "", what, err
	}
	return hash, rest, nil
}

// allowFingerprint appends a fingerprint a report showed. Reports show
// fingerprints only once the ignore file has a salt, so one without a salt
// cannot be matched: the error says to name the finding by its place.
//
// The finding is looked up in the staged and the working-tree content (the
// staged changes first): where it is found, each file that has it gets an
// entry limited to it, as allow PATH:LINE writes, its comment naming the
// rule and the place; else the fingerprint is accepted in every path.
func allowFingerprint(repo *gitutil.Repo, cfg *config.Config, opt Options, name, fp string) (*AllowResult, error) {
	old, err := judge.IgnoreRoot(name).ReadOptional(name, safefile.MaxSideFileSize)
	if err != nil {
		return nil, err
	}
	if secrets.ParseSalt(old) == "" {
		return nil, fmt.Errorf("%s has no salt, so no report showed fingerprint %s: name the finding by its place, remnant-guard allow PATH:LINE, which writes the salt too", config.IgnoreName, fp)
	}
	if hasEntry(old, fp, "") {
		return &AllowResult{Already: []string{fp}}, nil
	}
	found, err := lookUpFingerprint(repo, cfg, opt, name, fp)
	if err != nil {
		return nil, err
	}
	if len(found) == 0 {
		return &AllowResult{}, appendIgnore(name, old, fp+" # accepted with remnant-guard allow\n")
	}
	res := &AllowResult{}
	for _, f := range found {
		r, err := writeAccepted(name, []validate.Finding{f}, escapeGlob(f.Path))
		if err != nil {
			return nil, err
		}
		res.Accepted = append(res.Accepted, r.Accepted...)
		res.Already = append(res.Already, r.Already...)
	}
	return res, nil
}

// maxLookupSeals bounds the slow hashes lookUpFingerprint spends: past
// it, the fingerprint is accepted without its place.
const maxLookupSeals = 256

// lookUpFingerprint finds the secret findings whose sealed fingerprint is
// fp, one per file, with their in-run fingerprint: in the files the staged
// changes touch, then in the rest of the working tree. A file whose name
// holds a secret is left out (its entry would show it).
func lookUpFingerprint(repo *gitutil.Repo, cfg *config.Config, opt Options, name, fp string) ([]validate.Finding, error) {
	_, sealer, _, err := judge.SealedIgnore(name)
	if err != nil {
		return nil, err
	}
	j := judge.New(cfg, opt.Masker)
	e, err := j.NewEngine(judge.WorkingFiles(repo.TopLevel))
	if err != nil {
		return nil, err
	}
	var paths []string
	if changes, err := repo.StagedChanges(); err == nil {
		for _, c := range changes {
			if c.Status != 'D' {
				paths = append(paths, c.Path)
			}
		}
	}
	if all, err := repo.WorkingFiles(); err == nil {
		paths = append(paths, all...)
	}
	limit := cfg.Secrets.MaxFileSize
	if limit <= 0 {
		limit = secrets.DefaultMaxFileSize
	}
	seals, seen := 0, map[string]bool{}
	var out []validate.Finding
	for _, rel := range paths {
		if seen[rel] || cfg.ScanExcluded(rel) || opt.Masker.MaskWith(e, rel) != rel {
			continue
		}
		seen[rel] = true
		fs, err := findingsAt(repo, e, rel, -1, "", limit)
		if err != nil {
			continue // unreadable here: not the file the report named
		}
		for _, f := range fs {
			sealed, ok := sealer.Sealed(f.Fingerprint)
			if !ok {
				if seals >= maxLookupSeals {
					return out, nil
				}
				seals++
				sealed = sealer.Seal(f.Fingerprint)
			}
			if sealed == fp {
				out = append(out, f)
				break
			}
		}
	}
	return out, nil
}

// allowTarget reads PATH:LINE (or PATH, line 0): the path relative to the
// directory the command runs in when it names a file there, else relative
// to the top level, as the hooks print paths.
func allowTarget(repo *gitutil.Repo, dir, what, commit string) ([]string, int, error) {
	p, line := what, 0
	if i := strings.LastIndexByte(what, ':'); i > 0 {
		if n, err := strconv.Atoi(what[i+1:]); err == nil {
			if n < 1 {
				return nil, 0, fmt.Errorf("%q: lines count from 1", what)
			}
			p, line = what[:i], n
		}
	}
	var tries []string
	abs := filepath.FromSlash(p)
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(dir, abs)
	}
	if rel, err := filepath.Rel(repo.TopLevel, abs); err == nil && !strings.HasPrefix(rel, "..") {
		tries = append(tries, filepath.ToSlash(rel))
	}
	if clean := path.Clean(filepath.ToSlash(p)); !path.IsAbs(clean) && clean != ".." && !strings.HasPrefix(clean, "../") {
		tries = append(tries, clean)
	}
	var found []string
	for _, rel := range tries {
		if slices.Contains(found, rel) {
			continue
		}
		if _, ok, err := readAt(repo, rel, commit); err != nil {
			return nil, 0, err
		} else if ok {
			found = append(found, rel)
			continue
		}
		if commit == "" {
			if _, err := os.Lstat(filepath.Join(repo.TopLevel, filepath.FromSlash(rel))); err == nil {
				found = append(found, rel)
			}
		}
	}
	if len(found) > 0 {
		return found, line, nil
	}
	return nil, 0, fmt.Errorf("%s: no such file%s: want FINGERPRINT, PATH:LINE or COMMIT:PATH:LINE as a finding shows them", p, where(commit))
}

func where(commit string) string {
	if commit == "" {
		return " staged or in the working tree"
	}
	return " in commit " + report.ShortRev(commit)
}

// readAt reads rel from commit, or from the index when commit is "".
func readAt(repo *gitutil.Repo, rel, commit string) ([]byte, bool, error) {
	if strings.ContainsAny(commit, ":\n\x00") {
		return nil, false, fmt.Errorf("%q is not a commit", commit)
	}
	return repo.FileAt(commit, rel)
}

// findingsAt scans the content of rel (the staged content, then the
// working tree's when the staged has none there; or the commit's) and
// keeps the secret findings on line (on the file's name for line 0; on
// any line for -1), one per secret.
func findingsAt(repo *gitutil.Repo, e *secrets.Engine, rel string, line int, commit string, limit int64) ([]validate.Finding, error) {
	var contents [][]byte
	if data, ok, err := readAt(repo, rel, commit); err != nil {
		return nil, err
	} else if ok {
		contents = append(contents, data)
	}
	abs := filepath.Join(repo.TopLevel, filepath.FromSlash(rel))
	if fi, err := os.Lstat(abs); commit == "" && err == nil && fi.Mode().IsRegular() {
		// A link is its target's name to git, which the index holds; a
		// FIFO or a device is never read.
		data, err := safefile.Root{Dir: repo.TopLevel}.ReadFile(abs, limit)
		if err == nil {
			contents = append(contents, data)
		} else if !errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("%s: %w", rel, safefile.UnwrapPath(err))
		}
	}
	seen := map[string]bool{}
	var out []validate.Finding
	for _, data := range contents {
		found, _ := e.ScanFile(rel, data)
		for _, f := range found {
			if line >= 0 && f.Line != line || f.Fingerprint == "" || seen[f.Fingerprint] {
				continue
			}
			seen[f.Fingerprint] = true
			f.Commit = commit
			out = append(out, f)
		}
		if len(out) > 0 {
			break // the staged content's line is the one the hook printed
		}
	}
	return out, nil
}

// writeAccepted seals found with the ignore file's salt (drawing one when
// it has none) and appends them, each limited to glob.
func writeAccepted(name string, found []validate.Finding, glob string) (*AllowResult, error) {
	hadSalt := hasSalt(name)
	content, sealer, _, err := judge.SealedIgnore(name)
	if err != nil {
		return nil, err
	}
	res := &AllowResult{Salted: !hadSalt}
	var b strings.Builder
	for _, f := range found {
		f.Fingerprint = sealer.Seal(f.Fingerprint)
		if hasEntry(content, f.Fingerprint, glob) {
			res.Already = append(res.Already, f.Fingerprint)
			continue
		}
		line := secrets.FormatIgnoreLine(f)
		fp, comment, _ := strings.Cut(line, " ")
		b.WriteString(fp + " " + glob + " " + comment + "\n")
		res.Accepted = append(res.Accepted, Accepted{Finding: f, Live: secrets.LooksLive(f.RuleID)})
	}
	if b.Len() == 0 && !res.Salted {
		return res, nil
	}
	return res, appendIgnore(name, content, b.String())
}

// hasSalt tells whether the ignore file on disk has a salt line.
func hasSalt(name string) bool {
	old, err := judge.IgnoreRoot(name).ReadOptional(name, safefile.MaxSideFileSize)
	return err == nil && secrets.ParseSalt(old) != ""
}

// hasEntry tells whether content has an entry for fp that applies to glob
// ("" for one without a glob), or to every path.
func hasEntry(content []byte, fp, glob string) bool {
	for _, l := range strings.Split(string(content), "\n") {
		if i := strings.IndexByte(l, '#'); i >= 0 {
			l = l[:i]
		}
		f := strings.Fields(l)
		if len(f) > 0 && strings.EqualFold(f[0], fp) && (len(f) == 1 || len(f) == 2 && f[1] == glob) {
			return true
		}
	}
	return false
}

// appendIgnore writes content and then more to the ignore file.
func appendIgnore(name string, content []byte, more string) error {
	if len(content) > 0 && content[len(content)-1] != '\n' {
		content = append(content, '\n')
	}
	return judge.WriteIgnoreFile(name, append(content, more...))
}

// ensureSalt gives the ignore file a salt when it has none, so that every
// secret finding shows its fingerprint; fingerprints already there are
// sealed in place. It accepts nothing, and says what it did.
func ensureSalt(name string) (string, error) {
	if hasSalt(name) {
		return config.IgnoreName + ": has a salt, left alone", nil
	}
	content, _, migrated, err := judge.SealedIgnore(name)
	if err != nil {
		return "", err
	}
	if err := judge.WriteIgnoreFile(name, content); err != nil {
		return "", err
	}
	if migrated {
		return config.IgnoreName + ": salt added, the fingerprints in it sealed with it", nil
	}
	return config.IgnoreName + ": created with a salt (secret findings now show their fingerprint)", nil
}
