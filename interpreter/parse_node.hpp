#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <tao/pegtl/demangle.hpp>
#include <tao/pegtl/internal/iterator.hpp>

#include "interpreter/parse_arena.hpp"

namespace mlsi {

// A node of the parse tree (parse_tree_builder.hpp builds it): the rule it matched, where, and the
// nodes of its selected sub-rules. Nodes and their child lists live in the current ParseArena.
struct ParseNode {
  using Children = std::vector<std::unique_ptr<ParseNode>, ParseArenaAllocator<std::unique_ptr<ParseNode>>>;

  Children children;
  std::string_view type;  // the rule's demangled name, a static string: compared by address first
  tao::pegtl::internal::iterator m_begin;
  tao::pegtl::internal::iterator m_end;  // no data once the content is removed (a folded rule)

  ParseNode() = default;
  ParseNode(const ParseNode&) = delete;
  ParseNode& operator=(const ParseNode&) = delete;

  static void* operator new(std::size_t bytes) { return ParseArena::allocate(bytes); }
  static void operator delete(void* p, std::size_t bytes) noexcept { ParseArena::deallocate(p, bytes); }

  template <typename U>
  [[nodiscard]] bool is_type() const noexcept {
    const auto u = tao::pegtl::demangle<U>();
    return (type.data() == u.data() && type.size() == u.size()) || type == u;
  }

  [[nodiscard]] bool has_content() const noexcept { return m_end.data != nullptr; }
  [[nodiscard]] std::string_view string_view() const noexcept {
    return std::string_view(m_begin.data, static_cast<std::size_t>(m_end.data - m_begin.data));
  }
  [[nodiscard]] std::string string() const { return std::string(string_view()); }
  void remove_content() noexcept { m_end = tao::pegtl::internal::iterator(); }
};

}  // namespace mlsi
