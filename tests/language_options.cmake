# docs/language.md's option regions (`<!-- options: ... -->` to `<!-- end options -->`) are what the verb
# and option tables write, and the rest of the file is kept byte for byte by `mlsi __option-regions`.
#   cmake -DMLSI=build/mlsi -DPAGE=docs/language.md -DOUT=build/language.md -P language_options.cmake
execute_process(COMMAND ${MLSI} __option-regions INPUT_FILE ${PAGE} OUTPUT_FILE ${OUT} RESULT_VARIABLE status ERROR_VARIABLE problem)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "mlsi __option-regions < ${PAGE}: status ${status}\n${problem}")
endif()
file(READ ${PAGE} page)
if(NOT page MATCHES "<!-- options: synopsis -->\n")
  message(FATAL_ERROR "${PAGE} has no `<!-- options: synopsis -->` region")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${OUT} ${PAGE} RESULT_VARIABLE differs)
if(NOT differs EQUAL 0)
  message(FATAL_ERROR "${PAGE}'s option regions are not what the verb tables write (compare with ${OUT}): "
                      "run docs/update.sh and commit docs/language.md")
endif()
