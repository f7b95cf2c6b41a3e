#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include <tao/pegtl/contrib/parse_tree.hpp>

#include "syntax/parse_node.hpp"

namespace mlsi {

// A parse tree as PEGTL's parse_tree builds it, at a fraction of the cost. parse_tree allocates a node
// for every try of every rule that may contain a selected one, and frees it again when the rule fails.
// Here the nodes being built are records in one vector, in the order their rules began (pre-order);
// each knows where its subtree ends, so that a node's children are found by skipping from one to the
// next. A rule that fails drops what it built by cutting the vector back to where it began: the size
// at its start is a local of the rule's match (ParseTreeControl), not a record on a stack of its own.
class ParseTreeState {
 public:
  // `text_size`: the bytes to parse, for the room the records take (a record per three bytes at first:
  // each growth copies them all).
  explicit ParseTreeState(std::size_t text_size);

  [[nodiscard]] std::uint32_t size() const noexcept { return size_; }
  // A selected rule begins: its record, whose index is returned. (Kept small enough to be inlined in
  // every rule's match: a try costs a store and an increment.)
  std::uint32_t open(RuleId rule, const char* data, std::uint32_t begin) {
    if (size_ == capacity_) grow();
    building_[size_] = Building{rule, data, begin, 0, 0, false};
    return size_++;
  }
  // The selected rule of record `index` matched up to `end`. Folded, a node with one child is that child.
  void close(std::uint32_t index, std::uint32_t end, bool fold) {
    Building& node = building_[index];
    node.end = end;
    node.subtree_end = size_;
    if (fold && index + 1 < size_ && building_[index + 1].subtree_end == size_) fold_into_child(index);
  }
  // The rule that began when there were `size` records failed: what it built goes.
  void cut_back(std::uint32_t size) noexcept { size_ = size; }

  // The finished tree: nodes_ of the root and its descendants, children next to each other.
  const ParseNode& finish();

 private:
  struct Building {
    RuleId rule;
    const char* data;
    std::uint32_t begin, end;
    std::uint32_t subtree_end;  // one past the last record of its descendants
    bool folded;                // stands for its only child, the next record
  };
  // A folded record stands for its child: the record the tree keeps.
  [[nodiscard]] std::uint32_t kept(std::uint32_t index) const noexcept {
    while (building_[index].folded) ++index;
    return index;
  }

  void grow();
  void fold_into_child(std::uint32_t index);

  // The records, the root first: an array of trivially copyable records, so that opening one and
  // cutting back are a store and an assignment (std::vector's push_back and resize were not inlined).
  std::unique_ptr<Building[]> building_;
  std::uint32_t size_ = 0;
  std::uint32_t capacity_ = 0;
  std::vector<ParseNode> nodes_;
  std::vector<const ParseNode*> child_pointers_;
};

// A PEGTL control that builds the tree: Selector picks the rules that become nodes (store_content
// keeps them, fold_one replaces one with its single child), Base's hooks run for the selected rules and
// the leaves, as with parse_tree. An unselected rule that may contain selected ones only cuts the tree
// back to where it began when it fails.
template <template <typename...> class Selector, template <typename...> class Base>
struct ParseTreeControl {
  template <typename Rule>
  struct type : Base<Rule> {
    static constexpr bool selected = tao::pegtl::parse_tree::internal::is_selected_node<Rule, Selector>;
    static constexpr bool leaf = tao::pegtl::parse_tree::internal::is_leaf<8, typename Rule::subs_t, Selector>;
    static constexpr bool folds = std::is_same_v<Selector<Rule>, tao::pegtl::parse_tree::fold_one>;
    // Base's hooks run for the selected rules and the leaves; an unselected rule that contains selected
    // ones needs none (its match cuts the tree back).
    static constexpr bool enable = selected || (leaf && Base<Rule>::enable);

    template <tao::pegtl::apply_mode A, tao::pegtl::rewind_mode M, template <typename...> class Action,
              template <typename...> class Control, typename Input, typename State>
    [[nodiscard]] static bool match(Input& in, State& st, ParseTreeState& tree) {
      if constexpr (selected) {
        const auto begin = static_cast<std::uint32_t>(in.current() - in.begin());
        const std::uint32_t index = tree.open(rule_id<Rule>, in.current(), begin);
        if (tao::pegtl::match<Rule, A, M, Action, Control>(in, st, tree)) {
          tree.close(index, static_cast<std::uint32_t>(in.current() - in.begin()), folds);
          return true;
        }
        tree.cut_back(index);
        return false;
      } else if constexpr (!leaf) {
        const std::uint32_t size = tree.size();
        if (tao::pegtl::match<Rule, A, M, Action, Control>(in, st, tree)) return true;
        tree.cut_back(size);
        return false;
      } else {
        return tao::pegtl::match<Rule, A, M, Action, Control>(in, st, tree);
      }
    }

    template <typename Input, typename State>
    static void start(const Input& in, State& st, ParseTreeState& /*tree*/) {
      Base<Rule>::start(in, st);
    }
    template <typename Input, typename State>
    static void success(const Input& in, State& st, ParseTreeState& /*tree*/) {
      Base<Rule>::success(in, st);
    }
    template <typename Input, typename State>
    static void failure(const Input& in, State& st, ParseTreeState& /*tree*/) {
      Base<Rule>::failure(in, st);
    }
    template <typename Input, typename State>
    [[noreturn]] static void raise(const Input& in, State& st, ParseTreeState& /*tree*/) {
      Base<Rule>::raise(in, st);
    }
  };
};

}  // namespace mlsi
