#pragma once
// Physical dimensions as small vectors of rational exponents over the declared base dimensions.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace mlsi {

// The largest numerator and denominator of a dimension exponent. Far beyond any physical dimension
// (source powers are at most 1000, `s^(1/2)` is the finest a formula needs), and small enough that the
// 64-bit products and sums of two exponents can never overflow on the way to their lowest terms.
inline constexpr std::int64_t kMaxExponentPart = 1'000'000;

// A fraction in lowest terms with a positive denominator. Every operation checks its result: an
// exponent is never allowed to wrap around (2^32 must not become 0 and pass a quantity of Time^(2^32)
// for a plain number).
struct Rational {
  std::int32_t num = 0;
  std::int32_t den = 1;
  // n/d in lowest terms; nothing when d is 0 or a part of the result exceeds kMaxExponentPart.
  static std::optional<Rational> make(std::int64_t n, std::int64_t d);
  bool operator==(const Rational&) const = default;
  bool is_zero() const { return num == 0; }
  std::string str() const;
};
std::optional<Rational> checked_add(Rational a, Rational b);
std::optional<Rational> checked_sub(Rational a, Rational b);
std::optional<Rational> checked_mul(Rational a, Rational b);

// Room for the prelude's base dimensions plus a few of the user's own.
inline constexpr std::size_t kMaxBaseDimensions = 16;

struct Dim {
  std::array<Rational, kMaxBaseDimensions> exp{};
  bool operator==(const Dim&) const = default;
  bool dimensionless() const;
  static Dim base(std::size_t index);
};

// What an operation on dimensions gives: a dimension, or the exponent that would leave the range.
struct DimOutcome {
  std::optional<Dim> dim;
  std::size_t base = 0;   // without a dimension: the base dimension whose exponent is out of range,
  std::string exponent;   // and that exponent written exactly ("4294967296", "1/2097152"), if it fits 64 bits
  bool ok() const { return dim.has_value(); }
};
DimOutcome multiply(const Dim& a, const Dim& b);
DimOutcome divide(const Dim& a, const Dim& b);
DimOutcome power(const Dim& a, Rational r);

// Names of base and derived dimensions, as declared by `dimension` in the prelude or a user file.
// Where a dimension is declared: its file, and the pack file it is private to (model/private_scopes.hpp);
// UINT32_MAX (kNoFile) for none.
struct DimensionOrigin {
  std::uint32_t file = UINT32_MAX;
  std::uint32_t owner = UINT32_MAX;
};

class DimensionRegistry {
 public:
  using Origin = DimensionOrigin;
  // Returns false when the table of base dimensions is full.
  bool add_base(const std::string& name, Dim& out, Origin origin = {});
  void add_derived(const std::string& name, const Dim& d, Origin origin = {});
  // A public dimension, or, seen from `home` with the private owners `owners`: home's own public one first,
  // then a private one it sees, then any public one.
  const Dim* find(const std::string& name) const;
  const Dim* find(const std::string& name, std::uint32_t home, const std::vector<std::uint32_t>& owners) const;
  const Dim* find_private(const std::string& name, std::uint32_t owner) const;
  std::vector<std::string> names() const;  // the public ones
  std::vector<std::string> private_names() const;  // those of built-in pack files
  // "Information / Time", "Count", "Money / (Information * Time)"; a declared derived name (Power) is
  // preferred when it matches exactly.
  std::string format(const Dim& d) const;
  std::string format_bases(const Dim& d) const;
  // The message for an outcome without a dimension: "dimension exponent too large: Time^4294967296 ...".
  std::string overflow_message(const DimOutcome& o) const;

 private:
  struct Named {
    std::string name;
    Dim dim;
    Origin origin;
  };
  std::vector<std::string> base_names_;
  std::vector<Named> named_;  // base and derived, public and private, in declaration order
};

}  // namespace mlsi
