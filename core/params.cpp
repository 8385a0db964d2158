// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/params.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>

namespace dms {

std::string formatNumber(double v) {
  // the shortest text that reads back as the same double
  std::string best;
  for (int prec = 1; prec <= 17; ++prec) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*g", prec, v);
    if (std::strtod(buf, nullptr) == v && (best.empty() || std::strlen(buf) < best.size()))
      best = buf;
  }
  if (best.empty()) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    best = buf;
  }
  return best;
}

std::string formatValue(const std::vector<double>& value) {
  std::string out;
  for (std::size_t i = 0; i < value.size(); ++i) {
    if (i) out += ",";
    out += formatNumber(value[i]);
  }
  return out;
}

std::string formatVector(const Vector3d& v) { return formatValue({v.x(), v.y(), v.z()}); }

ParamSpec ParamSpec::scalar(std::string name, std::string unit, std::string description) {
  ParamSpec s;
  s.name = std::move(name);
  s.unit = std::move(unit);
  s.description = std::move(description);
  return s;
}

ParamSpec ParamSpec::vector3(std::string name, std::string unit, std::string description) {
  ParamSpec s = scalar(std::move(name), std::move(unit), std::move(description));
  s.dim = 3;
  return s;
}

ParamSpec& ParamSpec::defaultValue(double v) { return defaultValue(std::vector<double>{v}); }

ParamSpec& ParamSpec::defaultValue(std::vector<double> v) {
  defaults = std::move(v);
  return *this;
}

ParamSpec& ParamSpec::atLeast(double lo) {
  min = lo;
  minOpen = false;
  return *this;
}

ParamSpec& ParamSpec::above(double lo) {
  min = lo;
  minOpen = true;
  return *this;
}

ParamSpec& ParamSpec::atMost(double hi) {
  max = hi;
  maxOpen = false;
  return *this;
}

ParamSpec& ParamSpec::below(double hi) {
  max = hi;
  maxOpen = true;
  return *this;
}

ParamSpec& ParamSpec::range(double lo, double hi) { return atLeast(lo).atMost(hi); }

ParamSpec& ParamSpec::slider(double lo, double hi) {
  sliderMin = lo;
  sliderMax = hi;
  return *this;
}

ParamSpec& ParamSpec::wholeNumber() {
  integer = true;
  return *this;
}

ParamSpec& ParamSpec::derived(std::string how) {
  derivedFrom = std::move(how);
  defaults.clear();
  return *this;
}

ParamSpec& ParamSpec::cliFlag(std::string f) {
  flag = std::move(f);
  return *this;
}

ParamSpec& ParamSpec::describe(std::string text) {
  description = std::move(text);
  return *this;
}

std::string ParamSpec::rangeText() const {
  std::ostringstream s;
  s << (minOpen ? "(" : "[") << formatNumber(min) << ", " << formatNumber(max)
    << (maxOpen ? ")" : "]");
  return s.str();
}

std::string ParamSpec::defaultText() const {
  return isDerived() ? "derived: " + derivedFrom : formatValue(defaults);
}

ParamValues defaultValues(const std::vector<ParamSpec>& specs) {
  ParamValues v;
  for (const ParamSpec& s : specs)
    if (!s.isDerived()) v[s.name] = s.defaults;
  return v;
}

const ParamSpec* findSpec(const std::vector<ParamSpec>& specs, const std::string& name) {
  for (const ParamSpec& s : specs)
    if (s.name == name) return &s;
  return nullptr;
}

const ParamSpec& specNamed(const std::vector<ParamSpec>& specs, const std::string& name) {
  if (const ParamSpec* s = findSpec(specs, name)) return *s;
  std::string names;
  for (const ParamSpec& s : specs) names += (names.empty() ? "" : ", ") + s.name;
  throw InputError("unknown parameter '" + name + "' (known: " + names + ")");
}

void checkValue(const ParamSpec& spec, const std::vector<double>& value) {
  const std::string unit = spec.unit.empty() ? "" : " " + spec.unit;
  const std::string whole = spec.integer ? " (a whole number)" : "";
  if (static_cast<int>(value.size()) != spec.dim) {
    throw InputError("parameter '" + spec.name + "': expected " +
                     (spec.dim == 1 ? std::string("one number")
                                    : std::to_string(spec.dim) + " comma-separated numbers") +
                     ", got " + std::to_string(value.size()) + " (allowed range " +
                     spec.rangeText() + unit + ")");
  }
  for (double x : value) {
    const bool below = spec.minOpen ? !(x > spec.min) : !(x >= spec.min);
    const bool above = spec.maxOpen ? !(x < spec.max) : !(x <= spec.max);
    if (!std::isfinite(x) || below || above) {
      throw InputError("parameter '" + spec.name + "' = " + formatValue(value) +
                       " is out of range: " + (spec.dim == 1 ? "it" : "each component") +
                       " must be finite and in " + spec.rangeText() + unit + whole);
    }
    if (spec.integer && x != std::floor(x))
      throw InputError("parameter '" + spec.name + "' = " + formatValue(value) +
                       " must be a whole number in " + spec.rangeText());
  }
}

double parseNumber(const std::string& text, const std::string& field) {
  std::size_t b = text.find_first_not_of(" \t");
  std::size_t e = text.find_last_not_of(" \t");
  if (b == std::string::npos) throw InputError("'" + field + "': empty value, expected a number");
  const std::string t = text.substr(b, e - b + 1);
  errno = 0;
  char* end = nullptr;
  const double v = std::strtod(t.c_str(), &end);
  if (end == t.c_str() || *end != '\0')
    throw InputError("'" + field + "': '" + t + "' is not a number");
  if (errno == ERANGE || !std::isfinite(v))
    throw InputError("'" + field + "': '" + t + "' is not a finite number");
  return v;
}

std::vector<double> parseVector(const std::string& text, const std::string& field) {
  std::vector<double> out;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = text.find(',', start);
    out.push_back(parseNumber(text.substr(start, comma - start), field));
    if (comma == std::string::npos) break;
    start = comma + 1;
    if (out.size() > 64) throw InputError("'" + field + "': too many components");
  }
  return out;
}

std::pair<std::string, std::vector<double>> parseAssignment(const std::string& text) {
  const std::size_t eq = text.find('=');
  if (eq == std::string::npos || eq == 0)
    throw InputError("--set '" + text + "': expected NAME=VALUE, e.g. --set m=1 or q0=0,0,1");
  const std::string name = text.substr(0, eq);
  return {name, parseVector(text.substr(eq + 1), name)};
}

void applyAssignment(const std::vector<ParamSpec>& specs, ParamValues& values,
                     const std::string& name, const std::vector<double>& value) {
  const ParamSpec* spec = findSpec(specs, name);
  if (!spec) {
    std::string names;
    for (const ParamSpec& s : specs) names += (names.empty() ? "" : ", ") + s.name;
    throw InputError("unknown parameter '" + name + "' (this system has: " + names + ")");
  }
  checkValue(*spec, value);
  values[name] = value;
}

double scalarParam(const ParamValues& values, const std::string& name) {
  const auto it = values.find(name);
  if (it == values.end() || it->second.size() != 1)
    throw InputError("parameter '" + name + "' is missing or not a scalar");
  return it->second[0];
}

Vector3d vectorParam(const ParamValues& values, const std::string& name) {
  const auto it = values.find(name);
  if (it == values.end() || it->second.size() != 3)
    throw InputError("parameter '" + name + "' is missing or not a 3-vector");
  return Vector3d(it->second[0], it->second[1], it->second[2]);
}

}  // namespace dms
