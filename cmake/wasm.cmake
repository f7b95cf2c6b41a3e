# The WebAssembly build (MLSI_WASM, web/README.md): mlsi::lang and the playground's module (web/wasm/),
# compiled by Debian's Emscripten (`emcmake cmake -B build-wasm -DMLSI_WASM=ON`).
#
# PEGTL, fmt, toml++ and nlohmann/json are the host's Debian packages: header-only or compiled in from their headers, so
# their headers are all the WebAssembly build needs. The host's /usr/include itself must not be searched
# (its C library is glibc's, not Emscripten's), so each library's folder is linked into one of the build's
# own, which is searched instead.
if(NOT EMSCRIPTEN)
  message(FATAL_ERROR "MLSI_WASM needs Emscripten's toolchain: configure with `emcmake cmake -B build-wasm -DMLSI_WASM=ON`")
endif()
set(MLSI_WASM_INCLUDE ${PROJECT_BINARY_DIR}/host-headers)
file(MAKE_DIRECTORY ${MLSI_WASM_INCLUDE})
foreach(header tao/pegtl.hpp fmt/format.h toml++/toml.h nlohmann/json.hpp)
  string(MAKE_C_IDENTIFIER ${header} var)
  find_path(MLSI_HOST_${var} ${header} PATHS /usr/include /usr/local/include NO_DEFAULT_PATH NO_CMAKE_FIND_ROOT_PATH)
  if(NOT MLSI_HOST_${var})
    message(FATAL_ERROR "MLSI_WASM: no ${header} on the host (bash .ci/install build installs tao-pegtl-dev libfmt-dev libtomlplusplus-dev nlohmann-json3-dev)")
  endif()
  get_filename_component(folder ${header} DIRECTORY)
  file(CREATE_LINK ${MLSI_HOST_${var}}/${folder} ${MLSI_WASM_INCLUDE}/${folder} SYMBOLIC)
endforeach()
foreach(target taocpp::pegtl fmt::fmt tomlplusplus::tomlplusplus nlohmann_json::nlohmann_json)
  add_library(${target} INTERFACE IMPORTED)
  set_target_properties(${target} PROPERTIES INTERFACE_INCLUDE_DIRECTORIES ${MLSI_WASM_INCLUDE})
endforeach()
# No threads: the module runs on the page's thread (a build with -pthread would need shared memory, which
# a page gets only with cross-origin isolation headers a static host may not send). std::mutex is then
# Emscripten's single-threaded one.
add_library(Threads::Threads INTERFACE IMPORTED)

# The language reports errors by exceptions (an evaluation error unwinds to the run that catches it).
# WebAssembly's own exception handling costs nothing until one is thrown; Emscripten's older JavaScript
# emulation (-fexceptions) makes every call that may throw go through JavaScript (bench/RESULTS.md).
set(MLSI_WASM_EXCEPTIONS wasm CACHE STRING "Exceptions in WebAssembly: wasm (its own, the default) or js (Emscripten's emulation, for comparison)")
if(MLSI_WASM_EXCEPTIONS STREQUAL "js")
  add_compile_options(-fexceptions)
  add_link_options(-fexceptions)
else()
  add_compile_options(-fwasm-exceptions)
  add_link_options(-fwasm-exceptions)
endif()

# Release (web/build.sh's build type) is -O2 with link-time optimization: measured (bench/RESULTS.md) as
# fast as -O3 and several times -Os (a check of a scenario file 5 times faster), for a third more bytes of
# WebAssembly (0.65 MB gzip against 0.48 MB; the page's budget is 3 MB); it also builds faster, the
# optimizing being done once, at the link.
set(CMAKE_CXX_FLAGS_RELEASE "-O2 -DNDEBUG")
add_compile_options($<$<CONFIG:Release>:-flto>)
add_link_options($<$<CONFIG:Release>:-flto>)
