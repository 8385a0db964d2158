// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// dmstudio's command line: its errors (each names its flag), the choice flags of the registered
// problems, and the scripted mode's exit status (the app run as a process).
#include <QFile>
#include <QProcess>
#include <QProcessEnvironment>
#include <QTemporaryDir>
#include <QtTest>

#include "core/sim/registry.h"
#include "core/version.h"
#include "tests/common/builtpath.h"
#include "tests/common/deadline.h"
#include "tests/common/suitemain.h"
#include "ui/app/commandline.h"

namespace tst_commandline {

using namespace dms;
using namespace dms::ui;
using dms::test::ms;

class TestCommandLine : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() { QVERIFY(m_dir.isValid()); }

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
    QTest::newRow("choice the problem has not")
        << QStringList{"--system", "mass-spring", "--control", "--transcription", "vi"}
        << "--transcription";
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
    // --potential: the core's refusal (its column), another system, a --set name the typed
    // potential has not (g is the default potential's), twice, without --system, another mode
    QTest::newRow("malformed potential")
        << QStringList{"--system", "custom-rigid-body", "--potential", "k*R33 +* 2"}
        << "--potential: ";
    QTest::newRow("malformed potential's column")
        << QStringList{"--system", "custom-rigid-body", "--potential", "k*R33 +* 2"} << "column 8";
    QTest::newRow("potential of another system")
        << QStringList{"--system", "mass-spring", "--potential", "q3"}
        << "--potential applies to custom-rigid-body and custom-sphere-particle, not mass-spring";
    QTest::newRow("set name the potential has not")
        << QStringList{"--system", "custom-sphere-particle", "--potential", "k*q3", "--set", "g=1"}
        << "--set 'g=1'";
    QTest::newRow("potential twice")
        << QStringList{"--system", "custom-sphere-particle", "--potential", "q3", "--potential",
                       "q1"}
        << "--potential given twice";
    QTest::newRow("potential without system")
        << QStringList{"--potential", "q3"} << "--potential needs --system";
    QTest::newRow("potential with --control")
        << QStringList{"--system", "custom-rigid-body", "--control", "--potential", "R33"}
        << "--potential is for the simulation";
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
      // each choice once, with its value (in the order the flags are registered)
      QCOMPARE(o.choices.size(), p->choices().size());
      for (const ControlChoice& c : p->choices()) {
        const auto it = std::find_if(
            o.choices.begin(), o.choices.end(),
            [&c](const std::pair<std::string, std::string>& x) { return x.first == c.name; });
        QVERIFY2(it != o.choices.end(), c.name.c_str());
        QCOMPARE(it->second, c.values.back().value);
      }
    }
    ScriptOptions help;
    QString error;
    QVERIFY(parseCommandLine({"--help"}, &help, &error));
    QVERIFY(help.help);
  }

  // --potential makes the expression's symbols --set names, and travels to the simulation
  // mode (applied before the --set values)
  void potentialTakesItsSymbols() {
    ScriptOptions o;
    QString error;
    QVERIFY2(parseCommandLine({"--system", "custom-sphere-particle", "--potential",
                               "k*(q1^2 - q3^2)", "--set", "k=2.5", "--set", "m=2"},
                              &o, &error),
             qPrintable(error));
    using Choices = std::vector<std::pair<std::string, std::string>>;
    QCOMPARE(o.choices, (Choices{{"potential", "k*(q1^2 - q3^2)"}}));
    QCOMPARE(o.sets.size(), std::size_t(2));
    QCOMPARE(o.sets[0].first, std::string("k"));
    // a command line after it starts from the registry's potential again: k is unknown there
    QVERIFY(
        !parseCommandLine({"--system", "custom-sphere-particle", "--set", "k=2.5"}, &o, &error));
    QVERIFY2(error.contains("--set 'k=2.5'"), qPrintable(error));
    QVERIFY(commandLineUsage().contains("--potential EXPR"));
  }

  void scriptedModeExitStatus() {
    // a bad argument: status 2 and a message naming the flag
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("XDG_CONFIG_HOME", m_dir.filePath("xdg"));  // leave the user's settings alone
    p.setProcessEnvironment(env);
    p.start(dms::test::builtPath(DMSTUDIO_PATH), {"--system", "teapot", "--quit"});
    QVERIFY(p.waitForFinished(ms(20000)));
    QCOMPARE(p.exitCode(), 2);
    QVERIFY(p.readAllStandardError().contains("--system 'teapot'"));
    // beyond the horizon is a bad argument too (found once the horizon is known)
    p.start(dms::test::builtPath(DMSTUDIO_PATH),
            {"--system", "mass-spring", "--set", "T=10", "--play-to", "20", "--quit"});
    QVERIFY(p.waitForFinished(ms(20000)));
    QCOMPARE(p.exitCode(), 2);
    QVERIFY(p.readAllStandardError().contains("--play-to"));
    // the app puts the typed potential in force and plays with its symbol set: exit 0
    p.start(dms::test::builtPath(DMSTUDIO_PATH),
            {"--system", "custom-sphere-particle", "--potential", "k*q3", "--set", "k=3", "--set",
             "T=1", "--play-to", "0.5", "--quit"});
    QVERIFY(p.waitForFinished(ms(30000)));
    QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
  }

  // a scenario file that cannot be read, in the scripted mode: status 2 and the message the
  // window's dialog shows, on stderr; no screenshot of the scenario that was there before
  void scriptedModeRefusesACorruptScenario() {
    const QString bad = m_dir.filePath("bad.json");
    QFile f(bad);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"schema_version": 1, "system": "mass-spring", "settings": {"h": )");
    f.close();
    const QString shot = m_dir.filePath("after-bad.png");
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("XDG_CONFIG_HOME", m_dir.filePath("xdg"));
    p.setProcessEnvironment(env);
    p.start(dms::test::builtPath(DMSTUDIO_PATH), {bad, "--screenshot", shot, "--quit"});
    QVERIFY(p.waitForFinished(ms(30000)));
    const QByteArray err = p.readAllStandardError();
    QCOMPARE(p.exitStatus(), QProcess::NormalExit);
    QVERIFY2(p.exitCode() == 2, err.constData());
    QVERIFY2(err.contains("bad.json") && err.contains("scenario:"), err.constData());
    QVERIFY(!QFile::exists(shot));
  }

  // --help and --version print without a display (no X server, no Wayland, no platform asked)
  void helpAndVersionWithoutADisplay() {
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const char* name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"}) env.remove(name);
    env.insert("XDG_CONFIG_HOME", m_dir.filePath("xdg"));
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(dms::test::builtPath(DMSTUDIO_PATH), {"--help"});
    QVERIFY(p.waitForFinished(ms(20000)));
    QCOMPARE(p.exitStatus(), QProcess::NormalExit);
    QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
    const QByteArray help = p.readAllStandardOutput();
    QVERIFY2(help.startsWith("usage: dmstudio") && help.contains("--version"), help.constData());
    p.start(dms::test::builtPath(DMSTUDIO_PATH), {"--version"});
    QVERIFY(p.waitForFinished(ms(20000)));
    QCOMPARE(p.exitStatus(), QProcess::NormalExit);
    QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
    QCOMPARE(p.readAllStandardOutput().trimmed(), QByteArray("dmstudio " DMS_VERSION));
    // a bad argument beside --help is still one
    p.start(dms::test::builtPath(DMSTUDIO_PATH), {"--help", "--system", "teapot"});
    QVERIFY(p.waitForFinished(ms(20000)));
    QCOMPARE(p.exitStatus(), QProcess::NormalExit);
    QCOMPARE(p.exitCode(), 2);
    QVERIFY(p.readAllStandardError().contains("--system 'teapot'"));
  }

 private:
  QTemporaryDir m_dir;
};

DMS_TEST_MAIN(TestCommandLine)
}  // namespace tst_commandline
#include "tst_commandline.moc"
