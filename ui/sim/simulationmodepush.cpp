// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The Simulation mode's push by mouse: holding a body with Ctrl + drag, the push schedule every
// run reads, and replaying it.
#include <QAction>
#include <algorithm>
#include <cmath>

#include "core/sim/simulator.h"
#include "ui/common/playback.h"
#include "ui/scene3d/sceneview.h"
#include "ui/sim/forcingpanel.h"
#include "ui/sim/simulationmode.h"
#include "ui/sim/simworker.h"

namespace dms::ui {

bool SimulationMode::pushPress(const SceneRay& ray) {
  pushRelease();
  if (!m_model || !m_active || !playback()->playing() || m_model->declaration().controls.empty())
    return false;
  const SimJob& job = m_session->job();
  const std::vector<RunStore>& stores = m_session->stores();
  if (job.model != m_model || ray.run < 0 || std::size_t(ray.run) >= stores.size()) return false;
  const double t = playback()->time();
  const std::optional<Sample> sample = stores[std::size_t(ray.run)].nearest(t);
  if (!sample) return false;
  // a body within half the drawing's scale of the ray (scene()->trailMaxStep())
  const std::optional<PushGrab> grab = pickBody(*m_model, job.values, *sample, ray.run, ray.origin,
                                                ray.direction, scene()->trailMaxStep());
  if (!grab) return false;
  m_grab = grab;
  m_springPoint = grabPoint(*m_model, job.values, *sample, *grab);
  m_planePoint = m_pointer = m_springPoint;
  m_planeNormal = ray.forward.normalized();
  m_pushStart = t;
  // the runs again from t = 0 under the pushes so far (those before t: a push recorded past
  // t is one the playback was moved back over) and this one, whose steps from t on the frames
  // make known
  const double h = job.settings.h;
  const std::int64_t from = std::int64_t(std::ceil(t / h));
  std::vector<PushSchedule::Entry> entries;
  if (job.push)
    for (const PushSchedule::Entry& e : job.push->entries())
      if (e.step < from) entries.push_back(e);
  std::size_t size = 0;
  for (const StatePartSpec& ch : m_model->declaration().controls)
    size += declaredSize(ch.shape, job.values);
  startPushed(std::make_shared<PushSchedule>(size, std::move(entries), from));
  // the playback waits while the runs are computed again up to t (a tick would otherwise take
  // it back to what is computed so far) and plays on from t once they are
  playback()->pause();
  m_resume = true;
  updatePush(t);
  return true;
}

void SimulationMode::pushMove(const SceneRay& ray) {
  if (!m_grab) return;
  // where the ray meets the plane through the held point facing the camera
  const double across = ray.direction.dot(m_planeNormal);
  if (std::abs(across) < 1e-6) return;
  const double s = (m_planePoint - ray.origin).dot(m_planeNormal) / across;
  if (!(s > 0.0) || !std::isfinite(s)) return;
  m_pointer = ray.origin + s * ray.direction;
}

void SimulationMode::pushRelease() {
  if (!m_grab) return;
  m_grab.reset();
  if (m_resume) playback()->play();
  m_resume = false;
  if (const std::shared_ptr<PushSchedule>& push = m_session->job().push) {
    push->set(VectorXd::Zero(Eigen::Index(push->size())));
    push->close();
    m_session->wakeWorker();
  }
  if (scene()) scene()->setArrows({});
}

void SimulationMode::updatePush(double t) {
  const SimJob& job = m_session->job();
  PushSchedule* push = job.push.get();
  const std::vector<RunStore>& stores = m_session->stores();
  if (!push || push->closed() || std::size_t(m_grab->run) >= stores.size()) return;
  const double h = job.settings.h;
  if (m_resume && m_session->computedTime() + h >= m_pushStart) {
    m_resume = false;
    playback()->play();
  }
  const std::optional<Sample> sample = stores[std::size_t(m_grab->run)].nearest(t);
  if (!sample) return;
  // while the runs catch up with the time the push started at, they show earlier poses: the
  // force waits for the held point's place at that time
  if (t + h >= m_pushStart) {
    m_springPoint = grabPoint(*m_model, job.values, *sample, *m_grab);
    const Vector3d force =
        pushStiffness(*m_model, job.values, m_grab) * (m_pointer - m_springPoint);
    push->set(pushControl(*m_model, job.values, *sample, *m_grab, m_springPoint, force));
  }
  // the runs may go a little past the playback, so that it does not wait for them: 0.15 s of
  // wall time at the playback's speed (a frame or a few), at least a step. But at most a
  // twentieth of the system's time scale: the spring's force is taken once a frame and acts
  // that much later, and held longer or later than that against a motion of that time scale
  // it would pump energy into it and throw the body; the playback slows down to that pace
  // while the push lasts
  const double speed = playback()->speed();
  const double tau = m_model->declaration().timeScale.value_or(1.0);
  const double lead = std::max(
      h, std::min(0.05 * tau, speed > 0.0 ? 0.15 * speed : 0.01 * std::max(job.settings.T, h)));
  // and at least two steps past the shown one, so that each frame moves the playback on
  const std::int64_t shown = std::llround(std::max(t, m_pushStart) / h);
  push->knowUntil(shown + std::max<std::int64_t>(2, std::int64_t(std::ceil(lead / h))));
  m_session->wakeWorker();
  SceneArrow spring;
  spring.origin = m_springPoint;
  spring.vector = m_pointer - m_springPoint;
  spring.color = QColor(0xc0, 0x00, 0xc0);  // magenta: no method's colour, not the rods' grey
  spring.label = tr("push");
  scene()->setArrows({spring});
}

void SimulationMode::startPushed(std::shared_ptr<PushSchedule> push) {
  SimJob job = m_session->job();
  job.push = push;
  m_recorded = std::move(push);
  m_replayAction->setEnabled(true);
  m_session->start(job);
  m_jobClock.start();
  m_failure.clear();
  m_failureDetail.clear();
  updateControl(job.values);
  m_dataDirty = true;
}

void SimulationMode::replayPushes() {
  if (!m_recorded || !m_model || !m_active) return;
  pushRelease();
  const SimJob& job = m_session->job();
  if (job.model != m_model) return;
  startPushed(std::make_shared<PushSchedule>(m_recorded->size(), m_recorded->entries(),
                                             PushSchedule::kAll));
  playback()->restart();
  if (interactive()) playback()->play();
}

}  // namespace dms::ui
