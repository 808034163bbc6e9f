package hooks

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/remnant-guard/remnant-guard/internal/testtier"
	"github.com/remnant-guard/remnant-guard/validate/report"
)

// The blob-first reader (BlobLog) and the git log -p reader (LogProcess)
// must give the same reports: on generated histories with merges
// (conflict resolutions and evil merges), renames, binary, UTF-16 and
// -diff files, files over the limits, SHA-256 and shallow repositories,
// and on this repository's own history.

// histGen writes a random history as a git fast-import stream.
type histGen struct {
	r     *rand.Rand
	out   bytes.Buffer
	mark  int
	when  int64
	tips  map[string]int                // branch -> mark of its tip
	trees map[string]map[string]genFile // branch -> path -> file
	alnum func(n int) string
	plain bool // the next lines are plain
}

type genFile struct {
	data []byte
	mode string
}

var genWords = []string{
	"func main() {", "return nil", "}", "", "key := lookup(name)", "// token handling",
	"x = 1", "if err != nil {", "\treturn err", "import \"os\"", "the pass word list",
	"description: a task", "value: 42", "# comment", "  - item", "config.sk = 3",
}

func newHistGen(seed uint64) *histGen {
	g := &histGen{r: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)), when: 1500000000,
		tips: map[string]int{}, trees: map[string]map[string]genFile{"main": {}}}
	const alnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
	g.alnum = func(n int) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = alnum[g.r.IntN(len(alnum))]
		}
		return string(b)
	}
	return g
}

// genPlain are lines with no keyword of any rule.
var genPlain = []string{"int a = 1;", "a += 2;", "}", "while (b) {", "", "return a;", "/* loop */"}

// line is a random line: mostly plain words, sometimes a secret.
func (g *histGen) line() string {
	if g.plain {
		return genPlain[g.r.IntN(len(genPlain))]
	}
	switch g.r.IntN(40) {
	case 0:
		return "GITHUB_TOKEN=ghp_" + g.alnum(36)
	case 1:
		return `password = "` + g.alnum(18) + `"`
	case 2:
		return "aws_key: AKIA" + strings.ToUpper(g.alnum(16))
	case 3:
		return "// remnant-guard:allow-next-line"
	case 4:
		return "-----BEGIN RSA PRIVATE KEY-----"
	}
	return genWords[g.r.IntN(len(genWords))]
}

func (g *histGen) text(n int) []byte {
	var b bytes.Buffer
	for range n {
		b.WriteString(g.line())
		if g.r.IntN(15) == 0 {
			b.WriteByte('\r')
		}
		b.WriteByte('\n')
	}
	if g.r.IntN(8) == 0 && b.Len() > 0 {
		b.Truncate(b.Len() - 1) // no newline at the end
	}
	return b.Bytes()
}

// edit changes some lines of data: inserts, deletes, duplicates, moves.
func (g *histGen) edit(data []byte) []byte {
	lines := strings.SplitAfter(string(data), "\n")
	for range 1 + g.r.IntN(4) {
		i := g.r.IntN(len(lines) + 1)
		switch g.r.IntN(4) {
		case 0:
			lines = slices.Insert(lines, i, g.line()+"\n")
		case 1:
			if i < len(lines) {
				lines = slices.Delete(lines, i, i+1)
			}
		case 2:
			if i < len(lines) {
				lines = slices.Insert(lines, g.r.IntN(len(lines)+1), lines[i])
			}
		case 3:
			if i < len(lines) {
				l := lines[i]
				lines = slices.Delete(lines, i, i+1)
				lines = slices.Insert(lines, g.r.IntN(len(lines)+1), l)
			}
		}
	}
	return []byte(strings.Join(lines, ""))
}

// newFile makes the content of a new file of some kind.
func (g *histGen) newFile() (string, genFile) {
	dirs := []string{"", "src/", "vendor/lib/", "docs/", "bin/"}
	name := dirs[g.r.IntN(len(dirs))] + "f" + g.alnum(4)
	switch g.r.IntN(12) {
	case 0: // binary with a secret after a NUL
		return name + ".bin", genFile{append([]byte("\x00\x01bin "), g.text(3)...), "100644"}
	case 1: // UTF-16LE with a byte order mark
		u := utf16.Encode([]rune(string(g.text(4))))
		b := []byte{0xff, 0xfe}
		for _, c := range u {
			b = append(b, byte(c), byte(c>>8))
		}
		return name + ".txt", genFile{b, "100644"}
	case 2: // over the ci max_file_size of some runs
		return name + ".big", genFile{g.text(400), "100644"}
	case 3:
		return name + ".sh", genFile{g.text(5), "100755"}
	case 4:
		return name + ".pem", genFile{g.text(2), "100644"}
	case 5, 6, 7:
		g.plain = true
		defer func() { g.plain = false }()
		return name + ".c", genFile{g.text(3 + g.r.IntN(30)), "100644"}
	}
	return name + ".go", genFile{g.text(3 + g.r.IntN(30)), "100644"}
}

