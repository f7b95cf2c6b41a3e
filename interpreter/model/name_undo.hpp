#pragma once
// The program's name tables (globals, functions, scenarios by name; loaded files by path) change only
// through bind_name and unbind_name. While a log is attached (Program::name_log), each change records
// what the table held before, so a failed REPL entry is taken back by replaying its own changes in
// reverse: the cost is the entry's, not the session's (copying the tables made a session quadratic).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace mlsi {

struct Program;

enum class NameTable : std::uint8_t { globals, functions, scenarios, loaded_paths, types };

struct NameChange {
  NameTable table;
  std::string name;
  std::optional<std::int64_t> previous;  // none: the name was not in the table
};

// table[name] = value.
void bind_name(Program& p, NameTable table, const std::string& name, std::int64_t value);
// Takes name out of table (nothing when it is not there).
void unbind_name(Program& p, NameTable table, const std::string& name);
// Puts back, newest first, what the changes in log replaced, and empties it.
void undo_names(Program& p, std::vector<NameChange>& log);

// Empties log and attaches it to the program for as long as it lives.
class NameLogScope {
 public:
  NameLogScope(Program& p, std::vector<NameChange>& log);
  NameLogScope(NameLogScope&& other) noexcept : p_(other.p_) { other.p_ = nullptr; }
  NameLogScope(const NameLogScope&) = delete;
  NameLogScope& operator=(const NameLogScope&) = delete;
  NameLogScope& operator=(NameLogScope&&) = delete;
  ~NameLogScope();

 private:
  Program* p_;
};

}  // namespace mlsi
