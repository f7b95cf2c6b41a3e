// A record literal where an entry of a catalogue kind is expected (language.md §7.6): an entry written
// inline. Each field given must be one of the kind's, of its type; every field the schema requires of an
// entry must be given (the common ones, `name` and `source`, excepted: an inline entry is named by where
// it is written). The fields are kept in the order written, each with its slot in `map`; the evaluator
// fills the derived fields (model/catalogue_derived.hpp).
#include <fmt/format.h>

#include <algorithm>

#include "check/cexpr_nodes.hpp"
#include "check/compiler.hpp"
#include "model/catalogue.hpp"
#include "model/catalogue_derived.hpp"

namespace mlsi {

using check_nodes::make;

namespace {

// "`a`", "`a` and `b`", "`a`, `b` and `c`".
std::string listed(const std::vector<std::string>& names) {
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out += i + 1 == names.size() ? " and " : ", ";
    out += "`" + names[i] + "`";
  }
  return out;
}

}  // namespace

CExpr Compiler::catalogue_literal(const ast::Expr& e, Scope& sc, const Type& expected) {
  const RecordType& kind = *expected.record;
  CExpr c = make(Op::record, e, Type::error());
  std::vector<bool> given(kind.fields.size(), false);
  bool ok = true;
  for (std::size_t i = 0; i < e.operands.size(); ++i) {
    int at = kind.find(e.names[i]);
    if (at < 0) {
      auto& d = diags_.error(e.name_spans[i], fmt::format("{} has no field `{}`", kind.name, e.names[i]));
      // Among the fields not given: `nodez` beside `node` meant `nodes`.
      std::vector<std::string> open;
      for (const auto& f : kind.fields)
        if (std::find(e.names.begin(), e.names.end(), f) == e.names.end()) open.push_back(f);
      if (auto s = closest_name(e.names[i], open); !s.empty()) d.notes.push_back(fmt::format("did you mean `{}`?", s));
      expr(*e.operands[i], sc);
      ok = false;
      continue;
    }
    auto slot = static_cast<std::size_t>(at);
    if (given[slot]) {
      diags_.error(e.name_spans[i], fmt::format("field `{}` is given twice", e.names[i]));
      ok = false;
      continue;
    }
    given[slot] = true;
    CExpr value = expr(*e.operands[i], sc, &kind.types[slot]);
    ok = expect_type(value, kind.types[slot], [&] { return fmt::format("field `{}` of {}", e.names[i], kind.name); }) && ok;
    c.kids.push_back(std::move(value));
    c.map.push_back(at);
  }
  std::vector<std::string> required, missing;
  if (const KindSpec* spec = find_kind_spec(kind.name)) {
    for (const auto& f : spec->fields) {
      if (f.requirement != Requirement::required) continue;
      required.emplace_back(f.name);
      int at = kind.find(f.name);
      if (at >= 0 && !given[static_cast<std::size_t>(at)]) missing.emplace_back(f.name);
    }
  }
  if (!missing.empty() && ok) {
    auto& d = diags_.error(e.span, fmt::format("this {} lacks {}", kind.name, listed(missing)));
    d.notes.push_back(fmt::format("a {} written inline gives {}; its other fields may be left out (docs/catalogue.md §2)", kind.name,
                                  listed(required)));
    ok = false;
  }
  if (!ok) return c;
  auto lc = p_.sources.line_col(e.span.file, e.span.begin);
  c.constant = Value(inline_entry_name(kind.name, p_.sources.file(e.span.file).name, lc.line, lc.col));
  c.type = expected;
  return c;
}

}  // namespace mlsi
