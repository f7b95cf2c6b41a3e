// `mlsi list scenarios` as a library: the scenarios of a session with their pack and contract, filtered by
// `--where` and sorted by `--sort` over those fields, as a table, JSON or CSV.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>

#include "report/catalogue_fields.hpp"
#include "report/catalogue_listing.hpp"
#include "report/csv.hpp"
#include "report/listing_text.hpp"
#include "source/embedded.hpp"

namespace mlsi {

namespace {

// The fields a condition or a sort may name, each a Text, in this order (locals 0, 1, ...).
constexpr std::array<const char*, 5> kFields = {"name", "pack", "kind", "description", "contract"};

struct ScenarioRow {
  const Scenario* scenario;
  std::array<std::string, kFields.size()> fields;
};

Listing scenario_problem(ListingStatus status, std::string message = "") {
  Listing l;
  l.status = status;
  l.message = std::move(message);
  return l;
}

// `pack == "inference"` (or `!=`, either way round) for a name that stands for several packs (source/
// embedded.hpp packs_named): `(pack == "serving" or pack == "systems")`, so that the old name keeps its
// meaning; everything else as written.
std::string with_pack_names(const std::string& where) {
  auto skip_space_back = [&](std::size_t i) {
    while (i > 0 && (where[i - 1] == ' ' || where[i - 1] == '\t')) --i;
    return i;
  };
  auto skip_space = [&](std::size_t i) {
    while (i < where.size() && (where[i] == ' ' || where[i] == '\t')) ++i;
    return i;
  };
  auto is_word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  std::string out;
  std::size_t copied = 0;
  for (std::size_t open = where.find('"'); open != std::string::npos; open = where.find('"', open + 1)) {
    std::size_t close = where.find('"', open + 1);
    if (close == std::string::npos) break;
    std::vector<std::string> packs = packs_named(where.substr(open + 1, close - open - 1));
    if (packs.size() < 2) {
      open = close;
      continue;
    }
    // `pack OP "name"` or `"name" OP pack`: where the comparison begins and ends, and its operator.
    std::size_t begin = std::string::npos, end = std::string::npos;
    std::string op;
    std::size_t before = skip_space_back(open);
    if (before >= 2 && (where.compare(before - 2, 2, "==") == 0 || where.compare(before - 2, 2, "!=") == 0)) {
      std::size_t name_end = skip_space_back(before - 2);
      if (name_end >= 4 && where.compare(name_end - 4, 4, "pack") == 0 && (name_end == 4 || !is_word(where[name_end - 5]))) {
        begin = name_end - 4;
        end = close + 1;
        op = where.substr(before - 2, 2);
      }
    }
    std::size_t after = skip_space(close + 1);
    if (begin == std::string::npos && after + 2 <= where.size() && (where.compare(after, 2, "==") == 0 || where.compare(after, 2, "!=") == 0)) {
      std::size_t name = skip_space(after + 2);
      if (where.compare(name, 4, "pack") == 0 && (name + 4 == where.size() || !is_word(where[name + 4]))) {
        begin = open;
        end = name + 4;
        op = where.substr(after, 2);
      }
    }
    if (begin == std::string::npos || begin < copied) {
      open = close;
      continue;
    }
    std::string either;
    for (const auto& pack : packs) either += fmt::format("{}pack {} \"{}\"", either.empty() ? "" : op == "==" ? " or " : " and ", op, pack);
    out += where.substr(copied, begin - copied) + "(" + either + ")";
    copied = end;
    open = end - 1;
  }
  return out + where.substr(copied);
}

// Keeps the rows for which the condition holds; a condition that does not compile leaves its diagnostics
// in the session.
Listing filter_scenarios(ProgramSession& session, const ListRequest& request, std::vector<ScenarioRow>& rows) {
  std::vector<std::pair<std::string, Type>> locals;
  for (const char* f : kFields) locals.emplace_back(f, Type::text());
  // Checked as typed, so that a problem is shown in the user's text; then evaluated with the old pack names
  // spelled out.
  auto condition = session.compile_condition(request.where_origin, request.where, locals);
  if (!condition || session.diagnostics().has_errors()) return scenario_problem(ListingStatus::usage);
  if (std::string spelled = with_pack_names(request.where); spelled != request.where) {
    condition = session.compile_condition(request.where_origin, spelled, locals);
    if (!condition || session.diagnostics().has_errors()) return scenario_problem(ListingStatus::usage);
  }
  Evaluator ev(session.program(), request.limits);
  std::vector<ScenarioRow> kept;
  for (auto& r : rows) {
    std::vector<Value> values(r.fields.begin(), r.fields.end());
    try {
      if (ev.value_with_locals(*condition, std::move(values)).boolean()) kept.push_back(std::move(r));
    } catch (const EvalError& err) {
      Listing l = scenario_problem(ListingStatus::failed);
      l.failure = err.diag;
      return l;
    }
  }
  rows = std::move(kept);
  return Listing{};
}

}  // namespace

std::string scenario_table(const Program& p, const std::vector<const Scenario*>& scenarios) {
  std::vector<std::vector<std::string>> rows = {{"scenario", "pack", "kind", "description"}};
  for (const auto* sc : scenarios) {
    std::string pack = scenario_pack(p, *sc);
    rows.push_back({sc->name, pack, scenario_kind(pack), first_sentence(sc->doc)});
  }
  return table_text(rows) + fmt::format("{} {}\n", scenarios.size(), scenarios.size() == 1 ? "scenario" : "scenarios");
}

Listing list_scenarios(ProgramSession& session, const ListRequest& request) {
  session.load_builtin_scenarios();
  if (!session.check()) return scenario_problem(ListingStatus::source_error);
  const Program& p = session.program();
  // `--sort FIELD` (`-FIELD` descending) by text; ties keep the order by name.
  bool descending = request.sort.starts_with('-');
  std::string sort = descending ? request.sort.substr(1) : request.sort;
  auto sort_field = std::find(kFields.begin(), kFields.end(), sort);
  if (!sort.empty() && sort_field == kFields.end())
    return scenario_problem(ListingStatus::usage, fmt::format("a scenario has no field `{}`{}", sort,
                                                     did_you_mean(sort, std::vector<std::string>(kFields.begin(), kFields.end()))));
  std::vector<ScenarioRow> rows;
  for (const auto& sc : p.scenarios) {
    std::string pack = scenario_pack(p, sc);
    rows.push_back(ScenarioRow{&sc, {sc.name, pack, scenario_kind(pack), first_sentence(sc.doc), first_sentence(sc.doc)}});
  }
  std::sort(rows.begin(), rows.end(), [](const ScenarioRow& a, const ScenarioRow& b) { return a.fields[0] < b.fields[0]; });
  if (!request.where.empty())
    if (Listing failed = filter_scenarios(session, request, rows); failed.status != ListingStatus::ok) return failed;
  if (!sort.empty()) {
    auto i = static_cast<std::size_t>(sort_field - kFields.begin());
    std::stable_sort(rows.begin(), rows.end(), [&](const ScenarioRow& a, const ScenarioRow& b) {
      return descending ? b.fields[i] < a.fields[i] : a.fields[i] < b.fields[i];
    });
  }
  Listing out;
  if (request.format == Format::json) {
    out.text = "[";
    for (std::size_t i = 0; i < rows.size(); ++i)
      out.text += (i ? ",\n " : "") + fmt::format("{{\"name\": {}, \"pack\": {}, \"kind\": {}, \"description\": {}, \"contract\": {}}}",
                                                 json_escape(rows[i].fields[0]), json_escape(rows[i].fields[1]), json_escape(rows[i].fields[2]),
                                                 json_escape(rows[i].fields[3]), json_escape(rows[i].fields[4]));
    out.text += "]\n";
  } else if (request.format == Format::csv) {
    out.text = csv_line({"scenario", "pack", "kind", "description"});
    for (const auto& r : rows) out.text += csv_line({r.fields[0], r.fields[1], r.fields[2], r.fields[3]});
  } else {
    std::vector<const Scenario*> list;
    for (const auto& r : rows) list.push_back(r.scenario);
    out.text = scenario_table(p, list);
  }
  return out;
}

}  // namespace mlsi
