// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The Simulation mode's forcing panel: for a system that declares controls
// (SystemDeclaration::controls), a field per control channel for its law, a comma-separated
// expression per entry of the channel, of t, the state and the parameters, and a switch that
// puts the law on every run on screen (ui/sim/forcinglaw.h; the worker compiles it). A law that
// cannot be compiled is explained in place, with the names it may use, and nothing runs with
// it. For a system without controls the panel says so.
#pragma once

#include <QGroupBox>
#include <vector>

#include "core/systems/system.h"
#include "ui/sim/forcinglaw.h"

class QCheckBox;
class QLabel;
class QLineEdit;

namespace dms::ui {

class MessageLine;

class ForcingPanel : public QGroupBox {
  Q_OBJECT
 public:
  explicit ForcingPanel(QWidget* parent = nullptr);

  /// The system's channels, each field at its default (0 for every entry), the law off.
  void setSystem(const SystemModel* model);
  /// Whether the system declares a control.
  bool hasControl() const { return !m_fields.empty(); }
  /// The law in force: the fields' texts while the switch is on, else none.
  ForcingLaw law() const;
  bool isOn() const;
  /// Sets the fields' texts (one per channel) and the switch, without emitting changed().
  void setLaw(const std::vector<std::string>& channels, bool on);
  /// The law's problem in red under the fields (empty: none).
  void showProblem(const QString& text);
  QString problem() const;

  /// Test hooks: the switch, the field of channel `c`, the text said without a control.
  QCheckBox* switchBox() const { return m_switch; }
  QLineEdit* field(int c) const;
  QString noControlText() const;

 signals:
  /// The law changed by the user: the switch, or a field's edit finished.
  void changed();

 private:
  const SystemModel* m_model = nullptr;
  QWidget* m_body = nullptr;  // the switch, the fields and the problem
  QCheckBox* m_switch = nullptr;
  QLabel* m_none = nullptr;   // what a system without controls says
  QLabel* m_names = nullptr;  // the names a law may use
  std::vector<QLineEdit*> m_fields;
  std::vector<QLabel*> m_labels;
  MessageLine* m_message = nullptr;
};

}  // namespace dms::ui
