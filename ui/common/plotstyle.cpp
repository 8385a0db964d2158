// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/common/plotstyle.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

#include "ui/common/palette.h"
#include "ui/common/timeunit.h"

namespace dms::ui {
namespace {

// the properties of a title element that fitTitle() keeps: the title whole, and the text it
// made of it
const char* const kWholeTitle = "dmsWholeTitle";
const char* const kFittedTitle = "dmsFittedTitle";

// an operator alone between spaces ("−" in "|E − E₀|", "×", "="): a formula's words stay on one
// line
bool isOperator(const QString& word) { return word.size() == 1 && !word[0].isLetterOrNumber(); }

// How long an axis is, in pixels, for the ticks of the replot being made. The ticks are made
// before the layout of the same replot, so the axis rect is the last layout's, made for the
// viewport of the last call: the rect grows or shrinks with the viewport since, the margins
// around it taken as they were (a resize replots once).
class AxisLength {
 public:
  explicit AxisLength(const QCPAxis* axis) : m_axis(axis) {}
  double measure() {
    const bool vertical = m_axis->orientation() == Qt::Vertical;
    const QRect rect = m_axis->axisRect()->rect();
    const QRect viewport = m_axis->parentPlot()->viewport();
    double length = vertical ? rect.height() : rect.width();
    if (m_lastViewport.isValid())
      length += vertical ? viewport.height() - m_lastViewport.height()
                         : viewport.width() - m_lastViewport.width();
    m_lastViewport = viewport;
    return length;
  }

 private:
  const QCPAxis* m_axis;
  QRect m_lastViewport;
};

// Qt's linear ticker, with as many ticks as the axis has room for and labels that say the ticks:
// - at a fixed precision ticks 0.9995, 1 and 1.0005 all read "1", and ticks a quarter apart
//   (-42.25, -42.5, -42.75) read -42.2, -42.5, -42.8: the digits grow until every label, read
//   back, is its tick;
// - Qt puts about five ticks on any axis, whose labels ("100000", "200000") run into each other
//   on a short one: the count drops until two neighbouring labels leave half a character
//   between them (a vertical axis: half a line).
class DistinctTicker : public QCPAxisTicker {
 public:
  explicit DistinctTicker(const QCPAxis* axis) : m_axis(axis), m_length(axis) {}

  /// Ticks at round numbers of `unit` seconds (a time axis in days), labelled in it.
  void setUnit(double unit) { m_unit = unit; }

  void generate(const QCPRange& range, const QLocale& locale, QChar formatChar, int precision,
                QVector<double>& ticks, QVector<double>* subTicks,
                QVector<QString>* labels) override {
    generateIn(QCPRange(range.lower / m_unit, range.upper / m_unit), locale, formatChar, precision,
               ticks, subTicks, labels);
    if (m_unit == 1.0) return;
    for (double& t : ticks) t *= m_unit;
    if (subTicks)
      for (double& t : *subTicks) t *= m_unit;
  }

 private:
  void generateIn(const QCPRange& range, const QLocale& locale, QChar formatChar, int precision,
                  QVector<double>& ticks, QVector<double>* subTicks, QVector<QString>* labels) {
    const double length = m_length.measure();
    for (int count = kTicks; count >= 2; --count) {
      setTickCount(count);
      QCPAxisTicker::generate(range, locale, formatChar, precision, ticks, subTicks, labels);
      if (!labels) return;
      // whole numbers below a million in full (1000, not 1e+03)
      double largest = 0.0;
      for (double t : ticks) largest = std::max(largest, std::abs(t));
      const int whole = largest >= 1.0 && largest < 1e6 ? int(std::log10(largest)) + 1 : 0;
      if (formatChar == QLatin1Char('g') && whole > precision)
        *labels = createLabelVector(ticks, locale, formatChar, whole);
      // 15 significant digits tell any two doubles apart that a tick step can separate
      for (int p = std::max(precision, whole) + 1; p <= 15 && !exact(ticks, *labels, locale); ++p)
        *labels = createLabelVector(ticks, locale, formatChar, p);
      if (length <= 0.0 || fits(range, ticks, *labels, length)) return;
    }
    // two ticks still too close (an axis a few labels long): a label on every other tick, every
    // third..., the rest of the ticks unlabelled
    const QVector<QString> all = *labels;
    for (int stride = 2; stride < all.size(); ++stride) {
      for (int i = 0; i < all.size(); ++i) (*labels)[i] = i % stride == 0 ? all[i] : QString();
      if (fits(range, ticks, *labels, length)) return;
    }
  }

