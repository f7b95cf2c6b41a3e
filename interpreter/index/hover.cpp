#include "index/hover.hpp"

#include <fmt/format.h>

#include "model/builtin_functions.hpp"
#include "model/display.hpp"
#include "report/catalogue_listing.hpp"

namespace mlsi::index {

namespace {

// "Information / Time (SI: byte/s)" for a quantity type, else the type's name.
std::string type_text(const Program& p, const Type& t) {
  if (t.is_error()) return "";
  std::string name = type_name(t, p.dims);
  const Type& s = t.scalar();
  if (s.is_quantity() && !s.is_count()) {
    std::string si = p.units.si_text(s.dim);
    if (!si.empty() && si != name) name += fmt::format(" (SI unit `{}`)", si);
  }
  return name;
}

std::string code_block(const std::string& text) { return "```mls\n" + text + "\n```\n"; }

std::string doc_paragraph(const std::string& doc) { return doc.empty() ? "" : "\n" + doc + "\n"; }

std::string value_lines(Analysis& a, const Target& t, std::uint32_t offset) {
  if (t.scenario < 0 || t.index < 0) return "";
  const Program& p = a.program();
  std::string out;
  // In a config of the slot's scenario: its value there, then at the defaults.
  int cfg = a.config_at(offset);
  if (cfg >= 0 && p.configs[static_cast<std::size_t>(cfg)].scenario == t.scenario)
    if (const RunValues* r = a.config_run(cfg); r && r->evaluated && static_cast<std::size_t>(t.index) < r->slots.size() &&
                                                r->slots[static_cast<std::size_t>(t.index)].available)
      out += fmt::format("\nin config `{}`: `{}`\n", p.configs[static_cast<std::size_t>(cfg)].name, r->slots[static_cast<std::size_t>(t.index)].text);
  if (const RunValues* r = a.defaults_of(t.scenario)) {
    if (r->evaluated && static_cast<std::size_t>(t.index) < r->slots.size() && r->slots[static_cast<std::size_t>(t.index)].available)
      out += fmt::format("\nat the defaults: `{}`\n", r->slots[static_cast<std::size_t>(t.index)].text);
    else if (!r->evaluated && !r->failure.empty())
      out += fmt::format("\nnot evaluated at the defaults: {}\n", r->failure);
  }
  return out;
}

std::string scenario_hover(const Program& p, int index) {
  const Scenario& s = p.scenarios[static_cast<std::size_t>(index)];
  std::string out = code_block("scenario " + s.name) + doc_paragraph(s.doc);
  auto list = [&](const std::vector<int>& slots, const char* title) {
    if (slots.empty()) return;
    out += fmt::format("\n{}:\n", title);
    for (int i : slots) {
      const Slot& sl = s.slots[static_cast<std::size_t>(i)];
      out += fmt::format("- `{}`: {}\n", sl.name, type_name(sl.type, p.dims));
    }
  };
  list(s.inputs, "inputs");
  list(s.outputs, "outputs");
  return out;
}

std::string function_hover(const Program& p, const Function& f) {
  std::string sig = "fn " + f.name + "(";
  for (std::size_t i = 0; i < f.params.size(); ++i)
    sig += (i ? ", " : "") + f.params[i] + (i < f.param_types.size() ? ": " + type_name(f.param_types[i], p.dims) : "");
  sig += ")";
  if (!f.result.is_error()) sig += " -> " + type_name(f.result, p.dims);
  return code_block(sig) + doc_paragraph(f.doc);
}

std::string unit_hover(const Program& p, const std::string& name, Span at) {
  NameScope scope = p.scopes.scope_of(at.file);
  const Unit* u = p.units.find(name, &scope);
  if (!u) return "";
  std::string out = code_block(fmt::format("unit {}: {}", name, p.dims.format(u->dim)));
  std::string si = p.units.si_text(u->dim);
  if (si != name) out += fmt::format("\n1 {} = {} {}\n", name, exact_number(u->factor), si.empty() ? "" : si);
  if (!u->base.empty()) out += fmt::format("\na prefixed form of `{}`\n", u->base);
  if (u->span.valid()) out += "\n" + code_block(declaration_line(p, u->span));
  out += doc_paragraph(u->doc);
  return out;
}

}  // namespace

std::string declaration_line(const Program& p, Span definition) {
  if (!definition.valid()) return "";
  const SourceFile& f = p.sources.file(definition.file);
  std::size_t begin = f.text.rfind('\n', definition.begin == 0 ? 0 : definition.begin - 1);
  begin = begin == std::string::npos || definition.begin == 0 ? 0 : begin + 1;
  std::size_t end = f.text.find('\n', definition.begin);
  if (end == std::string::npos) end = f.text.size();
  std::string line(f.text.substr(begin, end - begin));
  auto first = line.find_first_not_of(" \t");
  auto last = line.find_last_not_of(" \t\r");
  return first == std::string::npos ? "" : line.substr(first, last - first + 1);
}

std::optional<HoverText> hover_at(Analysis& a, FileId file, std::uint32_t offset) {
  const Occurrence* o = a.symbols().at(file, offset);
  if (!o) return std::nullopt;
  Program& p = a.program();
  const Target& t = o->target;
  std::string md;
  FileId source_file = kNoFile;
  switch (t.kind) {
    case SymbolKind::input:
    case SymbolKind::let:
    case SymbolKind::output: {
      const Scenario& s = p.scenarios[static_cast<std::size_t>(t.scenario)];
      const Slot& sl = s.slots[static_cast<std::size_t>(t.index)];
      md = code_block(declaration_line(p, sl.span));
      md += fmt::format("\n{} of `{}`: {}\n", kind_name(t.kind), s.name, type_text(p, sl.type));
      md += doc_paragraph(sl.doc);
      if (file == a.file()) md += value_lines(a, t, offset);
      break;
    }
    case SymbolKind::global: {
      const Global& g = p.globals[static_cast<std::size_t>(t.index)];
      md = code_block(declaration_line(p, g.span)) + fmt::format("\nconstant: {}\n", type_text(p, g.type)) + doc_paragraph(g.doc);
      try {
        Value v = Evaluator(p, AnalysisOptions::default_limits()).value(g.expr);
        md += fmt::format("\nvalue: `{}`\n", format_value(v, g.type, g.display, p));
      } catch (const EvalError&) {
      }
      break;
    }
    case SymbolKind::function:
      if (t.scenario >= 0) md = function_hover(p, p.scenarios[static_cast<std::size_t>(t.scenario)].functions[static_cast<std::size_t>(t.index)]);
      else md = function_hover(p, p.functions[static_cast<std::size_t>(t.index)]);
      break;
    case SymbolKind::scenario:
      md = scenario_hover(p, t.index);
      source_file = p.scenarios[static_cast<std::size_t>(t.index)].file;
      break;
    case SymbolKind::config: {
      const Config& c = p.configs[static_cast<std::size_t>(t.index)];
      md = code_block(declaration_line(p, c.span)) + doc_paragraph(c.doc);
      for (const auto& x : a.expectations())
        if (x.config == t.index && x.evaluated)
          md += fmt::format("\n- {} `{}`: expected {}, computed {}\n", x.passed ? "passes" : "FAILS",
                            p.scenarios[static_cast<std::size_t>(c.scenario)].slots[static_cast<std::size_t>(c.expects[x.expect].slot)].name,
                            x.expected, x.computed);
      break;
    }
    case SymbolKind::catalogue_entry: {
      ShowRequest request;
      request.name = t.name;
      request.limits = AnalysisOptions::default_limits();
      Listing shown = show_name(a.session(), request);
      a.session().diagnostics().clear();
      if (shown.status == ListingStatus::ok) md = "```\n" + shown.text + "```\n";
      break;
    }
    case SymbolKind::catalogue_kind: {
      md = code_block("catalogue kind " + t.name);
      if (const KindSpec* k = find_kind_spec(t.name))
        for (const auto& f : k->fields) md += fmt::format("- `{}`: {} — {}\n", f.name, f.type, f.meaning);
      break;
    }
    case SymbolKind::field: {
      std::string owner = t.record && !t.record->name.empty() ? t.record->name + "." : "";
      md = code_block(fmt::format("{}{}: {}", owner, t.name, type_name(t.type, p.dims)));
      if (t.record && t.record->catalogue)
        if (const KindSpec* k = find_kind_spec(t.record->name))
          if (const FieldSpec* f = find_field_spec(*k, t.name)) md += "\n" + std::string(f->meaning) + "\n";
      if (t.definition.valid()) md += fmt::format("\n{}:\n", p.sources.file(t.definition.file).name) + "```\n" + declaration_line(p, t.definition) + "\n```\n";
      break;
    }
    case SymbolKind::unit: md = unit_hover(p, t.name, o->span); break;
    case SymbolKind::dimension: {
      md = code_block("dimension " + t.name);
      if (t.type.is_quantity()) {
        std::string bases = p.dims.format_bases(t.type.dim);
        if (bases != t.name) md += fmt::format("\n= {}\n", bases);
        md += fmt::format("\nSI unit: `{}`\n", p.units.si_text(t.type.dim));
      }
      for (const auto& m : p.modules)
        for (const auto& decl : m->decls)
          if (const auto* d = std::get_if<ast::DimensionDecl>(&decl); d && d->name_span.file == t.definition.file && d->name_span.begin == t.definition.begin)
            md += doc_paragraph(d->doc);
      break;
    }
    case SymbolKind::type: {
      const NamedType& nt = p.types[static_cast<std::size_t>(t.index)];
      md = code_block(declaration_line(p, nt.span)) + doc_paragraph(nt.doc);
      break;
    }
    case SymbolKind::enum_case:
      md = code_block(t.name) + fmt::format("\na case of `{}`\n", type_name(t.type, p.dims));
      break;
    case SymbolKind::builtin_function: md = code_block(builtin_function_summary(t.name)) + "\nbuilt-in function (language.md §9)\n"; break;
    case SymbolKind::builtin_type: md = code_block(t.name) + "\nbuilt-in type\n"; break;
    case SymbolKind::parameter:
    case SymbolKind::local: md = code_block(fmt::format("{}: {}", t.name, type_name(t.type, p.dims))); break;
  }
  if (md.empty()) return std::nullopt;
  return HoverText{o->span, md, source_file};
}

}  // namespace mlsi::index
