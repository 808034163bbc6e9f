package gitutil

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestPackTruncatedWhileMapped truncates a pack in place after the reader
// has mapped it (git never does; a copy over the file would): reads must
// then give git's answer or an error, never end the process with a memory
// fault, and the in-process reader must stand aside.
func TestPackTruncatedWhileMapped(t *testing.T) {
	env := testEnv(t)
	dir := historyRepo(t, env)
	git(t, dir, env, "repack", "-adfq", "--depth=50", "--window=250")
	want := allObjects(t, dir, env)
	packs, _ := filepath.Glob(filepath.Join(dir, ".git", "objects", "pack", "*.pack"))
	r := open(t, dir, env)
	if err := r.Start(); err != nil {
		t.Fatal(err)
	}
	if _, err := r.ReadBlobs([]string{blobOf(t, want)}); err != nil {
		t.Fatal(err)
	}
	r.mu.Lock()
	mapped := r.odbLocked().packs[0].data.b != nil
	r.mu.Unlock()
	if err := os.Truncate(packs[0], 4096); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, w := range want {
		names = append(names, w.hash)
	}
	r.mu.Lock()
	objs, err := r.objects(names)
	off := r.odbLocked().off
	r.mu.Unlock()
	if mapped && off == nil {
		t.Error("the reader is still on after a fault")
	}
	if err == nil {
		for i, o := range objs {
			if o.kind != "" && (o.kind != want[i].kind || !bytes.Equal(o.data, want[i].data)) {
				t.Errorf("%s: read as %s of %d bytes after the fault, git says %s of %d", names[i], o.kind, len(o.data), want[i].kind, len(want[i].data))
			}
		}
	}
	// Sizes after the fault come from git, or fail: either way no crash.
	r.BlobSizes([]string{blobOf(t, want)})
}

func blobOf(t *testing.T, objs []object) string {
	t.Helper()
	for i := len(objs) - 1; i >= 0; i-- {
		if objs[i].kind == "blob" && len(objs[i].data) > 1000 {
			return objs[i].hash
		}
	}
	t.Fatal("no blob")
	return ""
}
