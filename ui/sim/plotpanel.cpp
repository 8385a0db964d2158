#include "ui/sim/plotpanel.h"

#include <qcustomplot.h>

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QMetaObject>
#include <QPushButton>
#include <QStackedWidget>
#include <QStandardItemModel>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include "ui/app/mode.h"
#include "ui/common/palette.h"
#include "ui/common/plotstyle.h"
#include "ui/sim/simworker.h"

namespace dms::ui {

namespace {

constexpr double kPi = 3.14159265358979323846;
const double kNaN = std::numeric_limits<double>::quiet_NaN();

// the layer of the playback time's marks (buffered: a frame repaints it alone), as
// PlotStyle::addCursor makes it
void ensureCursorLayer(QCustomPlot* p) {
  if (p->layer("cursor")) return;
  p->addLayer("cursor", p->layer("main"), QCustomPlot::limAbove);
  p->layer("cursor")->setMode(QCPLayer::lmBuffered);
}

QString viewTip(PlotView v) {
  switch (v) {
    case PlotView::Errors:
      return QObject::tr("|E − E₀| and the structure error of every run");
    case PlotView::Energy:
      return QObject::tr(
          "E − E₀ and the shadow energy H̃ − H̃₀ of the variational runs: E oscillates, the "
          "energy the integrator conserves (H̃) does not");
    case PlotView::Phase:
      return QObject::tr("(q, p) of every run; the ring marks the playback time");
    case PlotView::State:
      return QObject::tr("The state's coordinates against t");
    case PlotView::Momentum:
      return QObject::tr("|L − L₀| of the conserved angular momentum against t");
  }
  return {};
}

}  // namespace

QString PlotPanel::viewTitle(PlotView v) {
  switch (v) {
    case PlotView::Errors:
      return tr("Errors");
    case PlotView::Energy:
      return tr("Energy and shadow energy");
    case PlotView::Phase:
      return tr("Phase portrait");
    case PlotView::State:
      return tr("State");
    case PlotView::Momentum:
      return tr("Angular momentum");
  }
  return {};
}

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
  const auto footnote = [this](QCustomPlot* p) {
    auto* e = new QCPTextElement(p, QString(), QFont(font().family(), 8));
    e->setTextColor(mutedTextColor());
    e->setVisible(false);
    p->plotLayout()->addElement(3, 0, e);
    p->plotLayout()->setRowStretchFactor(3, 0.001);
    p->plotLayout()->take(e);  // in the layout while it has something to say (setNote)
    return e;
  };
  m_shadowNote = footnote(m_shadowPlot);
  m_shadowCentre = PlotStyle::addNote(m_shadowPlot, 0.5, 0.5, 10, QString());
  m_shadowCentre->setColor(hintTextColor());
  m_shadowCentre->setVisible(false);
  m_momentumNote = footnote(m_momentum);
  for (QCustomPlot* p : allPlots()) {
    QCPItemText* banner = PlotStyle::addNote(
        p, 0.5, 0.08, 10, tr("out of date: the values in the panel cannot run (see there)"));
    banner->setColor(errorColor());
    banner->setBrush(QColor(255, 255, 255, 225));
    banner->setPadding(QMargins(6, 3, 6, 3));
    banner->setVisible(false);
    m_staleBanners.push_back(banner);
  }
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
  for (QCustomPlot* p : allPlots()) {
    // an empty legend caps its layout column at its own (nil) maximum width, which crushed the
    // exported plot to a sliver: without curves it leaves the layout (and comes back with them)
    bool wanted = m_legendsShown && p->legend->itemCount() > 0;
    if (wanted && !m_exporting && p != m_energy && p != m_structure && p->height() < kShortPlot)
      wanted = false;
    QCPLayoutGrid* layout = p->plotLayout();
    const bool inLayout = layout->hasElement(1, 0);  // its cell holds nothing else
    if (wanted == inLayout) continue;
    if (inLayout) layout->take(p->legend);
    if (wanted) layout->addElement(1, 0, p->legend);
    p->replot(QCustomPlot::rpQueuedReplot);
  }
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

void PlotPanel::setRuns(const std::vector<RunStyle>& runs, double horizon,
                        const QString& structureName, const QString& structure2Name) {
  m_horizon = horizon;
  m_runs = runs;
  m_hasStructure = !structureName.isEmpty();
  m_stale = false;
  for (QCPItemText* b : m_staleBanners) b->setVisible(false);
  for (QCustomPlot* p : {m_energy, m_structure}) p->clearGraphs();
  // at most three entries a row: more runs wrap onto more rows, never off the plot
  for (QCustomPlot* p : allPlots()) p->legend->setWrap(3);
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
  m_s2Box->setVisible(anyS2 && m_view == PlotView::Errors);
  PlotStyle::title(m_energy)->setText(tr("Energy deviation |E − E₀|"));
  updateStructureTitle();
  // a structure error is a pure number: "[–]" says so, as every other axis names its unit
  m_structure->yAxis->setLabel(m_hasStructure ? tr("%1 [–]").arg(structureName)
                                              : tr("structure error"));
  m_note->setVisible(!m_hasStructure);
  rebuildQuantityGraphs();
  updateChooser();
  // the legends in the window only while they fit one row: the names and colours of more runs
  // are in the window's own legend, and the plots keep their height (files always have them)
  m_legendsInWindow = runs.size() <= 3;
  setLegendsShown(m_legendsInWindow);
  // a linear space has no structure to lose: the energy plot takes the width
  m_structure->setVisible(m_hasStructure);
  m_autoscale = true;
}

// the curves of the views other than Errors, for the runs of setRuns and the quantities of
// setQuantities
void PlotPanel::rebuildQuantityGraphs() {
  for (QCustomPlot* p : {m_shadowPlot, m_phase, m_stateA, m_stateB, m_momentum})
    p->clearPlottables();
  const std::size_t n = m_runs.size();
  m_signedEnergyGraphs.assign(n, nullptr);
  m_shadowGraphs.assign(n, nullptr);
  m_momentumGraphs.assign(n, nullptr);
  m_phaseCurves.assign(n, nullptr);
  m_phaseMarkers.assign(n, nullptr);
  for (auto& plot : m_stateGraphs) plot.assign(n, {});
  const bool known = m_haveQuantities && m_methods.size() == n && m_q.shadow.size() == n;
  const auto graph = [](QCustomPlot* p, const QColor& c, double width, Qt::PenStyle pen,
                        const QString& name) {
    QCPGraph* g = p->addGraph();
    g->setPen(QPen(c, width, pen));
    g->setName(name);
    g->setAdaptiveSampling(true);
    return g;
  };

  // energy and shadow energy, of the runs that have H~ (where none has, the plot says why)
  for (std::size_t i = 0; known && i < n; ++i)
    if (m_q.shadow[i].available)
      m_signedEnergyGraphs[i] = graph(m_shadowPlot, m_runs[i].color, 1.0, m_runs[i].pen,
                                      tr("%1: E − E₀").arg(m_runs[i].label));
  // H~ on top, wider and darker: flat where E oscillates around it
  for (std::size_t i = 0; known && i < n; ++i)
    if (m_q.shadow[i].available)
      m_shadowGraphs[i] = graph(m_shadowPlot, m_runs[i].color.darker(200), 2.5, Qt::SolidLine,
                                tr("%1: H̃ − H̃₀").arg(m_runs[i].label));
  PlotStyle::title(m_shadowPlot)
      ->setText(tr("Energy E − E₀ (thin) and shadow energy H̃ − H̃₀ (thick, order %1)")
                    .arg(SimWorker::kShadowOrder));
  updateShadowNote(false);

  // phase portrait
  if (known && m_q.plane) {
    const PhasePlane& plane = *m_q.plane;
    const QString qName = plotSymbol(plane.qName), pName = plotSymbol(plane.pName);
    // the axes name the symbols alone (a short plot has no room for more), the title the rest
    PlotStyle::title(m_phase)->setText(tr("Phase portrait (%1, %2)").arg(qName, pName));
    m_phase->xAxis->setLabel(QString("%1 [%2]").arg(qName, plotSymbol(plane.qUnit)));
    m_phase->yAxis->setLabel(
        QString("%1 [%2]").arg(pName.section(' ', 0, 0), plotSymbol(plane.pUnit)));
    // the first run drawn last, on top: the article's variational run over RK45's spiral
    for (std::size_t i = n; i-- > 0;) {
      auto* c = new QCPCurve(m_phase->xAxis, m_phase->yAxis);
      c->setPen(QPen(m_runs[i].color, 1.0, m_runs[i].pen));
      c->setName(m_runs[i].label);
      c->removeFromLegend();
      m_phaseCurves[i] = c;
    }
    for (QCPCurve* c : m_phaseCurves) c->addToLegend();  // the legend in the runs' order
    for (std::size_t i = 0; i < n; ++i) {
      auto* m = new QCPCurve(m_phase->xAxis, m_phase->yAxis);
      m->setLayer("cursor");
      m->setLineStyle(QCPCurve::lsNone);
      m->setPen(QPen(m_runs[i].color, 2.0));
      m->setScatterStyle(
          QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(m_runs[i].color, 2.0), Qt::white, 10));
      m->removeFromLegend();
      m_phaseMarkers[i] = m;
    }
  }

