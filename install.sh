#!/bin/sh
# Installs a released remnant-guard: picks the archive for this OS and
# architecture, downloads it and the release's SHA256SUMS, checks the
# archive against its line there and installs the binary.
#
#   sh install.sh                          the latest release into ~/.local/bin
#   sh install.sh --version v0.1.0         that release
#   sh install.sh --dir /usr/local/bin     another folder
#
# REMNANT_GUARD_RELEASES_URL replaces the releases address (a mirror laid
# out like GitHub's: <url>/download/<tag>/<file> and
# <url>/latest/download/<file>). Needs curl or wget, tar and gzip (unzip on
# Windows), sha256sum or shasum, head and wc.
set -eu

# The whole script is one group, which the shell reads to its end before
# it runs any of it: a download cut short (curl ... | sh) is a syntax
# error, never a part of the script run.
{

# The download folder and the new binary's folder, removed however the
# script ends; any failure ends it with exit 2 (see die).
tmp=
new=
cleanup() {
	st=$?
	[ -z "$tmp" ] || rm -rf -- "$tmp"
	[ -z "$new" ] || rm -rf -- "$new"
	[ "$st" -eq 0 ] || exit 2
}
trap cleanup EXIT
trap 'exit 2' HUP INT TERM

releases=${REMNANT_GUARD_RELEASES_URL:-https://github.com/remnant-guard/remnant-guard/releases}
version=${REMNANT_GUARD_VERSION:-latest}
dir=${REMNANT_GUARD_INSTALL_DIR:-}
supported="linux/amd64 linux/arm64 darwin/amd64 darwin/arm64 windows/amd64 windows/arm64"

# die MESSAGE: every failure is exit 2, as remnant-guard's errors are (1 is
# its blocking findings): a job that lets findings pass (GitLab's
# allow_failure: exit_codes: [1], say) never lets a failed install pass.
die() {
	printf 'install.sh: error: %s\n' "$*" >&2
	exit 2
}

usage() {
	cat <<'EOF'
Usage: install.sh [--version TAG] [--dir DIR]

Installs a released remnant-guard for this OS and architecture after
checking the archive against the release's SHA256SUMS.

  --version TAG   the release, vMAJOR.MINOR.PATCH (default: the latest;
                  REMNANT_GUARD_VERSION)
  --dir DIR       where the binary goes (default: ~/.local/bin;
                  REMNANT_GUARD_INSTALL_DIR)

REMNANT_GUARD_RELEASES_URL sets where releases are downloaded from
(default: https://github.com/remnant-guard/remnant-guard/releases).
Exit status: 0 installed, 2 not installed (the error says why).
EOF
}

while [ $# -gt 0 ]; do
	case $1 in
	--version) [ $# -ge 2 ] || die "--version needs a tag"; version=$2; shift 2 ;;
	--version=*) version=${1#--version=}; shift ;;
	--dir) [ $# -ge 2 ] || die "--dir needs a folder"; dir=$2; shift 2 ;;
	--dir=*) dir=${1#--dir=}; shift ;;
	-h | --help) usage; exit 0 ;;
	*) usage >&2; die "unknown argument: $1" ;;
	esac
done

# is_tag TAG: a release tag, vMAJOR.MINOR.PATCH with an optional -suffix,
# and nothing that could leave a URL path segment or a file name.
is_tag() {
	case $1 in
	'' | *[!0-9A-Za-z.-]*) return 1 ;;
	esac
	printf '%s\n' "$1" | grep -Eqx 'v(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(-[0-9A-Za-z.-]+)?'
}

if [ "$version" != latest ] && ! is_tag "$version"; then
	die "--version $version is not a release tag (vMAJOR.MINOR.PATCH, e.g. v0.1.0) or latest"
fi
[ -n "$dir" ] || dir=${HOME:?HOME is not set: give --dir}/.local/bin

case $releases in
https://*) ;;
http://*) printf 'install.sh: warning: %s is not https\n' "$releases" >&2 ;;
*) die "REMNANT_GUARD_RELEASES_URL=$releases is not an http(s) address" ;;
esac
releases=${releases%/}

