package gitutil

import (
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/remnant-guard/remnant-guard/internal/testtier"
	"time"
)

// mergeHistory builds a history of many merges of every kind a combined
// diff treats apart: clean merges of other files, merges of one file
// changed on both sides without a conflict, conflicts resolved by hand,
// merges that add, delete or rewrite a file neither side had, a file
// turned into a folder on one side, renames on one side, submodule
// entries, octopus merges and an unrelated history merged in.
func mergeHistory(t *testing.T, env []string, seed uint64, merges int, initArgs ...string) string {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 7))
	dir := newRepo(t, env, initArgs...)
	lines := func(n int) string {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, "line %d value_%x\n", i, rng.Uint32()%8)
		}
		return b.String()
	}
	edit := func(name string) {
		data, _ := os.ReadFile(filepath.Join(dir, name))
		ls := strings.SplitAfter(string(data), "\n")
		if len(ls) < 3 {
			writeFile(t, dir, name, lines(20))
			return
		}
		i := rng.IntN(len(ls) - 1)
		ls[i] = fmt.Sprintf("edited %x\n", rng.Uint32())
		writeFile(t, dir, name, strings.Join(ls, ""))
	}
	for _, f := range []string{"a.txt", "b.txt", "dir/c.txt", "dir/sub/d.txt", "e.txt"} {
		writeFile(t, dir, f, lines(30))
	}
	commitAll(t, dir, env, "root")
	git(t, dir, env, "tag", "start")
	merge := func(branch string) {
		if _, err := runGit(dir, env, "merge", "-q", "--no-ff", "-m", "merge "+branch, branch); err != nil {
			// a conflict: resolved with text from neither side
			git(t, dir, env, "checkout", "-q", "--theirs", ".")
			out := git(t, dir, env, "diff", "--name-only", "--diff-filter=U")
			for _, f := range strings.Fields(out) {
				writeFile(t, dir, f, lines(12))
			}
			commitAll(t, dir, env, "resolve "+branch)
		}
	}
	for i := range merges {
		b := fmt.Sprintf("b%d", i)
		git(t, dir, env, "checkout", "-q", "-b", b, "main")
		kind := rng.IntN(11)
		switch kind {
		case 0, 1: // other files on each side
			edit("a.txt")
			commitAll(t, dir, env, "side "+b)
			git(t, dir, env, "checkout", "-q", "main")
			edit("dir/c.txt")
			commitAll(t, dir, env, "main "+b)
		case 2: // one file, both sides, far apart: no conflict
			data := lines(40)
			git(t, dir, env, "checkout", "-q", "main")
			writeFile(t, dir, "e.txt", data)
			commitAll(t, dir, env, "reset e "+b)
			git(t, dir, env, "checkout", "-q", b)
			git(t, dir, env, "reset", "-q", "--hard", "main")
			ls := strings.SplitAfter(data, "\n")
			ls[2] = "side edit\n"
			writeFile(t, dir, "e.txt", strings.Join(ls, ""))
			commitAll(t, dir, env, "side "+b)
			git(t, dir, env, "checkout", "-q", "main")
			ls = strings.SplitAfter(data, "\n")
			ls[35] = "main edit\n"
			writeFile(t, dir, "e.txt", strings.Join(ls, ""))
			commitAll(t, dir, env, "main "+b)
		case 3: // a conflict
			writeFile(t, dir, "b.txt", lines(8))
			commitAll(t, dir, env, "side "+b)
			git(t, dir, env, "checkout", "-q", "main")
			writeFile(t, dir, "b.txt", lines(9))
			commitAll(t, dir, env, "main "+b)
		case 4: // a rename on one side, an edit on the other
			if _, err := os.Stat(filepath.Join(dir, "dir/sub/d.txt")); err == nil {
				os.MkdirAll(filepath.Join(dir, "moved"), 0o755)
				git(t, dir, env, "mv", "dir/sub/d.txt", fmt.Sprintf("moved/d%d.txt", i))
			} else {
				writeFile(t, dir, "dir/sub/d.txt", lines(25))
			}
			commitAll(t, dir, env, "side "+b)
			git(t, dir, env, "checkout", "-q", "main")
			edit("a.txt")
			commitAll(t, dir, env, "main "+b)
		case 5: // a file turned into a folder on one side
			name := fmt.Sprintf("f%d", i)
			git(t, dir, env, "checkout", "-q", "main")
			writeFile(t, dir, name, "a file\n")
			commitAll(t, dir, env, "add "+name)
			git(t, dir, env, "checkout", "-q", b)
			git(t, dir, env, "reset", "-q", "--hard", "main")
			git(t, dir, env, "rm", "-q", name)
			writeFile(t, dir, name+"/inside.txt", lines(3))
			commitAll(t, dir, env, "side "+b)
			git(t, dir, env, "checkout", "-q", "main")
			edit("dir/c.txt")
			commitAll(t, dir, env, "main "+b)
		case 6: // a submodule entry on one side
			hash := strings.TrimSpace(git(t, dir, env, "rev-parse", "HEAD"))
			git(t, dir, env, "update-index", "--add", "--cacheinfo", "160000,"+hash+",mod"+fmt.Sprint(i))
			git(t, dir, env, "commit", "-q", "-m", "side "+b)
			git(t, dir, env, "checkout", "-q", "main")
			edit("e.txt")
			commitAll(t, dir, env, "main "+b)
		case 10: // a rename on one side, the same file changed on the other:
			// the merge's file differs from both, and is new to one
			name, to := fmt.Sprintf("r%d.txt", i), fmt.Sprintf("renamed/r%d.txt", i)
			data := lines(40)
			git(t, dir, env, "checkout", "-q", "main")
			writeFile(t, dir, name, data)
			commitAll(t, dir, env, "add "+name)
			git(t, dir, env, "checkout", "-q", b)
			git(t, dir, env, "reset", "-q", "--hard", "main")
			os.MkdirAll(filepath.Join(dir, "renamed"), 0o755)
			git(t, dir, env, "mv", name, to)
			ls := strings.SplitAfter(data, "\n")
			ls[3] = "side edit\n"
			writeFile(t, dir, to, strings.Join(ls, ""))
			commitAll(t, dir, env, "side "+b)
			git(t, dir, env, "checkout", "-q", "main")
			ls = strings.SplitAfter(data, "\n")
			ls[30] = "main edit\n"
			writeFile(t, dir, name, strings.Join(ls, ""))
			commitAll(t, dir, env, "main "+b)
		default: // only the side moves: the merge's tree is the side's
			edit("dir/sub/x.txt")
			commitAll(t, dir, env, "side "+b)
			git(t, dir, env, "checkout", "-q", "main")
		}
		merge(b)
		switch {
		case kind == 7: // an evil merge: a file neither side has
			writeFile(t, dir, fmt.Sprintf("evil%d.txt", i), lines(4))
			git(t, dir, env, "add", "-A")
			git(t, dir, env, "commit", "-q", "--amend", "--no-edit")
		case kind == 8 && i > 0: // an evil merge deleting a file both sides have
			if _, err := os.Stat(filepath.Join(dir, "e.txt")); err == nil {
				git(t, dir, env, "rm", "-q", "e.txt")
				git(t, dir, env, "commit", "-q", "--amend", "--no-edit")
				writeFile(t, dir, "e.txt", lines(30))
				commitAll(t, dir, env, "e back")
			}
		case kind == 9 && i%3 == 0: // an octopus merge of other files
			for _, o := range []string{"o1", "o2"} {
				git(t, dir, env, "checkout", "-q", "-b", o+b, "main")
				writeFile(t, dir, o+b+".txt", lines(3))
				commitAll(t, dir, env, o)
			}
			git(t, dir, env, "checkout", "-q", "main")
			git(t, dir, env, "merge", "-q", "--no-ff", "-m", "octopus", "o1"+b, "o2"+b)
		}
		if i == merges/2 {
			mergeUnrelated(t, dir, env)
			git(t, dir, env, "tag", "half")
		}
	}
	return dir
}

