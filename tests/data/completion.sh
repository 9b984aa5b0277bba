#!/usr/bin/env bash
# completion.sh — run by tests/test_paths.c: sources the bash completion
# and prints what it offers for `polycover so<TAB>` and `polycover solve
# --li<TAB>`, the commands it knows, and every command whose long options
# differ from those its --help lists ($POLYCOVER names the program).
set -u
# shellcheck source=docs/completion/polycover.bash
source docs/completion/polycover.bash
complete_line() {
  COMP_WORDS=("$@")
  COMP_CWORD=$(($# - 1))
  _polycover
  echo "${COMPREPLY[*]}"
}
echo "so: $(complete_line polycover so)"
echo "solve --li: $(complete_line polycover solve --li)"
commands=$("$POLYCOVER" --help | sed -n 's/^  \([a-z]*\)  .*/\1/p' | sort | tr '\n' ' ')
offered=$(complete_line polycover '' | tr ' ' '\n' | grep -v '^-' | sort | tr '\n' ' ')
[ "$commands" = "$offered" ] || echo "commands differ: help '$commands', completion '$offered'"
for c in $commands; do
  want=$( ("$POLYCOVER" "$c" --help; echo '  -h, --help') | grep -oE '^ +(-[a-z0-9], )?--[a-z-]+' |
    grep -oE -- '--[a-z-]+' | sort -u | tr '\n' ' ')
  got=$(complete_line polycover "$c" -- | tr ' ' '\n' | sort -u | tr '\n' ' ')
  [ "$want" = "$got" ] || echo "options differ: $c: help '$want', completion '$got'"
done
echo "checked: $commands"
