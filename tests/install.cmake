# `cmake --install` of this build into a fresh prefix puts mlsi, its man page and its completions where
# README says: bin/mlsi (which runs), share/man/man1/mlsi.1, and each shell's completion folder.
#   cmake -DBUILD=build -DSRC=. -DPREFIX=build/install-test -P install.cmake
file(REMOVE_RECURSE ${PREFIX})
execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD} --prefix ${PREFIX} OUTPUT_QUIET RESULT_VARIABLE status ERROR_VARIABLE errors)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "cmake --install ${BUILD} --prefix ${PREFIX} failed (${status}):\n${errors}")
endif()
set(failures "")
execute_process(COMMAND ${PREFIX}/bin/mlsi --version OUTPUT_VARIABLE version RESULT_VARIABLE status)
if(NOT status EQUAL 0 OR NOT version MATCHES "^mlsi [0-9]+\\.[0-9]+\\.[0-9]+\n$")
  string(APPEND failures "${PREFIX}/bin/mlsi --version: status ${status}, `${version}`\n")
endif()
# Each installed file, and what it is a copy of.
set(files
  "share/man/man1/mlsi.1|${SRC}/docs/mlsi.1"
  "share/bash-completion/completions/mlsi|${BUILD}/completions/mlsi.bash"
  "share/zsh/site-functions/_mlsi|${BUILD}/completions/_mlsi"
  "share/fish/vendor_completions.d/mlsi.fish|${BUILD}/completions/mlsi.fish")
foreach(f IN LISTS files)
  string(REPLACE "|" ";" f "${f}")
  list(GET f 0 installed)
  list(GET f 1 original)
  if(NOT EXISTS ${PREFIX}/${installed})
    string(APPEND failures "${PREFIX}/${installed} is not installed\n")
  else()
    execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${PREFIX}/${installed} ${original} RESULT_VARIABLE different)
    if(different)
      string(APPEND failures "${PREFIX}/${installed} differs from ${original}\n")
    endif()
  endif()
endforeach()
if(failures)
  message(FATAL_ERROR "${failures}")
endif()