// commit writes one commit of branch with tree, parents the tips of
// branch and merge (if not "").
func (g *histGen) commit(branch, merge string) {
	g.mark++
	g.when += int64(3600 + g.r.IntN(86400))
	fmt.Fprintf(&g.out, "commit refs/heads/%s\nmark :%d\nauthor Ada <ada@example.com> %d +0000\ncommitter Ada <ada@example.com> %d +0000\ndata 2\nc\n",
		branch, g.mark, g.when, g.when)
	if t, ok := g.tips[branch]; ok {
		fmt.Fprintf(&g.out, "from :%d\n", t)
	}
	if merge != "" {
		fmt.Fprintf(&g.out, "merge :%d\n", g.tips[merge])
	}
	g.out.WriteString("deleteall\n")
	paths := make([]string, 0, len(g.trees[branch]))
	for p := range g.trees[branch] {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	for _, p := range paths {
		f := g.trees[branch][p]
		fmt.Fprintf(&g.out, "M %s inline %s\ndata %d\n%s\n", f.mode, p, len(f.data), f.data)
	}
	g.out.WriteString("\n")
	g.tips[branch] = g.mark
}

// change makes one random change to the tree of branch.
func (g *histGen) change(branch string) {
	tree := g.trees[branch]
	var paths []string
	for p := range tree {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	pick := func() string { return paths[g.r.IntN(len(paths))] }
	switch k := g.r.IntN(10); {
	case len(paths) < 3 || k < 2:
		p, f := g.newFile()
		tree[p] = f
	case k < 6:
		p := pick()
		f := tree[p]
		g.plain = strings.HasSuffix(p, ".c") && g.r.IntN(8) > 0
		f.data = g.edit(f.data)
		g.plain = false
		tree[p] = f
	case k < 7: // rename, sometimes with an edit
		p := pick()
		f := tree[p]
		delete(tree, p)
		if g.r.IntN(2) == 0 {
			f.data = g.edit(f.data)
		}
		dir, _ := path.Split(p)
		tree[dir+"r"+g.alnum(3)+path.Ext(p)] = f
	case k < 8:
		delete(tree, pick())
	case k < 9: // attributes: vendored files as binary, or not
		attrs := []string{"vendor/** -diff\n", "*.bin binary\n*.txt -diff\n", "*.go linguist-generated\n", ""}
		tree[".gitattributes"] = genFile{[]byte(attrs[g.r.IntN(len(attrs))]), "100644"}
	default: // a copy
		p := pick()
		tree["copy/"+path.Base(p)] = tree[p]
	}
}

// history writes commits on main and two side branches, merged back now
// and then, a merge's tree sometimes differing from both parents.
func (g *histGen) history(commits int) []byte {
	clone := func(m map[string]genFile) map[string]genFile {
		out := make(map[string]genFile, len(m))
		for k, v := range m {
			out[k] = v
		}
		return out
	}
	g.change("main")
	g.commit("main", "")
	for range commits {
		switch k := g.r.IntN(10); {
		case k < 2 && len(g.tips) < 3: // a new side branch
			b := fmt.Sprintf("side%d", len(g.tips))
			g.trees[b] = clone(g.trees["main"])
			g.tips[b] = g.tips["main"]
			g.change(b)
			g.commit(b, "")
		case k < 4 && len(g.tips) > 1: // merge a side branch into main
			var sides []string
			for b := range g.tips {
				if b != "main" {
					sides = append(sides, b)
				}
			}
			slices.Sort(sides)
			side := sides[g.r.IntN(len(sides))]
			merged := clone(g.trees["main"])
			for p, f := range g.trees[side] {
				if old, ok := merged[p]; ok && !bytes.Equal(old.data, f.data) {
					// both sides changed it: a resolution unlike either
					g.plain = strings.HasSuffix(p, ".c") && g.r.IntN(4) > 0
					f.data = append(append([]byte(nil), old.data...), g.text(1)...)
					g.plain = false
				}
				merged[p] = f
			}
			if g.r.IntN(3) == 0 {
				g.change("main") // an evil merge
			}
			g.trees["main"] = merged
			g.commit("main", side)
		case k < 7 && len(g.tips) > 1:
			for b := range g.tips {
				if b != "main" {
					g.change(b)
					g.commit(b, "")
					break
				}
			}
		default:
			g.change("main")
			g.commit("main", "")
		}
	}
	return g.out.Bytes()
}

// genRepo builds a repository from a generated history of commits.
func genRepo(t *testing.T, seed uint64, commits int, format string, config string) string {
	t.Helper()
	dir := t.TempDir()
	git(t, dir, "init", "-q", "--object-format="+format, "-b", "main")
	g := newHistGen(seed)
	if config != "" {
		g.trees["main"][".remnant-guard.toml"] = genFile{[]byte(config), "100644"}
	}
	cmd := exec.Command("git", "fast-import", "--quiet")
	cmd.Dir, cmd.Stdin = dir, bytes.NewReader(g.history(commits))
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("fast-import: %v\n%s", err, out)
	}
	git(t, dir, "checkout", "-q", "-f", "main")
	return dir
}

// bothReaders runs fn with each history reader and fails when the
// reports or errors differ.
func bothReaders(t *testing.T, what string, fn func() (*report.Report, error)) {
	t.Helper()
	var got [2]string
	for i, reader := range []string{"log", "blobs"} {
		t.Setenv(readerEnv, reader)
		rep, err := fn()
		if err != nil {
			got[i] = "error: " + err.Error()
			continue
		}
		b, jerr := json.Marshal(rep)
		if jerr != nil {
			t.Fatal(jerr)
		}
		got[i] = string(b)
	}
	if got[0] != got[1] {
		t.Errorf("%s: the readers differ\nlog:   %.3000s\nblobs: %.3000s", what, got[0], got[1])
	}
	if !strings.Contains(got[0], `"Findings"`) && !strings.HasPrefix(got[0], "error") {
		t.Errorf("%s: no report: %.200s", what, got[0])
	}
}

func TestHistoryReadersAgreeOnGeneratedHistories(t *testing.T) {
	configs := []string{"", "[ci]\nmax_file_size = 3000\n", "[ci]\nmax_file_size = 20\nblock_skipped = false\n"}
	findings := 0
	seeds := uint64(12)
	if sampleEvery > 1 {
		seeds = 4 // under the race detector
	}
	for seed := uint64(1); seed <= seeds; seed++ {
		format := "sha1"
		if seed%4 == 0 {
			format = "sha256"
		}
		cfg := configs[seed%3]
		dir := genRepo(t, seed, 60, format, cfg)
		name := fmt.Sprintf("seed %d (%s)", seed, format)
		bothReaders(t, name+" scan --history --all", func() (*report.Report, error) {
			rep, err := Scan(Options{Dir: dir, History: true, AllRefs: true}, nil)
			if err == nil {
				findings += len(rep.Findings)
			}
			return rep, err
		})
		bothReaders(t, name+" ci", func() (*report.Report, error) {
			rep, _, err := CI(CIOptions{Options: Options{Dir: dir}, Base: "main~20", Head: "main"})
			return rep, err
		})
		if seed%3 == 1 {
			shallow := filepath.Join(t.TempDir(), "shallow")
			git(t, dir, "clone", "-q", "--depth=15", "--branch=main", "file://"+dir, shallow)
			bothReaders(t, name+" shallow ci", func() (*report.Report, error) {
				rep, _, err := CI(CIOptions{Options: Options{Dir: shallow}, Base: "HEAD~8", Head: "HEAD"})
				return rep, err
			})
			bothReaders(t, name+" shallow scan", func() (*report.Report, error) {
				return Scan(Options{Dir: shallow, History: true}, nil)
			})
		}
	}
	if findings == 0 {
		t.Error("the generated histories hold no finding: the comparison proves nothing")
	}
}

// TestHistoryReadersAgreeOnThisRepository compares the readers on the
// history of the repository the tests run in, when there is one.
func TestHistoryReadersAgreeOnThisRepository(t *testing.T) {
	out, err := exec.Command("git", "rev-parse", "--show-toplevel").Output()
	if err != nil {
		t.Skip("the tests do not run in a git repository: no real history to compare the readers on")
	}
	clone := filepath.Join(t.TempDir(), "self")
	git(t, ".", "clone", "-q", "--no-local", strings.TrimSpace(string(out)), clone)
	if _, err := os.Stat(filepath.Join(clone, ".git", "shallow")); err == nil {
		t.Skip("the repository is a shallow clone: scan --history needs the whole history")
	}
	// The newest commits in the contributor's loop and under the race
	// detector (which slows scanning tenfold), else the whole history.
	what, run := "scan --history --all", func() (*report.Report, error) {
		return Scan(Options{Dir: clone, History: true, AllRefs: true}, nil)
	}
	if sampleEvery > 1 || !testtier.Full() {
		base := strings.TrimSpace(runGitOut(t, clone, "rev-list", "--first-parent", "--skip=60", "-1", "HEAD"))
		if base != "" {
			what, run = "ci over its newest commits", func() (*report.Report, error) {
				rep, _, err := CI(CIOptions{Options: Options{Dir: clone}, Base: base, Head: "HEAD"})
				return rep, err
			}
		}
	}
	bothReaders(t, "this repository, "+what, func() (*report.Report, error) {
		rep, err := run()
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		return rep, err
	})
}

func runGitOut(t *testing.T, dir string, args ...string) string {
	t.Helper()
	out, err := exec.Command("git", append([]string{"-C", dir}, args...)...).Output()
	if err != nil {
		t.Fatalf("git %s: %v", strings.Join(args, " "), err)
	}
	return string(out)
}
