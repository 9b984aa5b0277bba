#!/usr/bin/env bash
# threads.sh PROGRAM — the commands that run threads, on a program built
# with ThreadSanitizer (make TSAN=1 check-threads): the searches of every
# engine on two threads, auto's trial beside a one-thread search, the
# counting methods, bounds, a limit's solutions handed over as found,
# checkpoints written on a timer, a search interrupted and resumed, split
# jobs and challenges. Each must end as
# it should (with the published counts of boards/README.md where it
# prints one) and the sanitizer must say nothing: a data race fails the
# command (exit status 66). Under address-space randomisation the
# sanitizer's memory layout can fail to map, hence setarch -R.
set -u
prog=$1
boards=boards
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export TSAN_OPTIONS="halt_on_error=1 exitcode=66 ${TSAN_OPTIONS:-}"
failed=0

sanitized() { setarch "$(uname -m)" -R "$prog" "$@"; }

# expect WANT COMMAND...: the command's output holds the line WANT.
expect()
{
  local want=$1 out status
  shift
  out=$(sanitized "$@" 2>"$tmp/err")
  status=$?
  if [ $status -ne 0 ] || ! grep -qx "$want" <<<"$out"; then
    echo "FAIL ($status): $* (wanted '$want')"
    cat "$tmp/err"
    failed=1
  else
    echo "ok: $*"
  fi
}

for engine in dlx bitdlx bits auto; do
  expect "solutions: 520" solve "$boards/scott.yaml" --count -j2 --engine "$engine"
done
expect "solutions: 2339" xc -j1 tests/data/pent6x10_xq.dlx
expect "solutions: 9356" solve "$boards/pent6x10.yaml" --count -j2 --method meet
expect "solutions: 9356" solve "$boards/pent6x10.yaml" --count -j2 --method frontier
expect "solutions: 3106" solve "$boards/tetra2x5x8.yaml" --count -j2
expect "unique: 5" solve "$boards/pent6x10.yaml" -n 5 -j2
expect "unique: 2339" solve "$boards/pent6x10.yaml" -j2 -o "$tmp/sols" \
  --checkpoint "$tmp/timed" --every 1

# Interrupted once its first checkpoint is written (unless it has ended by
# then), and resumed.
sanitized solve "$boards/scott.yaml" --count -j2 --engine dlx --checkpoint "$tmp/stopped" \
  --every 1 --quiet >/dev/null 2>"$tmp/err" &
for _ in $(seq 300); do
  [ -s "$tmp/stopped" ] || ! kill -0 $! 2>/dev/null && break
  sleep 0.1
done
kill -INT $! 2>/dev/null
wait $!
status=$?
if [ $status -ne 0 ] && [ $status -ne 1 ]; then
  echo "FAIL ($status): interrupted search"
  cat "$tmp/err"
  failed=1
fi
expect "unique: 65" solve "$boards/scott.yaml" --count -j2 --engine dlx --resume "$tmp/stopped"

# Split jobs, each on two threads, then merged.
sanitized solve "$boards/pent6x10.yaml" --count --split-only 3 --jobs 4 --dir "$tmp" >/dev/null
for job in "$tmp"/pent6x10-*.job; do
  ids=$(sed -n 's/^ids //p' "$job") # the job's own subproblems, as it reports them
  expect "engine: bits, 2 threads, $ids subproblems" solve --job "$job" --count -j2 \
    --result "${job%.job}.result" --quiet
done
merged=$(sanitized merge "$tmp"/pent6x10-*.result)
grep -qx "solutions: 9356" <<<"$merged" || { echo "FAIL: merged jobs"; echo "$merged"; failed=1; }

expect "6 challenges, 4 levels, boards in $tmp/challenges" challenge "$boards/kanoodle.yaml" \
  --count 6 -j2 --out "$tmp/challenges"

exit $failed
