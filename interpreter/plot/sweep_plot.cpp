#include "plot/sweep_plot.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>

#include "model/display.hpp"
#include "model/doc_tags.hpp"

namespace mlsi {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
// Points an `a..b` range gives for --series (a handful of lines stays readable); on x, kRangePoints as
// for `mlsi sweep --vary`.
constexpr std::size_t kSeriesRangePoints = 5;

// "name (unit)", or the name alone for a plain number.
std::string axis_label(const std::string& name, const DisplayUnit& u) { return u.text.empty() ? name : fmt::format("{} ({})", name, u.text); }

// One display unit for a whole axis: the one the largest value would be shown in, unless a value of
// the axis overflows or underflows to 0 in it (1e308 s in ms): then the SI unit, where every value is
// as computed.
DisplayUnit axis_unit(double largest, double smallest, const Type& t, const DisplayUnit& declared, const Program& p) {
  DisplayUnit u = effective_unit(Value(largest), t, declared, p);
  if (std::isfinite(largest / u.factor) && (smallest == 0 || smallest / u.factor != 0)) return u;
  std::string si = t.scalar().is_quantity() ? p.units.si_text(t.scalar().dim) : "1";
  return DisplayUnit{si == "1" ? "" : si, 1, false};
}

// The usage failure of a plot of `points` points (SIZE_MAX: more than a size_t holds), `why` saying
// where they come from.
Outcome too_many_points(std::size_t points, const std::string& why) {
  std::string count = points == SIZE_MAX ? fmt::format("more than {}", SIZE_MAX) : fmt::format("{}", points);
  return Outcome{Failure::usage, fmt::format("a plot draws at most {} points, and this one has {} ({}); plot fewer values, or write them as "
                                             "rows with `mlsi sweep` (no --plot)",
                                             kMaxPlotPoints, count, why)};
}

// a * b, or SIZE_MAX when it overflows.
std::size_t times(std::size_t a, std::size_t b) {
  std::size_t product = 0;
  return __builtin_mul_overflow(a, b, &product) ? SIZE_MAX : product;
}

// What a line can be drawn from: a number, or a list of numbers (one line per entry).
bool plottable(const Type& t) { return t.is_quantity() || (t.is_list() && t.element->is_quantity()); }

// Reads `name[INDEX]` (INDEX in decimal digits) into its parts; no index: `name` alone.
struct Indexed {
  std::string name;
  std::optional<std::size_t> index;
  bool bad_index = false;        // brackets around something other than a whole number
  std::size_t index_column = 0;  // where the index starts in the item
};
Indexed read_indexed(const std::string& item) {
  Indexed out;
  std::size_t open = item.find('[');
  out.name = item.substr(0, open);
  if (open == std::string::npos) return out;
  out.index_column = open + 1;
  std::string digits = item.back() == ']' ? item.substr(open + 1, item.size() - open - 2) : "";
  std::size_t value = 0;
  auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (digits.empty() || ec != std::errc{} || end != digits.data() + digits.size()) out.bad_index = true;
  else out.index = value;
  return out;
}

}  // namespace

