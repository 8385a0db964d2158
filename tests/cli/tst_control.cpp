// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// dmsim control as scripts use it: the JSON fields, the CSV, and the exit codes (0 converged,
// 2 bad input, 3 the solver did not converge), never a hang.
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "tests/common/dmsim.h"
#include "tests/common/suitemain.h"

namespace tst_control {

using dms::test::dmsim;
using Result = dms::test::DmsimResult;

const QStringList kBase = {"control", "--system", "spherical-pendulum"};
const QStringList kDumbbell = {"control", "--system", "dumbbell"};

class TestControl : public QObject {
  Q_OBJECT
 private slots:
  void defaultSwingUpPrintsTheSummary() {
    const Result r = dmsim(kBase);
    QCOMPARE(r.code, 0);
    const QJsonObject j = QJsonDocument::fromJson(r.out).object();
    for (const char* key :
         {"converged", "iterations", "cost", "terminal_error", "max_unit_length_err", "cpu_s",
          "transcription", "N", "status", "jacobian_cond", "constraint_violation"})
      QVERIFY2(j.contains(key), key);
    QCOMPARE(j["converged"].toBool(), true);
    QCOMPARE(j["transcription"].toString(), QString("vi"));
    QCOMPARE(j["N"].toInt(), 30);
    QVERIFY(j["iterations"].toInt() >= 1 && j["iterations"].toInt() <= 200);
    QVERIFY(j["terminal_error"].toDouble() < 1e-8);
    QVERIFY(j["max_unit_length_err"].toDouble() < 1e-13);  // round-off, 8 (N+1) eps
    QVERIFY(j["cost"].toDouble() > 0);
    QVERIFY(j["cpu_s"].toDouble() >= 0);
  }

  // the mirrored guess reaches the same optimal cost (the problem is symmetric about e3)
  void mirroredGuessHasTheSameCost() {
    const Result a = dmsim(kBase);
    const Result b = dmsim(kBase + QStringList{"--guess", "mirror"});
    QCOMPARE(a.code, 0);
    QCOMPARE(b.code, 0);
    const double ca = QJsonDocument::fromJson(a.out).object()["cost"].toDouble();
    const double cb = QJsonDocument::fromJson(b.out).object()["cost"].toDouble();
    QVERIFY(std::fabs(ca - cb) <= 1e-9 * ca);  // SLSQP's ftol_rel is 1e-12
  }

