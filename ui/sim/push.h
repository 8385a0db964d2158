// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// A push with the mouse on the running simulation (Ctrl + left drag in the 3D view): a spring
// from a point of a body to the pointer, its force mapped onto the system's declared control
// channels (SystemDeclaration::controls), and the schedule that hands it to the worker thread
// as data. The schedule holds the control by step index (u from step k on, until the next
// entry) and the first step it does not know yet: a run evaluates its law at step k only once
// k is known, so every method's run reads the same u at the same step, and the finished
// schedule replays the same runs bit for bit.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "core/systems/system.h"

namespace dms::ui {

class PushSchedule {
 public:
  /// One change of the push: u (the declared channels' layout) from step `step` on.
  struct Entry {
    std::int64_t step = 0;
    std::vector<double> u;
    bool operator==(const Entry& o) const { return step == o.step && u == o.u; }
  };
  static constexpr std::int64_t kAll = INT64_MAX;

  /// An empty schedule for a control of `size` entries, with no step known yet.
  explicit PushSchedule(std::size_t size) : m_size(size) {}
  /// A schedule with these entries (a recorded push), known up to step `known` (kAll: all).
  PushSchedule(std::size_t size, std::vector<Entry> entries, std::int64_t known);

  /// GUI thread: u from the first step not known yet on (replacing an entry already there).
  void set(const VectorXd& u);
  /// GUI thread: every step before `step` is known now (a smaller step changes nothing).
  void knowUntil(std::int64_t step);
  /// GUI thread: every step is known (the drag ended, or a replay).
  void close() { knowUntil(kAll); }

  /// The first step whose u is not known yet (kAll when closed). Any thread.
  std::int64_t known() const { return m_known.load(); }
  bool closed() const { return known() == kAll; }
  /// The control at step `step` (zero before the first entry), added into `u` (sized to
  /// size()). Worker threads, for a step below known().
  void addAt(std::int64_t step, VectorXd& u) const;
  std::size_t size() const { return m_size; }
  std::vector<Entry> entries() const;
  /// The largest |u_i| of any entry: 0 for a schedule that never pushed.
  double largest() const;

 private:
  std::size_t m_size;
  mutable std::mutex m_mutex;
  std::vector<Entry> m_entries;  // by increasing step
  std::atomic<std::int64_t> m_known{0};
};

/// The body of a run the push holds: which pose of SystemModel::bodyPoses, and the point held,
/// fixed in that body (its coordinates in the body's frame from its pose's position).
struct PushGrab {
  int run = 0;
  int body = 0;
  Vector3d local = Vector3d::Zero();
};

/// The body nearest to the line through `origin` along `direction` (the pointer's ray, in the
/// system's frame) among `sample`'s body poses, within `reach` of it, and the point of the ray
/// nearest to that body's position, as a PushGrab of run `run`; none when no body is in reach.
std::optional<PushGrab> pickBody(const SystemModel& model, const ParamValues& values,
                                 const Sample& sample, int run, const Vector3d& origin,
                                 const Vector3d& direction, double reach);

/// Where the held point is in `sample`, in the system's frame.
Vector3d grabPoint(const SystemModel& model, const ParamValues& values, const Sample& sample,
                   const PushGrab& grab);

/// The spring's stiffness [N/m]: k = 4 M / tau^2, tau the system's fastest time scale
/// (SystemDeclaration::timeScale) and M the held body's mass where the parameters name it (the
/// chain's bob b: m_b; the two-body problem's body b: its spheres mb_i added), else the
/// system's (its parameters m, m1, m_i ... added): a body pulled a length L away feels about
/// 4 M L / tau^2, enough to change its motion visibly within a time scale without throwing it.
/// Without a grab, the system's mass.
double pushStiffness(const SystemModel& model, const ParamValues& values,
                     const std::optional<PushGrab>& grab = std::nullopt);

/// The control that stands for the force `force` (system frame) on the held point at `point`,
/// in the declared channels' layout: a point mass's force; a rigid body's torque about its pivot
/// (a body on a pivot) or its centre of mass, in body coordinates, and the force where the body
/// has a force channel (the two-body problem's pair: +F on body 2, -F on body 1); the torque
/// about the pivot of the planar pendulum; the rail's component for the mass-spring; the picked
/// bob's row of the chain's forces.
VectorXd pushControl(const SystemModel& model, const ParamValues& values, const Sample& sample,
                     const PushGrab& grab, const Vector3d& point, const Vector3d& force);

}  // namespace dms::ui
