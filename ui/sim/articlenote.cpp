// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/sim/articlenote.h"

#include <QObject>
#include <QStringList>
#include <cmath>

#include "core/integrators/settingkeys.h"
#include "core/notation.h"
#include "ui/common/methodlook.h"

namespace dms::ui {

namespace {

QString number(double x) { return QString::number(x, 'e', 3); }

}  // namespace

bool atArticleSetup(const SystemModel& model, const ParamValues& values,
                    const IntegratorSettings& settings) {
  const IntegratorSettings a = model.defaultSettings();
  // the article's figures are means over its horizon at its step, with ode45 sampled at k h:
  // every run setting at the set-up's, but the summation, which moves them by round-off only;
  // values compare after normalization, as both are used
  for (const SettingKey& k : settingKeys()) {
    if (k.name == "summation") continue;
    const bool same = k.isChoice() ? k.getChoice(settings) == k.getChoice(a)
                                   : settingNumber(settings, k) == settingNumber(a, k);
    if (!same) return false;
  }
  try {
    return values == model.normalize({}, nullptr);
  } catch (const InputError&) {
    return false;  // no defaults to compare with (a typed potential's symbols have none)
  }
}

QString articleNote(const SystemModel& model, const ParamValues& values,
                    const IntegratorSettings& settings, const std::vector<ArticleRun>& runs) {
  if (!atArticleSetup(model, values, settings)) return {};
  // by method, in the runs' order: "for vi: mean |E − E₀| 1.5e-04 (this run 1.5e-04), ..."
  QStringList parts;
  QString example;
  for (const ArticleRun& r : runs) {
    QStringList figures;
    for (const ArticleFigure& f : model.articleFigures()) {
      if (std::isnan(f.printed) || f.method != r.method) continue;
      example = QString::fromStdString(f.example);
      const bool energy = f.quantity == ArticleFigure::Quantity::EnergyMeanDev;
      const QString what =
          energy
              ? (f.unitName.empty() ? QObject::tr("mean |E − E₀|")
                                    : QObject::tr("mean |E − E₀|/(%1)")
                                          .arg(QString::fromStdString(typeset(f.unitName))))
              : QObject::tr("mean %1").arg(QString::fromStdString(typeset(model.structureName())));
      const QString ours =
          r.done ? number(energy ? r.done->energyMeanDev / f.energyUnit : r.done->structureMean)
                 : QObject::tr("computing");
      figures << QObject::tr("%1 %2 (this run %3)").arg(what, number(f.printed), ours);
    }
    if (!figures.isEmpty())
      parts << QObject::tr("for %1: %2")
                   .arg(methodLabel(r.method, RkController::Ode45), figures.join(", "));
  }
  if (parts.isEmpty()) return {};
  return QObject::tr("Article, example %1, prints %2").arg(example, parts.join("; "));
}

QString articleNoteDetails(const SystemModel& model, const ParamValues& values,
                           const IntegratorSettings& settings,
                           const std::vector<ArticleRun>& runs) {
  if (articleNote(model, values, settings, runs).isEmpty()) return {};
  QStringList lines;
  for (const ArticleRun& r : runs)
    for (const ArticleFigure& f : model.articleFigures())
      if (!std::isnan(f.printed) && f.method == r.method && !f.note.empty())
        lines << QObject::tr("%1: %2").arg(methodLabel(f.method, RkController::Ode45),
                                           QString::fromStdString(typeset(f.note)));
  return lines.join("\n");
}

}  // namespace dms::ui
