// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The main window's layout and views in a real window (Xvfb when there is no display): down
// to 1024 x 640 nothing is cut, many methods still leave readable plots (log axes' labels
// apart) and table and say which the 3D view draws, the methods chosen are computed, plotted, drawn
// and exported, a plot a system cannot fill is not drawn, View > Smooth 3D edges for the next
// window, and the Help menu. Each case has a window of its own (tests/ui/windowtest.h).
#include <qcustomplot.h>

#include <QAbstractButton>
#include <QApplication>
#include <QDialog>
#include <QFile>
#include <QFileInfo>
#include <QHeaderView>
#include <QImage>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QRegularExpression>
#include <QScrollArea>
#include <QSettings>
#include <QSlider>
#include <QSplitter>
#include <QStatusBar>
#include <QSurfaceFormat>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QTextDocument>
#include <QtTest>
#include <cmath>

#include "core/io/scenario.h"
#include "core/sim/registry.h"
#include "tests/common/deadline.h"
#include "tests/common/imagecheck.h"
#include "tests/common/suitemain.h"
#include "tests/ui/windowtest.h"
#include "ui/app/mainwindow.h"
#include "ui/app/playbackbar.h"
#include "ui/common/methodlook.h"
#include "ui/common/paramform.h"
#include "ui/common/plotstyle.h"
#include "ui/mode/mode.h"
#include "ui/scene3d/sceneview.h"
#include "ui/sim/methodpicker.h"
#include "ui/sim/parampanel.h"
#include "ui/sim/plotpanel.h"
#include "ui/sim/potentialeditor.h"
#include "ui/sim/runtable.h"
#include "ui/sim/simulationmode.h"
#include "ui/sim/simworker.h"

namespace tst_windowlayout {

using namespace dms;
using namespace dms::ui;
using dms::test::countHue;
using dms::test::exportCsvAndWait;
using dms::test::ms;
using dms::test::sceneShot;
using dms::test::waitIdle;

class TestWindowLayout : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() { QVERIFY(m_dir.isValid()); }
  // a new window over new settings for every case: none sees what another left
  void init() {
    m_window = dms::test::openFreshWindow(
        m_dir, "tst_windowlayout", QSize(),
        dms::test::casesThatDraw({"chosenMethodsEverywhere", "antialiasingForTheNextWindow",
                                  "geometrySliderKeepsTheBodies"}));
    QVERIFY(m_window);
  }
  void cleanup() { m_window.reset(); }

  // the layout works down to 1024 x 640: the window gets that size, the time
  // slider keeps a usable width and no panel is cut at its right edge (they scroll vertically)
  void smallWindowLayout() {
    MainWindow& w = *m_window;
    w.resize(1024, 640);
    for (Mode* mode : w.modes()) {
      for (const dms::SystemModel* m : dms::allSystems()) {
        QVERIFY(w.selectSystem(QString::fromStdString(m->name())));
        if (!mode->supports(m) || !w.activateMode(mode)) continue;
        // the layout the new panel asks for is done (posted LayoutRequest events) before a look
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
        const QString where = QString::fromStdString(m->name()) + " in " + mode->name();
        QTRY_VERIFY2_WITH_TIMEOUT(w.size() == QSize(1024, 640),
                                  qPrintable(where + QString(" %1x%2 min %3x%4")
                                                         .arg(w.width())
                                                         .arg(w.height())
                                                         .arg(w.minimumSizeHint().width())
                                                         .arg(w.minimumSizeHint().height())),
                                  ms(2000));
        const auto* time = w.playbackBar()->findChild<QSlider*>();
        QVERIFY2(!mode->showsScene() || time->width() >= 240, qPrintable(where));
        for (const QScrollArea* a : w.findChildren<QScrollArea*>()) {
          if (!a->isVisible() || !a->widget()) continue;
          QVERIFY2(a->widget()->minimumSizeHint().width() <= a->viewport()->width(),
                   qPrintable(where));
        }
      }
    }
  }

