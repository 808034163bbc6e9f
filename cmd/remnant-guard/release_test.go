package main

import (
	"encoding/json"
	"encoding/pem"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/remnant-guard/remnant-guard/internal/testtier"
	"github.com/rogpeppe/go-internal/testscript"
)

// TestRelease runs the scripts of testdata/release: build.sh packs release
// archives for a made-up tag, a local server serves them laid out like
// GitHub's release downloads, and install.sh, the Action and the GitLab
// job install from there. Here build.sh's go is a stand-in that packs a
// small wrapper of this test binary, so nothing is compiled for it;
// TestReleaseBuild runs the same scripts with the real cross-compiling
// build.
func TestRelease(t *testing.T) {
	runReleaseScripts(t, false)
}

// TestReleaseBuild is TestRelease with the archives build.sh really
// compiles, for this platform and windows/amd64.
func TestReleaseBuild(t *testing.T) {
	t.Parallel() // it waits on other programs (git, go, pre-commit): its waits overlap other tests
	testtier.Slow(t)
	runReleaseScripts(t, true)
}

func runReleaseScripts(t *testing.T, realBuild bool) {
	if runtime.GOOS == "windows" {
		t.Skip("install.sh and the Action's scripts run in a POSIX shell")
	}
	prebuilt, err := exec.LookPath("remnant-guard") // testscript.Main's copy of this binary
	if err != nil {
		t.Fatal(err)
	}
	testscript.Run(t, testscript.Params{
		Dir: "testdata/release",
		Setup: func(env *testscript.Env) error {
			if err := setupGit(env); err != nil {
				return err
			}
			env.Setenv("PREBUILT", prebuilt)
			env.Setenv("HOST_OS", runtime.GOOS)
			env.Setenv("HOST_ARCH", runtime.GOARCH)
			return nil
		},
		Condition: func(cond string) (bool, error) {
			switch cond {
			case "realbuild":
				return realBuild, nil
			case "pyyaml":
				_, err := loadAction(actionPath(filepath.Join("..", "..")))
				return err != errNoPyYAML, nil
			}
			return false, fmt.Errorf("unknown condition %q", cond)
		},
		Cmds: map[string]func(*testscript.TestScript, bool, []string){
			"serve-release": cmdServeRelease,
			"tools-path":    cmdToolsPath,
			"action-run":    cmdActionRun,
			"gitlab-job":    cmdGitLabJob,
			"readme-sh":     cmdReadmeSh,
		},
	})
}

// cmdServeRelease serves the releases in DIR (DIR/TAG/FILE; DIR/latest
// holds the latest tag) as GitHub does, and sets RELEASES to their
// address (https://github.com/OWNER/REPO/releases) and GITHUB_SERVER_URL
// to the server's. As on GitHub every download is a redirect to where
// the file is stored, and latest/download/FILE a redirect to the latest
// release's FILE. Where DIR/TAG/FILE.endless stands for FILE, FILE is a
// stream of no announced size that does not end (64 MiB, unless the client
// stops reading first). Each request is appended to $WORK/requests.
//
//	serve-release DIR
func cmdServeRelease(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: serve-release DIR")
	}
	root := ts.MkAbs(args[0])
	logFile := ts.MkAbs("requests")
	var mu sync.Mutex
	download := regexp.MustCompile(`^/([\w.-]+)/([\w.-]+)/releases/download/([^/]+)/([^/]+)$`)
	latest := regexp.MustCompile(`^/([\w.-]+)/([\w.-]+)/releases/latest/download/([^/]+)$`)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		if f, err := os.OpenFile(logFile, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644); err == nil {
			fmt.Fprintln(f, r.Method, r.URL.Path)
			f.Close()
		}
		mu.Unlock()
		p := r.URL.Path
		if m := latest.FindStringSubmatch(p); m != nil {
			tag, err := os.ReadFile(filepath.Join(root, "latest"))
			if err != nil {
				http.NotFound(w, r)
				return
			}
			http.Redirect(w, r, fmt.Sprintf("/%s/%s/releases/download/%s/%s", m[1], m[2], strings.TrimSpace(string(tag)), m[3]), http.StatusFound)
			return
		}
		if m := download.FindStringSubmatch(p); m != nil {
			http.Redirect(w, r, "/assets/"+m[3]+"/"+m[4], http.StatusFound)
			return
		}
		if rest, ok := strings.CutPrefix(p, "/assets/"); ok && path.Clean(p) == p && !strings.Contains(rest, "..") {
			file := filepath.Join(root, filepath.FromSlash(rest))
			if st, err := os.Stat(file); err == nil && st.Mode().IsRegular() {
				http.ServeFile(w, r, file)
				return
			}
			if _, err := os.Stat(file + ".endless"); err == nil {
				// A download that does not end, of no announced size
				// (chunked): up to 64 MiB, or until the client goes.
				chunk := []byte(strings.Repeat("a", 64<<10))
				for range 1024 {
					if _, err := w.Write(chunk); err != nil {
						return
					}
				}
				return
			}
		}
		http.NotFound(w, r)
	}))
	ts.Defer(srv.Close)
	ts.Setenv("GITHUB_SERVER_URL", srv.URL)
	ts.Setenv("RELEASES", srv.URL+"/remnant-guard/remnant-guard/releases")
}

