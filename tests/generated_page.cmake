# The check that a committed page is what mlsi writes from its source, shared by man_page.cmake and
# language_options.cmake (include()d; MLSI is the interpreter): runs `MLSI COMMAND < INPUT > OUT` and
# fails unless it succeeds and OUT is PAGE byte for byte, with `differs` as the message when it is not.
function(check_generated_page command input out page differs)
  execute_process(COMMAND ${MLSI} ${command} INPUT_FILE ${input} OUTPUT_FILE ${out} RESULT_VARIABLE status ERROR_VARIABLE problem)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "mlsi ${command} < ${input}: status ${status}\n${problem}")
  endif()
  execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${out} ${page} RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "${differs}")
  endif()
endfunction()
