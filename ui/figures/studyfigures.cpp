// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The Analysis studies of `dmsim figures`: per system the work-precision and the convergence
// plots of the default sweep and the figures of every other study (core/studies/study.h) at
// their defaults, drawn offscreen as the Analysis mode draws them.
#include <qcustomplot.h>

#include <QRegularExpression>
#include <QString>
#include <algorithm>
#include <cmath>

#include "core/analysis/sweep.h"
#include "core/studies/study.h"
#include "ui/analysis/analysisplots.h"
#include "ui/common/figure.h"
#include "ui/common/plotstyle.h"
#include "ui/figures/articlefigures.h"

namespace dms::figures {
namespace {

QString sweepCaption(const SweepResult& r) {
  QStringList orders;
  for (const auto& [m, o] : fittedOrders(r))
    if (o)
      orders << QStringLiteral("%1 %2").arg(QString::fromStdString(methodName(m)),
                                            QString::number(*o, 'f', 2));
  // an exact reference with its closed form, which the note under the plots leaves out
  const QString reference =
      r.reference.exact.empty()
          ? QString::fromStdString(referenceText(r.reference))
          : QStringLiteral("the exact solution q(t) = %1, its round-off at most %2")
                .arg(QString::fromStdString(r.reference.exact), number(r.reference.errorBound, 2));
  // the reference on a line of its own: the exact one's formula fills it
  return QStringLiteral(
             "T = %1 s; error: the global state error at T on the manifold; fitted orders: "
             "%3\nagainst %2")
      .arg(number(r.spec.T), reference,
           orders.isEmpty() ? QStringLiteral("none") : orders.join(", "));
}

// the summary's HTML as the caption's lines
QString plain(QString html) {
  html.replace(QStringLiteral("<br>"), QStringLiteral("\n"));
  html.remove(QRegularExpression(QStringLiteral("<[^>]*>")));
  // one sentence a line, so that a caption fits the figure's width
  html.replace(QRegularExpression(QStringLiteral("\\. (?=[A-Z])")), QStringLiteral(".\n"));
  html.replace(QStringLiteral("; "), QStringLiteral(";\n"));
  return html;
}

void writeStudy(Output& out, const SystemModel& model, const Study& study, const Context& c) {
  std::vector<std::string> ids;
  for (const std::string& n : study.figureNames(model)) ids.push_back(model.name() + "-" + n);
  if (std::none_of(ids.begin(), ids.end(), [&](const std::string& id) { return out.wanted(id); }))
    return;
  const StudyOutput o =
      runStudy(study, model, model.normalize({}, nullptr),
               c.quick ? study.quickInputs(model) : StudyInputs{}, model.methods(), c.jobs);
  const std::string title = model.title();
  for (std::size_t i = 0; i < ids.size() && i < o.figures.size(); ++i) {
    if (!out.wanted(ids[i])) continue;
    Figure f = o.figures[i];
    f.title = title + ", ours: " + f.title;
    f.caption = plain(QString::fromStdString(o.summary)).toStdString();
    out.write(ids[i], f, c.command(ids[i]));
    if (o.failed) out.markIncomplete(ids[i]);
  }
}

// a study that keeps its runs (the sweep): its runs drawn by the Analysis mode's plots, with the
// slope triangles and the reference's note, and its runs' CSV
void writeRuns(Output& out, const SystemModel& model, const Study& study, const Context& c) {
  std::vector<std::string> ids;
  for (const std::string& n : study.figureNames(model)) ids.push_back(model.name() + "-" + n);
  if (std::none_of(ids.begin(), ids.end(), [&](const std::string& id) { return out.wanted(id); }))
    return;
  const StudyTask task =
      study.prepare(model, model.normalize({}, nullptr),
                    c.quick ? study.quickInputs(model) : StudyInputs{}, model.methods());
  StudyOutput o;
  try {
    o = task(c.jobs, nullptr, [](double) {}, {});
  } catch (const std::exception& e) {
    for (const std::string& id : ids)
      if (out.wanted(id)) out.fail(id, QString::fromUtf8(e.what()));
    return;
  }
  if (!o.sweep || ids.size() < 2) return;
  const SweepResult& result = *o.sweep;
  ui::AnalysisPlots plots;
  plots.setResult(&result, ui::SweepError::Global, ui::SweepCost::Evaluations);
  const QString title = QString::fromStdString(model.title());
  const std::string csv = o.csv;
  QCustomPlot* plot[2] = {plots.workPrecision(), plots.convergence()};
  for (int i = 0; i < 2; ++i) {
    if (!out.wanted(ids[i])) continue;
    ui::PlotStyle::title(plot[i])->setText(
        title + ", ours: " + QString::fromStdString(study.figureNames(model)[i]));
    ui::addCaption(plot[i], sweepCaption(result));
    out.write(
        ids[i], plot[i], sweepCaption(result), [&csv](std::ostream& s) { s << csv; },
        c.command(ids[i]));
  }
  for (const SweepRun& r : result.runs)
    if (r.status == RunStatus::Failed) {
      out.fail(ids[0] + "-" + std::to_string(r.index),
               QStringLiteral("run %1 (%2) failed: %3")
                   .arg(r.index)
                   .arg(QString::fromStdString(methodName(r.point.method)),
                        QString::fromStdString(r.failure)));
    }
}

}  // namespace

std::vector<std::string> studyIds(const SystemModel& model) {
  std::vector<std::string> ids;
  for (const Study* s : studies())
    if (s->supports(model))
      for (const std::string& n : s->figureNames(model)) ids.push_back(model.name() + "-" + n);
  return ids;
}

void writeStudyFigures(Output& out, const SystemModel& model, const Context& c) {
  // the plain figures first, then the runs' (the order index.md has always listed them in)
  for (const Study* s : studies())
    if (s->supports(model) && !s->keepsRuns()) writeStudy(out, model, *s, c);
  for (const Study* s : studies())
    if (s->supports(model) && s->keepsRuns()) writeRuns(out, model, *s, c);
}

}  // namespace dms::figures