// cmdToolsPath sets PATH to DIR holding links to the named commands (found
// on the current PATH) and nothing else: what a script needs, no more.
//
//	tools-path DIR sh curl tar ...
func cmdToolsPath(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: tools-path DIR COMMAND...")
	}
	dir := ts.MkAbs(args[0])
	ts.Check(os.MkdirAll(dir, 0o755))
	for _, name := range args[1:] {
		p, err := lookPath(ts.Getenv("PATH"), name)
		if err != nil {
			ts.Fatalf("tools-path: %s: %v", name, err)
		}
		link := filepath.Join(dir, name)
		os.Remove(link)
		ts.Check(os.Symlink(p, link))
	}
	ts.Setenv("PATH", dir)
}

// lookPath finds an executable in the folders of path.
func lookPath(path, name string) (string, error) {
	for _, d := range filepath.SplitList(path) {
		p := filepath.Join(d, name)
		if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() && st.Mode()&0o111 != 0 {
			return p, nil
		}
	}
	return "", fmt.Errorf("not on PATH %s", path)
}

// gitlabTemplate is the part of templates/remnant-guard.yml the job's
// runner reads: the inputs of the spec and the job.
type gitlabTemplate struct {
	Spec struct {
		Inputs map[string]struct {
			Default     string `json:"default"`
			Description string `json:"description"`
		} `json:"inputs"`
	} `json:"spec"`
	Job struct {
		Image        string           `json:"image"`
		Stage        string           `json:"stage"`
		Variables    map[string]any   `json:"variables"`
		BeforeScript []string         `json:"before_script"`
		Script       []string         `json:"script"`
		Artifacts    map[string]any   `json:"artifacts"`
		Rules        []map[string]any `json:"rules"`
	} `json:"remnant-guard"`
}

// loadGitLabTemplate parses the component (a spec document, then the job)
// with PyYAML, after putting the inputs in as GitLab does: every
// $[[ inputs.NAME ]] is the value given, else the input's default.
func loadGitLabTemplate(ts *testscript.TestScript, file string, given map[string]string) gitlabTemplate {
	py, err := exec.LookPath("python3")
	ts.Check(err)
	out, err := exec.Command(py, "-c",
		"import json, sys, yaml; json.dump(list(yaml.safe_load_all(open(sys.argv[1], encoding='utf-8'))), sys.stdout)", file).Output()
	ts.Check(err)
	var docs []json.RawMessage
	ts.Check(json.Unmarshal(out, &docs))
	if len(docs) != 2 {
		ts.Fatalf("%s: want a spec document and a job document, got %d documents", file, len(docs))
	}
	var tpl gitlabTemplate
	ts.Check(json.Unmarshal(docs[0], &tpl))
	values := map[string]string{}
	for name, in := range tpl.Spec.Inputs {
		if in.Description == "" {
			ts.Fatalf("%s: input %s has no description", file, name)
		}
		values[name] = in.Default
	}
	for k, v := range given {
		if _, ok := values[k]; !ok {
			ts.Fatalf("%s has no input %s", file, k)
		}
		values[k] = v
	}
	src, err := os.ReadFile(file)
	ts.Check(err)
	_, job, _ := strings.Cut(string(src), "\n---\n")
	var bad []string
	job = regexp.MustCompile(`\$\[\[\s*inputs\.([\w-]+)\s*\]\]`).ReplaceAllStringFunc(job, func(m string) string {
		name := regexp.MustCompile(`inputs\.([\w-]+)`).FindStringSubmatch(m)[1]
		v, ok := values[name]
		if !ok {
			bad = append(bad, name)
		}
		return v
	})
	if len(bad) > 0 {
		ts.Fatalf("%s uses undeclared inputs %v", file, bad)
	}
	tmp := filepath.Join(ts.Getenv("WORK"), "gitlab-job.yml")
	ts.Check(os.WriteFile(tmp, []byte(job), 0o644))
	out, err = exec.Command(py, "-c",
		"import json, sys, yaml; json.dump(yaml.safe_load(open(sys.argv[1], encoding='utf-8')), sys.stdout)", tmp).Output()
	ts.Check(err)
	ts.Check(json.Unmarshal(out, &tpl))
	return tpl
}

