// Package gitutil is the only part of remnant-guard that talks to git. It
// answers what a pre-commit hook needs to know about the commit being made,
// exactly as git sees it, for every way git can make a commit: plain
// `git commit`, `commit -a`, `commit <paths>` (a temporary index named by
// GIT_INDEX_FILE), linked worktrees and submodules (GIT_DIR), commits started
// in a subdirectory (GIT_PREFIX), split and sparse indexes, and SHA-256
// repositories.
//
// # Where the answers come from
//
// go-git ignores GIT_INDEX_FILE, GIT_DIR and GIT_WORK_TREE, cannot open
// SHA-256 repositories or repositories using extensions.worktreeConfig, fails
// on split and sparse indexes, and its index decoder alone takes 110-190 ms on
// a 100,000-file repository, where git's own `git diff --cached --quiet`
// takes 12-18 ms. So go-git is not used at all (its config decoder pulled
// encoding/gob into every start of the binary); each question is answered by reading git's files in process where that is exact and
// cheaper than a process, and by the git CLI otherwise. The index is read
// exactly once per hook run:
//
//   - Open: one `git rev-parse --path-format=absolute ...` (no index read)
//     finds the top, git directory, common directory, index file, hooks
//     directory (core.hooksPath), prefix, object format and the abbreviated
//     HEAD. Later commands get those absolute paths in GIT_DIR,
//     GIT_WORK_TREE and GIT_INDEX_FILE, GIT_TRACE* cleared and
//     GIT_OPTIONAL_LOCKS=0, so nothing ever writes the index. OpenStaged,
//     for the hook, finds the repository by reading .git, its config (with a
//     small reader tested against `git config --list`, gitconfig.go) and HEAD
//     instead, wherever nothing could make
//     git's answer differ (discover.go), and asks rev-parse otherwise.
//   - StagedChanges: the index file is mapped (Linux; read through a small
//     window elsewhere) and compared with HEAD's trees in process (index.go,
//     indexdiff.go),
//     skipping directories whose cache tree still matches HEAD; one
//     `git diff-index --cached --raw -z -M` answers instead for unmerged
//     entries, split and sparse indexes, unknown index versions or required
//     extensions, and additions plus deletions that git's similarity search
//     may pair as renames (OpenStaged starts it at once when the in-process
//     path is not open to it).
//   - ReadBlob, ReadBlobs, HeadFile, Head, InIndex and CommitsNewerThan: read
//     in process from loose objects and packs (odb.go, odbpack.go, loose.go),
//     every object checked against its hash, as git's own reader does it:
//     packs and their indexes mapped (mapfile.go; ReadAt where the platform
//     cannot map, and a fault from a pack truncated under its mapping hands
//     the read to git), delta chains rebuilt in reused buffers through a
//     bounded delta-base cache (deltacache.go), BlobSizes and Peel told by
//     object and delta headers without rebuilding anything, and a small
//     loose object inflated once when its size is asked and kept for the
//     read that follows; `git cat-file --batch` is started only
//     for revisions, objects not found, and repositories with alternates,
//     replace refs, partial clones, unknown extensions or version-1 indexes.
//     HEAD's trees are parsed and cached; "is this path in the index" is
//     a binary search in the mapped index the diff kept, or else answered
//     from HEAD's tree plus the staged changes, without a second index read.
//   - LastCommits: `git rev-list` (no index read).
//   - Log (ci, pre-push, scan --history): one `git log --raw -p -U0 -M --cc
//     -z --text` per range, parsed while git prints it, with every setting
//     and attribute that could change its output neutralised (no textconv,
//     no external diff, UTF-8, no order file), commits marked with a fresh
//     random nonce so that no file name forges a boundary, and each file's
//     patch cut at a section limit as it streams (loglimit.go).
//     OpenHistory opens bare repositories for these.
//   - Ignored: the .gitignore files, info/exclude and core.excludesFile are
//     read and matched in-process with a port of git's wildmatch (go-git's
//     gitignore matcher differs from git on negations below excluded
//     directories, "[!x]" classes and basename patterns). The location of
//     core.excludesFile comes from one `git config --get` on first use, which
//     sees every config source (includes, GIT_CONFIG_*, -c) and does not read
//     the index.
//
// Measured on a 100,000-file repository (hyperfine means, 2 shared cores):
// `git diff --cached --quiet` 13.7 ms, the diff-index above 16.6 ms, the
// rev-parse 3.2 ms, a rev-list 3.0 ms, the git config query 1.3 ms. The
// machine's two cores do not add up under load, so a hook's wall time
// follows its total CPU time: every process avoided counts.
//
// Every git command's exit status is checked and only its stdout is parsed;
// output that does not have the documented shape is an error, never an empty
// result. ForeignEnv gives the environment for git commands run against
// another repository.
//
// A Repo is safe for concurrent use: StagedChanges (the index read) can run
// in parallel with Head and CommitsNewerThan.
package gitutil
