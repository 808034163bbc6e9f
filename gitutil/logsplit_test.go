package gitutil

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/remnant-guard/remnant-guard/internal/testtier"
)

// randomHistory builds a history of about n commits on main and two side
// branches, with merges (some with conflicts resolved by hand), renames,
// deletions, binary files, an unrelated history merged in, and tags.
func randomHistory(t *testing.T, env []string, seed uint64, n int) string {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 7))
	dir := newRepo(t, env)
	files := []string{"a.txt", "b.go", "docs/c.md"}
	write := func(name string) {
		var b strings.Builder
		for range 1 + rng.IntN(12) {
			fmt.Fprintf(&b, "line %d token_%x\n", rng.IntN(50), rng.Uint32())
		}
		writeFile(t, dir, name, b.String())
	}
	for _, f := range files {
		write(f)
	}
	commitAll(t, dir, env, "root")
	git(t, dir, env, "tag", "start")
	branches := []string{"main", "side1", "side2"}
	git(t, dir, env, "branch", "side1")
	git(t, dir, env, "branch", "side2")
	cur := "main"
	for i := range n {
		switch k := rng.IntN(20); {
		case k == 0 && cur != "main":
			// merge the branch into main, resolving any conflict by hand
			git(t, dir, env, "checkout", "-q", "main")
			if _, err := runGit(dir, env, "merge", "-q", "--no-ff", "-m", "merge "+cur, cur); err != nil {
				for _, f := range files {
					write(f)
				}
				commitAll(t, dir, env, "resolve "+cur)
			}
			cur = "main"
			continue
		case k == 1:
			cur = branches[rng.IntN(len(branches))]
			git(t, dir, env, "checkout", "-q", cur)
		case k == 2 && len(files) > 2 && exists(dir, files[i%len(files)]):
			j := i % len(files)
			to := fmt.Sprintf("moved/%d-%s", i, filepath.Base(files[j]))
			os.MkdirAll(filepath.Join(dir, "moved"), 0o755)
			git(t, dir, env, "mv", files[j], to)
			files[j] = to
		case k == 3 && len(files) > 3 && exists(dir, files[i%len(files)]):
			j := i % len(files)
			git(t, dir, env, "rm", "-q", files[j])
			files = slices.Delete(files, j, j+1)
		case k == 4:
			os.WriteFile(filepath.Join(dir, fmt.Sprintf("bin%d.dat", i)), []byte{0, byte(i), '\n', 'x'}, 0o644)
		case k == 5 && i == n/2:
			// an unrelated history, merged in
			mergeUnrelated(t, dir, env)
			cur = "main"
			continue
		case k == 6:
			f := fmt.Sprintf("new%d.txt", i)
			files = append(files, f)
			write(f)
		}
		if len(files) == 0 {
			files = append(files, fmt.Sprintf("again%d.txt", i))
		}
		write(files[rng.IntN(len(files))])
		commitAll(t, dir, env, fmt.Sprint("c", i))
		if i == n/3 {
			git(t, dir, env, "tag", "third")
		}
	}
	git(t, dir, env, "checkout", "-q", "main")
	return dir
}

func exists(dir, name string) bool {
	_, err := os.Lstat(filepath.Join(dir, name))
	return err == nil
}

// commitsText renders what Log hands over, commit by commit.
func commitsText(cs []CommitChanges) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.Hash + " " + strings.Join(c.Parents, ",") + "\n" + commitSummary(c) + fmt.Sprint(c.Gitlinks)
	}
	return out
}

