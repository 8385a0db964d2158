// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/common/numberspinbox.h"

#include <QFontMetrics>
#include <QLineEdit>
#include <cmath>

namespace dms::ui {

QString shortNumber(double v) {
  if (v == 0.0 || (std::fabs(v) >= 1e-3 && std::fabs(v) < 1e7)) {
    for (int dec = 0; dec <= 8; ++dec) {
      const QString s = QString::number(v, 'f', dec);
      if (s.toDouble() == v) return s;
    }
  }
  for (int prec = 1; prec <= 8; ++prec) {
    const QString s = QString::number(v, 'g', prec);
    if (s.toDouble() == v) return s;
  }
  return QString::number(v, 'g', 8);
}

double roundSignificant(double v) {
  if (v == 0.0 || !std::isfinite(v)) return v;
  return QString::number(v, 'g', 3).toDouble();
}

NumberSpinBox::NumberSpinBox(QWidget* parent) : QDoubleSpinBox(parent) {
  setDecimals(323);  // no rounding of the value: the text is formatted by textFromValue
  setKeyboardTracking(false);
  setAccelerated(true);
  setMinimumWidth(104);
  setAlignment(Qt::AlignRight);
}

QString NumberSpinBox::textFromValue(double value) const {
  QString text = shortNumber(value);
  if (m_digits > 0) {
    const QString shown = QString::number(value, 'g', m_digits);
    if (shown.size() < text.size()) text = shown;
  }
  // a text wider than the box (2^-13 s: 0.0001220703125) in as many significant digits as fit,
  // three at least; the value keeps every digit (valueFromText)
  const QLineEdit* edit = lineEdit();
  const int room = edit ? edit->contentsRect().width() - 6 : 0;
  if (room > 0) {
    const QFontMetrics fm(edit->font());
    for (int digits = 8; digits >= 3 && fm.horizontalAdvance(text) > room; --digits) {
      const QString shorter = QString::number(value, 'g', digits);
      if (shorter.size() < text.size()) text = shorter;
    }
  }
  return text;
}

void NumberSpinBox::resizeEvent(QResizeEvent* e) {
  QDoubleSpinBox::resizeEvent(e);
  // the digits shown follow the width (not while the user types)
  if (!hasFocus() && lineEdit()->text() != textFromValue(value()))
    lineEdit()->setText(textFromValue(value()));
}

double NumberSpinBox::valueFromText(const QString& text) const {
  // the text shown for the value (perhaps rounded) stands for the value itself: leaving the box
  // without typing keeps every digit
  if (text.trimmed() == textFromValue(value())) return value();
  bool ok = false;
  const double v = text.trimmed().toDouble(&ok);
  return ok ? v : value();
}

QValidator::State NumberSpinBox::validate(QString& text, int&) const {
  const QString t = text.trimmed();
  if (t.isEmpty() || t == "-" || t == "+" || t.endsWith('e', Qt::CaseInsensitive) ||
      t.endsWith("e-", Qt::CaseInsensitive) || t.endsWith("e+", Qt::CaseInsensitive) || t == "." ||
      t == "-.")
    return QValidator::Intermediate;
  bool ok = false;
  const double v = t.toDouble(&ok);
  if (!ok || !std::isfinite(v)) return QValidator::Invalid;
  return (v >= minimum() && v <= maximum()) ? QValidator::Acceptable : QValidator::Intermediate;
}

void NumberSpinBox::fixup(QString& text) const {
  bool ok = false;
  const double v = text.trimmed().toDouble(&ok);
  if (ok && std::isfinite(v) && (v < minimum() || v > maximum())) emit outOfRange(v);
  QDoubleSpinBox::fixup(text);
}

void NumberSpinBox::stepBy(int steps) {
  if (m_log && value() > 0) {
    setValue(roundSignificant(value() * std::pow(10.0, 0.1 * steps)));
  } else {
    QDoubleSpinBox::stepBy(steps);
  }
}

}  // namespace dms::ui
