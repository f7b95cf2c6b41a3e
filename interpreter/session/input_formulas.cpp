#include "session/input_formulas.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <functional>

namespace mlsi {

namespace {

// The slots an expression reads (its own, not those of a scenario it calls).
void collect_slots(const CExpr& e, std::vector<int>& out) {
  if (e.op == Op::slot && std::find(out.begin(), out.end(), e.index) == out.end()) out.push_back(e.index);
  for (const auto& k : e.kids) collect_slots(k, out);
}

std::string where(const Program& p, Span span) {
  if (!span.valid()) return "";
  auto lc = p.sources.line_col(span.file, span.begin);
  return fmt::format("{}:{}:{}", p.sources.file(span.file).name, lc.line, lc.col);
}

}  // namespace

std::vector<std::vector<int>> slot_reads(const Program& p, int scenario, const GivenInputs& given) {
  const Scenario& s = p.scenarios.at(static_cast<std::size_t>(scenario));
  std::vector<std::vector<int>> reads(s.slots.size());
  for (std::size_t i = 0; i < s.slots.size(); ++i) {
    const auto* g = i < given.size() && given[i] ? &*given[i] : nullptr;
    if (g && g->in_scope && g->expr) collect_slots(*g->expr, reads[i]);
    else if (!g && s.slots[i].expr) collect_slots(*s.slots[i].expr, reads[i]);
  }
  return reads;
}

bool check_given_formulas(ProgramSession& session, int scenario, const GivenInputs& given) {
  const Program& p = session.program();
  const Scenario& s = p.scenarios.at(static_cast<std::size_t>(scenario));
  auto reads = slot_reads(p, scenario, given);
  auto formula = [&](int i) {
    auto k = static_cast<std::size_t>(i);
    return k < given.size() && given[k] && given[k]->in_scope;
  };
  // Depth first from each formula. A cycle of defaults and formulas of the scenario alone was refused
  // by the checker, so every cycle found goes through a given formula.
  std::vector<int> colour(s.slots.size(), 0), stack;
  std::function<bool(int)> visit = [&](int i) -> bool {
    colour[static_cast<std::size_t>(i)] = 1;
    stack.push_back(i);
    for (int j : reads[static_cast<std::size_t>(i)]) {
      if (colour[static_cast<std::size_t>(j)] == 0 && visit(j)) return true;
      if (colour[static_cast<std::size_t>(j)] != 1) continue;
      // The chain from j back to j, started at a given formula so that the error is where it was given.
      std::vector<int> chain(std::find(stack.begin(), stack.end(), j), stack.end());
      auto first = std::find_if(chain.begin(), chain.end(), formula);
      std::rotate(chain.begin(), first == chain.end() ? chain.begin() : first, chain.end());
      std::string path;
      for (int c : chain) path += s.slots[static_cast<std::size_t>(c)].name + " -> ";
      path += s.slots[static_cast<std::size_t>(chain.front())].name;
      const Slot& head = s.slots[static_cast<std::size_t>(chain.front())];
      Span at = formula(chain.front()) ? given[static_cast<std::size_t>(chain.front())]->span : head.span;
      auto& d = session.diagnostics().error(at, fmt::format("the value given for `{}` depends on itself: {}", head.name, path));
      for (std::size_t k = 0; k < chain.size(); ++k) {
        const Slot& from = s.slots[static_cast<std::size_t>(chain[k])];
        const std::string& to = s.slots[static_cast<std::size_t>(chain[(k + 1) % chain.size()])].name;
        if (formula(chain[k])) {
          const InputValue& g = *given[static_cast<std::size_t>(chain[k])];
          d.notes.push_back(fmt::format("`{}` is given by {} at {}, which reads `{}`", from.name, g.origin, where(p, g.span), to));
        } else {
          const char* what = from.kind == SlotKind::input ? "the default of input" : from.kind == SlotKind::let ? "let" : "output";
          d.notes.push_back(fmt::format("{} `{}` at {} reads `{}`", what, from.name, where(p, from.expr ? from.expr->span : from.span), to));
        }
      }
      return true;
    }
    stack.pop_back();
    colour[static_cast<std::size_t>(i)] = 2;
    return false;
  };
  for (std::size_t i = 0; i < s.slots.size(); ++i)
    if (formula(static_cast<int>(i)) && colour[i] == 0 && visit(static_cast<int>(i))) return false;
  return true;
}

bool reads_any(const std::vector<std::vector<int>>& reads, int from, const std::vector<int>& targets) {
  std::vector<bool> seen(reads.size(), false);
  std::vector<int> queue{from};
  seen[static_cast<std::size_t>(from)] = true;
  while (!queue.empty()) {
    int i = queue.back();
    queue.pop_back();
    for (int j : reads[static_cast<std::size_t>(i)]) {
      if (std::find(targets.begin(), targets.end(), j) != targets.end()) return true;
      if (!seen[static_cast<std::size_t>(j)]) {
        seen[static_cast<std::size_t>(j)] = true;
        queue.push_back(j);
      }
    }
  }
  return false;
}

}  // namespace mlsi
