// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// A control law typed as expressions of the time, the state and the parameters, compiled into
/// a ControlLaw (controlledrun.h). The text names each control channel of the system once:
///
///   CHANNEL=[e1, e2, ...]; CHANNEL2=...       e.g.  tau=[-2*Omega1, -2*Omega2, -2*Omega3]
///
/// one expression per entry of the channel (a scalar channel may drop the brackets: f=-0.3*v),
/// a matrix channel's entries row by row (the chain's f {n,3}: f1_1 f2_1 f3_1 f1_2 ...). An
/// expression may read t, every scalar entry of the named state (namedstate.h) and the system's
/// parameters, named as controlEntryNames / stateEntryNames say:
///   a scalar part X: X;  a vector X {3}: X1 X2 X3;  a matrix X {3,3}: X11 X12 ... X33 (row,
///   column);  a list of rows X {n,3} (the chain's q_i): X{c}_{i}, component c of row i, e.g.
///   q1_2 is the first component of q_2;  a scalar parameter: its name;  a vector parameter J:
///   J1 J2 J3.
/// The expressions are checked with the typed potential's grammar and parser (GiNaC and
/// muParser, potentialexpression.h) and evaluated compiled, all at once, once per step: no
/// allocation per step where the system's named state is its state's entries (vi, rk45, ...).
///
/// A law no expression writes is built in, its text a JSON object naming its kind
/// (geometriclaw.h: {"kind": "geometric-tracking", ...}); it is taken wherever a typed law is.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/sim/controlledrun.h"

namespace dms {

/// The names of the entries of a part with the declared `shape` called `name`, in the order of
/// StatePart::values (row by row), by the scheme above; dimensions given by a letter are read
/// from `values`.
std::vector<std::string> entryNames(const std::string& name, const std::vector<std::string>& shape,
                                    const ParamValues& values);
/// Every scalar entry of the system's named state, in namedState's order.
std::vector<std::string> stateEntryNames(const SystemModel& model, const ParamValues& values);
/// Every entry of u, in the order of the declared channels: e.g. tau1 tau2 tau3.
std::vector<std::string> controlEntryNames(const SystemModel& model, const ParamValues& values);

/// A checked law: its text, one expression per entry of u, and the names it may read.
struct TypedControlLaw {
  std::string text;
  std::vector<std::string> entries;      ///< controlEntryNames, one per expression
  std::vector<std::string> expressions;  ///< the text of each entry's expression
  std::vector<std::string> variables;    ///< t, then stateEntryNames
  std::vector<std::string> parameters;   ///< the parameters' names it may read (bound by value)
  std::vector<double> parameterValues;   ///< their values, in `parameters`' order
  /// A built-in law (its text a JSON object): the law of one run of a method with step h, for
  /// the system and values it was checked for; null for typed expressions (`expressions` is
  /// then empty).
  std::function<ControlLaw(Method, double)> builtin;
};

/// Reads and checks `text` for `model` at the normalized parameter `values` (as a Simulator
/// keeps them); a JSON object is a built-in law (geometriclaw.h), checked there. Throws InputError
/// starting "--control: ": the syntax of the list (each channel once, the number of expressions),
/// and for an expression, naming its entry and its text, the potential grammar's errors (syntax
/// with its column, unknown function) or a name that is no variable or parameter, with the names
/// allowed.
TypedControlLaw parseControlLaw(const SystemModel& model, const ParamValues& values,
                                const std::string& text);

/// The law for one run of `method` with step h (for the step number in a message): it owns its
/// compiled evaluator (copies of the returned function share it: give each run its own). A value
/// that is not finite stops the run with a reason naming the entry, its expression and the step.
ControlLaw compileControlLaw(const TypedControlLaw& law, const SystemModel& model, Method method,
                             double h);

/// `reportJson` (runReportJson's text) with "control" appended: {"law": the text,
/// "expressions": {entry: its expression, ...}} (a built-in law: {"law": the text, "builtin":
/// its JSON object}), the fields before it unchanged.
std::string withControlLaw(const std::string& reportJson, const TypedControlLaw& law);

/// A ControlledRun of `method` over settings.T (round(T / h) steps) from `state` (null: the
/// parameters' initial state), the law `text`. Throws InputError as Simulator and
/// parseControlLaw.
std::unique_ptr<ControlledRun> makeTypedControlledRun(const SystemModel& model, Method method,
                                                      const ParamValues& values,
                                                      const IntegratorSettings& settings,
                                                      const std::string& text,
                                                      const std::vector<StatePart>* state = nullptr,
                                                      std::vector<std::string>* warnings = nullptr);

}  // namespace dms
