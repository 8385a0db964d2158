// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// What the main window writes (Xvfb when there is no display): the plots in each format and the
// CSV, the figures' options (cursor, caption), a CSV with every step of a long run, a
// screenshot with the 3D view's capture in it, the export's file names, question and memory,
// and the scripted mode's stages and files. Each case has a window of its own
// (tests/ui/windowtest.h).
#include <qcustomplot.h>

#include <QApplication>
#include <QCheckBox>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QLineEdit>
#include <QMessageBox>
#include <QSet>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>
#include <map>

#include "core/sim/registry.h"
#include "tests/common/deadline.h"
#include "tests/common/exportcheck.h"
#include "tests/common/suitemain.h"
#include "tests/ui/windowtest.h"
#include "ui/app/commandline.h"
#include "ui/app/exportdialog.h"
#include "ui/app/mainwindow.h"
#include "ui/app/scriptrunner.h"
#include "ui/common/playback.h"
#include "ui/common/plotstyle.h"
#include "ui/mode/mode.h"
#include "ui/scene3d/sceneview.h"
#include "ui/sim/parampanel.h"
#include "ui/sim/plotpanel.h"
#include "ui/sim/runcsv.h"
#include "ui/sim/simulationmode.h"
#include "ui/sim/simworker.h"

namespace tst_windowexport {

using namespace dms;
using namespace dms::ui;
using dms::test::exportCsvAndWait;
using dms::test::ms;
using dms::test::waitIdle;

class TestWindowExport : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() { QVERIFY(m_dir.isValid()); }
  // a new window over new settings for every case: none sees what another left
  void init() {
    m_window = dms::test::openFreshWindow(
        m_dir, "tst_windowexport", QSize(),
        dms::test::casesThatDraw({"screenshotComposesTheSceneCapture", "scriptRunnerStages"}));
    QVERIFY(m_window);
  }
  void cleanup() { m_window.reset(); }

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
    QVERIFY2(exportCsvAndWait(w, dir + "/series.csv", &error), qPrintable(error));
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
    QVERIFY(!exportCsvAndWait(w, "/proc/no-such-dir/a.csv", &error));
    QVERIFY(error.contains("a.csv"));
  }

  // Export plots' options: the playback cursor only when asked, and a caption with the set-up;
  // the window's plots are as they were after
  void figureOptions() {
    MainWindow& w = *m_window;
    QVERIFY(w.selectSystem("planar-pendulum"));
    QVERIFY(waitIdle(w));
    w.playback()->seek(100.0);
    w.refresh();
    SimulationMode* mode = w.simulationMode();
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
    QVERIFY(!plain.contains("θ0 = "));
    for (const char* part : {"Planar pendulum on SO(2): m = 1 kg", "θ0 = 1.5708 rad", "h = 0.03 s",
                             "T = 1000 s", "RelTol = 0.001", "Methods: variational, RK45"})
      QVERIFY2(QString(mode->figureCaption()).replace(QChar(0xa0), ' ').contains(part), part);
    // in the file, in lines the plot's width holds
    QVERIFY(captioned.contains("Planar pendulum on SO(2): m = 1 kg"));
    QVERIFY(captioned.contains("Methods: variational, RK45"));
    QVERIFY(plot->layer("cursor")->visible());
    QCOMPARE(plot->plotLayout()->elementCount(), elements);  // no caption left in the window
  }

  // a run longer than the playback buffer (planar pendulum, h = 0.05, T = 1000:
  // 20001 samples, the buffer keeps every second one) exports every step, not the kept ones
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
    {
      // computed again in the write worker: the call returns before the file ends, and the
      // window's event loop, not a nested one, carries the end
      QSignalSpy ended(&w, &MainWindow::csvExported);
      w.exportCsv(path);
      QVERIFY(ended.isEmpty());
      QVERIFY(ended.wait(ms(60000)));
      QVERIFY2(ended.first().at(1).toBool(), qPrintable(ended.first().at(2).toString()));
    }
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
    QVERIFY2(lines[0].endsWith(",x,y,z,shadow_energy,R11,R21,R12,R22,Omega"), lines[0].constData());
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

  // a short run's buffer holds every step, and the file is written from it: its shadow_energy
  // column is the one the same job computed again gives (saveJobCsv, as dmsim writes it), cell
  // for cell: vi's rows but the first and the last, none for RK45
  void csvFromTheBufferHasTheShadowEnergy() {
    MainWindow& w = *m_window;
    QVERIFY(w.selectSystem("planar-pendulum"));
    ParamPanel* panel = w.simulationMode()->paramPanel();
    panel->resetToArticle();
    panel->setValue("T", {3.0});  // 100 steps of 0.03 s
    w.simulationMode()->recompute();
    QVERIFY(waitIdle(w));
    for (const RunStore& st : w.simulationMode()->session()->stores())
      QVERIFY(st.playbackStride() == 1);
    const QString fromBuffer = m_dir.filePath("from-buffer.csv");
    {
      QSignalSpy ended(&w, &MainWindow::csvExported);
      w.exportCsv(fromBuffer);
      QVERIFY(!ended.isEmpty() || ended.wait(ms(60000)));
      QVERIFY2(ended.first().at(1).toBool(), qPrintable(ended.first().at(2).toString()));
    }
    const QString again = m_dir.filePath("again.csv");
    QString error;
    QVERIFY2(saveJobCsv(
                 again, w.simulationMode()->session()->job(), [](double) { return true; }, &error),
             qPrintable(error));
    const auto column = [](const QString& path, const char* method) {
      QFile f(path);
      f.open(QIODevice::ReadOnly);
      const QList<QByteArray> lines = f.readAll().split('\n');
      const int at = int(lines[0].split(',').indexOf("shadow_energy"));
      QList<QByteArray> cells;
      for (int i = 1; i < lines.size(); ++i)
        if (lines[i].startsWith(QByteArray(method) + ',')) cells << lines[i].split(',')[at];
      return cells;
    };
    const QList<QByteArray> vi = column(fromBuffer, "vi");
    QCOMPARE(vi.size(), 101);
    QVERIFY(vi.front().isEmpty() && vi.back().isEmpty());
    for (int k = 1; k < 100; ++k) QVERIFY2(!vi[k].isEmpty(), qPrintable(QString::number(k)));
    QCOMPARE(vi, column(again, "vi"));
    for (const QByteArray& cell : column(fromBuffer, "rk45")) QVERIFY(cell.isEmpty());
    panel->resetToArticle();
    w.simulationMode()->recompute();
    QVERIFY(waitIdle(w));
  }

  // File > Export time series with every k-th sample: each run's rows are the every-sample
  // file's rows 0, k, 2k, ... and the last, cell for cell but the shadow energy (empty: it needs
  // each row's neighbours), ceil(N/k) + 1 of them
  void csvEveryKthSample() {
    MainWindow& w = *m_window;
    QVERIFY(w.selectSystem("planar-pendulum"));
    ParamPanel* panel = w.simulationMode()->paramPanel();
    panel->resetToArticle();
    panel->setValue("T", {3.0});  // 100 steps of 0.03 s
    w.simulationMode()->recompute();
    QVERIFY(waitIdle(w));
    const QString all = m_dir.filePath("every-sample.csv");
    QString error;
    QVERIFY2(saveJobCsv(
                 all, w.simulationMode()->session()->job(), [](double) { return true; }, &error),
             qPrintable(error));
    const QString some = m_dir.filePath("every-7th.csv");
    w.simulationMode()->setCsvEvery(7);
    {
      QSignalSpy ended(&w, &MainWindow::csvExported);
      w.exportCsv(some);
      QVERIFY(!ended.isEmpty() || ended.wait(ms(60000)));
      QVERIFY2(ended.first().at(1).toBool(), qPrintable(ended.first().at(2).toString()));
    }
    w.simulationMode()->setCsvEvery(1);
    const auto rows = [](const QString& path, const char* method) {
      QFile f(path);
      f.open(QIODevice::ReadOnly);
      const QList<QByteArray> lines = f.readAll().split('\n');
      const int shadow = int(lines[0].split(',').indexOf("shadow_energy"));
      QList<QList<QByteArray>> out;
      for (int i = 1; i < lines.size(); ++i)
        if (lines[i].startsWith(QByteArray(method) + ',')) {
          QList<QByteArray> cells = lines[i].split(',');
          cells.removeAt(shadow);
          out << cells;
        }
      return out;
    };
    for (const char* method : {"vi", "rk45"}) {
      const QList<QList<QByteArray>> every = rows(all, method), kept = rows(some, method);
      QCOMPARE(every.size(), 101);
      QCOMPARE(kept.size(), 16);  // ceil(100 / 7) + 1
      for (int i = 0; i < 15; ++i) QCOMPARE(kept[i], every[7 * i]);
      QCOMPARE(kept.back(), every.back());
    }
  }

  // a cancelled export stops at its next chunk and leaves no file behind; a file that was
  // already there keeps its contents
  void csvExportCancels() {
    MainWindow& w = *m_window;
    QVERIFY(w.selectSystem("planar-pendulum"));
    ParamPanel* panel = w.simulationMode()->paramPanel();
    panel->resetToArticle();
    panel->setValue("h", {0.01});
    panel->setValue("T", {1000.0});  // 1e5 steps a run: many chunks of 4096
    w.simulationMode()->recompute();
    const QString path = m_dir.filePath("cancelled.csv");
    QFile old(path);
    QVERIFY(old.open(QIODevice::WriteOnly));
    QVERIFY(old.write("kept\n") == 5);
    old.close();
    QSignalSpy ended(&w, &MainWindow::csvExported);
    w.exportCsv(path);
    QVERIFY(ended.isEmpty());
    w.simulationMode()->csvWrite()->cancel();
    QCOMPARE(ended.size(), 1);
    QVERIFY(!ended.first().at(1).toBool());
    QVERIFY2(ended.first().at(2).toString().contains("cancelled"),
             qPrintable(ended.first().at(2).toString()));
    // the worker, told to stop, ends its chunk and drops the file
    QTRY_VERIFY_WITH_TIMEOUT(!w.simulationMode()->csvWrite()->busy(), ms(60000));
    QVERIFY(old.open(QIODevice::ReadOnly));
    QCOMPARE(old.readAll(), QByteArray("kept\n"));
    panel->resetToArticle();
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

  // Export plots: the files carry the system's name, the dialog remembers its formats and size,
  // and an existing file is replaced only when the user says so.
  void exportNamesAskAndMemory() {
    MainWindow& w = *m_window;
    QVERIFY(w.selectSystem("planar-pendulum"));
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
    // dated an hour back: a rewrite would show in the modification time, without waiting for
    // the clock to pass the file system's resolution
    const QDateTime written = QFileInfo(energy).lastModified().addSecs(-3600);
    {
      QFile f(energy);
      QVERIFY(f.open(QIODevice::ReadWrite));
      QVERIFY(f.setFileTime(written, QFileDevice::FileModificationTime));
    }
    QCOMPARE(QFileInfo(energy).lastModified(), written);
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
    // (QApplication::setActiveWindow is deprecated from Qt 6.5: the window asks to be active)
    w.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&w));
    answer.start(20);
    QTest::keyClick(&w, Qt::Key_E, Qt::ControlModifier);
    answer.stop();
    QVERIFY2(question.contains("planar-pendulum-energy.png"), qPrintable(question));
    QCOMPARE(QFileInfo(energy).lastModified(), written);
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
    using Choices = std::vector<std::pair<std::string, std::string>>;
    QCOMPARE(m.choices, (Choices{{"methods", "vi,rattle,rk4"}}));
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

DMS_TEST_MAIN(TestWindowExport)
}  // namespace tst_windowexport
#include "tst_windowexport.moc"
