// The extension module `mlsi._mlsi`: the public C++ API (interpreter/include/mlsi/) as functions over
// plain Python values. python/mlsi/ builds the module's classes on it; nothing here prints or parses text.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <map>
#include <memory>
#include <mlsi/mlsi.hpp>
#include <optional>
#include <stdexcept>

#include "convert.hpp"

namespace py = pybind11;
using namespace mlsi;

namespace {

// One input's value from Python: (name, text) or (name, number, unit). Messages call its text by the
// keyword that gave it (`microbatch=:1:12`), not by the command line's --set.
std::vector<api::InputSetting> settings_of(const py::list& inputs) {
  api::RunRequest r;
  for (const auto& item : inputs) {
    auto t = item.cast<py::tuple>();
    auto name = t[0].cast<std::string>();
    if (t.size() == 2) r.set(name, t[1].cast<std::string>());
    else r.set(name, t[1].cast<double>(), t[2].cast<std::string>());
    r.inputs.back().origin = name + "=";
  }
  return r.inputs;
}

// What messages call the texts of the keywords vary=, where= and such_that=.
constexpr const char* kVaryOrigin = "vary";
constexpr const char* kWhereOrigin = "where";
constexpr const char* kSuchThatOrigin = "such_that";

api::RunRequest request_of(const std::string& file, const std::string& scenario, const std::string& config, const py::list& inputs) {
  api::RunRequest r;
  r.file = file;
  r.scenario = scenario;
  r.config = config;
  r.inputs = settings_of(inputs);
  return r;
}

// What messages call what a Python caller gives (api::SessionOptions::words): the keywords of
// mlsi.Session and its methods, not the command line's flags (`raise the limit with
// limits={"max_steps": N}`, `give it with batch=VALUE or in a config`).
std::map<std::string, api::CallerWord> python_words() {
  std::map<std::string, api::CallerWord> words;
  for (const auto& limit : api::kLimitTable) {  // each a key of limits=, by its name in api::Limits
    std::string key(limit.name);
    words[std::string(limit.option)] = {"limits[\"" + key + "\"]", "limits={\"" + key + "\": {}}"};
  }
  words["set"] = {"inputs", "{}"};  // a keyword per input: `batch=VALUE`
  words["inputs"] = {};             // no inputs file: the run's inputs= is a mapping
  words["workload"] = {"workload_config", "workload_config=\"{}\""};
  words["name"] = {"workload_key", "workload_key=\"{}\""};
  words["for"] = {};
  words["catalogues"] = {"catalogues", "catalogues=[\"{}\"]"};
  words["scenario"] = {"scenario=", "scenario=\"{}\""};
  for (const char* keyword : {"such_that", "minimize", "maximize", "top", "max", "min", "vary", "where"})
    words[keyword] = {std::string(keyword) + "=", std::string(keyword) + "={}"};
  return words;
}

api::SessionOptions options_of(const std::vector<std::string>& catalogues, const std::vector<std::string>& files, const py::dict& limits,
                               const std::vector<std::string>& catalogue_texts = {}) {
  api::SessionOptions o;
  o.catalogues = catalogues;
  for (const auto& text : catalogue_texts) o.catalogue_texts.emplace_back("<catalog_text>", text);
  o.files = files;
  o.words = python_words();
  const auto& names = api::limit_names();
  for (const auto& [key, value] : limits) {
    auto name = key.cast<std::string>();
    if (std::find(names.begin(), names.end(), name) == names.end()) throw py::key_error(*api::set_limit(o.limits, name, ""));
    // Read as the command line reads `--max-steps 4294967297`: an int is its decimal digits, anything else
    // (True, 1.5, 1e3, "10") is refused in the same words as a value with a sign, a point or a suffix is.
    std::string text = py::isinstance<py::int_>(value) && !py::isinstance<py::bool_>(value) ? py::str(value).cast<std::string>()
                                                                                           : py::repr(value).cast<std::string>();
    if (auto refused = api::set_limit(o.limits, name, text)) throw py::value_error(*refused);
  }
  return o;
}

// Runs `call` (a call of the library) without the GIL, so that other Python threads go on, and with a
// cancellation hook that looks at Python's signals now and then: Ctrl-C (or any signal handler that
// raises) stops the call, and what the handler raised (KeyboardInterrupt) is raised once it returns.
template <class Call>
auto interruptible(Call call) {
  std::optional<py::error_already_set> raised;
  decltype(call()) result;
  {
    api::CancelHook hook([&raised] {
      py::gil_scoped_acquire gil;
      if (PyErr_CheckSignals() == 0) return false;
      raised.emplace();  // takes the exception the handler set
      return true;
    });
    py::gil_scoped_release release;
    result = call();
  }
  if (raised) throw *raised;
  return result;
}

// A vector handed to NumPy without a copy: the array owns it through a capsule.
template <class T>
py::array owned_array(std::vector<T> values, py::dtype dtype) {
  auto holder = std::make_unique<std::vector<T>>(std::move(values));
  std::vector<T>* data = holder.get();
  py::capsule owner(data, [](void* p) { std::unique_ptr<std::vector<T>> free(static_cast<std::vector<T>*>(p)); });
  holder.release();
  return py::array(dtype, {static_cast<py::ssize_t>(data->size())}, {static_cast<py::ssize_t>(sizeof(T))}, data->data(), owner);
}

py::dict sweep_dict(api::SweepTable table) {
  py::dict out;
  out["ok"] = table.ok;
  out["diagnostics"] = python::diagnostics_dict(table.diagnostics);
  if (!table.ok) return out;
  out["total"] = table.total;
  out["rows"] = table.rows;
  out["index"] = owned_array(std::move(table.index), py::dtype::of<std::uint64_t>());
  py::list columns;
  for (auto& c : table.columns) {
    py::dict column;
    column["name"] = c.column.name;
    column["unit"] = c.column.unit;
    column["varied"] = c.column.varied;
    column["dimension"] = c.column.dimension;
    column["si_unit"] = c.column.si_unit;
    column["factor"] = c.column.factor;
    switch (c.kind) {
      case api::SweepCell::Kind::number: column["values"] = owned_array(std::move(c.si), py::dtype::of<double>()); break;
      case api::SweepCell::Kind::boolean: column["values"] = owned_array(std::move(c.flags), py::dtype::of<bool>()); break;
      case api::SweepCell::Kind::text: {
        column["values"] = py::cast(c.texts);
        py::list data;
        for (const auto& v : c.values) data.append(python::value_tuple(v));
        column["data"] = data;
        break;
      }
    }
    column["kind"] = c.kind == api::SweepCell::Kind::number ? "number" : c.kind == api::SweepCell::Kind::boolean ? "bool" : "text";
    columns.append(column);
  }
  out["columns"] = columns;
  py::list errors;
  for (const auto& [row, message] : table.errors) errors.append(py::make_tuple(row, message));
  out["errors"] = errors;
  return out;
}

py::dict solve_point_dict(const api::SolvePoint& p) {
  py::dict out;
  out["index"] = p.index;
  out["inputs"] = python::item_list(p.inputs);
  out["objective"] = python::value_tuple(p.objective);
  return out;
}

py::dict solve_dict(const api::SolveResult& s) {
  py::dict out;
  out["ok"] = s.ok;
  out["diagnostics"] = python::diagnostics_dict(s.diagnostics);
  out["kind"] = s.kind == api::SolveResult::Kind::solved ? "solved" : s.kind == api::SolveResult::Kind::infeasible ? "infeasible" : "unbounded";
  out["si"] = s.si;
  out["whole"] = s.whole;
  out["tolerance"] = s.tolerance;
  out["evaluated"] = s.evaluated;
  out["points"] = s.points;
  out["feasible"] = s.feasible;
  if (s.boundary) {
    py::dict b;
    b["si"] = s.boundary->si;
    b["fails"] = s.boundary->fails;
    b["point"] = s.boundary->point ? py::object(solve_point_dict(*s.boundary->point)) : py::none();
    out["boundary"] = b;
  } else {
    out["boundary"] = py::none();
  }
  py::list best;
  for (const auto& p : s.best) best.append(solve_point_dict(p));
  out["best"] = best;
  out["run"] = python::run_result_dict(s.run);
  return out;
}

py::dict explanation_dict(const api::Explanation& x) {
  py::dict out;
  out["ok"] = x.ok;
  out["scenario"] = x.scenario;
  out["config"] = x.config;
  out["text"] = x.text;
  out["json"] = x.json;
  out["diagnostics"] = python::diagnostics_dict(x.diagnostics);
  return out;
}

}  // namespace