void SweepPlot::add_output(Sweep& sweep, const std::string& item, Span span) {
  const auto& names = sweep.column_names();
  const std::size_t first_output = sweep.varied().size();
  std::vector<std::string> outputs(names.begin() + static_cast<std::ptrdiff_t>(first_output), names.end());
  Program& p = sweep.session().program();
  DiagnosticLog& diags = sweep.session().diagnostics();
  const Scenario& sc = sweep.scenario();
  Indexed wanted = read_indexed(item);
  const std::string& name = wanted.name;
  auto it = std::find(outputs.begin(), outputs.end(), name);
  if (it == outputs.end()) {
    auto& d = diags.error(span, fmt::format("scenario `{}` has no output `{}`", sc.name, name));
    int slot = sc.find_slot(name);
    auto sug = closest_name(name, outputs);
    if (slot >= 0 && sc.slots[static_cast<std::size_t>(slot)].kind == SlotKind::input)
      d.notes.push_back(fmt::format("`{}` is an input: --y draws outputs, --x and --series vary inputs", name));
    else if (!sug.empty()) d.notes.push_back(fmt::format("did you mean `{}`?", sug));
    return;
  }
  std::size_t c = first_output + static_cast<std::size_t>(it - outputs.begin());
  const Type& t = sweep.column_type(c);
  Span index_span = span;
  if (span.valid() && wanted.index_column > 0) {  // the index inside the brackets
    index_span.begin = span.begin + static_cast<std::uint32_t>(wanted.index_column);
    if (item.back() == ']') index_span.end = std::max(index_span.begin, span.end - 1);
  }
  if (!plottable(t)) {
    diags.error(span, fmt::format("--y needs a numeric output or a list of numbers; `{}` is {}", name, type_name(t, p.dims)));
    return;
  }
  if (!y_columns_.empty() && !compatible(t.scalar(), sweep.column_type(y_columns_.front()).scalar())) {
    diags.error(span, fmt::format("outputs on one y axis need one dimension; `{}` is {}, `{}` is {}", names[y_columns_.front()],
                                  type_name(sweep.column_type(y_columns_.front()).scalar(), p.dims), name, type_name(t.scalar(), p.dims)));
    return;
  }
  if (wanted.bad_index) {
    diags.error(index_span, fmt::format("--y {}: an entry of a list is picked by a whole number from 0, as in `{}[0]`", item, name));
    return;
  }
  if (!t.is_list()) {
    if (wanted.index) diags.error(index_span, fmt::format("`{}` is {}, not a list: only a list output takes an index on --y", name, type_name(t, p.dims)));
    else {
      y_columns_.push_back(c);
      y_written_.push_back(name);
      lines_.push_back(YLine{c, std::nullopt, name, name});
    }
    return;
  }
  // A list's length is its length at the first point; the first point failing leaves it unknown.
  const Value* first = sweep.first_point_value(c);
  std::optional<std::size_t> length;
  if (first && first->is_list()) length = first->list().size();
  if (wanted.index) {
    if (length && *wanted.index >= *length) {
      auto& d = diags.error(index_span, *length == 0 ? fmt::format("index {} is out of range: `{}` has no entries", *wanted.index, name)
                                                     : fmt::format("index {} is out of range: `{}` has {} entr{} (indices 0 to {})", *wanted.index,
                                                                   name, *length, *length == 1 ? "y" : "ies", *length - 1));
      d.notes.push_back("the length of a list output is its length at the sweep's first point");
      return;
    }
    y_columns_.push_back(c);
    y_written_.push_back(item);
    lines_.push_back(YLine{c, wanted.index, item, item});
    return;
  }
  if (!length) {
    diags.error(span, fmt::format("`{}` is a list, and its entries are counted at the sweep's first point, which fails; plot one entry, "
                                  "such as `{}[0]`",
                                  name, name));
    return;
  }
  // Lines named by the output's `Entries:` doc line where it has one, else by their index.
  const Slot& slot = sc.slots[static_cast<std::size_t>(sc.outputs[c - first_output])];
  auto labels = find_doc_tag(slot.doc, kEntriesTag);
  y_columns_.push_back(c);
  y_written_.push_back(name);
  whole_lists_.emplace_back(c, *length);
  for (std::size_t i = 0; i < *length; ++i) {
    std::string written = fmt::format("{}[{}]", name, i);
    std::string legend = written;
    if (labels && i < labels->items.size()) legend = labels->items[i];
    lines_.push_back(YLine{c, i, std::move(written), std::move(legend)});
  }
}

std::vector<VaryRequest> plot_varies(const std::string& x, const std::string& series, bool log_x) {
  std::vector<VaryRequest> varies{{x, VaryOptions{"--x", kRangePoints, log_x}}};
  if (!series.empty()) varies.push_back({series, VaryOptions{"--series", kSeriesRangePoints, false}});
  return varies;
}

Outcome SweepPlot::refuse(const std::vector<VarySpec>& varied) {
  if (varied.empty() || varied.size() > 2)
    return Outcome{Failure::usage, fmt::format("a plot draws one varied input on x and at most one more as lines; {} are varied", varied.size())};
  std::size_t points = varied.size() > 1 ? times(varied[0].values.size(), varied[1].values.size()) : varied[0].values.size();
  if (points <= kMaxPlotPoints) return {};
  std::string why = fmt::format("{} values of `{}`", varied[0].values.size(), varied[0].name);
  if (varied.size() > 1) why += fmt::format(" times {} of `{}`", varied[1].values.size(), varied[1].name);
  return too_many_points(points, why);
}

