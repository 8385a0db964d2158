// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The Analysis mode's sweep in a real window: a tab for every system; a small sweep runs in its
// worker thread and is drawn (the variational method's fitted order 2 on every system, a point's
// tooltip with its settings); a large sweep draws its first run while the window goes on
// answering, and is cancelled; bad inputs are named and run nothing; the plots and the sweep's
// CSV (dmsim sweep's columns) export, and File > Export ... as CSV names what it writes. The
// other studies: tst_analysisstudies.
#include <qcustomplot.h>

#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTabBar>
#include <QTemporaryDir>
#include <QtTest>
#include <functional>
#include <memory>

#include "core/analysis/longtime.h"
#include "core/analysis/phasearea.h"
#include "core/sim/registry.h"
#include "core/studies/study.h"
#include "tests/common/deadline.h"
#include "tests/common/imagecheck.h"
#include "tests/common/settings.h"
#include "tests/common/suitemain.h"
#include "tests/ui/windowtest.h"
#include "ui/analysis/analysismode.h"
#include "ui/analysis/analysispanel.h"
#include "ui/analysis/analysisplots.h"
#include "ui/analysis/studyview.h"
#include "ui/app/commandline.h"
#include "ui/app/mainwindow.h"
#include "ui/app/scriptrunner.h"
#include "ui/common/palette.h"
#include "ui/common/plotstyle.h"
#include "ui/sim/simulationmode.h"

namespace tst_analysismode {

using namespace dms;
using namespace dms::ui;
using dms::test::ms;

class TestAnalysisMode : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() {
    QVERIFY(m_dir.isValid());
    m_window = dms::test::openFreshWindow(m_dir, "tst_analysismode", QSize(1400, 900));
    QVERIFY(m_window);
    m_mode = qobject_cast<AnalysisMode*>(m_window->findMode("analysis"));
    QVERIFY(m_mode);
  }

  void cleanupTestCase() { m_window.reset(); }

  // before a Run, at 1024 x 768 and at 1920 x 1080, every study's plots are readable: titled,
  // axes at least 150 pixels each way, the note on at most three lines, the axis labels as long
  // as their axes at most, the tick labels apart
  void plotsBeforeARun() {
    QVERIFY(m_window->selectSystem("planar-pendulum"));
    QVERIFY(m_window->activateMode(m_mode));
    // the window's size and study back even when a check fails: the next cases run sweeps
    const std::unique_ptr<AnalysisMode, std::function<void(AnalysisMode*)>> restore(
        m_mode, [this, size = m_window->size(), study = m_mode->study()](AnalysisMode* mode) {
          m_window->resize(size);
          mode->chooseStudy(study);
        });
    for (const QSize size : {QSize(1024, 768), QSize(1920, 1080)}) {
      m_window->resize(size);
      for (const Study* st : studies()) {
        const QString key = QString::fromStdString(st->key());
        m_mode->chooseStudy(key);
        QVERIFY2(!m_mode->studyResult(), qPrintable(key));
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
        int shown = 0;
        for (QCustomPlot* p : m_mode->views()->findChildren<QCustomPlot*>()) {
          if (!p->isVisibleTo(m_window.get())) continue;
          ++shown;
          p->replot();
          p->replot();  // the ticks are made for the axes the last layout left
          const QString where = QString("%1 at %2 x %3, plot %4")
                                    .arg(key)
                                    .arg(size.width())
                                    .arg(size.height())
                                    .arg(shown);
          auto* title = qobject_cast<QCPTextElement*>(p->plotLayout()->element(0, 0));
          QVERIFY2(title && !title->text().isEmpty(), qPrintable(where + ": no title"));
          const QRect axes = p->axisRect()->rect();
          QVERIFY2(
              axes.width() >= 150 && axes.height() >= 150,
              qPrintable(
                  QString("%1: axes %2 x %3").arg(where).arg(axes.width()).arg(axes.height())));
          for (int i = 0; i < p->itemCount(); ++i)
            if (auto* note = qobject_cast<QCPItemText*>(p->item(i)))
              QVERIFY2(note->text().count('\n') <= 2, qPrintable(where + ": " + note->text()));
          for (QCPAxis* a : {p->xAxis, p->yAxis}) {
            const int length = a == p->xAxis ? axes.width() : axes.height();
            QVERIFY2(QFontMetrics(a->labelFont()).horizontalAdvance(a->label()) <= length,
                     qPrintable(where + ": " + a->label()));
            const QFontMetricsF fm(a->tickLabelFont());
            double last = -1e9, lastHalf = 0.0;
            const QVector<double> ticks = a->tickVector();
            const QVector<QString> labels = a->tickVectorLabels();
            for (int i = 0; i < ticks.size() && i < labels.size(); ++i) {
              if (labels[i].isEmpty() || !a->range().contains(ticks[i])) continue;
              const double at = a->coordToPixel(ticks[i]);
              const double half =
                  a == p->xAxis ? fm.horizontalAdvance(labels[i]) / 2 : fm.height() / 2;
              QVERIFY2(std::abs(at - last) >= half + lastHalf,
                       qPrintable(QString("%1: tick labels %2 overlap").arg(where, labels[i])));
              last = at;
              lastHalf = half;
            }
          }
        }
        QVERIFY2(shown >= 1, qPrintable(key));
      }
    }
  }