PYBIND11_MODULE(_mlsi, m) {
  m.doc() = "mlsi's C++ library (mlsi::lang); use the package `mlsi`, which wraps it.";
  // pybind11 finds NumPy's C API on first use, in a function-local static whose initialiser imports
  // numpy. Left to the first sweep, two threads deadlock there: one holds the static's guard and waits for
  // the GIL (the import releases it), the other holds the GIL and waits for the guard. Here the GIL is
  // held and no other thread can be in the module yet. (Dtypes are made from type numbers, never from a
  // format string, whose parser sits behind another such static.)
  py::detail::npy_api::get();
  m.def("version", &api::version);

  // A run's result, converted to Python values only for the keys read (`result["outputs"]`): a loop of
  // runs that reads one output does not pay for the rest.
  py::class_<api::RunResult>(m, "RunResult")
      .def_readonly("ok", &api::RunResult::ok)
      .def("__getitem__", [](const api::RunResult& r, const std::string& key) -> py::object {
        if (key == "ok") return py::bool_(r.ok);
        if (key == "scenario") return py::str(r.scenario);
        if (key == "config") return py::str(r.config);
        if (key == "inputs") return python::item_list(r.inputs);
        if (key == "outputs") return python::item_list(r.outputs);
        if (key == "diagnostics") return python::diagnostics_dict(r.diagnostics);
        throw py::key_error(key);
      });

  py::class_<api::Runner>(m, "Runner")
      .def_property_readonly("ok", &api::Runner::ok)
      .def_property_readonly("diagnostics", [](const api::Runner& r) { return python::diagnostics_dict(r.diagnostics()); })
      .def("run", [](const api::Runner& r, const py::list& inputs) {
        std::vector<api::InputSetting> settings = settings_of(inputs);
        return interruptible([&] { return r.run(settings); });
      });

  py::class_<api::Session>(m, "Session")
      .def(py::init([](const std::vector<std::string>& catalogues, const std::vector<std::string>& files, const py::dict& limits,
                       const std::vector<std::string>& catalogue_texts, const std::string& workload_config, const std::string& workload_key) {
             api::SessionOptions options = options_of(catalogues, files, limits, catalogue_texts);
             options.workload_config = workload_config;
             options.workload_key = workload_key;
             py::gil_scoped_release release;
             return api::Session(std::move(options));
           }),
           py::arg("catalogues"), py::arg("files"), py::arg("limits"), py::arg("catalogue_texts") = std::vector<std::string>{},
           py::arg("workload_config") = std::string(), py::arg("workload_key") = std::string())
      .def_property_readonly("ok", &api::Session::ok)
      .def_property_readonly("diagnostics", [](const api::Session& s) { return python::diagnostics_dict(s.diagnostics()); })
      .def("scenarios", [](const api::Session& s) {
        py::gil_scoped_release release;
        return s.scenarios();
      })
      .def("scenario_source", [](const api::Session& s, const std::string& scenario) {
        api::SourceText source;
        {
          py::gil_scoped_release release;
          source = s.scenario_source(scenario);
        }
        return py::make_tuple(source.name, source.text);
      })
      .def("runner", [](const api::Session& s, const std::string& file, const std::string& scenario, const std::string& config, const py::list& inputs) {
        api::RunRequest request = request_of(file, scenario, config, inputs);
        py::gil_scoped_release release;
        return s.runner(request);
      })
      .def("run", [](const api::Session& s, const std::string& file, const std::string& scenario, const std::string& config, const py::list& inputs) {
        api::RunRequest request = request_of(file, scenario, config, inputs);
        return interruptible([&] { return s.run(request); });
      })
      .def("explain", [](const api::Session& s, const std::string& file, const std::string& scenario, const std::string& config, const py::list& inputs) {
        api::RunRequest request = request_of(file, scenario, config, inputs);
        return explanation_dict(interruptible([&] { return s.explain(request); }));
      })
      .def("sweep", [](const api::Session& s, const std::string& file, const std::string& scenario, const std::string& config, const py::list& inputs,
                       const std::vector<std::string>& vary, const std::string& where, unsigned jobs, std::uint64_t shard_k, std::uint64_t shard_n) {
        api::SweepRequest request;
        request.run = request_of(file, scenario, config, inputs);
        request.vary = vary;
        request.where = where;
        request.vary_origin = kVaryOrigin;
        request.where_origin = kWhereOrigin;
        request.jobs = jobs;
        request.shard_k = shard_k;
        request.shard_n = shard_n;
        // Every point is computed in C++ without the interpreter's lock, on `jobs` threads: other Python
        // threads go on.
        return sweep_dict(interruptible([&] { return s.sweep_table(request); }));
      })
      .def("solve", [](const api::Session& s, const std::string& file, const std::string& scenario, const std::string& config, const py::list& inputs,
                       const std::string& input, bool maximize, const std::vector<std::string>& such_that, double tolerance,
                       const std::vector<std::string>& vary, const std::string& objective, std::size_t top, unsigned jobs) {
        api::SolveRequest request;
        request.run = request_of(file, scenario, config, inputs);
        request.input = input;
        request.direction = maximize ? api::SolveRequest::Direction::max : api::SolveRequest::Direction::min;
        request.such_that = such_that;
        request.tolerance = tolerance;
        request.vary = vary;
        request.objective = objective;
        request.top = top;
        request.jobs = jobs;
        request.such_that_origin = kSuchThatOrigin;
        request.vary_origin = kVaryOrigin;
        return solve_dict(interruptible([&] { return s.solve(request); }));
      })
      .def("evaluate", [](const api::Session& s, const std::string& expression) {
        api::ExpressionResult r = interruptible([&] { return s.evaluate(expression); });
        py::dict out;
        out["ok"] = r.ok;
        out["type"] = r.type;
        out["value"] = r.ok ? py::object(python::value_tuple(r.value)) : py::none();
        out["diagnostics"] = python::diagnostics_dict(r.diagnostics);
        return out;
      })
      .def("catalogue", [](const api::Session& s) {
        std::vector<api::CatalogueItem> items;
        {
          py::gil_scoped_release release;
          items = s.catalogue();
        }
        py::list out;
        for (const auto& i : items) out.append(py::make_tuple(i.name, i.kind, i.aliases, i.builtin, python::value_tuple(i.value)));
        return out;
      });
}
