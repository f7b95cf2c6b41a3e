// Shared by the plot tests (plot_test.cpp, plot_axes_awkward_test.cpp).
#pragma once

#include <vector>

#include "plot/plot_axes.hpp"

namespace mlsi_test {

// The ticks of an axis, to compare with a list in EXPECT_EQ.
inline std::vector<double> ticks(const ::mlsi::AxisScale& a) { return a.ticks; }

}  // namespace mlsi_test
