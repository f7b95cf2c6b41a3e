#include "plot/sweep_plot.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "model/display.hpp"

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

}  // namespace

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
  if (request.log_x)
    for (double x : varied[0].values)
      if (!(x > 0))
        return Outcome{Failure::unshowable, fmt::format("--log-x needs values of `{}` above 0, and one is {}", varied[0].name,
                                                        format_value(Value(x), sweep.column_type(0), varied[0].display, sweep.program()))};
  x_count_ = varied[0].values.size();
  series_count_ = varied.size() > 1 ? varied[1].values.size() : 1;

  const auto& names = sweep.column_names();
  std::size_t first_output = varied.size();
  std::vector<std::string> outputs(names.begin() + static_cast<std::ptrdiff_t>(first_output), names.end());
  Program& p = sweep.session().program();
  Diagnostics& diags = sweep.session().diagnostics();
  const std::string& y = request.y;
  if (y.empty()) {
    for (std::size_t c = first_output; c < names.size() && y_columns_.empty(); ++c)
      if (sweep.column_type(c).is_quantity()) y_columns_.push_back(c);
    if (y_columns_.empty()) return Outcome{Failure::usage, fmt::format("scenario `{}` has no numeric output to plot", sweep.scenario().name)};
  } else {
    FileId f = p.sources.add("--y", y);
    std::size_t start = 0;
    while (start <= y.size()) {
      std::size_t end = std::min(y.find(',', start), y.size());
      std::string name = y.substr(start, end - start);
      Span span{f, static_cast<std::uint32_t>(start), static_cast<std::uint32_t>(end)};
      auto it = std::find(outputs.begin(), outputs.end(), name);
      if (it == outputs.end()) {
        auto& d = diags.error(span, fmt::format("scenario `{}` has no output `{}`", sweep.scenario().name, name));
        int slot = sweep.scenario().find_slot(name);
        auto sug = closest_name(name, outputs);
        if (slot >= 0 && sweep.scenario().slots[static_cast<std::size_t>(slot)].kind == SlotKind::input)
          d.notes.push_back(fmt::format("`{}` is an input: --y draws outputs, --x and --series vary inputs", name));
        else if (!sug.empty()) d.notes.push_back(fmt::format("did you mean `{}`?", sug));
      } else {
        std::size_t c = first_output + static_cast<std::size_t>(it - outputs.begin());
        const Type& t = sweep.column_type(c);
        if (!t.is_quantity())
          diags.error(span, fmt::format("--y needs a numeric output; `{}` is {}", name, type_name(t, p.dims)));
        else if (!y_columns_.empty() && !compatible(t, sweep.column_type(y_columns_.front())))
          diags.error(span, fmt::format("outputs on one y axis need one dimension; `{}` is {}, `{}` is {}", names[y_columns_.front()],
                                        type_name(sweep.column_type(y_columns_.front()), p.dims), name, type_name(t, p.dims)));
        else y_columns_.push_back(c);
      }
      start = end + 1;
    }
    if (diags.has_errors()) return Outcome{Failure::usage, ""};
  }
  // refuse() has bounded x_count_ * series_count_ by kMaxPlotPoints.
  if (std::size_t drawn = times(x_count_ * series_count_, y_columns_.size()); drawn > kMaxPlotPoints)
    return too_many_points(drawn, fmt::format("{} points times {} outputs on y", x_count_ * series_count_, y_columns_.size()));
  y_.assign(y_columns_.size() * series_count_, std::vector<double>(x_count_, kNaN));
  return {};
}

void SweepPlot::add(std::size_t index, const std::vector<SweepCell>& cells, const std::string& error) {
  std::size_t x = index / series_count_, series = index % series_count_;
  if (!error.empty()) {
    if (failed_++ == 0) first_error_ = error;
    return;  // a gap in every line
  }
  for (std::size_t k = 0; k < y_columns_.size(); ++k) {
    const SweepCell& c = cells[y_columns_[k]];
    if (c.kind == SweepCell::kNumber) y_[k * series_count_ + series][x] = c.number;
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
        std::size_t column = y_columns_[line / series_count_];
        return Outcome{Failure::unshowable,
                       fmt::format("--log-y needs values above 0; `{}` is {} at {} = {}", names[column],
                                   format_value(Value(y), sweep.column_type(column), sweep.column_units()[column], p), varied[0].name,
                                   format_value(Value(varied[0].values[i]), sweep.column_type(0), varied[0].display, p))};
      }
    }
  if (!any) {
    std::string why = !first_error_.empty()              ? "; the first failed: " + first_error_
                      : !sweep.request().where.empty() ? "; --where keeps none"
                                                         : "";
    return Outcome{Failure::evaluation, fmt::format("no point of the sweep has a value to plot{}", why)};
  }

  const Scenario& sc = sweep.scenario();
  DisplayUnit xu = axis_unit(x_largest, x_smallest == inf ? 0 : x_smallest, sweep.column_type(0), varied[0].display, p);
  const Slot& first_y = sc.slots[static_cast<std::size_t>(sc.outputs[y_columns_.front() - varied.size()])];
  DisplayUnit yu = axis_unit(y_largest, y_smallest == inf ? 0 : y_smallest, first_y.type, first_y.display, p);
  out = LineChart{};
  const std::string& config = sweep.request().run.config;
  out.title = config.empty() ? sc.name : fmt::format("{} ({})", sc.name, config);
  out.x_label = axis_label(varied[0].name, xu);
  std::string y_names;
  for (std::size_t c : y_columns_) y_names += (y_names.empty() ? "" : ", ") + names[c];
  out.y_label = axis_label(y_names, yu);
  out.log_x = request.log_x;
  out.log_y = request.log_y;
  if (varied.size() > 1 && y_columns_.size() == 1) out.legend_title = varied[1].name;
  std::vector<double> xs;
  for (double x : varied[0].values) xs.push_back(x / xu.factor);
  for (std::size_t k = 0; k < y_columns_.size(); ++k)
    for (std::size_t s = 0; s < series_count_; ++s) {
      PlotLine line;
      line.x = xs;
      for (double y : y_[k * series_count_ + s]) line.y.push_back(y / yu.factor);
      std::string value = varied.size() > 1 ? format_value(Value(varied[1].values[s]), sweep.column_type(1), varied[1].display, p) : "";
      if (y_columns_.size() == 1) line.label = value;
      else if (value.empty()) line.label = names[y_columns_[k]];
      else line.label = fmt::format("{}, {} = {}", names[y_columns_[k]], varied[1].name, value);
      out.lines.push_back(std::move(line));
    }
  return {};
}

std::string SweepPlot::gaps(const Sweep& sweep) const {
  if (!failed_) return "";
  return fmt::format("{} of {} points failed and are gaps in the lines; the first: {}", failed_, sweep.total(), first_error_);
}

}  // namespace mlsi
