// fmt compiled into mlsi rather than loaded as a shared library (start-up time, see CMakeLists.txt).
// Its headers hold the implementation: format-inl.h defines the functions that the other translation
// units only declare, and the instantiations below are those of the templates that format.h declares
// for the library to define. (Building every translation unit header-only would do the same, at three
// times the build time.)
#include <fmt/format.h>
#include <fmt/format-inl.h>

namespace fmt {
inline namespace v9 {
namespace detail {

template auto dragonbox::to_decimal(float x) noexcept -> dragonbox::decimal_fp<float>;
template auto dragonbox::to_decimal(double x) noexcept -> dragonbox::decimal_fp<double>;
template auto thousands_sep_impl(locale_ref) -> thousands_sep_result<char>;
template auto decimal_point_impl(locale_ref) -> char;

}  // namespace detail
}  // namespace v9
}  // namespace fmt
