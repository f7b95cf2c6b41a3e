#pragma once
// The points of a sweep as rows of a table, CSV or JSON, written as they are computed, so that memory
// does not grow with the number of points.
#include <ostream>
#include <string>
#include <vector>

#include "report/render.hpp"
#include "session/sweep.hpp"

namespace mlsi {

class SweepRowWriter {
 public:
  // Writes the header of a prepared sweep's columns: the varied inputs, then every output, each in its
  // fixed unit.
  SweepRowWriter(std::ostream& out, Format format, Sweep& sweep);
  // One point: an error row has empty cells after the inputs.
  void row(const std::vector<SweepCell>& cells, const std::string& error);
  // Ends the rows (JSON closes its list) and writes what is buffered.
  void finish();

 private:
  // A number is in SI: it is written in its column's unit. How a cell is written for people (table) or exactly (CSV); JSON is put_json's.
  enum class Writing { table, csv };
  void put(const SweepCell& c, std::size_t i, Writing writing);
  void flush();

  // One JSON cell: a quantity object of docs/language.md §14, a Bool, or another value (a list, a record).
  void put_json(const SweepCell& c, std::size_t column);

  std::ostream& out_;
  Format format_;
  const Program& program_;
  std::vector<std::string> names_, units_, json_names_;
  std::vector<double> factors_;
  std::vector<DisplayUnit> display_;
  std::vector<Type> types_;
  // A quantity cell of column c is json_head_[c] + value + json_middle_[c] + si + json_tail_[c].
  std::vector<std::string> json_head_, json_middle_, json_tail_;
  std::vector<std::size_t> widths_;
  std::string buf_;
  std::size_t rows_ = 0;
};

}  // namespace mlsi
