// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The Analysis mode's teaching overlays: the slope triangles h^2 and h^4 on the sweep's
// convergence plot (where a fixed-step method has that order, with the right slope, clear of
// every point, line and note, near the curves of their order, on screen and in an export at
// another size), the "what to notice" line of the sweep and of every study in the panel, and the
// mass-spring's exact reference named under the plots.
#include <qcustomplot.h>

#include <QLabel>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>
#include <map>

#include "core/analysis/sweep.h"
#include "core/sim/registry.h"
#include "core/studies/study.h"
#include "tests/common/settings.h"
#include "tests/common/suitemain.h"
#include "ui/analysis/analysismode.h"
#include "ui/analysis/analysispanel.h"
#include "ui/analysis/analysisplots.h"
#include "ui/app/mainwindow.h"

namespace tst_teaching {

using namespace dms;
using namespace dms::ui;

// the default sweeps, each run once
const SweepResult& sweepOf(const std::string& system) {
  static std::map<std::string, SweepResult> done;
  auto it = done.find(system);
  if (it == done.end())
    it = done.emplace(system, runSweep(defaultSweep(*findSystem(system)), {}, 2)).first;
  return it->second;
}

// the same sweep with fewer methods shown (its runs of the others are skipped)
SweepResult only(SweepResult r, std::vector<Method> methods) {
  r.spec.methods = std::move(methods);
  return r;
}

QPointF pixel(const QCustomPlot* p, const QPointF& coords) {
  return {p->xAxis->coordToPixel(coords.x()), p->yAxis->coordToPixel(coords.y())};
}

double pointSegment(const QPointF& q, const QPointF& a, const QPointF& b) {
  const QPointF d = b - a;
  const double t = std::clamp(QPointF::dotProduct(q - a, d) / QPointF::dotProduct(d, d), 0.0, 1.0);
  const QPointF e = a + t * d - q;
  return std::hypot(e.x(), e.y());
}

// distance in pixels from a point to a triangle (0 inside)
double pointTriangle(const QPointF& q, const QPointF& a, const QPointF& b, const QPointF& c) {
  const auto side = [](const QPointF& u, const QPointF& v, const QPointF& w) {
    return (v.x() - u.x()) * (w.y() - u.y()) - (v.y() - u.y()) * (w.x() - u.x());
  };
  const double s1 = side(a, b, q), s2 = side(b, c, q), s3 = side(c, a, q);
  if ((s1 >= 0 && s2 >= 0 && s3 >= 0) || (s1 <= 0 && s2 <= 0 && s3 <= 0)) return 0.0;
  return std::min({pointSegment(q, a, b), pointSegment(q, b, c), pointSegment(q, c, a)});
}

// The triangles as the plot drew them last, checked against its layout of the moment: legs
// along the axes, the hypotenuse's slope their order, inside the axis rect, no point within 6
// pixels of a triangle or inside a label, no line through either, and the hypotenuse within 80
// pixels of a curve of its order. Returns the orders shown.
std::vector<int> checkedTriangles(const AnalysisPlots& plots, QString* problem) {
  const QCustomPlot* p = plots.convergence();
  const QRectF rect = p->axisRect()->rect();
  std::vector<int> orders;
  for (const SlopeTriangle& t : plots.slopeTriangles()) {
    orders.push_back(t.order);
    const QString name = QString("h^%1 triangle").arg(t.order);
    const double slope = std::log(t.top.y() / t.corner.y()) / std::log(t.corner.x() / t.left.x());
    if (std::fabs(slope - t.order) > 1e-6) *problem += name + QString(": slope %1; ").arg(slope);
    if (std::fabs(t.left.y() / t.corner.y() - 1) > 1e-9 ||
        std::fabs(t.top.x() / t.corner.x() - 1) > 1e-9)
      *problem += name + ": legs not along the axes; ";
    const QPointF a = pixel(p, t.left), b = pixel(p, t.corner), c = pixel(p, t.top);
    for (const QRectF& box : {t.box, t.runLabel, t.riseLabel})
      if (!rect.contains(box)) *problem += name + ": outside the axis rect; ";
    double nearest = 1e9;
    for (int i = 0; i < p->graphCount(); ++i) {
      const QCPGraph* g = p->graph(i);
      // the legend entry "LABEL: order 2.00" of a curve of this order
      const int at = g->name().lastIndexOf("order ");
      const bool sameOrder = at >= 0 && std::lround(g->name().mid(at + 6).toDouble()) == t.order;
      QPointF last;
      bool first = true;
      for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it) {
        const QPointF q = pixel(p, QPointF(it->key, it->value));
        if (pointTriangle(q, a, b, c) < 6)
          *problem += name + QString(": covers a point of %1; ").arg(g->name());
        for (const QRectF& box : {t.runLabel, t.riseLabel})
          if (box.contains(q))
            *problem += name + QString(": a label covers a point of %1; ").arg(g->name());
        if (!first) {
          // a line through the triangle comes within 0 of one of its sides
          for (const auto& [u, v] : {std::pair{a, b}, {b, c}, {c, a}}) {
            const int steps = 64;
            for (int k = 0; k <= steps; ++k) {
              const QPointF s = last + (q - last) * (double(k) / steps);
              if (pointSegment(s, u, v) < 1.0) {
                *problem += name + QString(": a line of %1 crosses it; ").arg(g->name());
                k = steps;
              }
            }
          }
          if (sameOrder) nearest = std::min(nearest, pointSegment((a + c) / 2, last, q));
        }
        last = q;
        first = false;
      }
    }
    if (nearest > 80) *problem += name + QString(": %1 pixels from its curves; ").arg(nearest);
  }
  return orders;
}

