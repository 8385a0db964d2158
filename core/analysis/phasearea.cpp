#include "core/analysis/phasearea.h"

#include <algorithm>
#include <array>
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

// a run's record: (q, p) at the kept sample indices (an angle lifted along the run), (q, p) at
// the curves' times, the centre run's trajectory, and a failure
struct RunRecord {
  std::vector<Vector2d> kept;
  std::vector<Vector2d> atCurves;
  std::vector<double> portraitTimes;
  std::vector<Vector2d> portrait;
  RunFailure failure;
  bool cancelled = false;
  std::int64_t samples = 0;
};

// keeps (q, p) at the sample indices `kept` (increasing) and, for the centre, every stride-th;
// an angle is lifted: it starts within pi of q0 (the run's initial angle, which may lie beyond
// pi) and moves by less than pi from sample to sample, so its turns are counted, not lost
class KeepSink final : public SampleSink {
 public:
  KeepSink(const PhasePlane& plane, double q0, const std::vector<std::int64_t>& kept,
           std::int64_t last, std::int64_t portraitStride, RunRecord& out)
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
  RunRecord& m_out;
  std::size_t m_next = 0;
  std::int64_t m_k = 0;
  double m_turns = 0.0;
  double m_previous = 0.0;
};

// twice the signed area of the triangle (a, b, c), about a (round-off relative to its size)
double twiceTriangle(const Vector2d& a, const Vector2d& b, const Vector2d& c) {
  const Vector2d u = b - a, v = c - a;
  return u.x() * v.y() - u.y() * v.x();
}

// a vertex of the polygon: its place on the circle (u, a fraction of a turn), its start (q, p)
// and its run
struct Vertex {
  double u = 0.0;
  Vector2d start = Vector2d::Zero();
  RunRecord rec;
};