  // state: each plot's components, the runs by colour, the components by line where several
  for (int j = 0; j < 2 && known && m_q.state.size() == 2; ++j) {
    const StatePlot& sp = m_q.state[std::size_t(j)];
    QCustomPlot* p = j == 0 ? m_stateA : m_stateB;
    p->yAxis->setLabel(sp.yLabel);
    const bool several = sp.components.size() > 1;
    static const Qt::PenStyle styles[3] = {Qt::SolidLine, Qt::DashLine, Qt::DotLine};
    // the title keys the components' lines (a short plot has no legend row)
    static const char* glyphs[3] = {"─", "╌", "┈"};
    QStringList key;
    for (int k = 0; several && k < sp.labels.size(); ++k)
      key << QString("%1 %2").arg(sp.labels[k], QString::fromUtf8(glyphs[k % 3]));
    PlotStyle::title(p)->setText(several ? QString("%1: %2").arg(sp.title, key.join(", "))
                                         : sp.title);
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t k = 0; k < sp.components.size(); ++k) {
        QCPGraph* g = graph(p, m_runs[i].color, 1.0, several ? styles[k % 3] : m_runs[i].pen,
                            m_runs[i].label);
        if (several) g->removeFromLegend();
        if (sp.angular) {
          // the wrap breaks the line; lone points of a fast rotation still show
          g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDot));
        }
        m_stateGraphs[j][i].push_back(g);
      }
    if (several) {
      // the legend names the runs by colour and the components by line
      for (std::size_t i = 0; i < n; ++i)
        graph(p, m_runs[i].color, 2.0, Qt::SolidLine, m_runs[i].label);
      for (std::size_t k = 0; k < sp.components.size(); ++k)
        graph(p, mutedTextColor(), 1.0, styles[k % 3], sp.labels.value(int(k)));
    }
  }

  // conserved angular momentum
  setNote(m_momentumNote, &m_momentumNoteText, QString());
  if (known && m_q.momentum) {
    PlotStyle::title(m_momentum)->setText(tr("Angular momentum deviation |L − L₀|"));
    for (std::size_t i = 0; i < n; ++i)
      m_momentumGraphs[i] = graph(m_momentum, m_runs[i].color, 1.0, m_runs[i].pen, m_runs[i].label);
  }
}