# The platform, named as the release archives name it.
kernel=$(uname -s)
machine=$(uname -m)
case $kernel in
Linux) os=linux ;;
Darwin) os=darwin ;;
MINGW* | MSYS* | CYGWIN* | Windows_NT) os=windows ;;
*) os=unknown ;;
esac
case $machine in
x86_64 | amd64) arch=amd64 ;;
aarch64 | arm64 | armv8*) arch=arm64 ;;
*) arch=unknown ;;
esac
case " $supported " in
*" $os/$arch "*) ;;
*) die "no release for this platform ($kernel $machine); releases exist for: $supported" ;;
esac
bin=remnant-guard
ext=tar.gz
if [ "$os" = windows ]; then
	bin=remnant-guard.exe
	ext=zip
fi

# Tools, checked before anything is downloaded.
if command -v curl >/dev/null 2>&1; then
	fetch=curl
elif command -v wget >/dev/null 2>&1; then
	fetch=wget
else
	die "neither curl nor wget is installed: one is needed to download the release"
fi
if command -v sha256sum >/dev/null 2>&1; then
	hasher=sha256sum
elif command -v shasum >/dev/null 2>&1; then
	hasher=shasum
else
	die "neither sha256sum nor shasum is installed: one is needed to check the download"
fi
if [ "$ext" = zip ]; then
	command -v unzip >/dev/null 2>&1 || die "unzip is needed to unpack $bin"
else
	command -v tar >/dev/null 2>&1 || die "tar is needed to unpack the release"
	command -v gzip >/dev/null 2>&1 || die "gzip is needed to unpack the release"
fi

# download URL FILE MAXBYTES: fails on any HTTP error; follows redirects
# (GitHub serves release files from another host), https only when the
# releases address is https and curl downloads. A file over MAXBYTES is
# refused whether or not the server says its size (the bytes pass through
# head, which stops reading one byte past the limit), and a transfer that
# stalls is given up: curl below 1 KiB/s for a minute, wget after a minute
# without a byte.
download() {
	rm -f -- "$2.failed"
	{
		if [ "$fetch" = curl ]; then
			case $1 in
			https://*) curl -fsSL --proto '=https' --proto-redir '=https' --retry 3 --connect-timeout 30 --speed-limit 1024 --speed-time 60 --max-filesize "$3" -- "$1" ;;
			*) curl -fsSL --retry 3 --connect-timeout 30 --speed-limit 1024 --speed-time 60 --max-filesize "$3" -- "$1" ;;
			esac
		else
			wget -q -T 60 -O - -- "$1"
		fi || : >"$2.failed"
	} | head -c "$(($3 + 1))" >"$2" || die "cannot write $2"
	size=$(wc -c <"$2" | tr -d ' ')
	[ "$size" -le "$3" ] || die "$1 is over $3 bytes: refusing to download it"
	[ ! -e "$2.failed" ] || die "could not download $1"
}

sha256() {
	if [ "$hasher" = sha256sum ]; then
		sha256sum -- "$1"
	else
		shasum -a 256 -- "$1"
	fi | awk '{ print $1 }'
}

tmp=$(mktemp -d 2>/dev/null || mktemp -d -t remnant-guard)

