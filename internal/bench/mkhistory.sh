#!/usr/bin/env bash
# Builds a long history for measuring `scan --history` and `ci` on it.
# usage: internal/bench/mkhistory.sh DIR [COMMITS [OPEN]]   (default 10,500 commits; about 1 minute)
# DIR/longhistory: COMMITS commits over about twelve years on main and feature branches, a merge
# for every few commits (some with a resolution unlike either side), Go-like source files that
# grow from 300 to a few thousand, a vendor/ directory refreshed now and then in large commits,
# files and directories renamed, and six tokens added at fixed points (two taken out again 40 commits later).
# The same arguments give the same commits, byte for byte: the content is drawn from a seeded
# generator and the dates are fixed. The tag "last10k" marks the commit 10,000 commits before
# main's tip, for `ci --base last10k`.
# OPEN (default 1: one feature branch at a time, the history described above) is how many
# branches are open at once, as pull requests are: each starts from main as it is then and is
# merged back (`git merge --no-ff`, as a pull request's merge button does) while the others and
# main go on, so that a merge brings in a branch that may be hundreds of commits behind main.
set -euo pipefail
source "$(dirname "$0")/finish.sh"
out=${1:?usage: mkhistory.sh DIR [COMMITS]}
commits=${2:-10500}
open=${3:-1}
mkdir -p "$out"
out=$(cd "$out" && pwd)/longhistory
rm -rf "$out"
git init -q -b main "$out"
python3 - "$commits" "$open" <<'PY' | git -C "$out" fast-import --quiet
import random, sys
total = int(sys.argv[1])
opens = int(sys.argv[2])
R = random.Random(20261202)
words = ("count index buffer reader writer name value result client server request response "
         "handler config options cache item list node tree path file line size limit offset "
         "start end status message user session id parent child table row column query filter "
         "sort merge split join parse format encode decode read write open close flush retry "
         "timeout deadline context logger metric label series sample point range window batch "
         "queue worker pool job task event hook plugin module package vendor build test bench "
         "token key auth secret password").split()
weights = [10] * (len(words) - 5) + [1, 1, 1, 1, 1]
def ident():
    a, b = R.choices(words, weights, k=2)
    return a + b.capitalize()
templates = [
    lambda: "\t%s := %s(%s, %d)" % (ident(), ident(), ident(), R.randrange(100)),
    lambda: "\tif %s != nil {" % ident(),
    lambda: "\t\treturn %s" % ident(),
    lambda: "\t}",
    lambda: "",
    lambda: "// %s %s the %s." % (ident(), R.choice(words), R.choice(words)),
    lambda: "func %s(%s string) error {" % (ident(), ident()),
    lambda: "}",
    lambda: '\t%s = "%s"' % (ident(), R.choice(words)),
    lambda: "\tfor _, %s := range %s {" % (ident(), ident()),
]
def line():
    return R.choice(templates)()
def newfile(n):
    return ["package p", ""] + [line() for _ in range(n)]
def edit(lines):
    lines = list(lines)
    for _ in range(R.randrange(1, 6)):
        i = R.randrange(2, len(lines) + 1)
        k = R.random()
        if k < 0.5:
            lines[i:i] = [line() for _ in range(R.randrange(1, 8))]
        elif k < 0.8 and i < len(lines):
            del lines[i:i + R.randrange(1, 4)]
        elif i < len(lines):
            lines[i] = line()
    return lines
tokens = {}
alnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
def token(i):
    r = random.Random(i)
    return "ghp_" + "".join(r.choice(alnum) for _ in range(36))