// cmdGitLabJob runs the job of templates/remnant-guard.yml as a GitLab
// runner with a shell executor does: the job's variables in the
// environment, before_script and script in one sh -e in the current
// folder (the checkout). Inputs are given as NAME=VALUE; -vars FILE
// adds the predefined variables of FILE's NAME=VALUE lines, as the runner
// sets CI_COMMIT_SHA and the like.
//
//	gitlab-job -vars ci.env releases-url=$RELEASES version=v9.8.7
func cmdGitLabJob(ts *testscript.TestScript, neg bool, args []string) {
	given := map[string]string{}
	vars := map[string]string{}
	if len(args) >= 2 && args[0] == "-vars" {
		for _, l := range strings.Split(ts.ReadFile(args[1]), "\n") {
			if k, v, ok := strings.Cut(strings.TrimSpace(l), "="); ok {
				vars[k] = v
			}
		}
		args = args[2:]
	}
	for _, a := range args {
		k, v, ok := strings.Cut(a, "=")
		if !ok {
			ts.Fatalf("usage: gitlab-job [INPUT=VALUE...]")
		}
		given[k] = v
	}
	tpl := loadGitLabTemplate(ts, filepath.Join(ts.Getenv("REPO"), "templates", "remnant-guard.yml"), given)
	job := tpl.Job
	if len(job.Script) == 0 || job.Image == "" {
		ts.Fatalf("the job has no script or image")
	}
	for k, v := range job.Variables {
		switch v := v.(type) {
		case string:
			vars[k] = v
		case float64:
			vars[k] = fmt.Sprint(v)
		default:
			ts.Fatalf("the job's variable %s is %v, not a string", k, v)
		}
	}
	saved := map[string]string{}
	for k, v := range vars {
		saved[k] = ts.Getenv(k)
		ts.Setenv(k, v)
	}
	script := strings.Join(append(append([]string{}, job.BeforeScript...), job.Script...), "\n") + "\n"
	file := filepath.Join(ts.Getenv("WORK"), "gitlab-job.sh")
	ts.Check(os.WriteFile(file, []byte(script), 0o644))
	err := ts.Exec("sh", "-e", file)
	for k, v := range saved {
		ts.Setenv(k, v)
	}
	if neg && err == nil {
		ts.Fatalf("the job succeeded unexpectedly")
	}
	if !neg && err != nil {
		ts.Fatalf("the job failed: %v", err)
	}
}

// cmdReadmeSh writes the Nth (from 1) sh block after a heading of
// README.md to FILE, with the published releases' address replaced by
// $RELEASES: README's install commands, run as written against the local
// server.
//
//	readme-sh '### The installer (once a release is published)' 1 install-latest.sh
func cmdReadmeSh(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 3 {
		ts.Fatalf("usage: readme-sh HEADING N FILE")
	}
	readme := ts.ReadFile(filepath.Join(ts.Getenv("REPO"), "README.md"))
	_, after, ok := strings.Cut(readme, "\n"+args[0]+"\n")
	if !ok {
		ts.Fatalf("README.md has no %q", args[0])
	}
	after, _, _ = strings.Cut(after, "\n## ")
	blocks := regexp.MustCompile("(?s)```sh\n(.*?)```").FindAllStringSubmatch(after, -1)
	n := 0
	fmt.Sscan(args[1], &n)
	if n < 1 || n > len(blocks) {
		ts.Fatalf("README.md has %d sh blocks after %q, not a block %s", len(blocks), args[0], args[1])
	}
	const published = "https://github.com/remnant-guard/remnant-guard/releases"
	block := blocks[n-1][1]
	if !strings.Contains(block, published) {
		ts.Fatalf("README's block does not download from %s:\n%s", published, block)
	}
	ts.Check(os.WriteFile(ts.MkAbs(args[2]), []byte(strings.ReplaceAll(block, published, ts.Getenv("RELEASES"))), 0o644))
}