  // every fixed-step method's convergence entry says its fitted order, or why it has none (too
  // few runs above the floor the reference's bound and round-off set)
  void everyFixedStepEntrySaysItsOrder() {
    QVERIFY(m_window->selectSystem("planar-pendulum"));
    QVERIFY(m_window->activateMode(m_mode));
    m_mode->chooseStudy("sweep");
    AnalysisPanel* panel = m_mode->analysisPanel();
    panel->defaultsRequested();
    const SystemModel* model = findSystem("planar-pendulum");
    for (Method m : model->methods())
      panel->methodBox(m)->setChecked(m == Method::Rkmk4 || m == Method::Rk4);
    QSignalSpy done(m_mode, &Mode::finished);
    panel->runButton()->click();
    QVERIFY(done.wait(ms(60000)));
    QCustomPlot* conv = m_mode->plots()->convergence();
    QCOMPARE(conv->graphCount(), 2);
    for (int i = 0; i < conv->graphCount(); ++i)
      QVERIFY2(conv->graph(i)->name().contains("order"), qPrintable(conv->graph(i)->name()));
  }

  // every system has the tab; a vi-only sweep of its default steps fits order 2 (within
  // 0.1), and the plots draw one point per run
  void variationalOrderTwoEverywhere() {
    for (const SystemModel* model : allSystems()) {
      const QString name = QString::fromStdString(model->name());
      QVERIFY(m_window->selectSystem(name));
      QVERIFY2(m_window->activateMode(m_mode), qPrintable(name));
      AnalysisPanel* panel = m_mode->analysisPanel();
      panel->defaultsRequested();
      for (Method m : model->methods()) panel->methodBox(m)->setChecked(m == Method::Variational);
      QSignalSpy done(m_mode, &Mode::finished);
      panel->runButton()->click();
      QVERIFY(m_mode->running());
      QVERIFY(!panel->runButton()->isEnabled());
      QVERIFY(done.wait(ms(60000)));
      QCOMPARE(done.at(0).at(0).toInt(), 0);
      const SweepResult* r = m_mode->result();
      QVERIFY(r);
      QCOMPARE(r->runs.size(), std::size_t(5));  // the default sweep's five step sizes
      const std::optional<double> order = fittedOrder(*r, Method::Variational);
      QVERIFY2(order && std::fabs(*order - 2.0) < 0.1,
               qPrintable(name + ": " + QString::number(order.value_or(-1))));
      QCOMPARE(m_mode->plots()->pointCount(0), 5);
      QCOMPARE(m_mode->plots()->pointCount(1), 5);
      QVERIFY(m_mode->plots()->convergence()->graph(0)->name().contains("order 2.0"));
    }
  }

  // a point's tooltip names its method, step and error
  void tooltipAtAPoint() {
    QCustomPlot* p = m_mode->plots()->convergence();
    QVERIFY(p->graphCount() > 0 && !p->graph(0)->data()->isEmpty());
    const auto first = p->graph(0)->data()->constBegin();
    const QPointF at(p->xAxis->coordToPixel(first->key), p->yAxis->coordToPixel(first->value));
    const QString tip = m_mode->plots()->tipAt(1, at + QPointF(3, -2));
    QVERIFY2(tip.contains("variational") && tip.contains("h = ") && tip.contains("global error"),
             qPrintable(tip));
    QVERIFY(m_mode->plots()->tipAt(1, at + QPointF(200, 200)).isEmpty());
  }

