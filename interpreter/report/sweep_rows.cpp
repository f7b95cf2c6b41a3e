#include "report/sweep_rows.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <iterator>
#include <string_view>

#include "model/display.hpp"
#include "report/csv.hpp"

namespace mlsi {

namespace {

// The text of `x` appended, written by `write` (write_number or write_exact_number).
void append_number(std::string& out, double x, char* (*write)(char*, double)) {
  char buf[kNumberChars];
  out.append(buf, static_cast<std::size_t>(write(buf, x) - buf));
}

// `true` or `false` written at `at`; returns its end.
char* write_bool(char* at, bool b) {
  std::string_view text = b ? "true" : "false";
  return std::copy(text.begin(), text.end(), at);
}

// A row's text assembled in a buffer on the stack, appended to the output when full and at the end: one
// append per row rather than one per character and number.
class LineBuffer {
 public:
  explicit LineBuffer(std::string& out) : out_(out) {}
  ~LineBuffer() { flush(); }
  LineBuffer(const LineBuffer&) = delete;
  LineBuffer& operator=(const LineBuffer&) = delete;
  // Room for a number and a few characters after it.
  char* room() {
    if (end_ - at_ < static_cast<std::ptrdiff_t>(kNumberChars + 8)) flush();
    return at_;
  }
  void advance(char* to) { at_ = to; }
  void put(char c) {
    char* p = room();
    *p = c;
    at_ = p + 1;
  }
  void put(std::string_view text) {
    if (text.size() > kNumberChars) {
      flush();
      out_ += text;
      return;
    }
    char* p = room();
    text.copy(p, text.size());
    at_ = p + text.size();
  }
  // What is buffered goes out first: for text written to the output directly.
  std::string& flushed() {
    flush();
    return out_;
  }

