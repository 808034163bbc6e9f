package gitutil

import (
	"errors"
	"strings"
	"testing"
)

func TestReadBlobsAndHeadFile(t *testing.T) {
	env := testEnv(t)
	dir := baseRepo(t, env)
	writeFile(t, dir, "a.txt", "staged a\n")
	writeFile(t, dir, "big.bin", strings.Repeat("\x00binary\n", 100_000))
	git(t, dir, env, "add", "a.txt", "big.bin")
	r := open(t, dir, env)
	changes, err := r.StagedChanges()
	if err != nil {
		t.Fatal(err)
	}
	var hashes []string
	for _, c := range changes {
		hashes = append(hashes, c.Hash)
	}
	blobs, err := r.ReadBlobs(hashes)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range changes {
		want := map[string]string{"a.txt": "staged a\n", "big.bin": strings.Repeat("\x00binary\n", 100_000)}[c.Path]
		if string(blobs[c.Hash]) != want {
			t.Errorf("%s: blob of %d bytes, want %d", c.Path, len(blobs[c.Hash]), len(want))
		}
	}
	for _, tc := range []struct {
		path, want string
		ok         bool
	}{
		{"a.txt", "a\n", true}, {"d/e.txt", "e\n", true}, {"/d/e.txt", "e\n", true},
		{"d", "", false}, {"", "", false}, {"missing", "", false}, {"a.txt/x", "", false},
		{"big.bin", "", false}, // staged, not in HEAD
	} {
		data, ok, err := r.HeadFile(tc.path)
		if err != nil || ok != tc.ok || string(data) != tc.want {
			t.Errorf("HeadFile(%q) = %q %v %v", tc.path, data, ok, err)
		}
	}
	_, err = r.ReadBlob(strings.Repeat("0", 39) + "1")
	var oe *ObjectError
	if !errors.As(err, &oe) || oe.Got != "" {
		t.Errorf("missing blob: %v", err)
	}
	tree := git(t, dir, env, "rev-parse", "HEAD^{tree}")
	if _, err := r.ReadBlob(tree); !errors.As(err, &oe) || oe.Got != "tree" {
		t.Errorf("tree as blob: %v", err)
	}
	if _, err := r.ReadBlob("HEAD\nHEAD"); err == nil {
		t.Error("newline in object name accepted")
	}
	// The process survives errors and restarts after Close.
	if err := r.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
	if data, ok, err := r.HeadFile("a.txt"); string(data) != "a\n" || !ok || err != nil {
		t.Errorf("after Close: %q %v %v", data, ok, err)
	}
}

func TestHeadFileUnborn(t *testing.T) {
	env := testEnv(t)
	dir := newRepo(t, env)
	writeFile(t, dir, "a.txt", "a\n")
	git(t, dir, env, "add", "a.txt")
	r := open(t, dir, env)
	if data, ok, err := r.HeadFile("a.txt"); ok || err != nil || data != nil {
		t.Errorf("HeadFile on unborn = %q %v %v", data, ok, err)
	}
}
