# The `write_errors` test: with standard output on /dev/full (every write fails with ENOSPC), each command
# that writes to it exits with status 2 and says why on standard error, rather than exiting 0 with its
# results lost. Run with -DMLSI=... -DOUT=<scratch folder>, where it writes the scenario it runs.
# Then `mlsi fmt --write` under a file size limit (`ulimit -f`, as a full disk fails a write): mlsi itself
# ignores SIGXFSZ, the write fails with "File too large", and the source is left byte for byte as it was,
# with its mode, and no temporary beside it (docs/security.md, "Files mlsi writes").
cmake_minimum_required(VERSION 3.25)
set(scenario ${OUT}/one_output.mls)
file(MAKE_DIRECTORY ${OUT})
file(WRITE ${scenario} "scenario One {\n  input n: Count = 1\n  output x = n\n}\n")
file(WRITE ${OUT}/script.repl "1 + 1\n")
set(problems "")
macro(expect_write_error)
  execute_process(COMMAND ${MLSI} ${ARGN} INPUT_FILE ${OUT}/script.repl OUTPUT_FILE /dev/full
                  ERROR_VARIABLE err RESULT_VARIABLE status)
  if(NOT status EQUAL 2 OR NOT err STREQUAL "error: cannot write to standard output: No space left on device\n")
    string(REPLACE ";" " " command "${ARGN}")
    string(APPEND problems "mlsi ${command} > /dev/full: status ${status}, standard error:\n${err}\n")
  endif()
endmacro()
expect_write_error(run ${scenario})
expect_write_error(run ${scenario} --format json)
expect_write_error(check ${scenario})
# Far more rows than a stream buffer: the failure comes in the middle, and the sweep stops there.
expect_write_error(sweep ${scenario} --vary "n=1..100000 step 1")
expect_write_error(list hardware)
expect_write_error(show H100)
expect_write_error(doc ${scenario})
expect_write_error(fmt ${scenario})
expect_write_error(repl)
expect_write_error(--help)
expect_write_error(run --help)
expect_write_error(eval "1 + 1")
expect_write_error(eval "1 + 1" --format json)
expect_write_error(list)

# A source of about 100 KB whose layout fmt changes (two spaces after each `=`), under a limit of 64
# blocks of 512 bytes (POSIX `ulimit -f`), 32 KiB.
set(folder ${OUT}/fmt_limit)
file(REMOVE_RECURSE ${folder})
file(MAKE_DIRECTORY ${folder})
set(long "scenario Long {\n")
foreach(i RANGE 4000)
  string(APPEND long "  output x${i} =  ${i}\n")
endforeach()
string(APPEND long "}\n")
file(WRITE ${folder}/long.mls "${long}")
file(CHMOD ${folder}/long.mls PERMISSIONS OWNER_READ OWNER_WRITE GROUP_READ)
file(SHA256 ${folder}/long.mls before)
execute_process(COMMAND sh -c "ulimit -f 64 && exec \"$0\" fmt --write \"$1\"" ${MLSI} ${folder}/long.mls
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE status)
file(SHA256 ${folder}/long.mls after)
execute_process(COMMAND stat -c %a ${folder}/long.mls OUTPUT_VARIABLE mode OUTPUT_STRIP_TRAILING_WHITESPACE)
file(GLOB left RELATIVE ${folder} ${folder}/* ${folder}/.*)
if(NOT status EQUAL 2 OR NOT err STREQUAL "error: cannot write to `${folder}/long.mls`: File too large\n" OR NOT out STREQUAL ""
   OR NOT after STREQUAL before OR NOT mode STREQUAL "640" OR NOT left STREQUAL "long.mls")
  string(APPEND problems "mlsi fmt --write under ulimit -f 64: status ${status}, mode ${mode}, files [${left}], "
         "source ${before} -> ${after}, standard output:\n${out}standard error:\n${err}\n")
endif()

if(problems)
  message(FATAL_ERROR "${problems}")
endif()
