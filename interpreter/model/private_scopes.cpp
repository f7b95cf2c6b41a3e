#include "model/private_scopes.hpp"

#include <algorithm>

namespace mlsi {

bool NameScope::sees(FileId owner) const { return std::find(owners.begin(), owners.end(), owner) != owners.end(); }

void PrivateScopes::make_private(FileId owner) {
  if (!is_private(owner)) private_.push_back(owner);
  see(owner, owner);
}

bool PrivateScopes::is_private(FileId owner) const { return std::find(private_.begin(), private_.end(), owner) != private_.end(); }

void PrivateScopes::see(FileId from, FileId owner) {
  auto& into = seen_[from];
  auto add = [&](FileId f) {
    if (std::find(into.begin(), into.end(), f) == into.end()) into.push_back(f);
  };
  add(owner);
  if (owner != from)
    if (auto it = seen_.find(owner); it != seen_.end())
      for (FileId f : std::vector<FileId>(it->second)) add(f);
}

void PrivateScopes::read_as_in(FileId text, FileId home) { home_[text] = home; }

NameScope PrivateScopes::scope_of(FileId file) const {
  NameScope s;
  s.home = file;
  if (auto it = home_.find(file); it != home_.end()) s.home = it->second;
  if (auto it = seen_.find(s.home); it != seen_.end()) s.owners = it->second;
  return s;
}

}  // namespace mlsi
