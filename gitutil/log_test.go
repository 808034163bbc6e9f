package gitutil

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// added renders a change's added lines as "n:text" joined by "|".
func added(fc FileChange) string {
	var parts []string
	for _, l := range fc.Added {
		text := fmt.Sprintf("%q", l.Text)
		parts = append(parts, fmt.Sprintf("%d:%s", l.Number, text[1:len(text)-1]))
	}
	return strings.Join(parts, "|")
}

// commitSummary renders a commit's changes as "S path [old] {lines}" lines.
func commitSummary(c CommitChanges) string {
	var b strings.Builder
	for _, fc := range c.Changes {
		fmt.Fprintf(&b, "%c %q", fc.Status, fc.Path)
		if fc.Status == 'R' {
			fmt.Fprintf(&b, " from %q", fc.OldPath)
		}
		if fc.Binary {
			b.WriteString(" binary")
		}
		fmt.Fprintf(&b, " {%s}\n", added(fc))
	}
	return b.String()
}

func logOf(t *testing.T, r *Repo, revs ...string) []CommitChanges {
	t.Helper()
	cs, err := r.Log(revs...)
	if err != nil {
		t.Fatalf("Log(%v): %v", revs, err)
	}
	return cs
}

func TestLogRootRenameBinaryOddPaths(t *testing.T) {
	env := testEnv(t)
	dir := newRepo(t, env)
	writeFile(t, dir, "a.txt", "one\ntwo\n")
	writeFile(t, dir, "with space.txt", "s\n")
	writeFile(t, dir, "quo\"te\\x.txt", "q\n")
	writeFile(t, dir, "new\nline.txt", "n\n")
	writeFile(t, dir, "tab\tname.txt", "t\n")
	writeFile(t, dir, "ünï.txt", "u\n")
	commitAll(t, dir, env, "root")
	writeFile(t, dir, "a.txt", "zero\none\ntwo\nthree\r\n")
	if err := os.WriteFile(filepath.Join(dir, "bin.dat"), []byte{0, 1, 2, '\n'}, 0o644); err != nil {
		t.Fatal(err)
	}
	git(t, dir, env, "mv", "with space.txt", "moved space.txt")
	commitAll(t, dir, env, "second")
	writeFile(t, dir, "a.txt", "zero\none\nthree\r\n")
	writeFile(t, dir, "moved space.txt", "s\n+plus\n--- dashes\n")
	commitAll(t, dir, env, "third")
	git(t, dir, env, "commit", "-q", "--allow-empty", "-m", "empty")

	r := open(t, dir, env)
	cs := logOf(t, r, "HEAD")
	if len(cs) != 4 {
		t.Fatalf("got %d commits, want 4", len(cs))
	}
	if len(cs[0].Parents) != 0 || len(cs[1].Parents) != 1 || cs[1].Parents[0] != cs[0].Hash {
		t.Fatalf("parents wrong: %v, %v", cs[0].Parents, cs[1].Parents)
	}
	want := []string{
		`A "a.txt" {1:one|2:two}
A "new\nline.txt" {1:n}
A "quo\"te\\x.txt" {1:q}
A "tab\tname.txt" {1:t}
A "with space.txt" {1:s}
A "ünï.txt" {1:u}
`,
		`M "a.txt" {1:zero|4:three}
A "bin.dat" binary {1:\x00\x01\x02}
R "moved space.txt" from "with space.txt" {}
`,
		`M "a.txt" {}
M "moved space.txt" {2:+plus|3:--- dashes}
`,
		``,
	}
	for i, w := range want {
		if got := commitSummary(cs[i]); got != w {
			t.Errorf("commit %d:\ngot  %s\nwant %s", i, got, w)
		}
	}
	if cs[1].Changes[0].Hash == "" || cs[1].Changes[0].OldHash == "" {
		t.Errorf("hashes missing: %+v", cs[1].Changes[0].Change)
	}
}

