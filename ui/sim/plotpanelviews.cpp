// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The plot panel's views (ui/sim/plotpanel.h): their titles and tooltips in the chooser, which
// ones the system has, and switching between them.
#include <qcustomplot.h>

#include <QCheckBox>
#include <QComboBox>
#include <QMetaObject>
#include <QStackedWidget>
#include <QStandardItemModel>

#include "ui/sim/plotpanel.h"

namespace dms::ui {

QString PlotPanel::viewTip(PlotView v) {
  switch (v) {
    case PlotView::Errors:
      return QObject::tr("|E − E₀| and the structure error of every run");
    case PlotView::Energy:
      return QObject::tr(
          "E − E₀ of every run and the shadow energy H̃ − H̃₀ of the variational runs: E "
          "oscillates, the energy the integrator conserves (H̃) does not");
    case PlotView::Phase:
      return QObject::tr("(q, p) of every run; the ring marks the playback time");
    case PlotView::State:
      return QObject::tr("The state's coordinates against t");
    case PlotView::Momentum:
      return QObject::tr("|L − L₀| of the conserved angular momentum against t");
  }
  return {};
}

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

}  // namespace dms::ui
