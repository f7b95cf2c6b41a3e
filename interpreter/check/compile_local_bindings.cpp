// Bindings local to a scenario or an expression: a scenario's own functions (`fn` members, which see
// its inputs, lets and outputs) and `let name = value in body` (language.md §5.4, §8.10).
#include <fmt/format.h>

#include <algorithm>

#include "check/cexpr_nodes.hpp"
#include "check/compiler.hpp"

namespace mlsi {

using check_nodes::make;

void Compiler::declare_local_functions(Scenario& s) {
  for (const auto& m : s.decl->members) {
    const auto* d = std::get_if<ast::FnDecl>(&m);
    if (!d) continue;
    Span first;
    if (int slot = s.find_slot(d->name); slot >= 0) first = s.slots[static_cast<std::size_t>(slot)].span;
    else if (int fn = s.find_function(d->name); fn >= 0) first = s.functions[static_cast<std::size_t>(fn)].span;
    if (first.valid()) {
      auto& diag = diags_.error(d->name_span, fmt::format("`{}` is already declared in scenario `{}`", d->name, s.name));
      diag.notes.push_back(fmt::format("first declared on line {}", p_.sources.line_col(first.file, first.begin).line));
      continue;
    }
    Function f;
    f.name = d->name;
    f.doc = d->doc;
    f.span = d->name_span;
    f.decl = d;
    s.functions.push_back(std::move(f));
  }
}

void Compiler::ensure_local_function(Scenario& s, int index) {
  Function& f = s.functions[static_cast<std::size_t>(index)];
  if (f.state != State::pending) return;
  Scope sc;
  sc.scenario = &s;
  sc.reads = &f.slots_read;
  sc.calls = &f.local_calls;
  compile_function(f, sc);
}

void Compiler::add_local_reads(const Scenario& s, const std::vector<int>& calls, std::vector<int>& out) const {
  for (int fn : calls) {
    const auto& read = s.functions[static_cast<std::size_t>(fn)].slots_read;
    out.insert(out.end(), read.begin(), read.end());
  }
}

void Compiler::close_local_reads(Scenario& s, const std::vector<std::vector<int>>& slot_calls, std::vector<std::vector<int>>& deps,
                                 std::map<std::pair<int, int>, int>& through) {
  // Through the calls among the functions: each gets what every function it reaches reads.
  std::vector<std::vector<int>> reached(s.functions.size());
  for (std::size_t i = 0; i < s.functions.size(); ++i) {
    std::vector<bool> seen(s.functions.size(), false);
    std::vector<int> stack{static_cast<int>(i)};
    seen[i] = true;
    while (!stack.empty()) {
      int at = stack.back();
      stack.pop_back();
      reached[i].push_back(at);
      for (int next : s.functions[static_cast<std::size_t>(at)].local_calls)
        if (!seen[static_cast<std::size_t>(next)]) {
          seen[static_cast<std::size_t>(next)] = true;
          stack.push_back(next);
        }
    }
  }
  std::vector<std::vector<int>> reads(s.functions.size());
  for (std::size_t i = 0; i < s.functions.size(); ++i) {
    add_local_reads(s, reached[i], reads[i]);
    std::sort(reads[i].begin(), reads[i].end());
    reads[i].erase(std::unique(reads[i].begin(), reads[i].end()), reads[i].end());
  }
  for (std::size_t i = 0; i < s.functions.size(); ++i) s.functions[i].slots_read = std::move(reads[i]);
  for (std::size_t slot = 0; slot < slot_calls.size(); ++slot)
    for (int fn : slot_calls[slot])
      for (int read : s.functions[static_cast<std::size_t>(fn)].slots_read) {
        deps[slot].push_back(read);
        through.emplace(std::pair{static_cast<int>(slot), read}, fn);
      }
}

CExpr Compiler::let_in(const ast::Expr& e, Scope& sc, const Type* expected) {
  CExpr c = make(Op::let_in, e, Type::error());
  c.kids.push_back(expr(*e.operands[0], sc));
  int local = static_cast<int>(sc.locals.size());
  sc.locals.push_back(Local{e.text, local, c.kids[0].type, e.op_span});
  sc.max_locals = std::max(sc.max_locals, static_cast<int>(sc.locals.size()));
  c.index = local;
  c.kids.push_back(expr(*e.operands[1], sc, expected));
  c.type = c.kids[1].type;
  sc.locals.pop_back();
  return c;
}

}  // namespace mlsi