// mergesWithCombinedDiff lists the merges git shows a combined diff for,
// without rename detection: those with a path that differs from every
// parent.
func mergesWithCombinedDiff(t *testing.T, dir string, env []string) map[string]bool {
	t.Helper()
	out := git(t, dir, env, "log", "--merges", "--all", "--diff-merges=cc", "--raw", "--no-renames", "--no-abbrev", "--format=%x01%H")
	got := map[string]bool{}
	cur := ""
	for _, line := range strings.Split(out, "\n") {
		switch {
		case strings.HasPrefix(line, "\x01"):
			cur = line[1:]
			got[cur] = got[cur] || false
		case line != "" && cur != "":
			got[cur] = true
		}
	}
	return got
}

// mergeDiffers says of every merge what git's combined diff says: a path
// differs from every parent, or none does.
func TestMergeDiffersMatchesGit(t *testing.T) {
	env := testEnv(t)
	for _, format := range []string{"sha1", "sha256"} {
		dir := mergeHistory(t, env, 1, testtier.Pick(20, 40), "--object-format="+format)
		r := open(t, dir, env)
		want := mergesWithCombinedDiff(t, dir, env)
		differ := 0
		for merge, d := range want {
			parents := strings.Fields(git(t, dir, env, "log", "-1", "--format=%P", merge))
			if got := r.mergeDiffers(merge, parents); got != d {
				t.Errorf("%s: merge %s differs from every parent: %v, git says %v", format, short(merge), got, d)
			}
			if d {
				differ++
			}
		}
		if differ == 0 || differ == len(want) {
			t.Errorf("%s: %d of %d merges have a combined diff: the comparison proves little", format, differ, len(want))
		}
	}
}

