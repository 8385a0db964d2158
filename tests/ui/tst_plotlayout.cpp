// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// How a plot lays out its text, without a window: a linear axis's tick labels say the ticks'
// spacing (no 0.25 read as 0.2 and 0.3), and a short axis has as many ticks as leave their
// labels apart; a week's time axis reads in days; a figure's text is typeset; a video frame
// holds the scene and the plots alone; a narrow number box shows the digits that fit; a figure
// exported for a paper, at one column (8 x 5 cm, 8 pt) and at two (17 x 8 cm, 9 pt), keeps its
// title, legend, tick labels and caption whole and inside the page, and leaves the axes 30 % of the
// page's height.
#include <qcustomplot.h>

#include <QLineEdit>
#include <QPainter>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>

#include "tests/common/suitemain.h"
#include "ui/common/exporter.h"
#include "ui/common/figure.h"
#include "ui/common/numberspinbox.h"
#include "ui/common/plotstyle.h"
#include "ui/common/timeunit.h"
#include "ui/mode/mode.h"

namespace tst_plotlayout {

using namespace dms;
using namespace dms::ui;

// one plot and a caption: all File > Export needs (the export role alone, without a mode)
class OnePlotMode : public ExportsPlots {
 public:
  explicit OnePlotMode(QCustomPlot* plot, QString caption)
      : m_plot(plot), m_caption(std::move(caption)) {}
  std::vector<ExportPlot> exportPlots() const override { return {{"figure", m_plot}}; }
  void exportCsv(const QString&, const WriteDone&) override {}
  QString figureCaption() const override { return m_caption; }

 private:
  QCustomPlot* m_plot;
  QString m_caption;
};

// what one layout of an export placed, read in afterLayout
struct Placed {
  QRect page, axes;
  QList<QPair<QString, bool>> texts;  // each text row: its text, whether it has the room it needs
  QList<QRectF> xLabels, yLabels;     // the tick labels' boxes
  bool laidOut = false;
};

QList<QRectF> tickBoxes(QCPAxis* a) {
  QList<QRectF> boxes;
  const QFontMetricsF fm(a->tickLabelFont());
  const QVector<double> ticks = a->tickVector();
  const QVector<QString> labels = a->tickVectorLabels();
  for (int i = 0; i < ticks.size() && i < labels.size(); ++i) {
    if (!a->range().contains(ticks[i])) continue;
    const double at = a->coordToPixel(ticks[i]);
    const QRectF r = fm.boundingRect(labels[i]);
    boxes << (a->orientation() == Qt::Horizontal
                  ? QRectF(at - r.width() / 2, a->axisRect()->bottom() + 4, r.width(), r.height())
                  : QRectF(a->axisRect()->left() - 4 - r.width(), at - r.height() / 2, r.width(),
                           r.height()));
  }
  return boxes;
}

bool apart(const QList<QRectF>& boxes) {
  for (int i = 1; i < boxes.size(); ++i)
    if (boxes[i].intersects(boxes[i - 1])) return false;
  return true;
}

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

  // a week's horizon reads in days: the unit, the axis's label, ticks at whole days labelled
  // in days, a time in days with two decimals; a pendulum's minute stays in seconds
  void weekInDays() {
    QCOMPARE(timeUnitFor(100.0).symbol, QString("s"));
    QCOMPARE(timeUnitFor(3600.0).symbol, QString("min"));
    QCOMPARE(timeUnitFor(86400.0).symbol, QString("h"));
    const TimeUnit week = timeUnitFor(7 * 86400.0);
    QCOMPARE(week.symbol, QString("d"));
    QCOMPARE(timeText(300000.0, week), QString("3.47 d"));
    QCustomPlot p;
    PlotStyle::apply(&p, "energy", "t [s]", "E [J]");
    PlotStyle::setLogAxis(p.xAxis, false);
    PlotStyle::setTimeAxis(p.xAxis, week);
    QCOMPARE(p.xAxis->label(), QString("t [d]"));
    p.xAxis->setRange(0.0, 7 * 86400.0);
    p.resize(400, 240);
    p.replot();
    const QVector<double> ticks = p.xAxis->tickVector();
    const QVector<QString> labels = p.xAxis->tickVectorLabels();
    QVERIFY(ticks.size() >= 3);
    for (int i = 0; i < ticks.size(); ++i) {
      QCOMPARE(std::fmod(ticks[i], 86400.0), 0.0);
      if (!labels[i].isEmpty()) QCOMPARE(labels[i], QString::number(ticks[i] / 86400.0));
    }
  }

