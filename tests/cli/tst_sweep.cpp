// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// dmsim sweep as scripts use it: the documented JSON, results that do not depend on --jobs,
// shards that merge into the unsharded sweep, failed runs and bad input.
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include "tests/common/dmsim.h"
#include "tests/common/suitemain.h"

namespace tst_sweep {

using dms::test::dmsim;
using Result = dms::test::DmsimResult;

QSet<QString> keysOf(const QJsonObject& o) {
  const QStringList k = o.keys();
  return QSet<QString>(k.begin(), k.end());
}

// the output without its CPU times, the one field that may differ between equal sweeps: the
// rest compares as text, so bit for bit (doubles print as their shortest round-trip text)
QByteArray withoutCpuTimes(const QByteArray& out) {
  QByteArray kept;
  for (const QByteArray& line : out.split('\n'))
    if (!line.contains("\"cpu_s\"")) kept += line + '\n';
  return kept;
}

bool writeFile(const QString& path, const QByteArray& data) {
  QFile f(path);
  return f.open(QIODevice::WriteOnly) && f.write(data) == data.size();
}

// a small sweep of every method of the dumbbell (the most involved system: Newton in the LGVI,
// two attitude forms) on a short horizon
const QStringList kSmall = {"sweep", "--system", "dumbbell",      "--T",
                            "2",     "--rtol",   "1e-4,1e-6,1e-8"};

class TestSweep : public QObject {
  Q_OBJECT
 private slots:
  // the documented fields (docs/cli.md), null where they do not apply
  void printsTheIssuesJson() {
    const Result r = dmsim({"sweep", "--system", "mass-spring"});
    QCOMPARE(r.code, 0);
    const QJsonObject j = r.json();
    QCOMPARE(keysOf(j), QSet<QString>({"system", "T", "reference", "runs", "orders", "version"}));
    // the version of the program that computed it, as dmsim run's JSON gives it
    QVERIFY(!j["version"].toString().isEmpty());
    QCOMPARE(j["version"], dmsim({"run", "--system", "mass-spring", "--T", "1"}).json()["version"]);
    const QJsonObject ref = j["reference"].toObject();
    QCOMPARE(ref["method"].toString(), QString("rk45"));
    QCOMPARE(ref["rtol"].toDouble(), 1e-13);
    QVERIFY(ref["h"].isNull());
    QVERIFY(ref["error_bound"].toDouble() > 0);
    const QSet<QString> fields = {
        "method",           "h",     "rtol",       "atol",           "steps",
        "fevals",           "cpu_s", "global_err", "energy_max_dev", "structure_max_err",
        "momentum_max_dev", "status"};
    const QJsonArray runs = j["runs"].toArray();
    QVERIFY(runs.size() > 4);
    for (const QJsonValue& v : runs) {
      const QJsonObject run = v.toObject();
      QCOMPARE(keysOf(run), fields);
      // the system's adaptive methods
      const bool adaptive =
          run["method"].toString() == "rk45" || run["method"].toString() == "rk853";
      QCOMPARE(run["h"].isNull(), adaptive);
      QCOMPARE(run["rtol"].isNull(), !adaptive);
      if (adaptive) QCOMPARE(run["atol"].toDouble(), run["rtol"].toDouble() / 1000);
      QCOMPARE(run["status"].toString(), QString("ok"));
      QVERIFY(run["global_err"].toDouble() > 0);
      // the mass-spring has neither structure error nor a conserved momentum
      QVERIFY(run["structure_max_err"].isNull());
      QVERIFY(run["momentum_max_dev"].isNull());
    }
    const QJsonObject orders = j["orders"].toObject();
    QVERIFY(orders["rk45"].isNull());
    QVERIFY2(std::fabs(orders["vi"].toDouble() - 2) < 0.1, qPrintable(orders["vi"].toString()));
  }

  // the same numbers for 1 and N jobs, CPU times aside
  void jobsDoNotChangeResults() {
    const Result one = dmsim(kSmall + QStringList{"--jobs", "1"});
    const Result two = dmsim(kSmall + QStringList{"--jobs", "2"});
    QCOMPARE(one.code, 0);
    QCOMPARE(two.code, 0);
    QVERIFY(one.json()["runs"].toArray().size() > 20);
    QCOMPARE(withoutCpuTimes(two.out), withoutCpuTimes(one.out));
  }

  // --shard 1/2 and 2/2 merged (in either order) are the unsharded sweep; --csv has a row per run
  void shardsMergeToTheSweep() {
    QTemporaryDir dir;
    const Result all = dmsim(kSmall);
    QCOMPARE(all.code, 0);
    QStringList files;
    for (const char* shard : {"2/2", "1/2"}) {
      const Result s = dmsim(kSmall + QStringList{"--shard", shard, "--jobs", "1"});
      QCOMPARE(s.code, 0);
      QVERIFY(s.json()["runs"].toArray().size() < all.json()["runs"].toArray().size());
      files << dir.filePath(QString("shard%1.json").arg(shard[0]));
      QVERIFY(writeFile(files.back(), s.out));
    }
    const QString csv = dir.filePath("merged.csv");
    const Result merged =
        dmsim(QStringList{"sweep", "--merge"} + files + QStringList{"--csv", csv});
    QCOMPARE(merged.code, 0);
    QCOMPARE(withoutCpuTimes(merged.out), withoutCpuTimes(all.out));
    QFile f(csv);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = f.readAll().trimmed().split('\n');
    QCOMPARE(lines.size(), all.json()["runs"].toArray().size() + 1);
    QVERIFY(lines[0].startsWith("method,h,rtol,atol,steps,fevals,cpu_s,global_err,angle_err,"));
  }

