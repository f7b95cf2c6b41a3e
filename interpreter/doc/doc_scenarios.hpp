#pragma once
// The reference of scenarios, from their `##` docs and declarations: contract, inputs, outputs, checks and
// configurations, and the functions, units and constants their files declare.
#include <map>
#include <set>
#include <string>
#include <vector>

#include "doc/doc_page.hpp"
#include "model/program.hpp"

namespace mlsi::doc {

struct ScenarioSection {
  std::string name;
  std::string contract;
  std::string file;                // as the user would name it (built-in files without `<builtin>/`)
  std::map<std::string, std::string> anchors;  // input and output names -> the anchors of their rows
  std::vector<Block> blocks;       // headed at level 2; a page of one scenario lifts them a level
};

// Top-level functions, units and constants, as table rows gathered over the documented files.
struct Definitions {
  std::vector<std::vector<Inline>> functions, units, constants;
};

// The section of each scenario of a checked program (indices into p.scenarios).
std::vector<ScenarioSection> scenario_sections(const Program& p, const std::vector<int>& scenarios);
// Adds what `files` themselves declare at top level (not the prelude, not imported files).
void add_definitions(const Program& p, const std::set<FileId>& files, Definitions& into);

// One page: for several scenarios a title, a contracts index (one line per scenario, alphabetical) and a
// section per scenario; for one scenario, its section as the page. `intro` is a paragraph under the title.
Page scenario_page(const std::string& title, const std::string& intro, std::vector<ScenarioSection> sections, const Definitions& defs);

// One part of a page of several packs: its title ("Training Scenarios") and its scenarios.
struct ScenarioPart {
  std::string title;
  std::vector<ScenarioSection> sections;
};
// A page of several packs (`mlsi doc`): the title and intro, an index of the parts, then each part as a
// page of its own (its title at level 1, its contracts index and its scenarios), one after the other.
Page scenario_parts_page(const std::string& title, const std::string& intro, std::vector<ScenarioPart> parts);

}  // namespace mlsi::doc
