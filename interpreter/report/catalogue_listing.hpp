#pragma once
// What `mlsi list KIND` and `mlsi show NAME` print, as a library: a listing of a catalogue kind, the units,
// the constants or the scenarios, and the description of one name, over a session the caller set up (the
// command line's, or the REPL's with its own definitions). Returns text and problems; never prints.
#include <optional>
#include <string>
#include <vector>

#include "eval/evaluator.hpp"
#include "report/render.hpp"
#include "session/session.hpp"

namespace mlsi {

struct ListRequest {
  std::string kind;   // a catalogue kind, plural or not ("hardware", "Workload"), or units, constants, scenarios;
                      // empty: every kind, with what it holds and how many entries
  std::string sort;   // a field of the kind to sort by (numbers by value, absent last), `-FIELD` descending;
                      // empty: by key. Ties keep the order by key.
  std::string where;  // a Bool condition over the kind's fields; empty: every entry
  std::size_t top = 0;  // only the first `top` entries, after `where` and `sort` (catalogue kinds); 0: all
  std::string where_origin = "where";  // the name diagnostics give the condition's text (`mlsi list`: --where)
  Format format = Format::table;       // table, json or csv
  EvaluationLimits limits;             // of evaluating the constants and the condition
};

struct ShowRequest {
  std::string name;  // a catalogue entry or alias, scenario, constant, function or unit
  Format format = Format::table;  // table or json
  EvaluationLimits limits;  // of evaluating a constant
  // `--source`: the text of the .mls file that declares the scenario NAME, byte for byte (JSON: the
  // scenario, the file as diagnostics name it, and the text); nothing else is shown by it.
  bool source = false;
};

// How a listing ended: the command line maps each to an exit status.
enum class ListingStatus {
  ok,            // `text` is the listing
  usage,         // the request names nothing listable: `message` says why, or, for a condition that does not
                 // compile, the session's diagnostics do
  source_error,  // the program does not check (the built-in scenarios): the session's diagnostics say why
  failed,        // evaluating a constant or the condition failed: `failure`
};

struct Listing {
  ListingStatus status = ListingStatus::ok;
  std::string text;
  std::string message;
  std::optional<Diagnostic> failure;
};

// The kinds `mlsi list` takes, in its order: the catalogue's (report/catalogue_fields.hpp kind_views()),
// then units, constants and scenarios.
std::vector<std::string> listable_kinds();

// `mlsi list KIND`: a table with a line of the count, JSON, or CSV (a header and one line per entry); no
// kind: one line per kind.
Listing list_kind(ProgramSession& session, const ListRequest& request);
// The table of `mlsi list scenarios` (scenario, pack, description; then the count) of these scenarios,
// in their order; the REPL's `:list scenarios` shows its session's with it (report/scenario_listing.cpp).
std::string scenario_table(const Program& p, const std::vector<const Scenario*>& scenarios);
// `mlsi list scenarios`: every scenario of the session, the built-in ones loaded, by name; `where` and
// `sort` over its fields `name`, `pack`, `description` and `contract` (report/scenario_listing.cpp).
Listing list_scenarios(ProgramSession& session, const ListRequest& request);
// `mlsi show NAME`: the first of a catalogue entry, scenario, constant, function or unit so named; with
// none, the names of every kind that contain NAME, ignoring case (a problem when none does). With
// `source`, the file of the scenario NAME (session/scenario_source.hpp): a built-in one is read without
// loading any built-in file.
Listing show_name(ProgramSession& session, const ShowRequest& request);

}  // namespace mlsi
