#pragma once
// A reference page as `mlsi doc` builds it: headings, paragraphs, tables, lists and code blocks whose text
// is a run of plain, code and link pieces. One page renders to Markdown or to one self-contained HTML file,
// so the two formats always say the same thing.
#include <map>
#include <string>
#include <vector>

namespace mlsi::doc {

struct Piece {
  enum class Kind { text, code, link, code_link, anchor };
  Kind kind = Kind::text;
  std::string text;
  std::string target;  // link, code_link: the anchor linked to; anchor: the id it defines
};
using Inline = std::vector<Piece>;

Inline text(std::string s);
Inline code(std::string s);
Inline link(std::string s, std::string target);
Inline join(Inline a, const Inline& b);
// Documentation prose: `backticked` spans become code, and those naming a key of `links` link to its anchor.
Inline prose(const std::string& s, const std::map<std::string, std::string>& links = {});

struct Block {
  enum class Kind { heading, paragraph, table, list, code };
  Kind kind = Kind::paragraph;
  int level = 0;                           // heading: 1 for the title
  std::string anchor;                      // heading: its id (Markdown readers derive the same from the text)
  Inline content;                          // heading, paragraph
  std::vector<Inline> header;              // table
  std::vector<std::vector<Inline>> rows;   // table; list: one cell per item
  std::string source;                      // code: the lines of a code block
};

struct Page {
  std::string title;
  std::vector<Block> blocks;

  void heading(int level, Inline content, std::string anchor = "");
  void paragraph(Inline content);
  void table(std::vector<Inline> header, std::vector<std::vector<Inline>> rows);
  void list(std::vector<Inline> items);
  void code_block(std::string source);
};

// The anchor of a heading as GitHub derives it from the heading text, for names such as `DenseLayer`.
std::string slug(const std::string& s);

std::string to_markdown(const Page& page);
std::string to_html(const Page& page);
std::string html_escape(const std::string& s);

}  // namespace mlsi::doc
