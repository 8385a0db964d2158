// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The field where the user types the potential of a system that takes one (custom-rigid-body,
// custom-sphere-particle): the expression, Apply (or Enter), the core's refusal in red beneath
// it (the column and what was expected), and on request the derived quantity (the moment or the
// gradient) of the expression in force. A refused text changes nothing: the expression in force
// stays, and the field keeps what was typed so that it can be corrected.
#pragma once

#include <QWidget>
#include <memory>

#include "core/systems/system.h"

class QLabel;
class QLineEdit;
class QPushButton;

namespace dms::ui {

class PotentialEditor : public QWidget {
  Q_OBJECT
 public:
  explicit PotentialEditor(QWidget* parent = nullptr);

  /// Shows the potential of `current` (an instance of `base`'s system); hidden when `base`
  /// takes no typed potential.
  void setSystem(const SystemModel* base, const SystemModel* current);
  /// Checks the field's text through the core: accepted() with the new instance, or the
  /// refusal shown in place (and returned) with the expression in force unchanged.
  QString apply();

  QLineEdit* field() const { return m_field; }
  QPushButton* applyButton() const { return m_apply; }
  QPushButton* derivativesButton() const { return m_showDerived; }
  /// The refusal shown (empty when the field's last text was accepted).
  QString error() const;
  /// The derived quantity's text as shown (whether or not it is visible).
  QString derivedText() const;

 signals:
  /// The text was accepted: `model` is the system with that potential.
  void accepted(std::shared_ptr<const SystemModel> model);

 private:
  void showDerived(const SystemModel* current);

  const SystemModel* m_base = nullptr;
  QLineEdit* m_field = nullptr;
  QPushButton* m_apply = nullptr;
  QPushButton* m_showDerived = nullptr;
  QLabel* m_variables = nullptr;
  QLabel* m_error = nullptr;
  QLabel* m_derived = nullptr;
};

}  // namespace dms::ui
