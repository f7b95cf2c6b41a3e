#include "report/render.hpp"

#include <fmt/format.h>

#include <cmath>

#include "model/display.hpp"
#include "model/value_json.hpp"
#include "report/csv.hpp"
#include "report/markdown_text.hpp"

namespace mlsi {

namespace {

struct Row {
  std::string name, value, unit;
};

Row table_row(const Program& p, const std::string& name, const Value& v, const Type& t, const DisplayUnit& display) {
  DisplayUnit u = effective_unit(v, t, display, p);
  return Row{name, format_bare(v, t, u, p, NumberStyle::people), t.scalar().is_quantity() ? u.text : ""};
}

// A CSV cell and its header: the unit in the header only, the numbers exact.
std::pair<std::string, std::string> csv_column(const Program& p, const std::string& name, const Value& v, const Type& t, const DisplayUnit& display) {
  DisplayUnit u = effective_unit(v, t, display, p);
  return {csv_header(name, t.scalar().is_quantity() ? u.text : ""), format_bare(v, t, u, p, NumberStyle::exact)};
}

// The run as a Markdown page: the scenario (and config) as its title, a table of inputs and one of
// outputs, the calibration notes after them.
std::string run_markdown(const std::string& title, const std::vector<Row>& inputs, const std::vector<Row>& outputs,
                         const std::vector<std::string>& notes) {
  std::string out = "# " + markdown_cell(title) + "\n";
  auto section = [&](const char* heading, const char* column, const std::vector<Row>& rows) {
    if (rows.empty()) return;
    out += fmt::format("\n## {}\n\n| {} | value | unit |\n|---|--:|---|\n", heading, column);
    for (const auto& r : rows) out += fmt::format("| {} | {} | {} |\n", markdown_cell(r.name), markdown_cell(r.value), markdown_cell(r.unit));
  };
  section("Inputs", "input", inputs);
  section("Outputs", "output", outputs);
  for (const auto& n : notes) out += "\n**Note:** " + markdown_cell(n) + "\n";
  return out;
}

// The same page as one self-contained HTML file.
std::string run_html(const std::string& title, const std::vector<Row>& inputs, const std::vector<Row>& outputs,
                     const std::vector<std::string>& notes) {
  std::string out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>" + html_text(title) +
                    "</title>\n<style>\nbody { font-family: sans-serif; max-width: 50em; margin: 2em auto; }\n"
                    "table { border-collapse: collapse; }\nth, td { border: 1px solid #ccc; padding: 0.2em 0.6em; text-align: left; }\n"
                    "td.value { text-align: right; }\n</style>\n</head>\n<body>\n<h1>" + html_text(title) + "</h1>\n";
  auto section = [&](const char* heading, const char* column, const std::vector<Row>& rows) {
    if (rows.empty()) return;
    out += fmt::format("<h2>{}</h2>\n<table>\n<tr><th>{}</th><th>value</th><th>unit</th></tr>\n", heading, column);
    for (const auto& r : rows)
      out += fmt::format("<tr><td>{}</td><td class=\"value\">{}</td><td>{}</td></tr>\n", html_text(r.name), html_text(r.value), html_text(r.unit));
    out += "</table>\n";
  };
  section("Inputs", "input", inputs);
  section("Outputs", "output", outputs);
  for (const auto& n : notes) out += "<p><strong>Note:</strong> " + html_text(n) + "</p>\n";
  return out + "</body>\n</html>\n";
}

}  // namespace

std::string render_run(const Program& p, const ScenarioRun& run, const std::string& config, Format format, bool colour) {
  const Scenario& s = p.scenarios.at(static_cast<std::size_t>(run.scenario));
  auto value_of = [&](int slot) -> const Value& { return run.slots[static_cast<std::size_t>(slot)]; };
  // An input whose default nothing read and that could not be evaluated (it reads a field the entry lacks).
  auto unused = [&](int slot) { return !run.available.empty() && !run.available[static_cast<std::size_t>(slot)]; };
  if (format == Format::json) {
    std::string out = fmt::format("{{\"scenario\": {}, \"config\": {},\n \"inputs\": {{", json_escape(s.name), config.empty() ? "null" : json_escape(config));
    bool first = true;
    for (int i : s.inputs) {
      const Slot& sl = s.slots[static_cast<std::size_t>(i)];
      out += fmt::format("{}{}: {}", first ? "" : ", ", json_escape(sl.name),
                         unused(i) ? std::string("null") : json_field(p, value_of(i), sl.type, run.display[static_cast<std::size_t>(i)]));
      first = false;
    }
    out += "},\n \"outputs\": {";
    first = true;
    for (int i : s.outputs) {
      const Slot& sl = s.slots[static_cast<std::size_t>(i)];
      out += fmt::format("{}{}: {}", first ? "" : ", ", json_escape(sl.name), json_field(p, value_of(i), sl.type, run.display[static_cast<std::size_t>(i)]));
      first = false;
    }
    out += "}";
    if (!run.calibration_notes.empty()) {
      out += ",\n \"notes\": [";
      for (std::size_t i = 0; i < run.calibration_notes.size(); ++i) {
        const CalibrationNote& n = run.calibration_notes[i];
        std::string fields;
        for (const auto& f : n.fields) fields += (fields.empty() ? "" : ", ") + json_escape(f);
        out += fmt::format("{}{{\"entry\": {}, \"kind\": {}, \"defaulted\": [{}], \"message\": {}}}", i ? ",\n  " : "", json_escape(n.entry),
                           json_escape(n.kind), fields, json_escape(calibration_note_message(n)));
      }
      out += "]";
    }
    return out + "}\n";
  }
  if (format == Format::csv) {
    std::vector<std::string> header, values;
    for (const auto* slots : {&s.inputs, &s.outputs})
      for (int i : *slots) {
        const Slot& sl = s.slots[static_cast<std::size_t>(i)];
        if (unused(i)) {
          header.push_back(sl.name);
          values.emplace_back("(not used)");
          continue;
        }
        auto [head, cell] = csv_column(p, sl.name, value_of(i), sl.type, run.display[static_cast<std::size_t>(i)]);
        header.push_back(std::move(head));
        values.push_back(std::move(cell));
      }
    return csv_line(header) + csv_line(values);
  }
  std::vector<Row> inputs, outputs;
  for (int i : s.inputs) {
    const Slot& sl = s.slots[static_cast<std::size_t>(i)];
    if (unused(i)) inputs.push_back(Row{sl.name, "(not used)", ""});
    else inputs.push_back(table_row(p, sl.name, value_of(i), sl.type, run.display[static_cast<std::size_t>(i)]));
  }
  for (int i : s.outputs) {
    const Slot& sl = s.slots[static_cast<std::size_t>(i)];
    outputs.push_back(table_row(p, sl.name, value_of(i), sl.type, run.display[static_cast<std::size_t>(i)]));
  }
  if (format == Format::markdown || format == Format::html) {
    std::string title = config.empty() ? s.name : fmt::format("{} (config {})", s.name, config);
    std::vector<std::string> notes;
    for (const auto& n : run.calibration_notes) notes.push_back(calibration_note_message(n));
    return format == Format::markdown ? run_markdown(title, inputs, outputs, notes) : run_html(title, inputs, outputs, notes);
  }
  std::size_t name_w = 0, value_w = 0;
  for (const auto* rows : {&inputs, &outputs})
    for (const auto& r : *rows) {
      name_w = std::max(name_w, r.name.size());
      if (r.value.size() <= 24) value_w = std::max(value_w, r.value.size());
    }
  const char* bold = colour ? "\x1b[1m" : "";
  const char* dim = colour ? "\x1b[2m" : "";
  const char* reset = colour ? "\x1b[0m" : "";
  std::string out = fmt::format("{}{}{}", bold, s.name, reset);
  if (!config.empty()) out += fmt::format(" {}(config {}){}", dim, config, reset);
  out += "\n";
  auto section = [&](const char* title, const std::vector<Row>& rows) {
    if (rows.empty()) return;
    out += fmt::format("\n{}{}{}\n", bold, title, reset);
    for (const auto& r : rows) {
      std::string line = fmt::format("  {:<{}}  {:>{}}", r.name, name_w, r.value, value_w);
      if (!r.unit.empty()) line += " " + r.unit;
      out += line + "\n";
    }
  };
  section("inputs", inputs);
  section("outputs", outputs);
  // After the results, so that an answer that rests on calibration defaults is not read as a calibrated one.
  if (!run.calibration_notes.empty()) out += "\n";
  for (const auto& n : run.calibration_notes) out += fmt::format("{}note:{} {}\n", bold, reset, calibration_note_message(n));
  return out;
}

}  // namespace mlsi
