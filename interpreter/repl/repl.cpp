// `mlsi repl`: reads entries (a line, or several while brackets are open) and hands them to a Repl.
// At a terminal, libedit edits the lines; otherwise lines are read plainly, with no prompt and no
// escape codes, so that the REPL can be scripted: `echo '1 GiB -> MB' | mlsi repl`.
#include "repl/repl.hpp"

#include <csignal>

#include "repl/repl_editor.hpp"
#include "repl/repl_input.hpp"
#include "repl/repl_session.hpp"

namespace mlsi {

namespace {

// Gathers lines into entries and runs them; the line numbers name them in diagnostics (`<repl>:LINE:COL`).
class EntryReader {
 public:
  explicit EntryReader(Repl& repl) : repl_(repl) {}
  bool pending() const { return !text_.empty() || open_; }
  // Adds one line; runs the entry when it is complete. False when the session should end.
  bool add(const std::string& line) {
    ++line_;
    if (!open_) first_ = line_;
    text_ += (open_ ? "\n" : "") + line;
    open_ = true;
    if (entry_incomplete(text_)) return true;
    return finish();
  }
  // Runs what was gathered (at the end of the input, even if incomplete: the parser reports what is missing).
  bool finish() {
    open_ = false;
    std::string text = std::move(text_);
    text_.clear();
    Repl::Status s = repl_.enter(text, first_);
    if (s == Repl::Status::failed) failed_ = true;
    return s != Repl::Status::quit && repl_.ready();
  }
  void abandon() {
    text_.clear();
    open_ = false;
  }
  bool failed() const { return failed_; }

 private:
  Repl& repl_;
  std::string text_;
  bool open_ = false;
  bool failed_ = false;
  std::uint32_t line_ = 0, first_ = 1;
};

// Ends with the input, a `:quit`, or once the output fails (the caller reports it).
ReplEnd scripted(Repl& repl, std::istream& in, const std::ostream& out) {
  EntryReader reader(repl);
  std::string line;
  bool go_on = true;
  while (go_on && out && std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    go_on = reader.add(line);
  }
  if (go_on && reader.pending()) reader.finish();
  return reader.failed() ? ReplEnd::entry_failed : ReplEnd::ok;
}

ReplEnd interactive(Repl& repl, const ReplStreams& io) {
  // Ctrl-C while an entry is evaluated must not end the session (every evaluation is bounded);
  // while a line is edited it is a key that abandons the entry (repl_editor.cpp).
  struct sigaction ignore {}, previous {};
  ignore.sa_handler = SIG_IGN;
  sigemptyset(&ignore.sa_mask);
  sigaction(SIGINT, &ignore, &previous);
  LineEditor editor(
      [&repl](const std::string& before) {
        repl.read_everything();
        return complete(repl.program(), before);
      },
      history_path());
  io.out << "mlsi " << MLSI_VERSION << " - `:help` lists the commands, Ctrl-D leaves\n";
  EntryReader reader(repl);
  std::string line;
  for (;;) {
    io.out.flush();
    io.err.flush();
    if (!io.out) break;  // the caller reports it
    auto r = editor.read(reader.pending() ? "  ... " : "mlsi> ", line);
    if (r == LineEditor::Read::interrupted) {
      reader.abandon();
      continue;
    }
    if (r == LineEditor::Read::end) {
      io.out << "\n";
      break;
    }
    editor.remember(line);
    if (!reader.add(line)) break;
  }
  io.out.flush();
  sigaction(SIGINT, &previous, nullptr);
  return ReplEnd::ok;
}

}  // namespace

ReplEnd run_repl(const ReplOptions& options, const ReplStreams& io) {
  bool terminal = io.interactive && io.in;
  ReplStreams streams = io;
  if (!terminal) streams.colour = false;  // scripted: plain text only
  Repl repl(options, streams);
  if (!repl.ready()) return repl.unreadable() ? ReplEnd::unreadable : ReplEnd::not_started;
  if (terminal) return interactive(repl, streams);
  if (!io.in) return ReplEnd::ok;
  return scripted(repl, *io.in, streams.out);
}

}  // namespace mlsi
