// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// The interpolant of a run without dense output (the fixed-step methods), shared by events
/// (events.h) and output at given times (output.h, t_eval): Lagrange's cubic through the last
/// four samples (fewer at the start), entry by entry in the integrator's coordinates, and the
/// named state read off it with its parts on SO(d) or S^2 (those that stayed there at every
/// sample so far) taken back onto them: the nearest rotation (the orthogonal polar factor) and
/// rows of three scaled to unit length. Between samples k-1 and k it interpolates through
/// samples k-3 .. k, so a time is interpolated as soon as the sample after it is made.
#pragma once

#include <array>
#include <cstddef>
#include <vector>

#include "core/integrators/run.h"
#include "core/sim/namedstate.h"

namespace dms {

class CubicInterpolant {
 public:
  CubicInterpolant(const SystemModel& model, Method method) : m_model(model), m_method(method) {}

  /// The next sample of the run (in time order); what parts stay on the manifold is updated
  /// from its named state.
  void push(const Sample& s);
  /// Samples kept (at most four).
  std::size_t size() const { return m_nKept; }
  /// The i-th sample kept, oldest first.
  const Sample& kept(std::size_t i) const { return m_kept[i]; }
  /// The sample at t (within the span of the samples kept) on the cubic: t, state, position,
  /// velocity, energy, structure, structure2 and momentum, each entry on its own cubic; the
  /// attitude and the control are the last sample's.
  void at(double t, Sample& out) const;
  /// The named state of a sample of the interpolant, its parts on SO(d) or S^2 taken back onto
  /// them (see above).
  std::vector<StatePart> parts(const Sample& s) const;

 private:
  const SystemModel& m_model;
  Method m_method;
  std::array<Sample, 4> m_kept;
  std::size_t m_nKept = 0;
  bool m_started = false;
  // which named parts have stayed on SO(d) (a square matrix) or have unit rows (of three)
  std::vector<char> m_rotation, m_unitRows;
};

}  // namespace dms
