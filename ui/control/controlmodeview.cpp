// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// What the optimal-control mode shows of a problem (ui/control/controlmode.h): the maneuver or
// the initial configuration in the 3D view, with the control and target arrows, the summary of
// a result, and each playback frame of the plots and the scene.
#include <algorithm>
#include <cmath>

#include "core/notation.h"
#include "ui/common/methodlook.h"
#include "ui/common/numbertext.h"
#include "ui/common/palette.h"
#include "ui/common/playback.h"
#include "ui/control/controlmode.h"
#include "ui/control/controlworker.h"

namespace dms::ui {

namespace {

QColor channelColor(int shade) { return shade == 0 ? controlColor() : controlColor2(); }

// the maneuver's target: a neutral grey, apart from the controls' green and teal and the
// motion's blue
QColor targetColor() { return QColor(0x5a, 0x5a, 0x5a); }

// one report entry as the summary shows it: yes/no, a whole number, digits significant
QString reportText(const ReportEntry& e) {
  const QString unit = e.unit.empty() ? QString() : " " + QString::fromStdString(typeset(e.unit));
  return std::visit(
      [&](const auto& x) -> QString {
        using T = std::decay_t<decltype(x)>;
        if constexpr (std::is_same_v<T, bool>)
          return x ? QObject::tr("yes") : QObject::tr("no");
        else if constexpr (std::is_same_v<T, std::int64_t>)
          return QString::number(x) + unit;
        else if constexpr (std::is_same_v<T, double>)
          return QString::number(x, 'g', e.digits) + unit;
        else if constexpr (std::is_same_v<T, std::string>)
          return QString::fromStdString(x);
        else
          return QObject::tr("%n values", nullptr, int(x.size()));
      },
      e.value);
}

// two short entries side by side, a long one on a row of its own: the panel fits without
// scrolling at the usual window heights
QString summaryHtml(const ControlResult& r) {
  constexpr int kShort = 24;  // characters of label and value that fit half the panel's width
  const QString muted = colorHex(mutedTextColor());
  const auto cells = [&](const ReportEntry& e) {
    return QString("<td style='color:%1'>%2&nbsp;&nbsp;</td><td>%3&nbsp;&nbsp;&nbsp;</td>")
        .arg(muted, QString::fromStdString(typeset(e.label)).toHtmlEscaped(),
             reportText(e).toHtmlEscaped());
  };
  QString html = "<table cellspacing='0' cellpadding='1'>";
  QString pending;  // a short entry waiting for a second one
  for (const ReportEntry& e : r.report) {
    if (e.label.empty()) continue;
    const bool small = int(e.label.size()) + reportText(e).size() <= kShort;
    if (small && !pending.isEmpty()) {
      html += "<tr>" + pending + cells(e) + "</tr>";
      pending.clear();
    } else if (small) {
      pending = cells(e);
    } else {
      // label and value in one cell across the row, so that neither wraps in a narrow column
      html +=
          QString("<tr><td colspan='4'><span style='color:%1'>%2</span>&nbsp;&nbsp;%3</td></tr>")
              .arg(muted, QString::fromStdString(typeset(e.label)).toHtmlEscaped(),
                   reportText(e).toHtmlEscaped());
    }
  }
  if (!pending.isEmpty()) html += "<tr>" + pending + "</tr>";
  return html + "</table>";
}

}  // namespace

void ControlMode::setupScene() {
  const ControlResult* r = shown();
  const ControlRequest req = shownRequest();
  try {
    scene()->setSystem(m_system->name(), m_problem->sceneParams(req));
  } catch (const InputError& e) {
    // the panel's values cannot be drawn (e.g. l out of range): keep the scene as it was
    m_panel->showProblem(QString::fromStdString(e.what()));
  }
  scene()->setBodyAxesVisible(false);  // control arrows may point along a body axis
  // one motion over the whole view, in the variational integrator's colour
  scene()->setRuns({{r ? tr("Optimal maneuver") : tr("Initial configuration"),
                     QString::fromStdString(m_problem->methodLine(req)),
                     methodLook(Method::Variational).color}});
}

// hands the shown result (or none) to the plots, the summary, the playback and the scene
void ControlMode::showResult(bool play) {
  const ControlResult* r = shown();
  m_plots->setResult(r);
  m_plots->setHistory(r ? r->history : std::vector<IterationReport>{});
  m_panel->setSummary(r ? summaryHtml(*r) : QString());
  m_arrowGain.clear();
  m_arrowMax.clear();
  if (r && !r->samples.empty())
    for (const VectorTrack& a : r->arrows) {
      double umax = 0.0;
      for (const Vector3d& v : a.vectors) umax = std::max(umax, v.norm());
      m_arrowGain.push_back(umax > 0 ? r->arrowLength / umax : 0.0);
      m_arrowMax.push_back(umax);
    }
  updateTarget();
  m_sceneDirty = true;
  m_lastTime = -1.0;
  if (!m_active) return;
  updateHorizon();
  // frame the whole maneuver (the origin, the path, every arrow and the target), or before a
  // solve the initial configuration and the target, then show time t
  std::vector<Vector3d> points = {Vector3d::Zero()};
  for (const SceneArrow& a : m_target) {
    points.push_back(a.origin);
    points.push_back(a.origin + a.vector);
  }
  if (r) {
    for (std::size_t k = 0; k < r->samples.size(); ++k) {
      points.push_back(r->samples[k].position);
      for (std::size_t c = 0; c < r->arrows.size(); ++c) {
        const VectorTrack& a = r->arrows[c];
        if (k >= a.vectors.size()) continue;
        const Vector3d from = a.atOrigin ? Vector3d::Zero() : r->samples[k].position;
        points.push_back(from + m_arrowGain[c] * a.vectors[k]);
      }
    }
    scene()->fitPoints(points);
  } else {
    try {
      points.push_back(m_problem->initialSample(m_panel->request()).position);
      scene()->fitPoints(points);
    } catch (const InputError&) {
      scene()->fitView();  // values that do not make a configuration (the panel says why)
    }
  }
  frame(playback()->time());
  if (play) {
    playback()->restart();
    playback()->play();
  }
}

void ControlMode::frame(double t) {
  if (m_historyDirty) {
    m_historyDirty = false;
    const std::vector<IterationReport>& h = m_session->history();
    m_plots->setHistory(h);
    if (!h.empty()) {
      const IterationReport& last = h.back();
      QString line = tr("iteration %1 · cost %2").arg(last.iteration).arg(numberText(last.cost, 6));
      line += last.residual ? tr(" · residual %1").arg(numberText(*last.residual, 2))
                            : tr(" · violation %1").arg(numberText(last.constraintViolation, 2));
      line += tr(" · %1 s").arg(numberText(m_session->elapsedSeconds(), 3));
      m_panel->setLiveText(line);
    }
  }
  if (!m_active || (!m_sceneDirty && t == m_lastTime)) return;
  m_sceneDirty = false;
  m_lastTime = t;
  m_plots->setCursorTime(t);
  const ControlResult* r = shown();
  if (!r || r->samples.empty()) return showInitialPose();
  // the sample nearest t (samples are at t_k = k h)
  const std::vector<Sample>& ss = r->samples;
  const auto it =
      std::lower_bound(ss.begin(), ss.end(), t, [](const Sample& s, double x) { return s.t < x; });
  std::size_t k = std::size_t(it - ss.begin());
  if (k >= ss.size()) k = ss.size() - 1;
  if (k > 0 && std::fabs(ss[k - 1].t - t) <= std::fabs(ss[k].t - t)) --k;
  scene()->setPose(0, ss[k]);
  std::vector<Vector3d> trail;
  trail.reserve(k + 1);
  for (std::size_t i = 0; i <= k; ++i) trail.push_back(ss[i].position);
  scene()->setTrail(0, trail);

  m_arrows.clear();
  for (std::size_t c = 0; c < r->arrows.size() && c < m_arrowGain.size(); ++c) {
    const VectorTrack& track = r->arrows[c];
    if (k >= track.vectors.size()) continue;
    SceneArrow a;
    a.origin = track.atOrigin ? Vector3d::Zero() : ss[k].position;
    a.vector = m_arrowGain[c] * track.vectors[k];
    a.color = channelColor(track.shade);
    a.label = tr("%1 (longest: %2 %3)")
                  .arg(QString::fromStdString(typeset(track.label)), numberText(m_arrowMax[c], 3),
                       QString::fromStdString(typeset(track.unit)));
    m_arrows.push_back(a);
  }
  m_arrows.insert(m_arrows.end(), m_target.begin(), m_target.end());
  scene()->setArrows(m_arrows);
}

// before the first solve: the initial configuration (the problem's first sample) and the
// target, no control arrows
void ControlMode::showInitialPose() {
  m_arrows = m_target;
  scene()->setArrows(m_arrows);
  scene()->setTrail(0, {});
  try {
    scene()->setPose(0, m_problem->initialSample(m_panel->request()));
  } catch (const InputError&) {
    // values that do not make a configuration (explained by the panel): nothing to show
    scene()->setPose(0, std::nullopt);
  }
}

void ControlMode::updateTarget() {
  m_target.clear();
  if (!m_problem) return;
  try {
    for (const TargetArrow& t : m_problem->targetArrows(shownRequest())) {
      SceneArrow a;
      a.origin = t.origin;
      a.vector = t.vector;
      a.color = targetColor();
      a.label = QString::fromStdString(typeset(t.label));
      m_target.push_back(a);
    }
  } catch (const InputError&) {
    m_target.clear();  // values that do not make a target: explained at Solve
  }
}

}  // namespace dms::ui
