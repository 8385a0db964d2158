// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/sim/runtable.h"

#include <QHeaderView>
#include <QPainter>
#include <QResizeEvent>
#include <QScrollBar>
#include <algorithm>

#include "ui/common/palette.h"

namespace dms::ui {

namespace {

QString sci(double v) { return QString::number(v, 'e', 2); }

QIcon swatch(const QColor& c, Qt::PenStyle pen) {
  QPixmap px(22, 12);
  px.fill(Qt::transparent);
  QPainter p(&px);
  p.setPen(QPen(c, 3.0, pen, Qt::FlatCap));
  p.drawLine(QPointF(1, 6), QPointF(21, 6));
  return QIcon(px);
}

}  // namespace

RunTable::RunTable(QWidget* parent) : QTableWidget(parent) {
  setColumnCount(kColumns);
  // one line each: "at t" is the playback cursor's time (the tooltips say so)
  setHorizontalHeaderLabels({tr("method"), tr("steps"), tr("evaluations"), tr("CPU s"),
                             tr("|E − E₀| at t"), tr("max |E − E₀|"), tr("structure at t"),
                             tr("max structure"), tr("|L − L₀| at t"), tr("max |L − L₀|"),
                             tr("state")});
  horizontalHeaderItem(kSteps)->setToolTip(
      tr("Accepted steps (and rejected, for adaptive methods)"));
  horizontalHeaderItem(kEvaluations)
      ->setToolTip(
          tr("Right-hand-side evaluations, or evaluations of the forces for variational steps"));
  horizontalHeaderItem(kCpu)->setToolTip(tr("CPU time the worker spent on the run"));
  const QString cursor = tr("At the playback cursor (the kept sample nearest to it)");
  for (int c : {kEnergyAt, kStructureAt, kMomentumAt}) horizontalHeaderItem(c)->setToolTip(cursor);
  horizontalHeaderItem(kEnergyMax)
      ->setToolTip(tr("Largest over every step computed so far (dmsim run: energy_max_dev)"));
  horizontalHeaderItem(kStructureMax)
      ->setToolTip(tr("Largest over every step computed so far (dmsim run: structure_max_err)"));
  horizontalHeaderItem(kMomentumMax)
      ->setToolTip(tr("The conserved angular momentum's largest deviation over every step "
                      "computed so far (dmsim run: angmom_max_dev)"));
  verticalHeader()->setVisible(false);
  verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
  // every header and value whole: a narrow window scrolls the table sideways, never cuts a
  // number to "0...."
  horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  horizontalHeader()->setStretchLastSection(true);
  setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
  setTextElideMode(Qt::ElideNone);
  setEditTriggers(QAbstractItemView::NoEditTriggers);
  setSelectionMode(QAbstractItemView::NoSelection);
  setFocusPolicy(Qt::NoFocus);
  setIconSize(QSize(22, 12));
  setAlternatingRowColors(true);
  setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

QSize RunTable::sizeHint() const {
  // at most kShownRows rows without scrolling: with many methods the plots keep their height
  const int rows = std::clamp(rowCount(), 1, kShownRows);
  int h = horizontalHeader()->sizeHint().height() + rows * verticalHeader()->defaultSectionSize() +
          2 * frameWidth();
  if (horizontalHeader()->length() > viewport()->width())
    h += horizontalScrollBar()->sizeHint().height();
  return {QTableWidget::sizeHint().width(), h};
}

void RunTable::resizeEvent(QResizeEvent* e) {
  QTableWidget::resizeEvent(e);
  if (e->oldSize().width() != e->size().width()) updateGeometry();  // the scroll bar may come or go
}

void RunTable::setRows(const std::vector<RunRow>& rows, double t, bool momentum) {
  const bool resized = rowCount() != int(rows.size());
  setRowCount(int(rows.size()));
  setColumnHidden(kMomentumAt, !momentum);
  setColumnHidden(kMomentumMax, !momentum);
  const QString cursorTip = tr("At the playback cursor, t = %1 s").arg(QString::number(t, 'g', 6));
  for (int c : {kEnergyAt, kStructureAt, kMomentumAt})
    if (horizontalHeaderItem(c)->toolTip() != cursorTip)
      horizontalHeaderItem(c)->setToolTip(cursorTip);
  const auto set = [this](int r, int c, const QString& text, const QColor& color = {}) {
    QTableWidgetItem* it = item(r, c);
    if (!it) {
      it = new QTableWidgetItem;
      it->setTextAlignment(c == kMethod || c == kState ? Qt::AlignLeft | Qt::AlignVCenter
                                                       : Qt::AlignRight | Qt::AlignVCenter);
      setItem(r, c, it);
    }
    if (it->text() != text) it->setText(text);
    it->setForeground(color.isValid() ? color : palette().color(QPalette::Text));
  };
  const auto value = [](const std::optional<double>& v) {
    return v ? sci(*v) : QStringLiteral("–");
  };
  for (int r = 0; r < int(rows.size()); ++r) {
    const RunRow& x = rows[std::size_t(r)];
    set(r, kMethod, x.label);
    item(r, kMethod)->setIcon(swatch(x.color, x.pen));
    set(r, kSteps,
        x.adaptive ? tr("%1 (+%2 rejected)").arg(x.steps).arg(x.rejected)
                   : QString::number(x.steps));
    set(r, kEvaluations, QString::number(x.evaluations));
    set(r, kCpu, QString::number(x.cpuSeconds, 'f', 4));
    set(r, kEnergyAt, value(x.energyAt));
    set(r, kEnergyMax, value(x.energyMax));
    set(r, kStructureAt, value(x.structureAt));
    set(r, kStructureMax, value(x.structureMax));
    set(r, kMomentumAt, value(x.momentumAt));
    set(r, kMomentumMax, value(x.momentumMax));
    set(r, kState, x.state, x.failed ? errorColor() : QColor());
  }
  const bool scrolls = horizontalHeader()->length() > viewport()->width();
  if (resized || scrolls != m_scrolls) updateGeometry();
  m_scrolls = scrolls;
}

}  // namespace dms::ui