// the runs without a shadow energy and why (the availability's reason, or what stopped it), runs
// with the same reason together: its first clause where the plot is short (the window at its
// smallest), the whole of it in a file or a tall plot, and always in the plot's tooltip
void PlotPanel::updateShadowNote(bool full) {
  QStringList whole, brief, reasons;
  std::vector<QStringList> who;
  const std::size_t n = m_runs.size();
  if (m_haveQuantities && m_q.shadow.size() == n) {
    for (std::size_t i = 0; i < n; ++i) {
      QString why = QString::fromStdString(m_q.shadow[i].reason);
      if (m_q.shadow[i].available && m_stores && i < m_stores->size())
        why = QString::fromStdString((*m_stores)[i].shadowProblem());
      if (why.isEmpty()) continue;
      const int at = int(reasons.indexOf(why));
      if (at < 0) {
        reasons << why;
        who.push_back({m_runs[i].label});
      } else {
        who[std::size_t(at)] << m_runs[i].label;
      }
    }
  }
  bool any = false;
  for (std::size_t i = 0; i < n && i < m_shadowGraphs.size(); ++i) any = any || m_shadowGraphs[i];
  if (!any && !reasons.isEmpty()) {
    // no run has H~: the plot has no curve, and its middle says why, as the core puts it
    QStringList lines;
    const int width = std::max(40, int((plotWidth() - 60) / 7.5));  // at 10 points
    for (QString reason : reasons) {
      reason = reason.startsWith("not available") ? reason.mid(int(strlen("not available")))
                                                  : ": " + reason;
      lines << wrapWords(tr("No shadow energy%1").arg(reason), width);
    }
    m_shadowPlot->setToolTip(QString());
    m_shadowCentre->setText(lines.join('\n'));
    m_shadowCentre->setVisible(true);
    setNote(m_shadowNote, &m_shadowNoteText, QString());
    m_shadowCentreText = lines.join(' ');
    return;
  }
  m_shadowCentre->setVisible(false);
  m_shadowCentreText.clear();
  for (int k = 0; k < reasons.size(); ++k) {
    const QString runs = who[std::size_t(k)].join(", ");
    QString reason = reasons[k];
    // "not available for rk45: only a symplectic map has ...; the construction ..." without
    // its head; the first clause: up to the first ';' or '('
    if (reason.startsWith("not available for") && reason.contains(": "))
      reason = reason.mid(reason.indexOf(": ") + 2);
    QString first = reason.section(';', 0, 0);
    if (first.contains(" (")) first = first.left(first.indexOf(" ("));
    whole << tr("No shadow energy for %1: %2").arg(runs, reason);
    brief << tr("No shadow energy for %1: %2").arg(runs, first);
  }
  // about 6.5 pixels a character at 8 points
  const int width = std::max(40, int((plotWidth() - 20) / 6.5));
  QStringList lines;
  if (full) {
    for (const QString& l : whole) lines << wrapWords(l, width);
  } else {
    // a short plot: one line, cut where it must be (the tooltip has the whole of it)
    QString line = brief.join("; ");
    if (line.size() > width) line = line.left(width - 1) + QStringLiteral("…");
    if (!line.isEmpty()) lines << line;
  }
  m_shadowPlot->setToolTip(whole.join('\n'));
  setNote(m_shadowNote, &m_shadowNoteText, lines.join('\n'));
}

