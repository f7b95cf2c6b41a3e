// Reading the `$ ` transcripts of a Markdown page and the files it gives, for doc_transcript_test.cpp,
// whose first comment states the rule.
#pragma once

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "tests/unit/test_support.hpp"

namespace mlsi_test {

struct Block {
  int line = 0;                     // of the opening fence, from 1
  std::string tag;                  // after the ``` of the fence
  std::vector<std::string> body;    // the lines inside the fences
  std::string paragraph_before;     // the paragraph right above, its lines joined by spaces
  std::string line_after;           // the first non-blank line after the closing fence
};

inline std::vector<Block> blocks_of(const std::vector<std::string>& lines) {
  std::vector<Block> out;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (lines[i].rfind("```", 0) != 0) continue;
    Block b;
    b.line = static_cast<int>(i) + 1;
    b.tag = lines[i].substr(3);
    std::size_t end = i + 1;
    while (end < lines.size() && lines[end].rfind("```", 0) != 0) b.body.push_back(lines[end++]);
    std::size_t k = i;
    while (k > 0 && lines[k - 1].empty()) --k;
    std::vector<std::string> paragraph;
    while (k > 0 && !lines[k - 1].empty() && lines[k - 1].rfind("```", 0) != 0) paragraph.insert(paragraph.begin(), lines[--k]);
    for (const auto& l : paragraph) b.paragraph_before += (b.paragraph_before.empty() ? "" : " ") + l;
    std::size_t a = end + 1;
    while (a < lines.size() && lines[a].empty()) ++a;
    if (a < lines.size()) b.line_after = lines[a];
    out.push_back(std::move(b));
    i = end;
  }
  return out;
}

inline bool is_transcript(const Block& b) { return b.tag.empty() && !b.body.empty() && b.body[0].rfind("$ ", 0) == 0; }

// The files a page gives: name -> text; a name given twice with different texts is an error of the page.
struct PageFiles {
  std::map<std::string, std::string> files;
  std::map<std::string, std::string> also_in;  // name -> the repository folder the paragraph says holds it too
  std::vector<std::string> conflicts;
};

inline PageFiles files_of(const std::vector<Block>& blocks) {
  PageFiles out;
  static const std::regex name(R"(`([A-Za-z0-9_./-]+\.(mls|toml))`)");
  static const std::regex also_in(R"(also in `([A-Za-z0-9_./-]+)/`)");
  for (const Block& b : blocks) {
    if (is_transcript(b) || !b.tag.empty() || b.paragraph_before.empty() || b.paragraph_before.back() != ':') continue;
    std::string last;
    for (std::sregex_iterator m(b.paragraph_before.begin(), b.paragraph_before.end(), name), e; m != e; ++m) last = (*m)[1];
    if (last.empty()) continue;
    std::string text;
    for (const auto& l : b.body) text += l + "\n";
    std::smatch folder;
    if (std::regex_search(b.paragraph_before, folder, also_in)) out.also_in[last] = folder[1];
    auto [it, added] = out.files.emplace(last, text);
    if (!added && it->second != text) out.conflicts.push_back(last + " (again at line " + std::to_string(b.line) + ")");
  }
  return out;
}

// Shell words: '...' literally, "..." with \" and \\, a backslash outside quotes escapes the next character.
inline std::vector<std::string> shell_words(const std::string& command) {
  std::vector<std::string> words;
  std::string word;
  bool any = false;
  for (std::size_t i = 0; i < command.size(); ++i) {
    char c = command[i];
    if (c == ' ' || c == '\t') {
      if (any) words.push_back(word);
      word.clear();
      any = false;
    } else if (c == '\'') {
      any = true;
      while (++i < command.size() && command[i] != '\'') word += command[i];
    } else if (c == '"') {
      any = true;
      while (++i < command.size() && command[i] != '"') {
        if (command[i] == '\\' && i + 1 < command.size() && (command[i + 1] == '"' || command[i + 1] == '\\')) ++i;
        word += command[i];
      }
    } else if (c == '\\' && i + 1 < command.size()) {
      any = true;
      word += command[++i];
    } else {
      any = true;
      word += c;
    }
  }
  if (any) words.push_back(word);
  return words;
}

struct Command {
  int line = 0;  // of the `$ ` line in the page
  std::string text;
  std::vector<std::string> expected;  // the lines the page shows after it
};

struct Transcript {
  std::string page;  // its path in the repository
  int line = 0;      // of its first command
  std::vector<Command> commands;
  std::optional<int> status;  // of the last command, from "(exit status N"
};

// The transcripts of `page` (its path, for names and messages), whose text is `text`.
inline std::vector<Transcript> transcripts_of(const std::string& page, const std::string& text) {
  std::vector<Transcript> out;
  for (const Block& b : blocks_of(lines_of(text))) {
    if (!is_transcript(b)) continue;
    Transcript t;
    t.page = page;
    t.line = b.line + 1;
    for (std::size_t i = 0; i < b.body.size(); ++i) {
      const std::string& l = b.body[i];
      if (l.rfind("$ ", 0) == 0)
        t.commands.push_back({b.line + 1 + static_cast<int>(i), l.substr(2), {}});
      else
        t.commands.back().expected.push_back(l);
    }
    static const std::regex status(R"(^\(exit status (\d+))");
    std::smatch m;
    if (std::regex_search(b.line_after, m, status)) t.status = std::stoi(m[1]);
    out.push_back(std::move(t));
  }
  return out;
}


inline bool is_ellipsis(const std::string& line) {
  auto start = line.find_first_not_of(' ');
  return start != std::string::npos && line.compare(start, std::string::npos, "...") == 0;
}

// Whether `actual` is `expected`, where a line `...` of `expected` stands for any lines.
inline bool matches(const std::vector<std::string>& expected, const std::vector<std::string>& actual) {
  std::vector<std::vector<std::string>> pieces(1);
  for (const auto& l : expected) {
    if (is_ellipsis(l))
      pieces.emplace_back();
    else
      pieces.back().push_back(l);
  }
  auto at = [&](std::size_t pos, const std::vector<std::string>& piece) {
    return pos + piece.size() <= actual.size() && std::equal(piece.begin(), piece.end(), actual.begin() + static_cast<long>(pos));
  };
  if (pieces.size() == 1) return actual == pieces[0];
  const auto& first = pieces.front();
  const auto& last = pieces.back();
  if (!at(0, first) || first.size() + last.size() > actual.size() || !at(actual.size() - last.size(), last)) return false;
  std::size_t pos = first.size();
  const std::size_t end = actual.size() - last.size();
  for (std::size_t k = 1; k + 1 < pieces.size(); ++k) {  // each middle piece at its earliest place
    while (pos + pieces[k].size() <= end && !at(pos, pieces[k])) ++pos;
    if (pos + pieces[k].size() > end) return false;
    pos += pieces[k].size();
  }
  return true;
}

inline std::string joined(const std::vector<std::string>& lines) {
  std::string s;
  for (const auto& l : lines) s += l + "\n";
  return s;
}

}  // namespace mlsi_test
