#include "ui/analysis/analysisplots.h"

#include <qcustomplot.h>

#include <QFontMetricsF>
#include <QHBoxLayout>
#include <QToolTip>
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <map>

#include "core/sim/registry.h"
#include "ui/common/methodlook.h"
#include "ui/common/palette.h"
#include "ui/common/plotstyle.h"

namespace dms::ui {

namespace {

QString g(double v, int digits = 3) { return QString::number(v, 'g', digits); }

QString errorName(SweepError e) {
  switch (e) {
    case SweepError::Global:
      return AnalysisPlots::tr("global error at T");
    case SweepError::Energy:
      return AnalysisPlots::tr("max |E - E₀|");
    case SweepError::Structure:
      return AnalysisPlots::tr("max structure error");
    case SweepError::Momentum:
      return AnalysisPlots::tr("max |L - L₀|");
  }
  return {};
}

// The slope triangles' geometry, in pixels. A shape is a convex polygon (a triangle or a
// label's box); the placement keeps every shape a margin away from the points, the lines between
// them and the notes.
using Shape = std::vector<QPointF>;

// the triangles' size: the horizontal leg a fraction of the plot's width, the vertical one at
// most this fraction of its height
constexpr double kRunFraction = 0.14;
constexpr double kMaxRiseFraction = 0.4;
// clearances: a triangle from points and lines, a label from them; a point's marker radius
constexpr double kTriangleClearance = 8.0;
constexpr double kLabelClearance = 3.0;
constexpr double kMarkerRadius = 3.5;
// a place with less room than this from the other curves is crowded, and scores this many
// pixels of distance from its own curves worse
constexpr double kRoomy = 14.0;
constexpr double kCrowded = 60.0;
// the candidate positions' spacing
constexpr double kGridStep = 4.0;
// the sizes tried, as fractions of the full size, and what a smaller one costs in the score
// (pixels of distance from its curves): where the full size finds no room near them
constexpr std::pair<double, double> kSizes[] = {{1.0, 0.0}, {0.7, 20.0}, {0.5, 40.0}};

double cross(const QPointF& a, const QPointF& b) { return a.x() * b.y() - a.y() * b.x(); }

double pointSegment(const QPointF& p, const QPointF& a, const QPointF& b) {
  const QPointF d = b - a;
  const double l2 = QPointF::dotProduct(d, d);
  const double t = l2 > 0.0 ? std::clamp(QPointF::dotProduct(p - a, d) / l2, 0.0, 1.0) : 0.0;
  const QPointF q = a + t * d - p;
  return std::hypot(q.x(), q.y());
}

bool segmentsCross(const QPointF& a, const QPointF& b, const QPointF& c, const QPointF& d) {
  const double d1 = cross(b - a, c - a), d2 = cross(b - a, d - a);
  const double d3 = cross(d - c, a - c), d4 = cross(d - c, b - c);
  return ((d1 > 0) != (d2 > 0)) && ((d3 > 0) != (d4 > 0));
}

double segmentSegment(const QPointF& a, const QPointF& b, const QPointF& c, const QPointF& d) {
  if (segmentsCross(a, b, c, d)) return 0.0;
  return std::min(
      {pointSegment(a, c, d), pointSegment(b, c, d), pointSegment(c, a, b), pointSegment(d, a, b)});
}

bool inside(const Shape& s, const QPointF& p) {
  bool positive = false, negative = false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const double c = cross(s[(i + 1) % s.size()] - s[i], p - s[i]);
    positive = positive || c > 0;
    negative = negative || c < 0;
  }
  return !(positive && negative);
}

double shapePoint(const Shape& s, const QPointF& p) {
  if (inside(s, p)) return 0.0;
  double d = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < s.size(); ++i)
    d = std::min(d, pointSegment(p, s[i], s[(i + 1) % s.size()]));
  return d;
}

double shapeSegment(const Shape& s, const QPointF& a, const QPointF& b) {
  if (inside(s, a) || inside(s, b)) return 0.0;
  double d = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < s.size(); ++i)
    d = std::min(d, segmentSegment(a, b, s[i], s[(i + 1) % s.size()]));
  return d;
}

