#include "interpreter/parse_arena.hpp"

#include <bit>
#include <new>

#if defined(__SANITIZE_ADDRESS__)
#define MLSI_PARSE_ARENA_FORWARDS 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define MLSI_PARSE_ARENA_FORWARDS 1
#endif
#endif

namespace mlsi {
namespace {

thread_local ParseArena* current_arena = nullptr;

constexpr std::size_t kSmallest = 16;

// 16 bytes -> class 0, 17..32 -> 1, ..., 2048 -> 7.
std::size_t size_class_of(std::size_t bytes) {
  std::size_t rounded = std::bit_ceil(std::max(bytes, kSmallest));
  return static_cast<std::size_t>(std::countr_zero(rounded) - std::countr_zero(kSmallest));
}

}  // namespace

ParseArena::ParseArena() : enclosing_(current_arena) { current_arena = this; }

ParseArena::~ParseArena() { current_arena = enclosing_; }

void* ParseArena::allocate(std::size_t bytes) {
#ifndef MLSI_PARSE_ARENA_FORWARDS
  std::size_t size_class = size_class_of(bytes);
  if (current_arena != nullptr && size_class < kClasses) return current_arena->take(size_class);
#endif
  return std::allocator<std::byte>{}.allocate(bytes);
}

void ParseArena::deallocate(void* p, std::size_t bytes) noexcept {
  if (p == nullptr) return;
#ifndef MLSI_PARSE_ARENA_FORWARDS
  std::size_t size_class = size_class_of(bytes);
  if (size_class < kClasses) {
    // A small block comes from the arena that is current while it lives (one made outside every
    // arena came from the global allocator).
    if (current_arena != nullptr) {
      current_arena->give(p, size_class);
      return;
    }
  }
#endif
  std::allocator<std::byte>{}.deallocate(static_cast<std::byte*>(p), bytes);
}

void* ParseArena::take(std::size_t size_class) {
  if (FreeBlock* block = free_[size_class]) {
    free_[size_class] = block->next;
    return block;
  }
  std::size_t size = kSmallest << size_class;
  if (static_cast<std::size_t>(limit_ - cursor_) < size) {
    chunks_.push_back(std::make_unique_for_overwrite<std::byte[]>(kChunkBytes));
    cursor_ = chunks_.back().get();
    limit_ = cursor_ + kChunkBytes;
  }
  void* p = cursor_;
  cursor_ += size;
  return p;
}

void ParseArena::give(void* p, std::size_t size_class) noexcept {
  auto* block = ::new (p) FreeBlock{free_[size_class]};
  free_[size_class] = block;
}

}  // namespace mlsi