  // a figure's text in the app's one notation: the core's plain names typeset (qᵀq, θ, S²)
  void figureTextTypeset() {
    QCustomPlot p;
    PlotStyle::apply(&p, {}, {}, {});
    Figure f;
    f.title = "structure error |1 - q^T q| on S^2";
    f.x = {"theta", "rad"};
    f.y = {"|L - L0|", "kg m^2/s"};
    Series s;
    s.name = "||I - R^T R||";
    s.x = {0.0, 1.0};
    s.y = {1.0, 2.0};
    f.series.push_back(s);
    f.caption = "theta0 = 0.5 rad, omega0 = 0 rad/s";
    drawFigure(&p, f, true);
    QCOMPARE(PlotStyle::title(&p)->text(), QString("structure error |1 − qᵀq| on S²"));
    QCOMPARE(p.xAxis->label(), QString("θ [rad]"));
    QCOMPARE(p.yAxis->label(), QString("|L − L0| [kg m²/s]"));
    QCOMPARE(p.graph(0)->name(), QString("‖I − RᵀR‖"));
    bool captioned = false;
    for (int i = 0; i < p.plotLayout()->elementCount(); ++i)
      if (auto* t = qobject_cast<QCPTextElement*>(p.plotLayout()->elementAt(i)))
        captioned = captioned || t->text() == QString("θ0 = 0.5 rad, ω0 = 0 rad/s");
    QVERIFY(captioned);
  }

  // a video frame of the scene and the plots: the scene's picture whole across the top three
  // fifths, its sides in its own background (no window grey), the plots under it to the edges
  void videoFrameSceneAndPlots() {
    QImage scene(400, 250, QImage::Format_RGB32);
    const QColor background(0xee, 0xf0, 0xf4), body(0x00, 0x72, 0xb2);
    scene.fill(background);
    QPainter(&scene).fillRect(QRect(150, 75, 100, 100), body);
    QCustomPlot a, b;
    for (QCustomPlot* p : {&a, &b}) PlotStyle::apply(p, "energy", "t [s]", "E [J]");
    const QSize size(640, 360);
    const int band = sceneBandHeight(size, true);
    QCOMPARE(band, 216);
    const QImage row = plotRow({&a, &b}, QSize(size.width(), size.height() - band));
    const QImage frame = sceneAndPlots(scene, row, size);
    QCOMPARE(frame.size(), size);
    // the band's corners in the scene's background, its middle the scene's body
    for (const QPoint at :
         {QPoint(0, 0), QPoint(639, 0), QPoint(0, band - 1), QPoint(639, band - 1)})
      QCOMPARE(frame.pixelColor(at), background);
    QCOMPARE(frame.pixelColor(320, band / 2), body);
    // the plots fill the rest: their white background at both lower corners, their titles' ink
    QCOMPARE(frame.pixelColor(0, 359), QColor(Qt::white));
    QCOMPARE(frame.pixelColor(639, 359), QColor(Qt::white));
    int ink = 0;
    for (int y = band; y < band + 30; ++y)
      for (int x = 0; x < size.width(); ++x) ink += frame.pixelColor(x, y).lightness() < 100;
    QVERIFY2(ink > 50, qPrintable(QString::number(ink)));
  }

  // a number box as narrow as the panel's (the heavy top's h = 2^-13 s) shows the digits that
  // fit, and keeps every digit of the value
  void narrowNumberFits() {
    NumberSpinBox box;
    box.setRange(0.0, 1.0);
    const double h = std::ldexp(1.0, -13);
    box.setValue(h);
    box.resize(104, box.sizeHint().height());
    box.show();
    QVERIFY(QTest::qWaitForWindowExposed(&box));
    const QLineEdit* edit = box.findChild<QLineEdit*>();
    QVERIFY(edit);
    QVERIFY2(edit->fontMetrics().horizontalAdvance(edit->text()) <= edit->contentsRect().width(),
             qPrintable(edit->text()));
    QVERIFY(edit->text().startsWith("0.000122"));
    QCOMPARE(box.value(), h);
    QCOMPARE(box.valueFromText(edit->text()), h);
  }

  void paperFigure_data() {
    QTest::addColumn<QSizeF>("cm");
    QTest::addColumn<double>("pt");
    QTest::newRow("one column, 8 x 5 cm, 8 pt") << QSizeF(8.0, 5.0) << 8.0;
    QTest::newRow("one column, 9 x 6 cm, 7 pt") << QSizeF(9.0, 6.0) << 7.0;
    QTest::newRow("one column, 8.5 x 5.5 cm, 9 pt") << QSizeF(8.5, 5.5) << 9.0;
    QTest::newRow("two columns, 17 x 8 cm, 9 pt") << QSizeF(17.0, 8.0) << 9.0;
  }