  void badInputNamedAndNothingRuns_data() {
    QTest::addColumn<QString>("steps");
    QTest::addColumn<QString>("mentions");
    QTest::newRow("zero step") << "0.1, 0"
                               << "h values 0";
    QTest::newRow("not a number") << "0.1, fast"
                                  << "h values";
    QTest::newRow("not dividing T") << "0.05"
                                    << "h values 0.05";
  }

  void badInputNamedAndNothingRuns() {
    QFETCH(QString, steps);
    QFETCH(QString, mentions);
    QVERIFY(m_window->selectSystem("mass-spring"));
    QVERIFY(m_window->activateMode(m_mode));
    AnalysisPanel* panel = m_mode->analysisPanel();
    panel->defaultsRequested();
    panel->stepsEdit()->setText(steps);
    QString problem;
    QVERIFY(!m_mode->start(&problem));
    QVERIFY(!m_mode->running());
    QVERIFY2(problem.contains(mentions), qPrintable(problem));
    QCOMPARE(panel->problemText(), problem);
  }

  // a sweep far too long is cancelled; meanwhile the window answers, and the results shown
  // before stay
  void cancelLargeSweep() {
    QVERIFY(m_window->selectSystem("planar-pendulum"));
    QVERIFY(m_window->activateMode(m_mode));
    AnalysisPanel* panel = m_mode->analysisPanel();
    panel->defaultsRequested();
    for (Method m : findSystem("planar-pendulum")->methods())
      panel->methodBox(m)->setChecked(m == Method::Variational);
    QSignalSpy done(m_mode, &Mode::finished);
    panel->runButton()->click();
    QVERIFY(done.wait(ms(60000)));
    const std::size_t shown = m_mode->result()->runs.size();
    // h = 2^-4 and 2^-16 (T/h exact): the first run ends in a moment, the second is 6.6e7
    // steps, seconds of work at least
    panel->stepsEdit()->setText("0.0625, 1.52587890625e-05");
    panel->horizonEdit()->setText("1000");
    panel->stepsEdit()->textEdited("0.0625, 1.52587890625e-05");  // as typed: the old results go
    QVERIFY(!m_mode->result());
    panel->runButton()->click();
    QVERIFY2(m_mode->running(), qPrintable(panel->problemText()));
    // the short run is drawn while the long one goes on: the event loop runs meanwhile
    QTRY_COMPARE_WITH_TIMEOUT(m_mode->plots()->pointCount(1), 1, ms(20000));
    QVERIFY(m_mode->running());
    QVERIFY(panel->cancelButton()->isEnabled());
    panel->cancelButton()->click();
    QVERIFY(done.wait(ms(30000)));
    QVERIFY(!m_mode->running());
    QVERIFY(m_mode->result() == nullptr);  // nothing new; the inputs had changed
    QVERIFY(shown > 0);
  }

  // another system stops a running sweep: its runs are not drawn over the new system's
  void systemSwitchCancels() {
    QVERIFY(m_window->selectSystem("planar-pendulum"));
    QVERIFY(m_window->activateMode(m_mode));
    AnalysisPanel* panel = m_mode->analysisPanel();
    panel->defaultsRequested();
    panel->stepsEdit()->setText("0.0625, 1.52587890625e-05");
    panel->horizonEdit()->setText("1000");
    QSignalSpy done(m_mode, &Mode::finished);
    panel->runButton()->click();
    QVERIFY2(m_mode->running(), qPrintable(panel->problemText()));
    QVERIFY(m_window->selectSystem("mass-spring"));
    QVERIFY(done.wait(ms(30000)));
    QVERIFY(!m_mode->running());
    QVERIFY(!m_mode->result());
    QCOMPARE(m_mode->plots()->pointCount(1), 0);
    QVERIFY(panel->runButton()->isEnabled());
  }

