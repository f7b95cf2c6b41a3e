#pragma once

#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

#include <tao/pegtl/demangle.hpp>

namespace mlsi {

struct ParseNode;

// The children of a parse-tree node, in source order.
class ParseChildren {
 public:
  ParseChildren() = default;
  explicit ParseChildren(std::span<const ParseNode* const> nodes) : nodes_(nodes) {}
  [[nodiscard]] std::size_t size() const noexcept { return nodes_.size(); }
  [[nodiscard]] bool empty() const noexcept { return nodes_.empty(); }
  [[nodiscard]] const ParseNode* operator[](std::size_t i) const noexcept { return nodes_[i]; }
  [[nodiscard]] const ParseNode* at(std::size_t i) const {
    if (i >= nodes_.size()) throw std::out_of_range("parse node: no such child");
    return nodes_[i];
  }
  [[nodiscard]] const ParseNode* front() const noexcept { return nodes_.front(); }
  [[nodiscard]] const ParseNode* back() const noexcept { return nodes_.back(); }
  [[nodiscard]] auto begin() const noexcept { return nodes_.begin(); }
  [[nodiscard]] auto end() const noexcept { return nodes_.end(); }

 private:
  std::span<const ParseNode* const> nodes_;
};

// A node of the parse tree (parse_tree_builder.hpp builds it): the rule it matched, where (byte
// offsets in the parsed text), and the nodes of its selected sub-rules. The tree owns its nodes.
struct ParseNode {
  std::string_view type;  // the rule's demangled name, a static string: compared by address first
  const char* data = nullptr;  // the text at `begin`
  std::uint32_t begin = 0;
  std::uint32_t end = 0;
  ParseChildren children;

  template <typename U>
  [[nodiscard]] bool is_type() const noexcept {
    const auto u = tao::pegtl::demangle<U>();
    return (type.data() == u.data() && type.size() == u.size()) || type == u;
  }

  [[nodiscard]] std::string_view string_view() const noexcept { return std::string_view(data, end - begin); }
  [[nodiscard]] std::string string() const { return std::string(string_view()); }
};

}  // namespace mlsi
