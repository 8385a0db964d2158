// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/sim/push.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>

#include "core/sim/simulator.h"

namespace dms::ui {

PushSchedule::PushSchedule(std::size_t size, std::vector<Entry> entries, std::int64_t known)
    : m_size(size), m_entries(std::move(entries)), m_known(known) {}

void PushSchedule::set(const VectorXd& u) {
  const std::lock_guard<std::mutex> lock(m_mutex);
  const std::int64_t step = m_known.load();
  if (step == kAll) return;
  Entry e{step, std::vector<double>(u.data(), u.data() + u.size())};
  e.u.resize(m_size, 0.0);
  if (!m_entries.empty() && m_entries.back().step == step) {
    m_entries.back() = std::move(e);
  } else {
    m_entries.push_back(std::move(e));
  }
  // an entry that repeats the one before changes nothing
  if (m_entries.size() >= 2 && m_entries[m_entries.size() - 2].u == m_entries.back().u)
    m_entries.pop_back();
}

void PushSchedule::knowUntil(std::int64_t step) {
  const std::lock_guard<std::mutex> lock(m_mutex);
  if (step > m_known.load()) m_known.store(step);
}

void PushSchedule::addAt(std::int64_t step, VectorXd& u) const {
  const std::lock_guard<std::mutex> lock(m_mutex);
  // the last entry at or before the step
  const auto it = std::upper_bound(m_entries.begin(), m_entries.end(), step,
                                   [](std::int64_t s, const Entry& e) { return s < e.step; });
  if (it == m_entries.begin()) return;
  const Entry& e = *(it - 1);
  for (std::size_t i = 0; i < e.u.size() && Eigen::Index(i) < u.size(); ++i)
    u[Eigen::Index(i)] += e.u[i];
}

std::vector<PushSchedule::Entry> PushSchedule::entries() const {
  const std::lock_guard<std::mutex> lock(m_mutex);
  return m_entries;
}

double PushSchedule::largest() const {
  const std::lock_guard<std::mutex> lock(m_mutex);
  double m = 0.0;
  for (const Entry& e : m_entries)
    for (double x : e.u) m = std::max(m, std::abs(x));
  return m;
}

namespace {

bool isRigid(BodyKind k) {
  return k == BodyKind::BoxOnPivot || k == BodyKind::EllipsoidOnPivot || k == BodyKind::Dumbbell ||
         k == BodyKind::SphereCluster;
}

bool onPivot(BodyKind k) { return k == BodyKind::BoxOnPivot || k == BodyKind::EllipsoidOnPivot; }

// the kind of body pose `body` is: the declared bodies in order, a repeated one per copy
BodyKind kindOf(const SystemModel& model, std::size_t poses, int body) {
  const std::vector<BodyDeclaration>& bodies = model.declaration().bodies;
  if (bodies.empty()) return BodyKind::SpringMass;
  // one declaration per pose, or one declaration repeated (the chain's bobs)
  if (bodies.size() == poses) return bodies[std::size_t(body)].kind;
  return bodies.front().kind;
}

// a mass parameter: m, m1, m_2, m1_3 ...
bool isMassName(const std::string& name) {
  if (name.empty() || name[0] != 'm') return false;
  return std::all_of(name.begin() + 1, name.end(), [](char c) {
    return std::isdigit(static_cast<unsigned char>(c)) || c == '_';
  });
}

double param(const ParamValues& values, const std::string& name, std::size_t i = 0) {
  const auto it = values.find(name);
  return it != values.end() && it->second.size() > i ? it->second[i] : 0.0;
}

// the radius of a free rigid body about its pose's position where the parameters give it: the
// dumbbell's half rod and a sphere; the two-body problem's body b, its spheres' farthest reach
// from the body's centre of mass; 0 where unknown
double bodySize(const ParamValues& values, BodyKind kind, int body) {
  if (kind == BodyKind::Dumbbell) return 0.5 * param(values, "L") + param(values, "r");
  if (kind != BodyKind::SphereCluster) return 0.0;
  const std::string b = std::to_string(body + 1);
  // the centre of mass of the spheres, then the farthest sphere's edge from it
  double mass = 0.0;
  Vector3d centre = Vector3d::Zero();
  for (int i = 1;; ++i) {
    const std::string k = b + "_" + std::to_string(i);
    if (!values.count("m" + k)) break;
    const double m = param(values, "m" + k);
    centre += m * Vector3d(param(values, "c" + k, 0), param(values, "c" + k, 1),
                           param(values, "c" + k, 2));
    mass += m;
  }
  if (!(mass > 0.0)) return 0.0;
  centre /= mass;
  double size = 0.0;
  for (int i = 1;; ++i) {
    const std::string k = b + "_" + std::to_string(i);
    if (!values.count("m" + k)) break;
    const Vector3d c(param(values, "c" + k, 0), param(values, "c" + k, 1),
                     param(values, "c" + k, 2));
    size = std::max(size, (c - centre).norm() + param(values, "r" + k));
  }
  return size;
}

}  // namespace

std::optional<PushGrab> pickBody(const SystemModel& model, const ParamValues& values,
                                 const Sample& sample, int run, const Vector3d& origin,
                                 const Vector3d& direction, double reach) {
  const double n = direction.norm();
  if (!(n > 0.0) || !origin.allFinite()) return std::nullopt;
  const Vector3d d = direction / n;
  const std::vector<BodyPose> poses = model.bodyPoses(values, sample);
  std::optional<PushGrab> best;
  double bestDistance = reach;
  for (std::size_t b = 0; b < poses.size(); ++b) {
    const Vector3d& c = poses[b].position;
    if (!c.allFinite()) continue;
    // the point of the ray nearest to the body's position
    const Vector3d foot = origin + std::max(0.0, (c - origin).dot(d)) * d;
    const double distance = (foot - c).norm();
    if (distance > bestDistance) continue;
    bestDistance = distance;
    PushGrab g;
    g.run = run;
    g.body = int(b);
    // a rigid body is held where the pointer is (a torque from an off-centre point), a point
    // mass at itself
    const BodyKind kind = kindOf(model, poses.size(), int(b));
    if (isRigid(kind)) {
      Vector3d arm = foot - c;
      // within the body's own size where the parameters give it (the ray passes within the
      // drawing's reach, which may be far larger than a small body)
      const double size = bodySize(values, kind, int(b));
      if (size > 0.0 && arm.norm() > size) arm *= size / arm.norm();
      g.local = poses[b].attitude.transpose() * arm;
    }
    best = g;
  }
  return best;
}

Vector3d grabPoint(const SystemModel& model, const ParamValues& values, const Sample& sample,
                   const PushGrab& grab) {
  const std::vector<BodyPose> poses = model.bodyPoses(values, sample);
  if (grab.body < 0 || std::size_t(grab.body) >= poses.size())
    return Vector3d::Constant(std::numeric_limits<double>::quiet_NaN());
  const BodyPose& p = poses[std::size_t(grab.body)];
  return p.position + p.attitude * grab.local;
}

double pushStiffness(const SystemModel& model, const ParamValues& values,
                     const std::optional<PushGrab>& grab) {
  double all = 0.0, held = 0.0;
  const std::string body = grab ? std::to_string(grab->body + 1) : std::string();
  for (const auto& [name, v] : values) {
    if (!isMassName(name) || v.size() != 1 || !std::isfinite(v[0]) || !(v[0] > 0.0)) continue;
    all += v[0];
    // m_b (a chain's bob) or mb_i (a sphere of the two-body problem's body b)
    if (grab && (name == "m_" + body || name.rfind("m" + body + "_", 0) == 0)) held += v[0];
  }
  const double mass = held > 0.0 ? held : (all > 0.0 ? all : 1.0);
  const double tau = model.declaration().timeScale.value_or(1.0);
  return 4.0 * mass / (tau * tau);
}

VectorXd pushControl(const SystemModel& model, const ParamValues& values, const Sample& sample,
                     const PushGrab& grab, const Vector3d& point, const Vector3d& force) {
  const std::vector<StatePartSpec>& channels = model.declaration().controls;
  std::size_t size = 0;
  for (const StatePartSpec& ch : channels) size += declaredSize(ch.shape, values);
  VectorXd u = VectorXd::Zero(Eigen::Index(size));
  const std::vector<BodyPose> poses = model.bodyPoses(values, sample);
  if (grab.body < 0 || std::size_t(grab.body) >= poses.size() || !force.allFinite()) return u;
  const BodyPose& pose = poses[std::size_t(grab.body)];
  const BodyKind kind = kindOf(model, poses.size(), grab.body);
  // a body on a pivot turns about the pivot (the origin), which takes the force; a free body
  // about its centre of mass
  const Vector3d centre = onPivot(kind) ? Vector3d::Zero() : pose.position;
  const Vector3d torqueBody = pose.attitude.transpose() * (point - centre).cross(force);
  const bool pair = poses.size() == 2 && kind == BodyKind::SphereCluster;
  Eigen::Index at = 0;
  for (const StatePartSpec& ch : channels) {
    const Eigen::Index n = Eigen::Index(declaredSize(ch.shape, values));
    const std::string& name = ch.name;
    if (name == "tau" && n == 1) {
      // the planar pendulum: the torque about the pivot, in the sense of theta (about +e3)
      u[at] = point.cross(force).z();
    } else if (name == "tau" && n == 3) {
      u.segment(at, 3) = isRigid(kind) ? torqueBody : Vector3d::Zero();
    } else if (name.size() > 3 && name.compare(0, 3, "tau") == 0 && n == 3) {
      // one torque per body (tau1, tau2): the held body's
      if (name.substr(3) == std::to_string(grab.body + 1)) u.segment(at, 3) = torqueBody;
    } else if (name == "f" && n == 1) {
      u[at] = force.x();  // the rail runs along e1
    } else if (name == "f" && n == 3) {
      // the two-body problem's internal pair acts on body 2, its opposite on body 1
      u.segment(at, 3) = pair && grab.body == 0 ? Vector3d(-force) : force;
    } else if (name == "f" && n == 3 * Eigen::Index(poses.size())) {
      u.segment(at + 3 * grab.body, 3) = force;  // the held bob's row
    }
    at += n;
  }
  return u;
}

}  // namespace dms::ui
