#pragma once
// What the checker's tests share (checker_dimension_test.cpp, checker_name_test.cpp): a small source loaded
// through a ProgramSession (prelude and catalogue included) and checked, with its errors and their rendering.
#include <memory>
#include <string>
#include <vector>

#include "eval/evaluator.hpp"
#include "session/session.hpp"

// gtest after the interpreter headers: <signal.h> (pulled in by gtest) defines a macro `si_value`,
// which must not meet an interpreter declaration that uses the name.
#include <gtest/gtest.h>

namespace checker_fixture {

struct Checked {
  std::unique_ptr<mlsi::ProgramSession> session;
  std::vector<const mlsi::Diagnostic*> errors;
  std::string rendered;

  std::vector<std::string> messages() const {
    std::vector<std::string> out;
    for (const auto* d : errors) out.push_back(d->message);
    return out;
  }
  // "line:col" of the i-th error.
  std::string where(std::size_t i) const {
    const auto& d = *errors.at(i);
    auto lc = session->program().sources.line_col(d.span.file, d.span.begin);
    return std::to_string(lc.line) + ":" + std::to_string(lc.col);
  }
  std::vector<std::string> notes(std::size_t i) const { return errors.at(i)->notes; }

  // Runs a scenario on its defaults and returns the SI value of one of its slots.
  mlsi::Value value(const std::string& scenario, const std::string& slot) const {
    auto& p = session->program();
    const mlsi::Scenario* sc = p.find_scenario(scenario);
    EXPECT_NE(sc, nullptr) << scenario;
    if (!sc) return {};
    int index = p.find_scenario_index(scenario);
    mlsi::Evaluator ev(p);
    std::vector<std::optional<mlsi::InputValue>> given(sc->slots.size());
    try {
      auto run = ev.run(index, given);
      int s = sc->find_slot(slot);
      EXPECT_GE(s, 0) << slot;
      return s < 0 ? mlsi::Value{} : run.slots.at(static_cast<std::size_t>(s));
    } catch (const mlsi::EvalError& e) {
      ADD_FAILURE() << mlsi::render(p.sources, e.diag, false);
      return {};
    }
  }
  const mlsi::Type& type(const std::string& scenario, const std::string& slot) const {
    const mlsi::Scenario* sc = session->program().find_scenario(scenario);
    return sc->slots.at(static_cast<std::size_t>(sc->find_slot(slot))).type;
  }
  std::string type_name(const std::string& scenario, const std::string& slot) const {
    return mlsi::type_name(type(scenario, slot), session->program().dims);
  }
};

inline Checked check(const std::string& text) {
  Checked c;
  c.session = std::make_unique<mlsi::ProgramSession>();
  EXPECT_FALSE(c.session->diagnostics().has_errors()) << "the prelude or catalogue does not load:\n"
                                                      << mlsi::render_all(c.session->program().sources,
                                                                          c.session->diagnostics(), false);
  c.session->load_text("test.mls", text);
  c.session->check();
  for (const auto& d : c.session->diagnostics().list())
    if (d.severity == mlsi::Severity::error) c.errors.push_back(&d);
  c.rendered = mlsi::render_all(c.session->program().sources, c.session->diagnostics(), false);
  return c;
}

using Messages = std::vector<std::string>;

}  // namespace checker_fixture