  // a run that fails is reported with its status, the others with their errors; exit code 3
  void failedRunIsReported() {
    const Result r = dmsim({"sweep", "--system", "planar-pendulum", "--methods", "vi,rk45", "--h",
                            "5,0.5", "--rtol", "1e-3", "--T", "10"});
    QCOMPARE(r.code, 3);
    QVERIFY2(r.err.contains("h = 5 failed"), r.err.constData());
    const QJsonArray runs = r.json()["runs"].toArray();
    QCOMPARE(runs.size(), 3);
    QCOMPARE(runs[0].toObject()["status"].toString(), QString("failed"));
    QVERIFY(runs[0].toObject()["global_err"].isNull());
    for (int i : {1, 2}) {
      QCOMPARE(runs[i].toObject()["status"].toString(), QString("ok"));
      QVERIFY(runs[i].toObject()["global_err"].toDouble() > 0);
    }
  }

  void badInputExitsWithTwo_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    const QStringList ms = {"sweep", "--system", "mass-spring"};
    QTest::newRow("method the system lacks")
        << ms + QStringList{"--methods", "vi,rattle"}
        << "--methods: 'rattle' is not available for mass-spring (this system has: vi, rk45";
    QTest::newRow("unknown method")
        << ms + QStringList{"--methods", "vi,foo"}
        << "unknown method 'foo' (mass-spring has vi,rk45,vi4,vi6,vi8,rk4,rk853)";
    QTest::newRow("h zero") << ms + QStringList{"--h", "0"} << "--h 0: every h must be in (0, T]";
    QTest::newRow("h negative") << ms + QStringList{"--h", "0.07,-0.05"}
                                << "--h -0.05: every h must be in (0, T]";
    QTest::newRow("h not dividing T")
        << ms + QStringList{"--h", "0.3", "--T", "10"} << "--h 0.3: T = 10 is not a whole number";
    QTest::newRow("malformed list")
        << ms + QStringList{"--h", "0.1,,0.05"} << "--h takes a comma-separated list";
    QTest::newRow("not a number") << ms + QStringList{"--rtol", "1e-3,x"} << "'x' is not a number";
    QTest::newRow("rtol below the reference's")
        << ms + QStringList{"--rtol", "1e-12"}
        << "--rtol 1e-12: every RelTol must be in [1e-11, 0.1]";
    QTest::newRow("shard 3/2") << ms + QStringList{"--shard", "3/2"}
                               << "--shard '3/2': I must be in [1, N]";
    QTest::newRow("shard 0/2") << ms + QStringList{"--shard", "0/2"}
                               << "--shard '0/2': I must be in [1, N]";
    QTest::newRow("jobs 0") << ms + QStringList{"--jobs", "0"}
                            << "--jobs '0': expected a whole number in [1, 256]";
    QTest::newRow("h without a fixed-step method")
        << ms + QStringList{"--methods", "rk45", "--h", "0.07"}
        << "--h: none of --methods rk45 takes a fixed step (mass-spring's fixed-step methods: "
           "vi,vi4,vi6,vi8,rk4)";
    QTest::newRow("unwritable csv") << ms + QStringList{"--csv", "/nonexistent/s.csv"}
                                    << "--csv: cannot write '/nonexistent/s.csv'";
    QTest::newRow("no system") << QStringList{"sweep"} << "--system is required";
    QTest::newRow("unreadable merge file")
        << QStringList{"sweep", "--merge", "/nonexistent/s1.json"}
        << "--merge: cannot read '/nonexistent/s1.json'";
  }
  void badInputExitsWithTwo() {
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    const Result r = dmsim(args);
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(message.toUtf8()), r.err.constData());
    QVERIFY(r.out.isEmpty());
  }

  // shards of different sweeps, a missing or a repeated shard, a file that is no shard
  void badMergeExitsWithTwo() {
    QTemporaryDir dir;
    const QStringList ms = {"sweep", "--system", "mass-spring", "--methods", "vi"};
    const auto shard = [&](const QStringList& extra, const QString& name) {
      const Result s = dmsim(ms + extra);
      const QString path = dir.filePath(name);
      return s.code == 0 && writeFile(path, s.out) ? path : QString();
    };
    const QString a = shard({"--shard", "1/2"}, "a.json");
    const QString b = shard({"--shard", "2/2"}, "b.json");
    const QString other = shard({"--shard", "2/2", "--set", "m=2"}, "other.json");
    const QString whole = shard({}, "whole.json");
    for (const QString& f : {a, b, other, whole}) QVERIFY(!f.isEmpty());
    const struct {
      QStringList files;
      QString message;
    } cases[] = {
        {{a, other}, "are not shards of the same sweep (parameter m 1 against 2)"},
        {{a}, "shard 2/2 is missing"},
        {{a, a}, "are both shard 1/2"},
        {{a, whole}, "is not the output of dmsim sweep --shard I/N"},
    };
    for (const auto& c : cases) {
      const Result r = dmsim(QStringList{"sweep", "--merge"} + c.files);
      QCOMPARE(r.code, 2);
      QVERIFY2(r.err.contains(c.message.toUtf8()), r.err.constData());
    }
  }
};

DMS_TEST_GUILESS_MAIN(TestSweep)
}  // namespace tst_sweep
#include "tst_sweep.moc"
