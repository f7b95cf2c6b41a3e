#pragma once
// Each verb that writes a document, as one function: the request (verbs/request.hpp) in, the document
// and its problems written to a sink (commands/sink.hpp), the exit status out (language.md
// "Diagnostics"). The command line (cli/) and the MCP tools (mcp/) call these; `repl`, `lsp` and `mcp`
// are front ends of their own and stay in cli/.
#include "commands/sink.hpp"
#include "verbs/request.hpp"

namespace mlsi {

// Runs the verb `request.command` names: the options its table refuses are refused, the whole verb is
// bounded by request.limits.max_total_steps, and memory running out (std::bad_alloc) or that bound is an
// error like any other (status 1). A verb that is not one of these (a front end's, or none) is a usage
// error. The sink's max_errors becomes the request's.
int run_verb(const VerbRequest& request, Sink& io);

int run_run(const VerbRequest& r, Sink& io);  // with --explain: the explanation
int run_check(const VerbRequest& r, Sink& io);
int run_test(const VerbRequest& r, Sink& io);
int run_validate(const VerbRequest& r, Sink& io);
int run_sweep(const VerbRequest& r, Sink& io);
int run_solve(const VerbRequest& r, Sink& io);
int run_plot(const VerbRequest& r, Sink& io);
int run_eval(const VerbRequest& r, Sink& io);
int run_list(const VerbRequest& r, Sink& io);
int run_show(const VerbRequest& r, Sink& io);
int run_check_catalogue(const VerbRequest& r, Sink& io);
int run_catalogue(const VerbRequest& r, Sink& io);  // `catalogue from-hf`
int run_schema(const VerbRequest& r, Sink& io);
int run_doc(const VerbRequest& r, Sink& io);
int run_fmt(const VerbRequest& r, Sink& io);

}  // namespace mlsi
