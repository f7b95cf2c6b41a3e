#pragma once
// Name resolution, dimension checking and compilation, in one pass over the AST: every expression
// gets its static type, and names become slot, local, global, function or scenario indices.
// Problems are collected in DiagnosticLog; checking goes on after an error so all of them are reported.
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "source/diagnostics.hpp"
#include "model/program.hpp"

namespace mlsi {

class Compiler {
 public:
  Compiler(Program& program, DiagnosticLog& diags) : p_(program), diags_(diags) {}

  // Registers a module's declarations. Dimensions and units take effect at once (later declarations
  // use them); everything else is compiled on first use or by compile_pending().
  void declare(const ast::Module& module);
  // Compiles every declaration not compiled yet.
  void compile_pending();
  // The program's globals, functions and scenarios were cut to these sizes (a REPL entry taken back):
  // what is declared at those indices next has not been compiled.
  void truncated(std::size_t globals, std::size_t functions, std::size_t scenarios);

  // A value for an input, written as an expression outside any scenario (config, --set, TOML).
  CExpr compile_value(const ast::Expr& e, const Type& expected, DisplayUnit* display);
  // A value for input `slot` of `scenario` that reads the scenario's other members (`--set
  // dp=1024/(tp*pp)`), checked against the input's type; `reads` gets the slots it reads.
  CExpr compile_input_formula(const ast::Expr& e, int scenario, int slot, DisplayUnit* display, std::vector<int>* reads);
  // An expression in the global scope (the REPL).
  CExpr compile_global_expr(const ast::Expr& e, DisplayUnit* display);
  // An expression that also sees the given names as locals 0, 1, ... (`mlsi list --where` over fields).
  CExpr compile_with_locals(const ast::Expr& e, const std::vector<std::pair<std::string, Type>>& locals);
  std::optional<ResolvedUnit> resolve_unit(const ast::UnitExpr& u, const UnitContext* context = nullptr) {
    NameScope scope = p_.scopes.scope_of(u.span.file);
    return p_.units.resolve(u, p_.dims, p_.sources, diags_, context, &scope);
  }
  // A unit or dimension named in the text at `where`, as that file sees names (model/private_scopes.hpp).
  const Unit* find_unit(const std::string& name, Span where) const {
    NameScope scope = p_.scopes.scope_of(where.file);
    return p_.units.find(name, &scope);
  }
  const Dim* find_dim(const std::string& name, Span where) const {
    NameScope scope = p_.scopes.scope_of(where.file);
    return p_.dims.find(name, scope.home, scope.owners);
  }
  // The type a type expression names (a dimension, unit, Bool, Text, catalogue kind, List[T], `one of`).
  Type resolve_type(const ast::TypeExpr& t, DisplayUnit* display = nullptr);
  // A `type` declaration: its name bound now, its type resolved on first use (ensure_type).
  void declare_type(const ast::TypeDecl& d);
  NamedType& ensure_type(int index, Span use);

  void ensure_scenario(int index);
  void ensure_function(int index);
  void ensure_global(int index);

 private:
  struct Local {
    std::string name;
    int index;
    Type type;
    Span span = {};  // where it is bound (for an editor's index)
  };
  struct Scope {
    Scenario* scenario = nullptr;
    int current_slot = -1;   // the slot whose expression is being compiled
    bool in_default = false; // compiling an input's default: its own name means the outer binding
    std::vector<Local> locals;
    int max_locals = 0;
    std::vector<std::vector<int>>* deps = nullptr;  // slot -> slots its expression reads
    // The body of a scenario's own function: the slots it reads and the scenario's functions it calls.
    // For a slot's expression, `calls` gets the functions the expression calls.
    std::vector<int>* reads = nullptr;
    std::vector<int>* calls = nullptr;
  };

  CExpr expr(const ast::Expr& e, Scope& sc, const Type* expected = nullptr);
  CExpr name(const ast::Expr& e, Scope& sc, const Type* expected);
  CExpr binary(const ast::Expr& e, Scope& sc, const Type* expected);
  bool text_as_case(const CExpr& side, CExpr& literal);
  void warn_byte_count(const ast::Expr& divisor, const Type& dividend);
  CExpr call(const ast::Expr& e, Scope& sc, const Type* expected);
  CExpr call_builtin(const ast::Expr& e, Scope& sc, Builtin b, const std::string& fname);
  // argmax, argmin, index_of, zip, mod, max_by, min_by (compile_list_functions.cpp): `c` holds the
  // checked arguments; sets its type, or reports why the arguments do not fit.
  void list_function(CExpr& c, const ast::Expr& e, Builtin b, const std::string& fname);
  std::string multiplication_hint(const ast::Expr& call) const;
  // A comprehension without brackets is an argument of max_by or min_by only.
  void reject_bare_comprehensions(const ast::Expr& call);
  CExpr call_scenario(const ast::Expr& e, Scope& sc, int index);
  CExpr call_function(const ast::Expr& e, Scope& sc, int index);
  CExpr call_local(const ast::Expr& e, Scope& sc, int index);
  CExpr call_args(const ast::Expr& e, Scope& sc, const Function& f, Op op, int index);
  // A function's parameters, result and body; `sc` is empty, or the scenario's for its own functions.
  void compile_function(Function& f, Scope& sc);
  // The scenario's own functions (`fn` members): declared before its slots, checked on first call.
  void declare_local_functions(Scenario& s);
  void ensure_local_function(Scenario& s, int index);
  // Each own function's slots_read, through the functions it calls; then each slot depends on what
  // the functions it calls read.
  // `through` gets, for each dependency that a call adds, the function it goes through.
  void close_local_reads(Scenario& s, const std::vector<std::vector<int>>& slot_calls, std::vector<std::vector<int>>& deps,
                         std::map<std::pair<int, int>, int>& through);
  void add_local_reads(const Scenario& s, const std::vector<int>& calls, std::vector<int>& out) const;
  CExpr let_in(const ast::Expr& e, Scope& sc, const Type* expected);
  Type record_type(const ast::TypeExpr& t);
  // The unit a type written in units (`USD/kWh`, `1/s`) shows its values in; nothing for another type.
  std::optional<DisplayUnit> unit_display_of(const ast::TypeExpr& t) const;
  // `{ a: 1, ... }`: checked field by field against an expected named record type, else its own type.
  CExpr record_literal(const ast::Expr& e, Scope& sc, const Type* expected);
  // `{ node: DGX_H100, nodes: 64, ... }` where an entry of a catalogue kind is expected: checked against
  // the kind's schema (model/catalogue.hpp); the evaluator fills its derived fields (language.md §7.6).
  CExpr catalogue_literal(const ast::Expr& e, Scope& sc, const Type& expected);
  CExpr match(const ast::Expr& e, Scope& sc, const Type* expected);
  CExpr comprehension(const ast::Expr& e, Scope& sc, const Type* expected);
  CExpr field(const ast::Expr& e, Scope& sc);
  CExpr has_field(const ast::Expr& e, Scope& sc);
  CExpr convert(const ast::Expr& e, Scope& sc, const Type* expected);
  // What the context of the quantity literal `e` says about its unit (model/unit_hints.hpp).
  UnitContext quantity_context(const ast::Expr& e, const Scope& sc, const Type* expected) const;
  // A warning where a whole-number literal is past what a double holds exactly (check/integer_literal.hpp).
  void warn_inexact_integer(Span span, std::string_view text, double value);

