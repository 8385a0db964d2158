// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/io/controlcsv.h"

#include <iomanip>

namespace dms {

void writeControlCsv(std::ostream& out, const ControlResult& result) {
  const std::streamsize precision = out.precision(17);
  for (std::size_t i = 0; i < result.csvColumns.size(); ++i)
    out << (i ? "," : "") << result.csvColumns[i];
  out << "\n";
  for (const std::vector<double>& row : result.csvRows) {
    for (std::size_t i = 0; i < row.size(); ++i) out << (i ? "," : "") << row[i];
    out << "\n";
  }
  out.precision(precision);
}

}  // namespace dms
