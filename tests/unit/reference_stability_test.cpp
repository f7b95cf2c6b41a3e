// References into the interpreter's growing tables stay valid as they grow (issue 16, items 1 and 2):
// a diagnostic gets its notes after the names it suggests are looked up, and a look-up may read a
// catalogue entry that reports problems of its own; a file's entry is in use while its imports are
// added. Containers that hand out references (DiagnosticLog, SourceManager, the Program's tables, the
// catalogue's entries) are deques, whose elements stay put when more are appended.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "catalogue/catalogue_loader.hpp"
#include "source/diagnostics.hpp"
#include "session/session.hpp"
#include "source/source.hpp"

namespace {

TEST(ReferenceStability, DiagnosticStaysValidAsMoreAreAdded) {
  mlsi::DiagnosticLog diags;
  mlsi::Diagnostic& first = diags.error(mlsi::Span{}, "first");
  for (int i = 0; i < 1000; ++i) diags.error(mlsi::Span{}, "more " + std::to_string(i));
  first.notes.push_back("a note added afterwards");
  ASSERT_EQ(diags.size(), 1001u);
  EXPECT_EQ(&diags.list().front(), &first);
  EXPECT_EQ(diags.list().front().message, "first");
  EXPECT_EQ(diags.list().front().notes, std::vector<std::string>{"a note added afterwards"});
}

TEST(ReferenceStability, SourceFileStaysValidAsMoreAreAdded) {
  mlsi::SourceManager sources;
  // A short text and path: kept inside the std::string itself, which a vector's reallocation moves.
  mlsi::FileId id = sources.add("a.mls", "let a = 1\n", "/a.mls");
  const mlsi::SourceFile& file = sources.file(id);
  const char* text = file.text.data();
  for (int i = 0; i < 1000; ++i) sources.add("b" + std::to_string(i) + ".mls", "let b = 2\n", "/b.mls");
  EXPECT_EQ(&sources.file(id), &file);
  EXPECT_EQ(file.text.data(), text);
  EXPECT_EQ(file.path, "/a.mls");
  EXPECT_EQ(file.text, "let a = 1\n");
}

// A catalogue read on demand, with an entry whose unit is unknown: reading it reports an error.
constexpr std::string_view kBadCatalogue = "[Hardware.Zeta9]\nmemory = \"80 zz\"\n";
// Its one entry, as the build's index gives an embedded file's (source/embedded.hpp): its values' text is
// its lines (no comment, no free text).
constexpr std::string_view kBadNames[] = {"Zeta9"};
constexpr mlsi::EmbeddedCatalogueEntry kBadEntries[] = {{kBadNames, 0, kBadCatalogue.size(), 0, 0, kBadCatalogue.size(), {}}};
constexpr mlsi::EmbeddedFile kBadFile{"bad.toml", kBadCatalogue, {}, kBadEntries, kBadCatalogue};

// The checker reports `Zeta8` as unknown, then looks for a name to suggest among all the catalogue's
// names, which reads the deferred entry `Zeta9` and adds its diagnostics; the suggestion is then added
// to the unknown-name diagnostic (with the diagnostics in a vector, through a dangling reference:
// AddressSanitizer reported the heap-use-after-free that fuzz_pipeline found).
TEST(ReferenceStability, UnknownNameGetsItsNoteAfterTheCatalogueIsReadOnDemand) {
  mlsi::ProgramSessionOptions options;
  options.read_on_demand = true;
  mlsi::ProgramSession session(options);
  ASSERT_EQ(session.diagnostics().size(), 0u);
  mlsi::Program& p = session.program();
  auto loader = std::make_shared<mlsi::CatalogueLoader>(p, session.diagnostics());
  loader->defer("<test>/bad.toml", kBadFile);
  p.catalogue.load_on_demand = [loader](const std::string& name) { loader->demand(name); };

  session.load_text("t.mls", "let x = Zeta8\n");
  EXPECT_FALSE(session.check());
  const auto& list = session.diagnostics().list();
  ASSERT_GE(list.size(), 2u);
  // First the unknown name, with the suggestion that only the catalogue read could give.
  EXPECT_EQ(list[0].message, "unknown name `Zeta8`");
  EXPECT_EQ(list[0].notes, std::vector<std::string>{"did you mean `Zeta9`?"});
  // Then what reading the entry found, each diagnostic with only its own notes.
  bool unknown_unit = false;
  for (std::size_t i = 1; i < list.size(); ++i) {
    EXPECT_NE(list[i].message, "unknown name `Zeta8`");
    for (const auto& n : list[i].notes) EXPECT_NE(n, "did you mean `Zeta9`?");
    unknown_unit = unknown_unit || list[i].message.find("unknown unit `zz`") != std::string::npos;
  }
  EXPECT_TRUE(unknown_unit) << mlsi::render_all(p.sources, session.diagnostics(), false);
}

}  // namespace
