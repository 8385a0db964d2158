// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The jobs of `dmsim figures`: the article's figures of a system (its ArticlePlots from runs of
// its article methods at the article's set-up), its optimal maneuver, and its Analysis studies.
#pragma once

#include <QString>
#include <string>
#include <vector>

#include "core/sim/registry.h"
#include "ui/common/numbertext.h"
#include "ui/figures/output.h"

namespace dms::figures {

/// A value in a figure's caption: 4 significant digits unless told.
inline QString number(double v, int digits = 4) { return ui::numberText(v, digits); }

struct Context {
  bool quick = false;  ///< short horizons and few runs, for tests
  unsigned jobs = 1;   ///< threads for the sweeps
  /// The command that makes one figure alone, e.g. "dmsim figures --out DIR --only fig2a".
  QString command(const std::string& id) const;
  QString outArg;
};

/// Ids of the figures each job makes, in the order they are written.
std::vector<std::string> articleIds(const SystemModel& model);
std::vector<std::string> controlIds(const SystemModel& model, const ControlProblem& problem);
std::vector<std::string> studyIds(const SystemModel& model);

void writeArticleFigures(Output& out, const SystemModel& model, const Context& c);
void writeControlFigures(Output& out, const SystemModel& model, const ControlProblem& problem,
                         const Context& c);
void writeStudyFigures(Output& out, const SystemModel& model, const Context& c);

}  // namespace dms::figures
