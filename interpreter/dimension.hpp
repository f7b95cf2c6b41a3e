#pragma once
// Physical dimensions as small vectors of rational exponents over the declared base dimensions.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace mlsi {

struct Rational {
  std::int32_t num = 0;
  std::int32_t den = 1;
  static Rational make(std::int64_t n, std::int64_t d);
  bool operator==(const Rational&) const = default;
  bool is_zero() const { return num == 0; }
  std::string str() const;
};
Rational operator+(Rational a, Rational b);
Rational operator-(Rational a, Rational b);
Rational operator*(Rational a, Rational b);

// Room for the prelude's base dimensions plus a few of the user's own.
inline constexpr std::size_t kMaxBaseDimensions = 16;

struct Dim {
  std::array<Rational, kMaxBaseDimensions> exp{};
  bool operator==(const Dim&) const = default;
  bool dimensionless() const;
  static Dim base(std::size_t index);
  Dim operator*(const Dim& o) const;
  Dim operator/(const Dim& o) const;
  Dim pow(Rational r) const;
};

// Names of base and derived dimensions, as declared by `dimension` in the prelude or a user file.
class DimensionRegistry {
 public:
  // Returns false when the table of base dimensions is full.
  bool add_base(const std::string& name, Dim& out);
  void add_derived(const std::string& name, const Dim& d);
  const Dim* find(const std::string& name) const;
  std::vector<std::string> names() const;
  // "Information / Time", "Count", "Money / (Information * Time)"; a declared derived name (Power) is
  // preferred when it matches exactly.
  std::string format(const Dim& d) const;
  std::string format_bases(const Dim& d) const;

 private:
  std::vector<std::string> base_names_;
  std::vector<std::pair<std::string, Dim>> named_;  // base and derived, in declaration order
};

}  // namespace mlsi
