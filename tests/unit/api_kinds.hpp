// A .mls file with values of every kind, shared by the tests of the public API (api_*_test.cpp).
#pragma once

#include <string>

namespace mlsi_test {

// H100 (stdlib/catalogue): memory 80 GiB, tdp 700 W, name "NVIDIA H100 SXM5" (docs/language.md 8.8).
inline const std::string kApiKinds = R"(## Per-chip memory, a constant of the file (a global `let`).
let chip_memory = 80 GiB

## Values of every kind.
scenario Kinds {
  input chips: Count = 4 where chips >= 1
  input sizes: List[Information] = [1 GiB, 2 GiB, 4 GiB]
  input hw: Hardware = H100
  output memory = chips * chip_memory -> GiB
  output doubled = [2 * s for s in sizes] -> GiB
  output fits = memory <= 1 TiB
  output summary = { memory: hw.memory, tdp: hw.tdp }
  output name = hw.name
}

## A product of two inputs, to sweep.
scenario Grid {
  input a: Count = 1
  input b: Count = 1
  output product = a * b
  output small = a * b <= 2
}
)";

}  // namespace mlsi_test
