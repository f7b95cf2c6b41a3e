#pragma once

#include <cstdint>
#include <vector>

#include <tao/pegtl/contrib/parse_tree.hpp>

#include "syntax/parse_node.hpp"

namespace mlsi {

// A parse tree as PEGTL's parse_tree builds it, at a fraction of the cost. parse_tree allocates a node
// for every try of every rule that may contain a selected one, and frees it again when the rule fails:
// most of the time of a parse went to that. Here the nodes being built are records in one vector, in
// the order their rules began, linked to their parents' lists of children. A rule that fails drops what
// it built by cutting the vector back to where it began, and restores its parent's list.
class ParseTreeState {
 public:
  ParseTreeState();

  void open(std::string_view type, const char* data, std::uint32_t begin);
  // The innermost open node matched up to `end`; it joins its parent's children (or, folded, its only
  // child does).
  void close(std::uint32_t end, bool fold);
  void drop_open();  // the innermost open node's rule failed

  void mark();
  void keep_mark() { marks_.pop_back(); }
  void restore_mark();  // the rule that marked failed

  // The finished tree: nodes_ of the root and its descendants, children next to each other.
  const ParseNode& finish();

 private:
  static constexpr std::int32_t kNone = -1;
  struct Building {
    std::string_view type;
    const char* data;
    std::uint32_t begin, end = 0;
    std::int32_t first_child = kNone, last_child = kNone, next_sibling = kNone;
    std::uint32_t child_count = 0;
  };
  struct Mark {
    std::uint32_t size;
    std::int32_t last_child;
    std::uint32_t child_count;
  };
  void append_child(std::int32_t child);

  std::vector<Building> building_;
  std::vector<std::int32_t> open_;  // indices of the nodes whose rules are being matched; the root first
  std::vector<Mark> marks_;
  std::vector<ParseNode> nodes_;
  std::vector<const ParseNode*> child_pointers_;
};

// A PEGTL control that builds the tree: Selector picks the rules that become nodes (store_content
// keeps them, fold_one replaces one with its single child), Base's hooks run for the selected rules and
// the leaves, as with parse_tree. An unselected rule that may contain selected ones only marks where it
// began.
template <template <typename...> class Selector, template <typename...> class Base>
struct ParseTreeControl {
  template <typename Rule>
  struct type : Base<Rule> {
    static constexpr bool selected = tao::pegtl::parse_tree::internal::is_selected_node<Rule, Selector>;
    static constexpr bool leaf = tao::pegtl::parse_tree::internal::is_leaf<8, typename Rule::subs_t, Selector>;
    static constexpr bool folds = std::is_same_v<Selector<Rule>, tao::pegtl::parse_tree::fold_one>;
    static constexpr bool enable = selected || !leaf || Base<Rule>::enable;

    template <typename Input>
    static std::uint32_t offset(const Input& in) {
      return static_cast<std::uint32_t>(in.current() - in.begin());
    }

    template <typename Input, typename State>
    static void start(const Input& in, State& st, ParseTreeState& tree) {
      if constexpr (selected) {
        Base<Rule>::start(in, st);
        tree.open(tao::pegtl::demangle<Rule>(), in.current(), offset(in));
      } else if constexpr (!leaf) {
        tree.mark();
      } else {
        Base<Rule>::start(in, st);
      }
    }

    template <typename Input, typename State>
    static void success(const Input& in, State& st, ParseTreeState& tree) {
      if constexpr (selected) {
        tree.close(offset(in), folds);
        Base<Rule>::success(in, st);
      } else if constexpr (!leaf) {
        tree.keep_mark();
      } else {
        Base<Rule>::success(in, st);
      }
    }

    template <typename Input, typename State>
    static void failure(const Input& in, State& st, ParseTreeState& tree) {
      if constexpr (selected) {
        tree.drop_open();
        Base<Rule>::failure(in, st);
      } else if constexpr (!leaf) {
        tree.restore_mark();
      } else {
        Base<Rule>::failure(in, st);
      }
    }

    template <typename Input, typename State>
    [[noreturn]] static void raise(const Input& in, State& st, ParseTreeState& /*tree*/) {
      Base<Rule>::raise(in, st);
    }
  };
};

}  // namespace mlsi
