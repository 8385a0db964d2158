#include "ui/sim/plotpanel.h"

#include <qcustomplot.h>

#include <QCheckBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>
#include <algorithm>

#include "ui/common/palette.h"
#include "ui/common/plotstyle.h"

namespace dms::ui {

PlotPanel::PlotPanel(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(2);

  auto* bar = new QHBoxLayout;
  m_logBox = new QCheckBox(tr("Log scale"), this);
  m_logBox->setChecked(m_log);
  m_logBox->setToolTip(tr("Logarithmic y axes (errors span many orders of magnitude)"));
  connect(m_logBox, &QCheckBox::toggled, this, &PlotPanel::setLogScale);
  m_s2Box = new QCheckBox(this);
  m_s2Box->setVisible(false);
  connect(m_s2Box, &QCheckBox::toggled, this, &PlotPanel::setShowStructure2);
  auto* fit = new QPushButton(tr("Autoscale"), this);
  fit->setToolTip(tr("Show the whole horizon and every curve (or double-click a plot)"));
  connect(fit, &QPushButton::clicked, this, &PlotPanel::autoscale);
  auto* hint = new QLabel(tr("wheel: zoom · drag: pan · double-click: autoscale"), this);
  hint->setStyleSheet(labelStyle(hintTextColor()));
  // a narrow window clips the hint (the tooltips say the same) instead of widening the window
  hint->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
  hint->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
  hint->setToolTip(hint->text());
  bar->addWidget(m_logBox);
  bar->addWidget(m_s2Box);
  bar->addStretch(1);
  bar->addWidget(hint);
  bar->addWidget(fit);
  layout->addLayout(bar);

  auto* plots = new QHBoxLayout;
  m_energy = new QCustomPlot(this);
  m_structure = new QCustomPlot(this);
  setupPlot(m_energy, tr("|E − E₀|"));
  setupPlot(m_structure, tr("structure error"));
  plots->addWidget(m_energy, 1);
  plots->addWidget(m_structure, 1);
  layout->addLayout(plots, 1);

  // both plots share the time axis
  connect(m_energy->xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this,
          [this](const QCPRange& r) {
            m_structure->xAxis->setRange(r);
            m_structure->replot(QCustomPlot::rpQueuedReplot);
          });
  connect(m_structure->xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this,
          [this](const QCPRange& r) { m_energy->xAxis->setRange(r); });

  m_note = PlotStyle::addNote(m_structure, 0.5, 0.5, 11,
                              tr("no structure error:\nthe configuration space is linear"));
  m_note->setColor(hintTextColor());
  m_note->setVisible(false);
  for (QCustomPlot* p : {m_energy, m_structure}) {
    QCPItemText* banner = PlotStyle::addNote(
        p, 0.5, 0.08, 10, tr("out of date: the values in the panel cannot run (see there)"));
    banner->setColor(errorColor());
    banner->setBrush(QColor(255, 255, 255, 225));
    banner->setPadding(QMargins(6, 3, 6, 3));
    banner->setVisible(false);
    m_staleBanners.push_back(banner);
  }
}

void PlotPanel::setStale(bool stale) {
  if (stale == m_stale) return;
  m_stale = stale;
  for (QCPItemText* b : m_staleBanners) b->setVisible(stale);
  for (QCustomPlot* p : plots())
    for (int i = 0; i < p->graphCount(); ++i) {
      QPen pen = p->graph(i)->pen();
      QColor c = pen.color();
      c.setAlpha(stale ? 70 : 255);
      pen.setColor(c);
      p->graph(i)->setPen(pen);
    }
  for (QCustomPlot* p : plots()) p->replot(QCustomPlot::rpQueuedReplot);
}

PlotPanel::~PlotPanel() {
  // a legend out of its layout would outlive the plot that owns it through the layout
  for (QCustomPlot* p : plots())
    if (!p->plotLayout()->hasElement(1, 0)) p->plotLayout()->addElement(1, 0, p->legend);
}

void PlotPanel::setLegendsShown(bool shown) {
  m_legendsShown = shown;
  for (QCustomPlot* p : plots()) {
    // an empty legend caps its layout column at its own (nil) maximum width, which crushed the
    // exported plot to a sliver: without curves it leaves the layout (and comes back with them)
    const bool wanted = shown && (p == m_energy || m_hasStructure);
    QCPLayoutGrid* layout = p->plotLayout();
    const bool inLayout = layout->hasElement(1, 0);  // its cell holds nothing else
    if (!wanted && inLayout) layout->take(p->legend);
    if (wanted && !inLayout) layout->addElement(1, 0, p->legend);
    p->replot(QCustomPlot::rpQueuedReplot);
  }
}

void PlotPanel::setupPlot(QCustomPlot* p, const QString& yLabel) {
  PlotStyle::apply(p, QString(), tr("t [s]"), yLabel);
  m_cursor[p == m_energy ? 0 : 1] = PlotStyle::addCursor(p);
  // a wheel or a drag means the user chose a range: stop following the data
  connect(p, &QCustomPlot::mouseWheel, this, [this] { m_autoscale = false; });
  connect(p, &QCustomPlot::mousePress, this, [this] { m_autoscale = false; });
  connect(p, &QCustomPlot::mouseDoubleClick, this, &PlotPanel::autoscale);
  connect(p->xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this, [this] {
    if (!m_autoscale) refresh();
  });
  applyScale(p);
}

void PlotPanel::applyScale(QCustomPlot* p) { PlotStyle::setLogAxis(p->yAxis, m_log); }

void PlotPanel::setRuns(const std::vector<RunStyle>& runs, double horizon,
                        const QString& structureName, const QString& structure2Name) {
  m_horizon = horizon;
  m_hasStructure = !structureName.isEmpty();
  m_stale = false;
  for (QCPItemText* b : m_staleBanners) b->setVisible(false);
  for (QCustomPlot* p : plots()) {
    p->clearGraphs();
    // at most three entries a row: more runs wrap onto more rows, never off the plot
    p->legend->setWrap(3);
  }
  m_energyGraphs.clear();
  m_structureGraphs.clear();
  m_structure2Graphs.clear();
  const auto add = [](QCustomPlot* p, const RunStyle& r, Qt::PenStyle pen, const QString& name) {
    QCPGraph* g = p->addGraph();
    // a 1-pixel pen: wide antialiased zigzags (|E - E0| on a log axis) are slow to draw
    g->setPen(QPen(r.color, 1.0, pen));
    g->setName(name);
    g->setAdaptiveSampling(true);
    return g;
  };
  for (const RunStyle& r : runs) {
    m_energyGraphs.push_back(add(m_energy, r, r.pen, r.label));
    if (m_hasStructure) m_structureGraphs.push_back(add(m_structure, r, r.pen, r.label));
  }
  // the secondary error only for the runs that have it: a curve that is 0 by design is none
  bool anyS2 = false;
  for (const RunStyle& r : runs) {
    QCPGraph* g = nullptr;
    if (m_hasStructure && !structure2Name.isEmpty() && r.structure2) {
      g = add(m_structure, r, Qt::DotLine, r.label + "  " + structure2Name);
      g->setVisible(m_showS2);
      if (!m_showS2) g->removeFromLegend();
      anyS2 = true;
    }
    m_structure2Graphs.push_back(g);
  }
  m_structureName = structureName;
  m_structure2Name = anyS2 ? structure2Name : QString();
  m_s2Box->setText(tr("Show %1").arg(structure2Name));
  m_s2Box->setToolTip(tr("Also plot %1 (dotted) on the structure plot").arg(structure2Name));
  m_s2Box->setVisible(anyS2);
  PlotStyle::title(m_energy)->setText(tr("Energy deviation |E − E₀|"));
  updateStructureTitle();
  m_structure->yAxis->setLabel(m_hasStructure ? structureName : tr("structure error"));
  m_note->setVisible(!m_hasStructure);
  // the legends in the window only while they fit one row: the names and colours of more runs
  // are in the window's own legend, and the plots keep their height (files always have them)
  m_legendsInWindow = runs.size() <= 3;
  setLegendsShown(m_legendsInWindow);
  // a linear space has no structure to lose: the energy plot takes the width
  m_structure->setVisible(m_hasStructure);
  m_autoscale = true;
}

void PlotPanel::fillGraph(QCPGraph* g, const RunStore& store, Metric m, double t0, double t1,
                          int columns) {
  const Curve c = store.decimate(m, t0, t1, columns);
  QVector<double> keys, values;
  keys.reserve(int(c.t.size()));
  values.reserve(int(c.t.size()));
  for (std::size_t i = 0; i < c.t.size(); ++i) {
    // a log axis cannot show 0 (an exact invariant): leave the point out, keep the line
    if (m_log && !(c.value[i] > 0.0)) continue;
    keys.push_back(c.t[i]);
    values.push_back(c.value[i]);
  }
  g->setData(keys, values, true);
}

void PlotPanel::refresh(int columns, bool now) {
  if (m_stores) {
    const double t0 = m_autoscale ? 0.0 : m_energy->xAxis->range().lower;
    const double t1 = m_autoscale ? m_horizon : m_energy->xAxis->range().upper;
    // one bucket group per pixel column of the plot (or of the exported image)
    if (columns <= 0) columns = std::max(100, m_energy->axisRect()->width());
    const std::size_t n = std::min(m_stores->size(), m_energyGraphs.size());
    for (std::size_t i = 0; i < n; ++i) {
      const RunStore& s = (*m_stores)[i];
      fillGraph(m_energyGraphs[i], s, Metric::EnergyDeviation, t0, t1, columns);
      if (i < m_structureGraphs.size())
        fillGraph(m_structureGraphs[i], s, Metric::Structure, t0, t1, columns);
      if (i < m_structure2Graphs.size() && m_structure2Graphs[i])
        fillGraph(m_structure2Graphs[i], s, Metric::Structure2, t0, t1, columns);
    }
  }
  if (m_autoscale) {
    for (QCustomPlot* p : plots()) {
      p->xAxis->blockSignals(true);
      p->xAxis->setRange(0.0, m_horizon);
      p->xAxis->blockSignals(false);
      bool any = false;
      for (int i = 0; i < p->graphCount(); ++i) {
        QCPGraph* g = p->graph(i);
        if (!g->visible() || g->dataCount() == 0) continue;
        g->rescaleValueAxis(any, false);
        any = true;
      }
      if (!any) {
        p->yAxis->setRange(m_log ? QCPRange(1e-16, 1.0) : QCPRange(0.0, 1.0));
      } else if (m_log) {
        // a decade of room above and below
        const QCPRange r = p->yAxis->range();
        p->yAxis->setRange(r.lower / 3.0, r.upper * 3.0);
      } else {
        p->yAxis->scaleRange(1.1, p->yAxis->range().center());
      }
    }
  }
  for (QCustomPlot* p : plots())
    p->replot(now ? QCustomPlot::rpRefreshHint : QCustomPlot::rpQueuedReplot);
}

void PlotPanel::setCursorTime(double t) {
  for (QCPItemLine* c : m_cursor) PlotStyle::setCursor(c, t);
}

void PlotPanel::setLogScale(bool on) {
  m_log = on;
  m_logBox->blockSignals(true);
  m_logBox->setChecked(on);
  m_logBox->blockSignals(false);
  for (QCustomPlot* p : plots()) applyScale(p);
  m_autoscale = true;
  refresh();
  emit logScaleChanged(on);
}

void PlotPanel::setShowStructure2(bool on) {
  m_showS2 = on;
  m_s2Box->blockSignals(true);
  m_s2Box->setChecked(on);
  m_s2Box->blockSignals(false);
  for (QCPGraph* g : m_structure2Graphs) {
    if (!g) continue;
    g->setVisible(on);
    if (on)
      g->addToLegend();
    else
      g->removeFromLegend();
  }
  updateStructureTitle();
  refresh();
}

// the title names what is drawn: the primary error, and the secondary one while it is shown
void PlotPanel::updateStructureTitle() {
  QString title =
      m_hasStructure ? tr("Structure error %1").arg(m_structureName) : tr("Structure error");
  if (m_hasStructure && m_showS2 && !m_structure2Name.isEmpty())
    title += tr(" and %1 (dotted)").arg(m_structure2Name);
  PlotStyle::title(m_structure)->setText(title);
}

void PlotPanel::autoscale() {
  m_autoscale = true;
  refresh();
}

int PlotPanel::pointCount(int plot, int run) const {
  const std::vector<QCPGraph*>& gs = plot == 0 ? m_energyGraphs : m_structureGraphs;
  return run >= 0 && run < int(gs.size()) ? gs[std::size_t(run)]->dataCount() : 0;
}

double PlotPanel::dataChecksum(int plot, int run) const {
  const std::vector<QCPGraph*>& gs = plot == 0 ? m_energyGraphs : m_structureGraphs;
  if (run < 0 || run >= int(gs.size())) return 0.0;
  double sum = 0.0;
  for (auto it = gs[std::size_t(run)]->data()->constBegin();
       it != gs[std::size_t(run)]->data()->constEnd(); ++it)
    sum += it->value + 1e-3 * it->key;
  return sum;
}

}  // namespace dms::ui
