# polycover.bash - bash completion for polycover: the commands, each
# command's options (as its --help lists them), option values, and files.
# Installed as share/bash-completion/completions/polycover; or source it.
# shellcheck disable=SC2207 # compgen words (no spaces; IFS is a newline for files)

_polycover_options()
{
  case $1 in
    solve) echo "-c --count -n --limit --all --unique --best --sym-table --leftmost -o --output
                 --render --index --gallery --max --columns --sort --labels --profile-plot --profile
                 --json --no-precheck --method --meet-split -j --threads --engine --progress --quiet
                 --checkpoint --every --resume --split-only --jobs --dir --job --result --mpi -h --help" ;;
    score) echo "-b --best --json -h --help" ;;
    rows | list) echo "-h --help" ;;
    pieces) echo "-g --grid -s --size -1 --one-sided -c --count --name --json -h --help" ;;
    xc) echo "-p --print -n --limit --max-updates --leftmost --profile --json -j --threads
              --engine --progress --quiet --checkpoint --every --resume -h --help" ;;
    estimate) echo "--all --paths --seed --leftmost --json -h --help" ;;
    merge) echo "-c --count --board --json -h --help" ;;
    challenge) echo "--count --from --left --minimal --levels --seed --out --booklet -j --threads
                     -h --help" ;;
    queens) echo "-p --print -n --limit --natural --profile --json -h --help" ;;
    sudoku) echo "-q --quiet --json -h --help" ;;
    render) echo "-o --output -i --index -g --gallery -m --max -c --columns --pieces --labels
                  --no-inner --cell -h --help" ;;
  esac
}

# Files: folders, and for a command that reads boards its kinds of file.
_polycover_files()
{
  local cur=$2 IFS=$'\n'
  case $1 in
    solve | rows | challenge) COMPREPLY=($(compgen -d -- "$cur") $(compgen -f -X '!*.yaml' -- "$cur")) ;;
    estimate)
      COMPREPLY=($(compgen -d -- "$cur") $(compgen -f -X '!*.yaml' -- "$cur")
        $(compgen -f -X '!*.dlx' -- "$cur"))
      ;;
    list) COMPREPLY=($(compgen -d -- "$cur")) ;;
    *) COMPREPLY=($(compgen -f -- "$cur")) ;;
  esac
  compopt -o filenames 2>/dev/null
}

_polycover()
{
  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]}
  local cmd=${COMP_WORDS[1]}
  COMPREPLY=()
  if [ "$COMP_CWORD" -eq 1 ]; then
    COMPREPLY=($(compgen -W "solve score rows list estimate challenge merge xc queens sudoku pieces
                             render --help --version" -- "$cur"))
    return
  fi
  case $cmd:$prev in
    pieces:-g | pieces:--grid)
      COMPREPLY=($(compgen -W "square triangle stick hex cube sphere" -- "$cur")) ;;
    *:--engine) COMPREPLY=($(compgen -W "dlx bitdlx bits auto" -- "$cur")) ;;
    *:--sort) COMPREPLY=($(compgen -W "symmetry" -- "$cur")) ;;
    solve:--method) COMPREPLY=($(compgen -W "auto frontier meet search" -- "$cur")) ;;
    challenge:--from) COMPREPLY=($(compgen -W "random all" -- "$cur")) ;;
    *:-n | *:--limit | *:--index | *:--max | *:--columns | *:-j | *:--threads | *:--every | \
      *:--split-only | *:--jobs | *:--paths | *:--seed | *:-s | *:--size | *:--cell | \
      *:-i | *:-m | *:--max-updates | *:--name | render:-c | *:--left | *:--levels | \
      challenge:--count) ;;
    challenge:--out) COMPREPLY=($(compgen -d -- "$cur")) ;;
    *)
      if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$(_polycover_options "$cmd")" -- "$cur"))
      else
        _polycover_files "$cmd" "$cur"
      fi
      ;;
  esac
}
complete -F _polycover polycover
