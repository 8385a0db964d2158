#include "core/integrators/rkrun.h"

#include <algorithm>
#include <sstream>

namespace dms {

RkRun::RkRun(ContinuousForm form, const IntegratorSettings& s, bool projected)
    : m_form(std::move(form)), m_settings(s), m_projected(projected && m_form.project) {
  m_lastOut = s.steps();
  const bool output = s.sampling == RkSampling::Output;
  // ode45 with tspan = 0:h:T integrates to the last output time
  m_tf = output ? double(m_lastOut) * s.h : s.T;
  DormandPrince::Options o;
  o.rtol = s.rtol;
  o.atol = s.atol;
  o.controller = s.controller;
  o.firstOutputSpacing = output ? s.h : 0.0;
  if (m_projected) o.project = m_form.project;
  m_dp.init(m_form.rhs, 0.0, m_form.y0, m_tf, o);
  m_yout.resize(m_form.y0.size());
}

bool RkRun::fail(const std::string& why) {
  m_over = true;
  m_failure.failed = true;
  m_failure.time = m_lastGood;
  m_failure.reason = why;
  return false;
}

bool RkRun::emitSample(SampleSink& sink, double t, const VectorXd& y) {
  m_sample = m_form.sample(t, y);
  if (!sampleIsFinite(m_sample)) {
    std::ostringstream m;
    m << "RK45: the state became non-finite near t = " << t;
    return fail(m.str());
  }
  m_lastGood = t;
  sink.take(m_sample);
  return true;
}

bool RkRun::advance(SampleSink& out, std::size_t maxSamples, SampleFields /*fields*/) {
  std::size_t n = 0;
  const bool output = m_settings.sampling == RkSampling::Output;
  if (!m_started && maxSamples > 0 && !m_over) {
    m_started = true;
    if (!emitSample(out, 0.0, m_form.y0)) return false;
    ++n;
    m_nextOut = 1;
  }
  while (n < maxSamples && !m_over) {
    if (output) {
      // emit every requested time inside the last accepted step
      bool emitted = false;
      while (n < maxSamples && m_nextOut <= m_lastOut) {
        const double tout = m_nextOut == m_lastOut ? m_tf : double(m_nextOut) * m_settings.h;
        if (tout > m_dp.t() || m_dp.accepted() == 0) break;
        m_dp.interpolate(tout, m_yout);
        if (m_projected) m_form.project(m_yout);
        if (!emitSample(out, tout, m_yout)) return false;
        ++m_nextOut;
        ++n;
        emitted = true;
      }
      if (m_nextOut > m_lastOut) {
        m_over = true;
        break;
      }
      if (emitted && n >= maxSamples) break;
    }
    if (m_dp.done()) {
      m_over = true;
      break;
    }
    if (!m_dp.step()) return fail(m_dp.error());
    if (!output) {
      if (!emitSample(out, m_dp.t(), m_dp.y())) return false;
      ++n;
    }
  }
  return !m_over;
}

double RkRun::progress() const { return m_tf > 0 ? std::min(1.0, m_dp.t() / m_tf) : 1.0; }

RunCounters RkRun::counters() const { return {m_dp.accepted(), m_dp.rejected(), m_dp.fevals()}; }

}  // namespace dms
