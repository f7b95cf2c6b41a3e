#pragma once
// The reference of the catalogue: every record kind's schema and a table of its entries.
#include <string>

#include "doc/doc_page.hpp"
#include "model/program.hpp"

namespace mlsi::doc {

// `intro` is a paragraph under the title.
Page catalogue_page(const Program& p, const std::string& intro);

}  // namespace mlsi::doc
