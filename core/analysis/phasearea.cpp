#include "core/analysis/phasearea.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <iomanip>
#include <memory>
#include <sstream>

#include "core/analysis/common.h"
#include "core/analysis/parallel.h"
#include "core/sim/registry.h"

namespace dms {

using analysis::modelOf;
using analysis::rounded12;

namespace {

constexpr double kPi = 3.14159265358979323846;

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

// the vertices' (q, p) at the kept sample indices, the centre run's trajectory, and a failure
struct RunRecord {
  std::vector<Vector2d> kept;
  std::vector<double> portraitTimes;
  std::vector<Vector2d> portrait;
  RunFailure failure;
  bool cancelled = false;
};

// keeps (q, p) at the sample indices `kept` (increasing) and, for the centre, every stride-th
class KeepSink final : public SampleSink {
 public:
  KeepSink(const PhasePlane& plane, const std::vector<std::int64_t>& kept, std::int64_t last,
           std::int64_t portraitStride, RunRecord& out)
      : m_plane(plane), m_kept(kept), m_last(last), m_stride(portraitStride), m_out(out) {}
  void take(const Sample& s) override {
    if (m_next < m_kept.size() && m_kept[m_next] == m_k) {
      m_out.kept.push_back(m_plane.read(s));
      ++m_next;
    }
    if (m_stride > 0 && (m_k % m_stride == 0 || m_k == m_last)) {
      m_out.portraitTimes.push_back(s.t);
      m_out.portrait.push_back(m_plane.read(s));
    }
    ++m_k;
  }
  std::int64_t count() const { return m_k; }

 private:
  const PhasePlane& m_plane;
  const std::vector<std::int64_t>& m_kept;
  std::int64_t m_last;
  std::int64_t m_stride;
  RunRecord& m_out;
  std::size_t m_next = 0;
  std::int64_t m_k = 0;
};

// an angle's curve made continuous point to point, then moved by a multiple of 2 pi so that
// its first point is in (-pi, pi]
void unwrap(std::vector<Vector2d>& curve) {
  for (std::size_t j = 1; j < curve.size(); ++j)
    curve[j].x() = curve[j - 1].x() + std::remainder(curve[j].x() - curve[j - 1].x(), 2 * kPi);
  if (curve.empty()) return;
  const double shift = curve[0].x() - std::remainder(curve[0].x(), 2 * kPi);
  for (Vector2d& z : curve) z.x() -= shift;
}

}  // namespace

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
  const std::int64_t portraitStride = std::max<std::int64_t>(
      1, (N + std::int64_t(kPortraitPoints) - 1) / std::int64_t(kPortraitPoints));

  // run j < M starts at vertex j, run M at (q0, p0)
  const Vector2d z0 = plane.initial;
  std::vector<ParamValues> starts;
  for (std::size_t j = 0; j < M; ++j) {
    const double a = 2 * kPi * double(j) / double(M);
    starts.push_back(plane.withInitial(z0.x() + spec.radius * std::cos(a),
                                       z0.y() + spec.radius * plane.pScale * std::sin(a)));
  }
  starts.push_back(spec.parameters);

  const std::size_t perMethod = M + 1, total = spec.methods.size() * perMethod;
  std::vector<RunRecord> records(total);
  std::atomic<std::size_t> done{0};
  parallelFor(
      total, jobs,
      [&](std::size_t task) {
        const Method method = spec.methods[task / perMethod];
        const std::size_t j = task % perMethod;
        RunRecord& rec = records[task];
        rec.kept.reserve(kept.size());
        const std::unique_ptr<Run> run = model.makeRun(starts[j], method, st);
        KeepSink sink(plane, kept, N, j == M ? portraitStride : 0, rec);
        bool more = true;
        while (more) {
          if (cancel && cancel->load()) {
            rec.cancelled = true;
            break;
          }
          more = run->advance(sink, 4096, SampleFields::Metrics);
        }
        rec.failure = run->failure();
        if (!rec.failure.failed && !rec.cancelled && sink.count() != N + 1) {
          rec.failure.failed = true;
          rec.failure.time = double(sink.count() - 1) * st.h;
          rec.failure.reason = "gave " + std::to_string(sink.count()) +
                               " samples, not N + 1 = " + std::to_string(N + 1);
        }
        if (progress) progress(++done, total);
      },
      {}, cancel);

  PhaseAreaResult result;
  result.spec = spec;
  result.qName = plane.qName;
  result.qUnit = plane.qUnit;
  result.pName = plane.pName;
  result.pUnit = plane.pUnit;
  result.circleArea = kPi * spec.radius * spec.radius * plane.pScale;
  if (plane.separatrix)
    for (std::size_t i = 0; i < kSeparatrixPoints; ++i) {
      const double q = -kPi + 2 * kPi * double(i) / double(kSeparatrixPoints - 1);
      result.separatrix.emplace_back(q, plane.separatrix(q));
    }

  const bool cancelled = cancel && cancel->load();
  for (std::size_t mi = 0; mi < spec.methods.size(); ++mi) {
    PhaseAreaMethod out;
    out.method = spec.methods[mi];
    const RunRecord* recs = &records[mi * perMethod];
    for (std::size_t j = 0; j < perMethod && out.status == RunStatus::Ok; ++j) {
      if (recs[j].failure.failed) {
        out.status = RunStatus::Failed;
        out.failure = "run " + std::to_string(j) + " at t = " + formatNumber(recs[j].failure.time) +
                      ": " + recs[j].failure.reason;
      } else if (recs[j].cancelled || cancelled || recs[j].kept.size() != kept.size()) {
        out.status = RunStatus::Cancelled;
      }
    }
    if (out.status != RunStatus::Ok) {
      result.methods.push_back(std::move(out));
      continue;
    }
    out.portraitTimes = recs[M].portraitTimes;
    out.portrait = recs[M].portrait;
    std::vector<Vector2d> curve(M);
    std::size_t nextCurve = 0;
    for (std::size_t i = 0; i < kept.size(); ++i) {
      for (std::size_t j = 0; j < M; ++j) curve[j] = recs[j].kept[i];
      if (plane.angular) unwrap(curve);
      const double area = shoelaceArea(curve);
      const double t = double(kept[i]) * st.h;
      if (i == 0) out.area0 = area;
      if (kept[i] % ratioStride == 0 || kept[i] == N) {
        out.ratioTimes.push_back(t);
        out.areas.push_back(area);
        out.ratios.push_back(area / out.area0);
      }
      while (nextCurve < curveIndex.size() && curveIndex[nextCurve] == kept[i]) {
        out.curves.push_back({t, curve, area});
        ++nextCurve;
      }
    }
    result.methods.push_back(std::move(out));
  }
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
  csv << "t,method,area,ratio\n";
  for (const PhaseAreaMethod& m : r.methods)
    for (std::size_t i = 0; i < m.ratios.size(); ++i)
      csv << formatNumber(m.ratioTimes[i]) << "," << methodName(m.method) << ","
          << formatNumber(m.areas[i]) << "," << formatNumber(m.ratios[i]) << "\n";
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
