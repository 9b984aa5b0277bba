#!/bin/sh
# check.sh — `make check-install`: installs into a temporary folder, builds
# scott.c there against the installed headers and library with pkg-config
# only, runs it on the installed Scott board (Knuth: 65 essentially
# different solutions, 520 in all), checks that no header of src/cli went
# along, then installs again staged (DESTDIR) to compare, and uninstalls
# both: nothing of ours may remain. Writes only under its temporary folder
# (the build must be done: the Makefile's target sees to it). The installed
# program runs from another folder and finds its data from where it is
# (no rebuild for this PREFIX): Scott's board by name, and a board outside
# any data folder that names its set. MAKE, CC and LDFLAGS come from the
# Makefile.
set -eu
cd "$(dirname "$0")/../.."
MAKE=${MAKE:-make}
CC=${CC:-cc}
LDFLAGS=${LDFLAGS:-}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/polycover-install.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
prefix=$tmp/prefix
stage=$tmp/stage

fail() {
  echo "check-install: $*" >&2
  exit 1
}

# What a prefix holds, one path a line, relative to it.
listing() {
  (cd "$1" && find . -mindepth 1 | sort)
}

# DESTDIR= overrides one the caller's environment or make's may hold.
$MAKE --no-print-directory install PREFIX="$prefix" DESTDIR= >"$tmp/install.log" ||
  { cat "$tmp/install.log" >&2; fail "make install failed"; }
! grep -Eq '^ *(CC|LD) ' "$tmp/install.log" || fail "make install rebuilt for its PREFIX"
for f in bin/polycover lib/libpolycover.a lib/pkgconfig/polycover.pc \
         include/polycover/polycover.h include/polycover/core/xc.h \
         share/polycover/boards/scott.yaml share/polycover/pieces/pentominoes.yaml \
         share/man/man1/polycover.1 share/bash-completion/completions/polycover \
         share/zsh/site-functions/_polycover; do
  [ -f "$prefix/$f" ] || fail "make install did not install $f"
done
# No header of src/cli, under any name, nor one that includes one.
for c in src/cli/*.h; do
  copy=$(find "$prefix" -type f -exec cmp -s "$c" {} \; -print)
  [ -z "$copy" ] || fail "$c was installed as $copy"
done
! grep -rl '#include "cli/' "$prefix" || fail "an installed header includes one of src/cli"
"$prefix/bin/polycover" --version >/dev/null || fail "the installed program does not run"

# The installed program, run elsewhere, with no POLYCOVER_PATH to help it.
mkdir "$tmp/elsewhere"
(cd "$tmp/elsewhere" && env -u POLYCOVER_PATH "$prefix/bin/polycover" solve scott --count) \
  >"$tmp/scott.out" || fail "the installed program does not solve scott by name"
for line in 'unique: 65' 'solutions: 520'; do
  grep -qx "$line" "$tmp/scott.out" || fail "solve scott --count: $(cat "$tmp/scott.out")"
done
sed 's/^pieces: .*/pieces: pentominoes/' "$prefix/share/polycover/boards/scott.yaml" \
  >"$tmp/elsewhere/mine.yaml"
grep -qx 'pieces: pentominoes' "$tmp/elsewhere/mine.yaml" || fail "scott.yaml names no set"
(cd /tmp && env -u POLYCOVER_PATH "$prefix/bin/polycover" solve "$tmp/elsewhere/mine.yaml" \
  --count) >"$tmp/mine.out" || fail "a board outside the data folders does not find its set"
grep -qx 'solutions: 520' "$tmp/mine.out" || fail "mine.yaml: $(cat "$tmp/mine.out")"

# The user's build: a copy of scott.c in the temporary folder, so that
# nothing of the source tree is on its include path.
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
[ "$(pkg-config --variable=prefix polycover)" = "$prefix" ] ||
  fail "pkg-config does not find the installed polycover.pc"
flags=$(pkg-config --cflags --libs polycover) || fail "pkg-config cannot resolve polycover"
# Each installed header stands alone with those flags.
cflags=$(pkg-config --cflags polycover)
for h in $(cd "$prefix/include/polycover" && find . -name '*.h' | sort); do
  # shellcheck disable=SC2086 # cflags are words
  printf '#include "%s"\n' "${h#./}" |
    $CC -std=c11 -Wall -Wextra -Werror -fsyntax-only $cflags -x c - ||
    fail "the installed $h does not compile alone"
done
cp tests/install/scott.c "$tmp/"
# shellcheck disable=SC2086 # flags are words
(cd "$tmp" && $CC -std=c11 -Wall -Wextra -Werror $LDFLAGS scott.c $flags -o scott) ||
  fail "scott.c does not build against the installed library"
"$tmp/scott" "$prefix/share/polycover/boards/scott.yaml" "$tmp/best.svg" >"$tmp/out" ||
  fail "scott failed"
cat "$tmp/out"
expect() {
  grep -qx "$1" "$tmp/out" || fail "expected the line '$1'"
}
expect "unique 65"
expect "solutions 520"
expect "all 520"
expect "progress 1.0"
grep -Eqx 'subproblems ([0-9]+) of \1' "$tmp/out" ||
  fail "the done callback did not see every subproblem"
[ -s "$tmp/best.svg" ] || fail "no picture drawn"

# Staged: the same files under DESTDIR, with PREFIX in the pkg-config file.
$MAKE --no-print-directory install PREFIX=/opt/polycover DESTDIR="$stage" >/dev/null ||
  fail "make install with DESTDIR failed"
[ "$(listing "$prefix")" = "$(listing "$stage/opt/polycover")" ] ||
  fail "DESTDIR installs other files than PREFIX"
grep -qx 'prefix=/opt/polycover' "$stage/opt/polycover/lib/pkgconfig/polycover.pc" ||
  fail "polycover.pc does not name PREFIX"
(cd "$tmp/elsewhere" && env -u POLYCOVER_PATH "$stage/opt/polycover/bin/polycover" solve scott \
  --count) | grep -qx 'solutions: 520' || fail "the staged program does not find its data"

# Left after uninstall: the shared folders install made (bin, lib, ...), empty.
for root in "$prefix" "$stage/opt/polycover"; do
  dest=${root#"$stage"}
  if [ "$dest" = "$root" ]; then
    $MAKE --no-print-directory uninstall PREFIX="$root" DESTDIR= >/dev/null ||
      fail "make uninstall failed"
  else
    $MAKE --no-print-directory uninstall PREFIX="$dest" DESTDIR="$stage" >/dev/null ||
      fail "make uninstall with DESTDIR failed"
  fi
  left=$(cd "$root" && find . ! -type d -o -name '*polycover*')
  [ -z "$left" ] || fail "make uninstall left in $root: $left"
done
echo "check-install: installed, built with pkg-config, ran, uninstalled"
