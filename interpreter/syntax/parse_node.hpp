#pragma once

#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

namespace mlsi {

// A grammar rule, as a parse-tree node names it: the address of a tag of the rule's own, so that telling
// one rule from another is comparing two pointers (a demangled name needed a string comparison when the
// two names were made in different translation units).
using RuleId = const void*;
template <typename Rule>
inline constexpr char rule_tag = 0;
template <typename Rule>
inline constexpr RuleId rule_id = &rule_tag<Rule>;

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
  RuleId rule = nullptr;
  const char* data = nullptr;  // the text at `begin`
  std::uint32_t begin = 0;
  std::uint32_t end = 0;
  ParseChildren children;

  template <typename U>
  [[nodiscard]] bool is_type() const noexcept {
    return rule == rule_id<U>;
  }

  [[nodiscard]] std::string_view string_view() const noexcept { return std::string_view(data, end - begin); }
  [[nodiscard]] std::string string() const { return std::string(string_view()); }
};

}  // namespace mlsi
