#include "convert.hpp"

namespace mlsi::python {

namespace {

const char* category_name(api::Category c) {
  switch (c) {
    case api::Category::source: return "source";
    case api::Category::syntax: return "syntax";
    case api::Category::input: return "input";
    case api::Category::check: return "check";
    case api::Category::evaluation: return "evaluation";
    case api::Category::usage: return "usage";
  }
  return "source";
}

const char* severity_name(api::Severity s) {
  switch (s) {
    case api::Severity::error: return "error";
    case api::Severity::warning: return "warning";
    case api::Severity::note: return "note";
  }
  return "error";
}

py::object location_tuple(const api::Location& l) {
  if (!l.known()) return l.file.empty() ? py::object(py::none()) : py::make_tuple(l.file, 0, 0, 0, 0);
  return py::make_tuple(l.file, l.line, l.column, l.end_line, l.end_column);
}

}  // namespace

py::tuple value_tuple(const api::Value& v) {
  using K = api::Value::Kind;
  switch (v.kind) {
    case K::quantity: return py::make_tuple("q", v.number, v.unit, v.si, v.dimension, v.shown);
    case K::boolean: return py::make_tuple("b", v.boolean);
    case K::text: return py::make_tuple("t", v.text);
    case K::enumeration: return py::make_tuple("e", v.text);
    case K::list: {
      py::list items;
      for (const auto& item : v.items) items.append(value_tuple(item));
      return py::make_tuple("l", items, v.unit, v.dimension, v.shown);
    }
    case K::record:
    case K::entry: {
      if (v.kind == K::entry && v.fields.empty()) return py::make_tuple("n", v.text, v.kind_name);
      py::list fields;
      for (const auto& f : v.fields) fields.append(py::make_tuple(f.name, f.present, f.present ? py::object(value_tuple(f.value)) : py::none()));
      return py::make_tuple("r", v.kind_name, fields, v.shown);
    }
  }
  return py::make_tuple("t", v.shown);
}

py::tuple item_tuple(const api::Item& item) {
  return py::make_tuple(item.name, item.type, item.available, item.available ? py::object(value_tuple(item.value)) : py::none());
}

py::list item_list(const std::vector<api::Item>& items) {
  py::list out;
  for (const auto& i : items) out.append(item_tuple(i));
  return out;
}

py::dict diagnostics_dict(const api::Diagnostics& diagnostics) {
  py::list list;
  for (std::size_t i = 0; i < diagnostics.size(); ++i) {
    const api::Diagnostic& d = diagnostics[i];
    py::list notes;
    for (const auto& n : d.notes) notes.append(py::make_tuple(n.message, location_tuple(n.location)));
    py::dict entry;
    entry["severity"] = severity_name(d.severity);
    entry["category"] = category_name(d.category);
    entry["message"] = d.message;
    entry["location"] = location_tuple(d.location);
    entry["notes"] = notes;
    entry["rendered"] = diagnostics.render_one(i);
    list.append(entry);
  }
  py::dict out;
  out["list"] = list;
  out["rendered"] = diagnostics.render();
  return out;
}

py::dict run_result_dict(const api::RunResult& r) {
  py::dict out;
  out["ok"] = r.ok;
  out["scenario"] = r.scenario;
  out["config"] = r.config;
  out["inputs"] = item_list(r.inputs);
  out["outputs"] = item_list(r.outputs);
  out["diagnostics"] = diagnostics_dict(r.diagnostics);
  return out;
}

}  // namespace mlsi::python
