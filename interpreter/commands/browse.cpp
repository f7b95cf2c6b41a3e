// `mlsi list KIND`, `mlsi show NAME`, `mlsi check-catalogue FILE...`: the listings themselves are the
// library's (report/catalogue_listing.hpp); these turn the request into theirs, write, and give the exit status.
#include "commands/verbs.hpp"
#include "commands/verb_session.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>


#include "report/catalogue_listing.hpp"
#include "session/run_request.hpp"
#include "session/session.hpp"

namespace mlsi {

namespace {

// Every catalogue at once, with the command's limits on files.
ProgramSessionOptions catalogue_session(const VerbRequest& o) {
  ProgramSessionOptions s = session_limits(o);
  s.catalogues = catalogue_files(o);
  s.catalogue_texts = named_catalogue_texts(o);
  s.read_on_demand = false;
  return s;
}

// A session whose catalogue files did not load: their problems, and the exit status (2 for a file that
// cannot be read, 3 for errors in one).
int catalogue_failure(ProgramSession& session, Sink& io) {
  io.err << render_all(session.program().sources, session.diagnostics(), io.colour, io.max_errors);
  return request_errors_only(session.diagnostics()) ? kExitUsage : kExitSource;
}

// Prints a listing, or its problem, and gives the exit status.
int print_listing(ProgramSession& session, const Listing& listing, Sink& io) {
  switch (listing.status) {
    case ListingStatus::ok:
      io.out << listing.text;
      return kExitOk;
    case ListingStatus::usage:
      if (!listing.message.empty()) return usage(io, listing.message);
      io.err << render_all(session.program().sources, session.diagnostics(), io.colour, io.max_errors);
      return kExitUsage;
    case ListingStatus::source_error:
      io.err << render_all(session.program().sources, session.diagnostics(), io.colour, io.max_errors);
      return kExitSource;
    case ListingStatus::failed:
      if (listing.failure) io.err << render(session.program().sources, *listing.failure, io.colour);
      return kExitFailed;
  }
  return kExitFailed;
}

}  // namespace

int run_list(const VerbRequest& o, Sink& io) {
  if (o.positional.size() > 1) return usage(io, fmt::format("`mlsi list` takes one KIND ({}), or none for every kind", fmt::join(listable_kinds(), ", ")));
  ProgramSession session(catalogue_session(o));
  if (session.diagnostics().has_errors()) return catalogue_failure(session, io);
  ListRequest request;
  request.kind = o.positional.empty() ? "" : o.positional[0];
  request.sort = o.sort;
  request.where = o.where;
  request.top = o.top;
  request.where_origin = o.limits.words.name("where");
  request.format = o.format;
  request.limits = o.limits;
  return print_listing(session, list_kind(session, request), io);
}

int run_show(const VerbRequest& o, Sink& io) {
  if (o.positional.size() != 1) return usage(io, "`mlsi show` takes one NAME (a catalogue entry, unit or constant)");
  ProgramSession session(catalogue_session(o));
  if (session.diagnostics().has_errors()) return catalogue_failure(session, io);
  ShowRequest request;
  request.name = o.positional[0];
  request.format = o.format;
  request.limits = o.limits;
  request.source = o.show_source;
  return print_listing(session, show_name(session, request), io);
}

int run_check_catalogue(const VerbRequest& o, Sink& io) {
  if (o.positional.empty()) return usage(io, "`mlsi check-catalogue` needs at least one FILE.toml");
  VerbRequest with = o;
  with.catalogues.insert(with.catalogues.end(), o.positional.begin(), o.positional.end());
  ProgramSession session(catalogue_session(with));
  if (session.diagnostics().has_errors()) return catalogue_failure(session, io);
  io.err << render_all(session.program().sources, session.diagnostics(), io.colour, io.max_errors);
  for (const auto& f : o.positional) io.out << f << ": ok\n";
  return kExitOk;
}

}  // namespace mlsi
