#include "doc/doc_page.hpp"

#include <algorithm>
#include <cctype>

#include "report/markdown_text.hpp"

namespace mlsi::doc {

Inline text(std::string s) { return {Piece{Piece::Kind::text, std::move(s), {}}}; }
Inline code(std::string s) { return {Piece{Piece::Kind::code, std::move(s), {}}}; }
Inline link(std::string s, std::string target) { return {Piece{Piece::Kind::link, std::move(s), std::move(target)}}; }

Inline join(Inline a, const Inline& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

Inline prose(const std::string& s, const std::map<std::string, std::string>& links) {
  Inline out;
  std::size_t pos = 0;
  while (pos < s.size()) {
    std::size_t open = s.find('`', pos);
    std::size_t close = open == std::string::npos ? std::string::npos : s.find('`', open + 1);
    if (close == std::string::npos) {  // no code span left; a lone backtick stays text
      out.push_back({Piece::Kind::text, s.substr(pos), {}});
      break;
    }
    if (open > pos) out.push_back({Piece::Kind::text, s.substr(pos, open - pos), {}});
    std::string inside = s.substr(open + 1, close - open - 1);
    auto it = links.find(inside);
    if (it != links.end()) out.push_back({Piece::Kind::code_link, inside, it->second});
    else out.push_back({Piece::Kind::code, inside, {}});
    pos = close + 1;
  }
  return out;
}

void Page::heading(int level, Inline content, std::string anchor) {
  Block b;
  b.kind = Block::Kind::heading;
  b.level = level;
  b.content = std::move(content);
  b.anchor = std::move(anchor);
  blocks.push_back(std::move(b));
}
void Page::paragraph(Inline content) {
  Block b;
  b.kind = Block::Kind::paragraph;
  b.content = std::move(content);
  blocks.push_back(std::move(b));
}
void Page::table(std::vector<Inline> header, std::vector<std::vector<Inline>> rows) {
  Block b;
  b.kind = Block::Kind::table;
  b.header = std::move(header);
  b.rows = std::move(rows);
  blocks.push_back(std::move(b));
}
void Page::list(std::vector<Inline> items) {
  Block b;
  b.kind = Block::Kind::list;
  for (auto& item : items) b.rows.push_back({std::move(item)});
  blocks.push_back(std::move(b));
}
void Page::code_block(std::string source) {
  Block b;
  b.kind = Block::Kind::code;
  b.source = std::move(source);
  blocks.push_back(std::move(b));
}

std::string slug(const std::string& s) {
  std::string out;
  for (char c : s) {
    auto u = static_cast<unsigned char>(c);
    if (std::isalnum(u) || c == '_' || c == '-') out += static_cast<char>(std::tolower(u));
    else if (c == ' ') out += '-';
  }
  return out;
}

namespace {

// Markdown ------------------------------------------------------------------------------------------------

bool word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; }

// Plain text that Markdown must not read as markup. `_` between letters never emphasizes, so `n_0` stays
// readable. Brackets need escaping only inside a link's text: a page defines no link references, so
// `List[Count]` elsewhere cannot become a link.
std::string md_text(const std::string& s, bool in_table, bool in_link = false) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    bool escape = false;
    switch (c) {
      case '\\': case '*': case '<': case '>': case '`': escape = true; break;
      case '[': case ']': escape = in_link; break;
      case '|': escape = in_table; break;
      case '_': escape = i == 0 || i + 1 == s.size() || !word_char(s[i - 1]) || !word_char(s[i + 1]); break;
      case '&': escape = i + 1 < s.size() && (word_char(s[i + 1]) || s[i + 1] == '#'); break;
      default: break;
    }
    if (c == '\n') c = ' ';
    if (escape) out += '\\';
    out += c;
  }
  return out;
}

