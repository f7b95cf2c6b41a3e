// A prelude file read on demand is read by the declaration (issue #42): a name mentioned parses the part
// of the file that declares it (source/embedded.hpp declaration_parts), with the parts that part
// mentions, not the whole file. The parts of each prelude file are its declarations, and the rest of the
// file is not read.
#include <algorithm>
#include <set>
#include <variant>

#include "session/session.hpp"
#include "source/embedded.hpp"
#include "syntax/ast_equal.hpp"
#include "syntax/parser.hpp"

#include <gtest/gtest.h>

namespace {

// The prelude files that are read on demand: those with constants or functions.
std::vector<const mlsi::EmbeddedFile*> deferred_prelude_files() {
  std::vector<const mlsi::EmbeddedFile*> out;
  for (const auto& f : mlsi::embedded_files())
    if (f.path.starts_with("stdlib/prelude/") && (!f.names.globals.empty() || !f.names.functions.empty())) out.push_back(&f);
  return out;
}

}  // namespace

TEST(PreludeParts, EachNameTheIndexHasIsThePartOfOneDeclaration) {
  const auto files = deferred_prelude_files();
  ASSERT_EQ(files.size(), 2U);  // constants.mls, functions.mls
  for (const auto* f : files) {
    std::set<std::string> indexed(f->names.globals.begin(), f->names.globals.end());
    indexed.insert(f->names.functions.begin(), f->names.functions.end());
    std::set<std::string> parts;
    std::uint32_t previous_end = 0;
    for (const auto& part : mlsi::declaration_parts(f->text)) {
      EXPECT_TRUE(parts.insert(std::string(part.name)).second) << f->path << ": " << part.name;
      EXPECT_LT(part.begin, part.end);
      if (previous_end != 0) {
        EXPECT_EQ(part.begin, previous_end) << f->path << ": " << part.name;  // one after the other
      }
      previous_end = part.end;
    }
    EXPECT_EQ(previous_end, f->text.size()) << f->path;
    EXPECT_EQ(parts, indexed) << f->path;
  }
}

TEST(PreludeParts, ThePartsParseToTheFilesDeclarations) {
  // Parsed part by part, the declarations (spans and docs included) are those of the file parsed whole:
  // every declaration begins a part, and no part ends inside one.
  for (const auto* f : deferred_prelude_files()) {
    mlsi::SourceManager sources;
    const mlsi::FileId id = sources.add_static(std::string(f->path), f->text);
    mlsi::DiagnosticLog diags;
    auto whole = mlsi::parse_module(sources, id, diags);
    ASSERT_TRUE(whole) << f->path;
    mlsi::ast::Module parts;
    parts.file = id;
    for (const auto& part : mlsi::declaration_parts(f->text)) {
      auto m = mlsi::parse_declarations(sources, id, diags, part.begin, part.end);
      ASSERT_TRUE(m) << f->path << ": " << part.name;
      ASSERT_EQ(m->decls.size(), 1U) << f->path << ": " << part.name;
      parts.decls.push_back(std::move(m->decls.front()));
    }
    EXPECT_FALSE(diags.has_errors()) << f->path;
    ASSERT_EQ(parts.decls.size(), whole->decls.size()) << f->path;
    EXPECT_TRUE(mlsi::ast::same_module(parts, *whole)) << f->path;
    for (std::size_t i = 0; i < parts.decls.size(); ++i) {
      // A prelude file declares constants and functions: their names, values and docs where the file has them.
      auto same_place = [&](const auto& a, const auto& b, const mlsi::ast::Expr& a_value, const mlsi::ast::Expr& b_value) {
        EXPECT_EQ(a.name_span.begin, b.name_span.begin) << f->path << ": " << a.name;
        EXPECT_EQ(a_value.span.begin, b_value.span.begin) << f->path << ": " << a.name;
        EXPECT_EQ(a_value.span.end, b_value.span.end) << f->path << ": " << a.name;
        EXPECT_EQ(a.doc, b.doc) << f->path << ": " << a.name;
      };
      if (const auto* let = std::get_if<mlsi::ast::LetDecl>(&parts.decls[i])) {
        const auto& other = std::get<mlsi::ast::LetDecl>(whole->decls[i]);
        same_place(*let, other, *let->value, *other.value);
      } else {
        const auto& fn = std::get<mlsi::ast::FnDecl>(parts.decls[i]);
        const auto& other = std::get<mlsi::ast::FnDecl>(whole->decls[i]);
        same_place(fn, other, *fn.body, *other.body);
      }
    }
  }
}

TEST(PreludeParts, ANameMentionedDeclaresItsPartAndThoseItMentions) {
  mlsi::ProgramSessionOptions options;
  options.read_on_demand = true;
  mlsi::ProgramSession session(options);
  // chinchilla_tokens (functions.mls) calls chinchilla_params, which reads constants of constants.mls.
  auto file = session.load_text("mine.mls", "scenario Mine {\n  output d = chinchilla_tokens(1e24 FLOP)\n}\n");
  ASSERT_TRUE(file);
  ASSERT_TRUE(session.check());
  const auto& p = session.program();
  auto declared = [&](const std::string& name) { return p.function_index.count(name) + p.global_index.count(name) > 0; };
  EXPECT_TRUE(declared("chinchilla_tokens"));
  EXPECT_TRUE(declared("chinchilla_params"));
  EXPECT_TRUE(declared("chinchilla_tokens_per_param"));
  EXPECT_TRUE(declared("training_flops_per_param_token"));
  // Not mentioned: not read, and still offered by did-you-mean as not declared yet.
  EXPECT_FALSE(declared("device_power"));
  EXPECT_NE(std::find(p.deferred_functions.begin(), p.deferred_functions.end(), "device_power"), p.deferred_functions.end());
  EXPECT_EQ(std::find(p.deferred_functions.begin(), p.deferred_functions.end(), "chinchilla_tokens"), p.deferred_functions.end());
  // Each file counts once among the files parsed.
  const auto& parsed = session.parsed_files();
  EXPECT_EQ(std::count(parsed.begin(), parsed.end(), "<prelude>/functions.mls"), 1);
  EXPECT_EQ(std::count(parsed.begin(), parsed.end(), "<prelude>/constants.mls"), 1);
  // Everything, once asked for, is every declaration once.
  session.read_everything();
  EXPECT_TRUE(declared("device_power"));
  EXPECT_TRUE(p.deferred_functions.empty());
  EXPECT_TRUE(p.deferred_globals.empty());
}
