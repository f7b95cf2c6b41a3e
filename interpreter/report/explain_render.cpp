// The explanation of a run for a terminal (an indented tree with notes in a column) and as JSON (the
// same tree; its shape is documented in docs/language.md, "Explaining a result").
#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "eval/explain.hpp"
#include "report/render.hpp"
#include "source/text_rules.hpp"

namespace mlsi {

namespace {

std::string quoted_source(const std::string& source) {
  return source.empty() ? "no source given" : "source \"" + source + "\"";
}

// An entry's source is written where the block first cites the entry; later citations name it only.
std::string catalogue_note(const CatalogueRef& c, std::set<std::string>& cited) {
  bool first = cited.insert(c.entry).second;
  if (c.field.empty()) return fmt::format("{} {}{}", c.kind, c.entry, first ? ", " + quoted_source(c.source) : "");
  return fmt::format("{}.{} ({}{})", c.entry, c.field, c.kind, first ? "; " + quoted_source(c.source) : "");
}

struct Line {
  std::string text;
  std::string note;
};

std::string note_of(const DerivationNode& n, std::set<std::string>& cited) {
  std::vector<std::string> parts;
  if (!n.origin.empty()) parts.push_back(n.origin);
  if (n.explained_above) parts.push_back("see above");
  if (n.catalogue && !n.explained_above) parts.push_back(catalogue_note(*n.catalogue, cited));
  if (n.kind == DerivationNode::Kind::constant && !n.explained_above) parts.push_back("constant, " + n.declared);
  if ((n.kind == DerivationNode::Kind::call || n.kind == DerivationNode::Kind::scenario_call) && !n.declared.empty()) parts.push_back(n.declared);
  std::string out;
  for (const auto& p : parts) out += (out.empty() ? "" : "; ") + p;
  return out;
}

void node_lines(const DerivationNode& n, std::size_t indent, bool top, std::vector<Line>& out, std::set<std::string>& cited) {
  std::string pad(indent, ' ');
  std::string note = note_of(n, cited);
  const std::vector<DerivationNode>* terms = &n.terms;
  const std::string& written = n.formula.empty() ? n.name : n.formula;
  // `L = workload.layers`: the catalogue field is the whole formula, so its note goes on this line.
  if (n.terms.size() == 1 && n.terms[0].kind == DerivationNode::Kind::catalogue && n.terms[0].name == written &&
      n.terms[0].catalogue && !n.explained_above) {
    std::string field = catalogue_note(*n.terms[0].catalogue, cited);
    note = note.empty() ? field : note + "; " + field;
    terms = &n.terms[0].terms;
  }
  // `compute = training_compute(params, tokens)`: the call is the whole formula, so its body is shown
  // as the next steps of this derivation.
  std::vector<const std::string*> steps = {&n.formula, &n.substituted};
  if (n.terms.size() == 1 && n.terms[0].kind == DerivationNode::Kind::call && n.terms[0].name == written && !n.explained_above) {
    const DerivationNode& call = n.terms[0];
    if (!call.declared.empty()) note = note.empty() ? call.declared : note + "; " + call.declared;
    if (n.substituted.empty() && !call.call.empty()) steps.push_back(&call.call);
    steps.push_back(&call.formula);
    steps.push_back(&call.substituted);
    terms = &call.terms;
    top = true;  // several steps: one per line
  }
  std::string head = n.name;
  if (!n.call.empty()) head += " = " + n.call;
  std::string single = head;
  for (const std::string* part : steps)
    if (!part->empty()) single += " = " + *part;
  bool show_value = !n.value.empty() && n.value != n.name;  // `1 GB` is its own value
  if (show_value) single += " = " + n.value;
  bool call = n.kind == DerivationNode::Kind::call;
  bool multi = !n.explained_above && (top || (call && !n.formula.empty()) || utf8_characters(pad + single) > 80);
  if (!multi) {
    out.push_back(Line{pad + single, note});
  } else {
    out.push_back(Line{pad + head + (show_value ? " = " + n.value : ""), note});
    for (const std::string* part : steps)
      if (!part->empty()) out.push_back(Line{pad + "  = " + *part, ""});
  }
  if (n.explained_above) return;
  for (const auto& t : *terms) node_lines(t, indent + 2, false, out, cited);
}

std::string provenance_text(const ValueProvenance& p) {
  if (p.kind == ValueProvenance::Kind::catalogue) return fmt::format("{} ({}; {})", p.name, p.detail, quoted_source(p.source));
  return fmt::format("{} = {} (constant)", p.name, p.detail);
}

std::string lines_text(const std::vector<Line>& lines, bool colour) {
  std::size_t column = 0;
  for (const auto& l : lines)
    if (!l.note.empty()) column = std::max(column, std::min<std::size_t>(utf8_characters(l.text), 64));
  const char* dim = colour ? "\x1b[2m" : "";
  const char* reset = colour ? "\x1b[0m" : "";
  std::string out;
  for (const auto& l : lines) {
    out += l.text;
    if (!l.note.empty()) {
      std::size_t w = utf8_characters(l.text);
      out += std::string(w < column ? column - w + 3 : 3, ' ');
      out += fmt::format("{}{}{}", dim, l.note, reset);
    }
    out += "\n";
  }
  return out;
}

std::string json_or_null(const std::string& s) { return s.empty() ? "null" : json_escape(s); }

const char* kind_name(DerivationNode::Kind k) {
  switch (k) {
    case DerivationNode::Kind::output: return "output";
    case DerivationNode::Kind::let: return "let";
    case DerivationNode::Kind::input: return "input";
    case DerivationNode::Kind::constant: return "constant";
    case DerivationNode::Kind::catalogue: return "catalogue";
    case DerivationNode::Kind::call: return "call";
    case DerivationNode::Kind::scenario_call: return "scenario_call";
    case DerivationNode::Kind::value: return "value";
  }
  return "value";
}

std::string json_provenance(const ValueProvenance& p) {
  if (p.kind == ValueProvenance::Kind::catalogue)
    return fmt::format("{{\"kind\": \"catalogue\", \"name\": {}, \"entry_kind\": {}, \"source\": {}}}", json_escape(p.name),
                       json_escape(p.detail), json_escape(p.source));
  return fmt::format("{{\"kind\": \"constant\", \"name\": {}, \"value\": {}, \"shown\": {}, \"doc\": {}}}", json_escape(p.name),
                     p.value_json.empty() ? "null" : p.value_json, json_escape(p.detail), json_escape(p.source));
}

std::string json_node(const DerivationNode& n, std::size_t indent) {
  std::string pad(indent, ' ');
  std::string in = pad + "  ";
  std::string out = "{\n";
  out += fmt::format("{}\"name\": {},\n", in, json_escape(n.name));
  out += fmt::format("{}\"kind\": \"{}\",\n", in, kind_name(n.kind));
  out += fmt::format("{}\"value\": {},\n", in, n.value_json.empty() ? "null" : n.value_json);
  out += fmt::format("{}\"shown\": {},\n", in, json_escape(n.value));
  out += fmt::format("{}\"call\": {},\n", in, json_or_null(n.call));
  out += fmt::format("{}\"formula\": {},\n", in, json_or_null(n.formula));
  out += fmt::format("{}\"substituted\": {},\n", in, json_or_null(n.substituted));
  out += fmt::format("{}\"origin\": {},\n", in, json_or_null(n.origin));
  out += fmt::format("{}\"declared\": {},\n", in, json_or_null(n.declared));
  if (n.catalogue)
    out += fmt::format("{}\"catalogue\": {{\"entry\": {}, \"kind\": {}, \"field\": {}, \"source\": {}}},\n", in, json_escape(n.catalogue->entry),
                       json_escape(n.catalogue->kind), json_or_null(n.catalogue->field), json_escape(n.catalogue->source));
  else
    out += fmt::format("{}\"catalogue\": null,\n", in);
  out += fmt::format("{}\"explained_above\": {},\n", in, n.explained_above ? "true" : "false");
  out += fmt::format("{}\"depends_on\": [", in);
  for (std::size_t i = 0; i < n.depends_on.size(); ++i) out += (i ? ", " : "") + json_provenance(n.depends_on[i]);
  out += "],\n";
  out += fmt::format("{}\"terms\": [", in);
  for (std::size_t i = 0; i < n.terms.size(); ++i) out += (i ? ", " : "") + json_node(n.terms[i], indent + 2);
  out += "]\n" + pad + "}";
  return out;
}

}  // namespace

std::string render_node_text(const DerivationNode& n, bool colour) {
  std::vector<Line> lines;
  std::set<std::string> cited;
  node_lines(n, 0, true, lines, cited);
  std::string out = lines_text(lines, colour);
  if (n.depends_on.empty()) return out + "  depends on no catalogue entry or constant\n";
  for (std::size_t i = 0; i < n.depends_on.size(); ++i)
    out += (i ? "              " : "  depends on: ") + provenance_text(n.depends_on[i]) + "\n";
  return out;
}

std::string render_explanation_text(const DerivationTree& x, bool colour) {
  const char* bold = colour ? "\x1b[1m" : "";
  const char* reset = colour ? "\x1b[0m" : "";
  std::string out = fmt::format("{}{}{}", bold, x.scenario, reset);
  if (!x.config.empty()) out += fmt::format(" (config {})", x.config);
  out += "\n";
  for (const auto& o : x.outputs) out += "\n" + render_node_text(o, colour);
  return out;
}

std::string render_explanation_json(const DerivationTree& x) {
  std::string out = fmt::format("{{\"scenario\": {}, \"config\": {},\n \"outputs\": [", json_escape(x.scenario), json_or_null(x.config));
  for (std::size_t i = 0; i < x.outputs.size(); ++i) out += (i ? ", " : "") + json_node(x.outputs[i], 1);
  return out + "]}\n";
}

}  // namespace mlsi
