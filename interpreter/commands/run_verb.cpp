// The one entry to every verb of commands/: the verb's refusals, the bound on its whole work, and the
// failures that end any verb (memory, that bound) said as every verb says them.
#include <fmt/format.h>


#include "base/call_budget.hpp"
#include "commands/guarded_run.hpp"
#include "commands/verbs.hpp"
#include "verbs/command_line.hpp"
#include "verbs/verb_table.hpp"

namespace mlsi {

namespace {

using VerbFunction = int (*)(const VerbRequest&, Sink&);

struct VerbEntry {
  std::string_view name;
  VerbFunction run;
};

constexpr VerbEntry kVerbs[] = {
    {"run", run_run},
    {"check", run_check},
    {"test", run_test},
    {"validate", run_validate},
    {"sweep", run_sweep},
    {"solve", run_solve},
    {"plot", run_plot},
    {"list", run_list},
    {"show", run_show},
    {"check-catalogue", run_check_catalogue},
    {"fmt", run_fmt},
    {"doc", run_doc},
    {"eval", run_eval},
    {"schema", run_schema},
    {"catalogue", run_catalogue},
};

VerbFunction verb_function(std::string_view name) {
  for (const auto& v : kVerbs)
    if (v.name == name) return v.run;
  return nullptr;
}

}  // namespace

int run_verb(const VerbRequest& request, Sink& io) {
  io.max_errors = request.max_errors;
  if (auto refused = refused_option(request)) return usage(io, *refused);
  VerbFunction verb = verb_function(request.command);
  if (!verb && find_verb(request.command))
    return usage(io, fmt::format("`{}` writes no document: it is a front end of its own, which its caller starts", request.command));
  if (!verb) return usage(io, fmt::format("unknown command `{}`{}", request.command, did_you_mean(request.command, verb_names())));
  return guarded_run(io.err, [&] {
    // The bound on the whole verb; the servers and the REPL bound each of their requests instead.
    CallBudget budget(request.limits.max_total_steps);
    return verb(request, io);
  });
}

}  // namespace mlsi
