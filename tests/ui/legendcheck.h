// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Whether a plot's legend entries are whole and inside the plot, for the window suites that look
// at a small window.
#pragma once

#include <qcustomplot.h>

#include <QStringList>

namespace dms::test {

/// The names of p's legend entries that are narrower than their text or outside the plot, after
/// two replots (the legend's rows follow the first layout at the plot's width); `entries`, if
/// given, gets the number of entries looked at. A legend out of the plot's layout is not drawn
/// (a plot too narrow for it leaves it out): none of its entries is looked at.
inline QStringList cutLegendEntries(QCustomPlot* p, int* entries = nullptr) {
  p->replot();
  p->replot();
  QStringList cut;
  if (!p->legend->layout()) return cut;
  for (int k = 0; k < p->legend->elementCount(); ++k)
    if (auto* e = qobject_cast<QCPPlottableLegendItem*>(p->legend->elementAt(k))) {
      const QCPLayoutElement* item = e;  // its size hint is public as an element's
      if (!(e->outerRect().width() >= item->minimumOuterSizeHint().width() &&
            p->rect().contains(e->outerRect())))
        cut << e->plottable()->name();
      if (entries) ++*entries;
    }
  return cut;
}

}  // namespace dms::test
