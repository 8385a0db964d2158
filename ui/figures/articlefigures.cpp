// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/figures/articlefigures.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <iomanip>
#include <sstream>

#include "core/sim/summary.h"
#include "core/studies/study.h"
#include "core/studies/style.h"
#include "ui/common/methodlook.h"
#include "ui/common/palette.h"

namespace dms::figures {
namespace {

struct MethodRun {
  Method method;
  RunTrace trace;
  RunFailure failure;
};

// "vi: ours 1.1e-16, article 2.7327e-13": the mean the article prints of this quantity
QString meanLine(const SystemModel& model, const ArticlePlot& p, const MethodRun& r,
                 const IntegratorSettings& st) {
  const bool energy = p.kind == ArticlePlot::Kind::Energy;
  double unit = 1.0;
  QString unitName, printed;
  for (const ArticleFigure& f : model.articleFigures()) {
    if (f.example != p.example || f.method != r.method) continue;
    if ((f.quantity == ArticleFigure::Quantity::EnergyMeanDev) != energy) continue;
    unit = f.energyUnit;
    unitName = QString::fromStdString(f.unitName);
    if (!std::isnan(f.printed)) printed = number(f.printed, 5);
  }
  const double ours = energy ? r.trace.summary.energyMeanDev / unit : r.trace.summary.structureMean;
  QString line =
      QStringLiteral("%1 ours %2").arg(ui::methodLabel(r.method, st.controller), number(ours, 5));
  if (!printed.isEmpty()) line += QStringLiteral(", article %1").arg(printed);
  if (!unitName.isEmpty()) line += QStringLiteral(" (in %1)").arg(unitName);
  return line;
}

Figure articleFigure(const SystemModel& model, const ArticlePlot& p,
                     const std::vector<MethodRun>& runs, const IntegratorSettings& st,
                     const Context& c) {
  using K = ArticlePlot::Kind;
  Figure f;
  f.title = "Figure " + p.figure + ", ours: " + p.title;
  f.x = p.kind == K::Orbit ? Axis{"x of the centre of mass", "m"} : Axis{"t", "s"};
  f.y = p.kind == K::Orbit    ? Axis{"y", "m"}
        : p.kind == K::Energy ? Axis{"total energy E", "J"}
                              : Axis{model.structureName(), "", p.kind == K::Structure};
  QStringList means;
  for (const MethodRun& r : runs) {
    Series s;
    s.name = legendLabel(r.method, st.controller);
    s.color = methodColor(r.method);
    s.pen = methodPen(r.method);
    if (p.kind == K::Orbit) {
      s.x = r.trace.pathX;
      s.y = r.trace.pathY;
      s.path = true;
    } else if (p.kind == K::Energy) {
      r.trace.energy(&s.x, &s.y);
    } else {
      r.trace.structure(&s.x, &s.y);
    }
    f.series.push_back(s);
    if (p.kind != K::Orbit) means << meanLine(model, p, r, st);
    if (r.failure.failed)
      means << QStringLiteral("%1 failed at t = %2: %3")
                   .arg(QString::fromStdString(s.name), number(r.failure.time),
                        QString::fromStdString(r.failure.reason));
  }
  const QString what =
      p.kind == K::Energy ? QStringLiteral("mean |E - E0|") : QStringLiteral("mean error");
  QString caption =
      QStringLiteral("h = %1 s, T = %2 s%3")
          .arg(number(st.h), number(st.T),
               c.quick ? QStringLiteral(" (--quick: not the article's horizon)") : QString());
  f.equalAxes = p.kind == K::Orbit;
  if (p.kind != K::Orbit) caption += QStringLiteral("\n%1: %2").arg(what, means.join("\n"));
  f.caption = caption.toStdString();
  return f;
}

}  // namespace

QString Context::command(const std::string& id) const {
  return QStringLiteral("dmsim figures --out %1 --only %2%3")
      .arg(outArg, QString::fromStdString(id), quick ? QStringLiteral(" --quick") : QString());
}

std::vector<std::string> articleIds(const SystemModel& model) {
  std::vector<std::string> ids;
  for (const ArticlePlot& p : model.articlePlots()) ids.push_back(p.id);
  return ids;
}

void writeArticleFigures(Output& out, const SystemModel& model, const Context& c) {
  const std::vector<ArticlePlot> plots = model.articlePlots();
  if (std::none_of(plots.begin(), plots.end(),
                   [&](const ArticlePlot& p) { return out.wanted(p.id); }))
    return;
  IntegratorSettings st = model.defaultSettings();
  if (c.quick) st.T = st.h * std::max(1.0, std::round(st.T / st.h / 20.0));
  const ParamValues values = model.normalize({}, nullptr);
  std::vector<MethodRun> runs;
  for (Method m : model.articleMethods()) {
    runs.push_back({m, RunTrace(st.T, st.steps() + 1), {}});
    std::unique_ptr<Run> run = model.makeRun(values, m, st);
    while (run->advance(runs.back().trace, 8192, SampleFields::All)) {
    }
    runs.back().failure = run->failure();
  }
  for (const ArticlePlot& p : plots) {
    if (!out.wanted(p.id)) continue;
    out.write(p.id, articleFigure(model, p, runs, st, c), c.command(p.id));
    for (const MethodRun& r : runs)
      if (r.failure.failed)
        out.fail(p.id + "-" + methodName(r.method),
                 QStringLiteral("the run failed at t = %1: %2")
                     .arg(number(r.failure.time), QString::fromStdString(r.failure.reason)));
  }
}

namespace {

std::string controlStem(const SystemModel& model, const ControlProblem& problem) {
  const std::string fig = problem.articleFigure();
  return fig.empty() ? "control-" + model.name() : "fig" + fig;
}

}  // namespace

std::vector<std::string> controlIds(const SystemModel& model, const ControlProblem& problem) {
  const std::string stem = controlStem(model, problem);
  std::vector<std::string> ids;
  for (const ControlChannel& ch : problem.channels()) ids.push_back(stem + "-" + ch.plotName);
  ids.push_back(stem + "-path");
  return ids;
}

void writeControlFigures(Output& out, const SystemModel& model, const ControlProblem& problem,
                         const Context& c) {
  const std::vector<std::string> ids = controlIds(model, problem);
  if (std::none_of(ids.begin(), ids.end(), [&](const std::string& id) { return out.wanted(id); }))
    return;
  const ControlResult r = problem.solve(problem.defaultRequest(), {});
  const QString fig = QString::fromStdString(problem.articleFigure());
  const QString head = fig.isEmpty() ? QStringLiteral("Ours (not in the article): ")
                                     : QStringLiteral("Figure %1, ours: ").arg(fig);
  const QString title = QString::fromStdString(model.title() + ", " + problem.title());
  const QString caption =
      QStringLiteral("%1; %2 iterations, cost %3, terminal error %4, h = %5 s")
          .arg(r.converged ? QStringLiteral("converged") : QStringLiteral("NOT converged"))
          .arg(r.iterations)
          .arg(number(r.cost, 6), number(r.terminalError, 3), number(r.h));
  if (!r.converged) {
    for (const std::string& id : ids)
      if (out.wanted(id))
        out.fail(id, QStringLiteral("the solve failed: %1").arg(QString::fromStdString(r.message)));
    return;
  }
  const std::vector<ControlChannel> channels = problem.channels();
  for (std::size_t k = 0; k < channels.size(); ++k) {
    if (!out.wanted(ids[k])) continue;
    const ControlChannel& ch = channels[k];
    const QString sym = QString::fromStdString(ch.symbol);
    Figure f;
    f.title = (head + QString::fromStdString(ch.title)).toStdString();
    f.x = {"t", "s"};
    f.y = {ch.symbol, ch.unit};
    f.caption = (title + "\n" + caption).toStdString();
    const std::vector<Vector3d>& u = r.controls[k];
    // a vector's components and norm; a scalar's own values
    for (int i = 0; i < 4; ++i) {
      if (ch.components == 1 && i > 0) break;
      Series s;
      s.name = (ch.components == 1 ? sym
                : i < 3            ? QStringLiteral("%1_%2").arg(sym).arg(i + 1)
                                   : QStringLiteral("|%1|").arg(sym))
                   .toStdString();
      s.color = i < 3 ? ui::componentColor(i).rgb() & 0xffffff : kBlack;
      s.pen = i < 3 ? Pen::Solid : Pen::Dash;
      for (std::size_t j = 0; j < u.size(); ++j) {
        s.x.push_back(r.controlTimes.empty() ? r.samples[j].t : r.controlTimes[j]);
        s.y.push_back(i < 3 ? u[j][i] : u[j].norm());
      }
      f.series.push_back(s);
    }
    out.write(ids[k], f, c.command(ids[k]));
  }
  if (out.wanted(ids.back())) {
    Figure f;
    f.title = (head + QStringLiteral("the maneuver")).toStdString();
    f.x = {"t", "s"};
    f.y = {"position", "m"};
    f.caption = (title + "\n" + caption).toStdString();
    for (int i = 0; i < 3; ++i) {
      Series s;
      s.name = std::string(1, char('x' + i));
      s.color = ui::componentColor(i).rgb() & 0xffffff;
      for (const Sample& smp : r.samples) {
        s.x.push_back(smp.t);
        s.y.push_back(smp.position[i]);
      }
      f.series.push_back(s);
    }
    out.write(ids.back(), f, c.command(ids.back()));
  }
}

}  // namespace dms::figures
