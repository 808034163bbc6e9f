package githooks

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"

	"github.com/remnant-guard/remnant-guard/internal/safefile"
)

// EditedHookError is a hook of ours that was edited by hand since it was
// written: install and uninstall leave it alone unless forced.
type EditedHookError struct{ Path string }

func (e *EditedHookError) Error() string {
	return fmt.Sprintf("%s was edited since remnant-guard wrote it: left as it is (--force replaces it, keeping a copy as %s)", e.Path, filepath.Base(e.Path)+backupSuffix)
}

// backupSuffix names the copy of an edited hook that --force replaces.
const backupSuffix = ".remnant-guard-backup"

// hookFile is what stands at a hook's path.
type hookFile struct {
	path   string
	exists bool   // something is there (a dangling link counts)
	link   bool   // it is a symbolic link
	data   []byte // what it reads as; nil for a dangling link
	state  hookState
}

func readHook(path string) (hookFile, error) {
	h := hookFile{path: path}
	fi, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return h, nil
	}
	if err != nil {
		return h, err
	}
	h.exists, h.link = true, fi.Mode()&fs.ModeSymlink != 0
	data, err := safefile.ReadFile(path, safefile.MaxSideFileSize)
	switch {
	case err == nil:
		h.data, h.state = data, classify(data)
	case h.link && errors.Is(err, fs.ErrNotExist):
		// A dangling link is someone's hook: kept, never ours.
	default:
		return h, err
	}
	return h, nil
}

// installHook writes our hook for name in dir. It never leaves the hook
// path without a working hook: ours is written to a temporary file first,
// and a foreign hook is linked under its kept name before ours is renamed
// over it, so a failed write (a full disk) changes nothing.
func installHook(dir, name, binary string, force bool) (string, error) {
	path := filepath.Join(dir, name)
	cur, err := readHook(path)
	if err != nil {
		return "", err
	}
	kept, err := readHook(path + chainedSuffix)
	if err != nil {
		return "", err
	}
	switch {
	case !cur.exists:
		msg := fmt.Sprintf("%s: installed", path)
		if kept.exists {
			msg += fmt.Sprintf("; %s was left from an earlier install without a hook of ours: it is not run (rename it to %s to run it again, or delete it)", filepath.Base(kept.path), name)
		}
		return msg, replaceWith(path, hookScript(name, binary, false))
	case cur.state == hookForeign:
		return chainForeign(cur, kept, name, binary)
	case cur.link:
		return fmt.Sprintf("%s: a link to a hook remnant-guard manages, left as it is", path), nil
	}
	if cur.state == hookEdited && !force {
		return "", &EditedHookError{Path: path}
	}
	script := hookScript(name, binary, chains(cur.data) && kept.exists && kept.state == hookForeign)
	if string(cur.data) == script {
		return fmt.Sprintf("%s: already installed", path), nil
	}
	msg, err := keepCopy(cur, fmt.Sprintf("%s: updated", path))
	if err != nil {
		return "", err
	}
	return msg, replaceWith(path, script)
}

// chainForeign puts our hook in place of a foreign one, which is kept and
// run first.
func chainForeign(cur, kept hookFile, name, binary string) (string, error) {
	if kept.exists {
		if !sameFile(cur.path, kept.path) {
			return "", fmt.Errorf("%s and %s both exist: move one of them away, remnant-guard keeps the existing hook under the second name", cur.path, name+chainedSuffix)
		}
		// Left by an install that stopped between its two steps.
		if err := os.Remove(kept.path); err != nil {
			return "", err
		}
	}
	// A hard link keeps the foreign hook (a symbolic link stays one) while
	// it still runs under its own name.
	if err := os.Link(cur.path, kept.path); err != nil {
		return "", err
	}
	if err := replaceWith(cur.path, hookScript(name, binary, true)); err != nil {
		os.Remove(kept.path)
		return "", err
	}
	return fmt.Sprintf("%s: installed; the existing hook runs first (kept as %s)", cur.path, name+chainedSuffix), nil
}

// uninstallHook removes our hook for name in dir and puts back the hook it
// chained; "" when there is nothing of ours there.
func uninstallHook(dir, name string, force bool) (string, error) {
	path := filepath.Join(dir, name)
	cur, err := readHook(path)
	if err != nil {
		return "", err
	}
	kept, err := readHook(path + chainedSuffix)
	if err != nil {
		return "", err
	}
	leftover := fmt.Sprintf("; %s is not a hook remnant-guard kept: left in place (rename it to %s to run it, or delete it)", filepath.Base(kept.path), name)
	switch {
	case !cur.exists || cur.state == hookForeign:
		if kept.exists && !cur.exists {
			return fmt.Sprintf("%s: no hook of remnant-guard's%s", path, leftover), nil
		}
		return "", nil
	case cur.link:
		return fmt.Sprintf("%s: removed (a link)", path), os.Remove(path)
	case cur.state == hookEdited && !force:
		return "", &EditedHookError{Path: path}
	}
	msg, err := keepCopy(cur, fmt.Sprintf("%s: removed", path))
	if err != nil {
		return "", err
	}
	if kept.exists && kept.state == hookForeign && chains(cur.data) {
		// One rename: the earlier hook replaces ours, with no moment
		// without a hook.
		return msg + "; the earlier hook is restored", os.Rename(kept.path, path)
	}
	if err := os.Remove(path); err != nil {
		return "", err
	}
	if kept.exists {
		msg += leftover
	}
	return msg, nil
}

// replaceWith writes script to path, executable, through a temporary
// file and a rename.
func replaceWith(path, script string) error {
	return safefile.ReplaceName(path, []byte(script), 0o755)
}

// keepCopy backs up a hook of ours that may hold edits before it is
// replaced or removed: one edited since (under --force), or one from a
// version that kept no checksum, whose edits cannot be told apart. It
// returns msg with what it kept.
func keepCopy(h hookFile, msg string) (string, error) {
	why := ""
	switch h.state {
	case hookEdited:
		why = "; the edited hook is kept as "
	case hookLegacy:
		why = "; it was written by an earlier version, which kept no checksum: a copy is kept as "
	default:
		return msg, nil
	}
	backup, err := backupHook(h)
	if err != nil {
		return "", err
	}
	return msg + why + filepath.Base(backup), nil
}

// backupHook copies an edited hook beside itself under a name not taken.
func backupHook(h hookFile) (string, error) {
	name := h.path + backupSuffix
	for i := 1; ; i++ {
		if _, err := os.Lstat(name); errors.Is(err, fs.ErrNotExist) {
			break
		}
		name = h.path + backupSuffix + "." + strconv.Itoa(i)
	}
	return name, replaceWith(name, string(h.data))
}

func sameFile(a, b string) bool {
	fa, err1 := os.Lstat(a)
	fb, err2 := os.Lstat(b)
	return err1 == nil && err2 == nil && os.SameFile(fa, fb)
}
