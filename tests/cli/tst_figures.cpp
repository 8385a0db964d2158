// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// dmsim figures as a script uses it: --quick writes every figure --list names (PNG that
// decodes, PDF, CSV) and an index.md naming each with its command; the runs behind the article's
// figure 2(a) say what the article says; --only makes one figure; bad input is named.
#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include "tests/common/dmsim.h"
#include "tests/common/suitemain.h"

namespace tst_figures {

using dms::test::dmsim;
using Result = dms::test::DmsimResult;

QStringList figureIds() {
  const Result r = dmsim({"figures", "--list"});
  return QString::fromUtf8(r.out).split('\n', Qt::SkipEmptyParts);
}

QByteArray readFile(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

class TestFigures : public QObject {
  Q_OBJECT
 private slots:
  void quickWritesEveryFigure() {
    const QStringList ids = figureIds();
    // the article's figures 2(a) to 5, the dumbbell's maneuver, the sweeps' plots per system
    // and the phase plane's where there is one
    for (const char* id :
         {"fig2a", "fig2b", "fig3-energy", "fig3-unit-length", "fig4a", "fig4b", "fig4c",
          "fig5-control", "control-dumbbell-force", "mass-spring-work-precision",
          "dumbbell-convergence", "mass-spring-phase-area", "planar-pendulum-phase-portrait"})
      QVERIFY2(ids.contains(id), qPrintable(id));
    QTemporaryDir dir;
    const Result r = dmsim({"figures", "--quick", "--out", dir.path()}, 120000);
    QCOMPARE(r.code, 0);
    const QJsonArray files = r.json()["files"].toArray();
    QVERIFY(r.json()["incomplete"].toArray().isEmpty());  // every run of --quick finishes
    QCOMPARE(files.size(), 3 * ids.size() + 1);
    const QString index = QString::fromUtf8(readFile(dir.filePath("index.md")));
    for (const QString& id : ids) {
      const QImage png(dir.filePath(id + ".png"));
      QVERIFY2(!png.isNull(), qPrintable(id + ".png does not decode"));
      QCOMPARE(png.size(), QSize(900, 540));
      // drawn: far more than the white background and black text (curves in colour)
      int coloured = 0;
      for (int y = 0; y < png.height(); y += 2)
        for (int x = 0; x < png.width(); x += 2)
          coloured += png.pixelColor(x, y).hsvSaturationF() > 0.35f;
      QVERIFY2(coloured > 100, qPrintable(id + ": no curve drawn"));
      QVERIFY2(readFile(dir.filePath(id + ".pdf")).startsWith("%PDF"), qPrintable(id));
      QVERIFY2(readFile(dir.filePath(id + ".csv")).count('\n') > 2, qPrintable(id));
      QVERIFY2(index.contains("dmsim figures --out " + dir.path() + " --only " + id + " --quick"),
               qPrintable(id + " has no command in index.md"));
    }
  }

  // figure 2(a): the midpoint rule conserves the mass-spring's quadratic energy E0 = 1 up to
  // round-off (N = 900 steps of relative error eps each: far below 1e-12), while the article's
  // RK45 dissipates it (energy below E0 at the end by more than round-off)
  void figure2aSaysWhatTheArticleSays() {
    QTemporaryDir dir;
    const Result r = dmsim({"figures", "--quick", "--only", "fig2a", "--out", dir.path()});
    QCOMPARE(r.code, 0);
    QCOMPARE(r.json()["files"].toArray().size(), 4);  // fig2a.png, .pdf, .csv and index.md
    QVERIFY(!QFile::exists(dir.filePath("fig2b.png")));
    const QList<QByteArray> lines = readFile(dir.filePath("fig2a.csv")).split('\n');
    QCOMPARE(lines.first(), QByteArray("series,x,y"));
    int vi = 0;
    double rkLast = 1.0;
    for (const QByteArray& line : lines.mid(1)) {
      const QList<QByteArray> cells = line.split(',');
      if (cells.size() != 3) continue;
      const double E = cells[2].toDouble();
      if (cells[0] == "\"variational\"") {
        ++vi;
        QVERIFY2(std::abs(E - 1.0) < 1e-12, line.constData());
      } else {
        rkLast = E;
      }
    }
    QVERIFY(vi > 100);
    QVERIFY2(rkLast < 1.0 - 1e-6, qPrintable(QString::number(rkLast, 'g', 17)));
  }

  void badInputIsNamed() {
    QTemporaryDir dir;
    Result r = dmsim({"figures", "--out", dir.path(), "--only", "fig9"});
    QCOMPARE(r.code, 2);
    QVERIFY(r.err.contains("--only: unknown figure 'fig9'"));
    QVERIFY(r.err.contains("fig2a"));  // the known ones are listed
    r = dmsim({"figures", "--quick"});
    QCOMPARE(r.code, 2);
    QVERIFY(r.err.contains("--out DIR is required"));
    QFile file(dir.filePath("a-file"));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.close();
    r = dmsim({"figures", "--out", dir.filePath("a-file/figures")});
    QCOMPARE(r.code, 2);
    QVERIFY(r.err.contains("--out: cannot make the folder"));
    r = dmsim({"figures", "--out", dir.path(), "--jobs", "0"});
    QCOMPARE(r.code, 2);
    QVERIFY(r.err.contains("--jobs"));
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{"a-file"});  // nothing written
  }
};

DMS_TEST_GUILESS_MAIN(TestFigures)
}  // namespace tst_figures
#include "tst_figures.moc"
