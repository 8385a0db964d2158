// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The phase-space study: each method's run from the initial state in the canonical plane, a
// closed curve of initial conditions carried by it (drawn at a few times) and the area it
// encloses relative to its initial value against t: 1 for a symplectic method. The curve is
// refined where it stretches (core/analysis/phasearea.h), and a ratio is shown only while the
// polygon's own error is below the change it shows (or 1%): past that the summary says, first
// and in red, that the area is not measured, and why.
#include <algorithm>
#include <atomic>
#include <cmath>

#include "core/analysis/phasearea.h"
#include "core/studies/studykit.h"
#include "core/studies/style.h"

namespace dms {

using namespace studykit;

namespace {

// past this many pieces between seams a path is drawn as its points (a run turning for long)
constexpr std::size_t kMaxPieces = 400;

// the period of an angle: 0 for (-pi, pi], 1 for (pi, 3 pi], ...
double periodOf(double q) { return std::ceil((q - kPi) / (2 * kPi)); }

// A path of (q, p) on the cylinder, drawn in one period q in (-pi, pi]: `lifted` is continuous
// (an angle counted in turns), and the path is cut where it crosses q = pi (mod 2 pi), at the
// point of the segment there, so that no line runs across the plot. Returns the pieces.
std::vector<std::vector<Vector2d>> wrapped(const std::vector<Vector2d>& lifted) {
  std::vector<std::vector<Vector2d>> pieces(1);
  for (std::size_t i = 0; i < lifted.size(); ++i) {
    const Vector2d& z = lifted[i];
    if (i > 0) {
      const Vector2d& a = lifted[i - 1];
      const double ka = periodOf(a.x()), kz = periodOf(z.x());
      const double step = kz > ka ? 1.0 : -1.0;
      for (double k = ka; k != kz && pieces.size() <= kMaxPieces; k += step) {
        const double seam = kPi * (2 * k + step);  // the seam between period k and k + step
        const double f = (seam - a.x()) / (z.x() - a.x());
        const double p = a.y() + f * (z.y() - a.y());
        pieces.back().emplace_back(seam - 2 * kPi * k, p);
        pieces.push_back({Vector2d(seam - 2 * kPi * (k + step), p)});
      }
    }
    pieces.back().emplace_back(z.x() - 2 * kPi * periodOf(z.x()), z.y());
  }
  return pieces;
}

// the centre run's trajectory, read in (-pi, pi], made continuous for `wrapped`
std::vector<Vector2d> lift(const std::vector<Vector2d>& read) {
  std::vector<Vector2d> out = read;
  for (std::size_t i = 1; i < out.size(); ++i)
    out[i].x() = out[i - 1].x() + std::remainder(read[i].x() - read[i - 1].x(), 2 * kPi);
  return out;
}

// a path as series: in one piece on a plane without an angle; cut at the seams on a cylinder,
// or as points alone when it turns too often for lines
void addPath(Figure& f, Series s, const std::vector<Vector2d>& path, bool angular) {
  s.path = true;
  std::vector<std::vector<Vector2d>> pieces =
      angular ? wrapped(path) : std::vector<std::vector<Vector2d>>{path};
  if (pieces.size() > kMaxPieces) {
    Series dots = s;
    dots.line = false;
    dots.points = true;
    for (const auto& piece : pieces)
      for (const Vector2d& z : piece) {
        dots.x.push_back(z.x());
        dots.y.push_back(z.y());
      }
    f.series.push_back(dots);
    return;
  }
  for (const auto& piece : pieces) {
    Series part = s;
    for (const Vector2d& z : piece) {
      part.x.push_back(z.x());
      part.y.push_back(z.y());
    }
    f.series.push_back(part);
    s.inLegend = false;  // the first piece names it
  }
}

// where a method's ratio stops being a measurement (infinite when it never does)
double measuredUntil(const PhaseAreaMethod& m) {
  return m.unresolvedFrom ? *m.unresolvedFrom : INFINITY;
}

Figure portrait(const PhaseAreaResult& r) {
  Figure f;
  f.title = "Phase portrait and carried curves";
  f.x = {r.qName, r.qUnit};
  f.y = {r.pName, r.pUnit};
  bool omitted = false;
  for (const PhaseAreaMethod& m : r.methods) {
    Series s = methodSeries(m.method);
    s.width = 0.8;
    addPath(f, s, r.angular ? lift(m.portrait) : m.portrait, r.angular);
    for (const PhaseCurve& curve : m.curves) {
      if (curve.t >= measuredUntil(m)) {  // a polygon that does not follow the curve: left out
        omitted = true;
        continue;
      }
      Series cs = methodSeries(m.method);
      cs.name += " at t = " + g(curve.t);
      cs.inLegend = false;
      cs.width = 2.0;
      std::vector<Vector2d> closed = curve.points;
      if (!closed.empty()) closed.push_back(closed.front());
      addPath(f, cs, closed, r.angular);
    }
  }
  if (omitted) f.title += " (curves not resolved: left out)";
  for (int sign : {1, -1}) {
    if (r.separatrix.empty()) break;
    Series s;
    s.name = sign > 0 ? "separatrix" : "separatrix (lower)";
    s.inLegend = sign > 0;
    s.color = kBlack;
    s.pen = Pen::Dash;
    for (const Vector2d& z : r.separatrix) {
      s.x.push_back(z.x());
      s.y.push_back(sign * z.y());
    }
    f.series.push_back(s);
  }
  return f;
}

// the ratios while they are measurements
Figure ratios(const PhaseAreaResult& r) {
  Figure area;
  area.title = "Area of the carried curve, A(t) / A(0)";
  area.x = {"t", "s"};
  area.y = {"A(t) / A(0)", ""};
  double first = INFINITY;
  for (const PhaseAreaMethod& m : r.methods) {
    Series s = methodSeries(m.method);
    for (std::size_t i = 0; i < m.ratios.size() && m.ratioTimes[i] < measuredUntil(m); ++i) {
      s.x.push_back(m.ratioTimes[i]);
      s.y.push_back(m.ratios[i]);
    }
    area.series.push_back(s);
    if (m.status == RunStatus::Ok) first = std::min(first, measuredUntil(m));
  }
  if (std::isfinite(first)) area.title += ": not measured from t = " + g(first) + " s on";
  // 1, the area kept, over the whole horizon: where a ratio stops, the plot shows it stopped
  Series kept;
  kept.name = "area kept";
  kept.inLegend = false;
  kept.color = kHintColor;
  kept.pen = Pen::Dot;
  kept.width = 0.8;
  kept.x = {0.0, r.spec.settings.T};
  kept.y = {1.0, 1.0};
  area.series.push_back(kept);
  return area;
}

class PhaseStudy : public Study {
 public:
  std::vector<std::string> figureNames(const SystemModel&) const override {
    return {"phase-portrait", "phase-area"};
  }
  std::string key() const override { return "phase"; }
  std::string name() const override { return "Phase space"; }
  std::string notice() const override {
    return (
        "The symplectic methods keep the area inside the carried curve at 1, as the true flow "
        "does, while RK45's area drifts away from 1; where the curve stretches too thin to "
        "measure, the study says so in red instead of giving a number");
  }
  std::string description() const override {
    return (
        "The phase portrait with a closed curve of initial conditions carried by "
        "each method, and the area it encloses relative to its initial value: 1 "
        "for a symplectic method");
  }
  bool supports(const SystemModel& model) const override {
    return model.phasePlane(model.normalize({}, nullptr)).has_value();
  }
  std::vector<StudyField> fields(const SystemModel& model) const override {
    const PhaseAreaSpec d = defaultPhaseArea(model);
    return {{"points", "Points M", std::to_string(d.points),
             "Initial conditions on the curve, 8 to 4096"},
            {"maxPoints", "Max points", std::to_string(kDefaultMaxPoints),
             "Refinement adds initial conditions where the carried curve stretches, "
             "up to this many in all (at most M: none), " +
                 std::to_string(kPhaseAreaMaxPoints) + " at most"},
            {"radius", "Radius", g(d.radius, 6),
             "The circle's radius, in the position's unit (momentum scaled to it)"},
            {"T", "T [s]", g(d.settings.T, 12),
             "The horizon; the curve is drawn at T/8, 2T/8, ..., T"}};
  }
  StudyInputs quickInputs(const SystemModel& model) const override {
    const PhaseAreaSpec d = defaultPhaseArea(model);
    return {
        {"points", "16"},
        {"maxPoints", "128"},
        {"T", g(d.settings.h * std::max(1.0, std::round(d.settings.T / d.settings.h / 10)), 12)}};
  }
  StudyTask prepare(const SystemModel& model, const ParamValues& parameters, const StudyInputs& in,
                    const std::vector<Method>& methods) const override {
    PhaseAreaSpec spec = defaultPhaseArea(model);
    spec.parameters = parameters;
    spec.points = whole(*this, model, in, "points", 8, 4096);
    spec.maxPoints = whole(*this, model, in, "maxPoints", 0, kPhaseAreaMaxPoints);
    spec.radius = number(*this, model, in, "radius");
    spec.settings.T = number(*this, model, in, "T");
    spec.times.clear();
    // on the sample grid k h, k <= N = floor(T/h) (the run's last sample), as the study takes them
    const double n = std::floor(spec.settings.T / spec.settings.h + 1e-9);
    for (int k = 1; k <= 8 && n >= 1; ++k)
      spec.times.push_back(
          std::min(spec.settings.T, spec.settings.h * std::clamp(std::round(n * k / 8.0), 1.0, n)));
    spec.times.erase(std::unique(spec.times.begin(), spec.times.end()), spec.times.end());
    spec.methods = methods;
    checked([&] { validatePhaseArea(spec); }, {{"--points", "Points M"},
                                               {"--max-points", "Max points"},
                                               {"--radius", "Radius"},
                                               {"--methods", "Methods"},
                                               {"--times", "T"}});
    return [spec](unsigned jobs, const std::atomic<bool>* cancel, const StudyProgress& progress,
                  const StudyPartial&) { return run(spec, jobs, cancel, progress); };
  }

