# docs/mlsi.1 is what `mlsi __man-page` writes from its template (docs/mlsi.1.in) and the verb tables,
# renders without a warning (groff -ww), carries mlsi's version, and names every command and every option
# of `mlsi --help` and of the verb table (`mlsi __verbs`: also the options a command takes that its help
# does not list, such as --output beside -o).
#   cmake -DMLSI=build/mlsi -DPAGE=docs/mlsi.1 -DTEMPLATE=docs/mlsi.1.in -DOUT=build/mlsi.1 -DGROFF=/usr/bin/groff -P man_page.cmake
include(${CMAKE_CURRENT_LIST_DIR}/generated_page.cmake)
check_generated_page(__man-page ${TEMPLATE} ${OUT} ${PAGE} "${PAGE} is not what its template and the verb tables write (compare with \
${OUT}): edit docs/mlsi.1.in or interpreter/verbs/, then run docs/update.sh and commit docs/mlsi.1")
execute_process(COMMAND ${GROFF} -ww -man -z ${PAGE} RESULT_VARIABLE status ERROR_VARIABLE warnings)
if(NOT status EQUAL 0 OR NOT warnings STREQUAL "")
  message(FATAL_ERROR "groff -ww -man -z ${PAGE}: status ${status}\n${warnings}")
endif()

execute_process(COMMAND ${MLSI} --help OUTPUT_VARIABLE help)
execute_process(COMMAND ${MLSI} --version OUTPUT_VARIABLE version OUTPUT_STRIP_TRAILING_WHITESPACE)
# CMake lists split on `;` except inside brackets: neither may stay in the text.
foreach(text help)
  string(REPLACE ";" "," ${text} "${${text}}")
  string(REPLACE "[" "<" ${text} "${${text}}")
  string(REPLACE "]" ">" ${text} "${${text}}")
endforeach()
string(REGEX MATCHALL "\n  mlsi [a-z][a-z-]*" commands "${help}")
list(TRANSFORM commands REPLACE "\n  mlsi " "")
string(REGEX MATCHALL "[^A-Za-z0-9-]--?[a-z][a-z-]*" options "${help}")
list(TRANSFORM options REPLACE "^[^-]" "")
execute_process(COMMAND ${MLSI} __verbs OUTPUT_VARIABLE table)
string(REGEX MATCHALL "\noption\t[a-z-]+\t-[^\t]+" table_options "\n${table}")
list(TRANSFORM table_options REPLACE "^\noption\t[a-z-]+\t" "")
list(APPEND options ${table_options})
list(REMOVE_DUPLICATES options)

file(READ ${PAGE} page)
string(REPLACE "\\-" "-" page "${page}")
# Font changes and unbreakable spaces are not part of a name: `\fB\-j\fR\~\fIN\fR` names -j.
string(REGEX REPLACE "\\\\f[BIRP]" "" page "${page}")
string(REPLACE "\\~" " " page "${page}")
set(failures "")
if(NOT page MATCHES "\n\\.TH MLSI 1 [^\n]* \"${version}\"")
  string(APPEND failures "the .TH line does not say \"${version}\" (mlsi --version)\n")
endif()
foreach(name IN LISTS commands options)
  if(NOT page MATCHES "[^A-Za-z0-9-]${name}[^A-Za-z0-9-]")
    string(APPEND failures "${PAGE} does not name `${name}`\n")
  endif()
endforeach()
if(failures)
  message(FATAL_ERROR "${failures}")
endif()