class TestTeaching : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() {
    QVERIFY(m_dir.isValid());
    dms::test::useOwnSettings(m_dir.filePath("settings"), "tst_teaching");
  }

  void trianglesOnEverySystem_data() {
    QTest::addColumn<QString>("system");
    for (const SystemModel* m : allSystems())
      QTest::newRow(m->name().c_str()) << QString::fromStdString(m->name());
  }
  // every method of the default sweep: a triangle for h^2 and one for h^4, each checked on
  // screen at two sizes and in an export at the figures' size
  void trianglesOnEverySystem() {
    QFETCH(QString, system);
    const SweepResult& r = sweepOf(system.toStdString());
    AnalysisPlots plots;
    plots.resize(1400, 560);
    plots.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plots));
    plots.setResult(&r, SweepError::Global, SweepCost::Evaluations);
    for (const QSize size : {QSize(1400, 560), QSize(900, 700)}) {
      plots.resize(size);
      QCoreApplication::processEvents();
      plots.convergence()->replot();
      QString problem;
      std::vector<int> orders = checkedTriangles(plots, &problem);
      std::sort(orders.begin(), orders.end());
      QVERIFY2(problem.isEmpty(), qPrintable(problem));
      QCOMPARE(orders, (std::vector<int>{2, 4}));
    }
    // an export draws the plot at its own size: the triangles are placed for that size
    const QPixmap image = plots.convergence()->toPixmap(900, 540);
    QCOMPARE(image.size(), QSize(900, 540));
    QString problem;
    QCOMPARE(checkedTriangles(plots, &problem).size(), std::size_t(2));
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    for (const SlopeTriangle& t : plots.slopeTriangles())
      QVERIFY(QRectF(0, 0, 900, 540).contains(t.box));
  }

  // a triangle only for the orders shown: vi alone h^2, RK4 alone h^4, RK45 alone none, and
  // none for an error the orders were not fitted to
  void trianglesWhereTheOrdersAre() {
    const SweepResult& r = sweepOf("mass-spring");
    AnalysisPlots plots;
    plots.resize(1200, 520);
    plots.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plots));
    const auto shown = [&](const std::vector<Method>& methods, SweepError e) {
      const SweepResult part = only(r, methods);
      plots.setResult(&part, e, SweepCost::Evaluations);
      plots.convergence()->replot();
      QString problem;
      std::vector<int> orders = checkedTriangles(plots, &problem);
      std::sort(orders.begin(), orders.end());
      if (!problem.isEmpty()) orders.push_back(-1);
      return orders;
    };
    QCOMPARE(shown({Method::Variational}, SweepError::Global), std::vector<int>{2});
    QCOMPARE(shown({Method::Rk4}, SweepError::Global), std::vector<int>{4});
    QCOMPARE(shown({Method::Rk45}, SweepError::Global), std::vector<int>{});
    QCOMPARE(shown({Method::Variational, Method::Rk4}, SweepError::Energy), std::vector<int>{});
    QCOMPARE(shown({Method::Variational, Method::Rk45, Method::Vi4}, SweepError::Global),
             (std::vector<int>{2, 4}));
    // no sweep, no triangle
    plots.setResult(nullptr, SweepError::Global, SweepCost::Evaluations);
    QVERIFY(plots.slopeTriangles().empty());
  }

  // the triangles' items are drawn: two lines and two labels each, "1" and the order
  void trianglesAreLabelled() {
    const SweepResult& r = sweepOf("mass-spring");
    AnalysisPlots plots;
    plots.resize(1200, 520);
    plots.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plots));
    plots.setResult(&r, SweepError::Global, SweepCost::Evaluations);
    plots.convergence()->replot();
    QStringList labels;
    int lines = 0;
    QCustomPlot* p = plots.convergence();
    for (int i = 0; i < p->itemCount(); ++i) {
      if (!p->item(i)->visible()) continue;
      if (auto* t = qobject_cast<QCPItemText*>(p->item(i))) labels << t->text();
      if (qobject_cast<QCPItemLine*>(p->item(i))) ++lines;
    }
    QCOMPARE(lines, 6);
    QCOMPARE(labels.count("1"), 2);
    QCOMPARE(labels.count("2"), 1);
    QCOMPARE(labels.count("4"), 1);
  }

  // the reference under the plots: the mass-spring's is the exact solution, the others' RK45
  void referenceNamed() {
    const auto note = [](const SweepResult& r) {
      AnalysisPlots plots;
      plots.setResult(&r, SweepError::Global, SweepCost::Evaluations);
      QCustomPlot* p = plots.convergence();
      for (int i = 0; i < p->itemCount(); ++i)
        // the note's words, whatever lines the axes' width wraps them into
        if (auto* t = qobject_cast<QCPItemText*>(p->item(i));
            t && t->text().startsWith("reference"))
          return t->text().simplified();
      return QString();
    };
    for (const char* system : {"mass-spring", "planar-pendulum"}) {
      const QString exact = note(sweepOf(system));
      QVERIFY2(exact.contains("exact solution") && exact.contains("round-off"), qPrintable(exact));
    }
    const QString rk45 = note(sweepOf("spherical-pendulum"));
    QVERIFY2(rk45.contains("RK45 at RelTol 1e-13"), qPrintable(rk45));
  }

  void everyStudyHasANotice_data() {
    QTest::addColumn<QString>("key");
    for (const Study* st : studies())
      QTest::newRow(st->key().c_str()) << QString::fromStdString(st->key());
  }
  // every study has its line: one sentence (the panel adds the full stop), in plain words
  void everyStudyHasANotice() {
    QFETCH(QString, key);
    const QString n = QString::fromStdString(findStudy(key.toStdString())->notice());
    QVERIFY2(n.size() > 40, qPrintable(key + ": '" + n + "'"));
    QVERIFY2(!n.trimmed().endsWith('.') && !n.contains(". "), qPrintable(n));
    if (key == "long-time") QVERIFY(n.contains("slope 0") && n.contains("slope 1"));
  }

  // the panel shows the sweep's line and each study's under its description as the study is
  // chosen, and none for a study without one
  void panelShowsTheNotice() {
    MainWindow window;
    window.resize(1400, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto* mode = qobject_cast<AnalysisMode*>(window.findMode("analysis"));
    QVERIFY(mode);
    AnalysisPanel* panel = mode->analysisPanel();
    auto* label = panel->findChild<QLabel*>("notice");
    QVERIFY(label);
    // what differs from showing `notice`, or nothing
    const auto shows = [&](const QString& notice) {
      if (panel->noticeText() != notice)
        return QString("the panel's notice '%1', not '%2'").arg(panel->noticeText(), notice);
      if (label->isVisible() != !notice.isEmpty())
        return QString("visible: %1").arg(label->isVisible());
      if (!notice.isEmpty() && (!label->text().startsWith("<b>What to notice:</b> ") ||
                                !label->text().contains(notice.toHtmlEscaped())))
        return "the label reads '" + label->text() + "'";
      return QString();
    };
    const QString sweepNotice = QString::fromStdString(findStudy("sweep")->notice());
    QVERIFY(sweepNotice.contains("h²") && sweepNotice.contains("h⁴"));
    QSet<QString> seen;
    for (const SystemModel* model : allSystems()) {
      QVERIFY(window.selectSystem(QString::fromStdString(model->name())));
      QVERIFY(window.activateMode(mode));
      mode->applyChoice("study", "sweep");
      QVERIFY2(shows(sweepNotice).isEmpty(), qPrintable(shows(sweepNotice)));
      for (const Study* st : studies()) {
        if (!st->supports(*model)) continue;
        const QString key = QString::fromStdString(st->key());
        const QString notice = QString::fromStdString(st->notice());
        mode->applyChoice("study", st->key());
        QCOMPARE(panel->study(), key);
        QVERIFY2(shows(notice).isEmpty(), qPrintable(key + ": " + shows(notice)));
        seen << key;
      }
      mode->applyChoice("study", "sweep");
      QVERIFY2(shows(sweepNotice).isEmpty(), qPrintable(shows(sweepNotice)));
    }
    QCOMPARE(seen.size(), int(studies().size()));
  }

 private:
  QTemporaryDir m_dir;
};

DMS_TEST_MAIN(TestTeaching)
}  // namespace tst_teaching
#include "tst_teaching.moc"
