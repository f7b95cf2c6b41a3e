#include "repl/repl_editor.hpp"

#include <histedit.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <clocale>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>

namespace mlsi {

struct LineEditor::State {
  // The history outlives the editor that uses it: members are destroyed in reverse order.
  std::unique_ptr<History, void (*)(History*)> history{nullptr, history_end};
  std::unique_ptr<EditLine, void (*)(EditLine*)> el{nullptr, el_end};
  HistEvent event{};
  std::string prompt;
  Completer completer;
  std::string history_file;
  bool interrupted = false;
};

namespace {

constexpr const char* kEnd = nullptr;  // ends the argument lists of el_set

LineEditor::State* state_of(EditLine* el) {
  void* data = nullptr;
  el_get(el, EL_CLIENTDATA, &data);
  return static_cast<LineEditor::State*>(data);
}

char* prompt_of(EditLine* el) { return state_of(el)->prompt.data(); }

std::size_t terminal_width() {
  winsize ws{};
  if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0) return ws.ws_col;
  return 80;
}

// Lists candidates below the line, in columns, as shells do.
void list(const std::vector<std::string>& candidates) {
  std::size_t width = 0;
  for (const auto& c : candidates) width = std::max(width, c.size());
  width += 2;
  std::size_t columns = std::max<std::size_t>(1, terminal_width() / width);
  std::size_t shown = std::min<std::size_t>(candidates.size(), 300);
  std::string out = "\n";
  for (std::size_t i = 0; i < shown; ++i) {
    bool row_end = (i + 1) % columns == 0 || i + 1 == shown;
    std::string c = candidates[i];
    if (!row_end) c.resize(width, ' ');
    out += c + (row_end ? "\n" : "");
  }
  if (shown < candidates.size()) out += "... and " + std::to_string(candidates.size() - shown) + " more\n";
  std::fputs(out.c_str(), stdout);
  std::fflush(stdout);
}

// Tab: inserts what every candidate shares; when that adds nothing, lists the candidates.
unsigned char complete_key(EditLine* el, int) {
  auto* s = state_of(el);
  const LineInfo* li = el_line(el);
  std::string before(li->buffer, static_cast<std::size_t>(li->cursor - li->buffer));
  Completion c = s->completer(before);
  if (c.candidates.empty()) return CC_REFRESH_BEEP;
  std::string typed = before.substr(std::min(c.start, before.size()));
  std::string common = common_prefix(c.candidates);
  if (common.size() > typed.size() && common.starts_with(typed)) {
    el_insertstr(el, common.substr(typed.size()).c_str());
    return CC_REFRESH;
  }
  if (c.candidates.size() == 1) return CC_REFRESH;
  list(c.candidates);
  return CC_REDISPLAY;
}

// Ctrl-C: marks the line `^C`, ends it, and tells read() to drop the whole entry.
unsigned char interrupt_key(EditLine* el, int) {
  state_of(el)->interrupted = true;
  const LineInfo* li = el_line(el);
  el_cursor(el, static_cast<int>(li->lastchar - li->cursor));
  el_insertstr(el, "^C");
  el_push(el, "\n");
  return CC_REFRESH;
}

// Ctrl-Z: the terminal no longer sends SIGTSTP while editing (see -isig below), so send it here.
unsigned char suspend_key(EditLine*, int) {
  std::raise(SIGTSTP);
  return CC_REDISPLAY;
}

}  // namespace

LineEditor::LineEditor(Completer completer, std::string history_file) : state_(std::make_unique<State>()) {
  std::setlocale(LC_CTYPE, "");
  State& s = *state_;
  s.completer = std::move(completer);
  s.history_file = std::move(history_file);
  s.history.reset(history_init());
  history(s.history.get(), &s.event, H_SETSIZE, 1000);
  history(s.history.get(), &s.event, H_SETUNIQUE, 1);
  if (!s.history_file.empty()) history(s.history.get(), &s.event, H_LOAD, s.history_file.c_str());
  s.el.reset(el_init("mlsi", stdin, stdout, stderr));
  EditLine* el = s.el.get();
  el_set(el, EL_CLIENTDATA, static_cast<void*>(&s));
  el_set(el, EL_EDITOR, "emacs");
  el_set(el, EL_SIGNAL, 1);
  el_set(el, EL_HIST, history, s.history.get());
  el_set(el, EL_PROMPT, prompt_of);
  el_source(el, nullptr);  // the user's ~/.editrc, if any
  el_set(el, EL_ADDFN, "mlsi-complete", "complete the word before the cursor", complete_key);
  el_set(el, EL_BIND, "^I", "mlsi-complete", kEnd);
  el_set(el, EL_ADDFN, "mlsi-interrupt", "abandon the current input", interrupt_key);
  el_set(el, EL_BIND, "^C", "mlsi-interrupt", kEnd);
  el_set(el, EL_ADDFN, "mlsi-suspend", "suspend mlsi", suspend_key);
  el_set(el, EL_BIND, "^Z", "mlsi-suspend", kEnd);
  el_set(el, EL_BIND, "^R", "em-inc-search-prev", kEnd);
  // Ctrl-C reaches the editor as a key, so it abandons the input instead of killing the process.
  el_set(el, EL_SETTY, "-d", "-isig", kEnd);
}

LineEditor::~LineEditor() = default;

LineEditor::Read LineEditor::read(const std::string& prompt, std::string& line) {
  State& s = *state_;
  s.prompt = prompt;
  s.interrupted = false;
  int count = 0;
  errno = 0;
  const char* text = el_gets(s.el.get(), &count);
  if (s.interrupted) return Read::interrupted;
  if (!text || count <= 0) return errno == EINTR ? Read::interrupted : Read::end;
  line.assign(text, static_cast<std::size_t>(count));
  while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.pop_back();
  return Read::line;
}

void LineEditor::remember(const std::string& line) {
  if (line.find_first_not_of(" \t") == std::string::npos) return;
  State& s = *state_;
  history(s.history.get(), &s.event, H_ENTER, line.c_str());
  if (!s.history_file.empty()) history(s.history.get(), &s.event, H_SAVE, s.history_file.c_str());
}

std::string history_path() {
  namespace fs = std::filesystem;
  fs::path dir;
  const char* state = std::getenv("XDG_STATE_HOME");
  const char* home = std::getenv("HOME");
  if (state && *state == '/') dir = fs::path(state) / "mlsi";
  else if (home && *home) dir = fs::path(home) / ".local" / "state" / "mlsi";
  else return {};
  std::error_code ec;
  fs::create_directories(dir, ec);
  return (dir / "history").string();
}

}  // namespace mlsi