std::string md_code(const std::string& s, bool in_table) {
  std::string body;
  for (char c : s) {
    if (c == '|' && in_table) body += '\\';
    body += c == '\n' ? ' ' : c;
  }
  // A code span holding a backtick needs a longer fence and padding.
  std::size_t run = 0, longest = 0;
  for (char c : body) {
    run = c == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  std::string fence(longest + 1, '`');
  bool pad = longest > 0 || (!body.empty() && (body.front() == ' ' && body.back() == ' '));
  return pad ? fence + " " + body + " " + fence : fence + body + fence;
}

std::string md_inline(const Inline& content, bool in_table) {
  std::string out;
  for (const auto& p : content) {
    switch (p.kind) {
      case Piece::Kind::text: out += md_text(p.text, in_table); break;
      case Piece::Kind::code: out += md_code(p.text, in_table); break;
      case Piece::Kind::link: out += "[" + md_text(p.text, in_table, true) + "](#" + p.target + ")"; break;
      case Piece::Kind::code_link: out += "[" + md_code(p.text, in_table) + "](#" + p.target + ")"; break;
      case Piece::Kind::anchor: out += "<a id=\"" + html_escape(p.target) + "\"></a>"; break;
    }
  }
  return out;
}

// A paragraph that starts like a heading, list item or quote is escaped at its first character.
std::string md_paragraph(const std::string& s) {
  if (s.empty()) return s;
  char c = s[0];
  bool block_start = c == '#' || c == '-' || c == '+' || c == '=' || c == '~';
  if (!block_start && std::isdigit(static_cast<unsigned char>(c))) {
    std::size_t i = s.find_first_not_of("0123456789");
    block_start = i != std::string::npos && (s[i] == '.' || s[i] == ')');
    if (block_start) return s.substr(0, i) + "\\" + s.substr(i);
  }
  return block_start ? "\\" + s : s;
}

std::string md_row(const std::vector<Inline>& cells) {
  std::string line = "|";
  for (const auto& c : cells) line += " " + md_inline(c, true) + " |";
  return line + "\n";
}

std::string md_block(const Block& b) {
  switch (b.kind) {
    case Block::Kind::heading: return std::string(static_cast<std::size_t>(b.level), '#') + " " + md_inline(b.content, false) + "\n";
    case Block::Kind::paragraph: return md_paragraph(md_inline(b.content, false)) + "\n";
    case Block::Kind::list: {
      std::string out;
      for (const auto& item : b.rows) out += "- " + md_inline(item.at(0), false) + "\n";
      return out;
    }
    case Block::Kind::table: {
      std::string out = md_row(b.header) + "|";
      for (std::size_t i = 0; i < b.header.size(); ++i) out += "---|";
      out += "\n";
      for (const auto& r : b.rows) out += md_row(r);
      return out;
    }
    case Block::Kind::code: {
      std::size_t run = 0, longest = 0;
      for (char c : b.source) {
        run = c == '`' ? run + 1 : 0;
        longest = std::max(longest, run);
      }
      std::string fence(std::max<std::size_t>(3, longest + 1), '`');
      std::string body = b.source;
      if (!body.empty() && body.back() != '\n') body += '\n';
      return fence + "\n" + body + fence + "\n";
    }
  }
  return "";
}

// HTML ----------------------------------------------------------------------------------------------------

std::string html_inline(const Inline& content) {
  std::string out;
  for (const auto& p : content) {
    switch (p.kind) {
      case Piece::Kind::text: out += html_escape(p.text); break;
      case Piece::Kind::code: out += "<code>" + html_escape(p.text) + "</code>"; break;
      case Piece::Kind::link: out += "<a href=\"#" + html_escape(p.target) + "\">" + html_escape(p.text) + "</a>"; break;
      case Piece::Kind::code_link:
        out += "<a href=\"#" + html_escape(p.target) + "\"><code>" + html_escape(p.text) + "</code></a>";
        break;
      case Piece::Kind::anchor: out += "<a id=\"" + html_escape(p.target) + "\"></a>"; break;
    }
  }
  return out;
}

std::string html_block(const Block& b) {
  switch (b.kind) {
    case Block::Kind::heading: {
      std::string tag = "h" + std::to_string(std::clamp(b.level, 1, 6));
      std::string id = b.anchor.empty() ? "" : " id=\"" + html_escape(b.anchor) + "\"";
      return "<" + tag + id + ">" + html_inline(b.content) + "</" + tag + ">\n";
    }
    case Block::Kind::paragraph: return "<p>" + html_inline(b.content) + "</p>\n";
    case Block::Kind::list: {
      std::string out = "<ul>\n";
      for (const auto& item : b.rows) out += "<li>" + html_inline(item.at(0)) + "</li>\n";
      return out + "</ul>\n";
    }
    case Block::Kind::table: {
      std::string out = "<table>\n<thead><tr>";
      for (const auto& h : b.header) out += "<th>" + html_inline(h) + "</th>";
      out += "</tr></thead>\n<tbody>\n";
      for (const auto& r : b.rows) {
        out += "<tr>";
        for (const auto& c : r) out += "<td>" + html_inline(c) + "</td>";
        out += "</tr>\n";
      }
      return out + "</tbody>\n</table>\n";
    }
    case Block::Kind::code: {
      std::string body = b.source;
      while (!body.empty() && body.back() == '\n') body.pop_back();
      return "<pre><code>" + html_escape(body) + "</code></pre>\n";
    }
  }
  return "";
}

// A page fits the window it is read in (1200 pixels, checked in headless Chromium): a table cell but the
// first (the name or key, kept whole) may break a long word anywhere, which lets a table of many columns
// be narrower than its longest words, so it never needs a horizontal scroll bar.
const char* kStyle = R"(body { font-family: system-ui, sans-serif; line-height: 1.5; margin: 2em auto; max-width: 72em; padding: 0 1em; color: #1f2328; overflow-wrap: break-word; }
h1, h2, h3, h4 { line-height: 1.25; }
h2 { border-bottom: 1px solid #d0d7de; padding-bottom: 0.3em; margin-top: 2em; }
code, pre { font-family: ui-monospace, monospace; font-size: 0.9em; }
code { background: #f2f4f6; padding: 0.1em 0.3em; border-radius: 3px; }
pre { background: #f6f8fa; padding: 0.8em; overflow-x: auto; }
pre code { background: none; padding: 0; }
table { border-collapse: collapse; margin: 1em 0; }
th, td { border: 1px solid #d0d7de; padding: 0.3em 0.5em; text-align: left; vertical-align: top; }
th { background: #f6f8fa; }
td:not(:first-child) { overflow-wrap: anywhere; }
a { color: #0969da; text-decoration: none; }
a:hover { text-decoration: underline; }
)";

}  // namespace

std::string html_escape(const std::string& s) { return html_text(s); }

std::string to_markdown(const Page& page) {
  std::string out;
  for (const auto& b : page.blocks) out += (out.empty() ? "" : "\n") + md_block(b);
  return out;
}

std::string to_html(const Page& page) {
  std::string out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>" + html_escape(page.title) +
                    "</title>\n<style>\n" + kStyle + "</style>\n</head>\n<body>\n";
  for (const auto& b : page.blocks) out += html_block(b);
  return out + "</body>\n</html>\n";
}

}  // namespace mlsi::doc
