#pragma once

#include <array>
#include <cstddef>
#include <memory>
#include <vector>

namespace mlsi {

// Memory for one parse. A PEG parse tree allocates a node for every rule it tries on the way down (and a
// child list for most), and frees most of them again when the rule fails: tens of thousands of small
// allocations per kilobyte of source, in stack order. Power-of-two free lists over chunks serve these
// from a few hot cache lines; everything is returned when the arena ends. Construct one around a parse;
// ParseArena::allocate uses the innermost arena of the thread. Under AddressSanitizer it forwards to
// the global allocator so that a use after free in the parser is still caught.
class ParseArena {
 public:
  ParseArena();
  ~ParseArena();
  ParseArena(const ParseArena&) = delete;
  ParseArena& operator=(const ParseArena&) = delete;

  static void* allocate(std::size_t bytes);
  static void deallocate(void* p, std::size_t bytes) noexcept;

 private:
  static constexpr std::size_t kClasses = 8;  // 16 .. 2048 bytes; larger blocks go to the global allocator
  static constexpr std::size_t kChunkBytes = 64 * 1024;

  struct FreeBlock {
    FreeBlock* next;
  };

  void* take(std::size_t size_class);
  void give(void* p, std::size_t size_class) noexcept;

  std::array<FreeBlock*, kClasses> free_{};
  std::vector<std::unique_ptr<std::byte[]>> chunks_;
  std::byte* cursor_ = nullptr;
  std::byte* limit_ = nullptr;
  ParseArena* enclosing_;
};

// A standard allocator over the current ParseArena, for the containers inside parse-tree nodes.
template <typename T>
struct ParseArenaAllocator {
  using value_type = T;
  ParseArenaAllocator() = default;
  template <typename U>
  ParseArenaAllocator(const ParseArenaAllocator<U>&) noexcept {}
  T* allocate(std::size_t n) { return static_cast<T*>(ParseArena::allocate(n * sizeof(T))); }
  void deallocate(T* p, std::size_t n) noexcept { ParseArena::deallocate(p, n * sizeof(T)); }
  template <typename U>
  bool operator==(const ParseArenaAllocator<U>&) const noexcept {
    return true;
  }
};

}  // namespace mlsi