double shapeShape(const Shape& s, const Shape& t) {
  double d = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < t.size(); ++i)
    d = std::min(d, shapeSegment(s, t[i], t[(i + 1) % t.size()]));
  return inside(t, s.front()) ? 0.0 : d;
}

Shape boxShape(const QRectF& r) {
  return {r.topLeft(), r.topRight(), r.bottomRight(), r.bottomLeft()};
}

// y of a polyline (sorted by x) at x, its end segments extended beyond its ends
double polylineAt(const std::vector<QPointF>& line, double x) {
  if (line.size() == 1) return line.front().y();
  std::size_t i = 1;
  while (i + 1 < line.size() && line[i].x() < x) ++i;
  const QPointF& a = line[i - 1];
  const QPointF& b = line[i];
  if (b.x() == a.x()) return b.y();
  return a.y() + (x - a.x()) * (b.y() - a.y()) / (b.x() - a.x());
}

}  // namespace

std::optional<double> sweepError(const SweepRun& run, SweepError e) {
  if (run.status != RunStatus::Ok) return std::nullopt;
  std::optional<double> v;
  switch (e) {
    case SweepError::Global:
      if (run.error) v = run.error->norm();
      break;
    case SweepError::Energy:
      v = run.energyMaxDev;
      break;
    case SweepError::Structure:
      v = run.structureMaxErr;
      break;
    case SweepError::Momentum:
      v = run.momentumMaxDev;
      break;
  }
  if (v && !(*v > 0 && std::isfinite(*v))) return std::nullopt;  // not on a log axis
  return v;
}

AnalysisPlots::AnalysisPlots(QWidget* parent) : QWidget(parent) {
  auto* row = new QHBoxLayout(this);
  row->setContentsMargins(0, 0, 0, 0);
  row->setSpacing(2);
  m_work = new QCustomPlot(this);
  m_convergence = new QCustomPlot(this);
  int index = 0;
  for (QCustomPlot* p : {m_work, m_convergence}) {
    p->setMinimumSize(200, 160);
    p->setMouseTracking(true);
    connect(p, &QCustomPlot::mouseMove, this, [this, index](QMouseEvent* e) { showTip(index, e); });
    connect(p, &QCustomPlot::mouseDoubleClick, this, [p] {
      PlotStyle::fitAxes(p);
      p->replot(QCustomPlot::rpQueuedReplot);
    });
    row->addWidget(p, 1);
    ++index;
  }
  // after every layout, on screen and in an export at another size: the triangles go where
  // that layout leaves room
  connect(m_convergence, &QCustomPlot::afterLayout, this, &AnalysisPlots::placeTriangles);
  // and the notes and legends fit the width that layout gives (a presentation's larger text)
  for (QCustomPlot* p : {m_work, m_convergence})
    connect(p, &QCustomPlot::afterLayout, this, [this, p] { fitTexts(p); });
  PlotStyle::apply(m_work, tr("Work-precision"), tr("CPU time [s]"), errorName(SweepError::Global));
  PlotStyle::apply(m_convergence, tr("Convergence"), tr("step h [s] (adaptive: mean step T/N)"),
                   errorName(SweepError::Global));
  setResult(nullptr, SweepError::Global, SweepCost::Cpu);
}

