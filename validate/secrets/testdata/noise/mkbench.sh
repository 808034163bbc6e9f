#!/bin/sh
# mkbench.sh builds the real-code noise benchmark: npm packages at pinned
# versions, installed without running their scripts, copied out of
# node_modules into a plain tree (so every scanner reads every file) and
# committed to a fresh git repository.
#
#   validate/secrets/testdata/noise/mkbench.sh [DEST]     (default /tmp/noisebench)
#   FULL=1 validate/secrets/testdata/noise/mkbench.sh     adds the five largest packages
#
# Then, from the repository root:
#
#   go build -o /tmp/rg ./cmd/remnant-guard
#   (cd DEST/tree && /tmp/rg scan --only secrets --format json --output ../rg.json .)
#   gitleaks dir --no-banner --report-format json --report-path DEST/gl.json DEST/tree
#   echo '\.git/' > x.txt
#   trufflehog filesystem --no-verification --json --no-update --exclude-paths=x.txt DEST/tree > DEST/th.json
#
# The findings were judged by hand in judgement.tsv beside this script.
set -eu

dest=${1:-/tmp/noisebench}

# Pinned: the versions measured in BENCHMARKS.md.
pkgs="
@google-cloud/storage@8.4.0
firebase-admin@14.5.1
mongodb@7.9.1
pg@8.23.1
sequelize@6.37.8
express@5.3.0
@octokit/rest@22.0.1
@sentry/node@11.12.0
nodemailer@10.6.1
ioredis@6.0.0
mysql2@3.24.6
@slack/web-api@8.2.0
socket.io@4.8.4
@grpc/grpc-js@1.14.7
kafkajs@2.2.4
"
if [ "${FULL:-}" = 1 ]; then
	pkgs="$pkgs next@16.4.6 prisma@7.10.1 googleapis@188.0.0 aws-cdk-lib@2.276.0 monaco-editor@0.57.0"
fi

rm -rf "$dest"
mkdir -p "$dest/npm" "$dest/tree"
cd "$dest/npm"
printf '{"name":"noisebench","version":"0.0.0","private":true}\n' > package.json
# shellcheck disable=SC2086 # one argument per package
npm install --ignore-scripts --omit=optional --no-audit --no-fund --save-exact $pkgs

# The tree holds every installed package, dependencies included, without
# npm's own bookkeeping and links.
cp -R node_modules/. "$dest/tree/"
rm -rf "$dest/tree/.bin" "$dest/tree/.package-lock.json"
find "$dest/tree" -type l -exec rm -f {} +

cd "$dest/tree"
git init -q
git add -A
git -c user.name=bench -c user.email=bench@example.invalid commit -qm tree
du -sm --exclude=.git . | cut -f1 | sed 's/$/ MB/'
