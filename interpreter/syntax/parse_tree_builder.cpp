#include "syntax/parse_tree_builder.hpp"

#include "base/work_counters.hpp"

namespace mlsi {

ParseTreeState::ParseTreeState() {
  // Room for a short text (a catalogue string, a type, a `--set` value) without growing step by step.
  building_.reserve(64);
  open_.reserve(32);
  marks_.reserve(64);
  building_.push_back(Building{{}, nullptr, 0});
  open_.push_back(0);
}

void ParseTreeState::open(std::string_view type, const char* data, std::uint32_t begin) {
  open_.push_back(static_cast<std::int32_t>(building_.size()));
  building_.push_back(Building{type, data, begin});
}

void ParseTreeState::append_child(std::int32_t child) {
  Building& parent = building_[static_cast<std::size_t>(open_.back())];
  if (parent.last_child == kNone) parent.first_child = child;
  else building_[static_cast<std::size_t>(parent.last_child)].next_sibling = child;
  parent.last_child = child;
  ++parent.child_count;
}

void ParseTreeState::close(std::uint32_t end, bool fold) {
  std::int32_t index = open_.back();
  open_.pop_back();
  Building& node = building_[static_cast<std::size_t>(index)];
  node.end = end;
  if (fold && node.child_count == 1) {
    // The child takes the node's place. It is moved into the node's record, and when it is the last
    // record (a leaf, as every number of a list literal is) its own record is given back: otherwise
    // each level of the expression grammar that folds would keep a dead record per leaf.
    const auto child = static_cast<std::size_t>(node.first_child);
    building_[static_cast<std::size_t>(index)] = building_[child];
    building_[static_cast<std::size_t>(index)].next_sibling = kNone;
    if (child + 1 == building_.size()) building_.pop_back();
  }
  append_child(index);
}

void ParseTreeState::drop_open() {
  // Everything built since the node opened is its own: its descendants, tried and kept.
  building_.resize(static_cast<std::size_t>(open_.back()));
  open_.pop_back();
}

void ParseTreeState::mark() {
  const Building& parent = building_[static_cast<std::size_t>(open_.back())];
  marks_.push_back(Mark{static_cast<std::uint32_t>(building_.size()), parent.last_child, parent.child_count});
}

void ParseTreeState::restore_mark() {
  Mark m = marks_.back();
  marks_.pop_back();
  building_.resize(m.size);
  Building& parent = building_[static_cast<std::size_t>(open_.back())];
  parent.last_child = m.last_child;
  parent.child_count = m.child_count;
  if (m.last_child == kNone) parent.first_child = kNone;
  else building_[static_cast<std::size_t>(m.last_child)].next_sibling = kNone;
}

const ParseNode& ParseTreeState::finish() {
  // Breadth first from the root, so that the children of each node are next to each other.
  std::vector<std::int32_t> order{0};
  for (std::size_t k = 0; k < order.size(); ++k)
    for (auto c = building_[static_cast<std::size_t>(order[k])].first_child; c != kNone;
         c = building_[static_cast<std::size_t>(c)].next_sibling)
      order.push_back(c);
  nodes_.assign(order.size(), ParseNode{});
  work_counters().parse_nodes_kept += nodes_.size();
  child_pointers_.assign(order.size() - 1, nullptr);
  std::size_t next = 1;  // where the children of the node at position k begin in `order`
  for (std::size_t k = 0; k < order.size(); ++k) {
    const Building& b = building_[static_cast<std::size_t>(order[k])];
    ParseNode& n = nodes_[k];
    n.type = b.type;
    n.data = b.data;
    n.begin = b.begin;
    n.end = b.end;
    if (b.child_count == 0) continue;  // (with no children at all, child_pointers_ has no storage)
    for (std::uint32_t i = 0; i < b.child_count; ++i) child_pointers_[next - 1 + i] = &nodes_[next + i];
    n.children = ParseChildren(std::span<const ParseNode* const>(&child_pointers_[next - 1], b.child_count));
    next += b.child_count;
  }
  // The records are copied into nodes_: give their memory back before the tree is converted.
  std::vector<Building>().swap(building_);
  return nodes_.front();
}

}  // namespace mlsi
