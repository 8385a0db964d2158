// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The dmsim command line as scripts use it: JSON fields, CSV, exit codes and messages.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>
#include <memory>
#include <sstream>

#include "core/integrators/settingkeys.h"
#include "core/io/runcsv.h"
#include "core/sim/registry.h"
#include "tests/common/dmsim.h"
#include "tests/common/suitemain.h"

namespace tst_cli {

using dms::test::dmsim;
using Result = dms::test::DmsimResult;

class TestCli : public QObject {
  Q_OBJECT
 private slots:
  // every system of the registry with every integrator it lists
  void runPrintsTheSummary_data() {
    QTest::addColumn<QString>("system");
    QTest::addColumn<QString>("integrator");
    for (const dms::SystemModel* m : dms::allSystems())
      for (dms::Method i : m->methods())
        QTest::newRow(qPrintable(QString::fromStdString(m->name() + " " + dms::methodName(i))))
            << QString::fromStdString(m->name()) << QString::fromStdString(dms::methodName(i));
  }
  void runPrintsTheSummary() {
    QFETCH(QString, system);
    QFETCH(QString, integrator);
    const dms::SystemModel* model = dms::findSystem(system.toStdString());
    const dms::MethodInfo& method = dms::methodInfo(dms::parseMethod(integrator.toStdString()));
    // 20 s, or for a slow system (a step of seconds: the two-body problem's 60 s) 1000 steps,
    // about one orbit, over which RK45's drift off the structure shows as it does in 20 s here
    const double h0 = model->defaultSettings().h;
    const double T = h0 > 1.0 ? 1000.0 * h0 : 20.0;
    const Result r =
        dmsim({"run", "--system", system, "--integrator", integrator, "--T", QString::number(T)});
    QCOMPARE(r.code, 0);
    const QJsonObject j = r.json();
    for (const char* key : {"system", "integrator", "rk", "h", "T", "rtol", "atol", "samples",
                            "accepted", "rejected", "fevals", "cpu_s", "energy0", "energy_mean_dev",
                            "energy_max_dev", "structure_mean_err", "structure_max_err"})
      QVERIFY2(j.contains(key), key);
    QCOMPARE(j["system"].toString(), system);
    QCOMPARE(j["integrator"].toString(), integrator);
    const double h = j["h"].toDouble();
    QCOMPARE(j["samples"].toInt(), int(std::floor(T / h + 1e-9)) + 1);
    if (method.adaptive) {
      // the RK45 pairs report their controller; DOP853 has its own and reports none
      const bool controlled = dms::settingKey("controller").readBy(method.method);
      QCOMPARE(j["rk"].toString(), QString(controlled ? "ode45" : "none"));
      QVERIFY(j["fevals"].toInt() > 6 * j["accepted"].toInt());
    }
    // angular momentum is reported where it is conserved: the e3 component for the spherical
    // pendulum, the total for the dumbbell
    QCOMPARE(j.contains("angmom_max_dev"), model->hasMomentum());
    QCOMPARE(j["structure"].toString(), model->structureName().empty()
                                            ? QString("none")
                                            : QString::fromStdString(model->structureName()));
    if (!model->structureName().empty()) {
      // the structure-keeping methods stay at round-off (at most ~2000 steps of a few eps
      // here); RK45 drifts far from it (the local error per step is ~RelTol = 1e-3), RK4 by its
      // O(h^5) local error, above round-off
      const double err = j["structure_max_err"].toDouble();
      if (method.keepsStructure)
        QVERIFY2(err < 1e-12, qPrintable(QString::number(err)));
      else if (method.adaptive)
        QVERIFY2(err > 1e-6, qPrintable(QString::number(err)));
      else
        QVERIFY2(err > 1e-10, qPrintable(QString::number(err)));
    }
  }

