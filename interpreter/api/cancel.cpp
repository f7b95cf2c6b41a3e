// CancelHook of the public API: a budget without a bound on steps, whose hook every evaluation of the
// calls made on its thread asks (base/call_budget.hpp).
#include "base/call_budget.hpp"
#include "mlsi/options.hpp"

namespace mlsi::api {

struct CancelHook::Scope {
  explicit Scope(std::function<bool()> cancelled) : budget(0, std::move(cancelled)) {}
  CallBudget budget;
};

CancelHook::CancelHook(std::function<bool()> cancelled) : scope_(std::make_unique<Scope>(std::move(cancelled))) {}

CancelHook::~CancelHook() = default;

}  // namespace mlsi::api
