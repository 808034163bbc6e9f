#!/usr/bin/env python3
"""judge.py: the judging side of the cross-ecosystem noise benchmark.

    judge.py DEST ECO extract      read DEST/ECO/out/{rg,gitleaks,trufflehog}.json
    judge.py DEST ECO pending      list the values not judged yet, with context
    judge.py DEST ECO apply        write judged-ECO.tsv beside this script
    judge.py DEST report           the table of BENCHMARKS.md, every ecosystem
    judge.py DEST summary TOOL     TOOL's false flags by class, with examples

With NOISE_SET=heldout in the environment, the verdicts are read from and
written to judged-heldout-ECO.tsv (the held-out set of mkcorpus.sh -heldout);
with NOISE_SET=unseen, judged-unseen-ECO.tsv (mkcorpus.sh -unseen); with
NOISE_SET=blind, judged-blind-ECO.tsv (mkcorpus.sh -blind).

A finding is keyed by tool, path, line and rule. Its value is located in its
line (column and length, tool-independent), and the value itself is kept only
in DEST (never in this repository): findings of any tool with the same value
form one group, judged once and counted per finding.

Verdicts come, in this order, from
  1. DEST/ECO/groups.tsv (by hand) and DEST/ECO/groups.auto.tsv (propose.py):
     group id or path:line, verdict, class, reason. They name groups by a
     hash of the value, so they stay in DEST, never in the repository;
  2. judged-ECO.tsv's row with the same tool, path, line and rule, and the
     same column and length (the same span of the line);
  3. a row of any tool or rule with the same path, line, column and length
     (the same value on the same line).
Anything else is pending: `judge.py DEST ECO pending` shows it. So after a
rule change, re-running the tools and `extract` + `pending` lists only the new
findings. See README.md for what each verdict means.
"""
import csv
import hashlib
import json
import os
import random
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TOOLS = ("rg", "gitleaks", "trufflehog")
TOOL_NAMES = {"rg": "remnant-guard", "gitleaks": "gitleaks", "trufflehog": "trufflehog"}
VERDICTS = ("real", "test", "false")
CLASSES = ("public-key", "placeholder", "code-as-assignment", "encoded-non-credential",
           "well-known-public", "other")
COLUMNS = ["tool", "ecosystem", "path", "line", "rule", "col", "len", "verdict", "class", "reason"]


def read_line(tree, path, line):
    try:
        with open(os.path.join(tree, path), "rb") as f:
            for i, raw in enumerate(f, 1):
                if i == line:
                    return raw.decode("utf-8", "replace").rstrip("\r\n")
    except OSError:
        pass
    return ""


def locate(text, value):
    """Column (1-based, characters) and length of value's first line in text."""
    first = value.split("\n")[0].strip()
    if not first:
        return 0, 0
    i = text.find(first)
    if i < 0:
        return 0, len(first)
    return i + 1, len(first)


def group_value(tree, path, line, value):
    """What makes two findings the same value. A private key is its first
    base64 characters, whether a tool reports its header line or the block."""
    m = re.search(r"-----BEGIN [A-Z ]*PRIVATE KEY( BLOCK)?-----", value)
    if not m:
        return value
    rest = value[m.end():]
    if len(re.sub(r"[^A-Za-z0-9+/]", "", rest)) < 60:
        rest = "\n".join(read_line(tree, path, n) for n in range(line, line + 8))
        m = re.search(r"-----BEGIN [A-Z ]*PRIVATE KEY( BLOCK)?-----", rest)
        rest = rest[m.end():] if m else rest
    body = "".join(x for x in re.split(r"\\n|\n", rest) if ":" not in x)
    return "private key " + re.sub(r"[^A-Za-z0-9+/]", "", body)[:60]


