// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/sim/plotpanel.h"

#include <qcustomplot.h>

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QMetaObject>
#include <QPushButton>
#include <QStackedWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include "ui/common/palette.h"
#include "ui/common/plotstyle.h"
#include "ui/sim/views/plotdrawing.h"

namespace dms::ui {

PlotPanel::PlotPanel(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(2);

  auto* bar = new QHBoxLayout;
  auto* show = new QLabel(tr("&Show:"), this);
  m_viewBox = new QComboBox(this);
  for (int i = 0; i < kPlotViewCount; ++i) {
    m_viewBox->addItem(viewTitle(PlotView(i)), i);
    m_viewBox->setItemData(i, viewTip(PlotView(i)), Qt::ToolTipRole);
  }
  m_viewBox->setToolTip(tr("Which quantities the plots show"));
  m_viewBox->setSizeAdjustPolicy(QComboBox::AdjustToContents);
  show->setBuddy(m_viewBox);
  connect(m_viewBox, qOverload<int>(&QComboBox::currentIndexChanged), this, [this](int i) {
    if (!setView(PlotView(i))) {
      m_viewBox->blockSignals(true);
      m_viewBox->setCurrentIndex(int(m_view));
      m_viewBox->blockSignals(false);
    }
  });
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
  bar->addWidget(show);
  bar->addWidget(m_viewBox);
  bar->addSpacing(8);
  bar->addWidget(m_logBox);
  bar->addWidget(m_s2Box);
  bar->addStretch(1);
  bar->addWidget(hint);
  bar->addWidget(fit);
  layout->addLayout(bar);

  // one page per view, in the order of PlotView
  m_stack = new QStackedWidget(this);
  const auto page = [this](std::initializer_list<QCustomPlot*> plots) {
    auto* w = new QWidget(m_stack);
    auto* row = new QHBoxLayout(w);
    row->setContentsMargins(0, 0, 0, 0);
    for (QCustomPlot* p : plots) row->addWidget(p, 1);
    m_stack->addWidget(w);
  };
  m_energy = new QCustomPlot(this);
  m_structure = new QCustomPlot(this);
  m_shadowPlot = new QCustomPlot(this);
  m_phase = new QCustomPlot(this);
  m_stateA = new QCustomPlot(this);
  m_stateB = new QCustomPlot(this);
  m_momentum = new QCustomPlot(this);
  setupTimePlot(m_energy, tr("|E − E₀| [J]"));
  setupTimePlot(m_structure, tr("structure error"));
  setupTimePlot(m_shadowPlot, tr("ΔE, ΔH̃ [J]"));
  setupTimePlot(m_stateA, QString());
  setupTimePlot(m_stateB, QString());
  setupTimePlot(m_momentum, tr("|ΔL| [kg m²/s]"));
  PlotStyle::apply(m_phase, tr("Phase portrait"), tr("q"), tr("p"));
  ensureCursorLayer(m_phase);
  connect(m_phase, &QCustomPlot::mouseWheel, this, [this] { m_autoscale = false; });
  connect(m_phase, &QCustomPlot::mousePress, this, [this] { m_autoscale = false; });
  connect(m_phase, &QCustomPlot::mouseDoubleClick, this, &PlotPanel::autoscale);
  page({m_energy, m_structure});
  page({m_shadowPlot});
  page({m_phase});
  page({m_stateA, m_stateB});
  page({m_momentum});
  layout->addWidget(m_stack, 1);
  // the legend row placed and the title fitted anew before each replot, at the sizes and in the
  // fonts they are drawn at: a resize, new curves and View > Presentation's larger font
  // (PlotStyle::setScale) all replot
  for (QCustomPlot* p : allPlots())
    connect(p, &QCustomPlot::beforeReplot, this, [this, p] {
      placeLegend(p);
      PlotStyle::fitTitle(p);  // a long title ("Energy E − E₀ (thin) and ...") on more lines
    });

  // the plots of a view side by side share the time axis
  const auto share = [this](QCustomPlot* a, QCustomPlot* b) {
    connect(a->xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this,
            [b](const QCPRange& r) {
              b->xAxis->setRange(r);
              b->replot(QCustomPlot::rpQueuedReplot);
            });
    connect(b->xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this,
            [a](const QCPRange& r) { a->xAxis->setRange(r); });
  };
  share(m_energy, m_structure);
  share(m_stateA, m_stateB);

  m_note = PlotStyle::addNote(m_structure, 0.5, 0.5, 11,
                              tr("no structure error:\nthe configuration space is linear"));
  m_note->setColor(hintTextColor());
  m_note->setVisible(false);
  // why a run has no shadow energy, which runs conserve L exactly: a row under the axes, never
  // over a curve
  const QFont noteFont(font().family(), 8);
  m_shadowNote = addFootnote(m_shadowPlot, noteFont);
  m_shadowCentre = PlotStyle::addNote(m_shadowPlot, 0.5, 0.5, 10, QString());
  m_shadowCentre->setColor(hintTextColor());
  m_shadowCentre->setVisible(false);
  m_momentumNote = addFootnote(m_momentum, noteFont);
  for (QCustomPlot* p : allPlots())
    m_staleBanners.push_back(
        addStaleBanner(p, tr("out of date: the values in the panel cannot run (see there)")));
  updateChooser();
}

std::vector<QCustomPlot*> PlotPanel::allPlots() const {
  return {m_energy, m_structure, m_shadowPlot, m_phase, m_stateA, m_stateB, m_momentum};
}

std::vector<QCustomPlot*> PlotPanel::plots() const {
  switch (m_view) {
    case PlotView::Errors:
      return {m_energy, m_structure};
    case PlotView::Energy:
      return {m_shadowPlot};
    case PlotView::Phase:
      return {m_phase};
    case PlotView::State:
      return {m_stateA, m_stateB};
    case PlotView::Momentum:
      return {m_momentum};
  }
  return {};
}

// the plots of the view shown that have t on their x axis
std::vector<QCustomPlot*> PlotPanel::timePlots() const {
  if (m_view == PlotView::Phase) return {};
  return plots();
}

std::vector<std::pair<QString, QCustomPlot*>> PlotPanel::exportablePlots() const {
  switch (m_view) {
    case PlotView::Errors:
      // a system without a structure error: no file for the empty plot
      if (!m_hasStructure) return {{plotNames()[0], m_energy}};
      return {{plotNames()[0], m_energy}, {plotNames()[1], m_structure}};
    case PlotView::Energy:
      return {{"shadow-energy", m_shadowPlot}};
    case PlotView::Phase:
      return {{"phase-portrait", m_phase}};
    case PlotView::State:
      if (m_q.state.size() < 2) return {{"state-1", m_stateA}, {"state-2", m_stateB}};
      return {{m_q.state[0].name, m_stateA}, {m_q.state[1].name, m_stateB}};
    case PlotView::Momentum:
      return {{"momentum", m_momentum}};
  }
  return {};
}

bool PlotPanel::isLogPlot(const QCustomPlot* p) const {
  return m_log && (p == m_energy || p == m_structure || p == m_momentum);
}

void PlotPanel::setStale(bool stale) {
  if (stale == m_stale) return;
  m_stale = stale;
  for (QCPItemText* b : m_staleBanners) b->setVisible(stale);
  for (QCustomPlot* p : allPlots())
    for (int i = 0; i < p->plottableCount(); ++i) {
      QCPAbstractPlottable* g = p->plottable(i);
      QPen pen = g->pen();
      QColor c = pen.color();
      c.setAlpha(stale ? 70 : 255);
      pen.setColor(c);
      g->setPen(pen);
    }
  for (QCustomPlot* p : plots()) p->replot(QCustomPlot::rpQueuedReplot);
}

PlotPanel::~PlotPanel() {
  // a legend or a note out of its layout would outlive the plot that owns it through the layout
  for (QCustomPlot* p : allPlots())
    if (!p->plotLayout()->hasElement(1, 0)) p->plotLayout()->addElement(1, 0, p->legend);
  for (QCPTextElement* note : {m_shadowNote, m_momentumNote})
    if (!note->parentPlot()->plotLayout()->hasElement(3, 0))
      note->parentPlot()->plotLayout()->addElement(3, 0, note);
}

void PlotPanel::setLegendsShown(bool shown) {
  m_legendsShown = shown;
  placeLegends();
}

// Each plot's legend row while legendsShown() and the plot has curves. In the window, a short plot
// of a view beyond the errors (the window at its smallest) leaves that row to the curves: its
// title keys the lines, the window's legend names the runs' colours. An export has it always.
void PlotPanel::placeLegends() {
  for (QCustomPlot* p : allPlots())
    if (placeLegend(p)) p->replot(QCustomPlot::rpQueuedReplot);
}

bool PlotPanel::placeLegend(QCustomPlot* p) {
  // an empty legend caps its layout column at its own (nil) maximum width, which crushed the
  // exported plot to a sliver: without curves it leaves the layout (and comes back with them)
  bool wanted = m_legendsShown && p->legend->itemCount() > 0;
  if (wanted && !m_exporting && p != m_energy && p != m_structure && p->height() < kShortPlot)
    wanted = false;
  // on screen a legend whose rows of entries are wider than the plot would cut the names: the
  // window's own legend above the 3D view names the runs instead (files always have theirs).
  // The entries fill its grid's rows (wrap() a row, setRuns), each column as wide as its widest
  // name in the legend's font now (View > Presentation scales it), with the spacing between the
  // columns and the legend's margins.
  if (wanted && !m_exporting && !legendRowFits(p)) wanted = false;
  QCPLayoutGrid* layout = p->plotLayout();
  const bool inLayout = layout->hasElement(1, 0);  // its cell holds nothing else
  if (wanted == inLayout) return false;
  if (inLayout) layout->take(p->legend);
  if (wanted) layout->addElement(1, 0, p->legend);
  return true;
}

void PlotPanel::resizeEvent(QResizeEvent* e) {
  QWidget::resizeEvent(e);
  // the legend rows and the notes follow the plots' height: laid out anew once the new sizes
  // are in
  QMetaObject::invokeMethod(
      this,
      [this] {
        placeLegends();
        if (m_view == PlotView::Energy) updateShadowNote(m_shadowPlot->height() >= kShortPlot);
      },
      Qt::QueuedConnection);
}

void PlotPanel::setupTimePlot(QCustomPlot* p, const QString& yLabel) {
  PlotStyle::apply(p, QString(), tr("t [s]"), yLabel);
  m_cursors.push_back(PlotStyle::addCursor(p));
  // a wheel or a drag means the user chose a range: stop following the data
  connect(p, &QCustomPlot::mouseWheel, this, [this] { m_autoscale = false; });
  connect(p, &QCustomPlot::mousePress, this, [this] { m_autoscale = false; });
  connect(p, &QCustomPlot::mouseDoubleClick, this, &PlotPanel::autoscale);
  connect(p->xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this, [this] {
    if (!m_autoscale) refresh();
  });
  applyScale(p);
}

void PlotPanel::applyScale(QCustomPlot* p) { PlotStyle::setLogAxis(p->yAxis, isLogPlot(p)); }

void PlotPanel::setQuantities(const SystemModel& model, const ParamValues& values,
                              const std::vector<Method>& methods) {
  m_q = quantitiesOf(model, values, methods);
  m_methods = methods;
  m_haveQuantities = true;
}

void PlotPanel::refresh(int columns, bool now) {
  // columns given: an export at its own width (SimulationMode::prepareExport), with the legends
  // and whole notes a file has; none: the window again
  if (m_exporting != (columns > 0)) {
    m_exporting = columns > 0;
    m_exportWidth = columns;
    placeLegends();
  }
  const std::vector<QCustomPlot*> time = timePlots();
  double t0 = 0.0, t1 = m_horizon;
  if (!time.empty()) {
    QCustomPlot* lead = time.front();
    if (!m_autoscale) {
      t0 = lead->xAxis->range().lower;
      t1 = lead->xAxis->range().upper;
    }
    // one bucket group per pixel column of the plot (or of the exported image); beyond the
    // errors' plots, one not laid out yet (a view just chosen) counts by its widget's width
    if (columns <= 0)
      columns = m_view == PlotView::Errors
                    ? std::max(100, lead->axisRect()->width())
                    : std::max({100, lead->axisRect()->width(), lead->width() - 80});
  }
  if (m_stores) {
    const std::size_t n = std::min(m_stores->size(), m_runs.size());
    for (std::size_t i = 0; i < n; ++i) {
      const RunStore& s = (*m_stores)[i];
      switch (m_view) {
        case PlotView::Errors:
          if (i < m_energyGraphs.size())
            fillDecimated(m_energyGraphs[i], s, Metric::EnergyDeviation, t0, t1, columns, m_log);
          if (i < m_structureGraphs.size())
            fillDecimated(m_structureGraphs[i], s, Metric::Structure, t0, t1, columns, m_log);
          if (i < m_structure2Graphs.size() && m_structure2Graphs[i])
            fillDecimated(m_structure2Graphs[i], s, Metric::Structure2, t0, t1, columns, m_log);
          break;
        case PlotView::Energy:
          if (i < m_signedEnergyGraphs.size() && m_signedEnergyGraphs[i])
            fillDecimated(m_signedEnergyGraphs[i], s, Metric::Energy, t0, t1, columns, false);
          if (i < m_shadowGraphs.size() && m_shadowGraphs[i]) {
            const Curve c = s.decimateShadow(t0, t1, columns);
            m_shadowGraphs[i]->setData(QVector<double>(c.t.begin(), c.t.end()),
                                       QVector<double>(c.value.begin(), c.value.end()), true);
          }
          break;
        case PlotView::State:
          for (int j = 0; j < 2 && m_q.state.size() == 2; ++j) {
            const StatePlot& sp = m_q.state[std::size_t(j)];
            if (i >= m_stateGraphs[j].size()) continue;
            const std::vector<QCPGraph*>& gs = m_stateGraphs[j][i];
            for (std::size_t k = 0; k < gs.size() && k < sp.components.size(); ++k)
              fillDecimated(gs[k], s, componentMetric(sp.components[k]), t0, t1, columns, false,
                            sp.angular);
          }
          break;
        case PlotView::Momentum:
          if (i < m_momentumGraphs.size() && m_momentumGraphs[i])
            fillDecimated(m_momentumGraphs[i], s, Metric::MomentumDeviation, t0, t1, columns,
                          m_log);
          break;
        case PlotView::Phase:
          break;
      }
    }
    if (m_view == PlotView::Phase) fillPhase();
    // an export (columns given) or a tall plot has room for the whole reason
    if (m_view == PlotView::Energy)
      updateShadowNote(m_exporting || m_shadowPlot->height() >= kShortPlot);
    if (m_view == PlotView::Momentum) updateMomentumNote();
    if (m_view == PlotView::Momentum && n > 0 && !(*m_stores)[0].empty()) {
      // the deviation of the conserved components: the vertical one alone under gravity
      const RunSummary& sum = (*m_stores)[0].summary();
      const double L0 = sum.momentumMask().cwiseProduct(sum.momentum0()).norm();
      const bool vertical = sum.momentumMask() == Vector3d::UnitZ();
      PlotStyle::title(m_momentum)
          ->setText((vertical ? tr("Vertical angular momentum deviation |L₃ − L₃,₀|, |L₃,₀| = %1 "
                                   "kg m²/s")
                              : tr("Angular momentum deviation |L − L₀|, |L₀| = %1 kg m²/s"))
                        .arg(L0, 0, 'g', 4));
    }
  }
  if (m_autoscale) {
    for (QCustomPlot* p : time) {
      autoscaleTimePlot(p, m_horizon, isLogPlot(p));
    }
    if (m_view == PlotView::Phase) PlotStyle::fitAxes(m_phase);
  }
  // a linear y axis of a short plot (the window at its smallest) gets fewer ticks, so that their
  // labels do not run into each other; the Errors view's axes stay as they were
  if (m_view != PlotView::Errors)
    for (QCustomPlot* p : plots())
      if (!isLogPlot(p))
        p->yAxis->ticker()->setTickCount(
            m_exporting ? 5 : std::clamp(p->axisRect()->height() / 30, 2, 5));
  for (QCustomPlot* p : plots())
    p->replot(now ? QCustomPlot::rpRefreshHint : QCustomPlot::rpQueuedReplot);
}

void PlotPanel::setCursorTime(double t) {
  m_cursorTime = t;
  // the plots of the view shown: a hidden one's cursor moves when it is shown
  for (QCustomPlot* p : timePlots())
    for (QCPItemLine* c : m_cursors)
      if (c->parentPlot() == p) PlotStyle::setCursor(c, t);
  updatePhaseMarkers();
}

void PlotPanel::setLogScale(bool on) {
  m_log = on;
  m_logBox->blockSignals(true);
  m_logBox->setChecked(on);
  m_logBox->blockSignals(false);
  for (QCustomPlot* p : {m_energy, m_structure, m_momentum}) applyScale(p);
  m_autoscale = true;
  refresh();
  emit logScaleChanged(on);
}

void PlotPanel::autoscale() {
  m_autoscale = true;
  refresh();
}

}  // namespace dms::ui