// two consecutive edges (l, m, r) of the polygon, m between l and r on the circle (or, for an
// odd M, the last edge (l, r) alone, m = kNone, estimated by half the triangle over it and the
// edge before); span is u_r - u_l, in turns
constexpr std::size_t kNone = std::size_t(-1);
struct Pair {
  std::size_t l = 0, m = kNone, r = 0;
  double span = 0.0;
  double worst = 0.0;  // max |tri(t) - tri(0)| over the kept indices
  // the worst of the pair it was split from (infinite for the first pairs, taken as resolved,
  // as phaseAreaDiscretizationBound does): on a curve the polygon resolves, each half's is an
  // eighth of it (kappa l^3); converging when at most a quarter
  double parentWorst = INFINITY;
  bool converging = true;
};
// the pairs split in one round (their new vertices run in parallel): a fixed number, so that
// the result does not depend on the threads
constexpr std::size_t kRefineBatch = 32;

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
  const std::vector<std::int64_t> none;

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

  std::atomic<std::size_t> done{0}, total{spec.methods.size() * (M + 1)};
  // runs the vertices `todo` (and the centre run into `centre` when given) to T
  const auto runAll = [&](Method method, std::vector<Vertex>& vs,
                          const std::vector<std::size_t>& todo, RunRecord* centre) {
    const std::size_t n = todo.size() + (centre ? 1 : 0);
    parallelFor(
        n, jobs,
        [&](std::size_t task) {
          const bool isCentre = task == todo.size();
          RunRecord& rec = isCentre ? *centre : vs[todo[task]].rec;
          const ParamValues start =
              isCentre ? spec.parameters
                       : plane.withInitial(vs[todo[task]].start.x(), vs[todo[task]].start.y());
          if (!isCentre) rec.kept.reserve(K);
          const std::unique_ptr<Run> run = model.makeRun(start, method, st);
          KeepSink sink(plane, isCentre ? z0.x() : vs[todo[task]].start.x(), isCentre ? none : kept,
                        N, isCentre ? portraitStride : 0, rec);
          bool more = true;
          while (more) {
            if (cancel && cancel->load()) {
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
            for (std::size_t c : curvePos) rec.atCurves.push_back(rec.kept[c]);
          if (progress) progress(++done, total.load());
        },
        {}, cancel);
  };
  // the status of a batch: a failure (the first, by vertex), or cancelled
  const auto statusOf = [&](const std::vector<Vertex>& vs, const std::vector<std::size_t>& todo,
                            const RunRecord* centre, PhaseAreaMethod& out) {
    std::vector<std::pair<std::size_t, const RunRecord*>> recs;
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
      if (rec->cancelled || (cancel && cancel->load()) || rec->samples != N + 1)
        out.status = RunStatus::Cancelled;
  };

  bool straddles[2] = {false, false};  // starts inside, outside the separatrix
  for (std::size_t mi = 0; mi < spec.methods.size(); ++mi) {
    PhaseAreaMethod out;
    out.method = spec.methods[mi];
    if (cancel && cancel->load()) {
      out.status = RunStatus::Cancelled;
      result.methods.push_back(std::move(out));
      continue;
    }
    std::vector<Vertex> vs(M);
    std::vector<std::size_t> todo(M);
    for (std::size_t j = 0; j < M; ++j) {
      vs[j].u = double(j) / double(M);
      vs[j].start = startAt(2 * kPi * double(j) / double(M));
      todo[j] = j;
    }
    RunRecord centre;
    runAll(out.method, vs, todo, &centre);
    statusOf(vs, todo, &centre, out);
    if (out.status != RunStatus::Ok) {
      result.methods.push_back(std::move(out));
      continue;
    }
    out.portraitTimes = std::move(centre.portraitTimes);
    out.portrait = std::move(centre.portrait);

    // the area of the M vertices at each kept index; refinement adds each new vertex's triangle
    std::vector<double> area(K);
    {
      std::vector<Vector2d> polygon(M);
      for (std::size_t i = 0; i < K; ++i) {
        for (std::size_t j = 0; j < M; ++j) polygon[j] = vs[j].rec.kept[i];
        area[i] = shoelaceArea(polygon);
      }
    }
    const double scale = std::fabs(area[0]);  // the tolerance's A(0)
    // a pair's triangle at the kept indices (for a lone edge, half the one over it and the
    // edge before)
    const auto triangles = [&](const Pair& p) {
      std::vector<double> tri(K);
      const std::size_t l = p.m == kNone ? M - 2 : p.l, m = p.m == kNone ? M - 1 : p.m;
      const double weight = p.m == kNone ? 0.25 : 0.5;
      for (std::size_t i = 0; i < K; ++i)
        tri[i] = weight * twiceTriangle(vs[l].rec.kept[i], vs[m].rec.kept[i], vs[p.r].rec.kept[i]);
      return tri;
    };
    // the polygon's pairs' estimates, summed: the changes of the pairs that shrink as on a
    // resolved curve, signed (the slivers on either side of a thin filament cancel), and of the
    // others, in absolute value and whole
    std::vector<double> resolved(K, 0.0), unresolved(K, 0.0);
    const auto count = [&](const Pair& p, const std::vector<double>& tri, double sign) {
      for (std::size_t k = 0; k < K; ++k) {
        if (p.converging)
          resolved[k] += sign * (tri[k] - tri[0]);
        else
          unresolved[k] += sign * std::fabs(tri[k] - tri[0]);
      }
    };
    const auto boundAt = [&](std::size_t k) {
      return 2.0 * (std::fabs(resolved[k]) / 3.0 + std::max(0.0, unresolved[k])) /
             std::fabs(area[0]);
    };
    // whether the bound is what refinement aims at, at every kept index: the tolerance, or a
    // tenth of the change the ratio shows
    const auto met = [&] {
      for (std::size_t k = 0; k < K; ++k)
        if (!(boundAt(k) <= std::max(spec.tolerance, 0.1 * std::fabs(area[k] / area[0] - 1.0))))
          return false;
      return true;
    };
    std::vector<Pair> open;  // pairs above their share of the tolerance: refinement splits them
    const auto add = [&](Pair p, const std::vector<double>& tri) {
      p.worst = 0.0;
      for (std::size_t k = 0; k < K; ++k) p.worst = std::max(p.worst, std::fabs(tri[k] - tri[0]));
      p.converging = p.worst <= 0.25 * p.parentWorst;
      count(p, tri, 1.0);
      if (refine && p.worst > 1.5 * spec.tolerance * scale * p.span) open.push_back(p);
    };
    for (std::size_t j = 0; j + 2 <= M; j += 2) {
      Pair p;
      p.l = j;
      p.m = j + 1;
      p.r = (j + 2) % M;
      p.span = 2.0 / double(M);
      add(p, triangles(p));
    }
    if (M % 2 == 1) {
      Pair p;  // the last edge alone
      p.l = M - 1;
      p.r = 0;
      p.span = 1.0 / double(M);
      add(p, triangles(p));
    }

    // the largest estimates first (at any kept time: where the curve stretches late it
    // stretches early too), kRefineBatch pairs a round, while the budget lasts
    while (!open.empty() && !met()) {
      const auto weight = [](const Pair& p) { return p.converging ? p.worst / 3.0 : p.worst; };
      std::stable_sort(open.begin(), open.end(),
                       [&](const Pair& a, const Pair& b) { return weight(a) > weight(b); });
      std::vector<Pair> waiting, split, children;
      std::vector<std::size_t> added;  // new vertices
      for (Pair& p : open) {
        if (split.size() >= kRefineBatch || vs.size() + (p.m == kNone ? 1 : 2) > budget) {
          waiting.push_back(p);
          continue;
        }
        // the new vertices: the middles of (l, m) and (m, r), or of (l, r) for a lone edge
        std::vector<std::array<std::size_t, 2>> halves;
        if (p.m == kNone)
          halves.push_back({p.l, p.r});
        else
          halves = {{p.l, p.m}, {p.m, p.r}};
        std::vector<Vertex> made;
        for (const auto& [a, b] : halves) {
          const double ua = vs[a].u, ub = b == 0 ? 1.0 : vs[b].u;
          Vertex v;
          v.u = 0.5 * (ua + ub);
          v.start = startAt(2 * kPi * v.u);
          if (v.u > ua && v.u < ub && v.start != vs[a].start && v.start != vs[b].start)
            made.push_back(std::move(v));
        }
        if (made.size() < halves.size()) {  // as close as doubles allow: it stays as it is
          out.atResolution = true;
          out.unresolvedPairs += !p.converging;
          continue;
        }
        const std::size_t first = vs.size();
        for (Vertex& v : made) {
          added.push_back(vs.size());
          vs.push_back(std::move(v));
        }
        if (p.m == kNone) {
          Pair c;  // an edge before, not a pair: no parent to compare with
          c.l = p.l;
          c.m = first;
          c.r = p.r;
          c.span = p.span;
          children.push_back(c);
        } else {
          Pair a, b;
          a.l = p.l;
          a.m = first;
          a.r = p.m;
          b.l = p.m;
          b.m = first + 1;
          b.r = p.r;
          a.span = b.span = 0.5 * p.span;
          a.parentWorst = b.parentWorst = p.worst;
          children.push_back(a);
          children.push_back(b);
        }
        split.push_back(p);
      }
      open = std::move(waiting);
      if (added.empty()) {
        out.capped = !open.empty();
        break;
      }
      total += added.size();
      runAll(out.method, vs, added, nullptr);
      statusOf(vs, added, nullptr, out);
      if (out.status != RunStatus::Ok) break;
      for (const Pair& p : split) count(p, triangles(p), -1.0);
      for (const Pair& c : children) {
        const std::vector<double> tri = triangles(c);
        for (std::size_t k = 0; k < K; ++k) area[k] += tri[k];
        add(c, tri);
      }
      // the samples only the open pairs still need
      std::vector<char> needed(vs.size(), 0);
      for (const Pair& p : open) {
        needed[p.l] = needed[p.r] = 1;
        if (p.m != kNone) needed[p.m] = 1;
        if (p.m == kNone) needed[M - 2] = needed[M - 1] = 1;
      }
      for (std::size_t j = 0; j < vs.size(); ++j)
        if (!needed[j]) std::vector<Vector2d>().swap(vs[j].rec.kept);
    }
    if (out.status != RunStatus::Ok) {
      result.methods.push_back(std::move(out));
      continue;
    }
    if (out.capped)
      for (const Pair& p : open) out.unresolvedPairs += !p.converging;

    out.points = int(vs.size());
    out.area0 = area[0];
    std::vector<double> bound(K);
    for (std::size_t k = 0; k < K; ++k) bound[k] = boundAt(k);
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
      for (const Vertex& v : vs)
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
