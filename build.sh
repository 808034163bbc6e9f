#!/usr/bin/env bash
# Builds the release archives of remnant-guard: static, reproducible
# (-trimpath) binaries for linux, darwin and windows on amd64 and arm64,
# each packed alone into dist/remnant-guard_<version>_<os>_<arch>.tar.gz
# (.zip for windows), with a SHA256SUMS file of the archives. Needs GNU
# tar, gzip, sha256sum and, for windows, zip.
#
#   ./build.sh                 version from git describe
#   VERSION=v1.2.0 ./build.sh  an explicit version
#   TARGETS=linux/amd64 ./build.sh, DIST=out ./build.sh   fewer targets, another folder
#
# Releasing, for example v0.1.0. One tag names the release everywhere: the
# go install version (.../cmd/remnant-guard@v0.1.0), the pre-commit rev
# (rev: v0.1.0), the GitHub Action (uses: remnant-guard/remnant-guard@v0.1.0,
# which downloads this release's archive), install.sh --version v0.1.0 and
# the release archives. Tags are vMAJOR.MINOR.PATCH.
#   1. bash .ci/run                                    the tests pass
#   2. git tag -a v0.1.0 -m "remnant-guard v0.1.0"     an annotated tag
#   3. git push origin v0.1.0                          .github/workflows/release.yml
#      runs this script and publishes dist/* with install.sh (CONTRIBUTING.md,
#      "Releasing")
set -euo pipefail

cd "$(dirname "$0")"

version=${VERSION:-$(git describe --tags --always --dirty 2>/dev/null || echo dev)}
# The tag grammar of install.sh and action.yml (semantic versions: no
# leading zeros), so that every release published can be installed.
if [ -n "${VERSION:-}" ] && ! [[ "$VERSION" =~ ^v(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(-[0-9A-Za-z.-]+)?$ ]]; then
  echo "build.sh: VERSION=$VERSION is not a release tag (vMAJOR.MINOR.PATCH, e.g. v0.1.0)" >&2
  exit 2
fi
commit=$(git rev-parse --short=12 HEAD 2>/dev/null || echo unknown)
if [ -n "$(git status --porcelain 2>/dev/null)" ]; then
  commit="$commit-dirty"
fi
targets=${TARGETS:-"linux/amd64 linux/arm64 darwin/amd64 darwin/arm64 windows/amd64 windows/arm64"}
tools="tar gzip sha256sum"
case " $targets " in *" windows/"*) tools="$tools zip" ;; esac
for tool in $tools; do
  command -v "$tool" >/dev/null || { echo "build.sh: $tool is needed to pack the release" >&2; exit 2; }
done
# The archives' file times: the commit's, so that the same commit packs
# the same bytes.
epoch=$(git log -1 --format=%ct 2>/dev/null || echo 0)

dist=${DIST:-dist}
mkdir -p "$dist"
dist=$(cd "$dist" && pwd)
# Only what this script writes is removed first: a DIST named by mistake
# (a home folder, say) loses nothing else.
rm -f -- "$dist"/remnant-guard_* "$dist/SHA256SUMS"
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
for target in $targets; do
  goos=${target%/*}
  goarch=${target#*/}
  bin=remnant-guard
  [ "$goos" = windows ] && bin=remnant-guard.exe
  name="remnant-guard_${version}_${goos}_${goarch}"
  mkdir -p "$stage/$name"
  echo "building $name"
  CGO_ENABLED=0 GOOS=$goos GOARCH=$goarch go build -trimpath -buildvcs=false \
    -ldflags "-s -w -X main.version=$version -X main.commit=$commit" \
    -o "$stage/$name/$bin" ./cmd/remnant-guard
  touch -d "@$epoch" "$stage/$name/$bin"
  if [ "$goos" = windows ]; then
    (cd "$stage/$name" && zip -q -X "$dist/$name.zip" "$bin")
  else
    tar -C "$stage/$name" --owner=0 --group=0 --numeric-owner --mode=0755 -cf - "$bin" | gzip -n > "$dist/$name.tar.gz"
  fi
done

(cd "$dist" && sha256sum -- remnant-guard_* > SHA256SUMS)
echo "$dist/SHA256SUMS written"