  // Reports a mismatch between what an expression is and what its context needs. `what` gives the words
  // for the value ("input `tp`"); it is called only when there is a message to make.
  template <typename What>
  bool expect_type(const CExpr& c, const Type& want, What&& what) {
    if (compatible(c.type, want)) return true;
    report_type_mismatch(c, want, what());
    return false;
  }
  void report_type_mismatch(const CExpr& c, const Type& want, const std::string& what);
  // The note for a name that hides a case of the enumeration `want` (an input `fabric` where the case
  // `fabric` was meant), or empty.
  std::string hidden_case_note(const CExpr& c, const Type& want) const;
  // "there is no Hardware `RTX4090` in the catalogue" where an entry of `kind` is expected, with the
  // nearest entry of that kind and, when they are few, all of them.
  void unknown_entry(Span span, const std::string& name, const Type& kind);
  std::string tname(const Type& t) const { return type_name(t, p_.dims); }
  Type slot_type(Scenario& s, int slot, Span use);
  void compile_slot(Scenario& s, int slot);
  void compile_scenario_body(Scenario& s);
  // The names of the `See also:` line of a scenario's doc are scenarios (compile_see_also.cpp).
  void check_see_also(const Scenario& s);
  void compile_config(const ast::ConfigDecl& d, FileId file);
  void report_cycles(Scenario& s, const std::vector<std::vector<int>>& deps, const std::map<std::pair<int, int>, int>& through);
  // The display unit an expression names (language.md §12, rule 3), or an automatic one with the count
  // label the expression carries (count_labels.cpp); `in` is the scenario whose names it reads.
  DisplayUnit display_of(const ast::Expr& e, const Scenario* in = nullptr);
  DisplayUnit named_display(const ast::Expr& e);
  // Names bound inside an expression (`let ... in`, a comprehension's variable) and their labels.
  using LabelScope = std::vector<std::pair<std::string, CountLabel>>;
  CountLabel count_label(const ast::Expr& e, const Scenario* in, const LabelScope& bound = {}) const;
  // The label of a product or ratio, from all its factors at once.
  CountLabel product_label(const ast::Expr& e, const Scenario* in, const LabelScope& bound) const;
  // The dimension of an expression as plain from its text (numbers, quantities, names, arithmetic), for
  // the labels; nothing for the rest.
  std::optional<Dim> written_dim(const ast::Expr& e, const Scenario* in, const LabelScope& bound) const;
  // Records what a name refers to when the program's `uses` is set (model/name_uses.hpp).
  void note_use(NameUse use) {
    if (p_.uses && use.span.valid()) p_.uses->uses.push_back(std::move(use));
  }
  void note_slot(Span span, const Scenario& s, int slot);
  void note_callee(const ast::Expr& callee, const Scope& sc, int own, bool builtin);
  void note_expected(Span span, const Type* expected) {
    if (p_.uses && expected && span.valid() && !expected->is_error()) p_.uses->expected.push_back(ExpectedAt{span, *expected});
  }
  void declare_dimension(const ast::DimensionDecl& d);
  void declare_unit(const ast::UnitDecl& d);
  void check_redefinition(const std::string& name, Span span);
  std::vector<std::string> value_names(const Scope& sc) const;

  Program& p_;
  DiagnosticLog& diags_;
  std::vector<const ast::ConfigDecl*> pending_configs_;
  // The scenario being compiled, so that a slot used before its line is compiled on demand.
  std::function<void(int)>* current_compile_ = nullptr;
  std::vector<bool>* current_compiled_ = nullptr;
  Scenario* current_scenario_ = nullptr;
  std::vector<FileId> pending_config_files_;
  struct Counts {
    std::size_t globals = 0, functions = 0, scenarios = 0;
  };
  Counts compiled_;  // the declarations below these indices are compiled (compile_pending)
  bool stack_reported_ = false;  // the checker ran out of stack (stack_guard.hpp); said once
  bool deadline_reported_ = false;  // the bound on checking time passed (check_deadline.hpp); said once
};

}  // namespace mlsi
