// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// How a plot lays out its text, without a window: a linear axis's tick labels say the ticks'
// spacing (no 0.25 read as 0.2 and 0.3), and a short axis has as
// many ticks as leave their labels apart.
#include <qcustomplot.h>

#include <QtTest>
#include <cmath>

#include "tests/common/suitemain.h"
#include "ui/common/plotstyle.h"

namespace tst_plotlayout {

using namespace dms;
using namespace dms::ui;

class TestPlotLayout : public QObject {
  Q_OBJECT
 private slots:
  // a range of 0.8 with a tick every 0.25 (or 0.2): each label, read back, is its tick
  void tickLabelsShowTheSpacing() {
    QCustomPlot p;
    PlotStyle::apply(&p, "energy", "t [s]", "E [J]");
    PlotStyle::setLogAxis(p.yAxis, false);  // as a figure's linear axis
    for (const auto& [lo, hi] :
         {std::pair{-42.9, -42.1}, {-43.1, -41.9}, {0.9991, 1.0009}, {-3.3, 7.7}})
      for (int height = 160; height <= 640; height += 40) {
        p.resize(400, height);
        p.yAxis->setRange(lo, hi);
        p.replot();
        const QVector<double> ticks = p.yAxis->tickVector();
        const QVector<QString> labels = p.yAxis->tickVectorLabels();
        QVERIFY(ticks.size() >= 3);
        const double step = ticks[1] - ticks[0];
        for (int i = 0; i < ticks.size(); ++i) {
          bool ok = false;
          const double read = QLocale().toDouble(labels[i], &ok);
          QVERIFY2(
              ok && std::abs(read - ticks[i]) < 1e-6 * step,
              qPrintable(QString("%1 for %2 (step %3)").arg(labels[i]).arg(ticks[i]).arg(step)));
        }
      }
  }

  // a week in seconds on a plot a third of a 1024-pixel window wide: as many ticks as leave
  // their labels apart ("100000" and "200000" never run into "100000200000")
  void shortAxisLabelsApart() {
    QCustomPlot p;
    PlotStyle::apply(&p, "energy", "t [s]", "E [J]");
    PlotStyle::setLogAxis(p.xAxis, false);
    p.xAxis->setRange(0.0, 604800.0);
    for (int width : {200, 260, 320, 640}) {
      p.resize(width, 200);
      p.replot();
      p.replot();  // the ticks are made for the axes the last layout left
      const QFontMetricsF fm(p.xAxis->tickLabelFont());
      const QVector<double> ticks = p.xAxis->tickVector();
      const QVector<QString> labels = p.xAxis->tickVectorLabels();
      QVERIFY(ticks.size() >= 2);
      // the labelled ticks, each with the next labelled one
      QVector<int> shown;
      for (int i = 0; i < labels.size(); ++i)
        if (!labels[i].isEmpty()) shown << i;
      QVERIFY(shown.size() >= 2);
      for (int k = 1; k < shown.size(); ++k) {
        const int i = shown[k], j = shown[k - 1];
        const double gap = p.xAxis->coordToPixel(ticks[i]) - p.xAxis->coordToPixel(ticks[j]);
        const double need = (fm.horizontalAdvance(labels[i]) + fm.horizontalAdvance(labels[j])) / 2;
        QVERIFY2(gap > need, qPrintable(QString("%1 and %2 at %3 px apart, %4 px wide (plot %5 px)")
                                            .arg(labels[j], labels[i])
                                            .arg(gap)
                                            .arg(need)
                                            .arg(width)));
      }
    }
  }
};

DMS_TEST_MAIN(TestPlotLayout)
}  // namespace tst_plotlayout
#include "tst_plotlayout.moc"