// A history whose merges are read apart is handed over exactly as one git
// log with --cc prints it, whatever the range.
func TestMergesApartMatchOneLog(t *testing.T) {
	env := testEnv(t)
	dir := mergeHistory(t, env, 2, testtier.Pick(30, 60))
	r := open(t, dir, env)
	for _, revs := range [][]string{{"--all"}, {"HEAD"}, {"half..HEAD"}, {"HEAD~3..HEAD"}, {"start..b5"}} {
		want, err := parseLog(gitRaw(t, dir, env, logArgs(rangeWalk(revs), "\x01")...))
		if err != nil {
			t.Fatal(err)
		}
		merges := 0
		for _, c := range want {
			if len(c.Parents) > 1 {
				merges++
			}
		}
		l := r.StartLog(revs...)
		var got []CommitChanges
		err = l.Each(func(c CommitChanges) error {
			got = append(got, keepLines(c))
			return nil
		})
		listed, broken := l.merges.listed != nil, l.merges.broken
		l.Stop()
		if err != nil {
			t.Fatalf("%v: %v", revs, err)
		}
		if !listed || broken {
			t.Errorf("%v (%d merges): listed %v, segments left %v", revs, merges, listed, broken)
		}
		// The merges with a path new to one side are read again with
		// rename detection; the others are not.
		if revs[0] == "--all" && (l.merges.alone == 0 || l.merges.alone > merges/4) {
			t.Errorf("%v: %d of %d merges read alone", revs, l.merges.alone, merges)
		}
		if g, w := commitsText(got), commitsText(want); !slices.Equal(g, w) {
			t.Errorf("%v (%d merges): %d commits, want %d; first difference at %d", revs, merges, len(g), len(w), firstDiff(g, w))
		}
	}
}

// When the listing or the merges' logs fail, or print other than asked,
// the merges are listed apart, or judged and read one by one: what is
// handed over stays the same.
func TestMergesApartFaults(t *testing.T) {
	env := testEnv(t)
	dir := mergeHistory(t, env, 3, testtier.Pick(20, 40))
	want, err := parseLog(gitRaw(t, dir, env, logArgs(rangeWalk([]string{"--all"}), "\x01")...))
	if err != nil {
		t.Fatal(err)
	}
	const merges = `case " $* " in *" --stdin "*" --no-renames "*) `
	for _, tc := range []struct {
		name, script   string
		listed, broken bool
	}{
		{"the range's list fails", `case " $* " in *" rev-list --parents "*) exit 1;; esac`, true, false},
		{"both lists fail", `[ "$1" = rev-list ] && exit 1`, false, false},
		{"the merges' list names another commit", `case " $* " in *" rev-list --parents "*) exit 1;; *" --merges "*) echo 0123456789012345678901234567890123456789; exit 0;; esac`, true, false},
		{"the merges' log fails", merges + `exit 1;; esac`, true, true},
		{"the merges' log prints them in another order", merges + `"$REAL" "$@" --reverse; exit;; esac`, true, true},
		{"the merges' log stops half way", merges + `"$REAL" "$@" | head -c 3000; exit 1;; esac`, true, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			wrapGit(t, tc.script)
			r := open(t, dir, env)
			l := r.StartLog("--all")
			var got []CommitChanges
			err := l.Each(func(c CommitChanges) error {
				got = append(got, keepLines(c))
				return nil
			})
			listed, broken := l.merges.listed != nil, l.merges.broken
			l.Stop()
			if err != nil {
				t.Fatal(err)
			}
			if listed != tc.listed || broken != tc.broken {
				t.Errorf("merges listed %v, their logs left %v; want %v, %v", listed, broken, tc.listed, tc.broken)
			}
			if g, w := commitsText(got), commitsText(want); !slices.Equal(g, w) {
				t.Errorf("%d commits, want %d; first difference at %d", len(g), len(w), firstDiff(g, w))
			}
		})
	}
}

