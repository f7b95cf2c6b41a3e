// What an unknown or unexpected name is said to be, from what its context expects: a case hidden by a
// scenario's own name, an entry missing from the catalogue.
#include <fmt/format.h>

#include "check/compiler.hpp"

namespace mlsi {

namespace {

// The catalogue has few entries of some kinds (precisions, cooling systems): those are listed in full.
constexpr std::size_t kEntriesListed = 12;

}  // namespace

// A scenario's own names and local names come before case names (language.md §7.7): where `fabric` is
// an input and also a case of the enumeration expected, the input is what is found, and the message
// would otherwise name only its type.
std::string Compiler::hidden_case_note(const CExpr& c, const Type& want) const {
  if (want.kind != Type::Kind::enumeration || (c.op != Op::slot && c.op != Op::local)) return {};
  std::string name(p_.sources.text(c.span));
  if (want.enumeration->find(name) < 0) return {};
  std::string what = "a local name";
  if (c.op == Op::slot) {
    const Scenario* s = current_scenario_;
    if (!s || c.index < 0 || static_cast<std::size_t>(c.index) >= s->slots.size()) return {};
    const Slot& sl = s->slots[static_cast<std::size_t>(c.index)];
    if (sl.name != name) return {};
    what = fmt::format("the {} `{}` of {}", sl.kind == SlotKind::input ? "input" : sl.kind == SlotKind::let ? "let" : "output", name, s->name);
  }
  return fmt::format("`{0}` here is {1}, a {2}, which hides the case `{0}` of {3}: a scenario's own names and local names come "
                     "before case names; rename one of them",
                     name, what, tname(c.type), tname(want));
}

void Compiler::unknown_entry(Span span, const std::string& name, const Type& kind) {
  const std::string& kind_name = kind.record->name;
  auto& d = diags_.error(span, fmt::format("there is no {} `{}` in the catalogue", kind_name, name));
  std::vector<std::string> names, keys;
  for (auto& n : p_.catalogue.all_names()) {
    const CatalogueEntry* entry = p_.catalogue.find(n);
    if (!entry || entry->value.record().type->name != kind_name) continue;
    if (entry->value.record().key == n) keys.push_back(n);
    names.push_back(std::move(n));
  }
  if (auto near = closest_name(name, names); !near.empty()) d.notes.push_back(fmt::format("did you mean `{}`?", near));
  if (!keys.empty() && keys.size() <= kEntriesListed) {
    std::string all;
    for (const auto& k : keys) all += (all.empty() ? "" : ", ") + k;
    d.notes.push_back(fmt::format("the {} entries are: {}", kind_name, all));
  }
  // In the caller's words (`--catalog FILE.toml`, Python's `catalogues=[...]`); left out for a caller that
  // cannot give a file (the browser's page).
  if (p_.words.has("catalogues"))
    d.notes.push_back(fmt::format("entries of a catalogue file of your own are read with `{}`", p_.words.give("catalogues", "FILE.toml")));
}

}  // namespace mlsi
