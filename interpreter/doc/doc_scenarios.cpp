#include "doc/doc_scenarios.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

#include <fmt/format.h>

#include "model/doc_tags.hpp"
#include "report/catalogue_fields.hpp"
#include "model/types.hpp"

namespace mlsi::doc {

namespace {

std::string written(const Program& p, Span s) { return one_line(p.sources.text(s)); }

// Paragraphs of a `##` doc: an empty `##` line separates them; the lines of one paragraph are joined.
std::vector<std::string> paragraphs(const std::string& doc) {
  std::vector<std::string> out;
  std::string current;
  std::size_t pos = 0;
  while (pos <= doc.size()) {
    std::size_t end = std::min(doc.find('\n', pos), doc.size());
    std::string line = one_line(std::string_view(doc).substr(pos, end - pos));
    if (line.empty()) {
      if (!current.empty()) out.push_back(std::move(current));
      current.clear();
    } else {
      current += (current.empty() ? "" : " ") + line;
    }
    pos = end + 1;
  }
  if (!current.empty()) out.push_back(std::move(current));
  return out;
}

std::string shown_file(const Program& p, FileId f) {
  std::string name = p.sources.file(f).name;
  const std::string builtin = "<builtin>/";
  return name.rfind(builtin, 0) == 0 ? name.substr(builtin.size()) : name;
}

std::string display_unit(const Slot& sl) {
  if (!sl.display.automatic) return sl.display.text.empty() ? "(plain number)" : sl.display.text;
  const Type& t = sl.type.scalar();
  if (!t.is_quantity()) return "";
  return t.dim.dimensionless() ? "(plain number)" : "(automatic)";
}

Inline name_cell(const std::string& name, const std::string& anchor) {
  return {Piece{Piece::Kind::anchor, {}, anchor}, Piece{Piece::Kind::code, name, {}}};
}

// The `See also:` line of a doc as a paragraph, each scenario as code (a folder's page is built file by
// file, so whether a scenario is on the page is not known here).
std::optional<Inline> see_also(const std::string& doc) {
  auto tag = find_doc_tag(doc, kSeeAlsoTag);
  if (!tag || tag->items.empty()) return std::nullopt;
  Inline out = text("See also: ");
  for (std::size_t i = 0; i < tag->items.size(); ++i) {
    const std::string& name = tag->items[i];
    if (i) out = join(out, text(", "));
    out = join(out, code(name));
  }
  return join(out, text("."));
}

ScenarioSection section_of(const Program& p, int index) {
  const Scenario& sc = p.scenarios[static_cast<std::size_t>(index)];
  ScenarioSection out;
  out.name = sc.name;
  out.contract = first_sentence(sc.doc);
  out.file = shown_file(p, sc.file);
  const std::string base = slug(sc.name);
  auto& anchors = out.anchors;
  for (const auto& sl : sc.slots)
    if (sl.kind != SlotKind::let) anchors[sl.name] = base + "-" + sl.name;

  Page page;
  page.heading(2, text(sc.name), base);
  // The contract (the doc's first sentence) stands alone; the rest of the doc follows it.
  if (!out.contract.empty()) page.paragraph(prose(one_line(out.contract), anchors));
  const std::string doc = without_doc_tag(sc.doc, kSeeAlsoTag);
  for (const auto& para : paragraphs(doc.substr(std::min(doc.size(), out.contract.size())))) page.paragraph(prose(para, anchors));
  if (auto related = see_also(sc.doc)) page.paragraph(std::move(*related));
  page.paragraph(join(join(text("Declared in "), code(out.file)), text(".")));

  std::vector<std::vector<Inline>> rows;
  for (int i : sc.inputs) {
    const Slot& sl = sc.slots[static_cast<std::size_t>(i)];
    rows.push_back({name_cell(sl.name, anchors[sl.name]), text(type_name(sl.type, p.dims)), sl.expr ? code(written(p, sl.expr->span)) : text("(required)"),
                    sl.where ? code(written(p, sl.where->span)) : Inline{}, prose(one_line(sl.doc), anchors)});
  }
  page.heading(3, text("Inputs"));
  if (rows.empty()) page.paragraph(text("None."));
  else page.table({text("name"), text("dimension"), text("default"), text("valid range"), text("doc")}, std::move(rows));

  rows.clear();
  for (int i : sc.outputs) {
    const Slot& sl = sc.slots[static_cast<std::size_t>(i)];
    rows.push_back({name_cell(sl.name, anchors[sl.name]), text(type_name(sl.type, p.dims)), text(display_unit(sl)), prose(one_line(sl.doc), anchors)});
  }
  page.heading(3, text("Outputs"));
  if (rows.empty()) page.paragraph(text("None."));
  else page.table({text("name"), text("dimension"), text("display unit"), text("doc")}, std::move(rows));

  if (!sc.checks.empty()) {
    page.heading(3, text("Checks"));
    std::vector<Inline> items;
    for (const auto& c : sc.checks) {
      Inline item = code(written(p, c.condition.span));
      if (c.message) item = join(item, text(": " + *c.message));
      items.push_back(std::move(item));
    }
    page.list(std::move(items));
  }

  std::vector<const Config*> configs;
  for (const auto& c : p.configs)
    if (c.scenario == index) configs.push_back(&c);
  if (!configs.empty()) {
    page.heading(3, text("Configurations"));
    for (const Config* c : configs) {
      page.heading(4, code(c->name), base + "-config-" + c->name);
      for (const auto& para : paragraphs(c->doc)) page.paragraph(prose(para, anchors));
      std::string body;
      for (const auto& s : c->sets) body += sc.slots[static_cast<std::size_t>(s.slot)].name + " = " + written(p, s.value.span) + "\n";
      for (const auto& x : c->expects) body += written(p, x.span) + "\n";
      if (body.empty()) page.paragraph(text("Sets no input and expects nothing."));
      else page.code_block(body);
    }
  }
  out.blocks = std::move(page.blocks);
  return out;
}

}  // namespace

std::vector<ScenarioSection> scenario_sections(const Program& p, const std::vector<int>& scenarios) {
  std::vector<ScenarioSection> out;
  for (int i : scenarios) out.push_back(section_of(p, i));
  return out;
}

void add_definitions(const Program& p, const std::set<FileId>& files, Definitions& into) {
  for (const auto& f : p.functions) {
    if (!files.count(f.span.file)) continue;
    std::string params;
    for (std::size_t i = 0; i < f.params.size(); ++i) params += (i ? ", " : "") + f.params[i] + ": " + type_name(f.param_types[i], p.dims);
    into.functions.push_back({code(f.name + "(" + params + ") -> " + type_name(f.result, p.dims)), prose(one_line(f.doc))});
  }
  for (const auto& m : p.modules) {
    if (!files.count(m->file)) continue;
    for (const auto& d : m->decls) {
      if (const auto* u = std::get_if<ast::UnitDecl>(&d)) {
        const Unit* unit = p.units.find(u->name);
        std::string definition = u->value ? written(p, u->value->span) : "base unit";
        into.units.push_back({code(u->name), text(unit ? p.dims.format(unit->dim) : ""), u->value ? code(definition) : text(definition), prose(one_line(u->doc))});
      } else if (const auto* l = std::get_if<ast::LetDecl>(&d)) {
        auto it = p.global_index.find(l->name);
        std::string type = it == p.global_index.end() ? "" : type_name(p.globals[static_cast<std::size_t>(it->second)].type, p.dims);
        into.constants.push_back({code(l->name), text(type), code(written(p, l->value->span)), prose(one_line(l->doc))});
      }
    }
  }
}

Page scenario_page(const std::string& title, const std::string& intro, std::vector<ScenarioSection> sections, const Definitions& defs) {
  std::sort(sections.begin(), sections.end(), [](const ScenarioSection& a, const ScenarioSection& b) { return a.name < b.name; });
  Page page;
  page.title = sections.size() == 1 ? sections[0].name : title;
  // A page of one scenario is that scenario's section, lifted a level.
  const int lift = sections.size() == 1 ? 1 : 0;
  if (lift == 0) {
    page.heading(1, text(title));
    if (!intro.empty()) page.paragraph(prose(intro));
  }
  if (sections.size() > 1) {
    page.heading(2, text("Contracts"), "contracts");
    std::vector<Inline> items;
    for (const auto& s : sections)
      items.push_back(s.contract.empty() ? link(s.name, slug(s.name)) : join(join(link(s.name, slug(s.name)), text(": ")), prose(s.contract, s.anchors)));
    page.list(std::move(items));
  }
  for (auto& s : sections)
    for (auto& b : s.blocks) {
      if (b.kind == Block::Kind::heading) b.level -= lift;
      bool title = b.kind == Block::Kind::heading && b.level == 1;
      page.blocks.push_back(std::move(b));
      if (title && !intro.empty()) page.paragraph(prose(intro));  // under the scenario's name, as under a title
    }
  if (!defs.functions.empty() || !defs.units.empty() || !defs.constants.empty()) {
    page.heading(2, text("Definitions"), "definitions");
    if (!defs.functions.empty()) {
      page.heading(3, text("Functions"));
      page.table({text("signature"), text("doc")}, defs.functions);
    }
    if (!defs.units.empty()) {
      page.heading(3, text("Units"));
      page.table({text("unit"), text("dimension"), text("definition"), text("doc")}, defs.units);
    }
    if (!defs.constants.empty()) {
      page.heading(3, text("Constants"));
      page.table({text("name"), text("type"), text("value"), text("doc")}, defs.constants);
    }
  }
  return page;
}

Page scenario_parts_page(const std::string& title, const std::string& intro, std::vector<ScenarioPart> parts) {
  Page page;
  page.title = title;
  page.heading(1, text(title));
  if (!intro.empty()) page.paragraph(prose(intro));
  std::vector<Inline> index;
  for (const auto& part : parts)
    index.push_back(join(link(part.title, slug(part.title)), text(fmt::format(": {} scenario{}", part.sections.size(), part.sections.size() == 1 ? "" : "s"))));
  page.list(std::move(index));
  // Each part's index heading is "Contracts", as on the pack's own page; the anchors are the ones GitHub
  // derives for repeated headings (contracts, contracts-1, ...).
  for (std::size_t i = 0; i < parts.size(); ++i) {
    Page part = scenario_page(parts[i].title, "", std::move(parts[i].sections), Definitions{});
    for (auto& b : part.blocks) {
      if (i > 0 && b.kind == Block::Kind::heading && b.anchor == "contracts") b.anchor = fmt::format("contracts-{}", i);
      if (b.kind == Block::Kind::heading && b.level == 1) b.anchor = slug(parts[i].title);
      page.blocks.push_back(std::move(b));
    }
  }
  return page;
}

}  // namespace mlsi::doc
