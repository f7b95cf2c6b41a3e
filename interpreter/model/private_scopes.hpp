#pragma once
// Declarations private to a built-in pack file (language.md §13.1): the dimensions and units a pack file
// declares (ServingFleet's `dimension Tokens` and `unit tok: Tokens`) are seen only by that file, by the pack
// files that import it, by the texts that call its scenarios, and by the values given to a run of them
// (--set, --inputs, --vary, --where). A user's file, the REPL and the prelude do not see them, and may
// declare the same names for themselves.
#include <map>
#include <vector>

#include "source/source.hpp"

namespace mlsi {

// What the text of one file sees: the files whose private declarations it may name, and the file whose
// own (public) declarations come first (its home: the file itself, or the scenario's file for a value
// given to a run).
struct NameScope {
  FileId home = kNoFile;
  std::vector<FileId> owners;
  bool sees(FileId owner) const;
};

class PrivateScopes {
 public:
  // Declarations of `owner` are private to it.
  void make_private(FileId owner);
  bool is_private(FileId owner) const;
  // `from` sees what `owner` declares privately, and what `owner` sees.
  void see(FileId from, FileId owner);
  // `text` (an option's value) is read as if written in `home`.
  void read_as_in(FileId text, FileId home);
  NameScope scope_of(FileId file) const;

 private:
  std::vector<FileId> private_;
  std::map<FileId, std::vector<FileId>> seen_;  // file -> the private owners it sees, itself included
  std::map<FileId, FileId> home_;
};

}  // namespace mlsi
