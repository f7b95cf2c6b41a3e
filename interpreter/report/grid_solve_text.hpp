#pragma once
// The answer of a grid solve (`mlsi solve --vary ... --minimize EXPR`, docs/language.md section 13.10)
// as `mlsi solve` and the REPL print it: after the scenario's results at the best point, a `solve`
// section with the answer, how the points fared, the best points, and the better point a condition
// excludes; no feasible point as an error's text; the `solve` object of `--format json`.
#include <string>

#include "solve/grid_solve.hpp"

namespace mlsi {

std::string render_grid_solve_section(GridSolve& solve, const GridAnswer& a);
// `error: no point of the grid satisfies ...` with its note; empty when solved.
std::string render_grid_solve_no_answer(GridSolve& solve, const GridAnswer& a);
std::string render_grid_solve_json(GridSolve& solve, const GridAnswer& a);

}  // namespace mlsi
