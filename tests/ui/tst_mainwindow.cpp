// The main window in a real window (Xvfb when there is no display): every system computes both
// runs, a slider recomputes them and the plots' data change, cancelling mid-run, a failing run
// stops alone, exports in each format, scenario round trip and a malformed file rejected with
// the previous scenario kept, a mode's tab only for the systems it supports, the command line's
// errors (each names its flag) and choice flags, and the scripted mode's stages and exit status.
#include <qcustomplot.h>

#include <QApplication>
#include <QCheckBox>
#include <QDateTime>
#include <QDialog>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileInfo>
#include <QHeaderView>
#include <QImage>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QProcess>
#include <QPushButton>
#include <QScrollArea>
#include <QSettings>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QSplitter>
#include <QSurfaceFormat>
#include <QTabBar>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QTextDocument>
#include <QTimer>
#include <QXmlStreamReader>
#include <QtTest>
#include <map>

#include "core/io/scenario.h"
#include "core/sim/registry.h"
#include "tests/common/deadline.h"
#include "tests/common/exportcheck.h"
#include "tests/common/imagecheck.h"
#include "tests/common/settings.h"
#include "ui/app/commandline.h"
#include "ui/app/examples.h"
#include "ui/app/exportdialog.h"
#include "ui/app/mainwindow.h"
#include "ui/app/playbackbar.h"
#include "ui/app/scenariofile.h"
#include "ui/app/scriptrunner.h"
#include "ui/common/methodlook.h"
#include "ui/common/playback.h"
#include "ui/common/plotstyle.h"
#include "ui/control/controlmode.h"
#include "ui/mode/mode.h"
#include "ui/scene3d/sceneview.h"
#include "ui/sim/methodpicker.h"
#include "ui/sim/parampanel.h"
#include "ui/sim/plotpanel.h"
#include "ui/sim/runtable.h"
#include "ui/sim/simulationmode.h"
#include "ui/sim/simworker.h"

using namespace dms;
using namespace dms::ui;
using dms::test::countHue;
using dms::test::ms;

namespace {

bool waitIdle(MainWindow& w, int budget = dms::test::ms(20000)) {
  QElapsedTimer t;
  t.start();
  // finished, and one frame (33 ms) later the plots show it
  while (w.simulationMode()->session()->running() && t.elapsed() < budget) QTest::qWait(10);
  QTest::qWait(80);
  return !w.simulationMode()->session()->running();
}

// a system at the article's values and methods (a system keeps what an earlier test left)
bool selectFresh(MainWindow& w, const QString& system) {
  if (!w.selectSystem(system)) return false;
  w.simulationMode()->paramPanel()->setMethods({});
  w.simulationMode()->paramPanel()->resetToArticle();
  w.simulationMode()->recompute();
  return true;
}

Sample lastOf(const MainWindow& w, int run) {
  return w.simulationMode()->session()->stores()[std::size_t(run)].last();
}

}  // namespace