// the runs whose |L - L0| is 0 at every sample: a log axis has no point for them
void PlotPanel::updateMomentumNote() {
  QStringList exact;
  const std::size_t n = m_stores ? std::min(m_stores->size(), m_momentumGraphs.size()) : 0;
  for (std::size_t i = 0; i < n && m_log; ++i) {
    const RunStore& s = (*m_stores)[i];
    if (m_momentumGraphs[i] && !s.empty() && s.summary().momentumMaxDev == 0.0)
      exact << m_runs[i].label;
  }
  setNote(m_momentumNote, &m_momentumNoteText,
          exact.isEmpty() ? QString()
                          : tr("%1: L conserved exactly (|L − L₀| = 0 at every step, no point "
                               "on a log axis)")
                                .arg(exact.join(", ")));
}

// a note row under the axes, out of the layout while it says nothing (an empty text element
// still takes a line)
void PlotPanel::setNote(QCPTextElement* element, QString* shown, const QString& text) {
  if (text == *shown) return;
  *shown = text;
  element->setText(text);
  element->setVisible(!text.isEmpty());
  QCPLayoutGrid* layout = element->parentPlot()->plotLayout();
  const bool inLayout = layout->hasElement(3, 0);
  if (text.isEmpty() && inLayout) layout->take(element);
  if (!text.isEmpty() && !inLayout) layout->addElement(3, 0, element);
  element->parentPlot()->replot(QCustomPlot::rpQueuedReplot);
}