func TestLogRange(t *testing.T) {
	env := testEnv(t)
	dir := newRepo(t, env)
	writeFile(t, dir, "a", "1\n")
	commitAll(t, dir, env, "one")
	base := git(t, dir, env, "rev-parse", "HEAD")
	writeFile(t, dir, "a", "1\n2\n")
	commitAll(t, dir, env, "two")
	r := open(t, dir, env)
	cs := logOf(t, r, base+"..HEAD")
	if len(cs) != 1 || commitSummary(cs[0]) != "M \"a\" {2:2}\n" {
		t.Fatalf("got %d commits: %v", len(cs), cs)
	}
	if cs := logOf(t, r, "HEAD.."+base); len(cs) != 0 {
		t.Fatalf("empty range gave %d commits", len(cs))
	}
}

// A merge shows only what none of its parents had: the conflict
// resolution, not the lines each side brought.
func TestLogMerge(t *testing.T) {
	env := testEnv(t)
	dir := newRepo(t, env)
	writeFile(t, dir, "f", "a\nb\nc\n")
	writeFile(t, dir, "g", "g\n")
	commitAll(t, dir, env, "root")
	twoSides(t, dir, env, map[string]string{"f": "a\nb\nc\nside\n", "h": "side file\n"},
		map[string]string{"f": "a\nb\nc\nmain\n", "g": "g\nmain\n"})
	cmd := []string{"merge", "-q", "side", "-m", "merge"}
	if _, err := runGit(dir, env, cmd...); err == nil {
		t.Fatal("merge should conflict")
	}
	writeFile(t, dir, "f", "a\nb\nc\nmain\nside\nresolved\n")
	commitAll(t, dir, env, "merge")

	r := open(t, dir, env)
	cs := logOf(t, r, "HEAD")
	if len(cs) != 4 {
		t.Fatalf("got %d commits, want 4", len(cs))
	}
	m := cs[3]
	if len(m.Parents) != 2 {
		t.Fatalf("last commit is not the merge: %v", m.Parents)
	}
	if got, want := commitSummary(m), "M \"f\" {6:resolved}\n"; got != want {
		t.Errorf("merge: got %q, want %q", got, want)
	}
	if m.Changes[0].OldHash == "" || m.Changes[0].Hash == "" {
		t.Errorf("merge hashes: %+v", m.Changes[0].Change)
	}
}

func TestLogTypeChangeAndSubmodule(t *testing.T) {
	env := testEnv(t)
	dir := newRepo(t, env)
	writeFile(t, dir, "link", "target text\n")
	commitAll(t, dir, env, "file")
	os.Remove(filepath.Join(dir, "link"))
	if err := os.Symlink("elsewhere", filepath.Join(dir, "link")); err != nil {
		t.Fatal(err)
	}
	sub := git(t, dir, env, "rev-parse", "HEAD")
	git(t, dir, env, "update-index", "--add", "--cacheinfo", "160000,"+sub+",mod")
	commitAll(t, dir, env, "symlink and submodule")
	r := open(t, dir, env)
	cs := logOf(t, r, "HEAD")
	if got, want := commitSummary(cs[1]), "T \"link\" {1:elsewhere}\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestLogShallow(t *testing.T) {
	env := testEnv(t)
	dir := newRepo(t, env)
	for i := range 4 {
		writeFile(t, dir, "a", strings.Repeat("x\n", i+1))
		commitAll(t, dir, env, fmt.Sprint("c", i))
	}
	base := git(t, dir, env, "rev-parse", "HEAD~3")
	clone := filepath.Join(t.TempDir(), "clone")
	git(t, dir, env, "clone", "-q", "--depth=2", "file://"+dir, clone)
	r := open(t, clone, env)
	if ok, err := r.IsShallow(); err != nil || !ok {
		t.Fatalf("IsShallow = %v, %v", ok, err)
	}
	if _, ok, err := r.ResolveCommit(base); ok || err != nil {
		t.Fatalf("ResolveCommit(missing) = %v, %v", ok, err)
	}
	_, err := r.Log("HEAD")
	var se *ShallowError
	if !errors.As(err, &se) || !strings.Contains(err.Error(), "fetch-depth: 0") {
		t.Fatalf("Log over a cut history: %v, want a ShallowError", err)
	}
	if cs := logOf(t, r, "HEAD~1..HEAD"); len(cs) != 1 {
		t.Fatalf("fetched range: %d commits", len(cs))
	}
}