// mergeLine builds with git fast-import a main line of n merges of a side
// commit each, both sides changing both.txt; every fifth merge also
// changes a line neither side has, so that it has a combined diff.
func mergeLine(t *testing.T, env []string, n int) string {
	t.Helper()
	dir := newRepo(t, env)
	var b strings.Builder
	mark := 0
	file := func(lines []string) string {
		s := strings.Join(lines, "\n") + "\n"
		return fmt.Sprintf("data %d\n%s", len(s), s)
	}
	commit := func(branch string, from, merge int, files ...string) int {
		mark++
		fmt.Fprintf(&b, "commit refs/heads/%s\nmark :%d\ncommitter T <t@example.com> %d +0000\ndata 1\nc\n", branch, mark, 1700000000+mark)
		if from > 0 {
			fmt.Fprintf(&b, "from :%d\n", from)
		}
		if merge > 0 {
			fmt.Fprintf(&b, "merge :%d\n", merge)
		}
		for i := 0; i < len(files); i += 2 {
			fmt.Fprintf(&b, "M 100644 inline %s\n%s\n", files[i], files[i+1])
		}
		return mark
	}
	base := make([]string, 20)
	for i := range base {
		base[i] = fmt.Sprintf("line %d", i)
	}
	cur := commit("main", 0, 0, "both.txt", file(base))
	for i := range n {
		side, main := slices.Clone(base), slices.Clone(base)
		side[2], main[15] = fmt.Sprintf("side %d", i), fmt.Sprintf("main %d", i)
		s := commit("side", cur, 0, "both.txt", file(side), fmt.Sprintf("s%d.txt", i), file([]string{"x"}))
		m := commit("main", cur, 0, "both.txt", file(main))
		base = slices.Clone(base)
		base[2], base[15] = side[2], main[15]
		if i%5 == 0 {
			base[9] = fmt.Sprintf("evil %d", i)
		}
		cur = commit("main", m, s, "both.txt", file(base))
	}
	cmd := exec.Command("git", "fast-import", "--quiet")
	cmd.Dir, cmd.Env, cmd.Stdin = dir, env, strings.NewReader(b.String())
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("fast-import: %v\n%s", err, out)
	}
	return dir
}

// A log whose merges are read apart, in more than one segment, hands
// over what one log prints; stopped by the caller at any commit, or at
// any moment, it leaves no git running or unwaited: neither the merges'
// logs (past the first segment too) nor their list.
func TestMergesApartLeaveNoGit(t *testing.T) {
	env := testEnv(t)
	dir := mergeLine(t, env, 2*segmentMax+40)
	r := open(t, dir, env)
	left := noGitLeft(t)
	// Read to the end, past two segments, it is what one log prints.
	want, err := parseLog(gitRaw(t, dir, env, logArgs(rangeWalk([]string{"HEAD"}), "\x01")...))
	if err != nil {
		t.Fatal(err)
	}
	got, err := r.Log("HEAD")
	if err != nil {
		t.Fatal(err)
	}
	if g, w := commitsText(got), commitsText(want); !slices.Equal(g, w) {
		t.Errorf("%d commits, want %d; first difference at %d", len(g), len(w), firstDiff(g, w))
	}
	left("read to the end")
	for at := 1; at <= 3*(2*segmentMax+40); at += 37 {
		l := eachUntil(t, r, at)
		left(fmt.Sprintf("stopped at commit %d", at))
		l.Stop()
	}
	// The merges listed apart, by a rev-list of their own.
	wrapGit(t, `case " $* " in *" rev-list --parents "*) exit 1;; esac`)
	for i := range 30 {
		l := r.StartLog("HEAD")
		time.Sleep(time.Duration(i*i) * 20 * time.Microsecond)
		l.Stop()
		left(fmt.Sprintf("the merges listed apart, stopped after %d µs", i*i*20))
	}
}