// the width the energy plot is drawn at: the export's, else the window's
int PlotPanel::plotWidth() const { return m_exporting ? m_exportWidth : m_shadowPlot->width(); }

QString PlotPanel::note(PlotView view) const {
  if (view == PlotView::Energy)
    return m_shadowCentreText.isEmpty() ? m_shadowNoteText : m_shadowCentreText;
  if (view == PlotView::Momentum) return m_momentumNoteText;
  return {};
}

void PlotPanel::updateChooser() {
  auto* model = qobject_cast<QStandardItemModel*>(m_viewBox->model());
  for (int i = 0; i < kPlotViewCount && model; ++i) {
    const PlotView v = PlotView(i);
    QStandardItem* item = model->item(i);
    const bool on = viewAvailable(v);
    item->setEnabled(on);
    QString tip = viewTip(v);
    if (!on && v == PlotView::Phase)
      tip = tr("No phase portrait: the system has more than one degree of freedom");
    if (!on && v == PlotView::Momentum)
      tip = tr("No angular momentum plot: the system has no conserved angular momentum");
    item->setToolTip(tip);
  }
  if (!viewAvailable(m_view)) setView(PlotView::Errors);
}

bool PlotPanel::viewAvailable(PlotView v) const {
  switch (v) {
    case PlotView::Errors:
    case PlotView::Energy:
    case PlotView::State:
      return true;
    case PlotView::Phase:
      return m_haveQuantities && m_q.plane.has_value();
    case PlotView::Momentum:
      return m_haveQuantities && m_q.momentum;
  }
  return false;
}

bool PlotPanel::setView(PlotView v) {
  if (!viewAvailable(v)) return false;
  const bool changed = v != m_view;
  m_view = v;
  m_stack->setCurrentIndex(int(v));
  m_viewBox->blockSignals(true);
  m_viewBox->setCurrentIndex(int(v));
  m_viewBox->blockSignals(false);
  // log axes where the curves are errors; signed values and coordinates are linear
  const bool logApplies = v == PlotView::Errors || v == PlotView::Momentum;
  m_logBox->setEnabled(logApplies);
  m_logBox->setToolTip(logApplies
                           ? tr("Logarithmic y axes (errors span many orders of magnitude)")
                           : tr("This view plots signed values and coordinates: linear axes"));
  m_s2Box->setVisible(v == PlotView::Errors && !m_structure2Name.isEmpty());
  m_autoscale = true;
  refresh();
  setCursorTime(m_cursorTime);  // the marks of the view shown
  // once more when the page is laid out: its plots' widths are the columns of the curves
  QMetaObject::invokeMethod(
      this,
      [this, v] {
        if (m_view == v) refresh();
      },
      Qt::QueuedConnection);
  if (changed) emit viewChanged(v);
  return true;
}

void PlotPanel::fillGraph(QCPGraph* g, const RunStore& store, Metric m, double t0, double t1,
                          int columns, bool log, bool angular) {
  const Curve c = store.decimate(m, t0, t1, columns);
  QVector<double> keys, values;
  keys.reserve(int(c.t.size()));
  values.reserve(int(c.t.size()));
  for (std::size_t i = 0; i < c.t.size(); ++i) {
    // a log axis cannot show 0 (an exact invariant): leave the point out, keep the line
    if (log && !(c.value[i] > 0.0)) continue;
    // an angle's wrap from pi to -pi is no motion: a gap, not a line across the plot
    if (angular && !values.isEmpty() && std::fabs(c.value[i] - values.back()) > kPi) {
      keys.push_back(0.5 * (keys.back() + c.t[i]));
      values.push_back(kNaN);
    }
    keys.push_back(c.t[i]);
    values.push_back(c.value[i]);
  }
  g->setData(keys, values, true);
}

