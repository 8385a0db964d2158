// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/phaseruns.h"

#include <cmath>
#include <memory>
#include <string>
#include <utility>

#include "core/analysis/parallel.h"

namespace dms::analysis {

namespace {

// keeps (q, p) at the sample indices `kept` (increasing) and, for the centre, every stride-th;
// an angle is lifted: it starts within pi of q0 (the run's initial angle, which may lie beyond
// pi) and moves by less than pi from sample to sample, so its turns are counted, not lost
class KeepSink final : public SampleSink {
 public:
  KeepSink(const PhasePlane& plane, double q0, const std::vector<std::int64_t>& kept,
           std::int64_t last, std::int64_t portraitStride, PhaseRunRecord& out)
      : m_plane(plane),
        m_q0(q0),
        m_kept(kept),
        m_last(last),
        m_stride(portraitStride),
        m_out(out) {}
  void take(const Sample& s) override {
    const Vector2d z = m_plane.read(s);
    if (m_plane.angular)
      m_turns += std::nearbyint(((m_k == 0 ? m_q0 : m_previous) - z.x()) / (2 * kPi));
    m_previous = z.x();
    if (m_next < m_kept.size() && m_kept[m_next] == m_k) {
      m_out.kept.emplace_back(z.x() + 2 * kPi * m_turns, z.y());
      ++m_next;
    }
    if (m_stride > 0 && (m_k % m_stride == 0 || m_k == m_last)) {
      m_out.portraitTimes.push_back(s.t);
      m_out.portrait.push_back(z);
    }
    ++m_k;
  }
  std::int64_t count() const { return m_k; }

 private:
  const PhasePlane& m_plane;
  double m_q0;
  const std::vector<std::int64_t>& m_kept;
  std::int64_t m_last;
  std::int64_t m_stride;
  PhaseRunRecord& m_out;
  std::size_t m_next = 0;
  std::int64_t m_k = 0;
  double m_turns = 0.0;
  double m_previous = 0.0;
};

}  // namespace

PhaseRuns::PhaseRuns(const SystemModel& model, const PhasePlane& plane, const PhaseAreaSpec& spec,
                     unsigned jobs, const std::atomic<bool>* cancel,
                     const std::function<void(std::size_t, std::size_t)>& progress,
                     const std::vector<std::int64_t>& kept,
                     const std::vector<std::size_t>& curvePos, std::int64_t portraitStride,
                     std::size_t total)
    : m_model(model),
      m_plane(plane),
      m_spec(spec),
      m_jobs(jobs),
      m_cancel(cancel),
      m_progress(progress),
      m_kept(kept),
      m_curvePos(curvePos),
      m_portraitStride(portraitStride),
      m_total(total) {}

void PhaseRuns::run(Method method, std::vector<PhaseVertex>& vs,
                    const std::vector<std::size_t>& todo, PhaseRunRecord* centre) {
  const IntegratorSettings& st = m_spec.settings;
  const std::int64_t N = st.steps();
  const std::size_t K = m_kept.size();
  const std::vector<std::int64_t> none;
  const Vector2d z0 = m_plane.initial;
  const std::size_t n = todo.size() + (centre ? 1 : 0);
  parallelFor(
      n, m_jobs,
      [&](std::size_t task) {
        const bool isCentre = task == todo.size();
        PhaseRunRecord& rec = isCentre ? *centre : vs[todo[task]].rec;
        const ParamValues start =
            isCentre ? m_spec.parameters
                     : m_plane.withInitial(vs[todo[task]].start.x(), vs[todo[task]].start.y());
        if (!isCentre) rec.kept.reserve(K);
        const std::unique_ptr<Run> run = m_model.makeRun(start, method, st);
        KeepSink sink(m_plane, isCentre ? z0.x() : vs[todo[task]].start.x(),
                      isCentre ? none : m_kept, N, isCentre ? m_portraitStride : 0, rec);
        bool more = true;
        while (more) {
          if (m_cancel && m_cancel->load()) {
            rec.cancelled = true;
            break;
          }
          more = run->advance(sink, 4096, SampleFields::Metrics);
        }
        rec.samples = sink.count();
        rec.failure = run->failure();
        if (!rec.failure.failed && !rec.cancelled && sink.count() != N + 1) {
          rec.failure.failed = true;
          rec.failure.time = double(sink.count() - 1) * st.h;
          rec.failure.reason = "gave " + std::to_string(sink.count()) +
                               " samples, not N + 1 = " + std::to_string(N + 1);
        }
        if (!isCentre && rec.kept.size() == K)
          for (std::size_t c : m_curvePos) rec.atCurves.push_back(rec.kept[c]);
        if (m_progress) m_progress(++m_done, m_total.load());
      },
      {}, m_cancel);
}

void PhaseRuns::status(const std::vector<PhaseVertex>& vs, const std::vector<std::size_t>& todo,
                       const PhaseRunRecord* centre, std::size_t M, PhaseAreaMethod& out) const {
  const std::int64_t N = m_spec.settings.steps();
  std::vector<std::pair<std::size_t, const PhaseRunRecord*>> recs;
  for (std::size_t j : todo) recs.push_back({j, &vs[j].rec});
  if (centre) recs.push_back({M, centre});  // the centre is run M, after the M vertices
  for (const auto& [j, rec] : recs) {
    if (rec->failure.failed) {
      out.status = RunStatus::Failed;
      out.failure = "run " + std::to_string(j) + " at t = " + formatNumber(rec->failure.time) +
                    ": " + rec->failure.reason;
      return;
    }
  }
  for (const auto& [j, rec] : recs)
    if (rec->cancelled || (m_cancel && m_cancel->load()) || rec->samples != N + 1)
      out.status = RunStatus::Cancelled;
}

}  // namespace dms::analysis
