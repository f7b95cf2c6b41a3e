#pragma once
// mlsi's public API: a sweep over the cartesian product of varied inputs, streamed point by point as
// `mlsi sweep` computes it (docs/api.md).
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "mlsi/diagnostics.hpp"
#include "mlsi/request.hpp"
#include "mlsi/value.hpp"

namespace mlsi::api {

struct SweepRequest {
  RunRequest run;  // the scenario and the values of what is not varied
  // `INPUT=SPEC` as --vary takes it: a list (`1,2,4,8`), a range with a step (`1..64 step 8`), a
  // geometric range (`1024..65536 *2`), a range alone (`1..64`: 50 evenly spaced points, ends included);
  // units as the input's (`1 GiB..8 GiB *2`).
  std::vector<std::string> vary;
  std::string where;  // a Bool condition over the inputs and outputs, as --where; empty: every point
  // Shard K of N (1 <= K <= N), as `mlsi sweep --shard K/N`: the K-th of N contiguous blocks of the
  // point order, so that the shards' points, in K order, are the sweep's points.
  std::uint64_t shard_k = 1, shard_n = 1;
  // Threads of Session::sweep_table, the calling one included; 0: the cores available to the process.
  // The table is the same whatever the number. Session::sweep calls its callback from the calling
  // thread and computes there too.
  unsigned jobs = 0;
  // What messages call the texts of `vary` and `where`, where the caller took them from (a location in
  // them is `ORIGIN:1:9`): the fields' own names by default, as the Python module's keywords are.
  std::string vary_origin = "vary";
  std::string where_origin = "where";
};

struct SweepColumn {
  std::string name;
  std::string unit;  // the unit every number of the column is shown in; empty for a Count or a non-quantity
  bool varied = false;  // a varied input (the first columns), else an output
  std::string dimension;  // a quantity's (`Information`, `Count`); empty for a Bool or text column
  std::string si_unit;    // the SI unit its `si` values are in (`byte`, `s`); empty for a Count
  double factor = 1;      // SI value of one `unit`: `number` is `si / factor`
};

struct SweepCell {
  enum class Kind { number, boolean, text };
  Kind kind = Kind::text;
  double si = 0;      // number: in SI base units
  double number = 0;  // number: in the column's unit
  bool boolean = false;
  std::string text;   // lists, records and text as shown; empty in a failed point's outputs
};

struct SweepPoint {
  std::uint64_t index = 0;  // its number in the product, from 0, the last varied input fastest
  std::vector<SweepCell> cells;  // one per column
  std::string error;        // why this point failed (its outputs are then empty), else empty
};

struct SweepResult {
  bool ok = false;  // false: the sweep could not start (see diagnostics); no point was passed on
  std::vector<SweepColumn> columns;
  std::uint64_t total = 0;   // points in the product (before `where`)
  std::uint64_t passed = 0;  // points passed to the callback
  bool stopped = false;      // the callback asked to stop
  Diagnostics diagnostics;
};

// A sweep gathered into columns: `rows` points (those that pass `where`), each column one vector
// of the kind its values are: numbers (in SI), Bools, or texts (lists, records, text as shown). A point
// that failed has NaN, false or "" in its output columns and its message in `errors`.
struct SweepTableColumn {
  SweepColumn column;
  SweepCell::Kind kind = SweepCell::Kind::number;
  std::vector<double> si;           // kind number
  std::vector<unsigned char> flags;  // kind boolean: 0 or 1
  std::vector<std::string> texts;   // kind text
  // Kind text: each point's value as data (a list's entries, a record's fields), as Session::run gives
  // it; a failed point's is an empty text.
  std::vector<Value> values;
};
struct SweepTable {
  bool ok = false;  // false: the sweep could not start (see diagnostics)
  std::uint64_t total = 0;  // points in the product (before `where`)
  std::uint64_t rows = 0;   // points kept
  std::vector<std::uint64_t> index;  // each row's number in the product
  std::vector<SweepTableColumn> columns;
  std::vector<std::pair<std::uint64_t, std::string>> errors;  // (row, why it failed)
  Diagnostics diagnostics;
};

// Called for each point, in order; return false to stop the sweep. Points that fail `where` are left
// out. The columns are known before the first call: they are passed with every point.
using SweepCallback = std::function<bool(const std::vector<SweepColumn>& columns, const SweepPoint& point)>;

}  // namespace mlsi::api
