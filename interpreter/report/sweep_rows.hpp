#pragma once
// The points of a sweep as rows of a table, CSV, JSON or JSON Lines, written as they are computed, so
// that memory does not grow with the number of points.
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "report/render.hpp"
#include "report/row_buffer.hpp"
#include "sweep/sweep.hpp"

namespace mlsi {

// How the rows of a prepared sweep are written: its header, each row, its end, appended to a buffer.
// Writing a row changes nothing: threads each append rows to buffers of their own at once.
class SweepRowFormat {
 public:
  SweepRowFormat(Format format, Sweep& sweep);

  // The header of the sweep's columns: the varied inputs, then every output, each in its fixed unit
  // (nothing for JSON Lines, whose every line stands alone).
  void header(std::string& out) const;
  // One point: an error row has empty cells after the inputs. Numbers are written straight into `out`
  // (std::to_chars), without allocating: a sweep of millions of rows spends its time here. A JSON row
  // starts with ",\n  {": the first row of the output goes without its comma (SweepRowWriter).
  void row(std::string& out, const std::vector<PointCell>& cells, const std::string& error) const;
  // Whether rows() writes this sweep's rows (CSV's): a sweep of millions of rows spends its time there.
  bool writes_runs() const { return format_ == Format::csv; }
  // The rows of a run of plain points, read from the compiled program's registers and written in place:
  // the same text row() writes of their cells.
  void rows(RowBuffer& out, const Sweep::PointRun& run) const;
  // Ends the rows: JSON closes its list.
  void footer(std::string& out) const;
  Format format() const { return format_; }

 private:
  // A number is in SI: it is written in its column's unit. How a cell is written for people (table) or
  // exactly (CSV); JSON is put_json's.
  enum class Writing { table, csv };
  void put(std::string& out, const PointCell& c, std::size_t i, Writing writing) const;
  // One JSON cell: a quantity object of docs/language.md §14, a Bool, or another value (a list, a record).
  void put_json(std::string& out, const PointCell& c, std::size_t column) const;

  Format format_;
  const Program& program_;
  std::string scenario_;
  std::vector<std::string> names_, units_, json_names_;
  std::vector<double> factors_;
  std::vector<DisplayUnit> display_;
  std::vector<Type> types_;
  // A quantity cell of column c is json_head_[c] + value + json_middle_[c] + si + json_tail_[c].
  std::vector<std::string> json_head_, json_middle_, json_tail_;
  std::vector<std::size_t> widths_;
  // The longest CSV row of numbers and Bools.
  std::size_t csv_row_chars_ = 0;
};

// Rows written to a stream through a buffer: the header when made, then rows one at a time or a
// buffer of them at once (a chunk of a parallel sweep, formatted by format()), then the end.
class SweepRowWriter {
 public:
  SweepRowWriter(std::ostream& out, Format format, Sweep& sweep);
  const SweepRowFormat& format() const { return format_; }
  void row(const std::vector<PointCell>& cells, const std::string& error);
  // Rows that format().row or rows() wrote.
  void rows(std::string_view rows);
  // Ends the rows and writes what is buffered.
  void finish();

 private:
  void flush();

  std::ostream& out_;
  SweepRowFormat format_;
  std::string buf_;
  bool first_row_ = true;  // no row written yet: a JSON row drops its leading comma
};

}  // namespace mlsi