  // every method of the dumbbell in a 1024 x 640 window: each plot keeps an axis rect a curve
  // can be read in (at least a third of the plot's height), the run table cuts no header and
  // no value (it scrolls instead), and the playback bar keeps its height when the 3D/plots
  // splitter is dragged all the way up
  void manyMethodsInASmallWindow() {
    MainWindow& w = *m_window;
    w.resize(1024, 640);
    QVERIFY(w.selectSystem("dumbbell"));
    const SystemModel* model = findSystem("dumbbell");
    w.simulationMode()->paramPanel()->setMethods(model->methods());
    w.simulationMode()->recompute();
    QVERIFY(waitIdle(w));
    w.refresh();
    QApplication::processEvents();
    // the line above the 3D view says which methods it draws, and how to see all
    const QString many =
        QString("first %1 of %2").arg(SceneView::kMaxRuns).arg(model->methods().size());
    QVERIFY2(w.simulationMode()->legend().contains(many), qPrintable(w.simulationMode()->legend()));
    w.overlayAction()->trigger();
    QVERIFY(!w.simulationMode()->legend().contains(many));
    w.overlayAction()->trigger();
    int logAxes = 0;
    for (QCustomPlot* p : w.simulationMode()->plotPanel()->plots()) {
      if (!p->isVisible()) continue;
      QVERIFY2(p->axisRect()->height() * 3 >= p->height(),
               qPrintable(
                   QString("axis rect %1 px of %2").arg(p->axisRect()->height()).arg(p->height())));
      // a log axis's labels (10 to a power: a line and a half with the raised exponent) keep
      // apart, as the window last drew them, and there are at least two
      const QCPAxis* y = p->yAxis;
      if (y->scaleType() != QCPAxis::stLogarithmic) continue;
      ++logAxes;
      const QVector<double> ticks = y->tickVector();
      QVERIFY2(ticks.size() >= 2, qPrintable(PlotStyle::title(p)->text()));
      const double label = 1.5 * QFontMetricsF(y->tickLabelFont()).height();
      for (int i = 1; i < ticks.size(); ++i)
        QVERIFY2(std::fabs(y->coordToPixel(ticks[i]) - y->coordToPixel(ticks[i - 1])) >= label,
                 qPrintable(
                     QString("%1: ticks %2 and %3 are %4 px apart, a label is %5 px")
                         .arg(PlotStyle::title(p)->text())
                         .arg(ticks[i - 1])
                         .arg(ticks[i])
                         .arg(std::fabs(y->coordToPixel(ticks[i]) - y->coordToPixel(ticks[i - 1])))
                         .arg(label)));
    }
    QVERIFY(logAxes > 0);  // the energy and structure errors
    const RunTable* table = w.findChild<RunTable*>();
    QVERIFY(table);
    QCOMPARE(table->rowCount(), int(model->methods().size()));
    for (int c = 0; c < table->columnCount(); ++c) {
      if (table->isColumnHidden(c)) continue;
      const QString head = table->horizontalHeaderItem(c)->text();
      const int room = table->horizontalHeader()->sectionSize(c);
      QVERIFY2(table->horizontalHeader()->fontMetrics().horizontalAdvance(head) < room,
               qPrintable(head));
      for (int r = 0; r < table->rowCount(); ++r) {
        const QTableWidgetItem* item = table->item(r, c);
        if (!item) continue;
        QVERIFY2(table->fontMetrics().horizontalAdvance(item->text()) < room,
                 qPrintable(head + ": " + item->text()));
      }
    }
    QSplitter* split = nullptr;
    for (QSplitter* s : w.findChildren<QSplitter*>())
      if (s->orientation() == Qt::Vertical && s->isAncestorOf(w.playbackBar())) split = s;
    QVERIFY(split);
    QVERIFY(split->handleWidth() >= 5);
    split->setSizes({0, 10000});  // as far up as the handle goes
    QApplication::processEvents();
    QCOMPARE(w.playbackBar()->height(), w.playbackBar()->sizeHint().height());
  }