 private:
  static constexpr int kDefaultMaxPoints = 1024;

  static StudyOutput run(const PhaseAreaSpec& spec, unsigned jobs, const std::atomic<bool>* cancel,
                         const StudyProgress& progress) {
    StudyOutput out;
    // refinement adds runs as it goes: the bar shows the largest fraction so far, so that it
    // never steps back
    std::atomic<double> shown{0.0};
    const PhaseAreaResult r =
        runPhaseArea(spec, jobs, cancel, [&](std::size_t done, std::size_t n) {
          double was = shown.load();
          const double f = double(done) / double(n);
          while (f > was && !shown.compare_exchange_weak(was, f)) {
          }
          progress(shown.load());
        });
    std::vector<std::string> ends;
    std::vector<std::pair<Method, std::string>> failed;
    for (const PhaseAreaMethod& m : r.methods) {
      if (m.status != RunStatus::Ok) {
        failed.push_back({m.method, m.failure.empty() ? statusName(m.status) : m.failure});
        continue;
      }
      const std::string vertices = m.points > spec.points ? std::to_string(m.points) + " points" +
                                                                (m.capped ? ", the cap" : "")
                                                          : std::string();
      const std::string more = vertices.empty() ? std::string() : " (" + vertices + ")";
      if (m.unresolvedFrom)
        ends.push_back(label(m.method) + " not measured from t = " + g(*m.unresolvedFrom) + " s" +
                       more);
      else
        ends.push_back(label(m.method) + " " + fixed(m.ratios.back(), 6) + " ± " +
                       g(m.bounds.back(), 2) + more);
    }
    out.figures = {portrait(r), ratios(r)};
    for (const std::string& w : r.warnings)
      out.summary +=
          "<b><font color=\"" + rgbHex(kErrorColor) + "\">" + htmlEscaped(w) + "</font></b><br>";
    out.summary += "M = " + std::to_string(spec.points) +
                   " initial conditions on a circle of radius " + g(spec.radius) +
                   " around the initial state" +
                   (spec.maxPoints > spec.points ? ", refined where the curve stretches up to " +
                                                       std::to_string(spec.maxPoints) + " points"
                                                 : std::string()) +
                   "; h = " + g(spec.settings.h) + " s, T = " + g(spec.settings.T, 6) +
                   " s. A(T)/A(0) ± the polygon's own error: " + join(ends, "; ") + ".";
    out.summary += failures(failed);
    out.failed = !failed.empty();
    out.csv = csvOf([&r](std::ostream& s) { writePhaseAreaCsv(s, r); });
    progress(1.0);
    return out;
  }
};

}  // namespace

const Study& phaseStudy() {
  static const PhaseStudy s;
  return s;
}

}  // namespace dms
