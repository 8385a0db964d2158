// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// dmsim run --control: the report echoes the law and the CSV ends with the control's columns
// (the columns before them as a free run's); a scenario file keeps the law ("control_law") and
// runs it; refusals name the expression (exit 2); a NaN stops the run naming it (exit 3).
#include <QFile>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include "core/io/scenario.h"
#include "tests/common/dmsim.h"
#include "tests/common/suitemain.h"

namespace tst_controllaw_cli {

using dms::test::dmsim;

const QString kPd = "tau=[20*R32 - 4*Omega1, -20*R31 - 4*Omega2, -4*Omega3]";

QList<QByteArray> lines(const QString& path) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) return {};
  return f.readAll().trimmed().split('\n');
}

class TestControlLawCli : public QObject {
  Q_OBJECT
 private slots:
  void csvAndReport() {
    QTemporaryDir dir;
    const QString csv = dir.filePath("run.csv"), free = dir.filePath("free.csv");
    const QStringList base = {
        "run",   "--system",     "pendulum-3d", "--set", "rotvec0=3.19159,0,0",
        "--set", "Omega0=0,0,0", "--T",         "10"};
    const auto r = dmsim(base + QStringList{"--control", kPd, "--csv", csv});
    QVERIFY2(r.code == 0, r.err.constData());
    const QJsonObject j = r.json();
    QCOMPARE(j["control"].toObject()["law"].toString(), kPd);
    QCOMPARE(j["control"].toObject()["expressions"].toObject()["tau2"].toString(),
             QString("-20*R31 - 4*Omega2"));
    // held upright: R33 = -1 at T
    QVERIFY(std::abs(j["final_state"].toObject()["R"].toArray()[8].toDouble() + 1.0) < 1e-12);
    const auto f = dmsim(base + QStringList{"--csv", free});
    QVERIFY2(f.code == 0, f.err.constData());
    QVERIFY(!f.json().contains("control"));
    const QList<QByteArray> got = lines(csv), plain = lines(free);
    QCOMPARE(got.size(), 1002);  // the header, t_0 .. t_1000
    QCOMPARE(got[0], plain[0] + ",tau1,tau2,tau3");
    // t = 0: the same state, then the control 20 R32 - 4 Omega1 = 20 sin(rotvec0_1)
    const QList<QByteArray> row0 = got[1].split(','), free0 = plain[1].split(',');
    QCOMPARE(row0.mid(0, free0.size()), free0);
    QCOMPARE(row0[free0.size()].toDouble(), 20 * std::sin(3.19159));
    // no step follows the last sample: empty control cells
    QVERIFY(got.back().endsWith(",,,"));
  }

  void scenarioKeepsTheLaw() {
    QTemporaryDir dir;
    const QString path = dir.filePath("inverted.dms.json");
    dms::Scenario s;
    s.system = "pendulum-3d";
    s.parameters = {{"rotvec0", {3.19159, 0, 0}}, {"Omega0", {0, 0, 0}}};
    s.settings.h = 0.01;
    s.settings.T = 10;
    s.controlLaw = kPd.toStdString();
    std::string err;
    QVERIFY2(dms::saveScenario(s, path.toStdString(), &err), err.c_str());
    const dms::Scenario back = dms::loadScenario(path.toStdString(), nullptr);
    QCOMPARE(back.controlLaw, s.controlLaw);
    const auto r = dmsim({"run", "--scenario", path});
    QVERIFY2(r.code == 0, r.err.constData());
    QCOMPARE(r.json()["control"].toObject()["law"].toString(), kPd);
    // --control overrides the file's law
    const auto o = dmsim({"run", "--scenario", path, "--control", "tau=[0,0,0]"});
    QVERIFY2(o.code == 0, o.err.constData());
    QCOMPARE(o.json()["control"].toObject()["law"].toString(), QString("tau=[0,0,0]"));
    // a file whose law does not fit its system is refused naming the key
    s.controlLaw = "tau=[1, 2]";
    QVERIFY(!dms::saveScenario(s, path.toStdString(), &err));
    QVERIFY2(err.find("'control_law'") != std::string::npos, err.c_str());
  }

  void refusals() {
    const auto bad = [](const QString& law, const char* words) {
      const auto r = dmsim({"run", "--system", "pendulum-3d", "--control", law});
      if (r.code != 2 || !r.err.contains(words)) {
        qWarning("%d %s", r.code, r.err.constData());
        return false;
      }
      return true;
    };
    QVERIFY(bad("tau=[1, 2*Omega1+, 3]", "tau2 = '2*Omega1+': syntax error at column"));
    QVERIFY(bad("tau=[1, 2, Kp*R13]", "tau3 = 'Kp*R13': unknown name 'Kp' (the names are t,"));
    QVERIFY(bad("tau=[1, 2]", "takes 3 expressions"));
    const auto r =
        dmsim({"run", "--system", "mass-spring", "--T", "1", "--control", "f=sqrt(0.5 - t)"});
    QCOMPARE(r.code, 3);
    QVERIFY2(r.err.contains("f = 'sqrt(0.5 - t)' is NaN at step 15"), r.err.constData());
  }
};

DMS_TEST_GUILESS_MAIN(TestControlLawCli)
}  // namespace tst_controllaw_cli
#include "tst_controllaw_cli.moc"