// A merge git reads through a replace ref (core.useReplaceRefs set in the
// repository's config outweighs GIT_NO_REPLACE_OBJECTS) is judged as git
// sees it when the range's merges could not be listed: the replacement's
// tree, not the replaced commit's.
func TestMergesApartReplacedMerge(t *testing.T) {
	env := testEnv(t)
	dir := newRepo(t, env)
	writeFile(t, dir, "a.txt", "a\n")
	commitAll(t, dir, env, "root")
	twoSides(t, dir, env, map[string]string{"b.txt": "b\n"}, map[string]string{"c.txt": "c\n"})
	git(t, dir, env, "merge", "-q", "-s", "ours", "-m", "ours", "side")
	merge := git(t, dir, env, "rev-parse", "HEAD")
	blob := strings.TrimSpace(gitIn(t, dir, env, "added by the replacement\n", "hash-object", "-w", "--stdin"))
	tree := strings.TrimSpace(gitIn(t, dir, env, git(t, dir, env, "ls-tree", "HEAD")+"\n100644 blob "+blob+"\tz.txt\n", "mktree"))
	body := git(t, dir, env, "cat-file", "commit", merge)
	_, rest, _ := strings.Cut(body, "\n")
	repl := strings.TrimSpace(gitIn(t, dir, env, "tree "+tree+"\n"+rest+"\n", "hash-object", "-t", "commit", "-w", "--stdin"))
	git(t, dir, env, "replace", merge, repl)
	git(t, dir, env, "config", "core.useReplaceRefs", "true")
	want, err := parseLog(gitRaw(t, dir, append(env, "GIT_NO_REPLACE_OBJECTS=1"), logArgs(rangeWalk([]string{"HEAD"}), "\x01")...))
	if err != nil {
		t.Fatal(err)
	}
	if last := commitsText(want[len(want)-1:])[0]; !strings.Contains(last, "z.txt") {
		t.Fatalf("git does not read the replacement: %q", last)
	}
	wrapGit(t, `[ "$1" = rev-list ] && exit 1`)
	r := open(t, dir, env)
	got, err := r.Log("HEAD")
	if err != nil {
		t.Fatal(err)
	}
	if g, w := commitsText(got), commitsText(want); !slices.Equal(g, w) {
		t.Errorf("got\n%q\nwant\n%q", g, w)
	}
}

// Where stdbuf is installed on Linux, git's output is written in large blocks: a
// log runs git through it, by the git found on PATH; elsewhere git runs
// as it is.
func TestLogCommandBuffersOutput(t *testing.T) {
	git, err := exec.LookPath("git")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"git", "log", "-1"}
	if sb, err := exec.LookPath("stdbuf"); err == nil && runtime.GOOS == "linux" {
		want = []string{sb, "-o" + logWriteBlock, git, "log", "-1"}
	}
	if cmd := logCommand([]string{"log", "-1"}); !slices.Equal(cmd.Args, want) {
		t.Errorf("log command %q, want %q", cmd.Args, want)
	}
	t.Setenv("PATH", t.TempDir())
	if cmd := logCommand([]string{"log"}); !slices.Equal(cmd.Args, []string{"git", "log"}) {
		t.Errorf("without stdbuf: %q, want git as it is", cmd.Args)
	}
}

// The merges are read as one git log with --cc prints them in every
// layout a history is read in: SHA-256, a bare clone, a linked worktree,
// a clone that borrows its objects (alternates); and with both listings
// failing, so that each merge is judged by the in-process tree walk,
// which reads the objects itself.
func TestMergesApartEveryLayout(t *testing.T) {
	env := testEnv(t)
	src := mergeHistory(t, env, 4, 24, "--object-format=sha256")
	base := t.TempDir()
	bare, shared, linked := filepath.Join(base, "bare.git"), filepath.Join(base, "shared"), filepath.Join(base, "linked")
	git(t, base, env, "clone", "-q", "--bare", src, bare)
	git(t, base, env, "clone", "-q", "--shared", "--no-checkout", src, shared)
	git(t, src, env, "worktree", "add", "-q", "--detach", linked, "half")
	for _, failing := range []bool{false, true} {
		if failing {
			wrapGit(t, `[ "$1" = rev-list ] && exit 1`)
		}
		for _, dir := range []string{src, bare, shared, linked} {
			want, err := parseLog(gitRaw(t, dir, env, logArgs(rangeWalk([]string{"--all"}), "\x01")...))
			if err != nil {
				t.Fatal(err)
			}
			r, err := OpenHistory(dir)
			if err != nil {
				t.Fatal(err)
			}
			r.env = append(r.env, env...)
			l := r.StartLog("--all")
			var got []CommitChanges
			err = l.Each(func(c CommitChanges) error {
				got = append(got, keepLines(c))
				return nil
			})
			listed := l.merges.listed != nil
			l.Stop()
			r.Close()
			if err != nil {
				t.Fatalf("%s: %v", dir, err)
			}
			if listed == failing {
				t.Errorf("%s, listings failing %v: merges listed %v", dir, failing, listed)
			}
			if g, w := commitsText(got), commitsText(want); !slices.Equal(g, w) {
				t.Errorf("%s, listings failing %v: %d commits, want %d; first difference at %d", dir, failing, len(g), len(w), firstDiff(g, w))
			}
		}
	}
}