void AnalysisPlots::setResult(const SweepResult* result, SweepError error, SweepCost cost,
                              bool partial) {
  for (QCustomPlot* p : {m_work, m_convergence}) {
    p->clearGraphs();
    p->clearItems();
    p->legend->setWrap(2);  // two entries a row: more methods wrap onto more rows, never cut
    for (QCPAxis* a : {p->xAxis, p->yAxis}) PlotStyle::setLogAxis(a, true);
    p->yAxis->setLabel(errorName(error));
  }
  m_work->xAxis->setLabel(cost == SweepCost::Cpu
                              ? tr("CPU time [s]")
                              : tr("evaluations of the right-hand side or forces"));
  m_points[0].clear();
  m_points[1].clear();
  m_triangles.clear();  // their items went with clearItems()
  if (!result) {
    for (QCustomPlot* p : {m_work, m_convergence})
      addNote(p, 0.5, 0.5, 10, tr("choose the methods and steps, then Run"));
    for (QCustomPlot* p : {m_work, m_convergence}) p->replot();
    return;
  }
  std::map<Method, std::optional<double>> orders;
  for (const auto& [m, o] : fittedOrders(*result)) orders[m] = o;
  const double T = result->spec.T;
  std::vector<std::pair<QCPGraph*, int>> ordered;  // each fixed-step curve's order, rounded
  for (Method m : result->spec.methods) {
    const MethodLook look = methodLook(m);
    QString name = QString::fromStdString(methodInfo(m).label);
    const bool adaptive = methodInfo(m).adaptive;
    QCPGraph* work = m_work->addGraph();
    QCPGraph* conv = m_convergence->addGraph();
    work->setName(name);
    const std::optional<double> order = orders.count(m) ? orders[m] : std::nullopt;
    conv->setName(order ? tr("%1: order %2").arg(name, QString::number(*order, 'f', 2)) : name);
    if (order) ordered.push_back({conv, int(std::lround(*order))});
    for (QCPGraph* gph : {work, conv}) {
      gph->setPen(QPen(look.color, 1.6, look.pen));
      gph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, look.color, look.color, 6));
    }
    for (const SweepRun& r : result->runs) {
      if (r.point.method != m) continue;
      const std::optional<double> e = sweepError(r, error);
      if (!e) continue;
      const double x = cost == SweepCost::Cpu ? r.cpuSeconds : double(r.counters.fevals);
      const double step = adaptive ? T / double(std::max<std::int64_t>(r.counters.steps, 1))
                                   : r.point.h.value_or(0.0);
      const QString setting = adaptive ? tr("RelTol %1, AbsTol %2")
                                             .arg(g(r.point.rtol.value_or(0)))
                                             .arg(g(r.point.atol.value_or(0)))
                                       : tr("h = %1 s").arg(g(step));
      const QString tip = tr("%1, %2\n%3 = %4\nCPU %5 s, %6 steps, %7 evaluations")
                              .arg(name, setting, errorName(error), g(*e))
                              .arg(g(r.cpuSeconds))
                              .arg(r.counters.steps)
                              .arg(r.counters.fevals);
      if (x > 0) {
        work->addData(x, *e);
        m_points[0].push_back({x, *e, tip});
      }
      if (step > 0) {
        conv->addData(step, *e);
        m_points[1].push_back({step, *e, tip});
      }
    }
  }
  // a partial sweep has no reference yet (RK45's bound comes at the end): which one it will
  // be, without its bound
  QString ref;
  if (partial) {
    SweepReference coming = result->reference;
    if (const SystemModel* model = findSystem(result->spec.system))
      if (const std::optional<ExactSolution> e =
              exactSolution(*model, result->spec.parameters, result->spec.T))
        coming.exact = e->formula;
    ref = tr("the runs finished so far (reference: %1)")
              .arg(QString::fromStdString(referenceText(coming, false)));
  } else {
    ref = tr("reference: %1").arg(QString::fromStdString(referenceText(result->reference)));
  }
  // the fitted orders are the global error's: the triangles go with it alone
  if (error == SweepError::Global) addTriangles(ordered);
  for (QCustomPlot* p : {m_work, m_convergence}) {
    if (p->graphCount() == 0 || m_points[p == m_work ? 0 : 1].empty())
      addNote(p, 0.5, 0.5, 10, tr("no finished run has this error"));
    else
      // at the foot of the axes, growing upwards when it wraps
      addNote(p, 0.5, 0.99, 8, ref)->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
    PlotStyle::fitAxes(p);
    p->replot();
  }
}

QCPItemText* AnalysisPlots::addNote(QCustomPlot* p, double x, double y, int pointSize,
                                    const QString& text) {
  QCPItemText* note = PlotStyle::addNote(p, x, y, pointSize, text);
  note->setProperty(kFullText, text);  // fitTexts wraps it to the axes' width
  return note;
}