  // File > Export plots at a print size: every text row (title, caption) and
  // the legend whole and on the page, the tick labels apart and on it, and the
  // axes at least 30 % of the page's height (a one-column page also holds a
  // title and a caption of two to four lines each) and 60 % of its width
  void paperFigure() {
    QFETCH(QSizeF, cm);
    QFETCH(double, pt);
    QCustomPlot plot;
    plot.resize(640, 420);
    PlotStyle::apply(&plot, {}, {}, {});
    Figure f;
    f.title = "Equal cost: total energy of the variational method against RK45";
    f.x = {"t", "s"};
    f.y = {"total energy E", "J"};
    for (int k = 0; k < 3; ++k) {
      Series s;
      s.name = std::array{"RK45 (ode45)", "variational, matched h",
                          "variational, the article's h"}[std::size_t(k)];
      s.color = std::array<Rgb, 3>{0xd55e00, 0x0072b2, 0x0072b2}[std::size_t(k)];
      for (int i = 0; i <= 200; ++i) {
        s.x.push_back(5.0 * i);
        s.y.push_back(-42.1 - 0.004 * i * (k == 0) - 0.1 * std::sin(0.3 * i + k));
      }
      f.series.push_back(s);
    }
    drawFigure(&plot, f, false);
    OnePlotMode mode(&plot,
                     "Planar pendulum on SO(2): m = 1 kg, l = 1 m, g = 9.81 m/s², "
                     "theta0 = 0.5 rad, omega0 = 0 rad/s; h = 0.18423 s, T = 1000 s; "
                     "variational against RK45 (ode45) at RelTol = 1e-3, AbsTol = 1e-6");
    Placed placed;
    QObject::connect(&plot, &QCustomPlot::afterLayout, &plot, [&] {
      if (plot.viewport().size() == plot.size()) return;  // the window's own layout
      placed = {};
      placed.laidOut = true;
      placed.page = plot.viewport();
      placed.axes = plot.axisRect()->rect();
      const auto room = [&](QCPLayoutElement* e) {
        const QSize need = e->minimumOuterSizeHint();
        const QRect got = e->outerRect();
        return got.width() >= need.width() && got.height() >= need.height() &&
               placed.page.contains(got);
      };
      for (int i = 0; i < plot.plotLayout()->elementCount(); ++i)
        if (auto* text = qobject_cast<QCPTextElement*>(plot.plotLayout()->elementAt(i)))
          placed.texts << qMakePair(text->text(), room(text));
      // above the axes or inside them
      placed.texts << qMakePair(QStringLiteral("(the legend)"), room(plot.legend));
      if (plot.legend->layout() != plot.plotLayout())  // inside the axes: wholly
        placed.texts << qMakePair(QStringLiteral("(the legend in the axes)"),
                                  placed.axes.contains(plot.legend->outerRect()));
      placed.xLabels = tickBoxes(plot.xAxis);
      placed.yLabels = tickBoxes(plot.yAxis);
    });
    FigureOptions o;
    o.printCm = cm;
    o.textPt = pt;
    o.caption = true;
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    if (qEnvironmentVariableIsSet("DMS_KEEP_FIGURES")) dir.setAutoRemove(false);
    QString error;
    QVERIFY2(
        mode.writePlots(dir.path(), 0, {ImageFormat::Png, ImageFormat::Pdf}, {}, &error, {}, o),
        qPrintable(error));
    qInfo("%s", qPrintable(dir.path()));
    QVERIFY(placed.laidOut);
    QVERIFY(placed.texts.size() >= 3);  // the title, the caption, the legend
    QStringList cut;
    for (const auto& [text, room] : placed.texts)
      if (!room) cut << text;
    QVERIFY2(cut.isEmpty(), qPrintable("cut: " + cut.join(" | ")));
    QVERIFY2(apart(placed.xLabels), "the x axis's tick labels overlap");
    QVERIFY2(apart(placed.yLabels), "the y axis's tick labels overlap");
    QVERIFY(placed.xLabels.size() >= 3 && placed.yLabels.size() >= 3);
    for (const QList<QRectF>& boxes : {placed.xLabels, placed.yLabels})
      for (const QRectF& b : boxes)
        QVERIFY2(QRectF(placed.page).contains(b), "a tick label off the page");
    QVERIFY2(placed.axes.height() >= 0.3 * placed.page.height(),
             qPrintable(
                 QString("axes %1 px of %2").arg(placed.axes.height()).arg(placed.page.height())));
    QVERIFY(placed.axes.width() >= 0.6 * placed.page.width());
  }
};

DMS_TEST_MAIN(TestPlotLayout)
}  // namespace tst_plotlayout
#include "tst_plotlayout.moc"
