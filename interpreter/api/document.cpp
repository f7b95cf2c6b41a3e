// The command line's documents through the public API (mlsi/document.hpp): the same library calls as the
// verbs of commands/ make, with the same renderers (a run's: report/run_document.hpp), so the text is the
// command's byte for byte. The verbs themselves are not called: they are a layer above the language
// (they write problems as text to a sink; a document gives them as structured diagnostics).
#include <memory>

#include "api/detail.hpp"
#include "base/call_budget.hpp"
#include "mlsi/session.hpp"
#include "report/catalogue_listing.hpp"
#include "report/entry_text.hpp"
#include "report/render.hpp"
#include "report/run_document.hpp"
#include "session/scenario_source.hpp"
#include "workspace/workspace.hpp"

namespace mlsi::api {

namespace {

Format internal_format(DocumentFormat format) { return format == DocumentFormat::json ? Format::json : Format::table; }

Document failed(Diagnostics diagnostics) {
  Document d;
  d.diagnostics = std::move(diagnostics);
  return d;
}

// Evaluates a prepared run and writes it as `mlsi run` (with `explain`, `mlsi run --explain`) writes it
// (report/run_document.hpp), or gives the problem that stopped it.
Document rendered_run(const detail::PreparedRun& r, DocumentFormat format, bool explain) {
  if (!r.ok) return failed(r.diagnostics);
  const Program& p = r.session->program();
  CallBudget budget(r.limits.max_total_steps);
  Document d;
  try {
    ScenarioRun run = Evaluator(p, r.limits).run(r.scenario, r.given);
    d.text = mlsi::run_document(p, run, r.given, mlsi::RunDocumentOptions{r.config, internal_format(format), explain, r.limits, false});
    d.ok = true;
    d.diagnostics = r.diagnostics;
  } catch (const EvalError& e) {
    d.diagnostics = detail::diagnostics_of(r.session, {e.diag});
  }
  return d;
}

// The listing of `list` or `show` as a document: `mlsi list` and `mlsi show` read every catalogue at once.
template <class List>
Document listing_document(const SessionOptions& options, List list) {
  mlsi::ProgramSessionOptions internal = detail::session_options(options);
  internal.read_on_demand = false;
  auto session = std::make_shared<mlsi::ProgramSession>(internal);
  // The session's files too, so that their scenarios are listed and shown beside the built-in ones.
  for (const auto& file : options.files) session->load_file(file);
  if (session->diagnostics().has_errors()) return failed(detail::take_diagnostics(session));
  Listing listing = list(*session);
  switch (listing.status) {
    case ListingStatus::ok: {
      Document d;
      d.ok = true;
      d.text = std::move(listing.text);
      d.diagnostics = detail::take_diagnostics(session);
      return d;
    }
    case ListingStatus::usage:
      if (!listing.message.empty()) return failed(detail::take_diagnostics(session, {detail::plain_error(listing.message)}));
      return failed(detail::take_diagnostics(session));
    case ListingStatus::source_error: return failed(detail::take_diagnostics(session));
    case ListingStatus::failed:
      return failed(detail::take_diagnostics(session, listing.failure ? std::vector{*listing.failure} : std::vector<mlsi::Diagnostic>{}));
  }
  return failed(detail::take_diagnostics(session));
}

}  // namespace

Document Session::run_document(const RunRequest& request, DocumentFormat format) const {
  return rendered_run(*detail::prepare(options_, request), format, false);
}

Document Session::explain_document(const RunRequest& request, DocumentFormat format) const {
  return rendered_run(*detail::prepare(options_, request), format, true);
}

Document Session::eval_document(const std::vector<std::string>& entries, DocumentFormat format) const {
  CallBudget budget(options_.limits.max_total_steps);
  auto workspace = std::make_shared<Workspace>(detail::session_options(options_), detail::evaluation_limits(options_), "<eval>");
  // The diagnostics point into the workspace's session: they keep the workspace alive.
  std::shared_ptr<mlsi::ProgramSession> session(workspace, &workspace->session());
  if (!workspace->ready()) return failed(detail::take_diagnostics(session));
  // The built-in scenarios an entry calls are loaded as it is entered (Workspace::enter), as `mlsi eval`
  // does; a file loaded reads everything (Workspace::load).
  for (const auto& file : options_.files)
    if (workspace->load(file).status != EntryStatus::ok) return failed(detail::take_diagnostics(session));
  std::string table;
  EvaluatedEntries evaluated = evaluate_entries(*workspace, entries, format == DocumentFormat::json, [&](const std::string& lines) { table += lines; });
  const EntryResult& stopped = evaluated.stopped;
  std::vector<mlsi::Diagnostic> problem;
  if (stopped.status == EntryStatus::source_error && !stopped.message.empty()) problem.push_back(detail::plain_error(stopped.message));
  if (stopped.status == EntryStatus::failed && stopped.failure) problem.push_back(*stopped.failure);
  Document d;
  d.diagnostics = detail::take_diagnostics(session, std::move(problem));
  if (stopped.status != EntryStatus::ok) return d;
  d.ok = true;
  d.text = format == DocumentFormat::json ? std::move(evaluated.json) : std::move(table);
  return d;
}

Document Session::list_document(const std::string& kind, DocumentFormat format) const {
  return listing_document(options_, [&](mlsi::ProgramSession& session) {
    ListRequest request;
    request.kind = kind;
    request.format = internal_format(format);
    request.limits = detail::evaluation_limits(options_);
    return list_kind(session, request);
  });
}

Document Session::show_document(const std::string& name, DocumentFormat format) const {
  return listing_document(options_, [&](mlsi::ProgramSession& session) {
    ShowRequest request;
    request.name = name;
    request.format = internal_format(format);
    request.limits = detail::evaluation_limits(options_);
    return show_name(session, request);
  });
}

SourceText Session::scenario_source(const std::string& scenario) const {
  // The session's files first (they may declare a scenario of a built-in one's name: theirs runs), then
  // the built-in files, found by what they declare without parsing them (session/scenario_source.hpp).
  std::optional<ScenarioSource> found;
  if (!options_.files.empty()) found = mlsi::scenario_source(detail::open_session(options_)->program(), scenario);
  else found = builtin_scenario_source(scenario);
  if (!found) return {};
  return {std::move(found->file), std::move(found->text)};
}

}  // namespace mlsi::api