void AnalysisPlots::fitTexts(QCustomPlot* p) {
  const int width = p->axisRect()->width();
  if (width <= 0) return;
  // a note's words in lines no wider than the axes (its text as given when it fits)
  for (int i = 0; i < p->itemCount(); ++i) {
    auto* note = qobject_cast<QCPItemText*>(p->item(i));
    if (!note || !note->property(kFullText).isValid()) continue;
    const QFontMetrics fm(note->font());
    QStringList lines;
    QString line;
    for (const QString& word : note->property(kFullText).toString().split(' ')) {
      const QString longer = line.isEmpty() ? word : line + ' ' + word;
      if (!line.isEmpty() && fm.horizontalAdvance(longer) > int(0.95 * width)) {
        lines << line;
        line = word;
      } else {
        line = longer;
      }
    }
    lines << line;
    const QString text = lines.join('\n');
    if (note->text() != text) note->setText(text);
  }
  // the legend two entries a row while two of its widest fit the width, else one a row (the
  // names are never cut)
  int widest = 0;
  for (int k = 0; k < p->legend->elementCount(); ++k)
    if (QCPLayoutElement* e = p->legend->elementAt(k))
      widest = std::max(widest, e->minimumOuterSizeHint().width());
  const int wrap = 2 * widest + p->legend->columnSpacing() <= width ? 2 : 1;
  if (p->legend->wrap() != wrap) {
    p->legend->setWrap(wrap);
    // the entries there are take the new wrap only when rearranged
    p->legend->setFillOrder(p->legend->fillOrder(), true);
    p->replot(QCustomPlot::rpQueuedReplot);  // a new layout with the legend's new rows
  }
}

void AnalysisPlots::addTriangles(const std::vector<std::pair<QCPGraph*, int>>& orders) {
  QCustomPlot* p = m_convergence;
  const QPen pen(mutedTextColor(), 1.2);
  const QFont font(p->font().family(), 9);
  for (int order : {4, 2}) {  // the steeper first: it needs the taller room
    Triangle t;
    t.order = order;
    for (const auto& [graph, o] : orders)
      if (o == order) t.curves.push_back(graph);
    if (t.curves.empty()) continue;
    for (QCPItemLine** line : {&t.run, &t.rise, &t.hypotenuse}) {
      *line = new QCPItemLine(p);
      (*line)->setPen(pen);
      (*line)->setVisible(false);
    }
    for (QCPItemText** text : {&t.runText, &t.riseText}) {
      *text = new QCPItemText(p);
      (*text)->setFont(font);
      (*text)->setColor(mutedTextColor());
      (*text)->setVisible(false);
    }
    t.runText->setText(QStringLiteral("1"));
    t.runText->setPositionAlignment(Qt::AlignHCenter | Qt::AlignTop);
    t.riseText->setText(QString::number(order));
    t.riseText->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    m_triangles.push_back(t);
  }
}

