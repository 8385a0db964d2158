// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// A spin box for the parameters: any number of digits, scientific notation where it reads better.
#pragma once

#include <QDoubleSpinBox>
#include <QString>

namespace dms::ui {

/// The shortest text (at most 8 significant digits) that reads back as v: plain decimals where
/// they read well (200, 0.035), else scientific (1e-10).
QString shortNumber(double v);
/// v rounded to 3 significant digits (the "nice" values of log sliders and log steps).
double roundSignificant(double v);

/// A spin box that shows and reads numbers in scientific notation when they need it (1e-10),
/// and steps by a factor on a log scale.
class NumberSpinBox : public QDoubleSpinBox {
  Q_OBJECT
 public:
  explicit NumberSpinBox(QWidget* parent = nullptr);
  void setLogSteps(bool log) { m_log = log; }
  /// Shows at most this many significant digits (0: the shortest exact text, up to 8), for a
  /// narrow box; the value itself keeps every digit until the user types another.
  void setShownDigits(int digits) { m_digits = digits; }
  QString textFromValue(double value) const override;
  double valueFromText(const QString& text) const override;
  QValidator::State validate(QString& text, int& pos) const override;
  /// A finished edit that is a number out of range: says so (outOfRange) before the box goes
  /// back to its previous value, so no typed value is dropped without a word.
  void fixup(QString& text) const override;
  void stepBy(int steps) override;

 protected:
  void resizeEvent(QResizeEvent* e) override;

 signals:
  /// The user typed v, a finite number outside [minimum(), maximum()], and left the field.
  void outOfRange(double v) const;

 private:
  bool m_log = false;
  int m_digits = 0;
};

}  // namespace dms::ui
