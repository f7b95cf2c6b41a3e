// Run and RunResult of the public API: evaluating a prepared scenario, each time with an evaluator of
// its own, so that evaluations of one Run may go on in several threads at once.
#include "mlsi/run.hpp"

#include "api/detail.hpp"
#include "eval/explain.hpp"
#include "model/display.hpp"

namespace mlsi::api {

namespace {

const Item* find_item(const std::vector<Item>& items, std::string_view name) {
  for (const auto& i : items)
    if (i.name == name) return &i;
  return nullptr;
}

// The diagnostics of a failed evaluation: its one error, pointing into the prepared sources.
Diagnostics evaluation_error(const detail::PreparedRun& run, const mlsi::Diagnostic& d) { return detail::diagnostics_of(run.session, {d}); }


// The public kinds are the internal ones, in the same order.
static_assert(static_cast<int>(ExplainNode::Kind::value) == static_cast<int>(mlsi::DerivationNode::Kind::value));
static_assert(static_cast<int>(Provenance::Kind::constant) == static_cast<int>(mlsi::ValueProvenance::Kind::constant));

ExplainNode public_node(const mlsi::DerivationNode& n) {
  ExplainNode out;
  out.kind = static_cast<ExplainNode::Kind>(n.kind);
  out.name = n.name;
  out.value = n.value;
  out.formula = n.formula;
  out.substituted = n.substituted;
  out.call = n.call;
  out.origin = n.origin;
  out.declared = n.declared;
  if (n.catalogue) {
    out.catalogue_entry = n.catalogue->entry;
    out.catalogue_kind = n.catalogue->kind;
    out.catalogue_field = n.catalogue->field;
    out.catalogue_source = n.catalogue->source;
  }
  out.explained_above = n.explained_above;
  for (const auto& t : n.terms) out.terms.push_back(public_node(t));
  for (const auto& d : n.depends_on)
    out.depends_on.push_back(Provenance{static_cast<Provenance::Kind>(d.kind), d.name, d.detail, d.source});
  return out;
}

// Evaluates the prepared scenario once and hands the run to `fill`; the result names the scenario and
// config either way and carries the preparation's diagnostics, or the evaluation's error.
template <class Result, class Fill>
Result evaluate_into(const detail::PreparedRun& r, const GivenInputs& given, Fill fill) {
  Result result;
  result.scenario = r.scenario_name;
  result.config = r.config;
  result.diagnostics = r.diagnostics;
  if (!r.ok) return result;
  const Program& p = r.session->program();
  CallBudget budget(r.limits.max_total_steps);
  try {
    fill(p, Evaluator(p, r.limits).run(r.scenario, given), result);
    result.ok = true;
  } catch (const EvalError& e) {
    result.diagnostics = evaluation_error(r, e.diag);
  }
  return result;
}

}  // namespace

const Item* RunResult::input(std::string_view name) const { return find_item(inputs, name); }
const Item* RunResult::output(std::string_view name) const { return find_item(outputs, name); }

Run::Run(std::shared_ptr<const detail::PreparedRun> prepared) : prepared_(std::move(prepared)) {}

bool Run::ok() const { return prepared_->ok; }
const Diagnostics& Run::diagnostics() const { return prepared_->diagnostics; }
const std::string& Run::scenario() const { return prepared_->scenario_name; }
const std::string& Run::config() const { return prepared_->config; }

RunResult Run::evaluate() const { return detail::evaluate_run(*prepared_, prepared_->given); }

Explanation Run::explain() const {
  const detail::PreparedRun& r = *prepared_;
  return evaluate_into<Explanation>(r, r.given, [&](const Program& p, const ScenarioRun& run, Explanation& x) {
    mlsi::DerivationTree internal = explain_run(p, run, r.given, r.config, r.limits);
    for (const auto& n : internal.outputs) x.outputs.push_back(public_node(n));
    x.text = render_explanation_text(internal, false);
    x.json = render_explanation_json(internal);
  });
}

namespace detail {

SlotTexts slot_texts(const Program& p, const Scenario& sc) {
  SlotTexts texts;
  texts.types.resize(sc.slots.size());
  texts.dimensions.resize(sc.slots.size());
  auto fill = [&](int i) {
    const Slot& slot = sc.slots[static_cast<std::size_t>(i)];
    texts.types[static_cast<std::size_t>(i)] = type_name(slot.type, p.dims);
    if (slot.type.scalar().is_quantity()) texts.dimensions[static_cast<std::size_t>(i)] = p.dims.format(slot.type.scalar().dim);
  };
  for (int i : sc.inputs) fill(i);
  for (int i : sc.outputs) fill(i);
  return texts;
}

void fill_item(Item& item, const Program& p, const Slot& slot, const mlsi::Value& value, const DisplayUnit& display, bool available, int index,
               const SlotTexts* texts) {
  auto i = static_cast<std::size_t>(index);
  item.name = slot.name;
  item.type = texts ? texts->types[i] : type_name(slot.type, p.dims);
  item.available = available;
  if (item.available) detail::fill_public_value(item.value, p, value, slot.type, display, texts ? &texts->dimensions[i] : nullptr);
}

void fill_item(Item& item, const Program& p, const Slot& slot, const ScenarioRun& run, int index, const SlotTexts* texts) {
  auto i = static_cast<std::size_t>(index);
  fill_item(item, p, slot, run.slots[i], run.display[i], run.available.empty() || run.available[i], index, texts);
}

Diagnostics run_diagnostics(const PreparedRun& prepared, const std::vector<CalibrationNote>& notes) {
  if (notes.empty()) return prepared.diagnostics;
  std::vector<mlsi::Diagnostic> list = prepared.warnings;
  for (const auto& n : notes) list.push_back(mlsi::Diagnostic{mlsi::Severity::note, Span{}, calibration_note_message(n), {}, {}});
  return diagnostics_of(prepared.session, std::move(list));
}

Item item_of(const Program& p, const Slot& slot, const ScenarioRun& run, int index) {
  Item item;
  fill_item(item, p, slot, run, index, nullptr);
  return item;
}

RunResult evaluate_run(const PreparedRun& prepared, const GivenInputs& given) {
  return evaluate_into<RunResult>(prepared, given, [&](const Program& p, const ScenarioRun& run, RunResult& result) {
    const Scenario& sc = p.scenarios[static_cast<std::size_t>(prepared.scenario)];
    // Built in place: an Item is large, and a run gives one per input and output.
    result.inputs.resize(sc.inputs.size());
    result.outputs.resize(sc.outputs.size());
    for (std::size_t k = 0; k < sc.inputs.size(); ++k)
      fill_item(result.inputs[k], p, sc.slots[static_cast<std::size_t>(sc.inputs[k])], run, sc.inputs[k], &prepared.texts);
    for (std::size_t k = 0; k < sc.outputs.size(); ++k)
      fill_item(result.outputs[k], p, sc.slots[static_cast<std::size_t>(sc.outputs[k])], run, sc.outputs[k], &prepared.texts);
    // The calibration defaults the run read (docs/catalogue.md §2.14), as notes after the preparation's warnings.
    if (!run.calibration_notes.empty()) result.diagnostics = run_diagnostics(prepared, run.calibration_notes);
  });
}

}  // namespace detail

}  // namespace mlsi::api