func TestFileAtAndResolveCommit(t *testing.T) {
	env := testEnv(t)
	dir := newRepo(t, env)
	writeFile(t, dir, "d/x y", "content\n")
	commitAll(t, dir, env, "one")
	r := open(t, dir, env)
	h, ok, err := r.ResolveCommit("main")
	if err != nil || !ok || !isHash(h) {
		t.Fatalf("ResolveCommit = %q %v %v", h, ok, err)
	}
	data, ok, err := r.FileAt(h, "d/x y")
	if err != nil || !ok || string(data) != "content\n" {
		t.Fatalf("FileAt = %q %v %v", data, ok, err)
	}
	if _, ok, err := r.FileAt(h, "absent"); ok || err != nil {
		t.Fatalf("FileAt(absent) = %v %v", ok, err)
	}
	if _, ok, err := r.FileAt(h, "d"); ok || err != nil {
		t.Fatalf("FileAt(dir) = %v %v", ok, err)
	}
	// git names a missing object as it was asked for, spaces and all.
	if _, ok, err := r.FileAt(h, "d/x z"); ok || err != nil {
		t.Fatalf("FileAt(absent with a space) = %v %v", ok, err)
	}
	for _, rev := range []string{"main main", "no such", " main", "main\tx"} {
		if _, ok, err := r.ResolveCommit(rev); ok || err != nil {
			t.Errorf("ResolveCommit(%q) = %v %v", rev, ok, err)
		}
	}
}

func TestParseLogErrors(t *testing.T) {
	h := strings.Repeat("a", 40)
	for _, in := range []string{
		"x",
		"\x01nothash\x00\x00",
		"\x01" + h + "\x00\x00\n:bad\x00p\x00",
		"\x01" + h + "\x00" + h + " " + h + "\x00:0\x00", // a merge's record too short for its parents
		"\x01" + h + "\x00\x00\n:000000 100644 " + strings.Repeat("0", 40) + " " + h + " A\x00p\x00\x00diff --git a/q b/q\n",
		"\x01" + h + "\x00\x00\n:000000 100644 " + strings.Repeat("0", 40) + " " + h + " A\x00p\x00\x00diff --git a/p b/p\n@@ bad @@\n",
	} {
		if _, err := parseLog([]byte(in)); err == nil {
			t.Errorf("parseLog(%q) succeeded", in)
		}
	}
}

func TestQuotePath(t *testing.T) {
	for in, want := range map[string]string{
		"a/b c":    "a/b c",
		"a/\"q\"":  `"a/\"q\""`,
		"a/x\ny":   `"a/x\ny"`,
		"a/\x01":   `"a/\001"`,
		"a/ünï":    "a/ünï",
		"a/back\\": `"a/back\\"`,
	} {
		if got := quotePath(in); got != want {
			t.Errorf("quotePath(%q) = %s, want %s", in, got, want)
		}
	}
}

