#pragma once
// Line editing for the REPL at a terminal, with libedit: emacs keys, a history kept in a file across
// sessions, reverse search (Ctrl-R), tab completion, Ctrl-C to abandon the current input, Ctrl-D to leave.
#include <functional>
#include <memory>
#include <string>

#include "repl/repl_completion.hpp"

namespace mlsi {

class LineEditor {
 public:
  using Completer = std::function<Completion(const std::string& before_cursor)>;
  enum class Read { line, interrupted, end };

  // An empty history_file keeps the history for this session only.
  LineEditor(Completer completer, std::string history_file);
  ~LineEditor();
  LineEditor(const LineEditor&) = delete;
  LineEditor& operator=(const LineEditor&) = delete;

  // Reads one line (without its newline). `interrupted`: Ctrl-C; `end`: Ctrl-D on an empty line.
  Read read(const std::string& prompt, std::string& line);
  // Adds a line to the history, and saves the history file.
  void remember(const std::string& line);

  struct State;

 private:
  std::unique_ptr<State> state_;
};

// $XDG_STATE_HOME/mlsi/history, else $HOME/.local/state/mlsi/history; empty when neither is set.
std::string history_path();

}  // namespace mlsi