  // The methods side by side: three chosen for the dumbbell are computed, plotted, drawn in a
  // 3D viewport each, listed in the table and exported; a scenario keeps them, a file without
  // them opens as the article's choice, and each system keeps its own choice.
  void chosenMethodsEverywhere() {
    MainWindow& w = *m_window;
    QVERIFY(w.selectSystem("dumbbell"));
    const SystemModel* db = findSystem("dumbbell");
    MethodPicker* picker = w.simulationMode()->paramPanel()->methodPicker();
    QCOMPARE(picker->methods(), db->articleMethods());  // the pair and the quaternion form
    // as a user does: RK4 on, the quaternion form off
    QVERIFY(picker->box(Method::Rk4) && picker->box(Method::Rk45Quat));
    picker->box(Method::Rk4)->click();
    picker->box(Method::Rk45Quat)->click();
    const std::vector<Method> three = {Method::Variational, Method::Rk45, Method::Rk4};
    QCOMPARE(picker->methods(), three);
    QTRY_COMPARE_WITH_TIMEOUT(w.simulationMode()->session()->job().methods, three, ms(5000));
    QVERIFY(waitIdle(w));
    for (int r = 0; r < 3; ++r) {
      QVERIFY(w.simulationMode()->plotPanel()->pointCount(0, r) > 0);
      QVERIFY(w.simulationMode()->plotPanel()->pointCount(1, r) > 0);
    }
    QCOMPARE(w.simulationMode()->runTable()->rowCount(), 3);
    QVERIFY(w.simulationMode()->runTable()->item(2, 0)->text().startsWith("RK4"));
    QCOMPARE(w.simulationMode()->runTable()->item(2, RunTable::kState)->text(), QString("done"));

    // 3D: three viewports side by side, RK4's body in its colour in the third
    QCOMPARE(w.scene()->runCount(), 3);
    const QImage shot = sceneShot(w);
    QVERIFY(!shot.isNull());
    const int third = shot.width() / 3;
    // below the cards (70 px): the two spheres of radius r = 0.2 in a view of radius about 4
    // cover a few hundred pixels; the card's swatch and the trail are above or thinner
    const QRect right(2 * third, 70, third, shot.height() - 70),
        left(0, 70, third, shot.height() - 70);
    const QColor rk4 = methodLook(Method::Rk4).color;
    QVERIFY2(countHue(shot, right, rk4) > 100,
             qPrintable(QString::number(countHue(shot, right, rk4))));
    QVERIFY(countHue(shot, left, rk4) < 30);

    // the exports: every run in the CSV, the plots written
    const QString dir = m_dir.filePath("methods");
    QString error;
    QVERIFY2(exportCsvAndWait(w, dir + "-series.csv", &error), qPrintable(error));
    QFile csv(dir + "-series.csv");
    QVERIFY(csv.open(QIODevice::ReadOnly));
    const QByteArray text = csv.readAll();
    for (const char* name : {"\nvi,", "\nrk45,", "\nrk4,"}) QVERIFY2(text.contains(name), name);
    QVERIFY(!text.contains("\nrk45-quat,"));
    QVERIFY2(w.exportPlots(dir, -1, {ImageFormat::Png}, QSize(640, 480), &error),
             qPrintable(error));

    // a scenario keeps them
    const QString file = m_dir.filePath("three.json");
    QVERIFY(w.saveScenario(file));
    Scenario saved = loadScenario(file.toStdString(), nullptr);
    QCOMPARE(saved.methods, three);
    QVERIFY(w.selectSystem("planar-pendulum"));
    QCOMPARE(picker->methods(), findSystem("planar-pendulum")->articleMethods());
    QVERIFY(w.openScenario(file));
    QCOMPARE(w.system()->name(), std::string("dumbbell"));
    QCOMPARE(picker->methods(), three);
    // visiting another system and coming back keeps the choice
    QVERIFY(w.selectSystem("mass-spring"));
    QVERIFY(w.selectSystem("dumbbell"));
    QCOMPARE(picker->methods(), three);
    // an older file, without "methods": the article's choice
    saved.methods.clear();
    const QString old = m_dir.filePath("old.json");
    std::string why;
    QVERIFY(saveScenario(saved, old.toStdString(), &why));
    QVERIFY(!QString::fromStdString(scenarioToJson(saved)).contains("methods"));
    QVERIFY(w.openScenario(old));
    QCOMPARE(picker->methods(), db->articleMethods());
    QVERIFY(waitIdle(w));
  }