func TestHunkHeader(t *testing.T) {
	for _, c := range []struct {
		in          string
		cols, start int
		ok          bool
	}{
		{"@@ -1,2 +3,4 @@", 1, 3, true},
		{"@@ -0,0 +1 @@ func main() {", 1, 1, true},
		{"@@@ -1,2 -1,2 +7,3 @@@", 2, 7, true},
		{"@@\t-1\t+12,0\t@@", 1, 12, true},
		{"@@ -1 +\u00a05 @@", 0, 0, false}, // strings.Fields cuts at the no-break space
		{"@@ -1\u00a0+5 @@", 1, 5, true},
		{"@@ -1 +x5 @@", 0, 0, false},
		{"@@ -1 +2147483648999 @@", 1, 2147483648999, true},
		{"@@ -1 @@ +5", 0, 0, false},
		{"@ -1 +2 @", 0, 0, false},
		{"@@ -1 +2\r @@", 1, 2, true},
	} {
		cols, start, err := hunkHeader([]byte(c.in))
		if (err == nil) != c.ok || c.ok && (cols != c.cols || start != c.start) {
			t.Errorf("hunkHeader(%q) = %d, %d, %v", c.in, cols, start, err)
		}
	}
}

func TestHunkLine(t *testing.T) {
	for _, c := range []struct {
		in        string
		cols, add int
		ok        bool
	}{
		{"+x", 1, 1, true}, {"-x", 1, -1, true}, {" x", 1, 0, true},
		{"\\ No newline at end of file", 1, -1, true}, {"x", 1, 0, false},
		{"++x", 2, 1, true}, {" +x", 2, 0, true}, {"+-x", 2, -1, true},
		{"+", 2, 0, false}, {"", 1, 0, false},
	} {
		add, ok := hunkLine([]byte(c.in), c.cols)
		if ok != c.ok || ok && add != c.add {
			t.Errorf("hunkLine(%q, %d) = %d, %v", c.in, c.cols, add, ok)
		}
	}
}

func TestIsSectionHeader(t *testing.T) {
	plain := FileChange{Change: Change{Path: "b.txt", OldPath: "a.txt"}}
	combined := FileChange{Change: Change{Path: "m.txt"}, combined: true}
	quoted := FileChange{Change: Change{Path: "q\"x"}}
	for _, c := range []struct {
		fc     FileChange
		header string
		want   bool
	}{
		{plain, "diff --git a/a.txt b/b.txt", true},
		{plain, "diff --git a/b.txt b/b.txt", false},
		{plain, "diff --git a/a.txt b/b.txtx", false},
		{plain, "diff --git a/a.txt c/b.txt", false},
		{combined, "diff --cc m.txt", true},
		{combined, "diff --git a/m.txt b/m.txt", false},
		{quoted, `diff --git "a/q\"x" "b/q\"x"`, true},
		{quoted, `diff --git a/q"x b/q"x`, false},
	} {
		if got := isSectionHeader(c.fc, []byte(c.header)); got != c.want {
			t.Errorf("isSectionHeader(%+v, %q) = %v", c.fc.Change, c.header, got)
		}
		if got := sectionHeader(c.fc) == c.header; got != c.want {
			t.Errorf("sectionHeader(%+v) = %q", c.fc.Change, sectionHeader(c.fc))
		}
	}
}

// trickle hands out its data a few bytes at a time.
type trickle struct {
	data []byte
	n    int
}

func (r *trickle) Read(p []byte) (int, error) {
	if len(r.data) == 0 {
		return 0, io.EOF
	}
	n := copy(p[:min(len(p), r.n)], r.data)
	r.data = r.data[n:]
	return n, nil
}

// The log buffer is reused and grown: commits split across reads, and a
// commit larger than the buffer, come out whole and in order.
func TestSplitCommitsReusesBuffer(t *testing.T) {
	var out []byte
	var want []string
	for i := range 300 {
		c := fmt.Sprintf("\x01%040x\x00\x00\n", i) + strings.Repeat(fmt.Sprintf("line %d\n", i), 1+i*i/3)
		out = append(out, c...)
		want = append(want, c)
	}
	for _, step := range []int{7, 4096, 1 << 20} {
		var got []string
		err := splitCommits(&trickle{data: out, n: step}, "\x01", func(chunk []byte) error {
			got = append(got, string(chunk))
			return nil
		})
		if err != nil || len(got) != len(want) {
			t.Fatalf("step %d: %d commits, %v", step, len(got), err)
		}
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("step %d: commit %d differs", step, i)
			}
		}
	}
}