  void csvHasHeaderAndEverySample() {
    QTemporaryDir dir;
    const QString path = dir.filePath("run.csv");
    const Result r = dmsim({"run", "--system", "spherical-pendulum", "--integrator", "rk45", "--rk",
                            "scipy", "--rk-samples", "steps", "--T", "10", "--csv", path});
    QCOMPARE(r.code, 0);
    const QJsonObject j = QJsonDocument::fromJson(r.out).object();
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = f.readAll().trimmed().split('\n');
    const QList<QByteArray> header = lines[0].split(',');
    // every column dmsim has written, by name (a script reads them so), and the app's
    for (const char* name :
         {"t", "energy", "energy_dev", "structure", "structure2", "L1", "L2", "L3", "q1", "q2",
          "q3", "w1", "w2", "w3", "method", "x", "y", "z", "shadow_energy"})
      QVERIFY2(header.contains(name), name);
    QVERIFY(lines[0].endsWith("q1,q2,q3,w1,w2,w3"));
    QCOMPARE(lines.size() - 1, j["samples"].toInt());
    QCOMPARE(j["samples"].toInt(), j["accepted"].toInt() + 1);  // steps sampling
    QCOMPARE(lines.last().split(',')[header.indexOf("t")].toDouble(), 10.0);
    QCOMPARE(lines.last().split(',')[header.indexOf("method")], QByteArray("rk45"));
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files).size(), 1);  // no temporary left over
  }

  // the shadow energy of a variational run in the CSV, row by row, on every system: each row's
  // value is that of its sample (order 4: none at the first and the last), their deviation from
  // the first is the JSON's shadow_max_dev to the last bit (17 digits print a double exactly);
  // a Runge-Kutta run leaves the column empty and the JSON says why
  void csvHasTheShadowEnergy_data() {
    QTest::addColumn<QString>("system");
    for (const dms::SystemModel* m : dms::allSystems())
      QTest::newRow(m->name().c_str()) << QString::fromStdString(m->name());
  }
  void csvHasTheShadowEnergy() {
    QFETCH(QString, system);
    const dms::SystemModel* model = dms::findSystem(system.toStdString());
    const QString T = QString::number(50 * model->defaultSettings().h);
    QTemporaryDir dir;
    for (const char* method : {"vi", "rk45"}) {
      const QString path = dir.filePath(QString("%1.csv").arg(method));
      const Result r =
          dmsim({"run", "--system", system, "--integrator", method, "--T", T, "--csv", path});
      QCOMPARE(r.code, 0);
      const QJsonObject j = r.json();
      QFile f(path);
      QVERIFY(f.open(QIODevice::ReadOnly));
      const QList<QByteArray> lines = f.readAll().trimmed().split('\n');
      const int col = int(lines[0].split(',').indexOf("shadow_energy"));
      QVERIFY(col > 0);
      QCOMPARE(lines.size() - 1, j["samples"].toInt());
      std::vector<double> values;
      for (int i = 1; i < lines.size(); ++i) {
        const QByteArray cell = lines[i].split(',')[col];
        const bool end = i == 1 || i == lines.size() - 1;
        if (std::string(method) == "vi" && !end) {
          QVERIFY2(!cell.isEmpty(), qPrintable(QString("row %1").arg(i)));
          values.push_back(cell.toDouble());
        } else {
          QVERIFY2(cell.isEmpty(), qPrintable(QString("row %1: %2").arg(i).arg(cell)));
        }
      }
      if (std::string(method) == "vi") {
        QCOMPARE(j["shadow_order"].toInt(), 4);
        double dev = 0.0;
        for (double v : values) dev = std::max(dev, std::fabs(v - values.front()));
        QCOMPARE(j["shadow_max_dev"].toDouble(), dev);
        QVERIFY(j["shadow_energy_reason"].isNull());
      } else {
        QVERIFY(j["shadow_order"].isNull() && j["shadow_max_dev"].isNull());
        QVERIFY(j["shadow_energy_reason"].toString().contains("symplectic"));
      }
    }
  }

  // dmsim run --csv is the app's file for the same run (File > Export time series recomputes
  // the job with core/io/runcsv.h's writer): the same bytes
  void csvIsTheAppsFile() {
    QTemporaryDir dir;
    const QString path = dir.filePath("run.csv");
    const Result r = dmsim(
        {"run", "--system", "spherical-pendulum", "--integrator", "vi", "--T", "2", "--csv", path});
    QCOMPARE(r.code, 0);
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray cli = f.readAll();

    const dms::SystemModel* model = dms::findSystem("spherical-pendulum");
    dms::IntegratorSettings settings = model->defaultSettings();
    settings.T = 2.0;
    const std::unique_ptr<dms::Run> run =
        model->makeRun(model->normalize({}, nullptr), dms::Method::Variational, settings);
    std::ostringstream app;
    dms::RunCsvWriter csv(app, *model, {run->stateNames()});
    csv.writeHeader();
    csv.beginRun(0, dms::Method::Variational);
    dms::RunShadow shadow(*model, model->normalize({}, nullptr), dms::Method::Variational,
                          settings.h);
    csv.followShadow(shadow);
    while (run->advance(csv, 4096, dms::SampleFields::All)) {
    }
    csv.finish();
    const QList<QByteArray> cliLines = cli.split('\n'),
                            appLines = QByteArray::fromStdString(app.str()).split('\n');
    QCOMPARE(cliLines.size(), appLines.size());
    QVERIFY(cliLines.size() > 10);
    QCOMPARE(cliLines[0], appLines[0]);
    // a value: the energy deviation at the last step, the same double in both files
    const int dev = int(cliLines[0].split(',').indexOf("energy_dev"));
    QCOMPARE(cliLines[cliLines.size() - 2].split(',')[dev],
             appLines[appLines.size() - 2].split(',')[dev]);
    QCOMPARE(cli, QByteArray::fromStdString(app.str()));
  }

  void reproduceMatchesTheArticle() {
    const Result r = dmsim({"reproduce", "--json"});
    QCOMPARE(r.code, 0);
    const QJsonArray rows = QJsonDocument::fromJson(r.out).object()["rows"].toArray();
    QVERIFY(rows.size() >= 10);
    // a row per declared figure, in the registry's order: the figures declared to match the
    // article to its printed digits (ArticleFigure::matchesToPrintedDigits) match to 5 digits
    int row = 0, matched = 0;
    for (const dms::SystemModel* model : dms::allSystems())
      for (const dms::ArticleFigure& f : model->articleFigures()) {
        QVERIFY(row < rows.size());
        const QJsonObject o = rows[row++].toObject();
        QCOMPARE(o["system"].toString().toStdString(), model->name());
        QCOMPARE(o["integrator"].toString().toStdString(), dms::methodName(f.method));
        if (!f.matchesToPrintedDigits) continue;
        QVERIFY2(o["article"].isDouble() && std::fabs(o["ratio"].toDouble() - 1.0) < 1e-4,
                 qPrintable(QJsonDocument(o).toJson()));
        ++matched;
      }
    QCOMPARE(row, int(rows.size()));
    QVERIFY(matched > 0);
  }

  // bad input: exit code 2 and a message naming the flag or parameter and its range
  void badInputExitsWithTwo_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("needle");
    const QStringList base = {"run", "--system", "spherical-pendulum", "--integrator", "vi"};
    QTest::newRow("no command") << QStringList{} << "usage";
    QTest::newRow("unknown command") << QStringList{"fly"} << "unknown command";
    QTest::newRow("no system") << QStringList{"run"} << "--system";
    QTest::newRow("unknown system") << QStringList{"run", "--system", "top"} << "mass-spring";
    QTest::newRow("unknown integrator")
        << QStringList{"run", "--system", "mass-spring", "--integrator", "euler"} << "vi, rk45";
    QTest::newRow("quat on a pendulum")
        << QStringList{"run", "--system", "mass-spring", "--integrator", "rk45-quat"}
        << "not available";
    QTest::newRow("h zero") << base + QStringList{"--h", "0"} << "(0, 1e+05]";
    QTest::newRow("h negative") << base + QStringList{"--h", "-1"} << "'h'";
    QTest::newRow("h above T") << base + QStringList{"--h", "5", "--T", "1"} << "exceed T";
    QTest::newRow("h not a number") << base + QStringList{"--h", "fast"} << "not a number";
    QTest::newRow("T nan") << base + QStringList{"--T", "nan"} << "'--T'";
    QTest::newRow("too many steps") << base + QStringList{"--h", "1e-9", "--T", "1e5"} << "T/h";
    QTest::newRow("rtol zero") << base + QStringList{"--rtol", "0"} << "'rtol'";
    QTest::newRow("atol negative") << base + QStringList{"--atol", "-1e-6"} << "'atol'";
    QTest::newRow("bad rk") << base + QStringList{"--rk", "matlab"} << "ode45";
    QTest::newRow("bad sampling") << base + QStringList{"--rk-samples", "all"} << "output";
    QTest::newRow("bad summation") << base + QStringList{"--summation", "kahan"} << "--summation";
    QTest::newRow("negative mass") << base + QStringList{"--set", "m=-1"} << "(0, 1e+06]";
    QTest::newRow("empty value") << base + QStringList{"--set", "m="} << "'m'";
    QTest::newRow("no equals") << base + QStringList{"--set", "m"} << "NAME=VALUE";
    QTest::newRow("unknown parameter") << base + QStringList{"--set", "mass=1"} << "mass";
    QTest::newRow("short vector") << base + QStringList{"--set", "q0=1,0"} << "3 comma";
    QTest::newRow("zero q0") << base + QStringList{"--set", "q0=0,0,0"} << "zero length";
    QTest::newRow("inf component") << base + QStringList{"--set", "omega0=0,inf,0"} << "omega0";
    QTest::newRow("unknown option") << base + QStringList{"--fast"} << "unknown option";
    QTest::newRow("missing value") << base + QStringList{"--h"} << "missing value";
    QTest::newRow("unwritable csv")
        << base + QStringList{"--csv", "/nonexistent-dir/x.csv"} << "--csv";
  }
  void badInputExitsWithTwo() {
    QFETCH(QStringList, args);
    QFETCH(QString, needle);
    const Result r = dmsim(args);
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(needle.toUtf8()), r.err.constData());
    QVERIFY(r.out.isEmpty() || args.isEmpty());
  }

  // an integration failure: exit 3, the time and the reason on stderr, the summary up to it
  // a run that fails after its first step: exit 3, its samples up to the failure, and the
  // failure among the JSON's warnings
  void integrationFailureExitsWithThree_data() {
    QTest::addColumn<QStringList>("args");
    QTest::newRow("planar") << QStringList{"--system", "planar-pendulum", "--h",       "1", "--T",
                                           "5",        "--set",           "theta0=3.1"};
    QTest::newRow("spherical") << QStringList{"--system", "spherical-pendulum", "--h", "1", "--T",
                                              "5"};
  }
  void integrationFailureExitsWithThree() {
    QFETCH(QStringList, args);
    const Result r = dmsim(QStringList{"run", "--integrator", "vi"} + args);
    QCOMPARE(r.code, 3);
    QVERIFY2(r.err.contains("failed at t = 4"), r.err.constData());
    QVERIFY(r.err.contains("reduce h"));
    const QJsonObject j = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(j["status"].toString(), QString("failed"));
    QCOMPARE(j["samples"].toInt(), 5);
    const QJsonArray warnings = j["warnings"].toArray();
    QVERIFY(!warnings.isEmpty());
    QVERIFY2(warnings.last().toString().startsWith("integration failed at t = 4: "),
             qPrintable(warnings.last().toString()));
  }

  // what the input changes or what the method ignores is a warning naming it, on stderr and in
  // the JSON, for every system alike
  void changedOrIgnoredInputWarns() {
    Result r = dmsim({"run", "--system", "spherical-pendulum", "--integrator", "vi", "--T", "1",
                      "--rtol", "1e-8", "--rk", "scipy", "--set", "q0=0,0,2"});
    QCOMPARE(r.code, 0);
    QStringList warnings;
    for (const QJsonValue& w : r.json()["warnings"].toArray()) warnings << w.toString();
    QVERIFY2(warnings.contains("q0 has length 2: scaled to 1"), qPrintable(warnings.join("\n")));
    QVERIFY2(warnings.contains("--rtol and --rk are ignored: vi is a fixed-step method (rtol, "
                               "atol, the controller and the sampling set the adaptive methods' "
                               "steps)"),
             qPrintable(warnings.join("\n")));
    QVERIFY(r.err.contains("dmsim: warning: q0 has length 2: scaled to 1"));
    // the chain says the same of its q0_i; RK45 ignores the summation
    r = dmsim({"run", "--system", "pendulum-chain", "--integrator", "rk45", "--T", "1",
               "--summation", "plain", "--set", "q0_1=0,0,2"});
    QCOMPARE(r.code, 0);
    warnings.clear();
    for (const QJsonValue& w : r.json()["warnings"].toArray()) warnings << w.toString();
    QVERIFY2(warnings.contains("q0_1 has length 2: scaled to 1"), qPrintable(warnings.join("\n")));
    QVERIFY2(warnings.contains("--summation is ignored: rk45 is an adaptive method (the summation "
                               "is the fixed-step methods')"),
             qPrintable(warnings.join("\n")));
  }

  // the same rule for every system: a fixed-step run whose first step fails is bad input
  // naming h (exit 2, no JSON, no CSV), as the chain's implicit step always was
  void failedFirstStepIsBadInput_data() {
    QTest::addColumn<QString>("system");
    QTest::addColumn<QString>("h");
    QTest::newRow("planar") << "planar-pendulum"
                            << "2";
    QTest::newRow("spherical") << "spherical-pendulum"
                               << "3";
    QTest::newRow("pendulum-3d") << "pendulum-3d"
                                 << "1";
    QTest::newRow("chain") << "pendulum-chain"
                           << "1";
  }
  void failedFirstStepIsBadInput() {
    QFETCH(QString, system);
    QFETCH(QString, h);
    QTemporaryDir dir;
    const QString csv = dir.filePath("run.csv");
    const Result r = dmsim(
        {"run", "--system", system, "--integrator", "vi", "--h", h, "--T", "5", "--csv", csv});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(("--h " + h + " is too large for " + system).toUtf8()),
             r.err.constData());
    QVERIFY(r.out.isEmpty());
    QVERIFY(!QFile::exists(csv));
  }

  // the variational runs say how they add their increments; compensated is the default, and
  // it keeps round-off a random walk: its energy growth exponent (null below 1e4 steps) is below
  // the plain form's, which grows linearly (tst_roundoff has the theory)
  void summationAndGrowthExponents() {
    const QStringList base = {"run", "--system", "mass-spring", "--integrator", "vi"};
    const Result shortRun = dmsim(base);
    QCOMPARE(shortRun.code, 0);
    QCOMPARE(shortRun.json()["summation"].toString(), QString("compensated"));
    QVERIFY(shortRun.json()["energy_growth_exponent"].isDouble());  // 17951 steps
    const Result tiny = dmsim(base + QStringList{"--T", "100"});
    QVERIFY(tiny.json()["energy_growth_exponent"].isNull());
    QVERIFY(tiny.json()["momentum_growth_exponent"].isNull());
    const QStringList longer = base + QStringList{"--T", "35000"};  // 1e6 steps
    const Result comp = dmsim(longer);
    const Result plain = dmsim(longer + QStringList{"--summation", "plain"});
    QCOMPARE(plain.json()["summation"].toString(), QString("plain"));
    QVERIFY(comp.json()["energy_growth_exponent"].toDouble() <
            plain.json()["energy_growth_exponent"].toDouble());
    QVERIFY(comp.json()["energy_max_dev"].toDouble() < plain.json()["energy_max_dev"].toDouble());
    const Result rk = dmsim({"run", "--system", "mass-spring", "--integrator", "rk45"});
    QCOMPARE(rk.json()["summation"].toString(), QString("none"));
  }

  // a horizon that is not a whole number of steps: the fixed-step runs (and RK45 sampled at
  // k h) end at t_N = N h, N = floor(T/h), and say so on stderr and in the JSON's warnings;
  // RK45 at its own steps reaches T and says nothing
  void horizonNotAWholeNumberOfSteps_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<bool>("warned");
    QTest::addColumn<double>("tEnd");
    const QStringList base = {"run", "--system", "mass-spring", "--h", "0.5"};
    QTest::newRow("vi") << base + QStringList{"--T", "1.2"} << true << 1.0;
    QTest::newRow("rk4") << base + QStringList{"--T", "1.2", "--integrator", "rk4"} << true << 1.0;
    QTest::newRow("rk45 output") << base + QStringList{"--T", "1.2", "--integrator", "rk45"} << true
                                 << 1.0;
    QTest::newRow("rk45 steps") << base + QStringList{"--T",  "1.2",          "--integrator",
                                                      "rk45", "--rk-samples", "steps"}
                                << false << 1.2;
    QTest::newRow("whole") << base + QStringList{"--T", "1.5"} << false << 1.5;
  }
  void horizonNotAWholeNumberOfSteps() {
    QFETCH(QStringList, args);
    QFETCH(bool, warned);
    QFETCH(double, tEnd);
    const Result r = dmsim(args);
    QCOMPARE(r.code, 0);
    const QJsonObject j = r.json();
    QCOMPARE(j["t_end"].toDouble(), tEnd);
    QCOMPARE(j["T"].toDouble(), args[args.indexOf("--T") + 1].toDouble());
    const QJsonArray warnings = j["warnings"].toArray();
    QCOMPARE(warnings.size(), warned ? 1 : 0);
    QCOMPARE(r.err.contains("dmsim: warning: T = 1.2 is not a whole number of steps"), warned);
    if (warned) {
      const QString w = warnings[0].toString();
      QVERIFY2(w.contains("ends at t = N h = 1") && w.contains("N = 2"), qPrintable(w));
      QVERIFY2(r.err.contains(w.toUtf8()), r.err.constData());
    }
  }

  // the usage: every flag of run, and the integrator optional (vi when not given)
  void helpListsEveryRunFlag() {
    const Result r = dmsim({"--help"});
    QCOMPARE(r.code, 0);
    for (const char* flag : {"--system", "--integrator", "--h", "--T", "--rtol", "--atol", "--rk",
                             "--rk-samples", "--summation", "--set", "--csv", "--scenario"})
      QVERIFY2(r.out.contains(QByteArray(flag) + " "), flag);
    QVERIFY2(r.out.contains("--summation compensated|plain"), r.out.constData());
    QVERIFY2(r.out.contains("[--integrator "), r.out.constData());
    QVERIFY2(r.out.contains("default vi"), r.out.constData());
  }

  // a scalar out of range is said as one number; a vector's as each component
  void rangeMessageFitsTheParameter() {
    const QStringList base = {"run", "--system", "spherical-pendulum"};
    const Result scalar = dmsim(base + QStringList{"--set", "m=-1"});
    QCOMPARE(scalar.code, 2);
    QVERIFY2(!scalar.err.contains("each component"), scalar.err.constData());
    QVERIFY2(scalar.err.contains("must be finite and in (0, 1e+06]"), scalar.err.constData());
    const Result vector = dmsim(base + QStringList{"--set", "omega0=0,1e9,0"});
    QCOMPARE(vector.code, 2);
    QVERIFY2(vector.err.contains("each component must be finite"), vector.err.constData());
  }

  void listNamesEveryParameter() {
    const Result r = dmsim({"list", "--json"});
    QCOMPARE(r.code, 0);
    const QJsonArray systems = QJsonDocument::fromJson(r.out).object()["systems"].toArray();
    QVERIFY(systems.size() >= 3);
    for (const QJsonValue& s : systems) {
      for (const QJsonValue& p : s.toObject()["parameters"].toArray()) {
        const QJsonObject o = p.toObject();
        QVERIFY(o.contains("default") && o.contains("unit") && o.contains("range"));
      }
    }
    const Result text = dmsim({"list"});
    QCOMPARE(text.code, 0);
    QVERIFY(text.out.contains("omega0") && text.out.contains("kappa"));
  }
};

DMS_TEST_GUILESS_MAIN(TestCli)
}  // namespace tst_cli
#include "tst_cli.moc"