// A range printed by two git processes is handed over exactly as one git
// log of the whole range prints it: the same commits, in the same order,
// with the same changes and lines.
func TestLogSplitMatchesOneLog(t *testing.T) {
	env := testEnv(t)
	for seed := range uint64(testtier.Pick(1, 3)) {
		dir := randomHistory(t, env, seed, 90)
		r := open(t, dir, env)
		for _, revs := range [][]string{{"HEAD"}, {"start..HEAD"}, {"third..HEAD"}, {"--all"}, {"HEAD", "--not", "side1"}, {"side2..side1"}} {
			want, err := parseLog(gitRaw(t, dir, env, logArgs(rangeWalk(revs), "\x01")...))
			if err != nil {
				t.Fatal(err)
			}
			l := r.StartLog(revs...)
			<-l.split.ready // so that the list is there before the cut
			var got []CommitChanges
			err = l.Each(func(c CommitChanges) error {
				got = append(got, keepLines(c))
				return nil
			})
			l.Stop()
			if err != nil {
				t.Fatalf("seed %d %v: %v", seed, revs, err)
			}
			if split := len(want) >= splitMin; l.switched != split {
				t.Errorf("seed %d %v: %d commits, read from a second git: %v", seed, revs, len(want), l.switched)
			} else if newer := len(want) - l.split.at; split && newer != len(want)-len(want)*65/100 {
				t.Errorf("seed %d %v: the second git printed %d of %d commits, not the newest 35 %%", seed, revs, newer, len(want))
			}
			if g, w := commitsText(got), commitsText(want); !slices.Equal(g, w) {
				t.Errorf("seed %d %v: %d commits, want %d; first difference at %d", seed, revs, len(g), len(w), firstDiff(g, w))
			}
		}
	}
}

func firstDiff(a, b []string) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// HasParent answers as git merge-base --is-ancestor does for the base of
// a range (other than the head itself).
func TestLogHasParentIsAncestry(t *testing.T) {
	env := testEnv(t)
	dir := randomHistory(t, env, 11, 70)
	r := open(t, dir, env)
	all := strings.Fields(git(t, dir, env, "rev-list", "--all"))
	rng := rand.New(rand.NewPCG(3, 4))
	for range 40 {
		base, head := all[rng.IntN(len(all))], all[rng.IntN(len(all))]
		if base == head {
			continue
		}
		l := r.StartLog(base + ".." + head)
		has, known := l.HasParent(base)
		l.Stop()
		_, err := runGit(dir, env, "merge-base", "--is-ancestor", base, head)
		if !known || has != (err == nil) {
			t.Errorf("HasParent(%s) for %s..%s = %v, %v; git merge-base --is-ancestor: %v", short(base), short(base), short(head), has, known, err)
		}
	}
}

// A caller that stops in the newer part, or before the list is made,
// leaves no git running, and an error there is the caller's.
func TestLogSplitStops(t *testing.T) {
	env := testEnv(t)
	dir := randomHistory(t, env, 5, 60)
	r := open(t, dir, env)
	stop := errors.New("enough")
	count := len(strings.Fields(git(t, dir, env, "rev-list", "HEAD")))
	if count < splitMin+5 {
		t.Fatalf("%d commits: too few for a second git", count)
	}
	for _, at := range []int{1, count - 2} {
		l := r.StartLog("HEAD")
		<-l.split.ready
		n := 0
		err := l.Each(func(CommitChanges) error {
			if n++; n == at {
				return stop
			}
			return nil
		})
		if err != stop || (at > 1) != l.switched {
			t.Errorf("stop at %d: %v (read from a second git: %v)", at, err, l.switched)
		}
		if l.head.out != nil || l.split.tail != nil && l.split.tail.out != nil {
			t.Errorf("stop at %d: a git still runs", at)
		}
		l.Stop()
	}
	// Stopped at once, while rev-list may still run.
	for range 20 {
		l := r.StartLog("HEAD")
		l.Stop()
		if l.split.tail != nil && l.split.tail.out != nil {
			t.Error("stopped at once: the second git still runs")
		}
	}
	// A bad revision is git log's error, as with one git.
	_, err := r.Log("no-such-rev..HEAD")
	var ce *CommandError
	if !errors.As(err, &ce) || !strings.Contains(ce.Stderr, "no-such-rev") {
		t.Errorf("bad revision: %v", err)
	}
}

// In a shallow clone, a long range over the cut is still a ShallowError.
func TestLogSplitShallow(t *testing.T) {
	env := testEnv(t)
	dir := linearHistory(t, env, 80)
	clone := filepath.Join(t.TempDir(), "clone")
	git(t, dir, env, "clone", "-q", "--depth=60", "file://"+dir, clone)
	r := open(t, clone, env)
	_, err := r.Log("HEAD")
	var se *ShallowError
	if !errors.As(err, &se) {
		t.Fatalf("Log over a cut history: %v, want a ShallowError", err)
	}
	if cs := logOf(t, r, "HEAD~50..HEAD"); len(cs) != 50 {
		t.Fatalf("fetched range: %d commits", len(cs))
	}
}
