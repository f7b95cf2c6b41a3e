# The shell completions (interpreter/cli/completions/) name every command and every option of
# `mlsi --help`, and work: each script passes its shell's syntax check, and asked to complete `mlsi r`
# offers `run` (bash always; zsh and fish where they are installed).
#   cmake -DMLSI=build/mlsi -DDIR=build/completions -DSRC=. -DOUT=build/completions-test -P completions.cmake
execute_process(COMMAND ${MLSI} --help OUTPUT_VARIABLE help RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "mlsi --help failed")
endif()
# CMake lists split on `;` except inside brackets: neither may stay in the text.
string(REPLACE ";" "," help "${help}")
string(REPLACE "[" "<" help "${help}")
string(REPLACE "]" ">" help "${help}")
string(REGEX MATCHALL "\n  mlsi [a-z][a-z-]*" commands "${help}")
list(TRANSFORM commands REPLACE "\n  mlsi " "")
# An option: a dash or two and a word, after anything but a letter, digit or dash (not `check-catalogue`).
string(REGEX MATCHALL "[^A-Za-z0-9-]--?[a-z][a-z-]*" options "${help}")
list(TRANSFORM options REPLACE "^[^-]" "")
list(REMOVE_DUPLICATES options)
list(LENGTH commands command_count)
list(LENGTH options option_count)
if(command_count LESS 11 OR option_count LESS 30)
  message(FATAL_ERROR "read only ${command_count} commands and ${option_count} options from mlsi --help")
endif()

set(failures "")
foreach(script mlsi.bash _mlsi mlsi.fish)
  file(READ ${DIR}/${script} text)
  foreach(command IN LISTS commands)
    if(NOT text MATCHES "[^A-Za-z0-9-]${command}[^A-Za-z0-9-]")
      string(APPEND failures "${script} does not name the command `${command}`\n")
    endif()
  endforeach()
  foreach(option IN LISTS options)
    # fish writes `--name` as `-l name` and `-o` as `-s o`.
    if(script STREQUAL "mlsi.fish")
      string(REGEX REPLACE "^--" "-l " written "${option}")
      string(REGEX REPLACE "^-([a-z])$" "-s \\1" written "${written}")
    else()
      set(written "${option}")
    endif()
    if(NOT text MATCHES "[^A-Za-z0-9-]${written}[^A-Za-z0-9-]")
      string(APPEND failures "${script} does not name the option `${option}`\n")
    endif()
  endforeach()
endforeach()

# Completes `line` (its last word, empty after a trailing blank) in `shell`; sets `out` to the offers.
file(MAKE_DIRECTORY ${OUT})
file(WRITE ${OUT}/complete.bash [=[
source "$1"
read -r -a COMP_WORDS <<< "$2"
COMP_CWORD=${#COMP_WORDS[@]}
if [[ $2 == *" " ]]; then COMP_WORDS+=(""); else COMP_CWORD=$((COMP_CWORD - 1)); fi
_mlsi
printf '%s\n' "${COMPREPLY[@]}"
]=])
# zsh's completion system needs a terminal: its builtins are replaced by ones that print what they offer.
file(WRITE ${OUT}/complete.zsh [=[
compadd() { while [[ $1 == -* && $1 != -- ]]; do shift; done; [[ $1 == -- ]] && shift; print -l -- "$@"; }
_describe() { print -l -- ${(P)${@[-1]}}; }
_files() { print -- '(files)'; }
words=(${=2})
[[ $2 == *' ' ]] && words+=('')
CURRENT=${#words}
source "$1"
]=])
file(WRITE ${OUT}/complete.fish [=[
source $argv[1]
complete -C $argv[2]
]=])
function(complete shell script line out)
  if(shell STREQUAL "bash")
    set(command bash --norc --noprofile ${OUT}/complete.bash ${script} "${line}")
  elseif(shell STREQUAL "zsh")
    set(command zsh -f ${OUT}/complete.zsh ${script} "${line}")
  else()
    set(command fish --no-config ${OUT}/complete.fish ${script} "${line}")
  endif()
  execute_process(COMMAND ${command} WORKING_DIRECTORY ${SRC} OUTPUT_VARIABLE offers ERROR_VARIABLE errors RESULT_VARIABLE status)
  if(NOT status EQUAL 0 OR NOT errors STREQUAL "")
    set(offers "(${shell} failed: ${status} ${errors})")
  endif()
  set(${out} "${offers}" PARENT_SCOPE)
endfunction()

# What a user types, and one offer it must bring (from the help and README: `run`, `--config`, the kind
# `hardware`, the entry `H100`, the scenario `ActivationMemory` after each command that runs one, the
# formats of each command).
set(cases
  "mlsi r|run"
  "mlsi run --con|--config"
  "mlsi list h|hardware"
  "mlsi show H10|H100"
  "mlsi run Activation|ActivationMemory"
  "mlsi sweep ActivationMemory --v|--vary"
  "mlsi test --report --format |md"
  "mlsi doc cat|catalogue"
  "mlsi catalogue f|from-hf"
  "mlsi run ServingFit --work|--workload"
  "mlsi solve Activation|ActivationMemory"
  "mlsi run ActivationMemory --format |csv"
  "mlsi sweep ActivationMemory --format |jsonl"
  "mlsi eval --format |json"
  "mlsi list hardware --format |json")
# What a user types, and a word it must not offer: the words of the help around a format's name.
set(absent
  "mlsi run ActivationMemory --format |default"
  "mlsi run ActivationMemory --format |jsonl"
  "mlsi run ActivationMemory --format |each")
set(shells bash)
foreach(shell zsh fish)
  find_program(found_${shell} ${shell})
  if(found_${shell})
    list(APPEND shells ${shell})
  else()
    message(STATUS "${shell} is not installed: its script is checked for names only")
  endif()
endforeach()
foreach(shell IN LISTS shells)
  if(shell STREQUAL "bash")
    set(script ${DIR}/mlsi.bash)
  elseif(shell STREQUAL "zsh")
    set(script ${DIR}/_mlsi)
  else()
    set(script ${DIR}/mlsi.fish)
  endif()
  execute_process(COMMAND ${shell} -n ${script} RESULT_VARIABLE status ERROR_VARIABLE errors)
  if(NOT status EQUAL 0 OR NOT errors STREQUAL "")
    string(APPEND failures "${shell} -n ${script}: ${errors}\n")
  endif()
  foreach(c IN LISTS cases)
    string(REPLACE "|" ";" c "${c}")
    list(GET c 0 line)
    list(GET c 1 expected)
    complete(${shell} ${script} "${line}" offers)
    # One offer a line; fish adds a tab and the description, zsh's commands `:description`.
    if(NOT offers MATCHES "(^|\n)${expected}(\n|\t|:|$)")
      string(APPEND failures "${shell}: `${line}` does not offer `${expected}`; it offers:\n${offers}\n")
    endif()
  endforeach()
  foreach(c IN LISTS absent)
    string(REPLACE "|" ";" c "${c}")
    list(GET c 0 line)
    list(GET c 1 unexpected)
    complete(${shell} ${script} "${line}" offers)
    if(offers MATCHES "(^|\n)${unexpected}(\n|\t|:|$)")
      string(APPEND failures "${shell}: `${line}` offers `${unexpected}`; it offers:\n${offers}\n")
    endif()
  endforeach()
  message(STATUS "${shell}: ${script} checked")
endforeach()

if(failures)
  message(FATAL_ERROR "${failures}")
endif()
