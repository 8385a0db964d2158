// The phase-space study: each method's run from the initial state in the canonical plane, a
// closed curve of initial conditions carried by it (drawn at a few times) and the area it
// encloses relative to its initial value against t: 1 for a symplectic method.
#include <QStringList>
#include <algorithm>
#include <cmath>

#include "core/analysis/phasearea.h"
#include "ui/analysis/studykit.h"

namespace dms::ui {

using namespace studykit;

namespace {

QString planeLabel(const std::string& name, const std::string& unit) {
  return QString::fromStdString(name + (unit.empty() ? "" : " [" + unit + "]"));
}

Figure portrait(const PhaseAreaResult& r) {
  Figure f;
  f.title = QObject::tr("Phase portrait and carried curves");
  f.xLabel = planeLabel(r.qName, r.qUnit);
  f.yLabel = planeLabel(r.pName, r.pUnit);
  for (const PhaseAreaMethod& m : r.methods) {
    Series s = methodSeries(m.method);
    s.path = true;
    s.width = 0.8;
    for (const Vector2d& z : m.portrait) {
      s.x.push_back(z.x());
      s.y.push_back(z.y());
    }
    f.series.push_back(s);
    for (const PhaseCurve& curve : m.curves) {
      Series cs = methodSeries(m.method);
      cs.name += QObject::tr(" at t = %1").arg(g(curve.t));
      cs.path = true;
      cs.inLegend = false;
      cs.width = 2.0;
      for (std::size_t i = 0; i <= curve.points.size() && !curve.points.empty(); ++i) {
        const Vector2d& z = curve.points[i % curve.points.size()];  // closed
        cs.x.push_back(z.x());
        cs.y.push_back(z.y());
      }
      f.series.push_back(cs);
    }
  }
  for (int sign : {1, -1}) {
    if (r.separatrix.empty()) break;
    Series s;
    s.name = sign > 0 ? QObject::tr("separatrix") : QObject::tr("separatrix (lower)");
    s.inLegend = sign > 0;
    s.color = Qt::black;
    s.pen = Qt::DashLine;
    for (const Vector2d& z : r.separatrix) {
      s.x.push_back(z.x());
      s.y.push_back(sign * z.y());
    }
    f.series.push_back(s);
  }
  return f;
}

class PhaseStudy : public Study {
 public:
  std::vector<std::string> figureNames(const SystemModel&) const override {
    return {"phase-portrait", "phase-area"};
  }
  QString key() const override { return QStringLiteral("phase"); }
  QString name() const override { return QObject::tr("Phase space"); }
  QString description() const override {
    return QObject::tr(
        "The phase portrait with a closed curve of initial conditions carried by "
        "each method, and the area it encloses relative to its initial value: 1 "
        "for a symplectic method");
  }
  bool supports(const SystemModel& model) const override {
    return model.phasePlane(model.normalize({}, nullptr)).has_value();
  }
  std::vector<StudyField> fields(const SystemModel& model) const override {
    const PhaseAreaSpec d = defaultPhaseArea(model);
    return {{"points", QObject::tr("Points M"), QString::number(d.points),
             QObject::tr("Initial conditions on the curve, 8 to 4096")},
            {"radius", QObject::tr("Radius"), g(d.radius, 6),
             QObject::tr("The circle's radius, in the position's unit (momentum scaled to it)")},
            {"T", QObject::tr("T [s]"), g(d.settings.T, 12),
             QObject::tr("The horizon; the curve is drawn at T/8, 2T/8, ..., T")}};
  }
  StudyInputs quickInputs(const SystemModel& model) const override {
    const PhaseAreaSpec d = defaultPhaseArea(model);
    return {
        {"points", "16"},
        {"T", g(d.settings.h * std::max(1.0, std::round(d.settings.T / d.settings.h / 10)), 12)}};
  }
  StudyTask prepare(const SystemModel& model, const ParamValues& parameters, const StudyInputs& in,
                    const std::vector<Method>& methods) const override {
    PhaseAreaSpec spec = defaultPhaseArea(model);
    spec.parameters = parameters;
    spec.points = whole(*this, model, in, "points", 8, 4096);
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
    checked([&] { validatePhaseArea(spec); }, {{"--points", QObject::tr("Points M")},
                                               {"--radius", QObject::tr("Radius")},
                                               {"--methods", QObject::tr("Methods")},
                                               {"--times", "T"}});
    return [spec](unsigned jobs, const std::atomic<bool>* cancel, const StudyProgress& progress) {
      return run(spec, jobs, cancel, progress);
    };
  }

 private:
  static StudyOutput run(const PhaseAreaSpec& spec, unsigned jobs, const std::atomic<bool>* cancel,
                         const StudyProgress& progress) {
    StudyOutput out;
    const PhaseAreaResult r = runPhaseArea(
        spec, jobs, cancel,
        [&](std::size_t done, std::size_t n) { progress(0.8 * double(done) / double(n)); });
    // the polygon's own error, by Richardson: the variational runs again with 2M points
    std::optional<double> bound;
    if (std::find(spec.methods.begin(), spec.methods.end(), Method::Variational) !=
            spec.methods.end() &&
        !(cancel && *cancel)) {
      PhaseAreaSpec twice = spec;
      twice.points = 2 * spec.points;
      twice.methods = {Method::Variational};
      bound =
          phaseAreaDiscretizationBound(r, runPhaseArea(twice, jobs, cancel), Method::Variational);
    }
    Figure area;
    area.title = QObject::tr("Area of the carried curve, A(t) / A(0)");
    area.xLabel = QObject::tr("t [s]");
    area.yLabel = QObject::tr("A(t) / A(0)");
    QStringList ends;
    std::vector<std::pair<Method, std::string>> failed;
    for (const PhaseAreaMethod& m : r.methods) {
      Series s = methodSeries(m.method);
      s.x = m.ratioTimes;
      s.y = m.ratios;
      area.series.push_back(s);
      if (!m.ratios.empty())
        ends << QObject::tr("%1 %2").arg(label(m.method), QString::number(m.ratios.back(), 'f', 6));
      if (m.status != RunStatus::Ok)
        failed.push_back({m.method, m.failure.empty() ? statusName(m.status) : m.failure});
    }
    out.figures = {portrait(r), area};
    out.summary =
        QObject::tr(
            "M = %1 initial conditions on a circle of radius %2 around the initial "
            "state; h = %3 s, T = %4 s. A(T)/A(0): %5.")
            .arg(spec.points)
            .arg(g(spec.radius), g(spec.settings.h), g(spec.settings.T, 6), ends.join("; "));
    if (bound)
      out.summary += QObject::tr(
                         " The polygon alone moves the variational ratio by at most %1 "
                         "(M against 2M points).")
                         .arg(g(*bound, 2));
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

}  // namespace dms::ui