# The latest release is the one whose SHA256SUMS latest/download serves:
# the archive it lists for this platform names the tag, and everything
# after comes from that tag, so a release published meanwhile cannot mix in.
if [ "$version" = latest ]; then
	download "$releases/latest/download/SHA256SUMS" "$tmp/SHA256SUMS" 1048576
	found=$(awk -v os="$os" -v arch="$arch" -v ext="$ext" '
		{ name = $2; sub(/^\*/, "", name) }
		NF == 2 && index(name, "remnant-guard_") == 1 && substr(name, length(name) - length(os "_" arch "." ext)) == "_" os "_" arch "." ext {
			v = substr(name, 15, length(name) - 14 - length(os "_" arch "." ext) - 1)
			if (!(v in seen)) { seen[v] = 1; print v }
		}' "$tmp/SHA256SUMS")
	case $found in
	'') die "the latest release ($releases/latest) lists no archive for $os/$arch" ;;
	*"
"*) die "the latest release's SHA256SUMS names more than one version for $os/$arch" ;;
	esac
	is_tag "$found" || die "the latest release's SHA256SUMS names an archive of no release tag"
	version=$found
else
	download "$releases/download/$version/SHA256SUMS" "$tmp/SHA256SUMS" 1048576
fi

archive=remnant-guard_${version}_${os}_${arch}.${ext}
lines=$(awk -v name="$archive" '{ n = $2; sub(/^\*/, "", n) } NF == 2 && n == name { print $1 }' "$tmp/SHA256SUMS")
case $lines in
'') die "SHA256SUMS of $version has no line for $archive: refusing to install an archive that cannot be checked" ;;
*"
"*) die "SHA256SUMS of $version has more than one line for $archive: refusing to install" ;;
esac
want=$(printf '%s' "$lines" | tr 'A-F' 'a-f')
case $want in
*[!0-9a-f]*) die "SHA256SUMS of $version has no SHA-256 for $archive" ;;
esac
[ ${#want} -eq 64 ] || die "SHA256SUMS of $version has no SHA-256 for $archive"

download "$releases/download/$version/$archive" "$tmp/$archive" 268435456
got=$(sha256 "$tmp/$archive")
if [ "$got" != "$want" ]; then
	die "checksum mismatch for $archive: SHA256SUMS says $want, the download is $got; refusing to install"
fi

mkdir "$tmp/x"
if [ "$ext" = zip ]; then
	unzip -q -o "$tmp/$archive" "$bin" -d "$tmp/x" || die "$archive does not hold $bin"
else
	gzip -dc "$tmp/$archive" | (cd "$tmp/x" && tar -xf - "$bin") || die "$archive does not hold $bin"
fi
if [ ! -f "$tmp/x/$bin" ] || [ -L "$tmp/x/$bin" ]; then
	die "$archive does not hold $bin as a file"
fi

mkdir -p -- "$dir" || die "cannot create $dir"
# Copied into a new folder next to its place (made by mktemp, so no file or
# link there beforehand is written through), run there, then renamed over
# its place: a running remnant-guard is never half written, one that does
# not run never replaces the one installed, and a link at the place is
# replaced, not followed. The folder is removed however the script ends.
new=$(mktemp -d "$dir/.$bin.new.XXXXXX") || die "cannot write to $dir"
cp -- "$tmp/x/$bin" "$new/$bin" || die "cannot write to $dir"
chmod 755 "$new/$bin" || die "cannot make $new/$bin executable"
"$new/$bin" version >/dev/null || die "$archive holds a $bin that does not run here: $dir/$bin is left as it was"
# mv onto a folder, or a link to one, would move the binary into it.
if [ -L "$dir/$bin" ] && [ -d "$dir/$bin" ]; then
	rm -f -- "$dir/$bin" || die "cannot replace the link $dir/$bin"
elif [ -d "$dir/$bin" ]; then
	die "$dir/$bin is a folder: remove it, or install to another --dir"
fi
mv -f -- "$new/$bin" "$dir/$bin" || die "cannot write $dir/$bin"
printf 'install.sh: installed remnant-guard %s (%s/%s) to %s\n' "$version" "$os" "$arch" "$dir/$bin" >&2
case ":${PATH:-}:" in
*":$dir:"*) ;;
*) printf 'install.sh: note: %s is not on PATH\n' "$dir" >&2 ;;
esac
}