  // each system's sweep inputs are remembered (QSettings), as edited when they are valid
  void inputsRemembered() {
    QVERIFY(m_window->selectSystem("planar-pendulum"));
    QVERIFY(m_window->activateMode(m_mode));
    AnalysisPanel* panel = m_mode->analysisPanel();
    panel->defaultsRequested();
    panel->stepsEdit()->setText("0.06, 0.03");
    panel->rtolsEdit()->setText("1e-4");
    panel->methodBox(Method::Rk4)->setChecked(false);
    QSettings s(m_dir.filePath("remember.ini"), QSettings::IniFormat);
    m_mode->saveSettings(s);
    s.sync();
    panel->defaultsRequested();
    QVERIFY(panel->stepsEdit()->text() != "0.06, 0.03");
    QVERIFY(panel->methodBox(Method::Rk4)->isChecked());
    m_mode->restoreSettings(s);
    QCOMPARE(panel->stepsEdit()->text(), QString("0.06, 0.03"));
    QCOMPARE(panel->rtolsEdit()->text(), QString("1e-4"));  // as typed, as every study's fields
    QVERIFY(!panel->methodBox(Method::Rk4)->isChecked());
    QVERIFY(panel->methodBox(Method::Variational)->isChecked());
  }

  // the plots as PNG and the sweep as dmsim sweep's CSV
  void exports() {
    QVERIFY(m_window->selectSystem("spherical-pendulum"));
    QVERIFY(m_window->activateMode(m_mode));
    AnalysisPanel* panel = m_mode->analysisPanel();
    panel->defaultsRequested();
    for (Method m : findSystem("spherical-pendulum")->methods())
      panel->methodBox(m)->setChecked(m == Method::Variational || m == Method::Rk45);
    panel->rtolsEdit()->setText("1e-4, 1e-6");
    QSignalSpy done(m_mode, &Mode::finished);
    panel->runButton()->click();
    QVERIFY(done.wait(ms(60000)));
    QVERIFY(m_mode->result());
    QString error;
    QVERIFY2(m_window->exportPlots(m_dir.filePath("plots"), -1, {ImageFormat::Png}, QSize(900, 600),
                                   &error),
             qPrintable(error));
    for (const char* name : {"work-precision", "convergence"})
      QCOMPARE(QImage(m_dir.filePath(QString("plots/%1.png").arg(name))).size(), QSize(900, 600));
    const QString csvPath = m_dir.filePath("sweep.csv");
    QVERIFY2(dms::test::exportCsvAndWait(*m_window, csvPath, &error), qPrintable(error));
    QFile csv(csvPath);
    QVERIFY(csv.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = csv.readAll().trimmed().split('\n');
    QCOMPARE(lines.front(), QByteArray("method,h,rtol,atol,steps,fevals,cpu_s,global_err,angle_err,"
                                       "position_err,velocity_err,energy_max_dev,structure_max_err,"
                                       "momentum_max_dev,status"));
    QCOMPARE(lines.size(), 1 + 5 + 2);  // five h for vi, two RelTol for RK45
    QVERIFY(lines[1].startsWith("vi,"));
    QVERIFY(lines.back().startsWith("rk45,"));
  }

  // File > Export ... as CSV names what the mode writes, and says there is nothing yet before
  // it asks for a file name
  void csvEntryNamesWhatItWrites() {
    QVERIFY(m_window->selectSystem("mass-spring"));
    QVERIFY(m_window->activateMode(m_mode));
    m_mode->chooseStudy("long-time");
    m_mode->analysisPanel()->defaultsRequested();
    m_window->refresh();
    QAction* csv = nullptr;
    for (QAction* a : m_window->findChildren<QAction*>())
      if (a->text().remove('&').endsWith("as CSV...")) csv = a;
    QVERIFY(csv);
    QVERIFY2(!csv->text().contains("time series"), qPrintable(csv->text()));
    QVERIFY2(m_mode->csvUnavailable().contains("press Run"), qPrintable(m_mode->csvUnavailable()));
    m_mode->chooseStudy("sweep");
    m_window->refresh();
    QVERIFY2(csv->text().contains("sweep"), qPrintable(csv->text()));
    QVERIFY(m_window->activateMode(m_window->simulationMode()));
    m_window->refresh();
    QVERIFY2(csv->text().contains("time series"), qPrintable(csv->text()));
    QVERIFY(m_window->simulationMode()->csvUnavailable().isEmpty());
  }

 private:
  QTemporaryDir m_dir;
  std::unique_ptr<MainWindow> m_window;
  AnalysisMode* m_mode = nullptr;
};

DMS_TEST_MAIN(TestAnalysisMode)
}  // namespace tst_analysismode
#include "tst_analysismode.moc"