void AnalysisPlots::placeTriangles() {
  if (m_triangles.empty()) return;
  QCustomPlot* p = m_convergence;
  const QRectF rect = p->axisRect()->rect();
  const auto hideAll = [&] {
    for (Triangle& t : m_triangles) {
      t.shown = false;
      for (QCPAbstractItem* item : std::initializer_list<QCPAbstractItem*>{
               t.run, t.rise, t.hypotenuse, t.runText, t.riseText})
        item->setVisible(false);
    }
  };
  hideAll();
  const double xDecades = std::log10(p->xAxis->range().upper / p->xAxis->range().lower);
  const double yDecades = std::log10(p->yAxis->range().upper / p->yAxis->range().lower);
  if (rect.width() < 120 || rect.height() < 80 || !(xDecades > 0) || !(yDecades > 0)) return;
  const double perDecadeX = rect.width() / xDecades, perDecadeY = rect.height() / yDecades;

  // what a triangle must not cover: every point, the lines between them (each with its curve)
  // and the notes
  struct Point {
    QPointF at;
    const QCPGraph* graph;
  };
  struct Segment {
    QPointF a, b;
    const QCPGraph* graph;
  };
  std::vector<Point> points;
  std::vector<Segment> segments;
  for (int i = 0; i < p->graphCount(); ++i) {
    const QCPGraph* graph = p->graph(i);
    QPointF last;
    bool first = true;
    for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it) {
      const QPointF q(p->xAxis->coordToPixel(it->key), p->yAxis->coordToPixel(it->value));
      points.push_back({q, graph});
      if (!first) segments.push_back({last, q, graph});
      last = q;
      first = false;
    }
  }
  std::vector<Shape> blocked;
  for (int i = 0; i < p->itemCount(); ++i)
    if (auto* text = qobject_cast<QCPItemText*>(p->item(i)); text && text->visible())
      blocked.push_back(
          boxShape(QRectF(text->topLeft->pixelPosition(), text->bottomRight->pixelPosition())));

  const QRectF room = rect.adjusted(3, 3, -3, -3);
  // whether a shape keeps `margin` from everything but the curves in `ignored`
  const auto clear = [&](const Shape& s, double margin,
                         const std::vector<QCPGraph*>& ignored = {}) {
    const auto skip = [&](const QCPGraph* g) {
      return std::find(ignored.begin(), ignored.end(), g) != ignored.end();
    };
    for (const QPointF& v : s)
      if (!room.contains(v)) return false;
    for (const Point& q : points)
      if (!skip(q.graph) && shapePoint(s, q.at) <= margin + kMarkerRadius) return false;
    for (const Segment& g : segments)
      if (!skip(g.graph) && shapeSegment(s, g.a, g.b) <= margin) return false;
    for (const Shape& b : blocked)
      if (shapeShape(s, b) <= margin) return false;
    return true;
  };

  // the full size: the run leg a fraction of the width, shorter if the steeper triangle would
  // rise too far; one size for both where they fit, so that their slopes compare at a glance
  int steepest = 0;
  for (const Triangle& t : m_triangles) steepest = std::max(steepest, t.order);
  double fullRun = std::clamp(kRunFraction * rect.width(), 36.0, 110.0);
  fullRun =
      std::min(fullRun, kMaxRiseFraction * rect.height() * perDecadeX / (steepest * perDecadeY));
  const QFontMetricsF metrics(m_triangles.front().runText->font());

  for (Triangle& t : m_triangles) {
    // the curves of its order, in pixels
    std::vector<std::vector<QPointF>> lines;
    double xMin = std::numeric_limits<double>::infinity(), xMax = -xMin;
    for (QCPGraph* graph : t.curves) {
      std::vector<QPointF> line;
      for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it)
        line.emplace_back(p->xAxis->coordToPixel(it->key), p->yAxis->coordToPixel(it->value));
      std::sort(line.begin(), line.end(),
                [](const QPointF& a, const QPointF& b) { return a.x() < b.x(); });
      if (line.empty()) continue;
      xMin = std::min(xMin, line.front().x());
      xMax = std::max(xMax, line.back().x());
      lines.push_back(line);
    }
    if (lines.empty()) continue;
    // how far a point is under the nearest of them above it (negative: above them all)
    const auto under = [&](const QPointF& q) {
      double nearest = std::numeric_limits<double>::infinity(), above = nearest;
      for (const auto& line : lines) {
        const double d = q.y() - polylineAt(line, q.x());
        if (d >= 0)
          nearest = std::min(nearest, d);
        else
          above = std::min(above, -d);
      }
      return std::isfinite(nearest) ? nearest : -above;
    };
    const QSizeF runSize = metrics.boundingRect(t.runText->text()).size() + QSizeF(2, 0);
    const QSizeF riseSize = metrics.boundingRect(t.riseText->text()).size() + QSizeF(2, 0);
    // candidates by their right angle and size, scored by how close the hypotenuse runs under a
    // curve of its order (parallel to it), how far it reaches past their ends and how much it
    // had to shrink; a clear one squeezed against the other curves costs kCrowded more
    struct Candidate {
      double score;
      QPointF corner;
      double run;
    };
    std::vector<Candidate> candidates;
    for (const auto& [shrink, cost] : kSizes) {
      const double run = fullRun * shrink, rise = t.order * run * perDecadeY / perDecadeX;
      if (run < 16 || rise < 6) continue;
      for (double x = rect.left() + run; x <= rect.right(); x += kGridStep)
        for (double y = rect.top() + rise; y <= rect.bottom(); y += kGridStep) {
          const QPointF middle(x - run / 2, y - rise / 2);
          const double gap = under(middle);
          const double outside = std::max({0.0, xMin - middle.x(), middle.x() - xMax});
          candidates.push_back(
              {(gap >= 0 ? gap : 1000.0 - gap) + 0.5 * outside + cost, QPointF(x, y), run});
        }
    }
    std::sort(candidates.begin(), candidates.end(),
              [](const Candidate& a, const Candidate& b) { return a.score < b.score; });
    const auto shapesOf = [&](const Candidate& c) {
      const double rise = t.order * c.run * perDecadeY / perDecadeX;
      const QPointF corner = c.corner;
      return std::array<Shape, 3>{
          Shape{QPointF(corner.x() - c.run, corner.y()), corner,
                QPointF(corner.x(), corner.y() - rise)},
          boxShape(QRectF(QPointF(corner.x() - c.run / 2 - runSize.width() / 2, corner.y() + 1),
                          runSize)),
          boxShape(QRectF(QPointF(corner.x() + 3, corner.y() - rise / 2 - riseSize.height() / 2),
                          riseSize))};
    };
    std::optional<Candidate> best;
    for (const Candidate& c : candidates) {
      if (best && c.score >= best->score) break;  // the rest cannot do better
      const std::array<Shape, 3> shapes = shapesOf(c);
      if (!clear(shapes[0], kTriangleClearance) || !clear(shapes[1], kLabelClearance) ||
          !clear(shapes[2], kLabelClearance))
        continue;
      const bool roomy = std::all_of(shapes.begin(), shapes.end(),
                                     [&](const Shape& x) { return clear(x, kRoomy, t.curves); });
      const double score = c.score + (roomy ? 0.0 : kCrowded);
      if (!best || score < best->score) best = Candidate{score, c.corner, c.run};
    }
    if (!best) continue;
    const std::array<Shape, 3> shapes = shapesOf(*best);
    const Shape& triangle = shapes[0];
    const QPointF &left = triangle[0], &corner = triangle[1], &top = triangle[2];
    const QRectF runBox(shapes[1][0], shapes[1][2]), riseBox(shapes[2][0], shapes[2][2]);
    t.run->start->setPixelPosition(left);
    t.run->end->setPixelPosition(corner);
    t.rise->start->setPixelPosition(corner);
    t.rise->end->setPixelPosition(top);
    t.hypotenuse->start->setPixelPosition(left);
    t.hypotenuse->end->setPixelPosition(top);
    t.runText->position->setPixelPosition(QPointF(runBox.center().x(), runBox.top()));
    t.riseText->position->setPixelPosition(QPointF(riseBox.left(), riseBox.center().y()));
    for (QCPAbstractItem* item : std::initializer_list<QCPAbstractItem*>{
             t.run, t.rise, t.hypotenuse, t.runText, t.riseText})
      item->setVisible(true);
    t.shown = true;
    const auto coords = [&](const QPointF& q) {
      return QPointF(p->xAxis->pixelToCoord(q.x()), p->yAxis->pixelToCoord(q.y()));
    };
    t.placed = {t.order,
                coords(left),
                coords(corner),
                coords(top),
                QRectF(left.x(), top.y(), corner.x() - left.x(), corner.y() - top.y()),
                runBox,
                riseBox};
    // the next triangle keeps clear of this one and its labels
    blocked.insert(blocked.end(), shapes.begin(), shapes.end());
  }
}

