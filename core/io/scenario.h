// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// A scenario file: which system, its parameters and the integrator settings, as JSON, so the
/// desktop app and `dmsim run --scenario FILE` run the same thing.
///
///   {"schema_version": 1, "program": "Discrete Mechanics Studio", "version": "0.1.0",
///    "system": "spherical-pendulum",
///    "potential": "-m*g*l*q3",         (only for a system whose potential is typed)
///    "parameters": {"m": 1, "q0": [0.866, 0, 0.5], ...},
///    "settings": {"h": 0.05, "T": 200, "rtol": 0.001, "atol": 1e-06,
///                 "rk": "ode45", "rk_samples": "output"},
///    "methods": ["vi", "rk45", "rk4"],
///    "analysis": {"study": "long-time", "inputs": {"steps": "20000"}},
///    "control": {"values": {"T": 10, "h": 0.05}, "choices": {"transcription": "vi"},
///                "running_cost": "...", "terminal_cost": "..."},
///    "control_law": "f=[-0.5*q1, -0.5*q2, 0]"}
///
/// "analysis" and "control" are optional: the Analysis mode's study with its inputs as typed,
/// and the optimal-control problem's fields and choices, so that one file holds a whole lecture.
/// "control_law" is optional too: a control law typed as expressions of t, the state and the
/// parameters (core/sim/controllaw.h), under which every method of the file runs (`dmsim run
/// --scenario` and `dms.run` take it; `--control` overrides it). "control" was taken first,
/// by the optimal-control problem.
///
/// Loading is strict about what it uses and lenient about what it does not know: unknown keys
/// become warnings; a parameter the system does not have (the run would not be the one
/// written), a malformed, truncated, oversized or too deeply nested file, a wrong type or an
/// out-of-range value throws InputError naming the field.
#pragma once

#include <cstddef>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/integrators/method.h"
#include "core/integrators/settings.h"
#include "core/params.h"

namespace dms {

class SystemModel;

constexpr int kScenarioSchemaVersion = 1;
/// Files larger than this are rejected before parsing.
constexpr std::size_t kScenarioMaxBytes = 1 << 20;
/// Deepest nesting accepted (the format itself needs 3).
constexpr int kScenarioMaxDepth = 8;

struct Scenario {
  std::string system;  ///< SystemModel::name()
  /// The potential typed for a system that takes one (custom-rigid-body,
  /// custom-sphere-particle; "potential" in the file); empty: the system's own.
  std::string potential;
  ParamValues parameters;  ///< as given (completed with defaults on load)
  IntegratorSettings settings;
  /// The methods shown side by side (CLI names in the file); empty: the system's article pair
  /// (SystemModel::articleMethods()), as a file without "methods" means.
  std::vector<Method> methods;
  /// The playback speed the app opens the file at, in simulated seconds per second ("speed";
  /// positive): an orbit of hours plays in seconds. None: the app keeps its speed.
  std::optional<double> speed;
  /// What the scenario shows, in a line ("title") and a few sentences ("description"): the
  /// Examples menu's entry and tooltip, dmsim's and dms's list of examples. Empty: none given.
  std::string title, description;

  /// The Analysis mode's study (its key, e.g. "long-time") and its inputs as typed (by the
  /// study's field keys). The study checks them when it runs, as it checks what a user types.
  struct Study {
    std::string key;
    std::map<std::string, std::string> inputs;
    bool operator==(const Study& o) const { return key == o.key && inputs == o.inputs; }
  };
  std::optional<Study> study;
  /// The optimal-control problem's fields (each in its range) and choices (each one of the
  /// choice's values), as given; the rest take their defaults.
  struct Control {
    ParamValues values;
    std::map<std::string, std::string> choices;
    /// The expression fields ("running_cost", "terminal_cost": keys of the block beside
    /// "values" and "choices").
    std::map<std::string, std::string> expressions;
    bool operator==(const Control& o) const {
      return values == o.values && choices == o.choices && expressions == o.expressions;
    }
  };
  std::optional<Control> control;
  /// The control law closing the runs ("control_law"; core/sim/controllaw.h), checked against
  /// the system and its parameters on load; empty: free runs.
  std::string controlLaw;
};

/// The methods of `names` (CLI names), each once and each one the system has; throws
/// InputError naming `field`, the offending name and the system's methods.
std::vector<Method> parseMethodList(const SystemModel& model, const std::vector<std::string>& names,
                                    const std::string& field);

/// Parses and validates scenario text (values through the system's normalize() and
/// validateSettings()); unknown keys and normalization notes are appended to `warnings`.
/// The returned parameters are complete (defaults filled in) but not normalized.
Scenario parseScenario(const std::string& text, std::vector<std::string>* warnings);
/// Reads a file (at most kScenarioMaxBytes) and parses it; the message names the file.
Scenario loadScenario(const std::string& path, std::vector<std::string>* warnings);

/// The scenario's system: the registry's, or a new instance with the typed potential. Throws
/// InputError for an unknown system or a refused potential.
std::shared_ptr<const SystemModel> scenarioSystem(const Scenario& s);

/// The JSON text of a scenario (with schema version, program name and DMS_VERSION).
std::string scenarioToJson(const Scenario& s);
/// Writes through AtomicFile (temporary file, then rename); false and `error` on failure, also
/// when parseScenario refuses the scenario's text (nothing is written then: a file that cannot
/// be run as written, e.g. a parameter the system does not have).
bool saveScenario(const Scenario& s, const std::string& path, std::string* error);

}  // namespace dms
