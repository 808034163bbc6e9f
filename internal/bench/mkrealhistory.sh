#!/usr/bin/env bash
# Builds a long history of real code for measuring `scan --history` and `ci` on it.
# usage: internal/bench/mkrealhistory.sh DIR
# DIR/realhistory: the released versions of two real Go modules, Prometheus (45 releases,
# v0.35.0 to v0.316.0) and Terraform (10 releases, v1.5.7 to v1.13.3), downloaded through the
# Go module proxy (`go mod download`, about 330 MB of zips, kept in GOMODCACHE) and laid out
# side by side under prometheus/ and terraform/, in the order they were released. The
# differences between consecutive releases become commits: the first release of each module
# one commit per directory (some of them hundreds of files at once), then one commit per changed
# file or per two or three files of the same directory, whole directories of test data or
# documentation at once when many of their files change, files deleted, files moved with the
# same content (and moved with changes, when a deleted and an added file share their name), and
# some changes made in two steps (part of the file's hunks first, the rest in a later commit).
# The commits go to main and to short feature branches merged back with a merge commit (never
# fast-forward); every release's tree is reached on main before the next one starts.
# 18,101 commits, 1,947 of them merges, 89 MiB packed; about 40 s on two cores once the modules
# are in GOMODCACHE (the first download of the 327 MB of zips takes about 35 s more).
# The same module versions give the same commits, byte for byte: branching is drawn from a
# seeded generator, the dates lie between the release dates, and nothing depends on the
# machine. The tag "last10k" marks the newest first-parent commit with 10,000 commits after it,
# for `ci --base last10k`.
set -euo pipefail
source "$(dirname "$0")/finish.sh"
out=${1:?usage: mkrealhistory.sh DIR}
mkdir -p "$out"
out=$(cd "$out" && pwd)/realhistory
rm -rf "$out"

prom=github.com/prometheus/prometheus
prom_versions="v0.35.0 v0.37.0 v0.40.5 v0.42.0 v0.43.1 v0.44.0 v0.47.2 v0.48.0 v0.51.0 v0.51.2
  v0.53.0 v0.53.1 v0.53.2 v0.53.3 v0.54.0 v0.54.1 v0.55.1 v0.300.0 v0.300.1 v0.301.0 v0.302.1
  v0.303.0 v0.303.1 v0.304.2 v0.305.0 v0.305.1 v0.306.0 v0.307.3 v0.308.0 v0.308.1 v0.309.1
  v0.310.0 v0.311.2 v0.311.3 v0.312.0 v0.313.0 v0.313.1 v0.313.2 v0.313.3 v0.313.4 v0.313.5
  v0.314.0 v0.315.0 v0.315.1 v0.316.0"
tf=github.com/hashicorp/terraform
tf_versions="v1.5.7 v1.6.6 v1.7.5 v1.8.5 v1.9.5 v1.9.8 v1.10.5 v1.11.4 v1.12.2 v1.13.3"

mods=()
for v in $prom_versions; do mods+=("$prom@$v"); done
for v in $tf_versions; do mods+=("$tf@$v"); done
# Outside any module, so that go.mod files around DIR play no part.
list=$(mktemp)
trap 'rm -f "$list"' EXIT
(cd "$(mktemp -d)" && GOFLAGS=-mod=mod GO111MODULE=on go mod download -json "${mods[@]}") >"$list"

git init -q -b main "$out"
PYTHONHASHSEED=0 python3 - "$list" <<'PY' | git -C "$out" fast-import --quiet
import calendar, difflib, hashlib, json, os, random, sys, time

R = random.Random(20261203)
short = {"github.com/prometheus/prometheus": "prometheus", "github.com/hashicorp/terraform": "terraform"}

text = open(sys.argv[1]).read()
dec = json.JSONDecoder()
mods, i = [], 0
while True:
    while i < len(text) and text[i].isspace():
        i += 1
    if i >= len(text):
        break
    m, i = dec.raw_decode(text, i)
    if m.get("Error") or not m.get("Dir"):
        sys.exit("mkrealhistory: %s@%s: %s" % (m.get("Path"), m.get("Version"), m.get("Error")))
    mods.append(m)

def released(m):
    with open(m["Info"]) as f:  # the release date the proxy gives
        stamp = json.load(f)["Time"]
    return calendar.timegm(time.strptime(stamp, "%Y-%m-%dT%H:%M:%SZ"))
