// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/phasearea.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <iomanip>
#include <memory>
#include <sstream>

#include "core/analysis/common.h"
#include "core/analysis/phasepolygon.h"
#include "core/analysis/phaseruns.h"
#include "core/sim/registry.h"

namespace dms {

using analysis::modelOf;
using analysis::PhasePolygon;
using analysis::PhaseRunRecord;
using analysis::PhaseRuns;
using analysis::PhaseVertex;
using analysis::rounded12;

namespace {

PhasePlane planeOf(const SystemModel& model, const ParamValues& values) {
  std::optional<PhasePlane> plane = model.phasePlane(values);
  if (!plane) {
    std::string with;
    for (const SystemModel* m : allSystems())
      if (m->phasePlane(m->normalize({}, nullptr))) with += (with.empty() ? "" : ", ") + m->name();
    throw InputError("--system '" + model.name() +
                     "': no one-degree-of-freedom phase plane (systems with one: " + with + ")");
  }
  return *plane;
}

// the sample index nearest t (the runs sample t_k = k h, k = 0..N)
std::int64_t indexOf(double t, const IntegratorSettings& st) {
  return std::min(st.steps(), std::int64_t(std::llround(t / st.h)));
}

}  // namespace

bool phaseAreaMeasured(double ratio, double bound) {
  return std::isfinite(ratio) && std::isfinite(bound) &&
         bound <= std::max(std::fabs(ratio - 1.0), kPhaseAreaResolution);
}

double shoelaceArea(const std::vector<Vector2d>& polygon) {
  const std::size_t n = polygon.size();
  if (n < 3) return 0.0;
  Vector2d c = Vector2d::Zero();
  for (const Vector2d& z : polygon) c += z;
  c /= double(n);
  double twice = 0.0;
  for (std::size_t j = 0; j < n; ++j) {
    const Vector2d a = polygon[j] - c, b = polygon[(j + 1) % n] - c;
    twice += a.x() * b.y() - b.x() * a.y();
  }
  return 0.5 * twice;
}

PhaseAreaSpec defaultPhaseArea(const SystemModel& model) {
  PhaseAreaSpec s;
  s.system = model.name();
  s.parameters = model.normalize({}, nullptr);
  s.radius = planeOf(model, s.parameters).defaultRadius;
  s.methods = model.methods();
  s.settings = model.defaultSettings();
  s.settings.T = rounded12(s.settings.T / 10.0);
  for (int k = 1; k <= 8; ++k) s.times.push_back(rounded12(s.settings.T * k / 8.0));
  return s;
}

void validatePhaseArea(const PhaseAreaSpec& spec) {
  const SystemModel& model = modelOf(spec.system);
  planeOf(model, spec.parameters);
  std::string has;
  for (Method m : model.methods()) has += (has.empty() ? "" : ", ") + methodName(m);
  if (spec.methods.empty()) throw InputError("--methods: no method (this system has: " + has + ")");
  for (std::size_t i = 0; i < spec.methods.size(); ++i) {
    const Method m = spec.methods[i];
    if (!model.hasMethod(m))
      throw InputError("--methods: '" + methodName(m) + "' is not available for " + spec.system +
                       " (this system has: " + has + ")");
    if (std::find(spec.methods.begin(), spec.methods.begin() + long(i), m) !=
        spec.methods.begin() + long(i))
      throw InputError("--methods: '" + methodName(m) + "' given twice");
  }
  validateSettings(spec.settings);
  if (spec.points < 8 || spec.points > 4096)
    throw InputError("--points " + std::to_string(spec.points) +
                     ": the polygon's vertices M must be in [8, 4096]");
  if (!(spec.radius > 0.0) || !std::isfinite(spec.radius))
    throw InputError("--radius " + formatNumber(spec.radius) +
                     ": the circle's radius r must be > 0 (and finite)");
  if (spec.maxPoints < 0 || spec.maxPoints > kPhaseAreaMaxPoints)
    throw InputError("--max-points " + std::to_string(spec.maxPoints) +
                     ": refinement's cap on the vertices must be in [0, " +
                     std::to_string(kPhaseAreaMaxPoints) + "] (at most M: no refinement)");
  if (!(spec.tolerance > 0.0 && spec.tolerance < 1.0))
    throw InputError("--tolerance " + formatNumber(spec.tolerance) +
                     ": the area's tolerance, relative to A(0), must be in (0, 1)");
  if (spec.times.empty())
    throw InputError("--times: no time (give increasing times in (0, T] = (0, " +
                     formatNumber(spec.settings.T) + "])");
  for (std::size_t i = 0; i < spec.times.size(); ++i) {
    const double t = spec.times[i];
    if (!(t > 0.0) || t > spec.settings.T)
      throw InputError("--times " + formatNumber(t) + ": every time must be in (0, T] = (0, " +
                       formatNumber(spec.settings.T) + "]");
    if (i > 0 && !(t > spec.times[i - 1]))
      throw InputError("--times " + formatNumber(t) + ": the times must increase (after " +
                       formatNumber(spec.times[i - 1]) + ")");
  }
}

PhaseAreaResult runPhaseArea(const PhaseAreaSpec& spec, unsigned jobs,
                             const std::atomic<bool>* cancel,
                             const std::function<void(std::size_t, std::size_t)>& progress) {
  const SystemModel& model = modelOf(spec.system);
  const PhasePlane plane = planeOf(model, spec.parameters);
  const IntegratorSettings& st = spec.settings;
  const std::int64_t N = st.steps();
  const std::size_t M = std::size_t(spec.points);
  const std::size_t budget = std::max(M, std::size_t(std::max(0, spec.maxPoints)));
  const bool refine = budget > M;

  // the kept sample indices: every stride-th and N for the ratio, and the curves' times
  const std::int64_t ratioStride = std::max<std::int64_t>(
      1, (N + std::int64_t(kPhaseRatioPoints) - 1) / std::int64_t(kPhaseRatioPoints));
  std::vector<std::int64_t> kept, curveIndex;
  for (std::int64_t k = 0; k <= N; k += ratioStride) kept.push_back(k);
  kept.push_back(N);
  for (double t : spec.times) curveIndex.push_back(indexOf(t, st));
  kept.insert(kept.end(), curveIndex.begin(), curveIndex.end());
  std::sort(kept.begin(), kept.end());
  kept.erase(std::unique(kept.begin(), kept.end()), kept.end());
  std::vector<std::size_t> curvePos;  // where each curve's index is in `kept`
  for (std::int64_t k : curveIndex)
    curvePos.push_back(std::size_t(std::lower_bound(kept.begin(), kept.end(), k) - kept.begin()));
  const std::size_t K = kept.size();
  const std::int64_t portraitStride = std::max<std::int64_t>(
      1, (N + std::int64_t(kPortraitPoints) - 1) / std::int64_t(kPortraitPoints));

  const Vector2d z0 = plane.initial;
  const auto startAt = [&](double a) {
    return Vector2d(z0.x() + spec.radius * std::cos(a),
                    z0.y() + spec.radius * plane.pScale * std::sin(a));
  };

  PhaseAreaResult result;
  result.spec = spec;
  result.qName = plane.qName;
  result.qUnit = plane.qUnit;
  result.pName = plane.pName;
  result.pUnit = plane.pUnit;
  result.angular = plane.angular;
  result.circleArea = kPi * spec.radius * spec.radius * plane.pScale;
  if (plane.separatrix)
    for (std::size_t i = 0; i < kSeparatrixPoints; ++i) {
      const double q = -kPi + 2 * kPi * double(i) / double(kSeparatrixPoints - 1);
      result.separatrix.emplace_back(q, plane.separatrix(q));
    }

  PhaseRuns runs(model, plane, spec, jobs, cancel, progress, kept, curvePos, portraitStride,
                 spec.methods.size() * (M + 1));

  bool straddles[2] = {false, false};  // starts inside, outside the separatrix
  for (std::size_t mi = 0; mi < spec.methods.size(); ++mi) {
    PhaseAreaMethod out;
    out.method = spec.methods[mi];
    if (cancel && cancel->load()) {
      out.status = RunStatus::Cancelled;
      result.methods.push_back(std::move(out));
      continue;
    }
    std::vector<PhaseVertex> vs(M);
    std::vector<std::size_t> todo(M);
    for (std::size_t j = 0; j < M; ++j) {
      vs[j].u = double(j) / double(M);
      vs[j].start = startAt(2 * kPi * double(j) / double(M));
      todo[j] = j;
    }
    PhaseRunRecord centre;
    runs.run(out.method, vs, todo, &centre);
    runs.status(vs, todo, &centre, M, out);
    if (out.status != RunStatus::Ok) {
      result.methods.push_back(std::move(out));
      continue;
    }
    out.portraitTimes = std::move(centre.portraitTimes);
    out.portrait = std::move(centre.portrait);

    PhasePolygon polygon(vs, M, K, spec, budget, startAt);
    polygon.refine(runs, out);
    if (out.status != RunStatus::Ok) {
      result.methods.push_back(std::move(out));
      continue;
    }
    const std::vector<double>& area = polygon.area();

    out.points = int(vs.size());
    out.area0 = area[0];
    std::vector<double> bound(K);
    for (std::size_t k = 0; k < K; ++k) bound[k] = polygon.boundAt(k);
    for (std::size_t i = 0; i < K; ++i) {
      const double ratio = area[i] / out.area0;
      if (!out.unresolvedFrom && !phaseAreaMeasured(ratio, bound[i]))
        out.unresolvedFrom = double(kept[i]) * st.h;
      if (kept[i] % ratioStride == 0 || kept[i] == N) {
        out.ratioTimes.push_back(double(kept[i]) * st.h);
        out.areas.push_back(area[i]);
        out.ratios.push_back(ratio);
        out.bounds.push_back(bound[i]);
      }
    }
    std::vector<std::size_t> byU(vs.size());
    for (std::size_t j = 0; j < vs.size(); ++j) byU[j] = j;
    std::sort(byU.begin(), byU.end(),
              [&](std::size_t a, std::size_t b) { return vs[a].u < vs[b].u; });
    for (std::size_t c = 0; c < curvePos.size(); ++c) {
      PhaseCurve curve;
      curve.t = double(kept[curvePos[c]]) * st.h;
      for (std::size_t j : byU) curve.points.push_back(vs[j].rec.atCurves[c]);
      curve.area = area[curvePos[c]];
      curve.bound = bound[curvePos[c]];
      out.curves.push_back(std::move(curve));
    }
    if (plane.separatrix)
      for (const PhaseVertex& v : vs)
        straddles[std::fabs(v.start.y()) < plane.separatrix(std::remainder(v.start.x(), 2 * kPi))
                      ? 0
                      : 1] = true;
    result.methods.push_back(std::move(out));
  }
  result.straddlesSeparatrix = straddles[0] && straddles[1];

  // what cannot be read off the ratios, said
  for (const PhaseAreaMethod& m : result.methods) {
    if (m.status != RunStatus::Ok || !m.unresolvedFrom) continue;
    std::ostringstream w;
    w << std::setprecision(6) << methodInfo(m.method).label
      << ": A(t)/A(0) is not measured from t = " << *m.unresolvedFrom
      << " s on: there the polygon's own error (up to " << std::setprecision(2)
      << *std::max_element(m.bounds.begin(), m.bounds.end())
      << " of A(0)) exceeds both the change the ratio shows and 1%";
    if (m.capped) w << "; refinement stopped at its cap of " << spec.maxPoints << " vertices";
    if (m.atResolution)
      w << (m.capped ? " and" : "; refinement stopped")
        << " where neighbouring initial states are as close as doubles allow";
    if ((m.capped || m.atResolution) && m.unresolvedPairs > 0)
      w << ", " << m.unresolvedPairs << " pairs of edges not resolved";
    if (!refine) w << "; the polygon of " << M << " vertices was not refined";
    result.warnings.push_back(w.str());
  }
  if (!result.warnings.empty() && result.straddlesSeparatrix)
    result.warnings.push_back(
        "The circle of initial states straddles the separatrix: its states on either side part "
        "(swinging, turning) ever faster, and no polygon follows them for long. Take a shorter "
        "T or a smaller radius.");
  return result;
}

std::optional<double> phaseAreaDiscretizationBound(const PhaseAreaResult& m,
                                                   const PhaseAreaResult& twoM, Method method) {
  const auto find = [method](const PhaseAreaResult& r) -> const PhaseAreaMethod* {
    for (const PhaseAreaMethod& x : r.methods)
      if (x.method == method && x.status == RunStatus::Ok) return &x;
    return nullptr;
  };
  const PhaseAreaMethod* a = find(m);
  const PhaseAreaMethod* b = find(twoM);
  if (!a || !b) return std::nullopt;
  double worst = 0.0;
  std::size_t j = 0;
  for (std::size_t i = 0; i < a->ratioTimes.size(); ++i) {
    while (j < b->ratioTimes.size() && b->ratioTimes[j] < a->ratioTimes[i]) ++j;
    if (j < b->ratioTimes.size() && b->ratioTimes[j] == a->ratioTimes[i])
      worst = std::max(worst, std::fabs(a->ratios[i] - b->ratios[j]));
  }
  return 2.0 * worst;
}

void writePhaseAreaCsv(std::ostream& csv, const PhaseAreaResult& r) {
  csv << "t,method,area,ratio,bound,measured\n";
  for (const PhaseAreaMethod& m : r.methods)
    for (std::size_t i = 0; i < m.ratios.size(); ++i)
      csv << formatNumber(m.ratioTimes[i]) << "," << methodName(m.method) << ","
          << formatNumber(m.areas[i]) << "," << formatNumber(m.ratios[i]) << ","
          << formatNumber(m.bounds[i]) << "," << phaseAreaMeasured(m.ratios[i], m.bounds[i])
          << "\n";
}

void writePhaseCurvesCsv(std::ostream& csv, const PhaseAreaResult& r) {
  csv << "t,method,index,q,p\n";
  for (const PhaseAreaMethod& m : r.methods)
    for (const PhaseCurve& c : m.curves)
      for (std::size_t j = 0; j < c.points.size(); ++j)
        csv << formatNumber(c.t) << "," << methodName(m.method) << "," << j << ","
            << formatNumber(c.points[j].x()) << "," << formatNumber(c.points[j].y()) << "\n";
}

}  // namespace dms
