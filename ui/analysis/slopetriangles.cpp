// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The sweep plots' slope triangles (h², h⁴ beside the convergence curves): where they go, in
// pixels, clear of the points, the lines between them and the notes.
#include <qcustomplot.h>

#include <QFontMetricsF>
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include "ui/analysis/analysisplots.h"
#include "ui/common/palette.h"
#include "ui/common/plotstyle.h"

namespace dms::ui {

namespace {
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

}  // namespace dms::ui
