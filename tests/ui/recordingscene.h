// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// A 3D view that draws nothing and records what it is asked. The worker's suite reads the calls
// a frame makes; the main window's suites open their windows on it for the cases that do not
// look at the 3D view (windowtest.h), since a Qt3D view costs a window about half of its time
// under the sanitizers (its renderer starting, Mesa's software rasterizer drawing every frame)
// and is checked in its own suites (tst_scene3d, tst_scenesystems) and in the cases that
// capture it.
#pragma once

#include <QStringList>
#include <QWidget>
#include <algorithm>
#include <vector>

#include "ui/scene3d/sceneview.h"

namespace dms::test {

class RecordingScene : public ui::SceneView {
 public:
  QStringList calls;
  std::vector<ParamValues> built;  ///< the parameters of each setSystem

  QWidget* widget() override { return &m_widget; }
  void setSystem(const std::string&, const ParamValues& params) override {
    calls << "system";
    built.push_back(params);
  }
  void setRuns(const std::vector<ui::SceneRun>& runs) override {
    calls << "runs";
    m_runs = int(std::min<std::size_t>(runs.size(), kMaxRuns));
  }
  int runCount() const override { return m_runs; }
  void setPose(int, const std::optional<Sample>& s) override { calls << (s ? "pose" : "hidden"); }
  void setTrail(int, const std::vector<Vector3d>&) override { calls << "trail"; }
  double trailMaxStep() const override { return 1.0; }
  void setArrows(const std::vector<ui::SceneArrow>&) override { calls << "arrows"; }
  void fitView() override {}
  // nothing is drawn, so there is nothing to capture: the export reports it as a failed capture
  void capture(std::function<void(const QImage&, const QString&)> done) override {
    done(QImage(), QStringLiteral("not drawn"));
  }
  bool draws(const std::string&) const override { return true; }
  // what the window reads back of the view's state is kept as set
  void setOverlay(bool on) override { m_overlay = on; }
  bool overlay() const override { return m_overlay; }
  void setTimeStamp(const QString& text) override { m_timeStamp = text; }
  QString timeStamp() const override { return m_timeStamp; }

 private:
  // a member: the window's layout makes it a child of the window, and its destructor takes it
  // out of the window's children before the window deletes the rest (the scene is destroyed
  // first, in ~MainWindow)
  QWidget m_widget;
  int m_runs = 0;
  bool m_overlay = false;
  QString m_timeStamp;
};

}  // namespace dms::test
