// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// The runs every system gets from its steps and its continuous form, in one place: the
/// article's variational step (plain or compensated, IntegratorSettings::summation) as vi, its
/// symmetric compositions as vi4, vi6 and vi8 (composition.h), RK45, DOP853 (rk853) and RK4 on
/// the continuous form, RK45 projected back onto the manifold where the form has a projection,
/// RKMK4 where there is a Lie group form. A new integrator of this kind is written once here and
/// every system has it.
#pragma once

#include <functional>
#include <memory>
#include <type_traits>

#include "core/integrators/composition.h"
#include "core/integrators/fixedsteprun.h"
#include "core/integrators/method.h"
#include "core/integrators/rk4.h"
#include "core/integrators/rkmk.h"
#include "core/integrators/rkrun.h"
#include "core/integrators/stepping.h"

namespace dms {

/// What a system supplies: its plain and compensated variational steppers with their initial
/// states, and (made on demand) its continuous form and, optionally, its Lie group form.
/// MakeContinuous returns a ContinuousFormT: fixed-size with its right-hand side inlined for
/// RK45 and RK4.
template <class Plain, class Compensated, class MakeContinuous = std::function<ContinuousForm()>>
struct StandardForms {
  Plain plain;
  typename Plain::State x0;
  Compensated compensated;
  typename Compensated::State s0;
  MakeContinuous continuous;
  std::function<LieForm()> lie;  ///< empty: no rkmk4
};

/// The fixed-step run (FixedStepRun) or stepping (FixedStepping) of a composition of the
/// variational step, plain or compensated as st.summation says; `arg` is what Holder takes
/// after the stepper and state (the settings, or h).
template <template <class> class Composed, template <class> class Holder, class Plain,
          class Compensated, class MakeContinuous, class Arg>
auto makeComposed(const StandardForms<Plain, Compensated, MakeContinuous>& f,
                  const IntegratorSettings& st, const Arg& arg) {
  using Result = std::conditional_t<std::is_base_of_v<Run, Holder<Composed<Plain>>>, Run, Stepping>;
  if (st.summation == Summation::Plain)
    return std::unique_ptr<Result>(
        std::make_unique<Holder<Composed<Plain>>>(Composed<Plain>{f.plain}, f.x0, arg));
  return std::unique_ptr<Result>(std::make_unique<Holder<Composed<Compensated>>>(
      Composed<Compensated>{f.compensated}, f.s0, arg));
}

/// The run of a standard method, or null for a method this function does not make (the
/// system's own, e.g. rk45-quat, rattle).
template <class Plain, class Compensated, class MakeContinuous>
std::unique_ptr<Run> makeStandardRun(Method m,
                                     const StandardForms<Plain, Compensated, MakeContinuous>& f,
                                     const IntegratorSettings& st) {
  using Form = decltype(f.continuous());
  const bool plain = st.summation == Summation::Plain;
  switch (m) {
    case Method::Variational:
      if (plain) return std::make_unique<FixedStepRun<Plain>>(f.plain, f.x0, st);
      return std::make_unique<FixedStepRun<Compensated>>(f.compensated, f.s0, st);
    case Method::Vi4:
      return makeComposed<TripleJump, FixedStepRun>(f, st, st);
    case Method::Vi6:
      return makeComposed<Yoshida6, FixedStepRun>(f, st, st);
    case Method::Vi8:
      return makeComposed<SuzukiUmeno8, FixedStepRun>(f, st, st);
    case Method::Rk45:
      return std::make_unique<RkRunT<Form>>(f.continuous(), st);
    case Method::Rk853:
      return std::make_unique<RkRunT<Form, Dop853Of<Form>>>(f.continuous(), st);
    case Method::Rk45Proj: {
      Form form = f.continuous();
      if (!form.project) return nullptr;
      return std::make_unique<RkRunT<Form>>(std::move(form), st, true);
    }
    case Method::Rk4: {
      Form form = f.continuous();
      const typename Rk4StepperT<Form>::State x0{form.y0, 0.0};
      return std::make_unique<FixedStepRun<Rk4StepperT<Form>>>(Rk4StepperT<Form>(std::move(form)),
                                                               x0, st);
    }
    case Method::Rkmk4: {
      if (!f.lie) return nullptr;
      LieForm form = f.lie();
      const VectorXd y0 = form.y0;
      return std::make_unique<FixedStepRun<RkmkStepper>>(RkmkStepper(std::move(form)),
                                                         Rk4State{y0, 0.0}, st);
    }
    default:
      return nullptr;
  }
}

/// The same methods taken one step at a time (stepping.h), from the same forms: with no
/// control held, their states are makeStandardRun's, bit for bit, except the adaptive pairs' (their
/// steps end at every t_k = k h, where a run's cross them).
template <class Plain, class Compensated, class MakeContinuous>
std::unique_ptr<Stepping> makeStandardStepping(
    Method m, const StandardForms<Plain, Compensated, MakeContinuous>& f,
    const IntegratorSettings& st) {
  using Form = decltype(f.continuous());
  const bool plain = st.summation == Summation::Plain;
  switch (m) {
    case Method::Variational:
      if (plain) return std::make_unique<FixedStepping<Plain>>(f.plain, f.x0, st.h);
      return std::make_unique<FixedStepping<Compensated>>(f.compensated, f.s0, st.h);
    case Method::Vi4:
      return makeComposed<TripleJump, FixedStepping>(f, st, st.h);
    case Method::Vi6:
      return makeComposed<Yoshida6, FixedStepping>(f, st, st.h);
    case Method::Vi8:
      return makeComposed<SuzukiUmeno8, FixedStepping>(f, st, st.h);
    case Method::Rk45:
      return std::make_unique<RkStepping<Form>>(f.continuous(), st, false);
    case Method::Rk853:
      return std::make_unique<RkStepping<Form, Dop853Of<Form>>>(f.continuous(), st, false);
    case Method::Rk45Proj: {
      Form form = f.continuous();
      if (!form.project) return nullptr;
      return std::make_unique<RkStepping<Form>>(std::move(form), st, true);
    }
    case Method::Rk4: {
      Form form = f.continuous();
      const typename Rk4StepperT<Form>::State x0{form.y0, 0.0};
      return std::make_unique<FixedStepping<Rk4StepperT<Form>>>(Rk4StepperT<Form>(std::move(form)),
                                                                x0, st.h);
    }
    case Method::Rkmk4: {
      if (!f.lie) return nullptr;
      LieForm form = f.lie();
      const VectorXd y0 = form.y0;
      return std::make_unique<FixedStepping<RkmkStepper>>(RkmkStepper(std::move(form)),
                                                          Rk4State{y0, 0.0}, st.h);
    }
    default:
      return nullptr;
  }
}

}  // namespace dms