Outcome SweepPlot::setup(Sweep& sweep, const PlotRequest& request) {
  const auto& varied = sweep.varied();
  if (Outcome refused = refuse(varied); !refused.ok()) return refused;
  if (request.log_x && varied[0].categorical())
    return Outcome{Failure::usage, fmt::format("--log-x needs numbers on x, and `{}` is {}: its values are drawn as bars, one per value",
                                               varied[0].name, type_name(sweep.column_type(0), sweep.program().dims))};
  if (request.log_x)
    for (double x : varied[0].values)
      if (!(x > 0))
        return Outcome{Failure::unshowable, fmt::format("--log-x needs values of `{}` above 0, and one is {}", varied[0].name,
                                                        format_value(Value(x), sweep.column_type(0), varied[0].display, sweep.program()))};
  x_count_ = varied[0].values.size();
  series_count_ = varied.size() > 1 ? varied[1].values.size() : 1;

  const auto& names = sweep.column_names();
  Program& p = sweep.session().program();
  DiagnosticLog& diags = sweep.session().diagnostics();
  const std::string& y = request.y;
  if (y.empty()) {
    for (std::size_t c = varied.size(); c < names.size() && y_columns_.empty(); ++c)
      if (plottable(sweep.column_type(c))) add_output(sweep, names[c], Span{});
    if (y_columns_.empty() && !diags.has_errors())
      return Outcome{Failure::usage, fmt::format("scenario `{}` has no numeric output to plot", sweep.scenario().name)};
  } else {
    FileId f = p.sources.add("--y", y);
    for (std::size_t start = 0; start <= y.size();) {
      std::size_t end = std::min(y.find(',', start), y.size());
      add_output(sweep, y.substr(start, end - start), Span{f, static_cast<std::uint32_t>(start), static_cast<std::uint32_t>(end)});
      start = end + 1;
    }
  }
  if (diags.has_errors()) return Outcome{Failure::usage, ""};
  // Labelled entries of several outputs say whose they are: `per_device (stage 1)`.
  if (y_columns_.size() > 1)
    for (YLine& line : lines_)
      if (line.entry && line.name != line.written) line.name = fmt::format("{} ({})", names[line.column], line.name);
  // refuse() has bounded x_count_ * series_count_ by kMaxPlotPoints.
  if (std::size_t drawn = times(x_count_ * series_count_, lines_.size()); drawn > kMaxPlotPoints)
    return too_many_points(drawn, fmt::format("{} points times {} {} on y", x_count_ * series_count_, lines_.size(),
                                              lines_.size() == y_columns_.size() ? "outputs" : "lines"));
  y_.assign(lines_.size() * series_count_, std::vector<double>(x_count_, kNaN));
  return {};
}

void SweepPlot::add(std::size_t index, const std::vector<PointCell>& cells, const std::string& error) {
  std::size_t x = index / series_count_, series = index % series_count_;
  if (!error.empty()) {
    if (failed_++ == 0) first_error_ = error;
    return;  // a gap in every line
  }
  for (std::size_t k = 0; k < lines_.size(); ++k) {
    const PointCell& c = cells[lines_[k].column];
    double& y = y_[k * series_count_ + series][x];
    if (!lines_[k].entry) {
      if (c.kind == PointCell::kNumber) y = c.number;
    } else if (*lines_[k].entry < c.entries.size()) {
      y = c.entries[*lines_[k].entry];  // a shorter list leaves a gap
    }
  }
  for (const auto& [column, entries] : whole_lists_)
    if (cells[column].entries.size() > entries) {
      ++longer_lists_;
      break;
    }
}