// (q, p) of every kept sample of each run (the playback buffer: every sample of a short run,
// evenly thinned on a long one), the angle in (-pi, pi] with a gap at each wrap, and a gap
// wherever consecutive points are too far apart for a line to stand for the path
void PlotPanel::fillPhase() {
  if (!m_stores || !m_q.plane) return;
  const PhasePlane& plane = *m_q.plane;
  const std::size_t n = std::min(m_stores->size(), m_phaseCurves.size());
  for (std::size_t i = 0; i < n; ++i) {
    QCPCurve* curve = m_phaseCurves[i];
    if (!curve) continue;
    const RunStore& store = (*m_stores)[i];
    QVector<double> t, q, p;
    const auto addSample = [&](const Sample& s) {
      const Vector2d x = plane.read(s);
      t.push_back(s.t);
      q.push_back(plane.angular ? wrapAngle(x[0]) : x[0]);
      p.push_back(x[1]);
    };
    for (const Sample& s : store.playback()) addSample(s);
    if (!store.empty() && (t.isEmpty() || store.last().t > t.back())) addSample(store.last());
    double qLo = 0, qHi = 0, pLo = 0, pHi = 0;
    for (int k = 0; k < q.size(); ++k) {
      qLo = k ? std::min(qLo, q[k]) : q[k];
      qHi = k ? std::max(qHi, q[k]) : q[k];
      pLo = k ? std::min(pLo, p[k]) : p[k];
      pHi = k ? std::max(pHi, p[k]) : p[k];
    }
    // a chord longer than a fifth of the portrait's extent is no part of the path (a long
    // run's thinned samples): the points stay, the line breaks
    const double qGap = 0.2 * (qHi - qLo), pGap = 0.2 * (pHi - pLo);
    QVector<double> tt, qq, pp;
    tt.reserve(t.size() + 16);
    qq.reserve(t.size() + 16);
    pp.reserve(t.size() + 16);
    bool thinned = false;
    for (int k = 0; k < t.size(); ++k) {
      if (k > 0) {
        const double dq = std::fabs(q[k] - q[k - 1]), dp = std::fabs(p[k] - p[k - 1]);
        const bool wrap = plane.angular && dq > kPi;
        const bool far = (qGap > 0 && dq > qGap) || (pGap > 0 && dp > pGap);
        if (wrap || far) {
          thinned = thinned || (far && !wrap);
          tt.push_back(0.5 * (t[k - 1] + t[k]));
          qq.push_back(kNaN);
          pp.push_back(kNaN);
        }
      }
      tt.push_back(t[k]);
      qq.push_back(q[k]);
      pp.push_back(p[k]);
    }
    curve->setData(tt, qq, pp, true);
    curve->setScatterStyle(thinned ? QCPScatterStyle(QCPScatterStyle::ssDisc, 2.5)
                                   : QCPScatterStyle(QCPScatterStyle::ssNone));
  }
}

