// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// Parameters of a system, an integrator or an optimal-control problem: name, unit, range,
/// default, and one validator that the CLI, the scenario loader and the GUI all use.
#pragma once

#include <map>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "core/types.h"

namespace dms {

/// A bad value from the user: the message names the field, the value and the allowed range.
class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
  /// A message in the user's words, and what a library said about it (for a "Details" view).
  InputError(const std::string& message, std::string detail)
      : std::runtime_error(message), m_detail(std::move(detail)) {}
  const std::string& detail() const { return m_detail; }

 private:
  std::string m_detail;
};

/// One parameter: a scalar or a 3-vector, each component in [min, max] (an open end with
/// above()/below(): "> 0" rather than ">= 0"). Built as a sentence:
///   ParamSpec::scalar("m", "kg", "mass of the bob").defaultValue(1).above(0).atMost(1e6)
///       .slider(0.1, 10)
struct ParamSpec {
  std::string name;
  std::string unit;
  std::string description;
  int dim = 1;
  std::vector<double> defaults;  ///< empty for a derived parameter
  double min = 0.0;
  double max = 0.0;
  bool minOpen = false;
  bool maxOpen = false;
  /// Slider range for the GUI (a sensible sub-range of [min, max]).
  double sliderMin = 0.0;
  double sliderMax = 0.0;
  /// Only whole numbers (an iteration limit).
  bool integer = false;
  /// Without a fixed default: when not given, its owner derives it (derivedFrom says how).
  /// Forms show the parameters it is derived from instead.
  std::string derivedFrom;
  /// The command-line flag that sets it besides --set NAME=VALUE (e.g. "--max-iter").
  std::string flag;

  static ParamSpec scalar(std::string name, std::string unit, std::string description);
  static ParamSpec vector3(std::string name, std::string unit, std::string description);

  ParamSpec& defaultValue(double v);
  ParamSpec& defaultValue(std::vector<double> v);
  ParamSpec& atLeast(double lo);           ///< closed lower end: x >= lo
  ParamSpec& above(double lo);             ///< open lower end: x > lo
  ParamSpec& atMost(double hi);            ///< closed upper end: x <= hi
  ParamSpec& below(double hi);             ///< open upper end: x < hi
  ParamSpec& range(double lo, double hi);  ///< [lo, hi]
  ParamSpec& slider(double lo, double hi);
  ParamSpec& wholeNumber();
  ParamSpec& derived(std::string how);
  ParamSpec& cliFlag(std::string f);
  ParamSpec& describe(std::string text);

  bool isDerived() const { return !derivedFrom.empty(); }
  /// "(0, 1e6]" style text of the allowed range.
  std::string rangeText() const;
  /// The default as text ("1", "0,0,1"), or "derived: ..." for a derived parameter.
  std::string defaultText() const;
};

/// Values by parameter name; scalars are vectors of length 1.
using ParamValues = std::map<std::string, std::vector<double>>;

/// Defaults for every parameter of a table (derived parameters are left out).
ParamValues defaultValues(const std::vector<ParamSpec>& specs);

/// Finds a spec by name, or nullptr.
const ParamSpec* findSpec(const std::vector<ParamSpec>& specs, const std::string& name);
/// Finds a spec by name; throws InputError naming the known ones when there is none.
const ParamSpec& specNamed(const std::vector<ParamSpec>& specs, const std::string& name);

/// Checks a value against its spec; throws InputError naming the field, the value and the range.
void checkValue(const ParamSpec& spec, const std::vector<double>& value);

/// Parses a number ("1e-3", "0.5") strictly: the whole text, finite. Throws InputError naming
/// `field` otherwise.
double parseNumber(const std::string& text, const std::string& field);

/// Parses "a" or "a,b,c" into numbers (strict, finite). Throws InputError naming `field`.
std::vector<double> parseVector(const std::string& text, const std::string& field);

/// Parses "NAME=VALUE" into (name, numbers); throws InputError on a malformed item.
std::pair<std::string, std::vector<double>> parseAssignment(const std::string& text);

/// Applies NAME=VALUE to `values` after checking NAME exists in `specs` and VALUE is in range.
void applyAssignment(const std::vector<ParamSpec>& specs, ParamValues& values,
                     const std::string& name, const std::vector<double>& value);

/// Reads a scalar or a 3-vector parameter from checked values; throws InputError when absent.
double scalarParam(const ParamValues& values, const std::string& name);
Vector3d vectorParam(const ParamValues& values, const std::string& name);

/// Formats a double with enough digits to round-trip.
std::string formatNumber(double v);
/// "x,y,z" with formatNumber.
std::string formatVector(const Vector3d& v);
std::string formatValue(const std::vector<double>& v);

}  // namespace dms