Outcome SweepPlot::chart(Sweep& sweep, const PlotRequest& request, LineChart& out) const {
  const Program& p = sweep.program();
  const auto& varied = sweep.varied();
  const auto& names = sweep.column_names();
  constexpr double inf = std::numeric_limits<double>::infinity();
  double x_largest = 0, y_largest = 0, x_smallest = inf, y_smallest = inf;  // of the magnitudes above 0
  for (double x : varied[0].values) {
    x_largest = std::max(x_largest, std::fabs(x));
    if (x != 0) x_smallest = std::min(x_smallest, std::fabs(x));
  }
  bool any = false;
  for (std::size_t line = 0; line < y_.size(); ++line)
    for (std::size_t i = 0; i < x_count_; ++i) {
      double y = y_[line][i];
      if (!std::isfinite(y)) continue;
      any = true;
      y_largest = std::max(y_largest, std::fabs(y));
      if (y != 0) y_smallest = std::min(y_smallest, std::fabs(y));
      if (request.log_y && !(y > 0)) {
        const YLine& drawn = lines_[line / series_count_];
        return Outcome{Failure::unshowable,
                       fmt::format("--log-y needs values above 0; `{}` is {} at {} = {}", drawn.written,
                                   format_value(Value(y), sweep.column_type(drawn.column).scalar(), sweep.column_units()[drawn.column], p), varied[0].name,
                                   format_value(varied[0].value(i), sweep.column_type(0), varied[0].display, p))};
      }
    }
  if (!any) {
    std::string why = !first_error_.empty()              ? "; the first failed: " + first_error_
                      : !sweep.request().where.empty() ? "; --where keeps none"
                                                         : "";
    return Outcome{Failure::evaluation, fmt::format("no point of the sweep has a value to plot{}", why)};
  }

  const Scenario& sc = sweep.scenario();
  // A categorical x (entries, cases, Bools) is a bar chart: one group of bars per value, named by it.
  DisplayUnit xu = varied[0].categorical() ? DisplayUnit{"", 1, false}
                                           : axis_unit(x_largest, x_smallest == inf ? 0 : x_smallest, sweep.column_type(0), varied[0].display, p);
  const Slot& first_y = sc.slots[static_cast<std::size_t>(sc.outputs[y_columns_.front() - varied.size()])];
  DisplayUnit yu = axis_unit(y_largest, y_smallest == inf ? 0 : y_smallest, first_y.type.scalar(), first_y.display, p);
  out = LineChart{};
  const std::string& config = sweep.request().run.config;
  out.title = config.empty() ? sc.name : fmt::format("{} ({})", sc.name, config);
  out.x_label = axis_label(varied[0].name, xu);
  std::string y_names;
  for (const std::string& written : y_written_) y_names += (y_names.empty() ? "" : ", ") + written;
  out.y_label = axis_label(y_names, yu);
  out.log_x = request.log_x;
  out.log_y = request.log_y;
  // One line per series value is named by the series input; one per entry of one list, by the list.
  if (varied.size() > 1 && lines_.size() == 1) out.legend_title = varied[1].name;
  else if (varied.size() == 1 && y_columns_.size() == 1 && lines_.size() > 1) out.legend_title = names[y_columns_.front()];
  if (varied[0].categorical())
    for (std::size_t i = 0; i < x_count_; ++i) out.x_categories.push_back(format_value(varied[0].value(i), sweep.column_type(0), varied[0].display, p));
  std::vector<double> xs;
  for (double x : varied[0].values) xs.push_back(x / xu.factor);
  for (std::size_t k = 0; k < lines_.size(); ++k)
    for (std::size_t s = 0; s < series_count_; ++s) {
      PlotLine line;
      line.x = xs;
      for (double y : y_[k * series_count_ + s]) line.y.push_back(y / yu.factor);
      std::string value = varied.size() > 1 ? format_value(varied[1].value(s), sweep.column_type(1), varied[1].display, p) : "";
      if (lines_.size() == 1) line.label = value;
      else if (value.empty()) line.label = lines_[k].name;
      else line.label = fmt::format("{}, {} = {}", lines_[k].name, varied[1].name, value);
      out.lines.push_back(std::move(line));
    }
  return {};
}

std::string SweepPlot::gaps(const Sweep& sweep) const {
  std::string out;
  if (failed_) out = fmt::format("{} of {} points failed and are gaps in the lines; the first: {}", failed_, sweep.total(), first_error_);
  if (longer_lists_) {
    const auto& [column, entries] = whole_lists_.front();
    out += fmt::format("{}{} of {} points have a list on y longer than at the first point (`{}` has {} entr{} there); only the entries "
                       "of the first point are drawn",
                       out.empty() ? "" : "\nwarning: ", longer_lists_, sweep.total(), sweep.column_names()[column], entries,
                       entries == 1 ? "y" : "ies");
  }
  return out;
}

}  // namespace mlsi
