// toml++ compiled into mlsi rather than loaded as a shared library (start-up time, see CMakeLists.txt):
// its headers hold the implementation, which this one translation unit instantiates.
#define TOML_IMPLEMENTATION
#include <toml++/toml.h>
