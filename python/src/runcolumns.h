// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Where dms._core.run() puts a run's samples: every one into the summary (EverySample), those
// kept into columns that become NumPy arrays without a copy (Columns).
#pragma once

#include <cstdint>
#include <limits>
#include <vector>

#include "core/sim/output.h"
#include "core/sim/runreport.h"
#include "python/src/convert.h"

namespace dms::python {

// every sample of the run into the summary, the shadow energy and the named states of its ends
class EverySample final : public SampleSink {
 public:
  EverySample(RunOutcome& outcome, RunShadow& shadow, std::int64_t shadowEvery)
      : outcome_(outcome), shadow_(shadow), shadowEvery_(shadowEvery) {}
  /// Keep what the last sample's named state reads (t, state, drawn point) as it goes: when
  /// the samples kept may not end with it (at given times, or streamed).
  void trackLast() { trackLast_ = true; }
  void take(const Sample& s) override {
    if (outcome_.summary.samples == 0) outcome_.first = s;
    if (trackLast_) {
      outcome_.last.t = s.t;
      outcome_.last.state = s.state;
      outcome_.last.position = s.position;
      outcome_.last.velocity = s.velocity;
    }
    outcome_.summary.add(s);
    if (shadow_.take(s)) {
      // the value at sample m + 1 (none at the first); kept at the samples kept by every k-th
      const std::int64_t at = ++values_;
      if (shadowEvery_ > 0 && at % shadowEvery_ == 0) {
        shadowT.push_back(shadow_.stream()->time());
        shadowValue.push_back(shadow_.stream()->value());
      }
    }
  }
  std::vector<double> shadowT, shadowValue;

 private:
  RunOutcome& outcome_;
  RunShadow& shadow_;
  std::int64_t shadowEvery_;  // 0: no values kept
  std::int64_t values_ = 0;
  bool trackLast_ = false;
};

// the samples kept into columns, reserved up front for their count
class Columns final : public SampleSink {
 public:
  Columns(std::size_t stateSize, bool momentum, bool structure2, bool pose, std::size_t expected)
      : d_(stateSize), momentum_(momentum), structure2_(structure2), pose_(pose) {
    reserve(expected);
  }
  void reserve(std::size_t expected) {
    if (pose_) this->pose.reserve(6 * expected);
    t.reserve(expected);
    energy.reserve(expected);
    structure.reserve(expected);
    if (structure2_) this->structure2.reserve(expected);
    if (momentum_) this->momentum.reserve(3 * expected);
    state.reserve(d_ * expected);
    control.reserve(m_ * expected);
  }
  /// Each sample's control (m entries; NaN where it has none: the last sample).
  void recordControl(std::size_t m, std::size_t expected) {
    m_ = m;
    control.reserve(m * expected);
  }
  /// The named state of each sample kept, from `selector` (at given times on a fixed-step run:
  /// on the interpolant's manifold).
  void recordNamed(const OutputSelector* selector) { selector_ = selector; }
  void take(const Sample& s) override {
    if (pose_) {
      pose.insert(pose.end(), s.position.data(), s.position.data() + 3);
      pose.insert(pose.end(), s.velocity.data(), s.velocity.data() + 3);
    }
    t.push_back(s.t);
    energy.push_back(s.energy);
    structure.push_back(s.structure);
    if (structure2_) structure2.push_back(s.structure2);
    if (momentum_) momentum.insert(momentum.end(), s.momentum.data(), s.momentum.data() + 3);
    for (std::size_t i = 0; i < d_; ++i)
      state.push_back(i < std::size_t(s.state.size()) ? s.state[Eigen::Index(i)] : 0.0);
    for (std::size_t i = 0; i < m_; ++i)
      control.push_back(i < std::size_t(s.control.size()) ? s.control[Eigen::Index(i)] : kNaN);
    if (selector_) named.push_back(selector_->namedStateOf(s));
  }
  std::size_t size() const { return t.size(); }
  /// What the last sample kept's named state reads (t, state, pose), from the columns.
  Sample last() const {
    Sample s;
    if (t.empty()) return s;
    s.t = t.back();
    s.state.resize(Eigen::Index(d_));
    for (std::size_t i = 0; i < d_; ++i) s.state[Eigen::Index(i)] = state[state.size() - d_ + i];
    if (pose_) {
      const double* p = pose.data() + pose.size() - 6;
      s.position = Vector3d(p[0], p[1], p[2]);
      s.velocity = Vector3d(p[3], p[4], p[5]);
    }
    return s;
  }
  /// The columns as arrays (the keys of dms._core.run's dict: t, energy, structure, structure2,
  /// momentum, state_columns, pose_columns, control, named_state), moved out: the columns are
  /// empty after, their storage reserved again for `next` samples.
  py::dict arrays(std::size_t next) {
    const auto n = py::ssize_t(t.size());
    py::dict out;
    out["t"] = ownedArray(std::move(t), {n});
    out["energy"] = ownedArray(std::move(energy), {n});
    out["structure"] = ownedArray(std::move(structure), {n});
    out["structure2"] =
        structure2_ ? py::object(ownedArray(std::move(structure2), {n})) : py::none();
    out["momentum"] = momentum_ ? py::object(ownedArray(std::move(momentum), {n, 3})) : py::none();
    out["state_columns"] = ownedArray(std::move(state), {n, py::ssize_t(d_)});
    out["pose_columns"] = pose_ ? py::object(ownedArray(std::move(pose), {n, 6})) : py::none();
    out["control"] =
        m_ > 0 ? py::object(ownedArray(std::move(control), {n, py::ssize_t(m_)})) : py::none();
    out["named_state"] = selector_ ? py::object(namedArrays(n)) : py::none();
    t = {};
    energy = {};
    structure = {};
    structure2 = {};
    momentum = {};
    state = {};
    pose = {};
    control = {};
    named.clear();
    reserve(next);
    return out;
  }

 private:
  // the named states kept, part by part, as arrays (N, *shape)
  py::dict namedArrays(py::ssize_t n) const {
    py::dict out;
    if (named.empty()) return out;
    for (std::size_t i = 0; i < named.front().size(); ++i) {
      const StatePart& p0 = named.front()[i];
      std::vector<double> values;
      values.reserve(named.size() * p0.values.size());
      for (const std::vector<StatePart>& parts : named)
        values.insert(values.end(), parts[i].values.begin(), parts[i].values.end());
      std::vector<py::ssize_t> shape = {n};
      for (int x : p0.shape) shape.push_back(x);
      out[py::str(p0.name)] = ownedArray(std::move(values), shape);
    }
    return out;
  }

  std::vector<double> t, energy, structure, structure2, momentum, state, control;
  std::vector<double> pose;  ///< position and velocity, for the named states that read them
  std::vector<std::vector<StatePart>> named;
  std::size_t d_;
  std::size_t m_ = 0;
  bool momentum_, structure2_, pose_;
  const OutputSelector* selector_ = nullptr;
  static constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
};

}  // namespace dms::python
