#include "session/session.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <map>

#include "base/activity.hpp"
#include "catalogue/catalogue_loader.hpp"
#include "source/embedded.hpp"
#include "source/file_reader.hpp"
#include "source/text_rules.hpp"
#include "syntax/parser.hpp"
#include "base/stack_guard.hpp"

namespace mlsi {

namespace fs = std::filesystem;

ProgramSession::ProgramSession(ProgramSessionOptions options)
    : options_(std::move(options)), program_(std::make_unique<Program>()), compiler_(*program_, diags_) {
  Activity activity("reading the prelude and the catalogue");
  program_->words = options_.words;
  diags_.set_max_kept(options_.max_diagnostics);
  load_embedded_prelude();
  load_catalogues();
}

void ProgramSession::load_embedded_prelude() {
  // Units first: constants, functions and catalogue strings are written in them.
  std::vector<const EmbeddedFile*> prelude;
  for (const auto& f : embedded_files())
    if (f.path.rfind("stdlib/prelude/", 0) == 0) prelude.push_back(&f);
  std::stable_sort(prelude.begin(), prelude.end(), [](const EmbeddedFile* a, const EmbeddedFile* b) {
    return (a->path.find("units") == std::string::npos) < (b->path.find("units") == std::string::npos);
  });
  for (const auto* f : prelude) {
    std::string shown = "<prelude>/" + std::string(f->path.substr(15));
    // Units and dimensions take effect as they are declared (catalogue strings, every file use them).
    if (options_.read_on_demand && f->path.find("units") == std::string::npos) {
      // The names each declares come from the build's index (source/embedded.hpp): the file is not read.
      DeferredPrelude deferred{std::move(shown), f->text, f->names.globals, f->names.functions, false, kNoFile, {}, 0};
      auto& p = *program_;
      p.deferred_globals.insert(p.deferred_globals.end(), deferred.globals.begin(), deferred.globals.end());
      p.deferred_functions.insert(p.deferred_functions.end(), deferred.functions.begin(), deferred.functions.end());
      for (const auto* names : {&deferred.globals, &deferred.functions})
        for (std::string_view name : *names) {
          prelude_names_.emplace_back(name, deferred_prelude_.size());
          if (!name.empty()) prelude_name_shapes_[static_cast<unsigned char>(name[0])] |= std::uint64_t{1} << std::min<std::size_t>(name.size(), 63);
        }
      deferred_prelude_.push_back(std::move(deferred));
      ++prelude_undeclared_;
      continue;
    }
    FileId id = program_->sources.add_static(std::move(shown), f->text);
    load_module(id, 0);
  }
  std::stable_sort(prelude_names_.begin(), prelude_names_.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  sources_scanned_ = program_->sources.size();
}

void ProgramSession::declare_prelude_mentioned_in(std::string_view text) {
  if (prelude_undeclared_ == 0) return;
  // One pass over the words of the text, each looked up among the names the deferred files declare.
  const std::size_t size = text.size();
  for (std::size_t i = 0; i < size && prelude_undeclared_ > 0;) {
    if (!is_identifier_start(text[i])) {
      ++i;
      continue;
    }
    std::size_t j = i + 1;
    while (j < size && is_identifier_char(text[j])) ++j;
    const std::string_view word(text.data() + i, j - i);
    if (!may_be_prelude_name(word)) {
      i = j;
      continue;
    }
    auto it = std::lower_bound(prelude_names_.begin(), prelude_names_.end(), word, [](const auto& n, std::string_view w) { return n.first < w; });
    if (it != prelude_names_.end() && it->first == word) {
      auto& file = deferred_prelude_[it->second];
      if (!file.declared) declare_prelude_part(file, word);
    }
    i = j;
  }
}

void ProgramSession::declare_prelude(DeferredPrelude& file) {
  if (file.declared) return;
  if (file.id != kNoFile) {  // some of it is declared: the rest, part by part
    for (auto& part : file.parts) declare_prelude_part(file, part);
    return;
  }
  file.declared = true;
  --prelude_undeclared_;
  auto& p = *program_;
  for (const auto& n : file.globals) std::erase(p.deferred_globals, n);
  for (const auto& n : file.functions) std::erase(p.deferred_functions, n);
  // Its own mentions first (a prelude function reads prelude constants).
  declare_prelude_mentioned_in(file.text);
  file.id = program_->sources.add_static(file.shown_name, file.text);
  load_module(file.id, 0);
}

void ProgramSession::declare_prelude_part(DeferredPrelude& file, std::string_view name) {
  if (file.id == kNoFile && file.parts.empty()) {
    for (const auto& part : declaration_parts(file.text)) file.parts.push_back({part, false});
    file.undeclared_parts = file.parts.size();
  }
  for (auto& part : file.parts)
    if (part.text.name == name) return declare_prelude_part(file, part);
  declare_prelude(file);  // a name the index has that no part declares: the whole file (never, by PreludeParts.*)
}

void ProgramSession::declare_prelude_part(DeferredPrelude& file, PreludePart& part) {
  if (part.declared) return;
  part.declared = true;
  auto& p = *program_;
  const auto [begin, end, name] = part.text;
  std::erase(p.deferred_globals, name);
  std::erase(p.deferred_functions, name);
  // Its own mentions first (a prelude function reads prelude constants and other functions).
  declare_prelude_mentioned_in(file.text.substr(begin, end - begin));
  if (file.id == kNoFile) {
    file.id = p.sources.add_static(file.shown_name, file.text);
    parsed_files_.push_back(file.shown_name);
  }
  if (--file.undeclared_parts == 0) {
    file.declared = true;
    --prelude_undeclared_;
  }
  // Under the default bound on nesting whatever the caller's, as load_module parses a built-in file.
  auto module = parse_declarations(p.sources, file.id, diags_, begin, end, std::max(options_.limits.max_nesting, kMaxNesting));
  if (!module) return;
  p.modules.push_back(std::make_unique<ast::Module>(std::move(*module)));
  compiler_.declare(*p.modules.back());
}

void ProgramSession::read_everything() {
  for (auto& file : deferred_prelude_)
    if (!file.declared) declare_prelude(file);
  if (program_->catalogue.load_on_demand) program_->catalogue.load_on_demand("");
}

void ProgramSession::declare_prelude_mentioned() {
  if (prelude_undeclared_ == 0) return;
  while (sources_scanned_ < program_->sources.size()) {
    const auto& source = program_->sources.file(static_cast<FileId>(sources_scanned_++));
    if (!source.name.starts_with("<prelude>/")) declare_prelude_mentioned_in(source.text);
  }
}

std::optional<FileId> ProgramSession::load_text(const std::string& name, std::string text) {
  Activity activity("reading");
  FileId id = program_->sources.add(name, std::move(text));
  return load_module(id, 0);
}

bool ProgramSession::replaces_prelude_unit(const ast::Module& module) const {
  for (const auto& d : module.decls)
    if (const auto* unit = std::get_if<ast::UnitDecl>(&d))
      if (program_->units.replaceable_by(unit->name, unit->name_span.file)) return true;
  return false;
}

std::optional<FileId> ProgramSession::load_module(FileId file, int depth) {
  // Prelude names a file mentions are declared before the file's own, as if the prelude were read first
  // (a file that redefines one is told so, at its own declaration).
  declare_prelude_mentioned();
  // The caller's bound on nesting is a bound on its own input: the built-in prelude and packs are parsed
  // under the default bound whatever it is (a `--max-nesting 4` must not break a prelude function).
  const std::string& name = program_->sources.file(file).name;
  bool builtin = name.starts_with("<prelude>/") || name.starts_with("<builtin>/");
  int nesting = builtin ? std::max(options_.limits.max_nesting, kMaxNesting) : options_.limits.max_nesting;
  parsed_files_.push_back(name);
  auto module = parse_module(program_->sources, file, diags_, nesting);
  if (!module) return std::nullopt;
  program_->modules.push_back(std::make_unique<ast::Module>(std::move(*module)));
  const ast::Module& m = *program_->modules.back();
  const auto& src = program_->sources.file(file);
  // A file on disk that declares its own unit in place of a replaceable prelude one (ServingFleet's
  // `unit tok: Tokens`) keeps its dimensions and units to itself and the files importing it, as a built-in
  // pack file does (language.md §4.2): the files it imports, and any other file read beside it, keep the
  // prelude's (DecodeRoofline's `-> tok/s` is a Count per second whichever file is read first).
  if (!builtin && !src.name.starts_with("<") && replaces_prelude_unit(m)) program_->scopes.make_private(file);
  for (const auto& d : m.decls) {
    const auto* imp = std::get_if<ast::ImportDecl>(&d);
    if (!imp) continue;
    if (src.path.empty() && src.name.starts_with("<builtin>/")) {
      // An import between two embedded pack files resolves to the embedded file (loaded once), never to the
      // file system: the pack files keep their imports so that they also check as plain files on disk.
      load_builtin_import(src.name, imp->path, imp->span, depth + 1);
      continue;
    }
    if (src.path.empty()) {
      diags_.error(imp->span, "`import` is only allowed in a file on disk");
      continue;
    }
    if (imp->path.empty()) {
      diags_.error(imp->span, "`import` needs the path of a .mls file, as in `import \"units.mls\"`");
      continue;
    }
    if (depth + 1 > options_.limits.max_import_depth) {
      diags_.error(imp->span, fmt::format("imports nested deeper than {}", options_.limits.max_import_depth));
      continue;
    }
    // Each import nests a call of load_file and load_module: a chain within --max-import-depth may
    // still run out of stack (a small `ulimit -s`, the larger frames of a sanitizer build). Said
    // once: every import above this one would say the same.
    if (stack_exhausted()) {
      if (!import_stack_reported_) {
        import_stack_reported_ = true;
        auto& d = diags_.error(imp->span, "imports nested too deep to read: this chain of imports runs out of stack");
        d.notes.push_back(fmt::format("the chain is {} files long here; import the files from fewer levels", depth + 1));
      }
      continue;
    }
    fs::path target = fs::path(src.path).parent_path() / imp->path;
    // The importer sees what the imported file keeps to itself, as an import between pack files does.
    if (auto imported = load_file(target.string(), imp->span); imported && program_->scopes.is_private(*imported))
      program_->scopes.see(file, *imported);
  }
  compiler_.declare(m);
  return file;
}

std::optional<FileId> ProgramSession::load_file(const std::string& path, Span import_span) {
  Activity activity("reading");
  std::error_code ec;
  auto fail = [&](const std::string& msg) -> std::optional<FileId> {
    diags_.error(import_span, msg);
    return std::nullopt;
  };
  // Paths in messages as the user would write them: relative to the working folder.
  std::string shown = fs::path(path).lexically_normal().string();
  if (auto rel = fs::proximate(path, ec); !ec && rel.string().size() < shown.size()) shown = rel.string();
  std::string canonical = fs::weakly_canonical(path, ec).string();
  if (std::find(import_stack_.begin(), import_stack_.end(), canonical) != import_stack_.end()) {
    std::string chain;
    for (const auto& f : import_stack_) chain += fs::path(f).filename().string() + " -> ";
    return fail(fmt::format("import cycle: {}{}", chain, fs::path(canonical).filename().string()));
  }
  if (auto it = program_->loaded_paths.find(canonical); it != program_->loaded_paths.end()) return it->second;
  if (files_read() >= static_cast<std::size_t>(options_.limits.max_files)) {
    auto& d = diags_.error(import_span, fmt::format("more than {} files imported", options_.limits.max_files));
    if (catalogue_files_read_ > 0) d.notes.push_back(fmt::format("the count includes {} catalogue files", catalogue_files_read_));
    return std::nullopt;
  }
  // A regular file, on the command line as in an import: a device (/dev/zero), a FIFO or a file of
  // /proc could be read without end, block, or show what is not the user's to show.
  // An editor's unsaved text of the file stands for it.
  ReadResult read;
  if (const std::string* overlay = options_.overlay ? options_.overlay(canonical) : nullptr) read.text = *overlay;
  else read = read_regular_file(path, options_.limits.max_file_size);
  if (read.error && read.error->kind == ReadError::Kind::missing) {
    // A file the command line names that is not on disk may be a built-in pack file (never an import's:
    // a file on disk imports files on disk).
    bool command_line = !import_span.valid();
    if (command_line)
      if (auto builtin = builtin_pack_file(path)) return load_builtin_named(*builtin);
    std::vector<std::string> siblings;
    fs::path dir = fs::path(path).parent_path();
    for (const auto& e : fs::directory_iterator(dir.empty() ? "." : dir, ec))
      if (e.path().extension() == ".mls") siblings.push_back(e.path().filename().string());
    std::string sug;
    if (auto sibling = closest_name(fs::path(path).filename().string(), siblings); !sibling.empty())
      sug = fmt::format("did you mean `{}`?", (fs::path(shown).parent_path() / sibling).string());
    else if (auto builtin = command_line ? closest_builtin_file(path) : std::string(); !builtin.empty())
      sug = fmt::format("did you mean the built-in `{}`?", builtin);
    // The command line shows a file it cannot read by the message alone: the suggestion goes in it.
    if (command_line && !sug.empty()) return fail(fmt::format("{}; {}", describe(*read.error, shown), sug));
    auto& d = diags_.error(import_span, describe(*read.error, shown));
    if (!sug.empty()) d.notes.push_back(sug);
    return std::nullopt;
  }
  if (read.error) return fail(describe(*read.error, shown));
  // Shown in diagnostics: relative to the working folder when that is shorter, as the user would type it.
  std::string name = fs::path(path).lexically_normal().string();
  if (import_span.valid()) {
    std::string relative = fs::proximate(canonical, ec).string();
    if (!ec && relative.size() < name.size()) name = relative;
  }
  FileId id = program_->sources.add(name, std::move(read.text), canonical);
  bind_name(*program_, NameTable::loaded_paths, canonical, id);
  import_stack_.push_back(canonical);
  auto r = load_module(id, static_cast<int>(import_stack_.size()));
  import_stack_.pop_back();
  return r ? std::optional<FileId>(id) : std::nullopt;
}

std::optional<FileId> ProgramSession::load_document(const std::string& path, std::string text) {
  Activity activity("reading");
  std::error_code ec;
  std::string canonical = fs::weakly_canonical(path, ec).string();
  if (ec || canonical.empty()) canonical = path;
  std::string name = fs::path(path).lexically_normal().string();
  if (auto rel = fs::proximate(path, ec); !ec && rel.string().size() < name.size()) name = rel.string();
  FileId id = program_->sources.add(name, std::move(text), canonical);
  bind_name(*program_, NameTable::loaded_paths, canonical, id);
  import_stack_.push_back(canonical);
  auto r = load_module(id, 1);
  import_stack_.pop_back();
  return r;
}

bool ProgramSession::check() {
  Activity activity("checking");
  declare_prelude_mentioned();
  load_builtin_scenarios_called();
  compiler_.compile_pending();
  return !diags_.has_errors();
}

std::vector<int> ProgramSession::scenarios_of(FileId file) const {
  std::vector<int> out;
  for (std::size_t i = 0; i < program_->scenarios.size(); ++i)
    if (program_->scenarios[i].file == file) out.push_back(static_cast<int>(i));
  return out;
}

std::optional<CExpr> ProgramSession::compile_local_expression(const std::string& option, const std::string& text,
                                                       const std::vector<std::pair<std::string, Type>>& names, FileId home) {
  Activity activity("checking");
  Program& p = *program_;
  FileId f = p.sources.add(option, text);
  if (home != kNoFile) p.scopes.read_as_in(f, home);
  auto expr = parse_expression(p.sources, f, diags_);
  if (!expr) return std::nullopt;
  return compiler().compile_with_locals(*expr, names);
}

std::optional<CExpr> ProgramSession::compile_condition(const std::string& option, const std::string& text,
                                                const std::vector<std::pair<std::string, Type>>& names, FileId home) {
  auto cond = compile_local_expression(option, text, names, home);
  if (cond && !diags_.has_errors() && !cond->type.is_bool() && !cond->type.is_error())
    diags_.error(cond->span, fmt::format("{} needs a Bool condition, found {}", option, type_name(cond->type, program_->dims)));
  return cond;
}

}  // namespace mlsi
