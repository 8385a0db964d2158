// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// The runs of a phase-area study (core/analysis/phasearea.h): one per vertex of the polygon
/// and one from the circle's centre, each to T, in parallel, keeping (q, p) at the study's kept
/// sample indices (an angle lifted along its run), and the status of a batch of them.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

#include "core/analysis/phasearea.h"
#include "core/systems/system.h"

namespace dms::analysis {

/// A run's record: (q, p) at the kept sample indices (an angle lifted along the run), (q, p) at
/// the curves' times, the centre run's trajectory, and a failure.
struct PhaseRunRecord {
  std::vector<Vector2d> kept;
  std::vector<Vector2d> atCurves;
  std::vector<double> portraitTimes;
  std::vector<Vector2d> portrait;
  RunFailure failure;
  bool cancelled = false;
  std::int64_t samples = 0;
};

/// A vertex of the polygon: its place on the circle (u, a fraction of a turn), its start
/// (q, p) and its run.
struct PhaseVertex {
  double u = 0.0;
  Vector2d start = Vector2d::Zero();
  PhaseRunRecord rec;
};

/// What every run of one study shares, and the progress over all of them.
class PhaseRuns {
 public:
  /// `kept`: the sample indices every vertex keeps (increasing, N among them); `curvePos`:
  /// where each curve's index is in `kept`; `portraitStride`: the centre keeps every
  /// stride-th sample; `total`: the runs progress counts to, so far.
  PhaseRuns(const SystemModel& model, const PhasePlane& plane, const PhaseAreaSpec& spec,
            unsigned jobs, const std::atomic<bool>* cancel,
            const std::function<void(std::size_t, std::size_t)>& progress,
            const std::vector<std::int64_t>& kept, const std::vector<std::size_t>& curvePos,
            std::int64_t portraitStride, std::size_t total);

  /// Runs the vertices `todo` of `vs` (and the centre run into `centre` when given) to T.
  void run(Method method, std::vector<PhaseVertex>& vs, const std::vector<std::size_t>& todo,
           PhaseRunRecord* centre);
  /// The status of a batch into `out`: a failure (the first, by vertex; the centre is run M,
  /// after the M vertices), or cancelled.
  void status(const std::vector<PhaseVertex>& vs, const std::vector<std::size_t>& todo,
              const PhaseRunRecord* centre, std::size_t M, PhaseAreaMethod& out) const;
  /// More runs for progress to count (refinement's new vertices).
  void addToTotal(std::size_t n) { m_total += n; }

 private:
  const SystemModel& m_model;
  const PhasePlane& m_plane;
  const PhaseAreaSpec& m_spec;
  unsigned m_jobs;
  const std::atomic<bool>* m_cancel;
  const std::function<void(std::size_t, std::size_t)>& m_progress;
  const std::vector<std::int64_t>& m_kept;
  const std::vector<std::size_t>& m_curvePos;
  std::int64_t m_portraitStride;
  std::atomic<std::size_t> m_done{0}, m_total{0};
};

}  // namespace dms::analysis
