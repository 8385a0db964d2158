// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// `dmsim figures`: every figure of the article remade from our runs, and per system the
// Analysis mode's studies, as PNG and PDF with the CSV behind each and an index.md listing them
// with the command that makes each. Rendered by QCustomPlot on Qt's offscreen platform: no
// display is needed. No Qt in this header: the CLI calls it without knowing Qt.
#pragma once

#include <string>
#include <vector>

namespace dms::figures {

/// Runs `dmsim figures` with the arguments after "figures" (--out DIR, --quick, --only IDS,
/// --jobs N, --list); returns the exit code (0 ok, 2 bad input, 3 a run or a solve failed: the
/// other figures are still written). Makes the QApplication it needs.
int figuresMain(const std::vector<std::string>& args);

}  // namespace dms::figures
