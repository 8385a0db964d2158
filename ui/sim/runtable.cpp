#include "ui/sim/runtable.h"

#include <QHeaderView>
#include <QPainter>

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
  setColumnCount(7);
  setHorizontalHeaderLabels({tr("method"), tr("steps"), tr("evaluations"), tr("CPU s"),
                             tr("|E − E₀| at end"), tr("structure at end"), tr("state")});
  horizontalHeaderItem(1)->setToolTip(tr("Accepted steps (and rejected, for adaptive methods)"));
  horizontalHeaderItem(2)->setToolTip(
      tr("Right-hand-side evaluations, or evaluations of the forces for variational steps"));
  horizontalHeaderItem(3)->setToolTip(tr("CPU time the worker spent on the run"));
  verticalHeader()->setVisible(false);
  verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
  horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
  horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
  setEditTriggers(QAbstractItemView::NoEditTriggers);
  setSelectionMode(QAbstractItemView::NoSelection);
  setFocusPolicy(Qt::NoFocus);
  setIconSize(QSize(22, 12));
  setAlternatingRowColors(true);
  setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

QSize RunTable::sizeHint() const {
  const int rows = std::max(rowCount(), 1);
  const int h = horizontalHeader()->sizeHint().height() +
                rows * verticalHeader()->defaultSectionSize() + 2 * frameWidth();
  return {QTableWidget::sizeHint().width(), h};
}

void RunTable::setRows(const std::vector<RunRow>& rows) {
  const bool resized = rowCount() != int(rows.size());
  setRowCount(int(rows.size()));
  const auto set = [this](int r, int c, const QString& text, const QColor& color = {}) {
    QTableWidgetItem* it = item(r, c);
    if (!it) {
      it = new QTableWidgetItem;
      it->setTextAlignment(c == 0 || c == 6 ? Qt::AlignLeft | Qt::AlignVCenter
                                            : Qt::AlignRight | Qt::AlignVCenter);
      setItem(r, c, it);
    }
    if (it->text() != text) it->setText(text);
    it->setForeground(color.isValid() ? color : palette().color(QPalette::Text));
  };
  for (int r = 0; r < int(rows.size()); ++r) {
    const RunRow& x = rows[std::size_t(r)];
    set(r, 0, x.label);
    item(r, 0)->setIcon(swatch(x.color, x.pen));
    set(r, 1,
        x.adaptive ? tr("%1 (+%2 rejected)").arg(x.steps).arg(x.rejected)
                   : QString::number(x.steps));
    set(r, 2, QString::number(x.evaluations));
    set(r, 3, QString::number(x.cpuSeconds, 'f', 4));
    set(r, 4, x.energyError ? sci(*x.energyError) : QStringLiteral("–"));
    set(r, 5, x.structureError ? sci(*x.structureError) : QStringLiteral("–"));
    set(r, 6, x.state, x.failed ? errorColor() : QColor());
  }
  if (resized) updateGeometry();
}

}  // namespace dms::ui
