#include "formatter/formatter.hpp"

#include "formatter/printer.hpp"

namespace mlsi {

std::string format_module(const SourceManager& sources, const ast::Module& module) {
  std::string_view text = sources.file(module.file).text;
  // A byte order mark stays: it decides whether `##` on the first line is a doc (parser.cpp doc_before).
  std::string_view bom = text.substr(0, 3) == "\xEF\xBB\xBF" ? text.substr(0, 3) : std::string_view();
  return std::string(bom) + fmt_layout::Printer(text).module(module);
}

}  // namespace mlsi