std::vector<SlopeTriangle> AnalysisPlots::slopeTriangles() const {
  std::vector<SlopeTriangle> out;
  for (const Triangle& t : m_triangles)
    if (t.shown) out.push_back(t.placed);
  return out;
}

int AnalysisPlots::pointCount(int plot) const { return int(m_points[plot == 0 ? 0 : 1].size()); }

QString AnalysisPlots::tipAt(int plot, const QPointF& pixel) const {
  const QCustomPlot* p = plot == 0 ? m_work : m_convergence;
  double best = 12.0 * 12.0;
  QString tip;
  for (const Point& q : m_points[plot == 0 ? 0 : 1]) {
    const double dx = p->xAxis->coordToPixel(q.x) - pixel.x();
    const double dy = p->yAxis->coordToPixel(q.y) - pixel.y();
    if (dx * dx + dy * dy < best) {
      best = dx * dx + dy * dy;
      tip = q.tip;
    }
  }
  return tip;
}

void AnalysisPlots::showTip(int plot, QMouseEvent* e) {
  const QString tip = tipAt(plot, e->position());
  QCustomPlot* p = plot == 0 ? m_work : m_convergence;
  if (tip.isEmpty())
    QToolTip::hideText();
  else
    QToolTip::showText(p->mapToGlobal(e->position().toPoint()), tip, p);
}

}  // namespace dms::ui