  // A plot a system cannot fill is not drawn crushed: the mass-spring (a linear space) has no
  // structure plot and the energy plot takes the width; the dumbbell's |1 - |q|| is plotted
  // for the quaternion run alone (0 by design elsewhere), named in the title, and the legend
  // of every run fits inside the plot.
  void plotsShowWhatTheSystemHas() {
    MainWindow& w = *m_window;
    PlotPanel* plots = w.simulationMode()->plotPanel();
    QVERIFY(w.selectSystem("mass-spring"));
    QVERIFY(waitIdle(w));
    QVERIFY(!plots->structureShown());
    QVERIFY(!plots->plots()[1]->isVisible());
    QVERIFY2(plots->plots()[0]->width() > 0.9 * plots->width(),
             qPrintable(QString("%1 of %2").arg(plots->plots()[0]->width()).arg(plots->width())));
    // its export is the energy plot alone, laid out over the whole image (1200 px)
    QString error;
    QVERIFY2(
        w.exportPlots(m_dir.filePath("linear"), -1, {ImageFormat::Png}, QSize(1200, 800), &error),
        qPrintable(error));
    QVERIFY(!QFileInfo::exists(m_dir.filePath("linear/structure.png")));
    QVERIFY2(plots->plots()[0]->axisRect()->width() > 900,
             qPrintable(QString::number(plots->plots()[0]->axisRect()->width())));

    QVERIFY(w.selectSystem("dumbbell"));
    QVERIFY(waitIdle(w));
    QVERIFY(plots->structureShown());
    QVERIFY(plots->plots()[1]->isVisible());
    plots->setShowStructure2(true);
    QCustomPlot* s = plots->plots()[1];
    int dotted = 0;
    for (int i = 0; i < s->graphCount(); ++i)
      if (s->graph(i)->pen().style() == Qt::DotLine) {
        ++dotted;
        QVERIFY2(s->graph(i)->name().startsWith("RK45 quaternion"),
                 qPrintable(s->graph(i)->name()));
      }
    QCOMPARE(dotted, 1);
    s->replot();
    const QString title = PlotStyle::title(s)->text();
    QVERIFY2(title.contains("‖I − RᵀR‖") && title.contains("|1 − |q||"), qPrintable(title));
    // an entry per curve, every one inside the plot's width (the legend's grid may have empty
    // cells in its last row)
    int entries = 0;
    for (int i = 0; i < s->legend->itemCount(); ++i) {
      if (!s->legend->item(i)) continue;
      ++entries;
      const QRect r = s->legend->item(i)->outerRect();
      QVERIFY2(r.left() >= 0 && r.right() <= s->width(),
               qPrintable(QString("entry %1: %2..%3 of %4")
                              .arg(i)
                              .arg(r.left())
                              .arg(r.right())
                              .arg(s->width())));
    }
    QCOMPARE(entries, s->graphCount());
    plots->setShowStructure2(false);
  }

  // One notation in the Simulation tab, the one of the Analysis plots, the captions and dmsim
  // figures: for every system and every view its plots have, no axis label, title or legend
  // name, no label, check box or table header of the tab and no status bar text in plain ASCII
  // notation (q^T q, theta, S^2, E0, " - " for a minus, "10x" for a factor), and an energy axis
  // names its unit
  void oneNotationInTheSimulationTab() {
    MainWindow& w = *m_window;
    PlotPanel* panel = w.simulationMode()->plotPanel();
    const QRegularExpression plain(
        "\\^T|\\^2|\\^3|\\btheta|\\bomega|\\bOmega|\\bphi\\b|\\bpsi\\b|\\bmu\\b|\\bkappa\\b|\\brho|"
        "\\bE0\\b|\\bL0\\b|\\b(q|v|x|m|l|r|c|J|att)\\d(_\\d)?\\b|[a-zA-Z]_[i\\d]| - |\\dx\\b");
    int texts = 0;
    for (const SystemModel* model : allSystems()) {
      const QString system = QString::fromStdString(model->name());
      QVERIFY(w.selectSystem(system));
      QVERIFY(waitIdle(w));
      QStringList seen;
      for (int v = 0; v < kPlotViewCount; ++v) {
        if (!panel->setView(PlotView(v))) continue;
        for (QCustomPlot* p : panel->plots()) {
          p->replot();
          seen << PlotStyle::title(p)->text().replace('\n', ' ') << p->xAxis->label()
               << p->yAxis->label();
          for (int i = 0; i < p->plottableCount(); ++i) seen << p->plottable(i)->name();
          // an energy axis says in what: J
          const QString y = p->yAxis->label();
          if (y.contains(QRegularExpression("\\bE\\b|\\bH")))
            QVERIFY2(y.contains("[J]"), qPrintable(system + ": " + y));
        }
      }
      panel->setView(PlotView::Errors);
      QWidget* tab = w.simulationMode()->paramPanel();
      for (QWidget* root : {tab, static_cast<QWidget*>(panel)}) {
        // the parameter rows too (their tooltips keep the names --set takes), not the typed
        // potential's derivatives nor the names a control law may read (in the expression
        // language typed there)
        for (const QLabel* l : root->findChildren<QLabel*>())
          if (!qobject_cast<const PotentialEditor*>(l->parentWidget()) &&
              l->objectName() != "lawNames")
            seen << l->text();
        for (const QAbstractButton* b : root->findChildren<QAbstractButton*>()) seen << b->text();
      }
      const RunTable* table = w.findChild<RunTable*>();
      for (int c = 0; c < table->columnCount(); ++c) seen << table->horizontalHeaderItem(c)->text();
      for (const QLabel* l : w.statusBar()->findChildren<QLabel*>()) seen << l->text();
      for (const QString& text : std::as_const(seen)) {
        if (text.isEmpty()) continue;
        ++texts;
        QVERIFY2(!text.contains(plain), qPrintable(QString("%1: \"%2\"").arg(system, text)));
      }
    }
    QVERIFY(texts > 100);
  }

