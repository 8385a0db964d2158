// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/studies/study.h"

#include <algorithm>
#include <charconv>
#include <cstdio>

#include "core/studies/studykit.h"

namespace dms {

// the studies' files
const Study& sweepStudy();
const Study& equalCostStudy();
const Study& longTimeStudy();
const Study& phaseStudy();
const Study& distanceStudy();
const Study& stepsStudy();
const Study& symplecticityStudy();

namespace {

constexpr std::size_t kColumns = 1500;
constexpr std::int64_t kPathPoints = 20000;

}  // namespace

const std::vector<const Study*>& studies() {
  static const std::vector<const Study*> all = {
      &sweepStudy(),    &equalCostStudy(), &longTimeStudy(),     &phaseStudy(),
      &distanceStudy(), &stepsStudy(),     &symplecticityStudy()};
  return all;
}

const Study* findStudy(const std::string& key) {
  for (const Study* s : studies())
    if (s->key() == key) return s;
  return nullptr;
}

std::string inputValue(const Study& study, const SystemModel& model, const StudyInputs& inputs,
                       const std::string& key) {
  const auto it = inputs.find(key);
  if (it != inputs.end()) return it->second;
  for (const StudyField& f : study.fields(model))
    if (f.key == key) return f.value;
  return {};
}

StudyOutput runStudy(const Study& study, const SystemModel& model, const ParamValues& parameters,
                     const StudyInputs& inputs, const std::vector<Method>& methods, unsigned jobs) {
  return study.prepare(model, parameters, inputs, methods)(jobs, nullptr, [](double) {}, {});
}

RunTrace::RunTrace(double T, std::int64_t samples)
    : m_T(T), m_stride(std::max<std::int64_t>(1, samples / kPathPoints)), m_cols(kColumns) {}

void RunTrace::take(const Sample& s) {
  summary.add(s);
  Column& c = m_cols[std::min(kColumns - 1, std::size_t(std::max(0.0, s.t / m_T) * kColumns))];
  c.energy.add(s.t, s.energy);
  c.structure.add(s.t, s.structure);
  if (m_count++ % m_stride == 0) {
    pathX.push_back(s.position.x());
    pathY.push_back(s.position.y());
  }
}

void RunTrace::Extrema::add(double t, double v) {
  if (!any || v < min) tMin = t, min = v;
  if (!any || v > max) tMax = t, max = v;
  any = true;
}

void RunTrace::energy(std::vector<double>* t, std::vector<double>* v) const {
  curve(&Column::energy, t, v);
}

void RunTrace::structure(std::vector<double>* t, std::vector<double>* v) const {
  curve(&Column::structure, t, v);
}

void RunTrace::curve(Extrema Column::*e, std::vector<double>* t, std::vector<double>* v) const {
  for (const Column& c : m_cols) {
    const Extrema& x = c.*e;
    if (!x.any) continue;
    const bool minFirst = x.tMin <= x.tMax;
    t->push_back(minFirst ? x.tMin : x.tMax);
    v->push_back(minFirst ? x.min : x.max);
    if (x.tMin != x.tMax) {
      t->push_back(minFirst ? x.tMax : x.tMin);
      v->push_back(minFirst ? x.max : x.min);
    }
  }
}

namespace studykit {

std::string g(double v, int digits) {
  char text[64];
  std::snprintf(text, sizeof text, "%.*g", digits, v);
  return text;
}

std::string exact(double v) {
  char text[64];
  const std::to_chars_result r = std::to_chars(text, text + sizeof text, v);
  return std::string(text, r.ptr);
}

std::string fixed(double v, int digits) {
  char text[400];
  std::snprintf(text, sizeof text, "%.*f", digits, v);
  return text;
}

std::string join(const std::vector<std::string>& parts, const std::string& sep) {
  std::string s;
  for (std::size_t i = 0; i < parts.size(); ++i) s += (i ? sep : "") + parts[i];
  return s;
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  if (from.empty()) return text;
  for (std::size_t at = text.find(from); at != std::string::npos;
       at = text.find(from, at + to.size()))
    text.replace(at, from.size(), to);
  return text;
}

std::string htmlEscaped(const std::string& text) {
  std::string s;
  for (char c : text) {
    if (c == '&')
      s += "&amp;";
    else if (c == '<')
      s += "&lt;";
    else if (c == '>')
      s += "&gt;";
    else if (c == '"')
      s += "&quot;";
    else
      s += c;
  }
  return s;
}

std::string fieldLabel(const Study& s, const SystemModel& model, const std::string& key) {
  for (const StudyField& f : s.fields(model))
    if (f.key == key) return f.label;
  return key;
}

std::string text(const Study& s, const SystemModel& model, const StudyInputs& in,
                 const std::string& key) {
  const std::string v = inputValue(s, model, in, key);
  const auto space = [](char c) { return c == ' ' || (c >= '\t' && c <= '\r'); };
  std::size_t a = 0, b = v.size();
  while (a < b && space(v[a])) ++a;
  while (b > a && space(v[b - 1])) --b;
  return v.substr(a, b - a);
}

double number(const Study& s, const SystemModel& model, const StudyInputs& in,
              const std::string& key) {
  return parseNumber(text(s, model, in, key), fieldLabel(s, model, key));
}

int whole(const Study& s, const SystemModel& model, const StudyInputs& in, const std::string& key,
          int lo, int hi) {
  const double v = number(s, model, in, key);
  if (!(v >= lo && v <= hi && v == std::floor(v)))
    throw InputError(fieldLabel(s, model, key) + ": " + g(v, 6) + " is not a whole number in [" +
                     std::to_string(lo) + ", " + std::to_string(hi) + "]");
  return int(v);
}

void checked(const std::function<void()>& check,
             const std::vector<std::pair<std::string, std::string>>& labels) {
  try {
    check();
  } catch (const InputError& e) {
    std::string text = e.what();
    for (const auto& [flag, name] : labels) text = replaced(text, flag, name);
    throw InputError(text);
  }
}

std::string failures(const std::vector<std::pair<Method, std::string>>& failed) {
  std::vector<std::string> parts;
  for (const auto& [m, why] : failed) parts.push_back(label(m) + ": " + why);
  return parts.empty() ? std::string() : "<br>Not finished: " + join(parts, "; ");
}

}  // namespace studykit

}  // namespace dms
