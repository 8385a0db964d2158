// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/sim/controlledrun.h"

#include <cmath>
#include <utility>

namespace dms {

ControlledRun::ControlledRun(std::unique_ptr<Simulator> sim, ControlLaw law, std::int64_t steps)
    : m_sim(std::move(sim)), m_law(std::move(law)), m_steps(steps) {
  // the columns of the system's run of the same method (its forms name them)
  IntegratorSettings st = m_sim->settings();
  st.T = st.h;
  m_names = m_sim->model().makeRun(m_sim->values(), m_sim->method(), st)->stateNames();
  m_u = VectorXd::Zero(Eigen::Index(m_sim->controlSize()));
}

double ControlledRun::progress() const {
  return m_steps > 0 ? double(m_done) / double(m_steps) : 1.0;
}

bool ControlledRun::fail(const std::string& why) {
  m_over = true;
  m_failure.failed = true;
  m_failure.time = m_sim->t();
  m_failure.reason = why;
  return false;
}

bool ControlledRun::advance(SampleSink& sink, std::size_t maxSamples, SampleFields /*fields*/) {
  std::size_t n = 0;
  while (n < maxSamples && !m_over) {
    // the law at t_k, before the sample goes out: the sample carries the control it was given
    m_sample = m_sim->sample();
    const bool last = m_done >= m_steps;
    if (!last) {
      std::string why;
      if (!m_law(m_sample, m_u, &why)) {
        sink.take(m_sample);
        return fail("the control at t = " + formatNumber(m_sample.t) + " failed: " + why);
      }
      for (Eigen::Index i = 0; i < m_u.size(); ++i)
        if (!std::isfinite(m_u[i])) {
          sink.take(m_sample);
          return fail("the control at t = " + formatNumber(m_sample.t) + " is not finite (u" +
                      std::to_string(i + 1) + " = " + formatNumber(m_u[i]) + ")");
        }
      m_sample.control = m_u;
    }
    sink.take(m_sample);
    ++n;
    if (last) {
      m_over = true;
      break;
    }
    if (!m_sim->step(m_u)) return fail(m_sim->failure().reason);
    ++m_done;
  }
  return !m_over;
}

}  // namespace dms
