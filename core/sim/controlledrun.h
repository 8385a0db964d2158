// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// A run closed by a control law: at each t_k the law reads the sample and gives the control
/// held over the next step, and the forced simulator takes it (simulator.h). It is a Run like
/// any other (its samples, summary, CSV and views), each sample carrying the control it was
/// given (Sample::control).
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/sim/simulator.h"

namespace dms {

/// u = law(t_k, sample_k): writes the control held over step k into u (sized by the caller to
/// the simulator's controlSize()). Returns false to stop the run, with the reason in `why`
/// (a control that cannot be computed: the run keeps its samples and fails there).
using ControlLaw = std::function<bool(const Sample& s, VectorXd& u, std::string* why)>;

class ControlledRun final : public Run {
 public:
  /// Runs `steps` steps of `sim` from its current state, the law giving each step's control.
  ControlledRun(std::unique_ptr<Simulator> sim, ControlLaw law, std::int64_t steps);

  using Run::advance;
  bool advance(SampleSink& sink, std::size_t maxSamples, SampleFields fields) override;
  double progress() const override;
  RunCounters counters() const override { return m_sim->counters(); }
  std::vector<std::string> stateNames() const override { return m_names; }
  const Simulator& simulator() const { return *m_sim; }

 private:
  bool fail(const std::string& why);

  std::unique_ptr<Simulator> m_sim;
  ControlLaw m_law;
  std::int64_t m_steps;
  std::int64_t m_done = 0;
  std::vector<std::string> m_names;
  VectorXd m_u;
  Sample m_sample;
  bool m_over = false;
};

}  // namespace dms
