#!/usr/bin/env bash
# completion.sh — run by tests/test_paths.c: sources the bash completion
# and prints what it offers for `polycover so<TAB>` and `polycover solve
# --li<TAB>`, the commands it knows, and every command whose long options
# differ from those its --help lists; then the same for the zsh completion
# and the man page's section of each command (which leaves --help to its
# DESCRIPTION) ($POLYCOVER names the program).
set -u
# shellcheck source=docs/completion/polycover.bash
source docs/completion/polycover.bash
complete_line() {
  COMP_WORDS=("$@")
  COMP_CWORD=$(($# - 1))
  _polycover
  echo "${COMPREPLY[*]}"
}
# The long options in zsh's completion of command $1.
zsh_options() {
  local body
  if [ "$1" = solve ]; then
    body=$(sed -n '/^_polycover_solve()/,/^}/p' docs/completion/_polycover)
  else
    body=$(awk -v c="$1" '$0 ~ "^    " c "\\)" {on = 1} on {print} on && /;;/ {on = 0}' \
      docs/completion/_polycover)
  fi
  case $body in
    *'$search'*) body+=$(sed -n '/^local -a engine/,/^$/p' docs/completion/_polycover) ;;
    *'$threads'*) body+=$(grep '^threads=' docs/completion/_polycover) ;;
  esac
  echo "$body" | grep -oE -- '--[a-z-]+' | sort -u | tr '\n' ' '
}
# The long options in the man page's section on command $1, and --help.
man_options() {
  (awk -v c="$1" '/^\.SH/ {on = 0} /^\.SS / {on = $0 ~ "^\\.SS \"" c "[ \"]"} on' docs/polycover.1 |
    sed 's/\\-/-/g'; echo '--help') | grep -oE -- '--[a-z-]+' | sort -u | tr '\n' ' '
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
  got=$(zsh_options "$c")
  [ "$want" = "$got" ] || echo "zsh options differ: $c: help '$want', zsh '$got'"
  got=$(man_options "$c")
  [ "$want" = "$got" ] || echo "man page options differ: $c: help '$want', man '$got'"
done
echo "checked: $commands"
