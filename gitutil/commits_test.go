package gitutil

import (
	"testing"
	"time"
)

// commitAt commits everything with the given committer date (Unix seconds).
func commitAt(t *testing.T, dir string, env []string, msg string, secs int64) {
	t.Helper()
	date := time.Unix(secs, 0).UTC().Format(time.RFC3339)
	commitAll(t, dir, append(env, "GIT_COMMITTER_DATE="+date, "GIT_AUTHOR_DATE="+date), msg)
}

func TestHeadAndCommitsNewerThan(t *testing.T) {
	env := testEnv(t)
	dir := newRepo(t, env)
	r := open(t, dir, env)
	if _, ok, err := r.Head(); ok || err != nil {
		t.Errorf("unborn Head: ok=%v err=%v", ok, err)
	}
	if n, _, err := r.CommitsNewerThan(time.Unix(0, 0)); n != 0 || err != nil {
		t.Errorf("unborn CommitsNewerThan = %d, %v", n, err)
	}
	base := int64(1_700_000_000)
	for i, msg := range []string{"one", "two", "three", "four"} {
		writeFile(t, dir, "f.txt", msg)
		commitAt(t, dir, env, msg+"\n\nbody text", base+int64(i)*100)
	}
	r = open(t, dir, env)
	head, ok, err := r.Head()
	if err != nil || !ok || head.Subject != "four" || !head.Time.Equal(time.Unix(base+300, 0)) {
		t.Fatalf("Head = %+v %v %v", head, ok, err)
	}
	if full := git(t, dir, env, "rev-parse", "HEAD"); head.Hash != full {
		t.Errorf("Head hash %s, want %s", head.Hash, full)
	}
	if short := git(t, dir, env, "rev-parse", "--short", "HEAD"); head.Short != short {
		t.Errorf("Head short %s, want %s", head.Short, short)
	}
	for _, tc := range []struct {
		t      time.Time
		n      int
		newest string
	}{
		{time.Unix(base-1, 0), 4, "four"},
		{time.Unix(base, 0), 3, "four"},           // strictly newer: "one" itself is not
		{time.Unix(base, 999_999_999), 3, "four"}, // sub-second T
		{time.Unix(base+199, 0), 2, "four"},
		{time.Unix(base+200, 0), 1, "four"},
		{time.Unix(base+300, 0), 0, ""},
		{time.Unix(base+10_000, 0), 0, ""},
	} {
		n, newest, err := r.CommitsNewerThan(tc.t)
		if err != nil || n != tc.n || newest.Subject != tc.newest {
			t.Errorf("CommitsNewerThan(%d.%09d) = %d %q %v, want %d %q",
				tc.t.Unix(), tc.t.Nanosecond(), n, newest.Subject, err, tc.n, tc.newest)
		}
	}
	if _, newest, _ := r.CommitsNewerThan(time.Unix(base, 0)); newest.Hash != head.Hash || newest.Short != head.Short {
		t.Errorf("newest %+v, want HEAD %+v", newest, head)
	}
}

func TestLastCommits(t *testing.T) {
	env := testEnv(t)
	dir := newRepo(t, env)
	base := int64(1_700_000_000)
	steps := []struct{ file, msg string }{
		{"src/a.go", "a1"}, {"docs/memory/x.md", "mem"}, {"src/sub/b.go", "b1"},
		{"README.md", "readme"}, {"src/a.go", "a2"},
	}
	for i, s := range steps {
		writeFile(t, dir, s.file, s.msg)
		commitAt(t, dir, env, s.msg, base+int64(i))
	}
	r := open(t, dir, env)
	for _, tc := range []struct {
		n     int
		specs []string
		want  []string
	}{
		{10, []string{"src/**/*.go"}, []string{"a2", "b1", "a1"}},
		{10, []string{"src/*.go"}, []string{"a2", "a1"}},
		{1, []string{"src/**"}, []string{"a2"}},
		{10, []string{"docs/memory", "README.md"}, []string{"readme", "mem"}},
		{10, []string{"*.md"}, []string{"readme"}}, // glob "*" stays in the top directory
		{10, []string{"nothing/**"}, nil},
		{0, []string{"src/**"}, nil},
	} {
		cs, err := r.LastCommits(tc.n, tc.specs)
		if err != nil {
			t.Fatalf("LastCommits(%v): %v", tc.specs, err)
		}
		var got []string
		for _, c := range cs {
			got = append(got, c.Subject)
		}
		if len(got) != len(tc.want) || (len(got) > 0 && join(got) != join(tc.want)) {
			t.Errorf("LastCommits(%d, %v) = %v, want %v", tc.n, tc.specs, got, tc.want)
		}
	}
	c, ok, err := r.LastCommitTouching("src/sub/b.go")
	if err != nil || !ok || c.Subject != "b1" || !c.Time.Equal(time.Unix(base+2, 0)) {
		t.Errorf("LastCommitTouching = %+v %v %v", c, ok, err)
	}
	if _, ok, err := r.LastCommitTouching("src/*.go"); ok || err != nil {
		t.Errorf("LastCommitTouching takes paths literally: ok=%v err=%v", ok, err)
	}
}

func join(s []string) string {
	out := ""
	for _, x := range s {
		out += x + ","
	}
	return out
}

func TestParseRevListErrors(t *testing.T) {
	h := "0123456789012345678901234567890123456789"
	for _, in := range []string{
		"commit " + h + "\n",
		"commit " + h + "\n" + h + "\x00abc\x002023-01-01T00:00:00Z\n",
		"commit " + h + "\nffff" + h[4:] + "\x00abc\x002023-01-01T00:00:00Z\x00s\n",
		"commit " + h + "\n" + h + "\x00abc\x00yesterday\x00s\n",
	} {
		if cs, err := parseRevList([]byte(in)); err == nil {
			t.Errorf("parseRevList(%q) = %+v, want error", in, cs)
		}
	}
}