# Each module's releases in version order (a patch release of an older line can come out after
# a newer one), the two modules interleaved by release date.
def semver(m):
    return tuple(int(x) for x in m["Version"][1:].split("-")[0].split("."))
queues = {}
for m in sorted(mods, key=semver):
    queues.setdefault(m["Path"], []).append(m)
order = []
while any(queues.values()):
    path = min((q[0]["Path"] for q in queues.values() if q),
               key=lambda p: (released(queues[p][0]), p))
    order.append(queues[path].pop(0))
mods = order

def read(d, p):
    with open(os.path.join(d, p), "rb") as f:
        return f.read()

def walk(d):
    tree = {}
    for root, dirs, files in os.walk(d):
        dirs.sort()
        for f in sorted(files):
            full = os.path.join(root, f)
            rel = os.path.relpath(full, d)
            tree[rel] = hashlib.sha1(read(d, rel)).hexdigest()
    return tree

out = sys.stdout.buffer
marks = {}      # content sha1 -> blob mark
nextmark = [0]
def newmark():
    nextmark[0] += 1
    return nextmark[0]

def blob(data):
    key = hashlib.sha1(data).hexdigest()
    if key not in marks:
        marks[key] = newmark()
        out.write(b"blob\nmark :%d\ndata %d\n" % (marks[key], len(data)))
        out.write(data)
        out.write(b"\n")
    return marks[key]

people = ["Alex Moreau", "Bea Lindqvist", "Chen Wei", "Dara Okafor", "Eli Novak", "Farah Haddad",
          "Gus Pereira", "Hana Sato", "Ivo Petrov", "Jo Walsh", "Kai Jensen", "Lena Roth"]
tips = {}
when = [0]
def commit(branch, ops, msg, t, merge=None, parent=None):
    mark = newmark()
    # blobs first, then the commit that names them
    lines = []
    for op in ops:
        if op[0] == "M":
            lines.append(b"M 100644 :%d %s\n" % (blob(op[2]), op[1].encode()))
        elif op[0] == "D":
            lines.append(b"D %s\n" % op[1].encode())
        elif op[0] == "R":
            lines.append(b"R %s %s\n" % (op[1].encode(), op[2].encode()))
    when[0] = max(when[0] + 1, int(t))
    who = R.choice(people)
    ident = "%s <%s@example.com> %d +0000" % (who, who.split()[0].lower(), when[0])
    out.write(b"commit refs/heads/%s\nmark :%d\n" % (branch.encode(), mark))
    out.write(("author %s\ncommitter %s\n" % (ident, ident)).encode())
    m = msg.encode()
    out.write(b"data %d\n%s\n" % (len(m), m))
    frm = parent if parent is not None else tips.get(branch)
    if frm is not None:
        out.write(b"from :%d\n" % frm)
    if merge is not None:
        out.write(b"merge :%d\n" % merge)
    out.write(b"".join(lines))
    out.write(b"\n")
    tips[branch] = mark
    return mark

def halfway(old, new):
    """The file with part of the change from old to new: the first half of the hunks applied."""
    if b"\0" in old or b"\0" in new or len(old) > 300000 or len(new) > 300000:
        return None
    a, b = old.splitlines(True), new.splitlines(True)
    ops = [o for o in difflib.SequenceMatcher(None, a, b).get_opcodes()]
    hunks = sum(1 for o in ops if o[0] != "equal")
    if hunks < 3:
        return None
    keep, seen, res = hunks // 2, 0, []
    for tag, i1, i2, j1, j2 in ops:
        if tag == "equal":
            res += a[i1:i2]
        else:
            res += b[j1:j2] if seen < keep else a[i1:i2]
            seen += 1
    mid = b"".join(res)
    return mid if mid not in (old, new) else None

