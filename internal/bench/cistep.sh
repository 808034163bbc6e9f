#!/usr/bin/env bash
# The CI step end to end, as the GitHub Action runs it, against the scan
# alone and against fetching gitleaks' release archive, interleaved round
# by round by startbench (wall and CPU of each, children included):
#   install       install.sh: SHA256SUMS and the archive from a local server
#                 laid out like GitHub's releases, checked, unpacked, installed
#   release-step  the Action at a release tag: its pick, install and scan steps
#   cached-step   the Action at another ref, cache hit: pick (hashing the
#                 source), the cached folder copied back (the cache download
#                 emulated by cp), scan
#   scan          remnant-guard ci --format github --sarif FILE alone
#   gitleaks-get  what gitleaks-action does to get gitleaks: its release
#                 archive (rebuilt from v8.30.1 as its release builds it,
#                 -trimpath -s -w) fetched from the same server and unpacked
# Downloads are from 127.0.0.1: network time is left out of every row; the
# archive sizes are printed. Then one cold build of the Action's build step
# (empty GOCACHE, modules already downloaded), timed alone.
# usage: internal/bench/cistep.sh ROUNDS PR-COMMITS
set -euo pipefail
rounds=${1:-20}
commits=${2:-20}
src=$(cd "$(dirname "$0")/../.." && pwd)
w=$(mktemp -d)
trap 'kill "${server:-0}" 2>/dev/null || true; rm -rf "$w"' EXIT
host=$(go env GOOS)/$(go env GOARCH)

# The release, and gitleaks' archive, served like GitHub's release downloads.
rel="$w/srv/remnant-guard/remnant-guard/releases/download/v0.1.0"
mkdir -p "$rel"
(cd "$src" && TARGETS=$host VERSION=v0.1.0 DIST="$rel" ./build.sh >/dev/null)
cp "$src/install.sh" "$rel/"
GOBIN="$w/gl" GOFLAGS=-mod=mod GOWORK=off CGO_ENABLED=0 go install -trimpath -ldflags "-s -w" github.com/zricethezav/gitleaks/v8@v8.30.1
gl="$w/srv/gitleaks/gitleaks/releases/download/v8.30.1"
mkdir -p "$gl"
tar -C "$w/gl" -czf "$gl/gitleaks_8.30.1_linux_x64.tar.gz" gitleaks
port=$((20000 + RANDOM % 20000))
(cd "$w/srv" && exec python3 -m http.server -b 127.0.0.1 "$port" >/dev/null 2>&1) &
server=$!
for _ in $(seq 50); do curl -fso /dev/null "http://127.0.0.1:$port/" && break; sleep 0.1; done
ls -l "$rel" "$gl" | awk '/\.(tar\.gz|zip)$/ { printf "%s: %.1f MB\n", $NF, $5 / 1e6 }'

# The workspace: this repository's last PR-COMMITS commits as a pull request.
git clone -q "$src" "$w/ws"
base=$(git -C "$w/ws" rev-parse "HEAD~$commits")
head=$(git -C "$w/ws" rev-parse HEAD)
printf '{"pull_request":{"base":{"sha":"%s"},"head":{"sha":"%s"}}}' "$base" "$head" > "$w/event.json"

# The Action's run steps, as files.
python3 - "$src/action.yml" "$w" <<'EOF'
import sys, yaml
a = yaml.safe_load(open(sys.argv[1]))
for s in a["runs"]["steps"]:
    if "run" in s:
        open(f"{sys.argv[2]}/step-{s.get('id') or s['name'].split()[0].lower()}.sh", "w").write(s["run"])
EOF
# The cache of the build path, made once.
mkdir -p "$w/cache/remnant-guard-bin"
(cd "$src" && CGO_ENABLED=0 go build -trimpath -buildvcs=false -o "$w/cache/remnant-guard-bin/remnant-guard" ./cmd/remnant-guard)
mkdir -p "$w/prebuilt"
cp "$w/cache/remnant-guard-bin/remnant-guard" "$w/prebuilt/"

cat > "$w/job.sh" <<EOF
#!/usr/bin/env bash
# job.sh MODE: one run of the step in a fresh RUNNER_TEMP.
set -eo pipefail
export RUNNER_TEMP=\$(mktemp -d) GITHUB_WORKSPACE=$w/ws GITHUB_EVENT_NAME=pull_request GITHUB_EVENT_PATH=$w/event.json
export GITHUB_ACTIONS=true CI=true GITHUB_OUTPUT=\$RUNNER_TEMP/out GITHUB_PATH=\$RUNNER_TEMP/path GITHUB_STEP_SUMMARY=\$RUNNER_TEMP/summary
export ACTION_PATH=$src PLATFORM=Linux-X64 GO_VERSION=stable
export REMNANT_GUARD_RELEASES_URL=http://127.0.0.1:$port/remnant-guard/remnant-guard/releases
cd $w/ws
case \$1 in
install) sh $src/install.sh --version v0.1.0 --dir "\$RUNNER_TEMP/remnant-guard-bin" ;;
release-step)
  ACTION_REF=v0.1.0 bash -eo pipefail $w/step-pick.sh
  ACTION_REF=v0.1.0 ACTION_REPOSITORY=remnant-guard/remnant-guard SERVER_URL=http://127.0.0.1:$port bash -eo pipefail $w/step-install.sh
  bash -eo pipefail $w/step-scan.sh || [ \$? = 1 ] ;;
cached-step)
  ACTION_REF=main bash -eo pipefail $w/step-pick.sh
  cp -r $w/cache/remnant-guard-bin "\$RUNNER_TEMP/"
  bash -eo pipefail $w/step-scan.sh || [ \$? = 1 ] ;;
scan) $w/prebuilt/remnant-guard ci --format github --sarif "\$RUNNER_TEMP/r.sarif" || [ \$? = 1 ] ;;
gitleaks-get)
  mkdir "\$RUNNER_TEMP/gitleaks"
  curl -fsSL -o "\$RUNNER_TEMP/gl.tar.gz" http://127.0.0.1:$port/gitleaks/gitleaks/releases/download/v8.30.1/gitleaks_8.30.1_linux_x64.tar.gz
  tar -C "\$RUNNER_TEMP/gitleaks" -xzf "\$RUNNER_TEMP/gl.tar.gz"
  "\$RUNNER_TEMP/gitleaks/gitleaks" version ;;
esac >/dev/null 2>&1
rm -rf "\$RUNNER_TEMP"
EOF
chmod +x "$w/job.sh"
for m in install release-step cached-step scan gitleaks-get; do
  "$w/job.sh" "$m" || { echo "cistep.sh: $m failed" >&2; exit 1; }
done
(cd "$src" && go build -o "$w/startbench" ./internal/startbench)
"$w/startbench" -n "$rounds" -warmup 2 "$w/job.sh" scan -- "$w/job.sh" install -- "$w/job.sh" release-step -- \
  "$w/job.sh" cached-step -- "$w/job.sh" gitleaks-get

# The build path's miss: the Action's go build with an empty build cache.
cold=$(mktemp -d)
/usr/bin/time -f 'cold build (empty GOCACHE): wall %e s, cpu %U + %S s' \
  env GOCACHE="$cold" GOFLAGS= GOWORK=off CGO_ENABLED=0 go build -C "$src" -trimpath -buildvcs=false -o "$cold/rg" ./cmd/remnant-guard
rm -rf "$cold"