class TestMainWindow : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() {
    QVERIFY(m_dir.isValid());
    dms::test::useOwnSettings(m_dir.filePath("settings"), "tst_mainwindow");
    m_window = std::make_unique<MainWindow>();
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
  }

  void cleanupTestCase() { m_window.reset(); }

  void cleanup() {
    if (m_window->lastMessage()) m_window->lastMessage()->close();
  }

  void pickSystemAndDriveSlider_data() {
    QTest::addColumn<QString>("system");
    for (const SystemModel* m : allSystems())
      QTest::newRow(m->name().c_str()) << QString::fromStdString(m->name());
  }

  void pickSystemAndDriveSlider() {
    QFETCH(QString, system);
    MainWindow& w = *m_window;
    QVERIFY(w.selectSystem(system));
    QVERIFY(waitIdle(w));
    const std::size_t runs = w.simulationMode()->session()->job().methods.size();
    QVERIFY(runs >= 2);
    std::vector<double> sums;
    std::vector<Sample> lasts;
    for (std::size_t r = 0; r < runs; ++r) {
      QVERIFY(w.simulationMode()->session()->stores()[r].received() > 1);
      QVERIFY(w.simulationMode()->plotPanel()->pointCount(0, int(r)) > 0);
      sums.push_back(w.simulationMode()->plotPanel()->dataChecksum(0, int(r)));
      lasts.push_back(lastOf(w, int(r)));
    }
    const quint64 gen = w.simulationMode()->session()->generation();
    // drag the first parameter's slider over a few positions, as a hand would
    QSlider* slider = w.simulationMode()->paramPanel()->slider(w.system()->params().front().name);
    QVERIFY(slider);
    const int start = slider->value();
    for (int k = 1; k <= 5; ++k) {
      slider->setValue(start + (start < 500 ? 40 : -40) * k);
      QTest::qWait(15);
    }
    QVERIFY(w.simulationMode()->session()->generation() > gen);
    QElapsedTimer latency;
    latency.start();
    QTRY_VERIFY_WITH_TIMEOUT(!w.simulationMode()->session()->running(), ms(20000));
    qInfo("%s: last slider step to both runs complete: %lld ms", qPrintable(system),
          static_cast<long long>(latency.elapsed()));
    QVERIFY(waitIdle(w));
    for (std::size_t r = 0; r < runs; ++r) {
      const Sample now = lastOf(w, int(r));
      QVERIFY2(now.energy != lasts[r].energy || now.state != lasts[r].state,
               "the worker did not produce new results");
      QVERIFY2(w.simulationMode()->plotPanel()->dataChecksum(0, int(r)) != sums[r],
               "the plot did not change");
    }
    // the structure plot has a curve per run exactly where the system has a structure error
    const bool structure = !w.system()->structureName().empty();
    QCOMPARE(w.simulationMode()->plotPanel()->pointCount(1, 0) > 0, structure);
  }

  void cancelMidRunBySystemSwitch() {
    MainWindow& w = *m_window;
    QVERIFY(w.selectSystem("planar-pendulum"));
    w.simulationMode()->paramPanel()->setValue("T",
                                               {2e5});  // about 7e6 steps per run: seconds of work
    QTRY_VERIFY_WITH_TIMEOUT(w.simulationMode()->session()->running() &&
                                 w.simulationMode()->session()->stores()[0].received() > 0,
                             ms(10000));
    QVERIFY(w.simulationMode()->session()->stores()[0].lastTime() < 2e5);
    QElapsedTimer t;
    t.start();
    QVERIFY(w.selectSystem("spherical-pendulum"));  // cancels and restarts
    QVERIFY(waitIdle(w));
    QVERIFY2(t.elapsed() < ms(5000), qPrintable(QString::number(t.elapsed())));
    QCOMPARE(w.simulationMode()->session()->job().model->name(), std::string("spherical-pendulum"));
    QCOMPARE(w.simulationMode()->session()->stores()[0].received(),
             w.simulationMode()->session()->job().settings.steps() + 1);
  }

  void oneFailingRunStopsAlone() {
    MainWindow& w = *m_window;
    QVERIFY(w.selectSystem("planar-pendulum"));
    // h Omega = 0.2 * 20 = 4 > 1: eq (25) has no solution, the variational step fails at once
    w.simulationMode()->paramPanel()->setValue("h", {0.2});
    w.simulationMode()->paramPanel()->setValue("omega0", {20.0});
    w.simulationMode()->paramPanel()->setValue("T", {20.0});
    QVERIFY(waitIdle(w));
    const auto& st = w.simulationMode()->session()->status();
    QVERIFY(st[0].failure.failed);
    QVERIFY(!st[1].failure.failed);
    QVERIFY(st[1].done);
    QCOMPARE(w.simulationMode()->session()->stores()[1].received(),
             w.simulationMode()->session()->job().settings.steps() + 1);
    QVERIFY(w.lastMessage());
    QVERIFY(w.lastMessage()->isVisible());
    QVERIFY(!w.lastMessage()->isModal());
    QVERIFY(w.lastMessage()->text().contains("stopped at t = 0"));
  }

  void invalidCombinationExplainedInPlace() {
    MainWindow& w = *m_window;
    QVERIFY(w.selectSystem("mass-spring"));
    QVERIFY(waitIdle(w));
    const quint64 gen = w.simulationMode()->session()->generation();
    w.simulationMode()->paramPanel()->setValue("T", {1.0});
    w.simulationMode()->paramPanel()->setValue("h", {2.0});
    QTest::qWait(50);
    QVERIFY(w.simulationMode()->paramPanel()->problem().contains("must not exceed T"));
    QVERIFY(!w.simulationMode()->session()->running());
    w.simulationMode()->paramPanel()->resetToArticle();
    QTest::qWait(50);
    QVERIFY(w.simulationMode()->paramPanel()->problem().isEmpty());
    QVERIFY(w.simulationMode()->session()->generation() > gen);
  }

  void exportsEachFormat() {
    MainWindow& w = *m_window;
    QVERIFY(w.selectSystem("spherical-pendulum"));
    QVERIFY(waitIdle(w));
    const QString dir = m_dir.filePath("export");
    QString error;
    QVERIFY2(w.exportPlots(dir, -1, {ImageFormat::Png, ImageFormat::Svg, ImageFormat::Pdf},
                           QSize(640, 480), &error),
             qPrintable(error));
    const QString problem =
        dms::test::exportedPlotsProblem(dir, PlotPanel::plotNames(), QSize(640, 480));
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    // CSV: a header and one row per kept sample of each run
    QVERIFY2(w.exportCsv(dir + "/series.csv", &error), qPrintable(error));
    QFile csv(dir + "/series.csv");
    QVERIFY(csv.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = csv.readAll().split('\n');
    QVERIFY(lines[0].startsWith("method,t,energy,energy_dev,structure"));
    std::size_t kept = 0;
    for (const RunStore& s : w.simulationMode()->session()->stores()) kept += s.playback().size();
    QCOMPARE(std::size_t(lines.size() - 2), kept);  // header, rows, trailing newline
    // the PDF's document title is the plot's (Qt writes it as UTF-16BE text)
    QFile pdf(dir + "/energy.pdf");
    QVERIFY(pdf.open(QIODevice::ReadOnly));
    const QString title = PlotStyle::title(w.simulationMode()->plotPanel()->plots()[0])->text();
    QVERIFY(!title.isEmpty());
    QByteArray utf16("\xfe\xff", 2);
    for (QChar c : title) utf16 += char(c.unicode() >> 8), utf16 += char(c.unicode() & 0xff);
    QVERIFY2(pdf.readAll().contains(utf16), qPrintable(title));
    // the mass-spring has no structure error: no structure plot is written
    QVERIFY(w.selectSystem("mass-spring"));
    QVERIFY(waitIdle(w));
    const QString springDir = m_dir.filePath("export-spring");
    QVERIFY2(w.exportPlots(springDir, -1, {ImageFormat::Png}, QSize(640, 480), &error),
             qPrintable(error));
    QCOMPARE(QDir(springDir).entryList(QDir::Files), QStringList{"energy.png"});
    // unwritable: a clear error, no file
    QVERIFY(!w.exportPlots("/proc/no-such-dir", -1, {ImageFormat::Png}, QSize(640, 480), &error));
    QVERIFY(error.contains("no-such-dir"));
    QVERIFY(!w.exportCsv("/proc/no-such-dir/a.csv", &error));
    QVERIFY(error.contains("a.csv"));
  }

  // the layout works down to 1024 x 640: the window gets that size, the time
  // slider keeps a usable width and no panel is cut at its right edge (they scroll vertically)
  void smallWindowLayout() {
    MainWindow& w = *m_window;
    const QSize before = w.size();
    w.resize(1024, 640);
    for (Mode* mode : w.modes()) {
      for (const dms::SystemModel* m : dms::allSystems()) {
        QVERIFY(w.selectSystem(QString::fromStdString(m->name())));
        if (!mode->supports(m) || !w.activateMode(mode)) continue;
        QTest::qWait(50);
        const QString where = QString::fromStdString(m->name()) + " in " + mode->name();
        QVERIFY2(w.size() == QSize(1024, 640),
                 qPrintable(where + QString(" %1x%2 min %3x%4")
                                        .arg(w.width())
                                        .arg(w.height())
                                        .arg(w.minimumSizeHint().width())
                                        .arg(w.minimumSizeHint().height())));
        const auto* time = w.playbackBar()->findChild<QSlider*>();
        QVERIFY2(!mode->showsScene() || time->width() >= 240, qPrintable(where));
        for (const QScrollArea* a : w.findChildren<QScrollArea*>()) {
          if (!a->isVisible() || !a->widget()) continue;
          QVERIFY2(a->widget()->minimumSizeHint().width() <= a->viewport()->width(),
                   qPrintable(where));
        }
      }
    }
    QVERIFY(w.activateMode(w.simulationMode()));
    w.resize(before);
  }

  // every method of the dumbbell in a 1024 x 640 window: each plot keeps an axis rect a curve
  // can be read in (at least a third of the plot's height), the run table cuts no header and
  // no value (it scrolls instead), and the playback bar keeps its height when the 3D/plots
  // splitter is dragged all the way up
  void manyMethodsInASmallWindow() {
    MainWindow& w = *m_window;
    const QSize before = w.size();
    w.resize(1024, 640);
    QVERIFY(w.selectSystem("dumbbell"));
    const SystemModel* model = findSystem("dumbbell");
    w.simulationMode()->paramPanel()->setMethods(model->methods());
    w.simulationMode()->recompute();
    QVERIFY(waitIdle(w));
    w.refresh();
    QApplication::processEvents();
    for (QCustomPlot* p : w.simulationMode()->plotPanel()->plots()) {
      if (!p->isVisible()) continue;
      QVERIFY2(p->axisRect()->height() * 3 >= p->height(),
               qPrintable(
                   QString("axis rect %1 px of %2").arg(p->axisRect()->height()).arg(p->height())));
    }
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
    const QList<int> sizes = split->sizes();
    split->setSizes({0, 10000});  // as far up as the handle goes
    QApplication::processEvents();
    QCOMPARE(w.playbackBar()->height(), w.playbackBar()->sizeHint().height());
    split->setSizes(sizes);  // the cases after this one see the 3D view as it was
    w.simulationMode()->paramPanel()->setMethods({});
    w.resize(before);
  }

  // the window title names the scenario file and marks unsaved changes; File > Open recent
  // lists it; closing with changes asks (Cancel keeps the window, Save writes the file)
  void scenarioFileTitleRecentAndClose() {
    MainWindow& w = *m_window;
    QVERIFY(selectFresh(w, "planar-pendulum"));
    QVERIFY(waitIdle(w));
    const QString path = m_dir.filePath("titled.json");
    QVERIFY(w.saveScenario(path));
    QVERIFY2(w.windowTitle().startsWith("titled.json[*]"), qPrintable(w.windowTitle()));
    QVERIFY(!w.isWindowModified());
    QCOMPARE(w.scenarioFile()->recent().value(0), QFileInfo(path).absoluteFilePath());
    QSlider* theta = w.simulationMode()->paramPanel()->slider("theta0");
    theta->setValue(theta->value() + 5);  // as a user drags it
    QVERIFY(w.isWindowModified());
    const auto answer = [](QMessageBox::StandardButton b) {
      QTimer::singleShot(200, [b] {
        if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget()))
          box->button(b)->click();
      });
    };
    answer(QMessageBox::Cancel);
    QVERIFY(!w.scenarioFile()->maybeSave());
    QVERIFY(w.isWindowModified());
    answer(QMessageBox::Save);
    QVERIFY(w.scenarioFile()->maybeSave());
    QVERIFY(!w.isWindowModified());
    const dms::Scenario saved = dms::loadScenario(path.toStdString(), nullptr);
    QCOMPARE(saved.parameters.at("theta0"),
             w.simulationMode()->paramPanel()->values().at("theta0"));
    // opened again: unchanged; another system: the file is not its scenario
    QVERIFY(w.openScenario(path));
    QVERIFY(!w.isWindowModified() && w.windowTitle().startsWith("titled.json"));
    QVERIFY(w.selectSystem("mass-spring"));
    QCOMPARE(w.windowTitle(), QString("Discrete Mechanics Studio"));
    QVERIFY(w.scenarioFile()->maybeSave());  // nothing to ask
  }

  // File > Examples over unsaved changes asks first (Cancel keeps the scenario and its history);
  // undoing back to the saved values clears the title's mark
  void openingAsksAndUndoReachesTheSavedState() {
    MainWindow& w = *m_window;
    QVERIFY(selectFresh(w, "planar-pendulum"));
    QVERIFY(waitIdle(w));
    ScenarioFile* file = w.scenarioFile();
    const QString path = m_dir.filePath("asked.json");
    QVERIFY(w.saveScenario(path));
    ParamPanel* panel = w.simulationMode()->paramPanel();
    QSlider* theta = panel->slider("theta0");
    theta->setValue(theta->value() + 5);
    QVERIFY(w.isWindowModified());
    const double edited = panel->values().at("theta0")[0];
    QAction* example = nullptr;
    for (QAction* a : w.findChildren<QAction*>())
      if (a->text() == examples().back().title) example = a;
    QVERIFY(example);
    bool asked = false;
    QTimer::singleShot(0, [&asked] {
      if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget())) {
        asked = true;
        box->button(QMessageBox::Cancel)->click();
      }
    });
    example->trigger();
    QVERIFY(asked);
    QVERIFY(w.windowTitle().startsWith("asked.json"));
    QVERIFY(w.isWindowModified());
    QCOMPARE(panel->values().at("theta0")[0], edited);
    QVERIFY(file->canUndo());
    file->undo();
    QVERIFY(!w.isWindowModified());
    file->redo();
    QVERIFY(w.isWindowModified());
    file->undo();
    QVERIFY(selectFresh(w, "planar-pendulum"));
    QVERIFY(waitIdle(w));
  }

  // Edit > Undo and Redo: a slider move is one step (its edits coalesced), undo brings the
  // previous values back into the panel and the runs, redo the later ones; a new edit ends redo
  void undoRedoParameterChanges() {
    MainWindow& w = *m_window;
    QVERIFY(selectFresh(w, "planar-pendulum"));
    QVERIFY(waitIdle(w));
    ScenarioFile* file = w.scenarioFile();
    // the reset above is a step of its own (waited for, not timed: a busy sanitizer build's event
    // loop can fire the coalescing timer late)
    QTRY_VERIFY_WITH_TIMEOUT(!file->editPending(), ms(10000));
    ParamPanel* panel = w.simulationMode()->paramPanel();
    QSlider* theta = panel->slider("theta0");
    const double v0 = panel->values().at("theta0")[0];
    for (int k = 0; k < 3; ++k) theta->setValue(theta->value() + 2);  // one drag
    QVERIFY(file->editPending());
    QTRY_VERIFY_WITH_TIMEOUT(!file->editPending(), ms(10000));  // then a pause
    const double v1 = panel->values().at("theta0")[0];
    theta->setValue(theta->value() + 4);  // a second move
    const double v2 = panel->values().at("theta0")[0];
    QVERIFY(v0 != v1 && v1 != v2);
    QVERIFY(file->canUndo());
    file->undo();  // the pending move first becomes a step, then is undone
    QCOMPARE(panel->values().at("theta0")[0], v1);
    file->undo();
    QCOMPARE(panel->values().at("theta0")[0], v0);
    QVERIFY(file->canRedo());
    file->redo();
    QCOMPARE(panel->values().at("theta0")[0], v1);
    w.simulationMode()->recompute();
    QVERIFY(waitIdle(w));
    QCOMPARE(w.simulationMode()->session()->job().values.at("theta0")[0], v1);  // the runs too
    theta->setValue(theta->value() - 1);  // a new edit: nothing to redo
    QTRY_VERIFY_WITH_TIMEOUT(!file->editPending(), ms(10000));
    QVERIFY(!file->canRedo());
    file->redo();
    QVERIFY(panel->values().at("theta0")[0] != v2);
    QVERIFY(selectFresh(w, "planar-pendulum"));
    QVERIFY(waitIdle(w));
  }

  // Export plots' options: the playback cursor only when asked, and a caption with the set-up;
  // the window's plots are as they were after
  void figureOptions() {
    MainWindow& w = *m_window;
    QVERIFY(selectFresh(w, "planar-pendulum"));
    QVERIFY(waitIdle(w));
    w.playback()->seek(100.0);
    w.refresh();
    Mode* mode = w.simulationMode();
    const QString dir = m_dir.filePath("figures");
    const auto svg = [&](bool cursor, bool caption, const QString& prefix) {
      FigureOptions o;
      o.cursor = cursor;
      o.caption = caption;
      QString error;
      if (!mode->writePlots(dir, 0, {ImageFormat::Svg}, QSize(800, 500), &error, prefix, o))
        return QString("failed: " + error);
      QFile f(QDir(dir).filePath(prefix + mode->exportPlots()[0].name + ".svg"));
      return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
    };
    QCustomPlot* plot = mode->exportPlots()[0].plot;
    const int elements = plot->plotLayout()->elementCount();
    const QString plain = svg(true, false, "a-"), bare = svg(false, false, "b-"),
                  captioned = svg(false, true, "c-").replace(QChar(0xa0), ' ');
    // the cursor is the one dashed line in the plot area (the grid's are dotted)
    const auto dashed = [](const QString& text) { return text.count("stroke-dasharray"); };
    QVERIFY2(dashed(plain) > dashed(bare),
             qPrintable(QString("%1 %2").arg(dashed(plain)).arg(dashed(bare))));
    QVERIFY(!plain.contains("theta0 = "));
    for (const char* part :
         {"Planar pendulum on SO(2): m = 1 kg", "theta0 = 1.5708 rad", "h = 0.03 s", "T = 1000 s",
          "RelTol = 0.001", "Methods: variational, RK45"})
      QVERIFY2(QString(mode->figureCaption()).replace(QChar(0xa0), ' ').contains(part), part);
    // in the file, in lines of at most 110 characters
    QVERIFY(captioned.contains("Planar pendulum on SO(2): m = 1 kg"));
    QVERIFY(captioned.contains("Methods: variational, RK45"));
    QVERIFY(plot->layer("cursor")->visible());
    QCOMPARE(plot->plotLayout()->elementCount(), elements);  // no caption left in the window
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

  // File > Examples: every compiled-in example is listed, opens and runs to its horizon with
  // every method, and leaves the window without a file (Save asks where)
  void examplesOpenAndRun() {
    MainWindow& w = *m_window;
    QCOMPARE(QDir(":/examples").entryList().size(), int(dms::ui::examples().size()));
    const QStringList recentBefore = w.scenarioFile()->recent();
    for (const dms::ui::Example& e : dms::ui::examples()) {
      const QString text = dms::ui::exampleText(e);
      QVERIFY2(!text.isEmpty(), qPrintable(e.file));
      QVERIFY2(w.openScenario(e.title, text), qPrintable(e.file));
      w.simulationMode()->recompute();
      QVERIFY2(waitIdle(w), qPrintable(e.file));
      const dms::Scenario sc = dms::parseScenario(text.toStdString(), nullptr);
      QCOMPARE(w.system()->name(), sc.system);
      // the file's methods, in the picker's order
      std::vector<dms::Method> run = w.simulationMode()->session()->job().methods,
                               asked = sc.methods;
      std::sort(run.begin(), run.end());
      std::sort(asked.begin(), asked.end());
      QCOMPARE(run, asked);
      for (const auto& st : w.simulationMode()->session()->status())
        QVERIFY2(st.done && !st.failure.failed,
                 qPrintable(e.file + ": " + QString::fromStdString(st.failure.reason)));
      QCOMPARE(w.windowTitle(), QString("Discrete Mechanics Studio"));
    }
    QCOMPARE(w.scenarioFile()->recent(), recentBefore);
    // the later tests start from the article's values and methods of every system
    for (const dms::SystemModel* m : dms::allSystems()) {
      QVERIFY(selectFresh(w, QString::fromStdString(m->name())));
      QVERIFY(waitIdle(w));
    }
  }

  // a run longer than the playback buffer (planar pendulum, h = 0.05, T = 1000:
  // 20001 samples, the buffer keeps every second one) exports every step, not the kept ones
  // the run table: the errors at the playback cursor follow it, and the maxima are the figures
  // dmsim run prints (the same samples through the same RunSummary: equal bit for bit)
  void runTableReadout() {
    MainWindow& w = *m_window;
    QVERIFY(w.selectSystem("dumbbell"));
    ParamPanel* panel = w.simulationMode()->paramPanel();
    panel->resetToArticle();
    panel->setValue("T", {20.0});
    w.simulationMode()->recompute();
    QVERIFY(waitIdle(w));
    const SimJob job = w.simulationMode()->session()->job();
    const std::vector<RunStore>& stores = w.simulationMode()->session()->stores();
    RunTable* table = w.simulationMode()->runTable();
    QVERIFY(!table->isColumnHidden(RunTable::kMomentumMax));  // the dumbbell conserves L
    for (std::size_t r = 0; r < job.methods.size(); ++r) {
      // as dmsim run computes it: the metrics of each sample into a summary as it is made
      std::unique_ptr<Run> run = job.model->makeRun(job.values, job.methods[r], job.settings);
      struct Summing final : SampleSink {
        RunSummary sum;
        void take(const Sample& s) override { sum.add(s); }
      } sink;
      while (run->advance(sink, 4096, SampleFields::Metrics)) {
      }
      const RunSummary& expected = sink.sum;
      const RunSummary& shown = stores[r].summary();
      QCOMPARE(shown.samples, expected.samples);
      QCOMPARE(shown.energyMaxDev, expected.energyMaxDev);
      QCOMPARE(shown.structureMax, expected.structureMax);
      QCOMPARE(shown.momentumMaxDev, expected.momentumMaxDev);
      const int row = int(r);
      QCOMPARE(table->item(row, RunTable::kEnergyMax)->text(),
               QString::number(expected.energyMaxDev, 'e', 2));
      QCOMPARE(table->item(row, RunTable::kMomentumMax)->text(),
               QString::number(expected.momentumMaxDev, 'e', 2));
      // at the cursor: the kept sample nearest to it, and it follows the playback
      for (double t : {0.0, 7.5, 20.0}) {
        w.playback()->seek(t);
        w.refresh();
        const Sample s = *stores[r].nearest(t);
        QCOMPARE(table->item(row, RunTable::kEnergyAt)->text(),
                 QString::number(std::fabs(s.energy - stores[r].energy0()), 'e', 2));
        QCOMPARE(table->item(row, RunTable::kStructureAt)->text(),
                 QString::number(s.structure, 'e', 2));
      }
    }
  }

  void csvHasEveryStep() {
    MainWindow& w = *m_window;
    QVERIFY(w.selectSystem("planar-pendulum"));
    ParamPanel* panel = w.simulationMode()->paramPanel();
    panel->resetToArticle();
    panel->setValue("h", {0.05});
    panel->setValue("T", {1000.0});
    w.simulationMode()->recompute();  // now, not at the next event-loop pass
    QVERIFY(waitIdle(w));
    const std::vector<RunStore>& stores = w.simulationMode()->session()->stores();
    QVERIFY(!stores.empty());
    QVERIFY(stores[0].playbackStride() > 1);  // else this test would not test the recompute
    const QString path = m_dir.filePath("every-step.csv");
    QString error;
    QVERIFY2(w.exportCsv(path, &error), qPrintable(error));
    QFile csv(path);
    QVERIFY(csv.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = csv.readAll().split('\n');
    std::map<QByteArray, std::vector<QList<QByteArray>>> rows;  // by method
    for (int i = 1; i < lines.size(); ++i)
      if (!lines[i].isEmpty()) rows[lines[i].split(',')[0]].push_back(lines[i].split(','));
    const std::vector<dms::Method>& methods = w.simulationMode()->session()->job().methods;
    QCOMPARE(rows.size(), methods.size());
    // the state is there to rebuild a phase portrait; a quantity the system lacks is empty
    const QList<QByteArray> header = lines[0].split(',');
    QVERIFY2(lines[0].endsWith(",x,y,z,R11,R21,R12,R22,Omega"), lines[0].constData());
    const SystemModel* model = findSystem("planar-pendulum");
    for (const auto& [name, runRows] : rows) {
      QCOMPARE(runRows[5].size(), header.size());
      QCOMPARE(runRows[5][header.indexOf("L1")].isEmpty(), !model->hasMomentum());
      QVERIFY(!runRows[5][header.indexOf("Omega")].isEmpty());
    }
    for (std::size_t r = 0; r < methods.size(); ++r) {
      const auto& run = rows[QByteArray::fromStdString(dms::methodName(methods[r]))];
      QCOMPARE(run.size(), std::size_t(20001));  // t = 0, h, ..., 1000
      QCOMPARE(run[1][1].toDouble(), 0.05);
      // the kept samples are among the rows, bit for bit (the same job computed again)
      const RunStore& st = stores[r];
      const std::size_t stride = std::size_t(st.playbackStride());
      for (std::size_t k = 0; k < st.playback().size(); k += 97) {
        const auto& row = run[k * stride];
        QCOMPARE(row[1].toDouble(), st.playback()[k].t);
        QCOMPARE(row[2].toDouble(), st.playback()[k].energy);
      }
    }
    panel->resetToArticle();
    w.simulationMode()->recompute();
    QVERIFY(waitIdle(w));
  }

  void screenshotComposesTheSceneCapture() {
    MainWindow& w = *m_window;
    const QString path = m_dir.filePath("shot.png");
    bool done = false, ok = false;
    QString message;
    w.screenshot(path, [&](bool o, QString m) {
      done = true;
      ok = o;
      message = m;
    });
    QTRY_VERIFY_WITH_TIMEOUT(done, ms(10000));
    QVERIFY2(ok, qPrintable(message));
    const QImage img(path);
    QCOMPARE(img.size(), w.size() * w.devicePixelRatio());
    // the 3D view's area is not a blank grab: it has many colours
    const QRect r(w.scene()->widget()->mapTo(&w, QPoint(0, 0)), w.scene()->widget()->size());
    QSet<QRgb> colours;
    for (int y = r.top(); y < r.bottom(); y += 7)
      for (int x = r.left(); x < r.right(); x += 7) colours.insert(img.pixel(x, y));
    QVERIFY(colours.size() > 20);
  }

  void scenarioRoundTripAndMalformedFileKept() {
    MainWindow& w = *m_window;
    QVERIFY(w.selectSystem("planar-pendulum"));
    w.simulationMode()->paramPanel()->setValue("theta0", {0.75});
    const QString good = m_dir.filePath("good.json");
    QVERIFY(w.saveScenario(good));
    QVERIFY(w.selectSystem("mass-spring"));
    QVERIFY(w.openScenario(good));
    QCOMPARE(w.system()->name(), std::string("planar-pendulum"));
    QCOMPARE(w.simulationMode()->paramPanel()->values().at("theta0"), std::vector<double>{0.75});

    const QString bad = m_dir.filePath("bad.json");
    QFile f(bad);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"schema_version": 1, "system": "mass-spring", "parameters": {"m": )");
    f.close();
    const quint64 gen = w.simulationMode()->session()->generation();
    QVERIFY(!w.openScenario(bad));
    QVERIFY(w.lastMessage());
    QVERIFY(w.lastMessage()->isVisible());
    QVERIFY(!w.lastMessage()->isModal());
    QVERIFY(w.lastMessage()->text().contains("not valid JSON"));
    // in the user's words; the parser's message behind Show Details
    QVERIFY2(!w.lastMessage()->text().contains("json.exception"),
             qPrintable(w.lastMessage()->text()));
    QVERIFY(w.lastMessage()->detailedText().contains("parse_error"));
    QVERIFY(w.lastMessage()->text().contains("kept"));
    // the previous scenario is untouched and not even recomputed
    QCOMPARE(w.system()->name(), std::string("planar-pendulum"));
    QCOMPARE(w.simulationMode()->paramPanel()->values().at("theta0"), std::vector<double>{0.75});
    QCOMPARE(w.simulationMode()->session()->generation(), gen);
    // a save into a folder that does not exist explains itself
    QVERIFY(!w.saveScenario(m_dir.filePath("none/x.json")));
    QVERIFY(w.lastMessage()->text().contains("x.json"));
  }

  // The methods side by side: three chosen for the dumbbell are computed, plotted, drawn in a
  // 3D viewport each, listed in the table and exported; a scenario keeps them, a file without
  // them opens as the article's choice, and each system keeps its own choice.
  void chosenMethodsEverywhere() {
    MainWindow& w = *m_window;
    QVERIFY(selectFresh(w, "dumbbell"));
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
    QImage shot;
    bool done = false;
    w.scene()->capture([&](const QImage& image, const QString&) {
      shot = image;
      done = true;
    });
    QTRY_VERIFY_WITH_TIMEOUT(done, ms(20000));
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
    QVERIFY2(w.exportCsv(dir + "-series.csv", &error), qPrintable(error));
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

  // The window's shortcuts work while a number field has focus (the usual state after typing a
  // value); the keys that move the text cursor keep moving it.
  void shortcutsWorkInAFocusedSpinBox() {
    MainWindow& w = *m_window;
    QVERIFY(w.selectSystem("planar-pendulum"));
    QVERIFY(waitIdle(w));
    QApplication::setActiveWindow(&w);
    QDoubleSpinBox* box = w.simulationMode()->paramPanel()->spinBox("theta0");
    QVERIFY(box);
    box->setFocus();
    QTRY_VERIFY(box->hasFocus());
    // Ctrl+L: the log scale off, and on again
    const bool log = w.simulationMode()->plotPanel()->logScale();
    QTest::keyClick(box, Qt::Key_L, Qt::ControlModifier);
    QCOMPARE(w.simulationMode()->plotPanel()->logScale(), !log);
    QTest::keyClick(box, Qt::Key_L, Qt::ControlModifier);
    QCOMPARE(w.simulationMode()->plotPanel()->logScale(), log);
    // Space: play and pause (a line edit would take it as a typed space)
    w.playback()->pause();
    QTest::keyClick(box, Qt::Key_Space);
    QVERIFY(w.playback()->playing());
    QTest::keyClick(box, Qt::Key_Space);
    QVERIFY(!w.playback()->playing());
    // Ctrl+E (end of line for a line edit): the export dialog, closed as soon as it shows
    bool exportShown = false;
    QTimer closer;
    connect(&closer, &QTimer::timeout, this, [&] {
      if (auto* d = qobject_cast<QDialog*>(QApplication::activeModalWidget())) {
        exportShown = d->inherits("dms::ui::ExportDialog");
        d->reject();
      }
    });
    closer.start(20);
    QTest::keyClick(box, Qt::Key_E, Qt::ControlModifier);
    closer.stop();
    QVERIFY(exportShown);
    // Right moves the text cursor in the field: the playback does not step
    w.playback()->pause();
    const double t = w.playback()->time();
    QTest::keyClick(box, Qt::Key_Right);
    QCOMPARE(w.playback()->time(), t);
    QCOMPARE(box->value(), w.simulationMode()->paramPanel()->values().at("theta0")[0]);
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

    QVERIFY(selectFresh(w, "dumbbell"));
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

  // A typed value out of range is said, never silently reverted, and the message takes space
  // reserved for it: the fields under the mouse do not move.
  void rejectedValueSaidInPlace() {
    MainWindow& w = *m_window;
    QVERIFY(w.selectSystem("planar-pendulum"));
    QVERIFY(waitIdle(w));
    ParamPanel* panel = w.simulationMode()->paramPanel();
    QVERIFY(panel->problem().isEmpty());
    QDoubleSpinBox* h = panel->spinBox("h");
    QDoubleSpinBox* m = panel->spinBox("m");
    QVERIFY(h && m);
    const QPoint before = h->mapTo(&w, QPoint(0, 0));
    const double m0 = m->value();
    QApplication::setActiveWindow(&w);
    m->setFocus();
    QTRY_VERIFY(m->hasFocus());
    m->selectAll();
    QTest::keyClicks(m, "-5");
    QTest::keyClick(m, Qt::Key_Return);
    QVERIFY2(panel->problem().contains("'m'") && panel->problem().contains("-5") &&
                 panel->problem().contains("kept"),
             qPrintable(panel->problem()));
    QCOMPARE(m->value(), m0);
    QCOMPARE(h->mapTo(&w, QPoint(0, 0)), before);
    // an invalid combination (h > T) says so in the same place, and nothing moves either
    panel->setValue("h", {0.5});
    panel->setValue("T", {0.1});
    QTRY_VERIFY_WITH_TIMEOUT(panel->problem().contains("T"), ms(2000));
    QCOMPARE(h->mapTo(&w, QPoint(0, 0)), before);
    // the runs on screen are those of the last valid values: marked out of date, dimmed
    PlotPanel* plots = w.simulationMode()->plotPanel();
    QVERIFY(plots->stale());
    QVERIFY(plots->plots()[0]->graph(0)->pen().color().alpha() < 128);
    QVERIFY(!w.simulationMode()->runTable()->isEnabled());
    panel->resetToArticle();
    QTRY_VERIFY_WITH_TIMEOUT(panel->problem().isEmpty(), ms(2000));
    QVERIFY(!plots->stale());
    QCOMPARE(plots->plots()[0]->graph(0)->pen().color().alpha(), 255);
    QVERIFY(w.simulationMode()->runTable()->isEnabled());
    QVERIFY(waitIdle(w));
  }

  // Each system keeps its edits for the session and in the settings; Reset to article values
  // is the way back.
  void systemsKeepTheirValues() {
    MainWindow& w = *m_window;
    QVERIFY(w.selectSystem("planar-pendulum"));
    ParamPanel* panel = w.simulationMode()->paramPanel();
    panel->setValue("theta0", {3.0});
    panel->setValue("T", {50.0});
    QVERIFY(w.selectSystem("spherical-pendulum"));
    QCOMPARE(panel->values().at("q0"),
             defaultValues(findSystem("spherical-pendulum")->params()).at("q0"));
    QVERIFY(w.selectSystem("planar-pendulum"));
    QCOMPARE(panel->values().at("theta0"), std::vector<double>{3.0});
    QCOMPARE(panel->settings().T, 50.0);
    QVERIFY(waitIdle(w));

    // in the settings: saved, changed in the session, restored
    QSettings saved(m_dir.filePath("kept.ini"), QSettings::IniFormat);
    w.simulationMode()->saveSettings(saved);
    panel->setValue("theta0", {1.0});
    QVERIFY(w.selectSystem("mass-spring"));
    w.simulationMode()->restoreSettings(saved);
    QVERIFY(w.selectSystem("planar-pendulum"));
    QCOMPARE(panel->values().at("theta0"), std::vector<double>{3.0});

    panel->resetToArticle();
    QVERIFY(w.selectSystem("mass-spring"));
    QVERIFY(w.selectSystem("planar-pendulum"));
    const SystemModel* pp = findSystem("planar-pendulum");
    QCOMPARE(panel->values(), defaultValues(pp->params()));
    QCOMPARE(panel->settings().T, pp->defaultSettings().T);
    QVERIFY(waitIdle(w));
  }

  // Export plots: the files carry the system's name, the dialog remembers its formats and size,
  // and an existing file is replaced only when the user says so.
  void exportNamesAskAndMemory() {
    MainWindow& w = *m_window;
    QVERIFY(selectFresh(w, "planar-pendulum"));
    QVERIFY(waitIdle(w));
    const QString dir = m_dir.filePath("named");
    {
      ExportDialog d({"energy", "structure"}, dir, "planar-pendulum-");
      QCOMPARE(d.prefix(), QString("planar-pendulum-"));
      d.findChild<QSpinBox*>("width")->setValue(900);
      d.findChild<QCheckBox*>("svg")->setChecked(true);
      d.accept();
    }
    {
      ExportDialog d({"energy", "structure"}, dir, "planar-pendulum-");
      QCOMPARE(d.size(), QSize(900, 800));
      QCOMPARE(d.formats(), (std::vector<ImageFormat>{ImageFormat::Png, ImageFormat::Svg}));
      d.findChild<QCheckBox*>("svg")->setChecked(false);
      d.accept();
    }
    QString error;
    QVERIFY2(
        w.exportPlots(dir, -1, {ImageFormat::Png}, QSize(640, 480), &error, "planar-pendulum-"),
        qPrintable(error));
    const QString energy = QDir(dir).filePath("planar-pendulum-energy.png");
    QVERIFY(QFileInfo::exists(energy));
    QVERIFY(QFileInfo::exists(QDir(dir).filePath("planar-pendulum-structure.png")));
    QCOMPARE(w.simulationMode()->plotFiles(dir, 0, {ImageFormat::Png}, "planar-pendulum-"),
             QStringList{energy});

    // File > Export plots into the same folder: the question lists the files, Cancel keeps them
    const QDateTime written = QFileInfo(energy).lastModified();
    QTest::qWait(1100);  // a rewrite would show in the modification time
    QString question;
    QTimer answer;
    connect(&answer, &QTimer::timeout, this, [&] {
      QWidget* modal = QApplication::activeModalWidget();
      if (auto* d = qobject_cast<ExportDialog*>(modal)) {
        d->findChild<QLineEdit*>("folder")->setText(dir);
        d->accept();
      } else if (auto* box = qobject_cast<QMessageBox*>(modal)) {
        question = box->text();
        box->reject();
      }
    });
    answer.start(20);
    QApplication::setActiveWindow(&w);
    QTest::keyClick(&w, Qt::Key_E, Qt::ControlModifier);
    answer.stop();
    QVERIFY2(question.contains("planar-pendulum-energy.png"), qPrintable(question));
    QCOMPARE(QFileInfo(energy).lastModified(), written);
  }

  // the last chosen method cannot be dropped: a run is always shown
  void lastMethodStays() {
    MainWindow& w = *m_window;
    QVERIFY(w.selectSystem("mass-spring"));
    MethodPicker* picker = w.simulationMode()->paramPanel()->methodPicker();
    picker->box(Method::Rk45)->click();
    QCOMPARE(picker->methods(), std::vector<Method>{Method::Variational});
    QVERIFY(!picker->box(Method::Variational)->isEnabled());
    picker->box(Method::Rk45)->click();
    QCOMPARE(picker->methods(), findSystem("mass-spring")->articleMethods());
    QVERIFY(picker->box(Method::Variational)->isEnabled());
    QVERIFY(waitIdle(w));
  }

  void playbackCursorAndScrub() {
    MainWindow& w = *m_window;
    QVERIFY(w.selectSystem("spherical-pendulum"));
    QVERIFY(waitIdle(w));
    w.playback()->pause();
    w.playback()->seek(30.0);
    QCOMPARE(w.playback()->time(), 30.0);
    w.playback()->singleStep();
    QCOMPARE(w.playback()->time(), 30.0 + w.simulationMode()->session()->job().settings.h);
    w.playback()->restart();
    QCOMPARE(w.playback()->time(), 0.0);
    w.playback()->setSpeed(100.0);
    w.playback()->play();
    QTRY_VERIFY_WITH_TIMEOUT(w.playback()->time() > 5.0, ms(3000));
    w.playback()->pause();
  }

  void scriptArguments_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("mentions");
    QTest::newRow("unknown system") << QStringList{"--system", "teapot"} << "--system";
    QTest::newRow("unknown flag") << QStringList{"--sistem", "x"} << "--sistem";
    QTest::newRow("missing value") << QStringList{"--play-to"} << "--play-to";
    QTest::newRow("bad time") << QStringList{"--system", "mass-spring", "--play-to", "soon"}
                              << "--play-to";
    QTest::newRow("bad set") << QStringList{"--system", "mass-spring", "--set", "m=-1"} << "--set";
    QTest::newRow("unknown parameter")
        << QStringList{"--system", "mass-spring", "--set", "zeta=1"} << "--set";
    QTest::newRow("not png") << QStringList{"--screenshot", "a.jpg"} << "--screenshot";
    QTest::newRow("single dash") << QStringList{"-sistem", "x"} << "-sistem";
    QTest::newRow("stray argument") << QStringList{"teapot"} << "teapot";
    QTest::newRow("value on a switch") << QStringList{"--quit=1"} << "--quit";
    QTest::newRow("missing set value")
        << QStringList{"--system", "mass-spring", "--set"} << "--set";
    QTest::newRow("system twice") << QStringList{"--system", "mass-spring", "--system", "dumbbell"}
                                  << "--system";
    QTest::newRow("set without system") << QStringList{"--set", "m=1"} << "--set";
    QTest::newRow("no problem") << QStringList{"--system", "mass-spring", "--control"}
                                << "--control";
    QTest::newRow("choice without --control") << QStringList{"--guess", "plain"} << "--guess";
    QTest::newRow("unknown choice value")
        << QStringList{"--system", "spherical-pendulum", "--control", "--guess", "upside"}
        << "--guess 'upside'";
    QTest::newRow("choice of another problem")
        << QStringList{"--system", "dumbbell", "--control", "--transcription", "vi"}
        << "--transcription";
    QTest::newRow("unknown method")
        << QStringList{"--system", "mass-spring", "--methods", "vi,euler"} << "--methods: 'euler'";
    QTest::newRow("study without --analysis")
        << QStringList{"--system", "mass-spring", "--study", "long-time"}
        << "--study needs --analysis";
    QTest::newRow("unknown study")
        << QStringList{"--system", "mass-spring", "--analysis", "--study", "fft"}
        << "--study 'fft'";
    QTest::newRow("study the system lacks")
        << QStringList{"--system", "dumbbell", "--analysis", "--study", "phase"} << "--study phase";
    QTest::newRow("set on the sweep")
        << QStringList{"--system", "mass-spring", "--analysis", "--set", "steps=10"} << "--set";
    // the video options (tests/ui/tst_video.cpp renders the videos)
    QTest::newRow("not a video") << QStringList{"--export-video", "a.avi"} << ".mp4, .webm or .gif";
    QTest::newRow("odd size for H.264")
        << QStringList{"--export-video", "a.mp4", "--video-size", "641x360"} << "must be even";
    QTest::newRow("size too large")
        << QStringList{"--export-video", "a.webm", "--video-size", "8000x360"} << "16 to 4096";
    QTest::newRow("malformed size")
        << QStringList{"--export-video", "a.mp4", "--video-size", "big"} << "--video-size 'big'";
    QTest::newRow("no frames per second")
        << QStringList{"--export-video", "a.mp4", "--video-fps", "0"} << "1 to 120";
    QTest::newRow("fractional frames per second")
        << QStringList{"--export-video", "a.gif", "--video-fps", "12.5"} << "--video-fps 12.5";
    QTest::newRow("backwards") << QStringList{"--export-video", "a.gif", "--video-speed", "-1"}
                               << "--video-speed -1: must be > 0";
    QTest::newRow("empty range") << QStringList{"--export-video", "a.gif", "--video-from", "2",
                                                "--video-to",     "2"}
                                 << "--video-to 2: must be after --video-from";
    QTest::newRow("option without a video")
        << QStringList{"--video-fps", "30"} << "--video-fps needs --export-video";

    QTest::newRow("method the system lacks")
        << QStringList{"--system", "mass-spring", "--methods", "vi,rattle"} << "--methods";
    QTest::newRow("method twice") << QStringList{"--system", "dumbbell", "--methods", "vi,vi"}
                                  << "twice";
    QTest::newRow("empty methods")
        << QStringList{"--system", "dumbbell", "--methods", ""} << "--methods";
    QTest::newRow("methods with --control")
        << QStringList{"--system", "dumbbell", "--control", "--methods", "vi"} << "--methods";
    QTest::newRow("control field out of range")
        << QStringList{"--system", "spherical-pendulum", "--control", "--set", "T=-1"} << "'T'";
  }

  void scriptArguments() {
    QFETCH(QStringList, args);
    QFETCH(QString, mentions);
    ScriptOptions o;
    QString error;
    QVERIFY(!parseCommandLine(args, &o, &error));
    QVERIFY2(error.contains(mentions), qPrintable(error));
  }

  // the choice flags are those the registered problems have, and the usage text says so
  void choiceFlagsFromTheProblems() {
    const QString usage = commandLineUsage();
    for (const SystemModel* m : allSystems())
      QVERIFY2(usage.contains(QString::fromStdString(m->name())), m->name().c_str());
    for (const SystemEntry& e : registry()) {
      const ControlProblem* p = e.control;
      if (!p) continue;
      QStringList args{"--system", QString::fromStdString(e.model->name()), "--control"};
      for (const ControlChoice& c : p->choices()) {
        const QString flag = "--" + QString::fromStdString(c.name);
        QVERIFY2(usage.contains(flag + " "), qPrintable(flag));
        for (const ControlChoice::Value& v : c.values)
          QVERIFY2(usage.contains(QString::fromStdString(v.value)), v.value.c_str());
        args << flag << QString::fromStdString(c.values.back().value);
      }
      ScriptOptions o;
      QString error;
      QVERIFY2(parseCommandLine(args, &o, &error), qPrintable(error));
      QCOMPARE(o.mode, QString("control"));
      QCOMPARE(o.choices.size(), p->choices().size());
      for (std::size_t i = 0; i < o.choices.size(); ++i) {
        QCOMPARE(o.choices[i].first, p->choices()[i].name);
        QCOMPARE(o.choices[i].second, p->choices()[i].values.back().value);
      }
    }
    ScriptOptions help;
    QString error;
    QVERIFY(parseCommandLine({"--help"}, &help, &error));
    QVERIFY(help.help);
  }

  // a mode's tab is enabled exactly for the systems it supports, and a mode that does not
  // support a newly chosen system gives way to one that does
  void modeTabsFollowTheSystem() {
    MainWindow& w = *m_window;
    QCOMPARE(w.modeBar()->count(), int(w.modes().size()));
    for (const SystemModel* m : allSystems()) {
      QVERIFY(w.selectSystem(QString::fromStdString(m->name())));
      for (int i = 0; i < int(w.modes().size()); ++i) {
        Mode* mode = w.modes()[std::size_t(i)];
        QCOMPARE(w.modeBar()->isTabEnabled(i), mode->supports(m));
        QCOMPARE(w.modeBar()->tabText(i), mode->name());
      }
    }
    const int control =
        int(std::find(w.modes().begin(), w.modes().end(), w.controlMode()) - w.modes().begin());
    QVERIFY(w.selectSystem("mass-spring"));
    QVERIFY(!w.modeBar()->isTabEnabled(control));
    QVERIFY(!w.activateMode(w.controlMode()));
    QVERIFY(w.activeMode() == w.simulationMode());
    QVERIFY(w.modeBar()->currentIndex() != control);
    QVERIFY(w.selectSystem("spherical-pendulum"));
    QVERIFY(w.modeBar()->isTabEnabled(control));
    QVERIFY(w.activateMode(w.controlMode()));
    QCOMPARE(w.modeBar()->currentIndex(), control);
    QVERIFY(w.selectSystem("mass-spring"));  // no optimal control: back to the simulation
    QVERIFY(w.activeMode() == w.simulationMode());
    QVERIFY(waitIdle(w));
  }

  void scriptedModeExitStatus() {
    // a bad argument: status 2 and a message naming the flag
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("XDG_CONFIG_HOME", m_dir.filePath("xdg"));  // leave the user's settings alone
    p.setProcessEnvironment(env);
    p.start(DMSTUDIO_PATH, {"--system", "teapot", "--quit"});
    QVERIFY(p.waitForFinished(ms(20000)));
    QCOMPARE(p.exitCode(), 2);
    QVERIFY(p.readAllStandardError().contains("--system 'teapot'"));
    // beyond the horizon is a bad argument too (found once the horizon is known)
    p.start(DMSTUDIO_PATH,
            {"--system", "mass-spring", "--set", "T=10", "--play-to", "20", "--quit"});
    QVERIFY(p.waitForFinished(ms(20000)));
    QCOMPARE(p.exitCode(), 2);
    QVERIFY(p.readAllStandardError().contains("--play-to"));
  }

  // the scripted mode in this window: its stages in order, the files, the playback time
  void scriptRunnerStages() {
    MainWindow& w = *m_window;
    ScriptOptions o;
    QString error;
    const QString shot = m_dir.filePath("runner.png"), plots = m_dir.filePath("runner");
    QVERIFY2(parseCommandLine({"--system", "mass-spring", "--set", "T=5", "--play-to", "2",
                               "--screenshot", shot, "--export-plots", plots},
                              &o, &error),
             qPrintable(error));
    ScriptRunner runner(&w, o);
    QSignalSpy finished(&runner, &ScriptRunner::finished);
    std::vector<ScriptRunner::Stage> stages;
    QTimer watch;
    connect(&watch, &QTimer::timeout, this, [&] {
      if (stages.empty() || stages.back() != runner.stage()) stages.push_back(runner.stage());
    });
    watch.start(5);
    QCOMPARE(runner.stage(), ScriptRunner::Stage::Idle);
    runner.start();
    QCOMPARE(runner.stage(), ScriptRunner::Stage::Computing);
    stages.push_back(runner.stage());  // a short run may be done before the watch's first look
    QVERIFY(finished.wait(ms(20000)));
    watch.stop();
    w.setScripted(false);
    QCOMPARE(finished.at(0).at(0).toInt(), 0);
    QCOMPARE(runner.stage(), ScriptRunner::Stage::Done);
    // Settling lasts kSettleMs: the watch sees it, after Computing and before Done
    const auto at = [&](ScriptRunner::Stage s) {
      return std::find(stages.begin(), stages.end(), s) - stages.begin();
    };
    QVERIFY(at(ScriptRunner::Stage::Settling) < at(ScriptRunner::Stage::Done));
    QVERIFY(at(ScriptRunner::Stage::Computing) < at(ScriptRunner::Stage::Settling));
    QCOMPARE(w.playback()->time(), 2.0);
    QCOMPARE(QImage(shot).size(), w.size() * w.devicePixelRatio());
    // the mass-spring has no structure error: its one plot
    const QString problem = dms::test::exportedPlotsProblem(
        plots, {"energy"}, QSize(ScriptRunner::kPlotWidth, ScriptRunner::kPlotHeight));
    QVERIFY(!QFileInfo::exists(plots + "/structure.png"));
    QVERIFY2(problem.isEmpty(), qPrintable(problem));

    // --methods: the runs the scripted mode computes and exports
    ScriptOptions m;
    QVERIFY2(parseCommandLine({"--system", "spherical-pendulum", "--methods", "vi,rattle,rk4",
                               "--set", "T=2", "--play-to", "1"},
                              &m, &error),
             qPrintable(error));
    QCOMPARE(m.methods, QString("vi,rattle,rk4"));
    ScriptRunner withMethods(&w, m);
    QSignalSpy methodsDone(&withMethods, &ScriptRunner::finished);
    withMethods.start();
    QVERIFY(methodsDone.wait(ms(20000)));
    w.setScripted(false);
    QCOMPARE(methodsDone.at(0).at(0).toInt(), 0);
    const std::vector<Method> asked = {Method::Variational, Method::Rattle, Method::Rk4};
    QCOMPARE(w.simulationMode()->session()->job().methods, asked);
    QCOMPARE(w.scene()->runCount(), 3);
    w.simulationMode()->paramPanel()->setMethods({});  // back to the article's pair
    w.simulationMode()->recompute();

    // a bad argument found by the mode: status 2 at once, nothing waits
    ScriptOptions bad;
    QVERIFY(parseCommandLine(
        {"--system", "mass-spring", "--set", "T=10", "--play-to", "20", "--quit"}, &bad, &error));
    ScriptRunner failing(&w, bad);
    QSignalSpy failed(&failing, &ScriptRunner::finished);
    failing.start();
    w.setScripted(false);
    QCOMPARE(failed.count(), 1);
    QCOMPARE(failed.at(0).at(0).toInt(), 2);
    QCOMPARE(failing.stage(), ScriptRunner::Stage::Done);
  }

 private:
  QTemporaryDir m_dir;
  std::unique_ptr<MainWindow> m_window;
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
