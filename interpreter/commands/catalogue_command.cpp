// `mlsi catalogue from-hf CONFIG.json [--name KEY]`: the Workload catalogue entry of a Hugging Face
// config.json, as TOML that `--catalog` takes (catalogue/hf_config.hpp does the converting, the session
// checks the key against every catalogue name).
#include "commands/verbs.hpp"
#include "commands/verb_session.hpp"

#include "session/run_request.hpp"
#include "session/session.hpp"

namespace mlsi {

int run_catalogue(const VerbRequest& o, Sink& io) {
  if (o.positional.empty() || o.positional[0] != "from-hf")
    return usage(io, o.positional.empty() ? "`mlsi catalogue` needs a subcommand: from-hf CONFIG.json"
                                          : "`mlsi catalogue` has one subcommand, from-hf, not `" + o.positional[0] + "`");
  if (o.positional.size() != 2) return usage(io, "`mlsi catalogue from-hf` takes one CONFIG.json");
  // Every catalogue at once, so that the key is checked against every name (as check-catalogue does).
  ProgramSessionOptions options = session_limits(o);
  options.catalogues = catalogue_files(o);
  options.catalogue_texts = named_catalogue_texts(o);
  options.workload_config = o.positional[1];
  options.workload_key = o.entry_name;
  ProgramSession session(options);
  const DiagnosticLog& diags = session.diagnostics();
  io.err << render_all(session.program().sources, diags, io.colour, io.max_errors);
  if (!diags.has_errors() && session.converted_workload()) {
    io.out << session.converted_workload()->toml;
    return kExitOk;
  }
  // A file that cannot be read, or a --name that cannot be a key, is a problem of the command line.
  return request_errors_only(diags) ? kExitUsage : kExitSource;
}

}  // namespace mlsi
