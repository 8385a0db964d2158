// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// What the studies' files share (private to core/studies): number formatting, reading a field,
// naming a core check's flags by the panel's labels, CSV text, the runs' failures.
#pragma once

#include <cmath>
#include <functional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "core/params.h"
#include "core/studies/study.h"

namespace dms::studykit {

/// printf's %.*g: "1e-05", "0.001", "20000".
std::string g(double v, int digits = 4);
/// The shortest text that reads back as exactly v: "0.07", "1e-05".
std::string exact(double v);
/// printf's %.*f.
std::string fixed(double v, int digits);
inline std::string label(Method m) { return methodInfo(m).label; }
/// The parts joined by `sep`.
std::string join(const std::vector<std::string>& parts, const std::string& sep);
/// `text` with every `from` replaced by `to`.
std::string replaced(std::string text, const std::string& from, const std::string& to);
/// `text` with &, < and > as HTML entities.
std::string htmlEscaped(const std::string& text);

/// A field's label (its key when the study has no such field).
std::string fieldLabel(const Study& s, const SystemModel& model, const std::string& key);
/// A number field; throws InputError naming its label.
double number(const Study& s, const SystemModel& model, const StudyInputs& in,
              const std::string& key);
/// A whole-number field in [lo, hi]; throws InputError naming its label and the range.
int whole(const Study& s, const SystemModel& model, const StudyInputs& in, const std::string& key,
          int lo, int hi);
/// A field's text without the spaces around it.
std::string text(const Study& s, const SystemModel& model, const StudyInputs& in,
                 const std::string& key);

/// A core check's message with the command line's flags as the panel labels them.
void checked(const std::function<void()>& check,
             const std::vector<std::pair<std::string, std::string>>& labels);

inline std::string csvOf(const std::function<void(std::ostream&)>& write) {
  std::ostringstream s;
  write(s);
  return s.str();
}

/// The runs' own RunStatus words for the summary ("<br>Not finished: ..."), empty without any.
std::string failures(const std::vector<std::pair<Method, std::string>>& failed);

}  // namespace dms::studykit
