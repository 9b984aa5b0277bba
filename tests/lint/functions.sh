#!/usr/bin/env bash
# Functions you can read at once: none in src/ or render/ over 60 lines,
# counted from the line that starts its signature to its closing brace.
# The house style puts a function's braces alone at column 0, which is
# what this reads.
set -u
cd "$(dirname "$0")/../.."
limit=${1:-60}
awk -v limit="$limit" '
  FNR == 1 { sig = 0; start = 0 }
  /^[A-Za-z_]/ && !/^(typedef|struct|enum|union|extern)\b/ && !/;[ \t]*$/ { sig = FNR }
  /^\{/ { start = sig }
  /^\}/ && start {
    n = FNR - start + 1
    if (n > limit) { printf "%s:%d: function of %d lines (at most %d)\n", FILENAME, start, n, limit; bad = 1 }
    start = 0
  }
  END { exit bad }
' src/*/*.c render/*.c
status=$?
[ $status -eq 0 ] && echo "functions: none over $limit lines"
exit $status