 private:
  void flush() {
    out_.append(line_, static_cast<std::size_t>(at_ - line_));
    at_ = line_;
  }
  std::string& out_;
  char line_[512];
  char* at_ = line_;
  char* const end_ = line_ + sizeof line_;
};

// Cells from `start` right-aligned to `width` columns, as fmt's `{:>{}}` aligns ASCII text.
void pad_from(std::string& out, std::size_t start, std::size_t width) {
  std::size_t written = out.size() - start;
  if (written < width) out.insert(start, width - written, ' ');
}

}  // namespace

SweepRowFormat::SweepRowFormat(Format format, Sweep& sweep)
    : format_(format), program_(sweep.program()), scenario_(sweep.scenario().name), names_(sweep.column_names()), display_(sweep.column_units()) {
  for (std::size_t c = 0; c < names_.size(); ++c) {
    types_.push_back(sweep.column_type(c));
    units_.push_back(types_[c].scalar().is_quantity() ? display_[c].text : "");
    json_head_.push_back(json_escape(names_[c]) + ": {\"value\": ");
    json_middle_.push_back(", \"unit\": " + json_escape(units_[c]) + ", \"si\": ");
    json_tail_.push_back(", \"dimension\": " + json_escape(program_.dims.format(types_[c].scalar().dim)) + "}");
  }
  for (const auto& u : display_) factors_.push_back(u.factor);
  // A number (or `false`), then a comma, per column; then the newline.
  csv_row_chars_ = names_.size() * (kNumberChars + 1) + 1;
  for (const auto& n : names_) json_names_.push_back(json_escape(n));
  if (format_ == Format::table)
    for (std::size_t i = 0; i < names_.size(); ++i)
      widths_.push_back(std::max<std::size_t>(12, units_[i].empty() ? names_[i].size() : names_[i].size() + units_[i].size() + 3));
}

void SweepRowFormat::header(std::string& out) const {
  if (format_ == Format::csv) {
    for (std::size_t i = 0; i < names_.size(); ++i) out += (i ? "," : "") + csv_cell(csv_header(names_[i], units_[i]));
    out += ",error\n";
  } else if (format_ == Format::json) {
    out += fmt::format("{{\"scenario\": {}, \"units\": {{", json_escape(scenario_));
    for (std::size_t i = 0; i < names_.size(); ++i) out += fmt::format("{}{}: {}", i ? ", " : "", json_escape(names_[i]), json_escape(units_[i]));
    out += "},\n \"rows\": [";
  } else if (format_ == Format::table) {
    for (std::size_t i = 0; i < names_.size(); ++i) {
      std::string h = units_[i].empty() ? names_[i] : fmt::format("{} ({})", names_[i], units_[i]);
      out += fmt::format("{:>{}}  ", h, widths_[i]);
    }
    out += "error\n";
  }
}

void SweepRowFormat::row(std::string& out, const std::vector<PointCell>& cells, const std::string& error) const {
  switch (format_) {
    case Format::csv: {
      LineBuffer line(out);
      for (std::size_t i = 0; i < names_.size(); ++i) {
        if (i) line.put(',');
        const PointCell& c = cells[i];
        if (c.kind == PointCell::kNumber) line.advance(write_exact_number(line.room(), c.number / factors_[i]));
        else if (c.kind == PointCell::kBool) line.put(c.number != 0 ? "true" : "false");
        else put(line.flushed(), c, i, Writing::csv);
      }
      line.put(',');
      if (!error.empty()) line.flushed() += csv_cell(error);
      line.put('\n');
      return;
    }
    case Format::json:
    case Format::jsonl:
      out += format_ == Format::json ? ",\n  {" : "{";
      for (std::size_t i = 0; i < names_.size(); ++i) {
        if (i) out += ", ";
        put_json(out, cells[i], i);
      }
      out += ", \"error\": ";
      out += error.empty() ? "null" : json_escape(error);
      out += format_ == Format::json ? "}" : "}\n";
      return;
    default:
      for (std::size_t i = 0; i < names_.size(); ++i) {
        std::size_t start = out.size();
        if (cells[i].kind == PointCell::kText) {
          // Text may hold characters wider or narrower than a byte: fmt aligns it as the header.
          std::string text;
          put(text, cells[i], i, Writing::table);
          fmt::format_to(std::back_inserter(out), "{:>{}}", text, widths_[i]);
        } else {
          put(out, cells[i], i, Writing::table);
          pad_from(out, start, widths_[i]);
        }
        out += "  ";
      }
      out += error;
      out += '\n';
      return;
  }
}

void SweepRowFormat::rows(RowBuffer& out, const Sweep::PointRun& run) const {
  // As row() writes the cells: a number or a Bool, then a comma, per column; the error column empty;
  // the newline. The rows are written in place, in room for the longest text of each: a run is a block
  // of points at most, a fraction of a chunk's rows, so the room is too.
  const std::size_t columns = names_.size();
  char* p = out.reserve(run.count * csv_row_chars_);
  for (std::size_t k = run.offset; k < run.offset + run.count; ++k) {
    for (std::size_t c = 0; c < columns; ++c) {
      const Sweep::CellColumn& column = run.columns[c];
      if (column.boolean) p = write_bool(p, column.values[k] != 0);
      else p = write_exact_number(p, column.values[k] / factors_[c]);
      *p++ = ',';
    }
    *p++ = '\n';
  }
  out.commit(p);
}

void SweepRowFormat::put(std::string& out, const PointCell& c, std::size_t i, Writing writing) const {
  switch (c.kind) {
    case PointCell::kNumber:
      append_number(out, c.number / factors_[i], writing == Writing::table ? write_number : write_exact_number);
      break;
    case PointCell::kBool: out += c.number != 0 ? "true" : "false"; break;
    case PointCell::kText: {
      // A list in the column's unit, which the header names; a record or text as it is shown, and so is a
      // list that the column's unit cannot show (its text names the unit it is in).
      if (!c.value || !shows_finite(*c.value, display_[i].factor)) {
        out += writing == Writing::csv ? csv_cell(c.text) : c.text;
        break;
      }
      std::string text = format_bare(*c.value, types_[i], display_[i], program_,
                                     writing == Writing::csv ? NumberStyle::exact : NumberStyle::people);
      out += writing == Writing::csv ? csv_cell(text) : text;
      break;
    }
  }
}

void SweepRowFormat::put_json(std::string& out, const PointCell& c, std::size_t column) const {
  if (c.kind == PointCell::kNumber) {
    out += json_head_[column];
    double factor = factors_[column];
    if (c.number == 0) out += '0';
    else fmt::format_to(std::back_inserter(out), "{}", factor == 1 ? c.number : c.number / factor);
    out += json_middle_[column];
    if (c.number == 0) out += '0';
    else fmt::format_to(std::back_inserter(out), "{}", c.number);
    out += json_tail_[column];
    return;
  }
  out += json_names_[column];
  out += ": ";
  if (c.kind == PointCell::kBool) out += c.number != 0 ? "{\"value\": true}" : "{\"value\": false}";
  else if (c.text.empty() || !c.value) out += "null";  // the outputs of a point that failed
  else out += json_field(program_, *c.value, types_[column], display_[column]);
}

void SweepRowFormat::footer(std::string& out) const {
  if (format_ == Format::json) out += "\n ]}\n";
}

SweepRowWriter::SweepRowWriter(std::ostream& out, Format format, Sweep& sweep) : out_(out), format_(format, sweep) { format_.header(buf_); }

void SweepRowWriter::row(const std::vector<PointCell>& cells, const std::string& error) {
  std::size_t start = buf_.size();
  format_.row(buf_, cells, error);
  if (first_row_ && format_.format() == Format::json) buf_.erase(start, 1);
  first_row_ = false;
  if (buf_.size() > (1 << 16)) flush();
}

void SweepRowWriter::rows(std::string_view rows) {
  if (rows.empty()) return;
  flush();
  std::size_t skip = first_row_ && format_.format() == Format::json ? 1 : 0;
  first_row_ = false;
  out_.write(rows.data() + skip, static_cast<std::streamsize>(rows.size() - skip));
}

void SweepRowWriter::finish() {
  format_.footer(buf_);
  flush();
}

void SweepRowWriter::flush() {
  out_ << buf_;
  buf_.clear();
}

}  // namespace mlsi
