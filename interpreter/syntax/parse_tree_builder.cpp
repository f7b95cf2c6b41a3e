#include "syntax/parse_tree_builder.hpp"

#include <algorithm>
#include <stdexcept>

#include "base/work_counters.hpp"

namespace mlsi {

ParseTreeState::ParseTreeState(std::size_t text_size) {
  // Room for the records of most texts without growing step by step (each growth copies them all).
  capacity_ = static_cast<std::uint32_t>(std::min<std::size_t>(64 + text_size / 3, UINT32_MAX / 2));
  building_.reset(new Building[capacity_]);  // (not make_unique_for_overwrite: Emscripten's libc++ lacks it)
  open(nullptr, nullptr, 0);
}

void ParseTreeState::grow() {
  if (capacity_ >= UINT32_MAX / 2) throw std::length_error("parse tree: too many nodes");
  std::unique_ptr<Building[]> larger(new Building[std::size_t{capacity_} * 2]);
  std::copy(building_.get(), building_.get() + size_, larger.get());
  building_ = std::move(larger);
  capacity_ *= 2;
}

void ParseTreeState::fold_into_child(std::uint32_t index) {
  Building& node = building_[index];
  if (index + 2 == size_) {
    // The only child is a leaf (as every number of a list literal is): it takes the node's record and
    // gives its own back, so that each level of the expression grammar that folds keeps no dead record.
    node = building_[index + 1];
    node.subtree_end = index + 1;
    --size_;
  } else {
    node.folded = true;
  }
}

const ParseNode& ParseTreeState::finish() {
  // The root is record 0, whose subtree is everything.
  building_[0].subtree_end = size_;
  // Breadth first from the root, so that the children of each node are next to each other.
  std::vector<std::uint32_t> order{0};
  std::vector<std::uint32_t> child_count;
  for (std::size_t k = 0; k < order.size(); ++k) {
    const std::uint32_t at = order[k];
    std::uint32_t count = 0;
    for (std::uint32_t c = at + 1; c < building_[at].subtree_end; c = building_[c].subtree_end, ++count)
      order.push_back(kept(c));
    child_count.push_back(count);
  }
  nodes_.assign(order.size(), ParseNode{});
  work_counters().parse_nodes_kept += nodes_.size();
  child_pointers_.assign(order.size() - 1, nullptr);
  std::size_t next = 1;  // where the children of the node at position k begin in `order`
  for (std::size_t k = 0; k < order.size(); ++k) {
    const Building& b = building_[order[k]];
    ParseNode& n = nodes_[k];
    n.rule = b.rule;
    n.data = b.data;
    n.begin = b.begin;
    n.end = b.end;
    const std::uint32_t count = child_count[k];
    if (count == 0) continue;  // (with no children at all, child_pointers_ has no storage)
    for (std::uint32_t i = 0; i < count; ++i) child_pointers_[next - 1 + i] = &nodes_[next + i];
    n.children = ParseChildren(std::span<const ParseNode* const>(&child_pointers_[next - 1], count));
    next += count;
  }
  // The records are copied into nodes_: give their memory back before the tree is converted.
  building_.reset();
  size_ = capacity_ = 0;
  return nodes_.front();
}

}  // namespace mlsi
