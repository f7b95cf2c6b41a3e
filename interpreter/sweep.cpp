#include "interpreter/sweep.hpp"

#include <fmt/format.h>

#include <cmath>
#include <iterator>

#include "interpreter/format.hpp"
#include "interpreter/parser.hpp"
#include "interpreter/run_setup.hpp"
#include "interpreter/sweep_program.hpp"
#include "interpreter/sweep_spec.hpp"

namespace mlsi {

namespace {

// One value of a row: a number in its column's unit, a Bool, or text (lists, records, empty).
struct Cell {
  enum Kind { kNumber, kBool, kText } kind = kText;
  double number = 0;
  std::string text;
  void set(double x) {
    kind = kNumber;
    number = x;
  }
  void set_bool(bool b) {
    kind = kBool;
    number = b ? 1 : 0;
  }
  void set_text(std::string t) {
    kind = kText;
    text = std::move(t);
  }
};

// Writes rows as they are computed, so memory does not grow with the number of points.
class RowWriter {
 public:
  RowWriter(std::ostream& out, Format format, std::string scenario, std::vector<std::string> names, std::vector<std::string> units)
      : out_(out), format_(format), names_(std::move(names)), units_(std::move(units)) {
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
  void row(const std::vector<Cell>& cells, const std::string& error) {
    if (format_ == Format::csv) {
      for (std::size_t i = 0; i < cells.size(); ++i) {
        if (i) buf_ += ',';
        put(cells[i], true);
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
        const Cell& c = cells[i];
        if (c.kind != Cell::kText) put(c, false);
        else buf_ += c.text.empty() ? "null" : json_escape(c.text);
      }
      buf_ += ", \"error\": ";
      buf_ += error.empty() ? "null" : json_escape(error);
      buf_ += '}';
    } else {
      for (std::size_t i = 0; i < cells.size(); ++i) {
        std::string text;
        std::swap(text, buf_);
        put(cells[i], false);
        std::swap(text, buf_);
        buf_ += fmt::format("{:>{}}  ", text, widths_[i]);
      }
      buf_ += error;
      buf_ += '\n';
    }
    ++rows_;
    if (buf_.size() > (1 << 16)) flush();
  }

  void put(const Cell& c, bool csv) {
    switch (c.kind) {
      case Cell::kNumber:
        if (c.number == 0) buf_ += '0';
        else fmt::format_to(std::back_inserter(buf_), "{}", c.number);
        break;
      case Cell::kBool: buf_ += c.number != 0 ? "true" : "false"; break;
      case Cell::kText: buf_ += csv ? quote_csv(c.text) : c.text; break;
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
  std::vector<std::size_t> widths_;
  std::string buf_;
  std::size_t rows_ = 0;
};

// One line for an error column: the message, then its first note.
std::string one_line(const Diagnostic& d) {
  std::string s = d.message;
  if (!d.notes.empty()) s += " (" + d.notes.front() + ")";
  return s;
}

}  // namespace

int cmd_sweep(const Options& o, CliStreams& io) {
  if (o.positional.size() != 1) return usage(io, "`mlsi sweep` takes one FILE or scenario NAME");
  if (o.varies.empty()) return usage(io, "`mlsi sweep` needs at least one --vary INPUT=VALUES");
  std::size_t shard_k = 1, shard_n = 1;
  if (!o.shard.empty()) {
    auto slash = o.shard.find('/');
    try {
      if (slash == std::string::npos) throw std::invalid_argument("no slash");
      shard_k = std::stoul(o.shard.substr(0, slash));
      shard_n = std::stoul(o.shard.substr(slash + 1));
    } catch (const std::exception&) {
      shard_n = 0;
    }
    if (shard_n == 0 || shard_k < 1 || shard_k > shard_n)
      return usage(io, fmt::format("--shard needs K/N with 1 <= K <= N, such as 2/8; given `{}`", o.shard));
  }
  Session session(session_options(o));
  int scenario = -1;
  GivenInputs given;
  if (auto status = prepare_run(session, o, io, scenario, given)) return *status;
  Program& p = session.program();
  const Scenario& sc = p.scenarios[static_cast<std::size_t>(scenario)];

  std::vector<VarySpec> varies;
  std::size_t total = 1;
  for (const auto& v : o.varies) {
    auto spec = parse_vary(session, scenario, v, o.limits.max_list_length);
    if (!spec) {
      io.err << render_all(p.sources, session.diagnostics(), io.colour);
      return kExitUsage;
    }
    for (const auto& prev : varies)
      if (prev.slot == spec->slot) return usage(io, fmt::format("input `{}` is varied twice", spec->name));
    total *= spec->values.size();
    varies.push_back(std::move(*spec));
  }
  // --where over the scenario's inputs then outputs.
  std::optional<CExpr> where;
  if (!o.where.empty()) {
    FileId f = p.sources.add("--where", o.where);
    auto expr = parse_expression(p.sources, f, session.diagnostics());
    if (expr) {
      std::vector<std::pair<std::string, Type>> locals;
      for (int i : sc.inputs) locals.emplace_back(sc.slots[static_cast<std::size_t>(i)].name, sc.slots[static_cast<std::size_t>(i)].type);
      for (int i : sc.outputs) locals.emplace_back(sc.slots[static_cast<std::size_t>(i)].name, sc.slots[static_cast<std::size_t>(i)].type);
      where = session.compiler().compile_with_locals(*expr, locals);
      if (!session.diagnostics().has_errors() && !where->type.is_bool() && !where->type.is_error())
        session.diagnostics().error(where->span, fmt::format("--where needs a Bool condition, found {}", type_name(where->type, p.dims)));
    }
    if (session.diagnostics().has_errors()) {
      io.err << render_all(p.sources, session.diagnostics(), io.colour);
      return kExitUsage;
    }
  }

  Evaluator ev(p, o.limits);
  auto point_inputs = [&](std::size_t index, GivenInputs& g) {
    for (std::size_t v = varies.size(); v-- > 0;) {
      std::size_t n = varies[v].values.size();
      g[static_cast<std::size_t>(varies[v].slot)] = InputValue{Value(varies[v].values[index % n]), "--vary", varies[v].display, Span{}};
      index /= n;
    }
  };
  // One ordinary run stands for everything the sweep does not vary; a sweep whose first point fails
  // is evaluated point by point.
  std::optional<ScenarioRun> base;
  {
    GivenInputs g = given;
    point_inputs(0, g);
    try {
      base = ev.run(scenario, g);
    } catch (const EvalError&) {
    }
  }
  std::optional<SweepProgram> program;
  std::vector<const CExpr*> extra;
  if (where) extra.push_back(&*where);
  if (base) program = SweepProgram::compile(p, scenario, [&] {
    std::vector<int> slots;
    for (const auto& v : varies) slots.push_back(v.slot);
    return slots;
  }(), *base, extra, nullptr);

  // Columns: the varied inputs, then every output, in fixed units.
  std::vector<std::string> names, units;
  std::vector<DisplayUnit> output_units;
  for (const auto& v : varies) {
    names.push_back(v.name);
    DisplayUnit u = effective_unit(Value(v.values.front()), sc.slots[static_cast<std::size_t>(v.slot)].type, v.display, p);
    units.push_back(u.text);
  }
  std::vector<DisplayUnit> varied_units;
  for (const auto& v : varies) varied_units.push_back(effective_unit(Value(v.values.front()), sc.slots[static_cast<std::size_t>(v.slot)].type, v.display, p));
  for (int i : sc.outputs) {
    const Slot& sl = sc.slots[static_cast<std::size_t>(i)];
    DisplayUnit u = base ? effective_unit(base->slots[static_cast<std::size_t>(i)], sl.type, sl.display, p) : sl.display;
    if (u.automatic && sl.type.scalar().is_quantity())
      u = DisplayUnit{p.units.si_text(sl.type.scalar().dim) == "1" ? "" : p.units.si_text(sl.type.scalar().dim), 1, false};
    output_units.push_back(u);
    names.push_back(sl.name);
    units.push_back(sl.type.scalar().is_quantity() ? u.text : "");
  }
  RowWriter writer(io.out, o.format, sc.name, names, units);

  std::vector<Cell> cells(names.size());
  auto slow_point = [&](std::size_t index) {
    GivenInputs g = given;
    point_inputs(index, g);
    for (std::size_t v = 0; v < varies.size(); ++v) cells[v].set(g[static_cast<std::size_t>(varies[v].slot)]->value.number() / varied_units[v].factor);
    try {
      ScenarioRun run = ev.run(scenario, g);
      if (where) {
        std::vector<Value> locals;
        for (int i : sc.inputs) locals.push_back(run.slots[static_cast<std::size_t>(i)]);
        for (int i : sc.outputs) locals.push_back(run.slots[static_cast<std::size_t>(i)]);
        if (!ev.value_with_locals(*where, std::move(locals)).boolean()) return;
      }
      for (std::size_t k = 0; k < sc.outputs.size(); ++k) {
        const Slot& sl = sc.slots[static_cast<std::size_t>(sc.outputs[k])];
        const Value& v = run.slots[static_cast<std::size_t>(sc.outputs[k])];
        if (sl.type.is_quantity()) cells[varies.size() + k].set(v.number() / output_units[k].factor);
        else if (sl.type.is_bool()) cells[varies.size() + k].set_bool(v.boolean());
        else cells[varies.size() + k].set_text(format_value(v, sl.type, output_units[k], p));
      }
      writer.row(cells, "");
    } catch (const EvalError& e) {
      if (where) return;  // a point that fails cannot satisfy --where
      for (std::size_t k = varies.size(); k < cells.size(); ++k) cells[k].set_text("");
      writer.row(cells, one_line(e.diag));
    }
  };

  if (!program) {
    for (std::size_t i = shard_k - 1; i < total; i += shard_n) slow_point(i);
    writer.finish();
    return kExitOk;
  }
  // Outputs the program does not compute (lists, records, text) are the base point's.
  std::vector<std::string> constant_cells(sc.outputs.size());
  for (std::size_t k = 0; k < sc.outputs.size(); ++k) {
    const Slot& sl = sc.slots[static_cast<std::size_t>(sc.outputs[k])];
    if (!sl.type.is_quantity() && !sl.type.is_bool()) constant_cells[k] = format_value(base->slots[static_cast<std::size_t>(sc.outputs[k])], sl.type, output_units[k], p);
  }
  constexpr std::size_t B = SweepProgram::kBlock;
  std::vector<std::vector<double>> columns(varies.size(), std::vector<double>(B));
  std::vector<const double*> column_ptrs;
  for (auto& c : columns) column_ptrs.push_back(c.data());
  std::vector<std::size_t> indices(B);
  std::size_t i = shard_k - 1;
  while (i < total) {
    std::size_t n = 0;
    for (; n < B && i < total; ++n, i += shard_n) {
      indices[n] = i;
      std::size_t index = i;
      for (std::size_t v = varies.size(); v-- > 0;) {
        std::size_t len = varies[v].values.size();
        columns[v][n] = varies[v].values[index % len];
        index /= len;
      }
    }
    program->run(column_ptrs, n);
    for (std::size_t k = 0; k < n; ++k) {
      if (!program->ok(k)) {
        slow_point(indices[k]);
        continue;
      }
      if (where && program->value(program->extra_register[0], k) == 0) continue;
      for (std::size_t v = 0; v < varies.size(); ++v) cells[v].set(columns[v][k] / varied_units[v].factor);
      for (std::size_t o2 = 0; o2 < sc.outputs.size(); ++o2) {
        const Slot& sl = sc.slots[static_cast<std::size_t>(sc.outputs[o2])];
        std::uint32_t reg = program->slot_register[static_cast<std::size_t>(sc.outputs[o2])];
        Cell& cell = cells[varies.size() + o2];
        if (!constant_cells[o2].empty() || reg == UINT32_MAX) cell.set_text(constant_cells[o2]);
        else if (sl.type.is_bool()) cell.set_bool(program->value(reg, k) != 0);
        else cell.set(program->value(reg, k) / output_units[o2].factor);
      }
      writer.row(cells, "");
    }
  }
  writer.finish();
  return kExitOk;
}

}  // namespace mlsi
