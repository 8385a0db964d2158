// What the studies' files share (private to ui/analysis): number formatting, reading a field,
// naming a core check's flags by the panel's labels, CSV text.
#pragma once

#include <QObject>
#include <QStringList>
#include <cmath>
#include <functional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "core/analysis/sweep.h"
#include "ui/analysis/studies.h"

namespace dms::ui::studykit {

inline QString g(double v, int digits = 4) { return QString::number(v, 'g', digits); }
inline QString label(Method m) { return QString::fromStdString(methodInfo(m).label); }

// a number field; throws InputError naming its label
inline double number(const Study& s, const SystemModel& model, const StudyInputs& in,
                     const QString& key) {
  QString name = key;
  for (const StudyField& f : s.fields(model))
    if (f.key == key) name = f.label;
  return parseNumber(inputValue(s, model, in, key).trimmed().toStdString(), name.toStdString());
}

// a whole-number field in [lo, hi]; throws InputError naming its label and the range
inline int whole(const Study& s, const SystemModel& model, const StudyInputs& in,
                 const QString& key, int lo, int hi) {
  const double v = number(s, model, in, key);
  if (!(v >= lo && v <= hi && v == std::floor(v))) {
    QString name = key;
    for (const StudyField& f : s.fields(model))
      if (f.key == key) name = f.label;
    throw InputError(QString("%1: %2 is not a whole number in [%3, %4]")
                         .arg(name, QString::number(v, 'g', 6))
                         .arg(lo)
                         .arg(hi)
                         .toStdString());
  }
  return int(v);
}

// a core check's message with the command line's flags as the panel labels them
template <class F>
void checked(F check, const std::vector<std::pair<const char*, QString>>& labels) {
  try {
    check();
  } catch (const InputError& e) {
    QString text = QString::fromStdString(e.what());
    for (const auto& [flag, name] : labels) text.replace(flag, name);
    throw InputError(text.toStdString());
  }
}

inline std::string csvOf(const std::function<void(std::ostream&)>& write) {
  std::ostringstream s;
  write(s);
  return s.str();
}

// the runs' own RunStatus words for the summary
inline QString failures(const std::vector<std::pair<Method, std::string>>& failed) {
  QStringList parts;
  for (const auto& [m, why] : failed) parts << label(m) + ": " + QString::fromStdString(why);
  return parts.isEmpty() ? QString() : QObject::tr("<br>Not finished: %1").arg(parts.join("; "));
}

}  // namespace dms::ui::studykit
