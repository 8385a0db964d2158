// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Export animation: the scripted mode writes a 5-second MP4 and a GIF of the dumbbell
// that ffprobe reads back with the asked frame count, size and duration, and whose frames move;
// the whole window (plots and cursor) as a GIF from the window itself; a cancelled export and
// one that cannot start (no ffmpeg) leave an existing file as it was and no partial file; the
// options' problems are named with their range.
#include <QApplication>
#include <QCheckBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

#include "tests/common/builtpath.h"
#include "tests/common/deadline.h"
#include "tests/common/imagecheck.h"
#include "tests/common/suitemain.h"
#include "ui/app/animationexport.h"
#include "ui/app/commandline.h"
#include "ui/app/mainwindow.h"
#include "ui/app/scriptrunner.h"
#include "ui/app/windowshot.h"
#include "ui/common/methodlook.h"
#include "ui/common/playback.h"

namespace tst_video {

using namespace dms::ui;
using dms::test::ms;

struct Probe {
  QString codec;
  int width = 0, height = 0, frames = 0;
  double duration = 0.0;
};

// what ffprobe decodes from a file (every frame read, not the container's claim)
Probe probe(const QString& path) {
  QProcess p;
  p.start("ffprobe",
          {"-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
           "stream=codec_name,width,height,nb_read_frames:format=duration", "-of", "json", path});
  Probe r;
  if (!p.waitForFinished(ms(30000)) || p.exitCode() != 0) return r;
  const QJsonObject o = QJsonDocument::fromJson(p.readAllStandardOutput()).object();
  const QJsonObject s = o["streams"].toArray().at(0).toObject();
  r.codec = s["codec_name"].toString();
  r.width = s["width"].toInt();
  r.height = s["height"].toInt();
  r.frames = s["nb_read_frames"].toString().toInt();
  r.duration = o["format"].toObject()["duration"].toString().toDouble();
  return r;
}

// frame `n` of a video, decoded by ffmpeg
QImage frame(const QString& video, int n, const QString& png) {
  QProcess p;
  p.start("ffmpeg", {"-v", "error", "-y", "-i", video, "-vf", QString("select=eq(n\\,%1)").arg(n),
                     "-frames:v", "1", png});
  if (!p.waitForFinished(ms(30000)) || p.exitCode() != 0) return {};
  return QImage(png);
}

// pixels that differ by more than a little (video compression) between two pictures
int changedPixels(const QImage& a, const QImage& b) {
  int n = 0;
  for (int y = 0; y < a.height(); ++y)
    for (int x = 0; x < a.width(); ++x) {
      const QColor p = a.pixelColor(x, y), q = b.pixelColor(x, y);
      if (std::abs(p.red() - q.red()) + std::abs(p.green() - q.green()) +
              std::abs(p.blue() - q.blue()) >
          60)
        ++n;
    }
  return n;
}

QStringList partialFiles(const QDir& dir) {
  return dir.entryList({"*.part"}, QDir::Files | QDir::Hidden);
}

class TestVideo : public QObject {
  Q_OBJECT
 private:
  // the planar pendulum computed to T in window `w` by the scripted mode, played to `playTo`
  static bool computeInWindow(MainWindow& w, const QString& T, const QString& playTo) {
    w.resize(1280, 800);
    w.show();
    if (!QTest::qWaitForWindowExposed(&w)) return false;
    ScriptOptions o;
    QString error;
    if (!parseCommandLine({"--system", "planar-pendulum", "--set", "T=" + T, "--play-to", playTo},
                          &o, &error))
      return false;
    ScriptRunner runner(&w, o);
    QSignalSpy ran(&runner, &ScriptRunner::finished);
    runner.start();
    const bool done = ran.wait(ms(30000));
    w.setScripted(false);
    return done && ran.at(0).at(0).toInt() == 0;
  }

 private slots:
  void initTestCase() {
    QVERIFY(m_dir.isValid());
    // scripts/deps installs ffmpeg (the program and ffprobe): the export needs it
    QVERIFY2(!QStandardPaths::findExecutable("ffmpeg").isEmpty(), "ffmpeg is not installed");
    QVERIFY2(!QStandardPaths::findExecutable("ffprobe").isEmpty(), "ffprobe is not installed");
    m_env = QProcessEnvironment::systemEnvironment();
    m_env.insert("XDG_CONFIG_HOME", m_dir.filePath("xdg"));  // leave the user's settings alone
  }

