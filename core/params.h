/// Parameters of a system or an integrator: name, unit, range, default, and one validator that
/// the CLI, the scenario loader and the GUI all use.
#pragma once

#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace dms {

/// A bad value from the user: the message names the field, the value and the allowed range.
class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// One parameter: a scalar (dim 1) or a vector (dim 3). Each component must lie in [min, max]
/// (an open end when minOpen/maxOpen is set: "> 0" rather than ">= 0").
struct ParamSpec {
  std::string name;
  std::string unit;
  std::string description;
  int dim = 1;
  std::vector<double> defaults;
  double min = 0.0;
  double max = 0.0;
  bool minOpen = false;
  bool maxOpen = false;
  /// Slider range for the GUI (a sensible sub-range of [min, max]).
  double sliderMin = 0.0;
  double sliderMax = 0.0;

  /// "(0, 1e6]" style text of the allowed range.
  std::string rangeText() const;
};

/// Values by parameter name; scalars are vectors of length 1.
using ParamValues = std::map<std::string, std::vector<double>>;

/// Defaults for every parameter of a table.
ParamValues defaultValues(const std::vector<ParamSpec>& specs);

/// Finds a spec by name, or nullptr.
const ParamSpec* findSpec(const std::vector<ParamSpec>& specs, const std::string& name);

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

/// Formats a double with enough digits to round-trip.
std::string formatNumber(double v);

}  // namespace dms