def groups_of(name, d, prevd, prev, cur, first):
    """The groups of changes (each group one commit, or two) from prev to cur."""
    P = name + "/"
    changed = [p for p in sorted(cur) if prev.get(p) != cur[p]]
    deleted = [p for p in sorted(prev) if p not in cur]
    groups = []
    if first:
        bydir = {}
        for p in changed:
            bydir.setdefault(os.path.dirname(p), []).append(p)
        for dname in sorted(bydir):
            groups.append(("import %s" % (dname or "."), [("M", P + p, read(d, p)) for p in bydir[dname]], None))
        return groups
    added = [p for p in changed if p not in prev]
    # moves: the same content under another name
    bysha = {}
    for p in added:
        bysha.setdefault(cur[p], []).append(p)
    moved, gone = set(), []
    for p in deleted:
        cands = [q for q in bysha.get(prev[p], []) if q not in moved]
        if cands:
            q = cands[0]
            moved.add(q)
            groups.append(("move %s to %s" % (p, q), [("R", P + p, P + q)], None))
        else:
            gone.append(p)
    # a deleted and an added file with the same name: moved with changes, in one commit
    byname = {}
    for p in added:
        if p not in moved:
            byname.setdefault(os.path.basename(p), []).append(p)
    paired, rest_gone = set(), []
    for p in gone:
        cands = [q for q in byname.get(os.path.basename(p), []) if q not in paired]
        if cands:
            q = cands[0]
            paired.add(q)
            groups.append(("move %s to %s" % (p, q), [("D", P + p), ("M", P + q, read(d, q))], None))
        else:
            rest_gone.append(p)
    bydir = {}
    for p in rest_gone:
        bydir.setdefault(os.path.dirname(p), []).append(("D", p))
    for p in changed:
        if p not in moved and p not in paired:
            bydir.setdefault(os.path.dirname(p), []).append(("M", p))
    for dname in sorted(bydir):
        items = bydir[dname]
        bulky = any(w in dname.split("/") for w in ("testdata", "docs", "website", "fixtures", "ui"))
        if len(items) >= 25 and bulky:
            ops = [("D", P + p) if k == "D" else ("M", P + p, read(d, p)) for k, p in items]
            groups.append(("%s: regenerate %d files" % (dname, len(items)), ops, None))
            continue
        j = 0
        while j < len(items):
            n = R.choices((1, 2, 3), (80, 12, 8))[0]
            part = items[j:j + n]
            j += n
            ops, mids = [], []
            for k, p in part:
                if k == "D":
                    ops.append(("D", P + p))
                    continue
                new = read(d, p)
                ops.append(("M", P + p, new))
                if p in prev and R.random() < 0.45:
                    mid = halfway(read(prevd, p), new)
                    if mid is not None:
                        mids.append(("M", P + p, mid))
            names = ", ".join(os.path.basename(p) for _, p in part)
            what = "remove" if all(k == "D" for k, _ in part) else "update"
            groups.append(("%s: %s %s" % (dname or ".", what, names), ops, mids or None))
    R.shuffle(groups)
    return groups

trees, dirs, last = {}, {}, None
side, sidechanged, branchno = None, [], 0
for m in mods:
    name = short[m["Path"]]
    cur = walk(m["Dir"])
    first = name not in trees
    groups = groups_of(name, m["Dir"], dirs.get(name), trees.get(name, {}), cur, first)
    end = released(m)
    if last is not None and end <= last:
        end = last + 86400
    start = last if last is not None else end - 30 * 86400
    if start >= end:
        start = end - 86400
    G = len(groups)
    for g, (msg, ops, mids) in enumerate(groups):
        t = start + (end - start) * (g + 1) / (G + 1)
        msg = "%s: %s" % (name, msg)
        if first:
            commit("main", ops, msg, t)
            continue
        if side is None and R.random() < 0.3:
            branchno += 1
            side = "topic%d" % branchno
            tips[side] = tips["main"]
            sidechanged = []
        branch = side if side is not None and R.random() < 0.6 else "main"
        if mids:
            commit(branch, mids, msg + " (first part)", t - 1800)
        commit(branch, ops, msg, t)
        if branch == side:
            sidechanged += ops
        if side is not None and (R.random() < 0.25 or g == G - 1):
            # merge the branch: main takes what the branch changed
            commit("main", sidechanged, "Merge branch '%s'" % side, t + 60, merge=tips[side])
            out.write(b"reset refs/heads/%s\nfrom 0000000000000000000000000000000000000000\n\n" % side.encode())
            del tips[side]
            side, sidechanged = None, []
    trees[name], dirs[name], last = cur, m["Dir"], end
    sys.stderr.write("%s@%s: %d groups\n" % (name, m["Version"], G))
PY
finish_history "$out" topic