// TestInstallScriptCutShort pipes install.sh cut short at many places to
// sh, as curl ... | sh runs a download that broke off: the shell must read
// the whole script before it runs any of it, so that no prefix does
// anything (here: gets as far as asking uname for the platform).
func TestInstallScriptCutShort(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("install.sh runs in a POSIX shell")
	}
	src, err := os.ReadFile(filepath.Join(sourceRoot(t), "install.sh"))
	if err != nil {
		t.Fatal(err)
	}
	// The group's braces: a cut before it is comments, after it the whole
	// script.
	start := strings.Index(string(src), "\n{\n")
	end := strings.LastIndex(string(src), "\n}\n")
	if start < 0 || end < 0 {
		t.Fatal("install.sh is not one group in braces")
	}
	fake := t.TempDir()
	marker := filepath.Join(fake, "ran")
	uname := "#!/bin/sh\necho ran >> '" + marker + "'\necho Linux\n"
	if err := os.WriteFile(filepath.Join(fake, "uname"), []byte(uname), 0o755); err != nil {
		t.Fatal(err)
	}
	steps := testtier.Pick(40, 400)
	for i := 1; i <= steps; i++ {
		n := end * i / steps
		cmd := exec.Command("sh", "-s", "--", "--version", "v9.8.7", "--dir", filepath.Join(t.TempDir(), "bin"))
		cmd.Stdin = strings.NewReader(string(src[:n]))
		cmd.Env = append(os.Environ(), "PATH="+fake+string(os.PathListSeparator)+os.Getenv("PATH"),
			"REMNANT_GUARD_RELEASES_URL=http://127.0.0.1:9/releases", "REMNANT_GUARD_VERSION=", "REMNANT_GUARD_INSTALL_DIR=")
		out, err := cmd.CombinedOutput()
		if n > start && err == nil {
			t.Errorf("install.sh cut after %d of %d bytes: sh succeeded\n%s", n, len(src), out)
		}
		if _, err := os.Stat(marker); err == nil {
			t.Fatalf("install.sh cut after %d of %d bytes ran as far as uname:\n%s", n, len(src), out)
		}
	}
}

// TestInstallScriptRedirects: with curl, an https releases address is
// never left for http by a redirect (GitHub's downloads are redirects),
// and no redirect reaches file://, whatever the address.
func TestInstallScriptRedirects(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("install.sh runs in a POSIX shell")
	}
	if _, err := exec.LookPath("curl"); err != nil {
		t.Skip("no curl")
	}
	var plainHits sync.Map
	plain := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		plainHits.Store(r.URL.Path, true)
		fmt.Fprintln(w, strings.Repeat("0", 64)+"  remnant-guard_v9.8.7_linux_amd64.tar.gz")
	}))
	defer plain.Close()
	secure := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, plain.URL+r.URL.Path, http.StatusFound)
	}))
	defer secure.Close()
	toFile := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "file:///etc/hostname", http.StatusFound)
	}))
	defer toFile.Close()
	ca := filepath.Join(t.TempDir(), "ca.pem")
	if err := os.WriteFile(ca, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: secure.Certificate().Raw}), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, releases := range []string{secure.URL + "/o/r/releases", toFile.URL + "/o/r/releases"} {
		dir := filepath.Join(t.TempDir(), "bin")
		cmd := exec.Command("sh", filepath.Join(sourceRoot(t), "install.sh"), "--version", "v9.8.7", "--dir", dir)
		cmd.Env = append(os.Environ(), "REMNANT_GUARD_RELEASES_URL="+releases, "CURL_CA_BUNDLE="+ca,
			"REMNANT_GUARD_VERSION=", "REMNANT_GUARD_INSTALL_DIR=")
		out, err := cmd.CombinedOutput()
		if err == nil || !strings.Contains(string(out), "could not download "+releases+"/download/v9.8.7/SHA256SUMS") {
			t.Errorf("%s: want the redirected download refused, got %v:\n%s", releases, err, out)
		}
		if _, err := os.Stat(dir); err == nil {
			t.Errorf("%s: %s was made", releases, dir)
		}
	}
	plainHits.Range(func(k, _ any) bool {
		t.Errorf("an https download was redirected to http: GET %v", k)
		return true
	})
}
