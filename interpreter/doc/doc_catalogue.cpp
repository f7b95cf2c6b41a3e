#include "doc/doc_catalogue.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "report/catalogue_fields.hpp"
#include "model/catalogue.hpp"

namespace mlsi::doc {

namespace {

std::string requirement_text(const FieldSpec& f) {
  std::string r = f.requirement == Requirement::required ? "required" : f.requirement == Requirement::derived ? "derived" : "optional";
  return f.whole ? r + ", whole" : r;
}

Inline meaning_of(const FieldSpec& f) {
  Inline out = text(std::string(f.meaning));
  if (f.allowed.empty()) return out;
  out = join(out, text(f.meaning.empty() ? "one of " : "; one of "));
  for (std::size_t i = 0; i < f.allowed.size(); ++i) out = join(join(out, text(i ? ", " : "")), code(std::string(f.allowed[i])));
  return out;
}

std::vector<std::vector<Inline>> schema_rows(const std::vector<FieldSpec>& fields) {
  std::vector<std::vector<Inline>> rows;
  for (const auto& f : fields) rows.push_back({code(std::string(f.name)), text(std::string(f.type)), text(requirement_text(f)), meaning_of(f)});
  return rows;
}

std::vector<Inline> schema_header() { return {text("field"), text("type"), text("requirement"), text("meaning")}; }

}  // namespace

Page catalogue_page(const Program& p, const std::string& intro) {
  Page page;
  page.title = "Catalogue";
  page.heading(1, text("Catalogue"));
  if (!intro.empty()) page.paragraph(prose(intro));

  std::vector<Inline> kinds;
  for (const auto& view : kind_views()) {
    auto n = std::count_if(p.catalogue.entries.begin(), p.catalogue.entries.end(), [&](const CatalogueEntry& e) { return e.kind == view.kind; });
    kinds.push_back(join(join(link(view.kind, slug(view.kind)), text(fmt::format(": {} {} (", n, n == 1 ? "entry" : "entries"))),
                         join(code(fmt::format("mlsi list {}", view.plural)), text(")"))));
  }
  page.heading(2, text("Kinds"), "kinds");
  page.list(std::move(kinds));

  page.heading(2, text("Common fields"), "common-fields");
  page.paragraph(text("Every entry of every kind may have these fields."));
  page.table(schema_header(), schema_rows(common_fields()));

  for (const auto& view : kind_views()) {
    auto kind_it = p.catalogue.kinds.find(view.kind);
    if (kind_it == p.catalogue.kinds.end()) continue;
    const RecordType& rt = *kind_it->second;
    page.heading(2, text(view.kind), slug(view.kind));
    page.heading(3, text("Fields"));
    for (const auto& spec : catalogue_schema())
      if (spec.name == view.kind) page.table(schema_header(), schema_rows(spec.fields));

    std::vector<const CatalogueEntry*> entries;
    for (const auto& e : p.catalogue.entries)
      if (e.kind == view.kind) entries.push_back(&e);
    std::sort(entries.begin(), entries.end(), [](const CatalogueEntry* a, const CatalogueEntry* b) { return a->key < b->key; });
    page.heading(3, text("Entries"));
    if (entries.empty()) {
      page.paragraph(text("None."));
      continue;
    }
    std::vector<Inline> header = {text("key")};
    for (const auto& c : view.columns) header.push_back(text(c));
    header.push_back(text("source"));
    const int source = rt.find("source");
    std::vector<std::vector<Inline>> rows;
    for (const auto* e : entries) {
      Inline key = code(e->key);
      if (!e->aliases.empty()) {
        key = join(key, text(" (alias "));
        for (std::size_t i = 0; i < e->aliases.size(); ++i) key = join(join(key, text(i ? ", " : "")), code(e->aliases[i]));
        key = join(key, text(")"));
      }
      if (!e->builtin) key = join(key, text(" (user file)"));
      std::vector<Inline> row = {key};
      for (const auto& c : view.columns) row.push_back(text(field_text(p, *e, rt.find(c))));
      row.push_back(text(source >= 0 ? field_text(p, *e, source) : ""));
      rows.push_back(std::move(row));
    }
    page.table(std::move(header), std::move(rows));
  }
  return page;
}

}  // namespace mlsi::doc