// Log keeps the added lines of every commit, though the output they were
// read from is reused.
func TestLogKeepsLines(t *testing.T) {
	env := testEnv(t)
	dir := newRepo(t, env)
	var want []string
	for i := range 40 {
		body := strings.Repeat(fmt.Sprintf("commit %d says %s\n", i, strings.Repeat("x", 1000)), 20)
		writeFile(t, dir, fmt.Sprintf("f%d", i%3), body)
		commitAll(t, dir, env, fmt.Sprint("c", i))
		want = append(want, fmt.Sprintf("commit %d says", i))
	}
	cs := logOf(t, open(t, dir, env), "HEAD")
	if len(cs) != len(want) {
		t.Fatalf("got %d commits", len(cs))
	}
	for i, c := range cs {
		if len(c.Changes) != 1 || len(c.Changes[0].Added) != 20 {
			t.Fatalf("commit %d: %s", i, commitSummary(c))
		}
		for _, l := range c.Changes[0].Added {
			if !strings.HasPrefix(string(l.Text), want[i]) {
				t.Fatalf("commit %d: line %d is %.30q", i, l.Number, l.Text)
			}
		}
	}
}

// No attribute, driver or config of the repository changes what the log
// shows: a file marked -diff or binary, or with a textconv driver, is
// listed with its lines; a file named like a commit marker and a hash, or
// holding one, splits nothing.
func TestLogIgnoresAttributesAndForgedMarkers(t *testing.T) {
	env := testEnv(t)
	dir := newRepo(t, env)
	git(t, dir, env, "commit", "-q", "--allow-empty", "-m", "root")
	root := git(t, dir, env, "rev-parse", "HEAD")
	writeFile(t, dir, ".gitattributes", "*.ipynb -diff\n*.bin binary\n*.txt diff=conv\n")
	git(t, dir, env, "config", "diff.conv.textconv", "false")
	git(t, dir, env, "config", "diff.external", "false")
	git(t, dir, env, "config", "diff.submodule", "log")
	git(t, dir, env, "config", "diff.suppressBlankEmpty", "true")
	writeFile(t, dir, "nb.ipynb", "token one\n")
	writeFile(t, dir, "data.bin", "token two\n")
	writeFile(t, dir, "conv.txt", "token three\n")
	writeFile(t, dir, "\x01"+root, "forged name\n")
	writeFile(t, dir, "inner", "x\x00\x01"+root+"\x00y\n")
	commitAll(t, dir, env, "second")
	// Settings that change what git log prints, set after the commits.
	for _, kv := range [][2]string{{"i18n.logOutputEncoding", "UTF-16"}, {"diff.noprefix", "true"},
		{"diff.mnemonicPrefix", "true"}, {"diff.relative", "true"}, {"core.abbrev", "4"},
		{"log.showRoot", "false"}, {"diff.context", "7"}, {"color.ui", "always"},
		{"diff.colorMoved", "zebra"}, {"diff.renames", "copies"}, {"diff.orderFile", "/nonexistent"},
		{"diff.interHunkContext", "9"}, {"log.showSignature", "true"}, {"core.quotePath", "true"}} {
		git(t, dir, env, "config", kv[0], kv[1])
	}
	cs := logOf(t, open(t, dir, env), "HEAD")
	if len(cs) != 2 {
		t.Fatalf("got %d commits, want 2", len(cs))
	}
	got := commitSummary(cs[1])
	want := `A "\x01` + root + `" {1:forged name}
A ".gitattributes" {1:*.ipynb -diff|2:*.bin binary|3:*.txt diff=conv}
A "conv.txt" {1:token three}
A "data.bin" {1:token two}
A "inner" binary {1:x\x00\x01` + root + `\x00y}
A "nb.ipynb" {1:token one}
`
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}
