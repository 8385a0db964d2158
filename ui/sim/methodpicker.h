// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The methods shown side by side: a check box per method the system has, with the method's
// colour and line as its icon and its one-line description as its tooltip. At least one stays
// chosen; the runs are listed, plotted and given 3D viewports in the system's method order. A
// method that is vi's map in other coordinates (RATTLE) says so, in its tooltip and, chosen with
// vi, in the note under the boxes: its dashed curves lie on vi's.
#pragma once

#include <QGroupBox>
#include <vector>

#include "core/sim/registry.h"

class QCheckBox;
class QGridLayout;
class QLabel;

namespace dms::ui {

class MethodPicker : public QGroupBox {
  Q_OBJECT
 public:
  explicit MethodPicker(QWidget* parent = nullptr);

  /// A box per method of the system, the article's pair chosen (no changed() signal).
  void setSystem(const SystemModel* model);
  /// Chooses these methods (those the system has; none: the article's pair), no changed().
  void setMethods(const std::vector<Method>& methods);
  /// The chosen methods, in the system's order.
  std::vector<Method> methods() const;
  /// The box of a method, for tests; nullptr when the system has no such method.
  QCheckBox* box(Method m) const;

 signals:
  /// The user chose or dropped a method.
  void changed();

 private:
  void update();

  const SystemModel* m_model = nullptr;
  QGridLayout* m_grid = nullptr;
  QLabel* m_note = nullptr;
  std::vector<std::pair<Method, QCheckBox*>> m_boxes;
};

}  // namespace dms::ui