  // a 5-second MP4 and a GIF of the dumbbell, read back by ffprobe
  void scriptedMp4AndGif() {
    const QString mp4 = m_dir.filePath("dumbbell.mp4"), gif = m_dir.filePath("dumbbell.gif");
    QProcess p;
    p.setProcessEnvironment(m_env);
    p.start(dms::test::builtPath(DMSTUDIO_PATH),
            {"--system", "dumbbell", "--set", "T=10", "--export-video", mp4, "--video-to", "5",
             "--video-fps", "10", "--video-size", "320x240", "--quit"});
    QVERIFY(p.waitForFinished(ms(60000)));
    QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
    const Probe m = probe(mp4);
    QCOMPARE(m.codec, QString("h264"));
    QCOMPARE(QSize(m.width, m.height), QSize(320, 240));
    QCOMPARE(m.frames, 50);  // 5 s at 10 frames per second, 1x
    QVERIFY2(std::abs(m.duration - 5.0) < 0.05, qPrintable(QString::number(m.duration)));
    // the dumbbell moves: the last frame is not the first (its bodies moved by tens of pixels)
    const QImage first = frame(mp4, 0, m_dir.filePath("first.png"));
    const QImage last = frame(mp4, 49, m_dir.filePath("last.png"));
    QCOMPARE(first.size(), QSize(320, 240));
    QCOMPARE(last.size(), QSize(320, 240));
    const int moved = changedPixels(first, last);
    qInfo("pixels changed between the first and the last frame: %d of %d", moved, 320 * 240);
    QVERIFY(moved > 50);

    p.start(dms::test::builtPath(DMSTUDIO_PATH),
            {"--system", "dumbbell", "--set", "T=10", "--export-video", gif, "--video-from", "1",
             "--video-to", "3", "--video-fps", "6", "--video-speed", "2", "--video-size", "201x151",
             "--quit"});
    QVERIFY(p.waitForFinished(ms(60000)));
    QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
    const Probe g = probe(gif);
    QCOMPARE(g.codec, QString("gif"));
    QCOMPARE(QSize(g.width, g.height), QSize(201, 151));  // a GIF may be odd-sized
    QCOMPARE(g.frames, 6);  // 2 s of simulation at 2x: 1 s of video at 6 frames per second
    QVERIFY(partialFiles(m_dir.path()).isEmpty());
  }

  // bad options: exit status 2 and the option named with its range, before anything is written
  void scriptedBadOptions_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("mentions");
    QTest::newRow("beyond the horizon")
        << QStringList{"--set", "T=4", "--video-to", "5"} << "--video-to 5";
    QTest::newRow("too many frames")
        << QStringList{"--set", "T=100", "--video-speed", "0.01", "--video-fps", "120"}
        << "at most 36000";
  }

  void scriptedBadOptions() {
    QFETCH(QStringList, args);
    QFETCH(QString, mentions);
    const QString path = m_dir.filePath("bad.mp4");
    QProcess p;
    p.setProcessEnvironment(m_env);
    p.start(
        dms::test::builtPath(DMSTUDIO_PATH),
        QStringList{"--system", "dumbbell", "--export-video", path} + args + QStringList{"--quit"});
    QVERIFY(p.waitForFinished(ms(60000)));
    QCOMPARE(p.exitCode(), 2);
    const QString err = p.readAllStandardError();
    QVERIFY2(err.contains(mentions), qPrintable(err));
    QVERIFY(!QFile::exists(path));
  }

