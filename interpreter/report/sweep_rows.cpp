#include "report/sweep_rows.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <iterator>

#include "model/display.hpp"
#include "report/csv.hpp"

namespace mlsi {

SweepRowWriter::SweepRowWriter(std::ostream& out, Format format, Sweep& sweep)
    : out_(out), format_(format), program_(sweep.program()), names_(sweep.column_names()), display_(sweep.column_units()) {
  std::string scenario = sweep.scenario().name;
  for (std::size_t c = 0; c < names_.size(); ++c) {
    types_.push_back(sweep.column_type(c));
    units_.push_back(types_[c].scalar().is_quantity() ? display_[c].text : "");
    json_head_.push_back(json_escape(names_[c]) + ": {\"value\": ");
    json_middle_.push_back(", \"unit\": " + json_escape(units_[c]) + ", \"si\": ");
    json_tail_.push_back(", \"dimension\": " + json_escape(program_.dims.format(types_[c].scalar().dim)) + "}");
  }
  for (const auto& u : display_) factors_.push_back(u.factor);
  for (const auto& n : names_) json_names_.push_back(json_escape(n));
  if (format_ == Format::csv) {
    for (std::size_t i = 0; i < names_.size(); ++i) buf_ += (i ? "," : "") + csv_cell(csv_header(names_[i], units_[i]));
    buf_ += ",error\n";
  } else if (format_ == Format::json) {
    buf_ += fmt::format("{{\"scenario\": {}, \"units\": {{", json_escape(scenario));
    for (std::size_t i = 0; i < names_.size(); ++i) buf_ += fmt::format("{}{}: {}", i ? ", " : "", json_escape(names_[i]), json_escape(units_[i]));
    buf_ += "},\n \"rows\": [";
  } else {
    for (std::size_t i = 0; i < names_.size(); ++i) {
      std::string h = units_[i].empty() ? names_[i] : fmt::format("{} ({})", names_[i], units_[i]);
      widths_.push_back(std::max<std::size_t>(12, h.size()));
      buf_ += fmt::format("{:>{}}  ", h, widths_.back());
    }
    buf_ += "error\n";
  }
}

// Numbers are written straight into the buffer: a sweep of millions of rows spends its time here, not
// in the arithmetic.
void SweepRowWriter::row(const std::vector<SweepCell>& cells, const std::string& error) {
  if (format_ == Format::csv) {
    for (std::size_t i = 0; i < cells.size(); ++i) {
      if (i) buf_ += ',';
      put(cells[i], i, Writing::csv);
    }
    buf_ += ',';
    buf_ += csv_cell(error);
    buf_ += '\n';
  } else if (format_ == Format::json) {
    buf_ += rows_ ? ",\n  {" : "\n  {";
    for (std::size_t i = 0; i < cells.size(); ++i) {
      buf_ += i ? ", " : "";
      put_json(cells[i], i);
    }
    buf_ += ", \"error\": ";
    buf_ += error.empty() ? "null" : json_escape(error);
    buf_ += '}';
  } else {
    for (std::size_t i = 0; i < cells.size(); ++i) {
      std::string text;
      std::swap(text, buf_);
      put(cells[i], i, Writing::table);
      std::swap(text, buf_);
      buf_ += fmt::format("{:>{}}  ", text, widths_[i]);
    }
    buf_ += error;
    buf_ += '\n';
  }
  ++rows_;
  if (buf_.size() > (1 << 16)) flush();
}

void SweepRowWriter::put(const SweepCell& c, std::size_t i, Writing writing) {
  switch (c.kind) {
    case SweepCell::kNumber: {
      double x = c.number / factors_[i];
      buf_ += writing == Writing::table ? format_number(x) : exact_number(x);
      break;
    }
    case SweepCell::kBool: buf_ += c.number != 0 ? "true" : "false"; break;
    case SweepCell::kText: {
      // A list in the column's unit, which the header names; a record or text as it is shown, and so is a
      // list that the column's unit cannot show (its text names the unit it is in).
      if (!c.value || !shows_finite(*c.value, display_[i].factor)) {
        buf_ += writing == Writing::csv ? csv_cell(c.text) : c.text;
        break;
      }
      std::string text = format_bare(*c.value, types_[i], display_[i], program_,
                                     writing == Writing::csv ? NumberStyle::exact : NumberStyle::people);
      buf_ += writing == Writing::csv ? csv_cell(text) : text;
      break;
    }
  }
}

void SweepRowWriter::put_json(const SweepCell& c, std::size_t column) {
  if (c.kind == SweepCell::kNumber) {
    buf_ += json_head_[column];
    double factor = factors_[column];
    if (c.number == 0) buf_ += '0';
    else fmt::format_to(std::back_inserter(buf_), "{}", factor == 1 ? c.number : c.number / factor);
    buf_ += json_middle_[column];
    if (c.number == 0) buf_ += '0';
    else fmt::format_to(std::back_inserter(buf_), "{}", c.number);
    buf_ += json_tail_[column];
    return;
  }
  buf_ += json_names_[column];
  buf_ += ": ";
  if (c.kind == SweepCell::kBool) buf_ += c.number != 0 ? "{\"value\": true}" : "{\"value\": false}";
  else if (c.text.empty() || !c.value) buf_ += "null";  // the outputs of a point that failed
  else buf_ += json_field(program_, *c.value, types_[column], display_[column]);
}

void SweepRowWriter::finish() {
  if (format_ == Format::json) buf_ += "\n ]}\n";
  flush();
}

void SweepRowWriter::flush() {
  out_ << buf_;
  buf_.clear();
}

}  // namespace mlsi
