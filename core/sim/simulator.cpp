// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/sim/simulator.h"

#include <cctype>
#include <cmath>
#include <utility>

#include "core/sim/namedstate.h"
#include "core/sim/tangentcoords.h"

namespace dms {

std::size_t declaredSize(const std::vector<std::string>& shape, const ParamValues& values) {
  std::size_t n = 1;
  for (const std::string& d : shape) {
    if (!d.empty() && std::isdigit(static_cast<unsigned char>(d[0]))) {
      n *= std::size_t(std::stoul(d));
    } else {
      const auto it = values.find(d);
      if (it == values.end() || it->second.empty())
        throw InputError("the size '" + d + "' of a declared shape names no parameter");
      n *= std::size_t(std::llround(it->second[0]));
    }
  }
  return n;
}

SimulatorSave::SimulatorSave(const SimulatorSave& o)
    : m_owner(o.m_owner),
      m_stepping(o.m_stepping ? o.m_stepping->clone() : nullptr),
      m_stepsBefore(o.m_stepsBefore),
      m_workBefore(o.m_workBefore),
      m_failure(o.m_failure),
      m_t(o.m_t) {}

SimulatorSave& SimulatorSave::operator=(const SimulatorSave& o) {
  if (this != &o) *this = SimulatorSave(o);
  return *this;
}

SimulatorSave::SimulatorSave(SimulatorSave&&) noexcept = default;
SimulatorSave& SimulatorSave::operator=(SimulatorSave&&) noexcept = default;
SimulatorSave::~SimulatorSave() = default;

Simulator::Simulator(const SystemModel& model, Method method, const ParamValues& values,
                     const IntegratorSettings& settings, const std::vector<StatePart>* state,
                     std::vector<std::string>* warnings)
    : m_model(&model),
      m_method(method),
      m_settings(settings),
      m_control(std::make_shared<HeldControl>()) {
  if (!model.hasMethod(method))
    throw InputError("method '" + methodName(method) + "' is not available for " + model.name());
  m_values = model.normalize(values, warnings);
  // the step alone matters; T is checked only as a bound for h
  checkStepAndHorizon(settings.h, std::max(settings.T, settings.h));
  IntegratorSettings checked = settings;
  checked.T = std::max(settings.T, settings.h);
  validateSettings(checked);
  m_settings = checked;
  if (model.declaration().controls.empty())
    throw InputError("system '" + model.name() + "' declares no control: it cannot be forced");
  for (const StatePartSpec& c : model.declaration().controls)
    m_controlSize += declaredSize(c.shape, m_values);
  restart(state);
}

Simulator::~Simulator() = default;

void Simulator::restart(const std::vector<StatePart>* state) {
  SteppingStart start;
  start.control = m_control.get();
  start.state = state;
  std::unique_ptr<Stepping> next = m_model->makeStepping(m_values, m_method, m_settings, start);
  if (m_stepping) {
    m_stepsBefore += m_stepping->steps();
    const RunCounters c = m_stepping->counters();
    m_workBefore.steps += c.steps;
    m_workBefore.rejected += c.rejected;
    m_workBefore.fevals += c.fevals;
    m_workBefore.newton += c.newton;
  }
  m_stepping = std::move(next);
  m_failure = {};
  m_sampleValid = false;
}

void Simulator::checkControl(const VectorXd& u) const {
  if (std::size_t(u.size()) != m_controlSize)
    throw InputError("the control u of " + m_model->name() + " has " +
                     std::to_string(m_controlSize) + " entries, got " + std::to_string(u.size()));
  for (Eigen::Index i = 0; i < u.size(); ++i)
    if (!std::isfinite(u[i]))
      throw InputError("the control u has a number that is not finite (entry " + std::to_string(i) +
                       ") at t = " + formatNumber(t()));
}

bool Simulator::step(const VectorXd& u) {
  checkControl(u);
  m_control->u = u;
  return step();
}

StepDerivative Simulator::linearize(const VectorXd& u) const {
  if (u.size() > 0) checkControl(u);
  if (m_failure.failed)
    throw InputError("linearize: the simulator's last step failed (" + m_failure.reason + ")");
  if (m_model->declaration().tangent.empty())
    throw InputError(m_model->name() +
                     " declares no tangent coordinates: linearize is not "
                     "available for it");
  // the derivative with respect to u is taken at u (0 when none is given), through the forced
  // step, which with u = 0 is the unforced step's map
  m_control->u = u.size() > 0 ? u : VectorXd::Zero(Eigen::Index(m_controlSize));
  StepDerivative d;
  std::string why;
  const bool ok = m_stepping->linearize(d, &why);
  m_control->u.resize(0);
  if (!ok)
    throw InputError("linearize: " + std::string(methodName(m_method)) + " on " + m_model->name() +
                     ": " + why);
  return d;
}

MatrixXd Simulator::symplecticForm() const { return m_stepping->symplecticForm(); }

std::size_t Simulator::tangentSize() const {
  return std::size_t(dms::tangentSize(m_model->declaration(), state()));
}

bool Simulator::step() {
  if (m_failure.failed) return false;
  const double t0 = t();
  sample();  // the last good state's, kept should this step fail
  std::swap(m_sample, m_lastGood);
  std::string why;
  const bool ok = m_stepping->step(&why);
  m_control->u.resize(0);  // a step without u is unforced
  m_sampleValid = false;
  if (ok && sampleIsFinite(sample())) return true;
  if (ok) why = "the state became non-finite";
  m_failure.failed = true;
  m_failure.time = t0;
  m_failure.reason = "step from t = " + formatNumber(t0) + " failed: " + why;
  // the state stays the last good one
  std::swap(m_sample, m_lastGood);
  m_sampleValid = true;
  return false;
}

double Simulator::t() const {
  return m_failure.failed ? m_failure.time : double(steps()) * m_settings.h;
}

const Sample& Simulator::sample() const {
  if (!m_sampleValid) {
    m_stepping->fill(m_sample, SampleFields::All);
    m_sample.t = t();
    m_sampleValid = true;
  }
  return m_sample;
}

std::vector<StatePart> Simulator::state() const { return namedState(*m_model, m_method, sample()); }

void Simulator::setState(const std::vector<StatePart>& parts) { restart(&parts); }

SimulatorSave Simulator::save() const {
  SimulatorSave s;
  s.m_owner = this;
  s.m_stepping = m_stepping->clone();
  s.m_stepsBefore = m_stepsBefore;
  s.m_workBefore = m_workBefore;
  s.m_failure = m_failure;
  s.m_t = t();
  return s;
}

void Simulator::restore(const SimulatorSave& saved) {
  if (saved.m_owner != this)
    throw InputError("a saved state restores only the simulator that saved it");
  m_stepping = saved.m_stepping->clone();
  m_stepsBefore = saved.m_stepsBefore;
  m_workBefore = saved.m_workBefore;
  m_failure = saved.m_failure;
  m_sampleValid = false;
}

RunCounters Simulator::counters() const {
  RunCounters c = m_stepping->counters();
  c.steps += m_workBefore.steps;
  c.rejected += m_workBefore.rejected;
  c.fevals += m_workBefore.fevals;
  c.newton += m_workBefore.newton;
  return c;
}

}  // namespace dms