// the ring of each run at the playback time, on the cursor layer (a frame repaints it alone)
void PlotPanel::updatePhaseMarkers() {
  if (m_view != PlotView::Phase || !m_q.plane) return;
  const std::size_t n = m_stores ? std::min(m_stores->size(), m_phaseMarkers.size()) : 0;
  for (std::size_t i = 0; i < n; ++i) {
    QCPCurve* m = m_phaseMarkers[i];
    if (!m) continue;
    const std::optional<Sample> s = (*m_stores)[i].nearest(m_cursorTime);
    if (!s) {
      m->data()->clear();
      continue;
    }
    const Vector2d x = m_q.plane->read(*s);
    const double q = m_q.plane->angular ? wrapAngle(x[0]) : x[0];
    m->setData(QVector<double>{s->t}, QVector<double>{q}, QVector<double>{x[1]}, true);
  }
  m_phase->layer("cursor")->replot();
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
            fillGraph(m_energyGraphs[i], s, Metric::EnergyDeviation, t0, t1, columns, m_log);
          if (i < m_structureGraphs.size())
            fillGraph(m_structureGraphs[i], s, Metric::Structure, t0, t1, columns, m_log);
          if (i < m_structure2Graphs.size() && m_structure2Graphs[i])
            fillGraph(m_structure2Graphs[i], s, Metric::Structure2, t0, t1, columns, m_log);
          break;
        case PlotView::Energy:
          if (i < m_signedEnergyGraphs.size() && m_signedEnergyGraphs[i])
            fillGraph(m_signedEnergyGraphs[i], s, Metric::Energy, t0, t1, columns, false);
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
              fillGraph(gs[k], s, componentMetric(sp.components[k]), t0, t1, columns, false,
                        sp.angular);
          }
          break;
        case PlotView::Momentum:
          if (i < m_momentumGraphs.size() && m_momentumGraphs[i])
            fillGraph(m_momentumGraphs[i], s, Metric::MomentumDeviation, t0, t1, columns, m_log);
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
    if (m_view == PlotView::Momentum && n > 0 && !(*m_stores)[0].empty())
      PlotStyle::title(m_momentum)
          ->setText(tr("Angular momentum deviation |L − L₀|, |L₀| = %1 kg m²/s")
                        .arg((*m_stores)[0].summary().momentum0().norm(), 0, 'g', 4));
  }
  if (m_autoscale) {
    for (QCustomPlot* p : time) {
      p->xAxis->blockSignals(true);
      p->xAxis->setRange(0.0, m_horizon);
      p->xAxis->blockSignals(false);
      const bool log = isLogPlot(p);
      bool any = false;
      for (int i = 0; i < p->graphCount(); ++i) {
        QCPGraph* g = p->graph(i);
        if (!g->visible() || g->dataCount() == 0) continue;
        g->rescaleValueAxis(any, false);
        any = true;
      }
      if (!any) {
        p->yAxis->setRange(log ? QCPRange(1e-16, 1.0) : QCPRange(0.0, 1.0));
      } else if (log) {
        // a decade of room above and below
        const QCPRange r = p->yAxis->range();
        p->yAxis->setRange(r.lower / 3.0, r.upper * 3.0);
      } else if (!(p->yAxis->range().size() > 0)) {
        // one value (an exact invariant): a range around it
        const double v = p->yAxis->range().center();
        const double d = std::max(1e-12, 0.05 * std::fabs(v));
        p->yAxis->setRange(v - d, v + d);
      } else {
        p->yAxis->scaleRange(1.1, p->yAxis->range().center());
      }
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

std::vector<PlotPanel::CurvePoint> PlotPanel::curve(PlotView view, int run, int which) const {
  std::vector<CurvePoint> out;
  if (run < 0 || std::size_t(run) >= m_runs.size()) return out;
  const std::size_t r = std::size_t(run);
  const auto ofGraph = [&out](const QCPGraph* g) {
    if (!g) return;
    for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it)
      out.push_back({it->key, it->key, it->value});
  };
  const auto ofCurve = [&out](const QCPCurve* c) {
    if (!c) return;
    for (auto it = c->data()->constBegin(); it != c->data()->constEnd(); ++it)
      out.push_back({it->t, it->key, it->value});
  };
  switch (view) {
    case PlotView::Errors:
      ofGraph(which == 0 ? (r < m_energyGraphs.size() ? m_energyGraphs[r] : nullptr)
                         : (r < m_structureGraphs.size() ? m_structureGraphs[r] : nullptr));
      break;
    case PlotView::Energy:
      ofGraph(which == 0 ? m_signedEnergyGraphs[r] : m_shadowGraphs[r]);
      break;
    case PlotView::Phase:
      ofCurve(which == 0 ? m_phaseCurves[r] : m_phaseMarkers[r]);
      break;
    case PlotView::State: {
      int k = which;
      for (const auto& plot : m_stateGraphs) {
        if (r >= plot.size()) break;
        if (k < int(plot[r].size())) {
          ofGraph(plot[r][std::size_t(k)]);
          break;
        }
        k -= int(plot[r].size());
      }
      break;
    }
    case PlotView::Momentum:
      ofGraph(m_momentumGraphs[r]);
      break;
  }
  return out;
}

}  // namespace dms::ui
