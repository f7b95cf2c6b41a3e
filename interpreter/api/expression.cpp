// Expressions and the catalogue of the public API: a workspace of its own per call, as `mlsi eval`
// makes one, and the catalogue read whole.
#include "api/detail.hpp"
#include "base/call_budget.hpp"
#include "mlsi/session.hpp"
#include "model/display.hpp"
#include "workspace/workspace.hpp"

namespace mlsi::api {

ExpressionResult Session::evaluate(const std::string& expression) const {
  CallBudget budget(options_.limits.max_total_steps);
  ExpressionResult result;
  auto workspace = std::make_shared<Workspace>(detail::session_options(options_), detail::evaluation_limits(options_), "<eval>");
  // The diagnostics point into the workspace's session: they keep the workspace alive.
  std::shared_ptr<mlsi::ProgramSession> session(workspace, &workspace->session());
  bool ready = workspace->ready();
  // As `mlsi eval`: the built-in scenarios the expression calls are loaded as it is read
  // (Workspace::expression), the others never, which keeps a call to a few milliseconds.
  for (const auto& file : options_.files) ready = ready && workspace->load(file).status == EntryStatus::ok;
  if (!ready) {
    result.diagnostics = detail::take_diagnostics(session);
    return result;
  }
  session->diagnostics().clear();
  EntryResult r = workspace->expression(expression, 1);
  switch (r.status) {
    case EntryStatus::ok: break;
    case EntryStatus::source_error:
      result.diagnostics = detail::take_diagnostics(session, r.message.empty() ? std::vector<mlsi::Diagnostic>{} : std::vector{detail::plain_error(r.message)});
      return result;
    case EntryStatus::failed:
      result.diagnostics = detail::take_diagnostics(session, {*r.failure});
      return result;
  }
  const Program& p = workspace->program();
  result.ok = true;
  result.type = type_name(r.type, p.dims);
  result.value = detail::public_value(p, r.value, r.type, r.display);
  result.diagnostics = detail::take_diagnostics(session);
  return result;
}

std::vector<CatalogueItem> Session::catalogue() const {
  auto session = detail::open_session(options_);
  session->check();
  const Program& p = session->program();
  const Catalogue& catalogue = p.catalogue;
  if (catalogue.load_on_demand) catalogue.load_on_demand("");
  std::vector<CatalogueItem> items;
  for (const auto& [name, index] : catalogue.names) {
    const CatalogueEntry& e = catalogue.entries[static_cast<std::size_t>(index)];
    if (name != e.key) continue;  // an alias
    CatalogueItem item;
    item.name = e.key;
    item.kind = e.kind;
    item.aliases = e.aliases;
    item.builtin = e.builtin;
    item.value.kind = Value::Kind::entry;
    item.value.text = e.key;
    item.value.kind_name = e.kind;
    item.value.shown = e.key;
    const RecordValue& r = e.value.record();
    for (std::size_t i = 0; i < r.fields.size(); ++i) {
      Field f;
      f.name = r.type->fields[i];
      f.present = r.fields[i].has_value();
      if (f.present) {
        DisplayUnit unit = field_display(*r.type, i);
        if (i < e.units.size() && !e.units[i].text.empty()) unit = DisplayUnit{e.units[i].text, e.units[i].factor, false, {}};
        f.value = detail::public_value(p, *r.fields[i], r.type->types[i], unit);
      }
      item.value.fields.push_back(std::move(f));
    }
    items.push_back(std::move(item));
  }
  return items;
}

}  // namespace mlsi::api
