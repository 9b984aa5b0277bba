#!/usr/bin/env bash
# The layers include only downwards: cli -> run -> poly -> core, and
# render -> poly -> core. Prints each upward #include and fails if any.
set -u
cd "$(dirname "$0")/../.."
bad=0
check() { # folder, layers it must not include
  local dir=$1; shift
  for up in "$@"; do
    if grep -n "#include \"$up/" "$dir"/*.[ch] 2>/dev/null; then bad=1; fi
  done
}
check src/core poly run cli render
check src/poly run cli render
check src/run cli render
check render run cli
if [ $bad -ne 0 ]; then
  echo "layers: the #include lines above point upwards (docs/DESIGN.md)" >&2
  exit 1
fi
echo "layers: every #include points down"
