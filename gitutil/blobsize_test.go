package gitutil

import (
	"fmt"
	"math/rand"
	"strconv"
	"strings"
	"testing"
)

// TestBlobSizesMatchGit compares BlobSizes with `git cat-file -s` for
// every blob of randomized histories: loose objects, then the same objects
// packed by git gc (whole and as deltas of each other), in SHA-1 and
// SHA-256 repositories.
func TestBlobSizesMatchGit(t *testing.T) {
	for _, format := range []string{"sha1", "sha256"} {
		t.Run(format, func(t *testing.T) {
			env := testEnv(t)
			dir := newRepo(t, env, "--object-format="+format)
			rng := rand.New(rand.NewSource(int64(len(format))))
			body := strings.Repeat("a line that repeats so that git stores deltas\n", 200)
			for c := 0; c < 12; c++ {
				for f := 0; f < 6; f++ {
					n := rng.Intn(len(body))
					writeFile(t, dir, fmt.Sprintf("d%d/f%d.txt", f%2, f), body[:n]+strconv.Itoa(rng.Int())+"\n"+body[n:])
				}
				writeFile(t, dir, "empty.txt", "")
				git(t, dir, env, "add", "-A")
				git(t, dir, env, "commit", "-q", "-m", strconv.Itoa(c))
			}
			compareSizes(t, dir, env)
			git(t, dir, env, "gc", "-q", "--aggressive")
			compareSizes(t, dir, env)
		})
	}
}

func compareSizes(t *testing.T, dir string, env []string) {
	t.Helper()
	var blobs []string
	for _, line := range strings.Split(git(t, dir, env, "cat-file", "--batch-all-objects", "--batch-check"), "\n") {
		f := strings.Fields(line)
		if len(f) == 3 && f[1] == "blob" {
			blobs = append(blobs, f[0])
		}
	}
	if len(blobs) < 20 {
		t.Fatalf("only %d blobs", len(blobs))
	}
	repo, err := OpenEnv(dir, env)
	if err != nil {
		t.Fatal(err)
	}
	defer repo.Close()
	got, err := repo.BlobSizes(blobs)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range blobs {
		want, _ := strconv.ParseInt(git(t, dir, env, "cat-file", "-s", b), 10, 64)
		if got[b] != want {
			t.Errorf("blob %s: BlobSizes says %d, git says %d", b, got[b], want)
		}
	}
	if _, err := repo.BlobSizes([]string{strings.Repeat("0", len(blobs[0]))}); err == nil {
		t.Error("a missing blob has a size")
	}
}