  void csvHasTrajectoryAndControls() {
    QTemporaryDir dir;
    const QString path = dir.filePath("swing.csv");
    const Result r = dmsim(kBase + QStringList{"--csv", path});
    QCOMPARE(r.code, 0);
    const QJsonObject j = QJsonDocument::fromJson(r.out).object();
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = f.readAll().trimmed().split('\n');
    QCOMPARE(lines[0], QByteArray("t,q1,q2,q3,omega1,omega2,omega3,u1,u2,u3,u_norm,w1,w2,w3"));
    QCOMPARE(lines.size() - 1, j["N"].toInt() + 1);
    const QList<QByteArray> last = lines.last().split(',');
    QCOMPARE(last.size(), 14);
    QVERIFY(std::fabs(last[0].toDouble() - 0.99) < 1e-12);  // t_N = N h
    QVERIFY(std::fabs(last[3].toDouble() + 1) < 1e-8);      // q_N = -e3
    // |u| column is the norm of (u1, u2, u3) on every row
    for (int i = 1; i < lines.size(); ++i) {
      const QList<QByteArray> c = lines[i].split(',');
      const double n = std::hypot(c[7].toDouble(), c[8].toDouble(), c[9].toDouble());
      QVERIFY(std::fabs(n - c[10].toDouble()) <= 1e-12 * (1 + n));
    }
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files).size(), 1);  // no temporary left over
  }

  // exit 0 when it converges, 3 when it does not: the JSON says which, either way
  void rk2ReportsWhatHappened() {
    const Result r = dmsim(kBase + QStringList{"--transcription", "rk2"});
    QVERIFY(r.code == 0 || r.code == 3);
    const QJsonObject j = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(j["transcription"].toString(), QString("rk2"));
    QCOMPARE(j["converged"].toBool(), r.code == 0);
    QVERIFY(j["max_unit_length_err"].toDouble() > 1e-5);  // Heun: O(h^2), h^2 = 1e-3
  }

  void solverFailureExitsWithThree() {
    const Result r = dmsim(kBase + QStringList{"--max-iter", "2"});
    QCOMPARE(r.code, 3);
    QVERIFY2(r.err.contains("iteration limit"), r.err.constData());
    const QJsonObject j = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(j["converged"].toBool(), false);
    QCOMPARE(j["iterations"].toInt(), 2);
  }

  void badInputExitsWithTwo_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("needle");
    QTest::newRow("no system") << QStringList{"control"} << "--system";
    QTest::newRow("unknown system") << QStringList{"control", "--system", "top"} << "unknown";
    QTest::newRow("example of another system")
        << QStringList{"control", "--example", "chain-swing-up", "--system", "mass-spring"}
        << "is of pendulum-chain";
    QTest::newRow("running cost that does not parse")
        << QStringList{"control", "--example", "mass-spring-rest", "--running-cost", "f^2 +"}
        << "--running-cost 'f^2 +'";
    QTest::newRow("running cost naming an unknown variable")
        << QStringList{"control", "--example", "mass-spring-rest", "--running-cost", "f^2 + w"}
        << "unknown name 'w'";
    QTest::newRow("terminal cost reading the control")
        << QStringList{"control", "--example", "mass-spring-rest", "--terminal-cost", "f^2"}
        << "--terminal-cost 'f^2': unknown name 'f'";
    QTest::newRow("target a cost without a terminal cost")
        << QStringList{"control", "--example", "mass-spring-rest", "--target", "cost"}
        << "no terminal cost is given";
    QTest::newRow("T zero") << kBase + QStringList{"--T", "0"} << "'T'";
    QTest::newRow("T negative") << kBase + QStringList{"--T", "-1"} << "'T'";
    QTest::newRow("h above T") << kBase + QStringList{"--h", "2"} << "exceed T";
    QTest::newRow("N too large") << kBase + QStringList{"--h", "1e-5"} << "MiB";
    // a direction off the unit sphere is normalized (nonUnitVectorsAreNormalizedWithAWarning);
    // only a zero or non-finite one is refused, naming the field and the allowed values
    QTest::newRow("qd zero") << kBase + QStringList{"--set", "qd=0,0,0"} << "'qd'";
    QTest::newRow("qd zero, allowed values")
        << kBase + QStringList{"--set", "qd=0,0,0"} << "nonzero";
    QTest::newRow("q0 zero") << kBase + QStringList{"--set", "q0=0,0,0"} << "'q0'";
    QTest::newRow("qd not finite") << kBase + QStringList{"--set", "qd=0,0,inf"} << "'qd'";
    QTest::newRow("negative mass") << kBase + QStringList{"--set", "m=-1"} << "'m'";
    QTest::newRow("unknown parameter") << kBase + QStringList{"--set", "kappa=1"} << "kappa";
    QTest::newRow("bad transcription") << kBase + QStringList{"--transcription", "rk4"} << "vi";
    QTest::newRow("max-iter zero") << kBase + QStringList{"--max-iter", "0"} << "--max-iter";
    QTest::newRow("max-iter fraction")
        << kBase + QStringList{"--max-iter", "2.5"} << "whole number";
    QTest::newRow("tol negative") << kBase + QStringList{"--tol", "-1"} << "--tol";
    QTest::newRow("bad guess") << kBase + QStringList{"--guess", "left"} << "mirror";
    QTest::newRow("h too coarse for the swing") << kBase + QStringList{"--h", "0.5"} << "reduce h";
    QTest::newRow("unknown option") << kBase + QStringList{"--fast"} << "unknown option";
    QTest::newRow("missing value") << kBase + QStringList{"--T"} << "missing value";
    QTest::newRow("unwritable csv")
        << kBase + QStringList{"--csv", "/nonexistent-dir/x.csv"} << "--csv";
  }
  void badInputExitsWithTwo() {
    QFETCH(QStringList, args);
    QFETCH(QString, needle);
    const Result r = dmsim(args);
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(needle.toUtf8()), r.err.constData());
    QVERIFY(r.out.isEmpty());
  }

  // qd typed to 8 digits, or off the sphere, and an omegad that is not tangent: solved with
  // them normalized (as `dmsim run` normalizes q0), each change a warning in the JSON; the JSON
  // and the CSV keep every field and column they had
  void nonUnitVectorsAreNormalizedWithAWarning() {
    QTemporaryDir dir;
    const QString path = dir.filePath("swing.csv");
    const Result r =
        dmsim(kBase + QStringList{"--set", "qd=0,0,-2", "--set", "omegad=0.5,0,3", "--set",
                                  "q0=0,0.0000001,0.99999999", "--csv", path});
    QVERIFY2(r.code == 0, r.err.constData());
    // on stderr too, as dmsim run reports its normalization
    QVERIFY2(r.err.contains("dmsim: warning: parameter 'qd'"), r.err.constData());
    const QJsonObject j = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(j["converged"].toBool(), true);
    for (const char* key : {"transcription",
                            "T",
                            "h",
                            "N",
                            "t_final",
                            "variables",
                            "guess",
                            "converged",
                            "status",
                            "iterations",
                            "evaluations",
                            "cost",
                            "terminal_error",
                            "terminal_q_err",
                            "terminal_omega_err",
                            "constraint_violation",
                            "max_unit_length_err",
                            "max_tangency_err",
                            "jacobian_cond",
                            "max_u",
                            "cpu_s",
                            "wall_s",
                            "tol",
                            "ftol",
                            "max_iter"})
      QVERIFY2(j.contains(key), key);
    const QJsonArray warnings = j["warnings"].toArray();
    QCOMPARE(warnings.size(), 3);
    QString all;
    for (const QJsonValue& w : warnings) all += w.toString() + "\n";
    QVERIFY2(all.contains("'qd'") && all.contains("normalized"), qPrintable(all));
    QVERIFY2(all.contains("'q0'"), qPrintable(all));
    QVERIFY2(all.contains("'omegad'") && all.contains("tangent"), qPrintable(all));
    // the target reached is -e3 at rest (omegad's e3 component removed, (0.5, 0, 0) kept)
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = f.readAll().trimmed().split('\n');
    QCOMPARE(lines[0], QByteArray("t,q1,q2,q3,omega1,omega2,omega3,u1,u2,u3,u_norm,w1,w2,w3"));
    const QList<QByteArray> last = lines.last().split(',');
    QVERIFY(std::fabs(last[3].toDouble() + 1) < 1e-8);
    QVERIFY(std::fabs(last[4].toDouble() - 0.5) < 1e-8);
    QVERIFY(std::fabs(last[6].toDouble()) < 1e-8);
    // the start: q0 normalized
    const QList<QByteArray> first = lines[1].split(',');
    QVERIFY(std::fabs(std::hypot(first[1].toDouble(), first[2].toDouble(), first[3].toDouble()) -
                      1) < 1e-15);
  }

  // the defaults (T = 1, h = 0.033: the article's, ending at 0.99 s) warn of nothing; a T of the
  // user's that is not a whole number of steps is a warning, as `dmsim run` says it
  void horizonRemainderIsAWarningOnlyForTheUsersValues() {
    const Result a = dmsim(kBase);
    QCOMPARE(a.code, 0);
    const QJsonObject ja = QJsonDocument::fromJson(a.out).object();
    QVERIFY(ja.contains("warnings"));
    QCOMPARE(ja["warnings"].toArray().size(), 0);
    const Result b = dmsim(kBase + QStringList{"--h", "0.03"});
    QCOMPARE(b.code, 0);
    const QJsonArray wb = QJsonDocument::fromJson(b.out).object()["warnings"].toArray();
    QCOMPARE(wb.size(), 1);
    QVERIFY2(wb[0].toString().contains("not a whole number") && wb[0].toString().contains("N = 33"),
             qPrintable(wb[0].toString()));
    const Result c = dmsim(kDumbbell + QStringList{"--h", "0.2"});
    QCOMPARE(c.code, 0);
    QCOMPARE(QJsonDocument::fromJson(c.out).object()["warnings"].toArray().size(), 0);
  }

  void helpListsTheSettings() {
    const Result r = dmsim({"control", "--help"});
    QCOMPARE(r.code, 0);
    for (const char* s : {"--transcription", "--max-iter", "--tol", "qd", "omegad", "--csv"})
      QVERIFY2(r.out.contains(s), s);
    for (const char* s :
         {"--system dumbbell", "--method", "xd", "vd", "attd", "Omegad", "Wf", "Wm"})
      QVERIFY2(r.out.contains(s), s);
  }

  void dumbbellDefaultPrintsTheSummary() {
    const Result r = dmsim(kDumbbell);
    QCOMPARE(r.code, 0);
    const QJsonObject j = QJsonDocument::fromJson(r.out).object();
    for (const char* key : {"converged", "iterations", "cost", "terminal_error",
                            "max_orthogonality_err", "cpu_s", "residual_history", "lambda0", "N"})
      QVERIFY2(j.contains(key), key);
    QCOMPARE(j["converged"].toBool(), true);
    QCOMPARE(j["method"].toString(), QString("indirect"));
    QCOMPARE(j["N"].toInt(), 200);
    QVERIFY(j["iterations"].toInt() >= 1 && j["iterations"].toInt() <= 50);
    QVERIFY(j["terminal_error"].toDouble() < 1e-10);
    QVERIFY(j["max_orthogonality_err"].toDouble() < 1e-13);  // round-off, 4 (N+1) eps
    QVERIFY(j["cost"].toDouble() > 0);
    QVERIFY(j["cpu_s"].toDouble() >= 0);
    const QJsonArray hist = j["residual_history"].toArray();
    QCOMPARE(hist.size(), j["iterations"].toInt() + 1);
    QCOMPARE(hist.last().toDouble(), j["terminal_error"].toDouble());
    QCOMPARE(j["lambda0"].toArray().size(), 12);
  }

  void dumbbellCsvHasTrajectoryControlsAndMultipliers() {
    QTemporaryDir dir;
    const QString path = dir.filePath("transfer.csv");
    const Result r = dmsim(kDumbbell + QStringList{"--h", "0.2", "--csv", path});
    QCOMPARE(r.code, 0);
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = f.readAll().trimmed().split('\n');
    const QList<QByteArray> head = lines[0].split(',');
    QCOMPARE(head.size(), 1 + 18 + 6 + 12);
    QCOMPARE(head[10], QByteArray("x1"));
    QCOMPARE(head[19], QByteArray("uf1"));
    QCOMPARE(head[22], QByteArray("um1"));
    QCOMPARE(head.last(), QByteArray("lambda12"));
    QCOMPARE(lines.size() - 1, 51);
    const QList<QByteArray> last = lines.last().split(',');
    QVERIFY(std::fabs(last[0].toDouble() - 10) < 1e-12);
    // x_N = x^d = 3.2 (cos 1.9, sin 1.9, 0)
    QVERIFY(std::fabs(last[10].toDouble() - 3.2 * std::cos(1.9)) < 1e-10);
    QVERIFY(std::fabs(last[11].toDouble() - 3.2 * std::sin(1.9)) < 1e-10);
    // (47): u^f_k = -lambda^v_{k-1} with W_f = I, on every row after the first
    for (int i = 2; i < lines.size(); ++i) {
      const QList<QByteArray> c = lines[i].split(',');
      for (int a = 0; a < 3; ++a)
        QVERIFY(std::fabs(c[19 + a].toDouble() + c[34 + a].toDouble()) < 1e-15);
    }
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files).size(), 1);  // no temporary left over
  }

  // the cross-check from the command line: SLSQP over the controls, the same cost
  void dumbbellDirectMethodHasTheSameCost() {
    const Result a = dmsim(kDumbbell + QStringList{"--h", "0.2"});
    const Result b = dmsim(kDumbbell + QStringList{"--h", "0.2", "--method", "direct"});
    QCOMPARE(a.code, 0);
    QCOMPARE(b.code, 0);
    const QJsonObject jb = QJsonDocument::fromJson(b.out).object();
    QCOMPARE(jb["method"].toString(), QString("direct"));
    const double ca = QJsonDocument::fromJson(a.out).object()["cost"].toDouble();
    const double cb = jb["cost"].toDouble();
    QVERIFY2(std::fabs(ca - cb) <= 1e-6 * ca, qPrintable(QString("%1 vs %2").arg(ca).arg(cb)));
  }

  // unreachable or ill-posed targets and Newton failures: exit 3 with a message, quickly
  void dumbbellFailuresExitWithThree_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("needle");
    QTest::newRow("target inside the body")
        << kDumbbell + QStringList{"--set", "xd=0,0.5,0"} << "unreachable";
    QTest::newRow("absurdly short T")
        << kDumbbell + QStringList{"--T", "0.1"} << "did not converge";
    QTest::newRow("iteration limit")
        << kDumbbell + QStringList{"--max-iter", "2"} << "did not converge";
    QTest::newRow("target across the body")
        << kDumbbell + QStringList{"--set", "xd=-3,0,0"} << "collision";
    QTest::newRow("direct, target inside the body")
        << kDumbbell + QStringList{"--method", "direct", "--h", "0.2", "--set", "xd=0,0.5,0"}
        << "unreachable";
  }
  void dumbbellFailuresExitWithThree() {
    QFETCH(QStringList, args);
    QFETCH(QString, needle);
    const Result r = dmsim(args);
    QCOMPARE(r.code, 3);
    QVERIFY2(r.err.contains(needle.toUtf8()), r.err.constData());
    const QJsonObject j = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(j["converged"].toBool(), false);
    QVERIFY(j.contains("failure"));
  }

  void dumbbellBadInputExitsWithTwo_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("needle");
    QTest::newRow("T zero") << kDumbbell + QStringList{"--T", "0"} << "'T'";
    QTest::newRow("h above T") << kDumbbell + QStringList{"--T", "1", "--h", "2"} << "exceed T";
    QTest::newRow("too many steps")
        << kDumbbell + QStringList{"--T", "1e6", "--h", "0.001"} << "[1, 100000]";
    QTest::newRow("direct too large")
        << kDumbbell + QStringList{"--method", "direct", "--h", "0.025"} << "MiB";
    QTest::newRow("bad method") << kDumbbell + QStringList{"--method", "dmoc"} << "indirect";
    QTest::newRow("zero weight") << kDumbbell + QStringList{"--set", "Wf=0,1,1"} << "'Wf'";
    QTest::newRow("attd not a vector") << kDumbbell + QStringList{"--set", "attd=1,2"} << "'attd'";
    QTest::newRow("start in the body") << kDumbbell + QStringList{"--set", "x0=0.5,0,0"} << "'x0'";
    QTest::newRow("unknown parameter") << kDumbbell + QStringList{"--set", "qd=0,0,1"} << "qd";
    QTest::newRow("spherical-pendulum flag")
        << kDumbbell + QStringList{"--transcription", "vi"} << "unknown option";
    QTest::newRow("tol too large") << kDumbbell + QStringList{"--tol", "1"} << "--tol";
    QTest::newRow("unwritable csv")
        << kDumbbell + QStringList{"--csv", "/nonexistent-dir/x.csv"} << "--csv";
  }
  void dumbbellBadInputExitsWithTwo() {
    QFETCH(QStringList, args);
    QFETCH(QString, needle);
    const Result r = dmsim(args);
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(needle.toUtf8()), r.err.constData());
    QVERIFY(r.out.isEmpty());
  }
};

DMS_TEST_GUILESS_MAIN(TestControl)
}  // namespace tst_control
#include "tst_control.moc"