  // View > Smooth 3D edges: on by default (the 3D view is multisampled) and kept in the
  // settings; a surface's format is fixed, so the next window takes a change, not this one
  void antialiasingForTheNextWindow() {
    MainWindow& w = *m_window;
    QAction* smooth = w.antialiasAction();
    QVERIFY(smooth->isCheckable());
    QVERIFY(smooth->isChecked());
    QVERIFY(w.scene()->antialiased());
    smooth->setChecked(false);
    QCOMPARE(QSettings().value(MainWindow::kAntialiasingKey).toBool(), false);
    QVERIFY(w.scene()->antialiased());
    {
      MainWindow next;
      next.show();
      QVERIFY(QTest::qWaitForWindowExposed(&next));
      QVERIFY(!next.antialiasAction()->isChecked());
      QVERIFY(!next.scene()->antialiased());
      // the renderer's OpenGL context takes the default format: with the window's alone, frames
      // cost as much as with samples (dms_gui_latency)
      QCOMPARE(QSurfaceFormat::defaultFormat().samples(), 0);
    }
    smooth->setChecked(true);
    QCOMPARE(QSettings().value(MainWindow::kAntialiasingKey).toBool(), true);
  }

  // Help: About cites the article and names the libraries' licences; User guide shows
  // the user guide (docs/user-guide.md) with its screenshot (compiled in, so it works installed)
  void helpMenu() {
    MainWindow& w = *m_window;
    QMenu* help = nullptr;
    for (QAction* a : w.menuBar()->actions())
      if (a->text().remove('&') == "Help") help = a->menu();
    QVERIFY(help);
    const auto trigger = [help](const QString& text) {
      for (QAction* a : help->actions())
        if (a->text().remove('&') == text) return a->trigger(), true;
      return false;
    };
    QVERIFY(trigger("About"));
    QVERIFY(w.lastMessage());
    const QString about = w.lastMessage()->text();
    for (const char* needed : {"0705.3868", "Discrete Control", "QCustomPlot", "GPL-3.0", "Eigen",
                               "MPL-2.0", "NLopt", "Qt "})
      QVERIFY2(about.contains(needed), needed);
    w.lastMessage()->close();
    QVERIFY(trigger("User guide"));
    auto* guide = w.findChild<QDialog*>("userGuide");
    QVERIFY(guide);
    auto* text = guide->findChild<QTextBrowser*>();
    // the whole guide (docs/user-guide.md), with the pictures it links by name
    QVERIFY(text->toPlainText().startsWith("dmstudio user guide"));
    for (const char* section : {"Simulation", "Optimal control", "Analysis", "Scripted mode"})
      QVERIFY2(text->toPlainText().contains(section), section);
    const QVariant shot =
        text->document()->resource(QTextDocument::ImageResource, QUrl("screenshot.png"));
    QVERIFY(!shot.value<QImage>().isNull());
    guide->close();
  }

  // dragging a slider of the drawing's geometry (the dumbbell's rod length L) keeps the bodies
  // in the 3D view: the slider moves a notch every 40 ms, as a hand drags it, while the runs
  // restart and their first results are shown with each new length; every picture the view
  // draws meanwhile has the spheres
  void geometrySliderKeepsTheBodies() {
    MainWindow& w = *m_window;
    QVERIFY(w.selectSystem("dumbbell"));
    QVERIFY(waitIdle(w));
    QSlider* slider = w.simulationMode()->paramPanel()->slider("L");
    QVERIFY(slider);
    const QColor vi = methodLook(Method::Variational).color;
    QTimer drag;
    drag.setInterval(40);
    connect(&drag, &QTimer::timeout, slider, [slider] {
      slider->setValue(slider->value() < slider->maximum() ? slider->value() + 1 : 0);
    });
    drag.start();
    const int from = slider->value();
    for (int k = 0; k < 12; ++k) {
      const QImage shot = sceneShot(w);
      QVERIFY(!shot.isNull());
      // the first viewport below its card: the two spheres in vi's colour
      const QRect first(0, 70, shot.width() / 3, shot.height() - 70);
      const int n = countHue(shot, first, vi);
      if (n <= 100) shot.save(m_dir.filePath("geometry-slider.png"));
      QVERIFY2(n > 100, qPrintable(QString("picture %1 of the drag: %2 pixels").arg(k).arg(n)));
    }
    drag.stop();
    QVERIFY(slider->value() != from);  // it did move
    QVERIFY(waitIdle(w));
  }

 private:
  QTemporaryDir m_dir;
  std::unique_ptr<MainWindow> m_window;
};

DMS_TEST_MAIN(TestWindowLayout)
}  // namespace tst_windowlayout
#include "tst_windowlayout.moc"
