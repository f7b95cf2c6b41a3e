#pragma once
// What the catalogue's tests share (catalogue_test.cpp and the catalogue_*_values_test.cpp and
// catalogue_constants_test.cpp beside it): SI factors, the one checked session they read, a field's value by
// its path, a session with one extra source, and the check of a table of published figures.
//
// Every expected value of those tests is written BY HAND from the published figures (the datasheets and papers
// each entry's `source` names, as the design tables the catalogue was built from quote them), never read back
// from the TOML files, and is compared in SI base units (byte, FLOP, s, W, J, USD, kg, m3) with a relative
// tolerance of 1e-12. Each row carries the published string in a comment. § numbers are sections of
// docs/catalogue.md: §3 the group of entries a row belongs to, §1.5 derived fields, §4 constants, §5.1 spot values.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <map>
#include <iostream>
#include <memory>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <variant>
#include <vector>

#include "catalogue/catalogue_loader.hpp"
#include "eval/evaluator.hpp"
#include "session/session.hpp"

// gtest after the interpreter headers: <signal.h> (pulled in by gtest) defines a macro `si_value`, which
// interpreter/model/units.hpp uses as a parameter name.
#include <gtest/gtest.h>

namespace catalogue_facts {

// ---- SI factors (docs/language.md §17.1) ----------------------------------------------------------------
constexpr double KiB = 1024.0, MiB = KiB * 1024, GiB = MiB * 1024, TiB = GiB * 1024;  // 2^10 … 2^40 B
constexpr double MB = 1e6, GB = 1e9, TB = 1e12, PB = 1e15;                     // decimal bytes
constexpr double Gbps = 1e9 / 8;                                                          // 1e9 bit/s, bit = 1/8 byte
constexpr double kFLOP = 1e3, MFLOP = 1e6, GFLOP = 1e9, TFLOP = 1e12, PFLOP = 1e15;      // also per second
constexpr double MOPS = 1e6, GOPS = 1e9, TOPS = 1e12;                                    // OPS = 1 FLOP/s
constexpr double ns = 1e-9, us = 1e-6, ms = 1e-3;
constexpr double hour = 3600, day = 86400, month = 30 * day, year = 365 * day;
constexpr double mW = 1e-3, kW = 1e3, MW = 1e6;
constexpr double pJ = 1e-12, mJ = 1e-3, Wh = 3600, kWh = 3.6e6, MWh = 3.6e9;
constexpr double g = 1e-3;  // kg
constexpr double L = 1e-3;  // m3

constexpr double kRelTol = 1e-12;

inline bool close_enough(double actual, double expected) {
  if (expected == 0) return actual == 0;
  return std::fabs(actual - expected) <= kRelTol * std::fabs(expected);
}

inline std::string full_digits(double x) {
  std::ostringstream o;
  o.precision(17);
  o << x;
  return o.str();
}

// One session for the read-only tests: prelude + built-in catalogue, checked.
inline mlsi::ProgramSession& shared() {
  static std::unique_ptr<mlsi::ProgramSession> s = [] {
    auto session = std::make_unique<mlsi::ProgramSession>();
    session->check();
    return session;
  }();
  return *s;
}
inline const mlsi::Catalogue& cat() { return shared().program().catalogue; }

inline bool is_record(const mlsi::Value& v) { return std::holds_alternative<std::shared_ptr<const mlsi::RecordValue>>(v.v); }
inline bool is_text(const mlsi::Value& v) { return std::holds_alternative<std::string>(v.v); }
inline bool is_bool(const mlsi::Value& v) { return std::holds_alternative<bool>(v.v); }

// The value at `path` ("memory", "flops.fp8", "accelerator.memory", "mig_profiles.0.sm_count") of catalogue
// entry `key`. Returns nothing and says why when the entry, the field or the value is missing.
inline std::optional<mlsi::Value> lookup(const std::string& key, const std::string& path, std::string& why) {
  const auto* e = cat().find(key);
  if (!e) {
    why = "no catalogue entry " + key;
    return std::nullopt;
  }
  mlsi::Value v = e->value;
  std::string rest = path, walked = key;
  while (!rest.empty()) {
    auto dot = rest.find('.');
    std::string seg = rest.substr(0, dot);
    rest = dot == std::string::npos ? "" : rest.substr(dot + 1);
    if (v.is_list()) {
      std::size_t i = std::stoul(seg);
      if (i >= v.list().size()) {
        why = walked + " has no element " + seg;
        return std::nullopt;
      }
      mlsi::Value next = v.list()[i];
      v = next;
    } else if (is_record(v)) {
      const auto& r = v.record();
      int i = r.type->find(seg);
      if (i < 0) {
        why = walked + " (" + r.type->name + ") has no field " + seg + " in its type";
        return std::nullopt;
      }
      if (!r.fields[static_cast<std::size_t>(i)]) {
        why = walked + "." + seg + " is absent";
        return std::nullopt;
      }
      mlsi::Value next = *r.fields[static_cast<std::size_t>(i)];
      v = next;
    } else {
      why = walked + " is not a record or list";
      return std::nullopt;
    }
    walked += "." + seg;
  }
  return v;
}


// A checked session with one extra source, and a way to run its scenarios on their defaults.
struct ScratchSession {
  std::unique_ptr<mlsi::ProgramSession> session = std::make_unique<mlsi::ProgramSession>();
  explicit ScratchSession(const std::string& text) {
    session->load_text("catalogue_test.mls", text);
    ok = session->check();
  }
  bool ok = false;
  std::string diags() { return mlsi::render_all(session->program().sources, session->diagnostics(), false); }
  // Runs `scenario`; the value of `slot`, or the EvalError's message in `error`.
  std::optional<mlsi::Value> run(const std::string& scenario, const std::string& slot, std::string& error) {
    auto& p = session->program();
    const mlsi::Scenario* sc = p.find_scenario(scenario);
    if (!sc) {
      error = "no scenario " + scenario;
      return std::nullopt;
    }
    mlsi::Evaluator ev(p);
    std::vector<std::optional<mlsi::InputValue>> given(sc->slots.size());
    try {
      auto r = ev.run(p.find_scenario_index(scenario), given);
      int s = sc->find_slot(slot);
      if (s < 0) {
        error = "no slot " + slot;
        return std::nullopt;
      }
      return r.slots.at(static_cast<std::size_t>(s));
    } catch (const mlsi::EvalError& e) {
      error = e.diag.message;
      return std::nullopt;
    }
  }
  std::string type_of(const std::string& scenario, const std::string& slot) {
    const auto* sc = session->program().find_scenario(scenario);
    return mlsi::type_name(sc->slots.at(static_cast<std::size_t>(sc->find_slot(slot))).type, session->program().dims);
  }
};

// A published figure: the value at `path` of entry `key`, in SI units.
struct Spot {
  const char* key;
  const char* path;
  double si;
};

// Each figure of `spots` against the catalogue; at least `at_least` rows, so that a table cannot empty silently.
inline void expect_spots(const std::vector<Spot>& spots, std::size_t at_least) {
  ASSERT_GE(spots.size(), at_least);
  int mismatches = 0;
  for (const auto& s : spots) {
    std::string why;
    auto v = lookup(s.key, s.path, why);
    if (!v) {
      ++mismatches;
      ADD_FAILURE() << s.key << "." << s.path << ": " << why << " (spec: " << full_digits(s.si) << ")";
      continue;
    }
    if (!v->is_number()) {
      ++mismatches;
      ADD_FAILURE() << s.key << "." << s.path << " is not a number (spec: " << full_digits(s.si) << ")";
      continue;
    }
    if (!close_enough(v->number(), s.si)) ++mismatches;
    EXPECT_TRUE(close_enough(v->number(), s.si)) << s.key << "." << s.path << ": spec " << full_digits(s.si) << ", catalogue "
                                                 << full_digits(v->number());
  }
  std::cout << "[ info ] " << spots.size() << " spot values, " << mismatches << " disagreements\n";
}

}  // namespace catalogue_facts