  static constexpr int kTicks = 5;

  static bool exact(const QVector<double>& ticks, const QVector<QString>& labels,
                    const QLocale& locale) {
    const double step = ticks.size() > 1 ? std::abs(ticks[1] - ticks[0]) : 0.0;
    for (int i = 0; i < ticks.size() && i < labels.size(); ++i) {
      bool ok = false;
      const double read = locale.toDouble(labels[i], &ok);
      if (!ok || std::abs(read - ticks[i]) > 1e-9 * std::max(step, std::abs(ticks[i])))
        return false;
      if (i > 0 && labels[i] == labels[i - 1]) return false;
    }
    return true;
  }

  // whether every two neighbouring labels leave room between them
  bool fits(const QCPRange& range, const QVector<double>& ticks, const QVector<QString>& labels,
            double length) const {
    if (range.size() <= 0.0) return true;
    const QFontMetricsF fm(m_axis->tickLabelFont());
    const bool vertical = m_axis->orientation() == Qt::Vertical;
    int last = -1;
    for (int i = 0; i < ticks.size() && i < labels.size(); ++i) {
      if (labels[i].isEmpty()) continue;
      if (last >= 0) {
        const double apart = length * std::abs(ticks[i] - ticks[last]) / range.size();
        const double need =
            vertical ? 1.5 * fm.height()
                     : (fm.horizontalAdvance(labels[i]) + fm.horizontalAdvance(labels[last])) / 2 +
                           fm.horizontalAdvance(QLatin1Char('0'));
        if (apart < need) return false;
      }
      last = i;
    }
    return true;
  }

  const QCPAxis* m_axis;
  AxisLength m_length;
  double m_unit = 1.0;
};

// Qt's log ticker, with decades labelled as far apart as a label needs: its fixed count of
// five put seven labels of 10 to a power on a structure error's 14 decades in a plot a hundred
// pixels tall, each touching the next. The step is the smallest of a few round numbers of
// decades that leaves a fifth of a label between two labels (a label: "10" and its raised
// exponent, a line and a half, or five characters wide), and the labelled powers are its
// multiples (10^-15, 10^-10, 10^-5); at least two are labelled. A range narrower than two
// decades is left to Qt's ticker.
class SpacedLogTicker : public QCPAxisTickerLog {
 public:
  explicit SpacedLogTicker(const QCPAxis* axis) : m_axis(axis), m_axisLength(axis) {}

  void generate(const QCPRange& range, const QLocale& locale, QChar formatChar, int precision,
                QVector<double>& ticks, QVector<double>* subTicks,
                QVector<QString>* labels) override {
    measure();
    QCPAxisTickerLog::generate(range, locale, formatChar, precision, ticks, subTicks, labels);
  }

 protected:
  QVector<double> createTickVector(double tickStep, const QCPRange& range) override {
    if (!(range.lower > 0.0 && range.upper > range.lower) || m_length <= 0.0)
      return QCPAxisTickerLog::createTickVector(tickStep, range);
    const double lo = std::log10(range.lower), hi = std::log10(range.upper);
    if (hi - lo < 2.0) return QCPAxisTickerLog::createTickVector(tickStep, range);
    const double perDecade = m_length / (hi - lo);
    static constexpr int kSteps[] = {1, 2, 3, 4, 5, 10, 20, 50, 100};
    // the first step with room; where none has, the sparsest that still labels two powers
    // (every decade labels at least two: the range spans two)
    QVector<double> ticks;
    for (int step : kSteps) {
      const QVector<double> t = powersEvery(step, lo, hi);
      if (t.size() < 2) break;
      ticks = t;
      if (step * perDecade >= 1.2 * m_label) break;
    }
    return ticks;
  }