def load_tool(dest, eco, tool):
    tree = os.path.join(dest, eco, "tree")
    path = os.path.join(dest, eco, "out", tool + ".json")
    if not os.path.exists(path):
        return None
    out = []
    if tool == "rg":
        for f in json.load(open(path))["findings"]:
            text = read_line(tree, f["path"], f["line"])
            # Columns are 1-based byte offsets.
            end = f.get("end_line", f["line"])
            if end == f["line"]:
                b = text.encode("utf-8")
                # A secret-findings-capped finding (a file with more matches
                # than its findings show) has no end: it stands for the rest
                # of its line, the first match not shown.
                value = b[f["column"] - 1:f.get("end_column", len(b))].decode("utf-8", "replace")
            else:
                # A multi-line value (a private key): its lines, so that two
                # keys under the same header are two values.
                b = "\n".join(read_line(tree, f["path"], n)
                              for n in range(f["line"], min(end, f["line"] + 200) + 1)).encode("utf-8")
                value = b[f["column"] - 1:].decode("utf-8", "replace")
            out.append((f["path"], f["line"], f["rule_id"], value, text))
    elif tool == "gitleaks":
        data = json.load(open(path)) or []
        for f in data:
            p = os.path.relpath(f["File"], ".") if not os.path.isabs(f["File"]) else os.path.relpath(f["File"], tree)
            text = read_line(tree, p, f["StartLine"])
            out.append((p, f["StartLine"], f["RuleID"], f["Secret"], text))
    else:
        with open(path) as fh:
            for raw in fh:
                raw = raw.strip()
                if not raw.startswith("{"):
                    continue
                f = json.loads(raw)
                fs = f.get("SourceMetadata", {}).get("Data", {}).get("Filesystem")
                if not fs:
                    continue
                p = os.path.normpath(fs["file"])
                if os.path.isabs(p):
                    p = os.path.relpath(p, tree)
                line = int(fs.get("line") or 0)
                value = f.get("Raw") or f.get("RawV2") or ""
                text = read_line(tree, p, line)
                out.append((p, line, f["DetectorName"], value, text))
    return out


def extract(dest, eco):
    rows = []
    tree = os.path.join(dest, eco, "tree")
    for tool in TOOLS:
        found = load_tool(dest, eco, tool)
        if found is None:
            continue
        for path, line, rule, value, text in found:
            col, ln = locate(text, value)
            gid = hashlib.sha256(group_value(tree, path, line, value).encode(
                "utf-8", "replace")).hexdigest()[:12]
            rows.append({"tool": tool, "path": path, "line": line, "rule": rule,
                         "col": col, "len": ln, "group": gid, "value": value, "text": text})
    with open(os.path.join(dest, eco, "out", "findings.jsonl"), "w") as f:
        for r in rows:
            f.write(json.dumps(r) + "\n")
    print(f"{eco}: {len(rows)} findings, {len({r['group'] for r in rows})} distinct values")


def load_findings(dest, eco):
    with open(os.path.join(dest, eco, "out", "findings.jsonl")) as f:
        return [json.loads(x) for x in f]


def tsv_path(eco):
    # NOISE_SET=heldout, unseen or blind: the held-out, unseen and blind sets
    # (mkcorpus.sh -heldout, -unseen, -blind) keep their verdicts apart, in
    # judged-SET-ECO.tsv.
    s = os.environ.get("NOISE_SET", "tuned")
    if s not in ("tuned", "heldout", "unseen", "blind"):
        sys.exit(f"judge.py: NOISE_SET={s!r} is not tuned, heldout, unseen or blind")
    return os.path.join(HERE, f"judged-{eco}.tsv" if s == "tuned" else f"judged-{s}-{eco}.tsv")


def load_tsv(path):
    if not os.path.exists(path):
        return []
    with open(path, newline="") as f:
        return list(csv.DictReader(f, delimiter="\t"))


def load_groups(dest, eco):
    groups = {}
    # groups.tsv (by hand) overrides groups.auto.tsv (proposed by rules
    # written after reading the groups they cover).
    for name in ("groups.auto.tsv", "groups.tsv"):
        path = os.path.join(dest, eco, name)
        if not os.path.exists(path):
            continue
        for line in open(path):
            if not line.strip() or line.startswith("#"):
                continue
            parts = line.rstrip("\n").split("\t")
            groups[parts[0]] = (parts[1], parts[2] if len(parts) > 2 else "",
                                parts[3] if len(parts) > 3 else "")
    return groups