secret_at = {total * k // 7: k for k in range(1, 7)}
when = 1420070400  # 2015-01-01
mark = 0
tips = {}
trees = {"main": {}}
changed = {}  # side branch -> paths it changed
out = sys.stdout
def blob(data):
    out.write("data %d\n%s\n" % (len(data.encode()), data))
def commit(branch, ops, merge=None, msg="change"):
    global mark, when
    mark += 1
    when += R.randrange(600, 36000)
    out.write("commit refs/heads/%s\nmark :%d\n" % (branch, mark))
    out.write("author Dev <dev@example.com> %d +0000\ncommitter Dev <dev@example.com> %d +0000\n" % (when, when))
    blob(msg)
    if branch in tips:
        out.write("from :%d\n" % tips[branch])
    if merge:
        out.write("merge :%d\n" % tips[merge])
    for op in ops:
        if op[0] == "M":
            out.write("M 100644 inline %s\n" % op[1])
            blob("\n".join(op[2]) + "\n")
        elif op[0] == "D":
            out.write("D %s\n" % op[1])
        elif op[0] == "R":
            out.write("R %s %s\n" % (op[1], op[2]))
    out.write("\n")
    tips[branch] = mark
def change(branch, n):
    tree = trees[branch]
    ops = []
    for _ in range(n):
        paths = sorted(tree)
        k = R.random()
        if k < 0.15 or len(paths) < 10:
            p = "pkg/%s/%s.go" % (R.choice(words), ident().lower())
            tree[p] = newfile(R.randrange(20, 200))
            ops.append(("M", p, tree[p]))
        elif k < 0.93:
            p = R.choice(paths)
            if p.startswith("vendor/"):
                continue
            tree[p] = edit(tree[p])
            ops.append(("M", p, tree[p]))
        elif k < 0.97:
            p = R.choice(paths)
            if p.startswith("vendor/"):
                continue
            q = p.rsplit("/", 1)[0] + "/" + ident().lower() + ".go"
            if q in tree:
                continue
            tree[q] = tree.pop(p)
            ops.append(("R", p, q))
        else:
            p = R.choice(paths)
            if p.startswith("vendor/"):
                continue
            del tree[p]
            ops.append(("D", p))
        changed.setdefault(branch, set()).add(ops[-1][-1] if ops[-1][0] == "R" else ops[-1][1])
    return ops
prs = []  # open branches, oldest first
pr_base = {}  # branch -> main's tree when it started
def pull_requests():
    """One step of a history with many branches open at once: a branch
    starts from main, a branch or main gets a commit, or the oldest branch
    that is ready is merged. Returns the commits made."""
    if len(prs) < opens and R.random() < 0.2:
        b = "feature%d" % mark
        trees[b] = dict(trees["main"])
        tips[b] = tips["main"]
        pr_base[b] = dict(trees["main"])
        changed[b] = set()
        prs.append(b)
    k = R.random()
    if prs and k < 0.55:
        b = R.choice(prs)
        ops = change(b, R.randrange(1, 4))
        for op in ops:
            if op[0] == "R":
                changed[b].add(op[1])
        commit(b, ops)
        return 1
    if prs and k < 0.62:
        b = prs.pop(0)
        main, sd, base = trees["main"], trees[b], pr_base.pop(b)
        ops = []
        for p in sorted(changed[b]):
            if p in sd:
                if p in main and main[p] != base.get(p) and main[p] != sd[p]:
                    merged = main[p] + [line()]  # both changed it: a resolution
                else:
                    merged = sd[p]
                if main.get(p) != merged:
                    main[p] = merged
                    ops.append(("M", p, merged))
            elif p in main and p in base and main[p] == base[p]:
                del main[p]
                ops.append(("D", p))
        commit("main", ops, merge=b, msg="Merge pull request from " + b)
        out.write("reset refs/heads/%s\nfrom 0000000000000000000000000000000000000000\n\n" % b)
        del tips[b]
        return 1
    commit("main", change("main", R.randrange(1, 4)))
    return 1
# 300 files to start
init = {"pkg/%s/%s.go" % (R.choice(words), ident().lower()): newfile(R.randrange(20, 300)) for _ in range(300)}
trees["main"] = dict(init)
commit("main", [("M", p, c) for p, c in sorted(init.items())], msg="initial")
n = 1
side = None
while n < total:
    if n in secret_at:
        k = secret_at[n]
        p = "config/deploy%d.env" % k
        trees["main"][p] = ["TARGET=prod", "GITHUB_TOKEN=" + token(k)]
        commit("main", [("M", p, trees["main"][p])], msg="deploy settings")
        n += 1
        continue
    if n - 40 in secret_at and secret_at[n - 40] in (2, 5):
        # the token is taken out again: it stays in history
        p = "config/deploy%d.env" % secret_at[n - 40]
        if p in trees["main"]:
            del trees["main"][p]
            commit("main", [("D", p)], msg="remove deploy settings")
            n += 1
            continue
    if n % 997 == 0:
        # refresh the vendored tree: many files at once
        ops = []
        for i in range(120):
            p = "vendor/github.com/lib%d/%s.go" % (i % 12, words[i % len(words)])
            trees["main"][p] = newfile(R.randrange(50, 400))
            ops.append(("M", p, trees["main"][p]))
        commit("main", ops, msg="vendor: update")
        n += 1
        continue
    if n % 1500 == 700:
        # rename a directory
        d = "pkg/%s/" % R.choice(words)
        ops = []
        for p in sorted(trees["main"]):
            if p.startswith(d):
                q = "internal/" + p[len("pkg/"):]
                if q not in trees["main"]:
                    trees["main"][q] = trees["main"].pop(p)
                    ops.append(("R", p, q))
        if ops:
            commit("main", ops, msg="move a package")
            n += 1
            continue
    if opens > 1:
        n += pull_requests()
        continue
    if side is None and R.random() < 0.15:
        side = "feature%d" % n
        trees[side] = dict(trees["main"])
        tips[side] = tips["main"]
        changed[side] = set()
    if side is not None and R.random() < 0.5:
        commit(side, change(side, R.randrange(1, 4)))
        n += 1
        if R.random() < 0.2:
            # merge the branch into main
            main, sd = trees["main"], trees[side]
            ops = []
            for p in sorted(changed.get(side, ())):
                if p in sd:
                    if p in changed.get("main", ()) and p in main and main[p] != sd[p]:
                        merged = main[p] + [line()]  # a resolution unlike either side
                    else:
                        merged = sd[p]
                    main[p] = merged
                    ops.append(("M", p, merged))
                elif p in main and p not in init:
                    del main[p]
                    ops.append(("D", p))
            commit("main", ops, merge=side, msg="merge " + side)
            n += 1
            changed["main"] = set()
            out.write("reset refs/heads/%s\nfrom 0000000000000000000000000000000000000000\n\n" % side)
            del tips[side]
            side = None
        continue
    commit("main", change("main", R.randrange(1, 4)))
    n += 1
PY
finish_history "$out" feature
