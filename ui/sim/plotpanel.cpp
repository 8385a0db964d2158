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
#include <QStandardItemModel>
#include <QVBoxLayout>

#include "ui/common/palette.h"
#include "ui/common/timeunit.h"
#include "ui/sim/views/controlview.h"
#include "ui/sim/views/energyview.h"
#include "ui/sim/views/errorsview.h"
#include "ui/sim/views/momentumview.h"
#include "ui/sim/views/phaseview.h"
#include "ui/sim/views/stateview.h"

namespace dms::ui {

PlotPanel::PlotPanel(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(2);

  auto* bar = new QHBoxLayout;
  auto* show = new QLabel(tr("&Show:"), this);
  m_viewBox = new QComboBox(this);
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
  m_logBox->setChecked(m_ctx.log);
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
  m_errors = new ErrorsView(m_ctx, m_stack);
  m_pages = {m_errors,
             new EnergyView(m_ctx, m_stack),
             new PhaseView(m_ctx, m_stack),
             new StateView(m_ctx, m_stack),
             new MomentumView(m_ctx, m_stack),
             new ControlView(m_ctx, m_stack)};
  for (PlotPage* page : m_pages) {
    m_stack->addWidget(page);
    connect(page, &PlotPage::rangeChosen, this, [this] { m_autoscale = false; });
    connect(page, &PlotPage::autoscaleRequested, this, &PlotPanel::autoscale);
    connect(page, &PlotPage::timeRangeChanged, this, [this] {
      if (!m_autoscale) refresh();
    });
  }
  layout->addWidget(m_stack, 1);
  // the chooser's entries, each with its page's title and tooltip (the first one added is no
  // choice of the user's)
  m_viewBox->blockSignals(true);
  for (int i = 0; i < kPlotViewCount; ++i) {
    m_viewBox->addItem(viewTitle(PlotView(i)), i);
    m_viewBox->setItemData(i, page(PlotView(i))->tip(), Qt::ToolTipRole);
  }
  m_viewBox->blockSignals(false);
  for (PlotPage* page : m_pages)
    page->addStaleBanners(tr("out of date: the values in the panel cannot run (see there)"));
  updateChooser();
}

std::vector<QCustomPlot*> PlotPanel::plots() const { return page(m_view)->plots(); }

QStringList PlotPanel::plotNames() { return ErrorsView::plotNames(); }

std::vector<std::pair<QString, QCustomPlot*>> PlotPanel::exportablePlots() const {
  return page(m_view)->exportablePlots();
}

bool PlotPanel::structureShown() const { return m_errors->hasStructure(); }

void PlotPanel::setStale(bool stale) {
  if (stale == m_stale) return;
  m_stale = stale;
  for (PlotPage* page : m_pages) page->setStale(stale);
  for (QCustomPlot* p : plots()) p->replot(QCustomPlot::rpQueuedReplot);
}

void PlotPanel::setLegendsShown(bool shown) {
  m_ctx.legendsShown = shown;
  placeLegends();
}

void PlotPanel::placeLegends() {
  for (PlotPage* page : m_pages) page->placeLegends();
}

void PlotPanel::resizeEvent(QResizeEvent* e) {
  QWidget::resizeEvent(e);
  // the legend rows and the notes follow the plots' height: laid out anew once the new sizes
  // are in
  QMetaObject::invokeMethod(
      this,
      [this] {
        placeLegends();
        page(m_view)->resized();
      },
      Qt::QueuedConnection);
}

void PlotPanel::setQuantities(const SystemModel& model, const ParamValues& values,
                              const std::vector<Method>& methods) {
  m_ctx.q = quantitiesOf(model, values, methods);
  m_ctx.methodCount = methods.size();
  m_ctx.haveQuantities = true;
}

void PlotPanel::setControl(const std::vector<StatePartSpec>& channels,
                           const std::vector<std::size_t>& sizes, bool on, const QString& reason) {
  m_ctx.controls = channels;
  m_ctx.controlSizes = sizes;
  m_ctx.controlOn = on;
  m_ctx.controlReason = reason;
}

void PlotPanel::setRuns(const std::vector<RunStyle>& runs, double horizon,
                        const QString& structureName, const QString& structure2Name) {
  m_ctx.horizon = horizon;
  m_ctx.runs = runs;
  m_stale = false;
  m_errors->setStructure(structureName, structure2Name);
  const TimeUnit unit = timeUnitFor(horizon);
  for (PlotPage* page : m_pages) page->setRuns(unit);
  m_s2Box->setText(tr("Show %1").arg(structure2Name));
  m_s2Box->setToolTip(tr("Also plot %1 (dotted) on the structure plot").arg(structure2Name));
  m_s2Box->setVisible(m_errors->hasStructure2() && m_view == PlotView::Errors);
  updateChooser();
  // the legends in the window only while they fit one row: the names and colours of more runs
  // are in the window's own legend, and the plots keep their height (files always have them)
  m_legendsInWindow = runs.size() <= 3;
  setLegendsShown(m_legendsInWindow);
  m_autoscale = true;
}

void PlotPanel::setShowStructure2(bool on) {
  m_s2Box->blockSignals(true);
  m_s2Box->setChecked(on);
  m_s2Box->blockSignals(false);
  m_errors->setShowStructure2(on);
  refresh();
}

void PlotPanel::refresh(int columns, bool now) {
  // columns given: an export at its own width (SimulationMode::prepareExport), with the legends
  // and whole notes a file has; none: the window again
  if (m_ctx.exporting != (columns > 0)) {
    m_ctx.exporting = columns > 0;
    m_ctx.exportWidth = columns;
    placeLegends();
  }
  page(m_view)->refresh(columns, m_autoscale, now);
}

void PlotPanel::setCursorTime(double t) {
  m_cursorTime = t;
  // the plots of the view shown: a hidden one's marks move when it is shown
  page(m_view)->setCursorTime(t);
}

void PlotPanel::setLogScale(bool on) {
  m_ctx.log = on;
  m_logBox->blockSignals(true);
  m_logBox->setChecked(on);
  m_logBox->blockSignals(false);
  for (PlotPage* page : m_pages) page->applyScale();
  m_autoscale = true;
  refresh();
  emit logScaleChanged(on);
}

void PlotPanel::autoscale() {
  m_autoscale = true;
  refresh();
}

int PlotPanel::pointCount(int plot, int run) const { return m_errors->pointCount(plot, run); }

double PlotPanel::dataChecksum(int plot, int run) const {
  return m_errors->dataChecksum(plot, run);
}

std::vector<PlotPanel::CurvePoint> PlotPanel::curve(PlotView view, int run, int which) const {
  if (run < 0 || std::size_t(run) >= m_ctx.runs.size()) return {};
  return page(view)->curve(std::size_t(run), which);
}

QString PlotPanel::note(PlotView view) const { return page(view)->note(); }

QString PlotPanel::viewTitle(PlotView v) const { return page(v)->title(); }

void PlotPanel::updateChooser() {
  auto* model = qobject_cast<QStandardItemModel*>(m_viewBox->model());
  for (int i = 0; i < kPlotViewCount && model; ++i) {
    const PlotView v = PlotView(i);
    QStandardItem* item = model->item(i);
    const bool on = viewAvailable(v);
    item->setEnabled(on);
    const QString why = on ? QString() : page(v)->unavailableReason();
    item->setToolTip(why.isEmpty() ? page(v)->tip() : why);
  }
  if (!viewAvailable(m_view)) setView(PlotView::Errors);
}

bool PlotPanel::viewAvailable(PlotView v) const { return page(v)->available(); }

bool PlotPanel::setView(PlotView v) {
  if (!viewAvailable(v)) return false;
  const bool changed = v != m_view;
  m_view = v;
  m_stack->setCurrentIndex(int(v));
  m_viewBox->blockSignals(true);
  m_viewBox->setCurrentIndex(int(v));
  m_viewBox->blockSignals(false);
  // log axes where the curves are errors; signed values and coordinates are linear
  const bool logApplies = page(v)->usesLogScale();
  m_logBox->setEnabled(logApplies);
  m_logBox->setToolTip(logApplies
                           ? tr("Logarithmic y axes (errors span many orders of magnitude)")
                           : tr("This view plots signed values and coordinates: linear axes"));
  m_s2Box->setVisible(v == PlotView::Errors && m_errors->hasStructure2());
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

}  // namespace dms::ui
