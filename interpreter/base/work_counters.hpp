#pragma once
// Counts of the work some algorithms do, so that tests can show that it grows linearly with the input
// (a size-doubling test on a counter) rather than time it. Counting costs an increment; nothing reads
// the counts but tests.
#include <cstdint>

namespace mlsi {

struct WorkCounters {
  // Declarations of a scenario looked at while compiling its slots (one per slot; it was one per pair
  // of declarations, so 100,000 outputs took a minute).
  std::uint64_t scenario_members_visited = 0;
  // Nodes of the finished parse trees. A number in a list literal kept a node per level of operator
  // precedence (nine), so a 15 MB list took gigabytes before it was checked.
  std::uint64_t parse_nodes_kept = 0;
  // Elements of list literals checked (each once).
  std::uint64_t list_elements_checked = 0;
  // Name-table entries saved (before a change) and put back to take back a failed REPL entry
  // (name_undo.hpp). Each entry copied the whole tables, so a session of n entries cost n^2.
  std::uint64_t repl_name_changes_saved = 0;
  std::uint64_t repl_name_changes_restored = 0;
  // Declarations looked at by Compiler::compile_pending; each pass looked at all of them, so a REPL
  // session (a pass per entry) of n entries looked at n^2 / 2.
  std::uint64_t pending_declarations_visited = 0;
  // Open documents the language server looked at to check documents: those it checks, those standing for
  // an imported file, those importing a changed one. Every check copied all the others' texts, so
  // opening n documents one by one looked at n^2 / 2.
  std::uint64_t lsp_documents_visited = 0;
};

// Per thread (each thread counts its own work).
WorkCounters& work_counters();

}  // namespace mlsi
