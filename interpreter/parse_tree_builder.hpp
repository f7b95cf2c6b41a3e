#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include <tao/pegtl/contrib/parse_tree.hpp>

#include "interpreter/parse_node.hpp"

namespace mlsi {

// The parse tree under construction: the selected rules being matched (the root first) and, for each
// unselected rule being matched that may hold selected ones, how many children its parent had when it
// began.
struct ParseTreeState {
  std::vector<std::unique_ptr<ParseNode>> open;
  std::vector<std::uint32_t> marks;

  ParseTreeState() { open.push_back(std::make_unique<ParseNode>()); }
  std::unique_ptr<ParseNode> root() { return std::move(open.front()); }
};

// A PEGTL control that builds the same tree as pegtl::parse_tree (Selector picks the rules that become
// nodes: store_content keeps them, fold_one replaces one with a single child) while calling Base's hooks
// for the selected rules and the leaves, as parse_tree does. parse_tree gives every unselected rule that
// may contain a selected one a node of its own, to drop the children it gathered if it fails: an
// allocation for each try of each such rule, most of the time of a parse. Here such a rule only notes
// how many children its parent had, and a failure cuts the list back to that.
template <template <typename...> class Selector, template <typename...> class Base>
struct ParseTreeControl {
  template <typename Rule>
  struct type : Base<Rule> {
    static constexpr bool selected = tao::pegtl::parse_tree::internal::is_selected_node<Rule, Selector>;
    static constexpr bool leaf = tao::pegtl::parse_tree::internal::is_leaf<8, typename Rule::subs_t, Selector>;
    static constexpr bool folds = std::is_same_v<Selector<Rule>, tao::pegtl::parse_tree::fold_one>;
    static constexpr bool enable = selected || !leaf || Base<Rule>::enable;

    template <typename Input, typename State>
    static void start(const Input& in, State& st, ParseTreeState& tree) {
      if constexpr (selected) {
        Base<Rule>::start(in, st);
        auto node = std::make_unique<ParseNode>();
        node->type = tao::pegtl::demangle<Rule>();
        node->m_begin = tao::pegtl::internal::iterator(in.iterator());
        tree.open.push_back(std::move(node));
      } else if constexpr (!leaf) {
        tree.marks.push_back(static_cast<std::uint32_t>(tree.open.back()->children.size()));
      } else {
        Base<Rule>::start(in, st);
      }
    }

    template <typename Input, typename State>
    static void success(const Input& in, State& st, ParseTreeState& tree) {
      if constexpr (selected) {
        auto node = std::move(tree.open.back());
        tree.open.pop_back();
        node->m_end = tao::pegtl::internal::iterator(in.iterator());
        if constexpr (folds) {
          if (node->children.size() == 1) node = std::move(node->children.front());
          else node->remove_content();
        }
        tree.open.back()->children.push_back(std::move(node));
        Base<Rule>::success(in, st);
      } else if constexpr (!leaf) {
        tree.marks.pop_back();
      } else {
        Base<Rule>::success(in, st);
      }
    }

    template <typename Input, typename State>
    static void failure(const Input& in, State& st, ParseTreeState& tree) {
      if constexpr (selected) {
        tree.open.pop_back();
        Base<Rule>::failure(in, st);
      } else if constexpr (!leaf) {
        auto& children = tree.open.back()->children;
        children.erase(children.begin() + tree.marks.back(), children.end());
        tree.marks.pop_back();
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
