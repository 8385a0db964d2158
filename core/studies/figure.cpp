// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/studies/figure.h"

#include <ostream>

namespace dms {

void writeFigureCsv(std::ostream& out, const Figure& f) {
  out.precision(17);
  out << "series,x,y\n";
  for (const Series& s : f.series)
    for (std::size_t i = 0; i < s.x.size(); ++i)
      out << '"' << s.name << "\"," << s.x[i] << ',' << s.y[i] << "\n";
}

void writeFiguresCsv(std::ostream& out, const std::vector<Figure>& figures) {
  out.precision(17);
  out << "figure,series,x,y\n";
  for (const Figure& f : figures)
    for (const Series& s : f.series)
      for (std::size_t i = 0; i < s.x.size(); ++i)
        out << '"' << f.title << "\",\"" << s.name << "\"," << s.x[i] << ',' << s.y[i] << "\n";
}

}  // namespace dms
