#include "model/name_undo.hpp"

#include <type_traits>

#include "model/program.hpp"
#include "base/work_counters.hpp"

namespace mlsi {

namespace {

// Calls f with the table, whichever type its values have.
template <typename F>
void with_table(Program& p, NameTable table, F&& f) {
  switch (table) {
    case NameTable::globals: return f(p.global_index);
    case NameTable::functions: return f(p.function_index);
    case NameTable::scenarios: return f(p.scenario_index);
    case NameTable::loaded_paths: return f(p.loaded_paths);
    case NameTable::types: return f(p.type_index);
  }
}

template <typename Map>
void record(Program& p, NameTable table, const Map& m, const std::string& name) {
  if (!p.name_log) return;
  auto it = m.find(name);
  std::optional<std::int64_t> previous;
  if (it != m.end()) previous = static_cast<std::int64_t>(it->second);
  p.name_log->push_back(NameChange{table, name, previous});
  ++work_counters().repl_name_changes_saved;
}

}  // namespace

void bind_name(Program& p, NameTable table, const std::string& name, std::int64_t value) {
  with_table(p, table, [&](auto& m) {
    record(p, table, m, name);
    m[name] = static_cast<typename std::decay_t<decltype(m)>::mapped_type>(value);
  });
}

void unbind_name(Program& p, NameTable table, const std::string& name) {
  with_table(p, table, [&](auto& m) {
    auto it = m.find(name);
    if (it == m.end()) return;
    record(p, table, m, name);
    m.erase(it);
  });
}

void undo_names(Program& p, std::vector<NameChange>& log) {
  for (auto c = log.rbegin(); c != log.rend(); ++c) {
    with_table(p, c->table, [&](auto& m) {
      if (c->previous) m[c->name] = static_cast<typename std::decay_t<decltype(m)>::mapped_type>(*c->previous);
      else m.erase(c->name);
    });
    ++work_counters().repl_name_changes_restored;
  }
  log.clear();
}

NameLogScope::NameLogScope(Program& p, std::vector<NameChange>& log) : p_(&p) {
  log.clear();
  p.name_log = &log;
}

NameLogScope::~NameLogScope() {
  if (p_) p_->name_log = nullptr;
}

}  // namespace mlsi
