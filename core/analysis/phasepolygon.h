// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// The polygon of a phase-area study's vertices (core/analysis/phasearea.h, "Refinement and the
/// polygon's own error"): its area at every kept sample index, the estimate of its own error
/// from its pairs of edges, and the refinement that splits the pairs above their share of the
/// tolerance, running their new vertices.
#pragma once

#include <cstddef>
#include <functional>
#include <vector>

#include "core/analysis/phaseruns.h"

namespace dms::analysis {

class PhasePolygon {
 public:
  /// The polygon of the M vertices `vs` (run, with their samples at the K kept indices) and
  /// its pairs; `budget`: most vertices refinement may reach (M: none); `startAt`: the initial
  /// (q, p) at an angle on the circle.
  PhasePolygon(std::vector<PhaseVertex>& vs, std::size_t M, std::size_t K,
               const PhaseAreaSpec& spec, std::size_t budget,
               std::function<Vector2d(double)> startAt);
  ~PhasePolygon();

  /// Refines while the bound misses its aim at some kept index and pairs are open (adding
  /// vertices to `vs`, run through `runs`); records in `out` a failed or cancelled batch, a
  /// cap reached, a pair at the resolution of doubles and the pairs left unresolved.
  void refine(PhaseRuns& runs, PhaseAreaMethod& out);

  /// The area at each kept index (refinement's vertices included).
  const std::vector<double>& area() const { return m_area; }
  /// The bound at kept index k: the polygon's own error of the ratio, relative to A(0).
  double boundAt(std::size_t k) const;

 private:
  struct Pair;
  std::vector<double> triangles(const Pair& p) const;
  void count(const Pair& p, const std::vector<double>& tri, double sign);
  bool met() const;
  void add(Pair p, const std::vector<double>& tri);

  std::vector<PhaseVertex>& m_vs;
  std::size_t m_M, m_K;
  const PhaseAreaSpec& m_spec;
  std::size_t m_budget;
  bool m_refine;
  std::function<Vector2d(double)> m_startAt;
  std::vector<double> m_area;
  double m_scale = 0.0;  // the tolerance's A(0)
  // the polygon's pairs' estimates, summed: the changes of the pairs that shrink as on a
  // resolved curve, signed (the slivers on either side of a thin filament cancel), and of the
  // others, in absolute value and whole
  std::vector<double> m_resolved, m_unresolved;
  std::vector<Pair> m_open;  // pairs above their share of the tolerance: refinement splits them
};

}  // namespace dms::analysis
