#!/bin/bash
# Runs the record's jobs that have no result yet, on one thread each; run
# two of these on a two-core machine (two jobs of one thread each count
# more shares an hour than one job of two threads: each thread of a step
# expands every state and keeps its own).
#
#   bench/records/onesided9x10/run-jobs.sh [POLYCOVER]
#
# A job keeps its checkpoint here (onesided9x10-NN.shares: the shares it
# has counted), so a job stopped when the machine goes away resumes where
# it was. A finished job leaves its result here and a line in runs.txt.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
bin=${1:-$root/polycover}
board=$root/boards/onesided9x10.yaml
locks=${TMPDIR:-/tmp}/onesided9x10-locks.$(id -u)
mkdir -p "$locks"
machine="$(nproc) cpu $(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -n 1 | tr ' ' _)"
commit=$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)

for job in "$here"/onesided9x10-*.job; do
  name=$(basename "$job" .job)
  [ -e "$here/$name.result" ] && continue
  mkdir "$locks/$name" 2>/dev/null || continue   # another runner has it
  shares=$here/$name.shares
  how=fresh carry=(--checkpoint "$shares")
  [ -e "$shares" ] && how=resumed carry=(--resume "$shares")
  times=$(mktemp)
  if /usr/bin/time -f "%e %U %S %M" -o "$times" "$bin" solve --job "$job" -j1 --progress \
      "${carry[@]}" --result "$here/$name.result.part" "$board" > /dev/null; then
    mv "$here/$name.result.part" "$here/$name.result"
    read -r wall user sys rss < <(tail -n 1 "$times")
    echo "$name wall ${wall}s user ${user}s sys ${sys}s maxrss ${rss}KB threads 1" \
         "$how commit $commit machine $machine date $(date -u +%FT%TZ)" \
         >> "$here/runs.txt"
  fi
  rm -f "$times"
  rmdir "$locks/$name"
done
