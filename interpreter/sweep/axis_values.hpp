#pragma once
// The numbers one varied input takes, in SI: either listed (`1,2,4,8`, a geometric range, a range alone)
// or an arithmetic range `a..b step s`, kept as its first value, step and count and computed from the
// index as the sweep reaches it. A range of 10^6 values would otherwise be 8 MB of doubles, written once
// and page-faulted in before the first point, for numbers the sweep can compute in a multiply-add.
#include <cstddef>
#include <iterator>
#include <vector>

namespace mlsi {

class AxisValues {
 public:
  AxisValues() = default;
  // first, first + step, ..., first + (count - 1) * step: value i is computed as `first + i * step`, the
  // expression a listed range used, so both give the same doubles.
  static AxisValues stepped(double first, double step, std::size_t count) {
    AxisValues a;
    a.first_ = first;
    a.step_ = step;
    a.stepped_count_ = count;
    return a;
  }

  bool is_stepped() const { return stepped_count_ > 0; }
  std::size_t size() const { return is_stepped() ? stepped_count_ : listed_.size(); }
  bool empty() const { return size() == 0; }
  double operator[](std::size_t i) const {
    return is_stepped() ? first_ + static_cast<double>(i) * step_ : listed_[i];
  }
  double front() const { return (*this)[0]; }
  double back() const { return (*this)[size() - 1]; }

  // Listing values; not for a stepped axis.
  void push_back(double x) { listed_.push_back(x); }

  class const_iterator {
   public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = double;
    using difference_type = std::ptrdiff_t;
    using pointer = void;
    using reference = double;
    const_iterator() = default;
    const_iterator(const AxisValues* axis, std::size_t i) : axis_(axis), i_(i) {}
    double operator*() const { return (*axis_)[i_]; }
    const_iterator& operator++() {
      ++i_;
      return *this;
    }
    const_iterator operator++(int) {
      const_iterator old = *this;
      ++i_;
      return old;
    }
    bool operator==(const const_iterator& o) const { return i_ == o.i_; }

   private:
    const AxisValues* axis_ = nullptr;
    std::size_t i_ = 0;
  };
  const_iterator begin() const { return {this, 0}; }
  const_iterator end() const { return {this, size()}; }

 private:
  std::vector<double> listed_;
  double first_ = 0;
  double step_ = 0;
  std::size_t stepped_count_ = 0;
};

}  // namespace mlsi
