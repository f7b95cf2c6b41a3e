# docs/language.md's option regions (`<!-- options: ... -->` to `<!-- end options -->`) are what the verb
# and option tables write, and the rest of the file is kept byte for byte by `mlsi __option-regions`.
#   cmake -DMLSI=build/mlsi -DPAGE=docs/language.md -DOUT=build/language.md -P language_options.cmake
file(READ ${PAGE} page)
if(NOT page MATCHES "<!-- options: synopsis -->\n")
  message(FATAL_ERROR "${PAGE} has no `<!-- options: synopsis -->` region")
endif()
include(${CMAKE_CURRENT_LIST_DIR}/generated_page.cmake)
check_generated_page(__option-regions ${PAGE} ${OUT} ${PAGE}
                     "${PAGE}'s option regions are not what the verb tables write (compare with ${OUT}): run docs/update.sh and commit docs/language.md")
