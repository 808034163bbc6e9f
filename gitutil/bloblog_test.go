package gitutil

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// blobLogAll reads revs with a BlobLog whose filter wants the lines of
// the blobs wants says yes to.
func blobLogAll(t *testing.T, r *Repo, wants func(path string, data []byte) bool, revs ...string) []CommitChanges {
	t.Helper()
	l := r.StartBlobLog(revs...)
	defer l.Stop()
	l.SetWants(wants)
	var out []CommitChanges
	if err := l.Each(func(c CommitChanges) error {
		out = append(out, keepLines(c))
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return out
}

// A blob log hands over what Log hands over: the commits' records with
// their lines where the filter wants them (here, the files holding
// "want", in commits spread over several patch runs), the same records
// without lines elsewhere; and a commit's patch when a change passes the
// section limit, whatever the filter says.
func TestBlobLogMatchesLog(t *testing.T) {
	env := testEnv(t)
	dir := newRepo(t, env)
	importCommits(t, dir, env, 3*blobPatches/2+20, func(i int) map[string]string {
		files := map[string]string{fmt.Sprintf("f%d.txt", i%7): strings.Repeat(fmt.Sprintf("line %d\n", i), i%5+1)}
		if i%3 == 0 {
			files[fmt.Sprintf("w%d.txt", i%4)] = fmt.Sprintf("want %d\n", i)
		}
		return files
	})
	r := open(t, dir, env)
	log, err := r.Log("HEAD")
	if err != nil {
		t.Fatal(err)
	}
	wants := func(path string, data []byte) bool { return strings.Contains(string(data), "want") }
	got := blobLogAll(t, r, wants, "HEAD")
	if len(got) != len(log) {
		t.Fatalf("%d commits, want %d", len(got), len(log))
	}
	patched := 0
	for i := range log {
		want := log[i]
		needs := false
		for _, fc := range want.Changes {
			needs = needs || strings.HasPrefix(fc.Path, "w")
		}
		if needs {
			patched++
		} else {
			for j := range want.Changes {
				want.Changes[j].Added, want.Changes[j].AddedBytes = nil, 0
			}
		}
		for j := range got[i].Changes {
			got[i].Changes[j].olds = nil
		}
		if !reflect.DeepEqual(got[i], want) {
			t.Fatalf("commit %d:\n got %+v\nwant %+v", i, got[i], want)
		}
	}
	if patched == 0 || patched == len(log) {
		t.Fatalf("%d of %d commits read with their patch: the test proves nothing", patched, len(log))
	}

	// Past the section limit, every commit is read with its patch.
	l := r.StartBlobLog("HEAD")
	defer l.Stop()
	l.SetWants(func(string, []byte) bool { return false })
	l.SetSectionLimit(10)
	n := 0
	if err := l.Each(func(c CommitChanges) error {
		for _, fc := range c.Changes {
			if fc.Status != 'D' && len(fc.Added) == 0 && !fc.Truncated {
				return fmt.Errorf("commit %s: %s read without its patch", short(c.Hash), fc.Path)
			}
		}
		n++
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if n != len(log) {
		t.Fatalf("%d commits, want %d", n, len(log))
	}
}