def verdicts(dest, eco):
    """Each finding with its verdict (or None), by the rules in the docstring."""
    old = load_tsv(tsv_path(eco))
    by_key = {(r["tool"], r["path"], r["line"], r["rule"]): r for r in old}
    by_span = {}
    for r in old:
        if r["col"] != "0":
            by_span.setdefault((r["path"], r["line"], r["col"], r["len"]), r)
    groups = load_groups(dest, eco)
    out = []
    for f in load_findings(dest, eco):
        tool = TOOL_NAMES[f["tool"]]
        k = (tool, f["path"], str(f["line"]), f["rule"])
        v = None
        where = f"{f['path']}:{f['line']}"
        if where in groups:
            v = groups[where]
        elif f["group"] in groups:
            g = groups[f["group"]]
            v = (g[0], g[1], g[2])
        elif k in by_key and (by_key[k]["col"], by_key[k]["len"]) in (
                (str(f["col"]), str(f["len"])), ("0", by_key[k]["len"])):
            # The same tool, place and rule, and the same span of the line:
            # the same value (a rule that now takes a different span of the
            # line is judged again).
            r = by_key[k]
            v = (r["verdict"], r["class"], r["reason"])
        elif f["col"] and (f["path"], str(f["line"]), str(f["col"]), str(f["len"])) in by_span:
            r = by_span[(f["path"], str(f["line"]), str(f["col"]), str(f["len"]))]
            v = (r["verdict"], r["class"], r["reason"])
        out.append((f, v))
    return out


def pending(dest, eco, tools):
    seen = {}
    for f, v in verdicts(dest, eco):
        if v is None and f["tool"] in tools:
            seen.setdefault(f["group"], []).append(f)
    for gid, fs in sorted(seen.items(), key=lambda x: (x[1][0]["path"], x[1][0]["line"])):
        f = fs[0]
        text = f["text"]
        c = max(f["col"] - 1, 0)
        ctx = text[max(0, c - 100):c + f["len"] + 60] if len(text) > 240 else text
        print(f"== {gid} x{len(fs)} {','.join(sorted({x['tool'] for x in fs}))} "
              f"{f['rule']} {f['path']}:{f['line']} len={len(f['value'])}")
        print("   " + ctx[:400])
        if len(fs) > 1:
            for x in fs[1:4]:
                print(f"   also {x['tool']} {x['path']}:{x['line']}")
    print(f"{len(seen)} pending groups, {sum(len(x) for x in seen.values())} findings")


def apply(dest, eco):
    rows = []
    missing = 0
    for f, v in verdicts(dest, eco):
        if v is None:
            missing += 1
            continue
        verdict, cls, reason = v
        if verdict not in VERDICTS:
            sys.exit(f"judge.py: group {f['group']}: verdict {verdict!r} is not one of {VERDICTS}")
        if verdict == "false" and cls not in CLASSES:
            sys.exit(f"judge.py: group {f['group']}: class {cls!r} is not one of {CLASSES}")
        rows.append({"tool": TOOL_NAMES[f["tool"]], "ecosystem": eco, "path": f["path"],
                     "line": f["line"], "rule": f["rule"], "col": f["col"], "len": f["len"],
                     "verdict": verdict, "class": cls if verdict == "false" else "",
                     "reason": reason})
    # Keep rows of tools not run this time (a re-run of one tool keeps the others').
    ran = {TOOL_NAMES[t] for t in TOOLS
           if os.path.exists(os.path.join(dest, eco, "out", t + ".json"))}
    for r in load_tsv(tsv_path(eco)):
        if r["tool"] not in ran:
            rows.append(r)
    rows.sort(key=lambda r: (r["tool"], r["path"], int(r["line"]), r["rule"]))
    with open(tsv_path(eco), "w", newline="") as f:
        w = csv.DictWriter(f, COLUMNS, delimiter="\t", lineterminator="\n")
        w.writeheader()
        for r in rows:
            w.writerow({c: r[c] for c in COLUMNS})
    print(f"{eco}: {len(rows)} judged rows written, {missing} findings pending")


def tree_stats(dest, eco):
    files = size = 0
    for root, _, names in os.walk(os.path.join(dest, eco, "tree")):
        for n in names:
            p = os.path.join(root, n)
            if os.path.isfile(p) and not os.path.islink(p):
                files += 1
                size += os.path.getsize(p)
    return files, size


def cpu(dest, eco, tool):
    p = os.path.join(dest, eco, "out", tool + ".time")
    if not os.path.exists(p):
        return None
    lines = [x for x in open(p).read().splitlines() if x and x[0].isdigit()]
    if not lines:
        return None  # still running
    last = lines[-1].split()
    return float(last[0]) + float(last[1])


