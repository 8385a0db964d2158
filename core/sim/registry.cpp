// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/sim/registry.h"

#include "core/control/dumbbelltransfer.h"
#include "core/control/sphericalswingup.h"
#include "core/sim/dmocproblem.h"
#include "core/systems/customrigidbody.h"
#include "core/systems/customsphere.h"
#include "core/systems/dumbbell.h"
#include "core/systems/massspring.h"
#include "core/systems/pendulum3d.h"
#include "core/systems/pendulumchain.h"
#include "core/systems/planarpendulum.h"
#include "core/systems/quadrotor.h"
#include "core/systems/sphericalpendulum.h"
#include "core/systems/twobody.h"

namespace dms {

const std::vector<SystemEntry>& registry() {
  static const MassSpring massSpring;
  static const PlanarPendulum planarPendulum;
  static const SphericalPendulum sphericalPendulum;
  static const Dumbbell dumbbell;
  static const Pendulum3d pendulum3d;
  static const PendulumChain pendulumChain;
  static const TwoBody twoBody;
  static const CustomRigidBody customRigidBody;
  static const CustomSphereParticle customSphereParticle;
  static const Quadrotor quadrotor;
  // the DMOC examples of systems with no problem of their own (core/sim/dmocproblem.h)
  static const std::unique_ptr<ControlProblem> pendulum3dManeuver =
      makeDmocProblem(pendulum3d, "pendulum-3d-maneuver");
  static const std::unique_ptr<ControlProblem> chainSwingUp =
      makeDmocProblem(pendulumChain, "chain-swing-up");
  static const std::unique_ptr<ControlProblem> customReorientation =
      makeDmocProblem(customRigidBody, "custom-rigid-body-reorientation");
  static const std::unique_ptr<ControlProblem> massSpringRest =
      makeDmocProblem(massSpring, "mass-spring-rest");
  static const std::unique_ptr<ControlProblem> planarSwingUp =
      makeDmocProblem(planarPendulum, "planar-pendulum-swing-up");
  static const std::unique_ptr<ControlProblem> twoBodyReorientation =
      makeDmocProblem(twoBody, "two-body-reorientation");
  static const std::unique_ptr<ControlProblem> sphereTransfer =
      makeDmocProblem(customSphereParticle, "custom-sphere-particle-transfer");
  static const std::unique_ptr<ControlProblem> quadrotorFlip =
      makeDmocProblem(quadrotor, "quadrotor-flip");
  static const std::vector<SystemEntry> entries = {
      {&massSpring, massSpringRest.get()},           {&planarPendulum, planarSwingUp.get()},
      {&sphericalPendulum, &sphericalSwingUp()},     {&dumbbell, &dumbbellTransfer()},
      {&pendulum3d, pendulum3dManeuver.get()},       {&pendulumChain, chainSwingUp.get()},
      {&twoBody, twoBodyReorientation.get()},        {&customRigidBody, customReorientation.get()},
      {&customSphereParticle, sphereTransfer.get()}, {&quadrotor, quadrotorFlip.get()},
  };
  return entries;
}

const std::vector<const SystemModel*>& allSystems() {
  static const std::vector<const SystemModel*> systems = [] {
    std::vector<const SystemModel*> s;
    for (const SystemEntry& e : registry()) s.push_back(e.model);
    return s;
  }();
  return systems;
}

const SystemModel* findSystem(const std::string& name) {
  for (const SystemEntry& e : registry())
    if (e.model->name() == name) return e.model;
  return nullptr;
}

const ControlProblem* findControlProblem(const std::string& system) {
  for (const SystemEntry& e : registry())
    if (e.model->name() == system) return e.control;
  return nullptr;
}

std::vector<const SystemModel*> systemsWithControl() {
  std::vector<const SystemModel*> s;
  for (const SystemEntry& e : registry())
    if (e.control) s.push_back(e.model);
  return s;
}

std::string systemNames(const std::vector<const SystemModel*>& systems,
                        const std::string& separator) {
  std::string out;
  for (const SystemModel* m : systems) out += (out.empty() ? "" : separator) + m->name();
  return out;
}

}  // namespace dms