  // File > Export 3D view as PNG: at a chosen size, the runs' cards optional, never the camera's
  // help line (the scene's own pixels otherwise)
  void sceneShotSizeAndLabels() {
    MainWindow w;
    QVERIFY(computeInWindow(w, "5", "2"));
    const auto shoot = [&](const QString& name, const SceneShotOptions& options) {
      const QString path = m_dir.filePath(name);
      bool done = false, ok = false;
      saveSceneShot(
          &w, w.scene(), path,
          [&](bool o, const QString&) {
            done = true;
            ok = o;
          },
          options);
      if (!QTest::qWaitFor([&] { return done; }, ms(15000)) || !ok) return QImage();
      return QImage(path);
    };
    const QImage labelled = shoot("labelled.png", {QSize(900, 600), true});
    const QImage bare = shoot("bare.png", {QSize(900, 600), false});
    const QImage own = shoot("own.png", {});
    QCOMPARE(labelled.size(), QSize(900, 600));
    QCOMPARE(bare.size(), QSize(900, 600));
    QCOMPARE(own.size(), w.scene()->widget()->size() * w.devicePixelRatio());
    // the fitted picture's band over the first viewport's card: the variational run's colour in
    // its card when labelled, none without (the bob is lower, the disc's blue is pale)
    const QSize view = own.size();
    const double scale = std::min(900.0 / view.width(), 600.0 / view.height());
    const int top = int((600 - view.height() * scale) / 2);
    const QRect card(0, top, 450, int(0.22 * view.height() * scale));
    const QColor blue = methodLook(dms::Method::Variational).color;
    QVERIFY2(dms::test::countHue(labelled, card, blue) > 50,
             qPrintable(QString::number(dms::test::countHue(labelled, card, blue))));
    QCOMPARE(dms::test::countHue(bare, card, blue), 0);
    // the bottom line of the view's own pixels: the caption (grey text) at the left, and no
    // camera help at the right, where the window shows it
    const auto text = [](const QImage& img, const QRect& r) {
      int n = 0;
      for (int y = r.top(); y <= r.bottom(); ++y)
        for (int x = r.left(); x <= r.right(); ++x)
          if (img.pixelColor(x, y).valueF() < 0.6f) ++n;
      return n;
    };
    const int h = own.height(), wd = own.width();
    QVERIFY(text(own, QRect(0, h - 30, wd / 3, 28)) > 20);
    QCOMPARE(text(own, QRect(wd / 2, h - 30, wd / 2 - 1, 28)), 0);

    // the dialog proposes the view's own size and writes what it was given
    const QString viaDialog = m_dir.filePath("dialog.png");
    QTimer::singleShot(0, this, [&] {
      QDialog* d = qobject_cast<QDialog*>(QApplication::activeModalWidget());
      if (!d) return;
      auto* width = d->findChild<QSpinBox*>("width");
      auto* height = d->findChild<QSpinBox*>("height");
      if (width && height && QSize(width->value(), height->value()) == own.size()) {
        d->findChild<QLineEdit*>("path")->setText(viaDialog);
        width->setValue(640);
        height->setValue(480);
        d->findChild<QCheckBox*>("labels")->setChecked(false);
      }
      d->accept();
    });
    bool reported = false, written = false;
    showSceneShotDialog(&w, w.scene(), m_dir.filePath("proposed.png"),
                        [&](bool ok, const QString&) {
                          reported = true;
                          written = ok;
                        });
    QVERIFY(QTest::qWaitFor([&] { return reported; }, ms(15000)));
    QVERIFY(written);
    QCOMPARE(QImage(viaDialog).size(), QSize(640, 480));
  }

