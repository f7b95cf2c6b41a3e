#include "cli/sweep.hpp"

#include <fmt/format.h>

#include <iterator>

#include "cli/plot_command.hpp"
#include "cli/run_setup.hpp"
#include "report/render.hpp"

namespace mlsi {

namespace {

// Writes rows as they are computed, so memory does not grow with the number of points.
class RowWriter {
 public:
  RowWriter(std::ostream& out, Format format, std::string scenario, std::vector<std::string> names, const std::vector<DisplayUnit>& units,
            std::vector<std::string> unit_texts)
      : out_(out), format_(format), names_(std::move(names)), units_(std::move(unit_texts)) {
    for (const auto& u : units) factors_.push_back(u.factor);
    for (const auto& n : names_) json_names_.push_back(json_escape(n));
    if (format_ == Format::csv) {
      for (std::size_t i = 0; i < names_.size(); ++i)
        buf_ += (i ? "," : "") + (units_[i].empty() ? names_[i] : fmt::format("{} ({})", names_[i], units_[i]));
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

  // An error row has empty cells after the inputs. Numbers are written straight into the buffer: a
  // sweep of millions of rows spends its time here, not in the arithmetic.
  void row(const std::vector<SweepCell>& cells, const std::string& error) {
    if (format_ == Format::csv) {
      for (std::size_t i = 0; i < cells.size(); ++i) {
        if (i) buf_ += ',';
        put(cells[i], factors_[i], true);
      }
      buf_ += ',';
      buf_ += quote_csv(error);
      buf_ += '\n';
    } else if (format_ == Format::json) {
      buf_ += rows_ ? ",\n  {" : "\n  {";
      for (std::size_t i = 0; i < cells.size(); ++i) {
        buf_ += i ? ", " : "";
        buf_ += json_names_[i];
        buf_ += ": ";
        const SweepCell& c = cells[i];
        if (c.kind != SweepCell::kText) put(c, factors_[i], false);
        else buf_ += c.text.empty() ? "null" : json_escape(c.text);
      }
      buf_ += ", \"error\": ";
      buf_ += error.empty() ? "null" : json_escape(error);
      buf_ += '}';
    } else {
      for (std::size_t i = 0; i < cells.size(); ++i) {
        std::string text;
        std::swap(text, buf_);
        put(cells[i], factors_[i], false);
        std::swap(text, buf_);
        buf_ += fmt::format("{:>{}}  ", text, widths_[i]);
      }
      buf_ += error;
      buf_ += '\n';
    }
    ++rows_;
    if (buf_.size() > (1 << 16)) flush();
  }

  // A number is in SI: it is written in its column's unit.
  void put(const SweepCell& c, double factor, bool csv) {
    switch (c.kind) {
      case SweepCell::kNumber:
        if (c.number == 0) buf_ += '0';
        else fmt::format_to(std::back_inserter(buf_), "{}", c.number / factor);
        break;
      case SweepCell::kBool: buf_ += c.number != 0 ? "true" : "false"; break;
      case SweepCell::kText: buf_ += csv ? quote_csv(c.text) : c.text; break;
    }
  }

  void finish() {
    if (format_ == Format::json) buf_ += "\n ]}\n";
    flush();
  }

 private:
  static std::string quote_csv(const std::string& s) {
    if (s.find_first_of(",\"\n") == std::string::npos) return s;
    std::string q = "\"";
    for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
    return q + "\"";
  }
  void flush() {
    out_ << buf_;
    buf_.clear();
  }

  std::ostream& out_;
  Format format_;
  std::vector<std::string> names_, units_, json_names_;
  std::vector<double> factors_;
  std::vector<std::size_t> widths_;
  std::string buf_;
  std::size_t rows_ = 0;
};

}  // namespace

int cmd_sweep(const Options& o, CliStreams& io) {
  if (o.positional.size() != 1) return usage(io, "`mlsi sweep` takes one FILE or scenario NAME");
  if (o.varies.empty()) return usage(io, "`mlsi sweep` needs at least one --vary INPUT=VALUES");
  std::uint64_t shard_k = 1, shard_n = 1;
  if (!o.shard.empty()) {
    // K and N in decimal digits only: `1/1e3`, `1.5/3` or `2/3abc` must not be read as some other shard.
    auto slash = o.shard.find('/');
    WholeNumber k = parse_whole(std::string_view(o.shard).substr(0, slash), kMaxSweepPointsCap, "K");
    WholeNumber n = slash == std::string::npos ? WholeNumber{0, "no `/`"} : parse_whole(std::string_view(o.shard).substr(slash + 1), kMaxSweepPointsCap, "N");
    if (!k.error.empty() || !n.error.empty() || k.value > n.value)
      return usage(io, fmt::format("--shard needs K/N, two whole numbers in decimal digits with 1 <= K <= N <= {}, such as 2/8; given `{}`",
                                   kMaxSweepPointsCap, o.shard));
    shard_k = k.value;
    shard_n = n.value;
  }
  if (o.plot_file.empty() && (!o.plot_y.empty() || o.log_x || o.log_y))
    return usage(io, "--y, --log-x and --log-y choose what `mlsi sweep --plot FILE.svg` draws; add --plot");
  std::vector<VaryRequest> varies;
  for (const auto& v : o.varies) varies.push_back({v, VaryOptions{}});
  Sweep sweep(sweep_request(o, std::move(varies)));
  Sweep::VariedCheck refuse_plot;
  if (!o.plot_file.empty()) refuse_plot = &SweepPlot::refuse;
  Outcome prepared = sweep.prepare(refuse_plot);
  show_diagnostics(sweep.session(), sweep.warnings(), io);
  if (!prepared.ok()) return report_failure(sweep.session(), prepared, io);
  std::optional<SweepPlot> plot;
  if (!o.plot_file.empty()) {
    plot.emplace();
    if (Outcome ready = plot->setup(sweep, plot_request(o)); !ready.ok()) return report_failure(sweep.session(), ready, io);
  }

  // Columns: the varied inputs, then every output, in fixed units.
  std::vector<std::string> unit_texts;
  for (std::size_t c = 0; c < sweep.column_names().size(); ++c)
    unit_texts.push_back(sweep.column_type(c).scalar().is_quantity() ? sweep.column_units()[c].text : "");
  RowWriter writer(io.out, o.format, sweep.scenario().name, sweep.column_names(), sweep.column_units(), unit_texts);
  sweep.run(shard_k, shard_n, [&](std::size_t index, const std::vector<SweepCell>& cells, const std::string& error) {
    writer.row(cells, error);
    if (plot) plot->add(index, cells, error);
  }, [&] { return !io.out; });  // a failed output (a full disk, a closed pipe) ends the sweep
  writer.finish();
  if (!plot) return kExitOk;
  return draw_plot(sweep, *plot, plot_request(o), o.plot_file, io);
}

}  // namespace mlsi