def report(dest):
    print("| ecosystem | tool | findings | secret-shaped test values | false flags | false flags per MB | CPU |")
    print("|---|---|---|---|---|---|---|")
    goal = []
    for eco in ("go", "debian", "npm"):
        if not os.path.exists(os.path.join(dest, eco, "out", "findings.jsonl")):
            continue
        files, size = tree_stats(dest, eco)
        mb = size / 1e6
        counts = {}
        for f, v in verdicts(dest, eco):
            c = counts.setdefault(f["tool"], {"n": 0, "judged": 0, "false": 0, "test": 0, "real": 0})
            c["n"] += 1
            if v:
                c["judged"] += 1
                c[v[0]] += 1
        per = {}
        first = True
        for tool in TOOLS:
            if tool not in counts and cpu(dest, eco, tool) is None:
                continue
            c = counts.get(tool, {"n": 0, "judged": 0, "false": 0, "test": 0, "real": 0})
            t = cpu(dest, eco, tool)
            if c["judged"] < c["n"]:
                # Estimated from the judged part.
                est = c["false"] / c["judged"] * c["n"] if c["judged"] else 0
                ff = f"≈{est:.0f} ({c['false']} of {c['judged']} judged)"
                per[tool] = est / mb
            else:
                ff = str(c["false"])
                per[tool] = c["false"] / mb
            head = f"| {eco}: {files:,} files, {mb:.1f} MB" if first else "|"
            first = False
            real = f", {c['real']} real" if c["real"] else ""
            print(f"{head} | {TOOL_NAMES[tool]} | {c['n']} | {c['test']}{real} | {ff} | "
                  f"{per[tool]:.3f} | {'' if t is None else f'{t:.1f} s'} |")
        peers = [per[t] for t in ("gitleaks", "trufflehog") if t in per]
        if "rg" in per and peers:
            goal.append(f"{eco}: {per['rg'] / min(peers):.2f}" if min(peers) else f"{eco}: -")
    if goal:
        print("\nremnant-guard's false flags per MB ÷ the quietest peer's (goal ≤ 0.5): " + ", ".join(goal))


def summary(dest, tool, per_class=10):
    """The false flags of one tool by class, with examples (no values)."""
    name = TOOL_NAMES[tool]
    print(f"## {name}: false flags by class\n")
    for eco in ("go", "debian", "npm"):
        rows = [r for r in load_tsv(tsv_path(eco)) if r["tool"] == name]
        if not rows:
            continue
        false = [r for r in rows if r["verdict"] == "false"]
        print(f"### {eco}: {len(false)} false of {len(rows)} findings\n")
        by = {}
        for r in false:
            by.setdefault(r["class"], []).append(r)
        for cls, rs in sorted(by.items(), key=lambda x: -len(x[1])):
            print(f"- **{cls}** ({len(rs)})")
            shown = set()
            for r in rs:
                k = (r["reason"], r["rule"])
                if k in shown:
                    continue
                shown.add(k)
                n = sum(1 for x in rs if (x["reason"], x["rule"]) == k)
                print(f"  - `{r['path']}:{r['line']}` {r['rule']}: {r['reason']}"
                      + (f" ({n} like it)" if n > 1 else ""))
                if len(shown) >= per_class:
                    break
        print()


def sample(dest, eco, tool, n, seed):
    """A seeded random sample of a tool's findings: judge these groups."""
    fs = [f for f in load_findings(dest, eco) if f["tool"] == tool]
    rnd = random.Random(seed)
    picked = rnd.sample(fs, min(n, len(fs)))
    for f in picked:
        print(f"{f['group']}\t{f['path']}:{f['line']}")


def main(argv):
    if len(argv) >= 3 and argv[2] == "report":
        return report(argv[1])
    if len(argv) >= 4 and argv[2] == "summary":
        return summary(argv[1], argv[3])
    if len(argv) < 4:
        sys.exit(__doc__)
    dest, eco, cmd = argv[1], argv[2], argv[3]
    if cmd == "extract":
        extract(dest, eco)
    elif cmd == "pending":
        pending(dest, eco, argv[4].split(",") if len(argv) > 4 else TOOLS)
    elif cmd == "apply":
        apply(dest, eco)
    elif cmd == "sample":
        sample(dest, eco, argv[4], int(argv[5]), int(argv[6]) if len(argv) > 6 else 1)
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
