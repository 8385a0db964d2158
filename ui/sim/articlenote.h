// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The article's printed figures beside ours: at the article's set-up, a line under the run table
// that gives, for each shown method the article reports on, its printed mean energy deviation or
// mean structure error and this run's. A plain function of plain values, so a test reaches it
// without a window.
#pragma once

#include <QString>
#include <optional>
#include <vector>

#include "core/sim/registry.h"
#include "core/sim/summary.h"

namespace dms::ui {

/// One shown run: its method, and its summary once it has run to T (none while it computes or
/// when it stopped early: a mean over part of the horizon is not the article's figure).
struct ArticleRun {
  Method method = Method::Variational;
  std::optional<RunSummary> done;
};

/// Whether `values` (normalized) and `settings` are the article's set-up of `model`: its
/// defaults, the ode45 controller sampled at t = k h.
bool atArticleSetup(const SystemModel& model, const ParamValues& values,
                    const IntegratorSettings& settings);

/// "Article, example 3, prints for variational: mean |E − E₀|/(m l²) 1.546e-04 (this run
/// 1.545e-04), mean |1 − qᵀq| 3.248e-15 (this run 1.357e-16); for RK45 (ode45): ...",
/// or empty when the set-up is not the article's or no shown method has a printed figure.
QString articleNote(const SystemModel& model, const ParamValues& values,
                    const IntegratorSettings& settings, const std::vector<ArticleRun>& runs);
/// The article's notes on those figures (how to read them: a unit, a corrected typo, "orders of
/// magnitude only"), one line per figure, for the note's tooltip; empty with the note.
QString articleNoteDetails(const SystemModel& model, const ParamValues& values,
                           const IntegratorSettings& settings, const std::vector<ArticleRun>& runs);

}  // namespace dms::ui
