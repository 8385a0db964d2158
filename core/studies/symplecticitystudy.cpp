// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The symplecticity study: each method's tangent map along a run against the symplectic form.
#include <algorithm>
#include <mutex>
#include <sstream>

#include "core/analysis/parallel.h"
#include "core/analysis/symplecticity.h"
#include "core/studies/studykit.h"
#include "core/studies/style.h"

namespace dms {

using namespace studykit;

namespace {

class SymplecticityStudy : public Study {
 public:
  std::string key() const override { return "symplecticity"; }
  std::string name() const override { return "Symplecticity"; }
  std::string description() const override {
    return "The tangent map J of k steps (the product of each step's exact derivative) against "
           "the symplectic form: |J^T Omega J - Omega| / (|J|^2 |Omega|) along the run, on "
           "log-log axes";
  }
  std::string notice() const override {
    return "A variational method's map is symplectic: its defect stays at round-off (about "
           "1e-16) however long it runs, while a Runge-Kutta method's sits at its truncation "
           "error, orders of magnitude above";
  }
  bool supports(const SystemModel& model) const override {
    return !model.declaration().tangent.empty();
  }
  std::vector<StudyField> fields(const SystemModel& model) const override {
    const IntegratorSettings st = model.defaultSettings();
    return {{"steps", "Steps N", "1000",
             "N steps of h, 1 to 10^6 (each also takes the step's derivative)"},
            {"h", "h [s]", g(st.h, 12), "The step"},
            {"points", "Points per decade", "20", "Resolution of the log time axis, 1 to 100"}};
  }
  std::vector<std::string> figureNames(const SystemModel&) const override {
    return {"symplecticity"};
  }
  StudyInputs quickInputs(const SystemModel&) const override { return {{"steps", "100"}}; }
  StudyTask prepare(const SystemModel& model, const ParamValues& parameters, const StudyInputs& in,
                    const std::vector<Method>& methods) const override {
    const double n = number(*this, model, in, "steps");
    if (!(n >= 1 && n <= double(kSymplecticityMaxSteps) && n == std::floor(n)))
      throw InputError("Steps N: " + g(n, 8) + " is not a whole number in [1, 1e6]");
    IntegratorSettings st = model.defaultSettings();
    st.h = number(*this, model, in, "h");
    st.T = n * st.h;
    checked([&] { validateSettings(st); }, {{"--h", "h [s]"}, {"h", "h [s]"}});
    const int perDecade = whole(*this, model, in, "points", 1, 100);
    if (methods.empty()) throw InputError("Methods: check at least one method");
    const auto steps = std::int64_t(n);
    const ParamValues values = parameters;
    return [=, &model](unsigned jobs, const std::atomic<bool>* cancel,
                       const StudyProgress& progress, const StudyPartial&) {
      std::vector<SymplecticityRun> runs(methods.size());
      std::mutex reporting;
      std::size_t done = 0;
      parallelFor(methods.size(), jobs, [&](std::size_t i) {
        runs[i] = runSymplecticity(model, methods[i], values, st, steps, perDecade, cancel);
        const std::lock_guard<std::mutex> lock(reporting);
        progress(double(++done) / double(methods.size()));
      });
      StudyOutput out;
      Figure f;
      f.title = "Symplecticity of the tangent map";
      f.x = {"t", "s", true};
      f.y = {"|J^T Omega J - Omega| / (|J|^2 |Omega|)", "", true};
      std::ostringstream csv;
      csv.precision(17);
      csv << "method,t,defect\n";
      std::vector<std::string> last, unavailable;
      std::vector<std::pair<Method, std::string>> failed;
      for (const SymplecticityRun& r : runs) {
        if (!r.unavailable.empty()) {
          unavailable.push_back(label(r.method));
          continue;
        }
        Series s = methodSeries(r.method);
        for (std::size_t k = 0; k < r.t.size(); ++k) {
          // a defect of exactly 0 has no place on log axes: shown at the double's resolution
          s.x.push_back(r.t[k]);
          s.y.push_back(std::max(r.defect[k], 1e-17));
          csv << methodName(r.method) << ',' << r.t[k] << ',' << r.defect[k] << '\n';
        }
        f.series.push_back(s);
        if (!r.defect.empty()) last.push_back(label(r.method) + " " + g(r.defect.back(), 2));
        if (!r.failure.empty()) failed.push_back({r.method, r.failure});
      }
      out.figures = {f};
      out.csv = csv.str();
      out.summary = "N = " + g(double(steps), 8) + " steps of h = " + g(st.h) +
                    " s. Defect at the end: " + join(last, "; ") +
                    (unavailable.empty() ? std::string()
                                         : "<br>Not shown (no derivative of the step or no "
                                           "symplectic form): " +
                                               join(unavailable, ", ")) +
                    failures(failed);
      out.failed = !failed.empty();
      return out;
    };
  }
};

}  // namespace

const Study& symplecticityStudy() {
  static const SymplecticityStudy s;
  return s;
}

}  // namespace dms