 private:
  void measure() {
    const QFontMetricsF fm(m_axis->tickLabelFont());
    const bool vertical = m_axis->orientation() == Qt::Vertical;
    m_label = vertical ? 1.5 * fm.height() : fm.horizontalAdvance(QStringLiteral("10-10"));
    m_length = m_axisLength.measure();
  }

  static QVector<double> powersEvery(int step, double lo, double hi) {
    QVector<double> ticks;
    for (int e = int(std::ceil(lo / step)) * step; e <= hi; e += step)
      ticks.push_back(std::pow(10.0, e));
    return ticks;
  }

  const QCPAxis* m_axis;
  AxisLength m_axisLength;
  double m_label = 0.0, m_length = 0.0;
};

const char* const kBaseFont = "dmsBaseFont";
const char* const kBaseTickFont = "dmsBaseTickFont";
const char* const kBaseWidth = "dmsBaseWidth";

// `set` gets the font `object` had before it was first scaled, times `scale`; the original is
// kept in a property of the object, and scale 1 forgets it
template <typename Get, typename Set>
bool scaleFont(QObject* object, double scale, Get get, Set set, const char* key = kBaseFont) {
  QVariant base = object->property(key);
  if (!base.isValid()) {
    if (scale == 1.0) return false;
    base = get();
    object->setProperty(key, base);
  }
  QFont f = base.value<QFont>();
  f.setPointSizeF(f.pointSizeF() * scale);
  const bool changed = get() != f;
  if (changed) set(f);
  if (scale == 1.0) object->setProperty(key, QVariant());
  return changed;
}

bool scaleWidth(QCPAbstractPlottable* p, double scale) {
  QVariant base = p->property(kBaseWidth);
  if (!base.isValid()) {
    if (scale == 1.0) return false;
    base = p->pen().widthF();
    p->setProperty(kBaseWidth, base);
  }
  QPen pen = p->pen();
  const double w = base.toDouble();
  pen.setWidthF(scale == 1.0 ? w : std::max(1.0, w) * scale);
  const bool changed = pen != p->pen();
  if (changed) p->setPen(pen);
  if (scale == 1.0) p->setProperty(kBaseWidth, QVariant());
  return changed;
}

void fitAxis(QCPAxis* a, bool margin) {
  const bool log = a->scaleType() == QCPAxis::stLogarithmic;
  // QCPAxis::rescale looks for data in the sign domain of the range shown: a log axis that
  // last showed negative values would find no positive data and keep its old range
  a->setRange(log ? QCPRange(1.0, 10.0) : QCPRange(0.0, 1.0));
  a->rescale(true);
  QCPRange r = a->range();
  if (!(r.upper > r.lower)) {  // one value, or none: a range around it
    const double v = r.lower;
    r = log ? QCPRange(v / 10.0, v * 10.0)
            : QCPRange(v - std::max(1e-12, 0.05 * std::abs(v)),
                       v + std::max(1e-12, 0.05 * std::abs(v)));
  }
  if (margin)
    r = log ? QCPRange(r.lower / 1.5, r.upper * 1.5)
            : QCPRange(r.lower - 0.04 * r.size(), r.upper + 0.04 * r.size());
  a->setRange(r);
}

}  // namespace

void PlotStyle::apply(QCustomPlot* p, const QString& title, const QString& xLabel,
                      const QString& yLabel) {
  p->setMinimumSize(200, 160);  // three side by side in a 1024 x 640 window
  p->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
  p->setNoAntialiasingOnDrag(true);
  p->xAxis->setLabel(xLabel);
  p->yAxis->setLabel(yLabel);
  // title, then the legend in one row, then the axes: the legend never covers a curve
  p->legend->setVisible(true);
  p->legend->setBorderPen(Qt::NoPen);
  p->legend->setBrush(Qt::NoBrush);
  p->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
  p->legend->setColumnSpacing(16);
  p->axisRect()->insetLayout()->take(p->legend);
  // a maximum width of its own: an empty legend's (before a run) is its margins', and the one
  // column of the layout would take it, leaving the axes 50 pixels wide
  p->legend->setMaximumSize(1 << 20, QWIDGETSIZE_MAX);
  p->plotLayout()->insertRow(0);
  p->plotLayout()->addElement(
      0, 0, new QCPTextElement(p, title, QFont(p->font().family(), 10, QFont::Bold)));
  p->plotLayout()->insertRow(1);
  p->plotLayout()->addElement(1, 0, p->legend);
  p->plotLayout()->setRowStretchFactor(1, 0.001);
  p->plotLayout()->setRowSpacing(0);
  for (QCPAxis* a : {p->xAxis, p->yAxis}) {
    a->setTicker(QSharedPointer<QCPAxisTicker>(new DistinctTicker(a)));
    a->grid()->setSubGridVisible(false);
    a->grid()->setPen(QPen(gridColor(), 0, Qt::DotLine));
  }
}

QCPTextElement* PlotStyle::title(QCustomPlot* p) {
  return static_cast<QCPTextElement*>(p->plotLayout()->element(0, 0));
}

void PlotStyle::setLogAxis(QCPAxis* a, bool log) {
  if (log) {
    a->setScaleType(QCPAxis::stLogarithmic);
    QSharedPointer<QCPAxisTickerLog> ticker(new SpacedLogTicker(a));
    ticker->setSubTickCount(0);
    a->setTicker(ticker);
    a->setNumberFormat("eb");
    a->setNumberPrecision(0);
  } else {
    a->setScaleType(QCPAxis::stLinear);
    a->setTicker(QSharedPointer<QCPAxisTicker>(new DistinctTicker(a)));
    a->setNumberFormat("gb");
    a->setNumberPrecision(3);
  }
}

void PlotStyle::setTimeAxis(QCPAxis* a, const TimeUnit& unit) {
  if (auto* ticker = dynamic_cast<DistinctTicker*>(a->ticker().data()))
    ticker->setUnit(unit.seconds);
  a->setLabel(QStringLiteral("t [%1]").arg(unit.symbol));
}

bool PlotStyle::fitLegend(QCustomPlot* p, int most) {
  QCPLegend* legend = p->legend;
  // inside the axes (a one-column figure, FigureLayout) its columns are the figure's
  if (legend->layout() != p->plotLayout()) return false;
  int widest = 0, entries = 0;
  for (int k = 0; k < legend->elementCount(); ++k)
    if (QCPLayoutElement* e = legend->elementAt(k)) {
      widest = std::max(widest, e->minimumOuterSizeHint().width());
      ++entries;
    }
  if (entries == 0) return false;
  const QMargins m = legend->margins();
  const int room = p->viewport().width() - m.left() - m.right() + legend->columnSpacing();
  const int wrap = std::clamp(room / std::max(1, widest + legend->columnSpacing()), 1,
                              std::max(1, std::min(most, entries)));
  if (legend->wrap() == wrap) return false;
  legend->setWrap(wrap);
  // the entries there are take the new wrap only when rearranged
  legend->setFillOrder(legend->fillOrder(), true);
  return true;
}

bool PlotStyle::fitTitle(QCustomPlot* p) {
  QCPTextElement* t = title(p);
  // the text last fitted stands for the title it was fitted from; any other text is a new title
  QString whole = t->text();
  if (whole == t->property(kFittedTitle).toString()) whole = t->property(kWholeTitle).toString();
  // its words, a parenthesis and a formula one word each ("(body frame)", "|1 − qᵀq|" are not
  // split across lines)
  QStringList words;
  bool glue = false;  // the word before was an operator
  for (const QString& word : whole.split(' ', Qt::SkipEmptyParts)) {
    const bool open =
        !words.isEmpty() && words.back().startsWith('(') && !words.back().endsWith(')');
    if (!words.isEmpty() && (open || glue || isOperator(word)))
      words.back() += ' ' + word;
    else
      words << word;
    glue = isOperator(word);
  }
  // as many words a line as the plot's width holds in the title's font; a parenthesis or a
  // formula wider than the plot is split into its words after all (a narrow plot at 1024x768)
  const QFontMetrics metrics(t->font());
  const int room = p->viewport().width() - t->margins().left() - t->margins().right();
  QStringList pieces;
  for (const QString& word : std::as_const(words)) {
    if (metrics.horizontalAdvance(word) > room && word.contains(' '))
      pieces << word.split(' ', Qt::SkipEmptyParts);
    else
      pieces << word;
  }
  QStringList lines;
  for (const QString& word : std::as_const(pieces)) {
    if (!lines.isEmpty() && metrics.horizontalAdvance(lines.back() + ' ' + word) <= room)
      lines.back() += ' ' + word;
    else
      lines << word;
  }
  const QString fitted = lines.join('\n');
  t->setProperty(kWholeTitle, whole);
  t->setProperty(kFittedTitle, fitted);
  if (fitted == t->text()) return false;
  t->setText(fitted);
  return true;
}

void PlotStyle::fitAxes(QCustomPlot* p) {
  fitAxis(p->xAxis, p->xAxis->scaleType() == QCPAxis::stLogarithmic);
  fitAxis(p->yAxis, true);
}

bool PlotStyle::setScale(QCustomPlot* p, double fontScale, double lineScale) {
  bool changed = false;
  const auto font = [&changed, fontScale](QObject* o, auto get, auto set,
                                          const char* key = kBaseFont) {
    changed = scaleFont(o, fontScale, get, set, key) || changed;
  };
  for (QCPAxis* a : {p->xAxis, p->yAxis}) {
    font(
        a, [a] { return a->labelFont(); }, [a](const QFont& f) { a->setLabelFont(f); });
    font(
        a, [a] { return a->tickLabelFont(); }, [a](const QFont& f) { a->setTickLabelFont(f); },
        kBaseTickFont);
  }
  font(
      p->legend, [p] { return p->legend->font(); }, [p](const QFont& f) { p->legend->setFont(f); });
  for (int i = 0; i < p->plotLayout()->elementCount(); ++i) {
    if (auto* text = qobject_cast<QCPTextElement*>(p->plotLayout()->elementAt(i)))
      font(
          text, [text] { return text->font(); }, [text](const QFont& f) { text->setFont(f); });
  }
  for (int i = 0; i < p->itemCount(); ++i) {
    if (auto* note = qobject_cast<QCPItemText*>(p->item(i)))
      font(
          note, [note] { return note->font(); }, [note](const QFont& f) { note->setFont(f); });
  }
  for (int i = 0; i < p->plottableCount(); ++i)
    changed = scaleWidth(p->plottable(i), lineScale) || changed;
  return changed;
}

QCPItemLine* PlotStyle::addCursor(QCustomPlot* p) {
  if (!p->layer("cursor")) {
    p->addLayer("cursor", p->layer("main"), QCustomPlot::limAbove);
    p->layer("cursor")->setMode(QCPLayer::lmBuffered);
  }
  auto* cursor = new QCPItemLine(p);
  cursor->setLayer("cursor");
  for (QCPItemPosition* pos : {cursor->start, cursor->end}) {
    pos->setTypeX(QCPItemPosition::ptPlotCoords);
    pos->setTypeY(QCPItemPosition::ptAxisRectRatio);
  }
  cursor->setPen(QPen(cursorColor(), 1.2, Qt::DashLine));
  cursor->setClipToAxisRect(true);
  return cursor;
}

void PlotStyle::setCursor(QCPItemLine* cursor, double t) {
  if (cursor->start->coords().x() == t) return;
  cursor->start->setCoords(t, 0.0);
  cursor->end->setCoords(t, 1.0);
  cursor->layer()->replot();
}

QCPItemText* PlotStyle::addNote(QCustomPlot* p, double x, double y, int pointSize,
                                const QString& text) {
  auto* note = new QCPItemText(p);
  note->position->setType(QCPItemPosition::ptAxisRectRatio);
  note->position->setCoords(x, y);
  note->setColor(mutedTextColor());
  note->setFont(QFont(p->font().family(), pointSize));
  note->setText(text);
  return note;
}

}  // namespace dms::ui