  // in a window: the whole window as a GIF (the window grab with the 3D view drawn in), then an
  // export cancelled after a few frames and one without ffmpeg: the old file stays as it was
  void windowExportAndCancel() {
    MainWindow w;
    QVERIFY(computeInWindow(w, "20", "7"));
    QString error;
    QCOMPARE(w.playback()->time(), 7.0);

    AnimationOptions whole;
    whole.path = m_dir.filePath("window.gif");
    whole.size = QSize(400, 250);
    whole.fps = 4;
    whole.from = 2.0;
    whole.to = 3.0;
    whole.withPlots = true;
    {
      AnimationExport job(&w, whole);
      QSignalSpy done(&job, &AnimationExport::finished);
      QVERIFY2(job.start(&error), qPrintable(error));
      QCOMPARE(job.total(), 4);
      QVERIFY(done.wait(ms(60000)));
      QVERIFY2(done.at(0).at(0).toBool(), qPrintable(done.at(0).at(1).toString()));
    }
    const Probe g = probe(whole.path);
    QCOMPARE(QSize(g.width, g.height), QSize(400, 250));
    QCOMPARE(g.frames, 4);
    QCOMPARE(w.playback()->time(), 7.0);  // the playback is back where it was

    // cancelled after three frames: the existing file is untouched, nothing partial is left
    const QString kept = m_dir.filePath("kept.mp4");
    {
      QFile f(kept);
      QVERIFY(f.open(QIODevice::WriteOnly));
      f.write("an older video");
    }
    AnimationOptions longer;
    longer.path = kept;
    longer.size = QSize(320, 200);
    longer.to = 20.0;
    {
      AnimationExport job(&w, longer);
      QSignalSpy done(&job, &AnimationExport::finished);
      QSignalSpy progress(&job, &AnimationExport::progress);
      QVERIFY2(job.start(&error), qPrintable(error));
      QCOMPARE(job.total(), 500);
      QTRY_VERIFY_WITH_TIMEOUT(progress.count() >= 3, ms(30000));
      job.cancel();
      // a capture asked for now comes back after the frame the export was waiting for (the
      // view serves its captures in order): by then that frame has arrived, and was dropped
      bool drained = false;
      w.scene()->capture([&drained](const QImage&, const QString&) { drained = true; });
      QTRY_VERIFY_WITH_TIMEOUT(drained, ms(20000));
      QCOMPARE(done.count(), 0);
    }
    QFile f(kept);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), QByteArray("an older video"));
    QVERIFY2(partialFiles(m_dir.path()).isEmpty(),
             qPrintable(partialFiles(m_dir.path()).join(",")));
    QCOMPARE(w.playback()->time(), 7.0);

    // File > Export animation: the dialog offers the computed range, a clip of ten seconds of
    // video from its start selected, and says what it will make;
    // a size H.264 cannot take disables OK with the reason
    bool seen = false;
    QTimer::singleShot(0, this, [&] {
      QDialog* d = qobject_cast<QDialog*>(QApplication::activeModalWidget());
      if (!d) return;
      auto* to = d->findChild<QDoubleSpinBox*>("to");
      auto* summary = d->findChild<QLabel*>("summary");
      auto* width = d->findChild<QSpinBox*>("width");
      auto* path = d->findChild<QLineEdit*>("path");
      auto* ok = d->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok);
      seen = to && summary && width && path && ok;
      if (!seen) return d->reject();
      seen = to->maximum() == 20.0 && to->value() == 10.0 && path->text().endsWith(".mp4") &&
             summary->text().contains("frames") && ok->isEnabled();
      width->setValue(641);
      seen = seen && summary->text().contains("must be even") && !ok->isEnabled();
      d->reject();
    });
    showAnimationDialog(&w);
    QVERIFY(seen);

    // no ffmpeg on the PATH: it says what to install and writes nothing
    const QByteArray path = qgetenv("PATH");
    qputenv("PATH", m_dir.filePath("empty").toLocal8Bit());
    {
      AnimationExport job(&w, longer);
      const bool started = job.start(&error);
      qputenv("PATH", path);
      QVERIFY(!started);
      QVERIFY2(error.contains("apt-get install ffmpeg"), qPrintable(error));
    }
    QVERIFY(f.seek(0));
    QCOMPARE(f.readAll(), QByteArray("an older video"));
  }

  // a horizon that the dialog's three decimals round up past its end (200 pi, the mass-spring's
  // default, shows as 628.319): the dialog still opens with a valid range and OK enabled; it
  // offers a short clip (ten seconds of video at the playback's speed), not the whole horizon's
  // 15708 frames, and says how many frames it makes
  void dialogDefaultsAreValid() {
    MainWindow w;
    QVERIFY(computeInWindow(w, "628.318530717958", "7"));
    const double available = w.playback()->available();
    QVERIFY(available > 628.3);
    bool seen = false;
    QString why;
    QTimer::singleShot(0, this, [&] {
      QDialog* d = qobject_cast<QDialog*>(QApplication::activeModalWidget());
      if (!d) return;
      auto* summary = d->findChild<QLabel*>("summary");
      auto* ok = d->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok);
      auto* to = d->findChild<QDoubleSpinBox*>("to");
      why = summary->text() + QString(" (to = %1)").arg(to->value());
      seen = ok->isEnabled() && to->value() == 10.0 && summary->text().contains("250 frames");
      d->reject();
    });
    showAnimationDialog(&w);
    QVERIFY2(seen, qPrintable(why));
  }

 private:
  QTemporaryDir m_dir;
  QProcessEnvironment m_env;
};

DMS_TEST_MAIN(TestVideo)
}  // namespace tst_video
#include "tst_video.moc"
