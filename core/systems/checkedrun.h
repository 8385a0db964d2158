// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// A Runge-Kutta run stopped at its first sample that leaves the model's domain (a collision, a
/// pole of the potential), which RK45 would otherwise integrate through; its last good sample is
/// the one before. The variational steps check the domain in the step and need none of this.
#pragma once

#include <memory>
#include <sstream>
#include <string>
#include <utility>

#include "core/integrators/run.h"

namespace dms {

/// `Check` is a callable `std::string(const Sample&)`: empty inside the domain, else why not.
/// The failure reads "<label> at t = <t>: <why>". With `needsPose` the inner run is asked for
/// every field (the check reads the position and attitude) whatever the caller asked for.
template <class Check>
class DomainCheckedRun final : public Run {
 public:
  DomainCheckedRun(std::unique_ptr<Run> inner, Check check, const char* label, bool needsPose)
      : m_inner(std::move(inner)),
        m_check(std::move(check)),
        m_label(label),
        m_needsPose(needsPose) {}

  using Run::advance;
  bool advance(SampleSink& sink, std::size_t maxSamples, SampleFields fields) override {
    if (m_over) return false;
    Checker check{*this, sink};
    const bool more = m_inner->advance(check, maxSamples, m_needsPose ? SampleFields::All : fields);
    if (m_over) return false;
    if (!more) {
      m_over = true;
      m_failure = m_inner->failure();
    }
    return more;
  }
  double progress() const override { return m_inner->progress(); }
  RunCounters counters() const override { return m_inner->counters(); }
  std::vector<std::string> stateNames() const override { return m_inner->stateNames(); }
  // the inner run's dense output, unchecked (between two samples inside the domain)
  bool observeSteps(StepObserver* observer) override { return m_inner->observeSteps(observer); }
  bool interpolate(double t, Sample& out) const override { return m_inner->interpolate(t, out); }

 private:
  // passes samples on until the first one outside the domain, then drops the rest
  struct Checker final : SampleSink {
    Checker(DomainCheckedRun& r, SampleSink& s) : run(r), next(s) {}
    void take(const Sample& s) override {
      if (run.m_over) return;
      const std::string why = run.m_check(s);
      if (!why.empty()) {
        std::ostringstream m;
        m << run.m_label << " at t = " << s.t << ": " << why;
        run.m_over = true;
        run.m_failure = {true, run.m_lastGood, m.str()};
        return;
      }
      run.m_lastGood = s.t;
      next.take(s);
    }
    DomainCheckedRun& run;
    SampleSink& next;
  };

  std::unique_ptr<Run> m_inner;
  Check m_check;
  const char* m_label;
  bool m_needsPose;
  double m_lastGood = 0.0;
  bool m_over = false;
};

/// The run of `inner` checked by `check` (DomainCheckedRun).
template <class Check>
std::unique_ptr<Run> makeDomainCheckedRun(std::unique_ptr<Run> inner, Check check,
                                          const char* label, bool needsPose) {
  return std::make_unique<DomainCheckedRun<Check>>(std::move(inner), std::move(check), label,
                                                   needsPose);
}

}  // namespace dms
