#pragma once
// Text written in place at its end: room is reserved without being written (std::string's resize would
// zero each row's room, and a string cannot be written past its size), and what was written is kept. A sweep
// writes its rows of numbers straight into it, with no copy of a row and no call per row to append it.
#include <algorithm>
#include <cstddef>
#include <memory>
#include <string_view>

namespace mlsi {

class RowBuffer {
 public:
  // At least `n` chars of room at the end, to be written and then kept with commit(); returns where the
  // room starts. What the buffer holds stays.
  char* reserve(std::size_t n) {
    if (capacity_ - size_ < n) grow(n);
    return data_.get() + size_;
  }
  // Keeps what was written in the room reserved, up to `end`.
  void commit(const char* end) { size_ = static_cast<std::size_t>(end - data_.get()); }
  void append(std::string_view text) { commit(std::copy(text.begin(), text.end(), reserve(text.size()))); }
  std::string_view view() const { return {data_.get(), size_}; }
  void clear() { size_ = 0; }

 private:
  void grow(std::size_t n) {
    // Doubled, as std::string grows: a chunk's buffer reaches its size once and is reused.
    std::size_t capacity = std::max(2 * capacity_, size_ + n);
    // Zeroed once as it grows (std::make_unique_for_overwrite would not, but Emscripten's libc++ lacks it).
    auto data = std::make_unique<char[]>(capacity);
    std::copy_n(data_.get(), size_, data.get());
    data_ = std::move(data);
    capacity_ = capacity;
  }

  std::unique_ptr<char[]> data_;
  std::size_t size_ = 0, capacity_ = 0;
};

}  // namespace mlsi
